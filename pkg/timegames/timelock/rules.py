"""Timelock: rules, actions and notation.

A turn starts with a chance step that rolls two six-sided dice and the
Treehouse die together (``roll 5 2 HOP``).  The player then acts one step at a
time: moves (``Pa1-a2/1``: a Pawn from a1 to a2 paid by die 1), digs
(``dig Qa3/2``), summing two low dice (``sum``), the Treehouse action
(``use TIP``, ``use SWAP Qa1 Pa3``, ``use HOP``, ``use DIG Da1``, ``use AIM``,
``use WILD``) and ``end``.  Points are tracked per die: a die's points go to
the first stack they are spent on; ``/+`` pays from the combined pool after
``sum`` or ``use WILD``.

Variants: fewer stacks to match, removing stacks as they match, solitaire
(with its removal rules), the four-player partnership game (option
``direction``: which way turns go round the table) and the
experimental game without a board (:mod:`.boardless`; option ``board``),
where a move may also open a new position: ``Pa1-a1+/1``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

from ..core.protocol import (
    CHANCE,
    FORMAT_VERSION,
    JSON,
    TERMINAL,
    FormatError,
    Game,
    IllegalAction,
    NotationError,
    OptionSpec,
    Outcome,
    State,
)
from ..core.rng import Rng
from . import board as B
from . import boardless as L

FACES = ("TIP", "SWAP", "HOP", "DIG", "AIM", "WILD")
"""The six faces of the Treehouse die."""
PLAIN_FACES = ("TIP", "HOP", "AIM", "WILD")
"""The faces used as they are (:class:`UseFace`); SWAP and DIG name their pieces."""

GOAL_MOVE_COST = 6
REPLACE_COST = 6

# Phases.
ROLL = "roll"
"""Chance: the dice are rolled next."""
REMOVE = "remove"
"""Solitaire: high rolls make the player remove opposing pyramids first."""
PLAY = "play"
"""The player moves, digs, uses the Treehouse action or ends the turn."""

# How dice are combined.
SEPARATE = ""
SUMMED = "sum"
WILD = "wild"

MERGED_POOL = 0
"""Pool id of the combined dice (after ``sum`` or WILD); dice are pools 1 and 2."""


# -- actions --------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """Chance: the two dice and the Treehouse face (an index into :data:`FACES`)."""

    d1: int
    d2: int
    face: int


@dataclass(frozen=True)
class Move:
    """Move the uncovered piece of ``size`` on ``src`` to the top of ``dst``.

    Board-less variant: with ``gap`` the piece opens a new position just north
    of ``dst`` instead of landing on it.
    """

    size: int
    src: int
    dst: int
    pool: int
    gap: bool = False


@dataclass(frozen=True)
class Dig:
    """Bring a covered piece in the centre row to the top of its stack, paying its cost."""

    size: int
    square: int
    pool: int


@dataclass(frozen=True)
class Sum:
    """Add two dice of 3 or less into one pool for one stack."""


@dataclass(frozen=True)
class EndTurn:
    """End the turn; unused points are lost."""


@dataclass(frozen=True)
class UseFace:
    """The Treehouse actions without arguments: TIP, HOP, AIM and WILD."""

    face: str


@dataclass(frozen=True)
class UseSwap:
    """Treehouse SWAP: two pieces of one Time Stack, in different squares, change places."""

    first: tuple[int, int]
    second: tuple[int, int]
    """Each piece as ``(square, size)``; ``first`` is the lower square."""


@dataclass(frozen=True)
class UseDig:
    """Treehouse DIG: one of your pieces comes to the top of its stack, in any row."""

    square: int
    size: int


@dataclass(frozen=True)
class UseReplace:
    """Solitaire AIM: put one removed pyramid back on an opposing stack for free."""

    file: int


@dataclass(frozen=True)
class Remove:
    """Solitaire: take the top pyramid off an opposing Time Stack after a high roll."""

    file: int


@dataclass(frozen=True)
class Replace:
    """Solitaire: put a removed pyramid back on an opposing stack for 6 points."""

    file: int
    pool: int


Action = (
    Roll | Move | Dig | Sum | EndTurn | UseFace | UseSwap | UseDig | UseReplace | Remove | Replace
)

ROLLS: tuple[Roll, ...] = tuple(
    Roll(a, b, f) for a in range(1, 7) for b in range(1, 7) for f in range(len(FACES))
)
ROLL_PROBABILITY = 1.0 / len(ROLLS)


# -- settings -------------------------------------------------------------------------

_STACKS: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] = (
    tuple(tuple(B.group(side, f) for f in B.STACK_FILES) for side in (0, 1)),
    # Partners: south-west, north-west, north-east, south-east; two stacks each.
    tuple(
        tuple(B.group(side, f) for f in files)
        for side, files in ((0, (0, 1)), (1, (0, 1)), (1, (3, 4)), (0, (3, 4)))
    ),
)


@dataclass(frozen=True)
class Settings:
    """The variant switches of one game."""

    mode: str = "duel"
    """``duel`` (two players), ``solitaire`` or ``partners`` (four players)."""
    stacks_to_match: int = 4
    remove_matched: bool = False
    removal_from: int = 5
    """Solitaire: each die showing this or more removes an opposing pyramid."""
    extra_removal: bool = False
    """Solitaire: one more removal every turn."""
    turn_limit: int = 200
    board: str = "standard"
    """``standard`` (the 5×5 board) or ``boardless`` (experimental: relative positions)."""
    first: str | int = "random"
    """Who holds the Treehouse die: ``random``, a seat number, or ``loser`` (see below)."""
    previous_loser: int = -1
    """In a match: the seat that lost the previous game, who starts when ``first`` is ``loser``."""
    direction: str = "clockwise"
    """Partners: which way turns go round the table, ``clockwise`` (Rainbow West, Xeno West,
    Xeno East, Rainbow East), ``counterclockwise`` or ``random`` (drawn from the seed)."""

    @property
    def boardless(self) -> bool:
        """True for the experimental variant without a board."""
        return self.board == "boardless"

    @property
    def seats(self) -> int:
        """Players: one, two or four."""
        return {"duel": 2, "solitaire": 1, "partners": 4}[self.mode]

    def team_of(self, seat: int) -> int:
        """Partners sit in alternating order, so seats 0 and 2 are one team."""
        return seat % 2 if self.mode == "partners" else seat

    def stacks_of(self, seat: int) -> tuple[int, ...]:
        """The Time Stacks (groups) ``seat`` moves."""
        return _STACKS[self.mode == "partners"][seat]

    def side_of_seat(self, seat: int) -> int:
        """The side of the board a seat plays from."""
        if self.mode == "partners":
            return (0, 1, 1, 0)[seat]
        return seat

    def goal_moved_by(self, seat: int) -> int:
        """The Goal a seat may move: the far one; with partners, the one on the seat's own side.

        Partners control "the Goal on their side", which is the Goal the two
        players across the board must match: so a partner steers your Goal.
        """
        side = self.side_of_seat(seat)
        return B.group(side if self.mode == "partners" else 1 - side, B.GOAL_FILE)

    def goal_of(self, g: int) -> int:
        """The Goal Time Stack ``g`` must match: its own side's; with partners, the far one."""
        side = g // 5
        return B.group(1 - side if self.mode == "partners" else side, B.GOAL_FILE)

    def team_stacks(self, team: int) -> tuple[int, ...]:
        """Every Time Stack a team must match."""
        if self.mode == "partners":
            return self.stacks_of(team) + self.stacks_of(team + 2)
        return self.stacks_of(team)

    @property
    def teams(self) -> int:
        """Number of teams (sides competing)."""
        return {"duel": 2, "solitaire": 1, "partners": 2}[self.mode]

    def seats_of_team(self, team: int) -> tuple[int, ...]:
        """The seats playing for a team."""
        return tuple(s for s in range(self.seats) if self.team_of(s) == team)


# -- state ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TimelockState(State[Action]):
    """A Timelock position, including the turn's dice and what is left of them."""

    settings: Settings
    board: B.Board = field(default_factory=B.initial_board)
    columns: L.Columns = ()
    """Board-less variant only: the five columns of relative positions (see :mod:`.boardless`)."""
    seat: int = 0
    phase: str = ROLL
    dice: tuple[int, int] = (0, 0)
    """The dice as they count now (TIP raises both to 6)."""
    rolled: tuple[int, int] = (0, 0)
    """The dice as rolled."""
    face: str = ""
    remaining: tuple[int, int] = (0, 0)
    """Points left on each die; after ``sum`` or WILD the pool is the first entry."""
    bound: tuple[int, int] = (-1, -1)
    """The group each die's points went to (-1: not spent yet)."""
    merged: str = SEPARATE
    used: bool = False
    """True once the Treehouse action has been used this turn."""
    hop: bool = False
    aim: bool = False
    pending: int = 0
    """Solitaire: opposing pyramids still to remove this turn."""
    removed: tuple[int, ...] = ()
    """Groups taken off the board (remove-matched variant, solitaire removals)."""
    turns: int = 0
    last: tuple[int, ...] = ()
    """Squares touched by the last action, for highlighting."""
    result: Outcome | None = None
    rng_state: Rng = field(default_factory=lambda: Rng(0))

    # -- protocol -----------------------------------------------------------------

    @property
    def game(self) -> TimelockGame:
        """The Timelock game object."""
        return GAME

    @property
    def rng(self) -> Rng:
        """The seeded generator that rolls the dice."""
        return self.rng_state

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` before a roll, or ``TERMINAL``."""
        if self.result is not None:
            return TERMINAL
        return CHANCE if self.phase == ROLL else self.seat

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """All 216 rolls, equally likely."""
        if self.result is not None or self.phase != ROLL:
            return []
        return [(r, ROLL_PROBABILITY) for r in ROLLS]

    def outcome(self) -> Outcome | None:
        """The result once someone has matched, or the turn limit ended the game."""
        return self.result

    # -- who moves what ----------------------------------------------------------

    def movable_groups(self) -> tuple[int, ...]:
        """The groups the seat to move may move: its Time Stacks and one Goal (see below).

        The Goal is the far one, or with partners the one on the seat's own side
        (:meth:`Settings.goal_moved_by`).
        """
        s = self.settings
        stacks = s.stacks_of(self.seat)
        if self.removed:
            stacks = tuple(g for g in stacks if g not in self.removed)
        return (*stacks, s.goal_moved_by(self.seat))

    # -- geometry of both boards ---------------------------------------------------

    def stack_at(self, sq: int) -> B.Stack | None:
        """The stack on square ``sq``, or ``None`` where there is no such square."""
        if self.settings.boardless:
            return L.stack_at(self.columns, sq)
        return self.board[sq] if 0 <= sq < B.SQUARES else None

    def places(self, g: int) -> list[tuple[int, int]]:
        """``(square, piece)`` for every piece of group ``g``, from its home outwards."""
        if self.settings.boardless:
            file = g % 5
            col = self.columns[file]
            found = [
                (B.square(file, k), p) for k, c in enumerate(col) for p in c if B.group_of(p) == g
            ]
            return found if g // 5 == 0 else found[::-1]
        return [(sq, p) for sq in B.LANES[g] for p in self.board[sq] if B.group_of(p) == g]

    def home_square(self, g: int) -> int:
        """The square of a group's home."""
        if self.settings.boardless:
            return L.home_square(self.columns, g)
        return B.LANES[g][0]

    def is_centre(self, sq: int) -> bool:
        """True for the centre row (board-less: the cell where both sides meet)."""
        if self.settings.boardless:
            col = self.columns[sq % B.SIZE]
            return L.centre_of(col) == sq // B.SIZE
        return sq // B.SIZE == B.CENTRE_ROW

    def group_config(self, g: int) -> Any:
        """A group's own pieces as seen from its home (what a match compares)."""
        if self.settings.boardless:
            return L.config(self.columns, g)
        return B.config(self.board, g)

    def group_distance(self, g: int, target: int) -> int:
        """Movement points group ``g`` needs, alone, to stand like group ``target``."""
        if self.settings.boardless:
            return L.distance(L.config(self.columns, g), L.config(self.columns, target))
        return B.distance(B.config(self.board, g), B.config(self.board, target))

    def steps(self, g: int) -> list[tuple[str, int, int, bool, int]]:
        """Every physical step of a group: ``(kind, src, dst, gap, piece)``, ignoring points."""
        if self.settings.boardless:
            return L.steps(self.columns, g, self.hop)
        return [(k, a, b, False, p) for k, a, b, p in B.lane_steps(self.board, g, self.hop)]

    def locate(self, p: int) -> int:
        """The square holding piece ``p`` (-1 if it was removed)."""
        if self.settings.boardless:
            return L.locate(self.columns, p)
        return B.locate(self.board, p)

    def with_move(self, src: int, dst: int, gap: bool, p: int) -> TimelockState:
        """The position after ``p`` goes from ``src`` to ``dst`` (a dig when they are equal)."""
        if self.settings.boardless:
            return replace(self, columns=L.moved(self.columns, src, dst, gap, p))
        return replace(self, board=B.moved(self.board, src, dst, p))

    def with_swap(self, p: int, q: int) -> TimelockState:
        """The position after two pieces exchange places."""
        if self.settings.boardless:
            return replace(self, columns=L.swapped(self.columns, p, q))
        return replace(self, board=B.swapped(self.board, p, q))

    def with_home(self, g: int, stack: B.Stack) -> TimelockState:
        """The position with a group's home square holding ``stack``."""
        if self.settings.boardless:
            return replace(self, columns=L.with_home(self.columns, g, stack))
        cells = list(self.board)
        cells[B.LANES[g][0]] = stack
        return replace(self, board=tuple(cells))

    def without_groups(self, groups: set[int]) -> TimelockState:
        """The position with every piece of ``groups`` taken off."""
        if self.settings.boardless:
            return replace(self, columns=L.without(self.columns, groups))
        board = tuple(tuple(p for p in st if B.group_of(p) not in groups) for st in self.board)
        return replace(self, board=board)

    def home_stack(self, g: int) -> B.Stack:
        """What stands on a group's home square."""
        return self.stack_at(self.home_square(g)) or ()

    def piece_cost(self, p: int) -> int:
        """Points to move piece ``p`` one space (or one HOP, or one dig)."""
        if B.is_goal(B.group_of(p)) and not self.aim:
            return GOAL_MOVE_COST
        return B.size_of(p)

    def pools_for(self, g: int, cost: int) -> list[int]:
        """The pools (1, 2 or :data:`MERGED_POOL`) that could pay ``cost`` for group ``g``."""
        if self.merged == WILD:
            return [MERGED_POOL] if self.remaining[0] >= cost else []
        if self.merged == SUMMED:
            ok = self.remaining[0] >= cost and self.bound[0] in (-1, g)
            return [MERGED_POOL] if ok else []
        out = []
        for i in (0, 1):
            other = self.bound[1 - i]
            if self.remaining[i] >= cost and self.bound[i] in (-1, g) and other != g:
                out.append(i + 1)
        return out

    def payment_problem(self, g: int, cost: int, pool: int) -> IllegalAction | None:
        """Why ``pool`` cannot pay ``cost`` for group ``g``, or ``None``."""
        stack_name = group_label(g)
        if self.merged:
            if pool != MERGED_POOL:
                return IllegalAction(
                    "dice-combined", "your dice are combined into one pool now; pay with /+"
                )
            if self.merged == SUMMED and self.bound[0] not in (-1, g):
                return IllegalAction(
                    "sum-one-stack",
                    f"summed dice are used on one stack only, and yours went to "
                    f"{group_label(self.bound[0])}",
                )
            if self.remaining[0] < cost:
                return self._short(cost, self.remaining[0], "your pool", g)
            return None
        if pool not in (1, 2):
            return IllegalAction(
                "name-the-die",
                "name the die that pays: /1 or /2 (/+ only after sum or WILD)",
            )
        i = pool - 1
        if self.bound[i] not in (-1, g):
            return IllegalAction(
                "one-stack-per-die",
                f"die {pool}'s points already went to {group_label(self.bound[i])}; "
                "a die's points stay on one stack",
            )
        if self.bound[1 - i] == g:
            return IllegalAction(
                "different-stacks",
                f"the other die already pays for {stack_name}; "
                "the two dice must go to different stacks",
            )
        if self.remaining[i] < cost:
            return self._short(cost, self.remaining[i], f"die {pool}", g)
        return None

    def _short(self, cost: int, left: int, what: str, g: int) -> IllegalAction:
        if B.is_goal(g) and not self.aim:
            return IllegalAction(
                "goal-costs-six",
                f"moving a piece of the opponent's Goal costs 6 points from one die "
                f"(or from two summed low dice); {what} has {left}",
            )
        return IllegalAction("not-enough-points", f"this costs {cost} points; {what} has {left}")

    def _pay(self, g: int, cost: int, pool: int) -> tuple[tuple[int, int], tuple[int, int]]:
        rem = list(self.remaining)
        bound = list(self.bound)
        i = 0 if pool == MERGED_POOL else pool - 1
        rem[i] -= cost
        if self.merged != WILD:
            bound[i] = g
        return (rem[0], rem[1]), (bound[0], bound[1])

    # -- legal actions -------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action allowed now (the 216 rolls at a chance node)."""
        if self.result is not None:
            return []
        if self.phase == ROLL:
            return list(ROLLS)
        if self.phase == REMOVE:
            return [Remove(f) for f in self._removable_files()]
        actions: list[Action] = []
        for g in self.movable_groups():
            for kind, src, dst, gap, p in self.steps(g):
                pools = self.pools_for(g, self.piece_cost(p))
                size = B.size_of(p)
                if kind == "move":
                    actions.extend(Move(size, src, dst, pool, gap) for pool in pools)
                else:
                    actions.extend(Dig(size, src, pool) for pool in pools)
        if self._sum_allowed():
            actions.append(Sum())
        if not self.used:
            actions.extend(self._treehouse_actions())
        if self.settings.mode == "solitaire":
            for f in self._replaceable_files():
                pools = self.pools_for(B.group(1, f), REPLACE_COST)
                actions.extend(Replace(f, pool) for pool in pools)
        actions.append(EndTurn())
        return actions

    def _sum_allowed(self) -> bool:
        return (
            self.merged == SEPARATE
            and self.dice[0] <= 3
            and self.dice[1] <= 3
            and not (self.bound[0] != -1 and self.bound[1] != -1)
        )

    def _treehouse_actions(self) -> list[Action]:
        face = self.face
        if face in ("TIP", "HOP", "WILD"):
            return [UseFace(face)]
        if face == "AIM":
            if self.settings.mode == "solitaire":
                return [UseReplace(f) for f in self._replaceable_files()]
            return [UseFace(face)]
        own = [g for g in self.settings.stacks_of(self.seat) if g not in self.removed]
        out: list[Action] = []
        if face == "SWAP":
            for g in own:
                pieces = self.places(g)
                for i, (sq1, p1) in enumerate(pieces):
                    for sq2, p2 in pieces[i + 1 :]:
                        if sq1 != sq2:
                            first, second = sorted(((sq1, B.size_of(p1)), (sq2, B.size_of(p2))))
                            out.append(UseSwap(first, second))
        elif face == "DIG":
            for g in own:
                for sq, p in self.places(g):
                    stack = self.stack_at(sq) or ()
                    if stack[-1] != p:
                        out.append(UseDig(sq, B.size_of(p)))
        return out

    def _removable_files(self) -> list[int]:
        return [f for f in B.STACK_FILES if self.home_stack(B.group(1, f))]

    def _replaceable_files(self) -> list[int]:
        return [f for f in B.STACK_FILES if len(self.home_stack(B.group(1, f))) < 3]

    # -- checking -------------------------------------------------------------------

    def illegal_reason(self, action: Action) -> IllegalAction | None:
        """Why ``action`` breaks a rule here, or ``None``."""
        if self.result is not None:
            return IllegalAction("game-over", "the game is over; no more moves can be made")
        if isinstance(action, Roll):
            if self.phase != ROLL:
                return IllegalAction("not-chance", "the dice were already rolled this turn")
            if not (1 <= action.d1 <= 6 and 1 <= action.d2 <= 6 and 0 <= action.face < 6):
                return IllegalAction("no-such-roll", "dice show 1 to 6 and one of the six faces")
            return None
        if self.phase == ROLL:
            return IllegalAction("roll-first", "roll the dice first")
        if self.phase == REMOVE:
            if not isinstance(action, Remove):
                return IllegalAction(
                    "remove-first",
                    f"solitaire: first remove {self.pending} opposing pyramid(s) "
                    "for your high roll",
                )
            if action.file not in self._removable_files():
                return IllegalAction("nothing-to-remove", "that opposing stack has no pyramid left")
            return None
        if isinstance(action, Remove):
            return IllegalAction("no-removal", "pyramids are removed only after a high roll")
        if isinstance(action, EndTurn):
            return None
        if isinstance(action, Move):
            return self._check_move(action)
        if isinstance(action, Dig):
            return self._check_dig(action)
        if isinstance(action, Sum):
            if self.merged:
                return IllegalAction("already-combined", "your dice are already combined")
            if self.dice[0] > 3 or self.dice[1] > 3:
                return IllegalAction(
                    "sum-low-dice", "only two dice that both show 3 or less may be added together"
                )
            if self.bound[0] != -1 and self.bound[1] != -1:
                return IllegalAction(
                    "sum-one-stack",
                    "both dice already went to different stacks; a sum is used on one stack",
                )
            return None
        if isinstance(action, Replace):
            if self.settings.mode != "solitaire":
                return IllegalAction("solitaire-only", "pyramids are replaced only in solitaire")
            if action.file not in self._replaceable_files():
                return IllegalAction("stack-complete", "that opposing stack is complete")
            problem = self.payment_problem(B.group(1, action.file), REPLACE_COST, action.pool)
            if problem is not None and problem.rule == "not-enough-points":
                return IllegalAction(
                    "replace-costs-six",
                    "replacing a pyramid costs 6 points from one die (or from two summed low dice)",
                )
            return problem
        # The Treehouse action.
        if isinstance(action, UseFace) and action.face not in PLAIN_FACES:
            # UseFace carries no pieces: SWAP and DIG only come as UseSwap and UseDig.
            if action.face in FACES:
                return IllegalAction(
                    "face-needs-pieces",
                    f"{action.face} names its pieces: use SWAP Qa1 Pa2 or use DIG Db1; "
                    "only TIP, HOP, AIM and WILD are used on their own",
                )
            return IllegalAction(
                "no-such-face", "the Treehouse die's faces are TIP, SWAP, HOP, DIG, AIM and WILD"
            )
        if self.used:
            return IllegalAction(
                "one-action", "the Treehouse action may be used once per turn, and it was used"
            )
        wanted = _face_of(action)
        if wanted != self.face:
            return IllegalAction("wrong-face", f"the Treehouse die shows {self.face}, not {wanted}")
        if isinstance(action, UseFace):
            if action.face == "AIM" and self.settings.mode == "solitaire":
                return IllegalAction(
                    "solitaire-aim", "in solitaire AIM replaces an opposing pyramid: use AIM b"
                )
            return None
        if isinstance(action, UseReplace):
            if self.settings.mode != "solitaire":
                return IllegalAction("solitaire-only", "AIM replaces pyramids only in solitaire")
            if action.file not in self._replaceable_files():
                return IllegalAction("stack-complete", "that opposing stack is complete")
            return None
        if isinstance(action, UseSwap):
            return self._check_swap(action)
        if isinstance(action, UseDig):
            p = self._own_piece(action.square, action.size)
            if isinstance(p, IllegalAction):
                return p
            if (self.stack_at(action.square) or ())[-1:] == (p,):
                return IllegalAction("already-on-top", "that piece is already on top of its stack")
            return None
        return IllegalAction("unknown-action", "that is not a Timelock action")

    def _piece_for(self, sq: int, size: int) -> int | IllegalAction:
        """The piece of ``size`` on ``sq`` that the mover may touch, or the rule against it."""
        stack = self.stack_at(sq)
        if stack is None:
            return IllegalAction("no-such-square", "there is no such square")
        movable = self.movable_groups()
        found = [p for p in stack if B.size_of(p) == size]
        if not found:
            return IllegalAction(
                "no-such-piece", f"there is no {B.LETTERS.get(size, '?')} on {B.name(sq)}"
            )
        mine = [p for p in found if B.group_of(p) in movable]
        if mine:
            return mine[0]
        g = B.group_of(found[0])
        if B.is_goal(g):
            if self.settings.mode == "partners":
                return IllegalAction(
                    "near-goal-only",
                    "with partners each player moves only the Goal on their own side of the board",
                )
            return IllegalAction("own-goal", "you never move your own Goal")
        if g in self.removed:
            return IllegalAction("removed", "that stack was removed from play")
        return IllegalAction(
            "not-your-stack",
            "you move only your own Time Stacks and the opponent's Goal, never the "
            "opponent's Time Stacks",
        )

    def _own_piece(self, sq: int, size: int) -> int | IllegalAction:
        p = self._piece_for(sq, size)
        if isinstance(p, int) and B.is_goal(B.group_of(p)):
            return IllegalAction(
                "own-stacks-only", "Treehouse actions work on your own Time Stacks, not on a Goal"
            )
        return p

    def _check_move(self, action: Move) -> IllegalAction | None:
        p = self._piece_for(action.src, action.size)
        if isinstance(p, IllegalAction):
            return p
        if self.stack_at(action.dst) is None:
            return IllegalAction("no-such-square", "there is no such square")
        if (self.stack_at(action.src) or ())[-1] != p:
            return IllegalAction(
                "covered",
                "a piece with another on top of it cannot move (in the centre row it may dig)",
            )
        if action.dst % B.SIZE != action.src % B.SIZE:
            return IllegalAction(
                "own-column", "pieces move only forward or backward in their own column"
            )
        g = B.group_of(p)
        if self.settings.boardless:
            problem = self._boardless_step_problem(action, p)
            if problem is not None:
                return problem
            return self.payment_problem(g, self.piece_cost(p), action.pool)
        if action.gap:
            return IllegalAction(
                "no-gaps", "on the board a piece lands on a square: write Pa1-a2/1, without +"
            )
        lane = B.LANES[g]
        if action.dst not in lane:
            return IllegalAction(
                "centre-row-limit", "pieces may go up to the centre row but never beyond it"
            )
        if action.dst == action.src:
            return IllegalAction("stay", "a move goes to another square")
        if abs(lane.index(action.dst) - lane.index(action.src)) > 1 and not self.hop:
            return IllegalAction("one-space", "a move goes one space (further only with HOP)")
        return self.payment_problem(g, self.piece_cost(p), action.pool)

    def _boardless_step_problem(self, action: Move, p: int) -> IllegalAction | None:
        """Board-less variant: why this step is not one of the piece's, or ``None``."""
        g = B.group_of(p)
        side = B.side_of(p)
        wanted = (action.dst, action.gap)
        # Only this piece's moves: a dig of a covered piece is listed as src == dst too.
        allowed = {
            (d, gp)
            for k, s, d, gp, q in L.steps(self.columns, g, self.hop)
            if k == "move" and s == action.src and q == p
        }
        if wanted in allowed:
            return None
        col = self.columns[action.src % B.SIZE]
        view = L.own_view(col, side)
        n = len(col)
        k = L.to_abs(col, side, action.src // B.SIZE)
        d = action.dst // B.SIZE
        if action.gap:
            # The gap north of south-end cell d, as "beyond own cell j".
            j = d if side == 0 else n - 2 - d
            if not 0 <= j < n - 1:
                return IllegalAction("no-such-square", "there is no such position")
        else:
            j = L.to_abs(col, side, d)
        front = L.opponent_front(view, side)
        forward = j > k or (action.gap and j >= k)
        if not action.gap and j == k:
            return IllegalAction("stay", "a move goes to another position")
        if forward and not action.gap and j == n - 1:
            return IllegalAction(
                "opponent-home", "a piece never goes onto the opponent's home; stop just before it"
            )
        if forward and (k >= front or j > front or (action.gap and j >= front)):
            return IllegalAction(
                "never-beyond",
                "a piece never goes beyond an opponent's piece; it may land on top of the "
                "nearest one, which makes that place the column's centre",
            )
        alone = k != 0 and len(view[k]) == 1
        if action.gap and alone and j in (k, k - 1):
            return IllegalAction(
                "no-change",
                "a piece alone in its position stepping into the space beside it stays where "
                "it is; step onto the next stack, or further with HOP",
            )
        return IllegalAction(
            "one-space",
            "a move goes one position: onto the next stack or into the space just beside "
            "the piece (further only with HOP)",
        )

    def _check_dig(self, action: Dig) -> IllegalAction | None:
        p = self._piece_for(action.square, action.size)
        if isinstance(p, IllegalAction):
            return p
        if not self.is_centre(action.square):
            if self.settings.boardless:
                return IllegalAction(
                    "dig-centre-only",
                    "digging is allowed only in the centre, where both sides' pieces are "
                    "on top of one another (or with DIG)",
                )
            return IllegalAction(
                "dig-centre-only", "digging is allowed only in the centre row (or with DIG)"
            )
        if (self.stack_at(action.square) or ())[-1] == p:
            return IllegalAction("already-on-top", "that piece is already on top of its stack")
        return self.payment_problem(B.group_of(p), self.piece_cost(p), action.pool)

    def _check_swap(self, action: UseSwap) -> IllegalAction | None:
        p = self._own_piece(*action.first)
        if isinstance(p, IllegalAction):
            return p
        q = self._own_piece(*action.second)
        if isinstance(q, IllegalAction):
            return q
        if B.group_of(p) != B.group_of(q):
            return IllegalAction(
                "swap-same-stack", "SWAP exchanges two pieces of the same Time Stack"
            )
        if action.first[0] == action.second[0]:
            return IllegalAction("swap-different-squares", "SWAP needs pieces in different squares")
        return None

    # -- applying -------------------------------------------------------------------

    def apply(self, action: Action) -> TimelockState:
        """Unchecked: the state after a legal ``action``."""
        if isinstance(action, Roll):
            return self._apply_roll(action)
        if isinstance(action, EndTurn):
            return self._end_turn()
        if isinstance(action, Move):
            p = self._movable_piece(action.src, action.size)
            g = B.group_of(p)
            rem, bound = self._pay(g, self.piece_cost(p), action.pool)
            state = self.with_move(action.src, action.dst, action.gap, p)
            last: tuple[int, ...] = (action.src, action.dst)
            if self.settings.boardless:
                # Positions shift as cells open and close: mark where the piece is now.
                last = (state.locate(p),)
            state = replace(state, remaining=rem, bound=bound, last=last)
            return state._after_change()
        if isinstance(action, Dig):
            p = self._movable_piece(action.square, action.size, anywhere=True)
            g = B.group_of(p)
            rem, bound = self._pay(g, self.piece_cost(p), action.pool)
            state = self.with_move(action.square, action.square, False, p)
            state = replace(state, remaining=rem, bound=bound, last=(action.square,))
            return state._after_change()
        if isinstance(action, Sum):
            target = self.bound[0] if self.bound[0] != -1 else self.bound[1]
            return replace(
                self,
                merged=SUMMED,
                remaining=(self.remaining[0] + self.remaining[1], 0),
                bound=(target, -1),
                last=(),
            )
        if isinstance(action, UseFace):
            return self._apply_face(action.face)
        if isinstance(action, UseSwap):
            p = self._movable_piece(action.first[0], action.first[1], anywhere=True)
            q = self._movable_piece(action.second[0], action.second[1], anywhere=True)
            state = replace(
                self.with_swap(p, q), used=True, last=(action.first[0], action.second[0])
            )
            return state._after_change()
        if isinstance(action, UseDig):
            p = self._movable_piece(action.square, action.size, anywhere=True)
            state = self.with_move(action.square, action.square, False, p)
            return replace(state, used=True, last=(action.square,))._after_change()
        if isinstance(action, UseReplace):
            return replace(self._replace(action.file), used=True)
        if isinstance(action, Replace):
            g = B.group(1, action.file)
            rem, bound = self._pay(g, REPLACE_COST, action.pool)
            return replace(self._replace(action.file), remaining=rem, bound=bound)
        if isinstance(action, Remove):
            g = B.group(1, action.file)
            sq = self.home_square(g)
            pending = self.pending - 1
            state = replace(
                self.with_home(g, self.home_stack(g)[:-1]),
                pending=pending,
                phase=REMOVE if pending else PLAY,
                last=(sq,),
            )
            if not any(state.home_stack(B.group(1, f)) for f in B.STACK_FILES):
                return replace(
                    state,
                    result=Outcome.win((), 1, "every opposing pyramid was removed"),
                )
            return state
        raise ValueError(f"not a Timelock action: {action!r}")

    def _movable_piece(self, sq: int, size: int, anywhere: bool = False) -> int:
        movable = self.movable_groups()
        for p in reversed(self.stack_at(sq) or ()):
            if B.size_of(p) == size and B.group_of(p) in movable:
                return p
            if not anywhere:
                break
        raise ValueError(f"no movable {size} on {B.name(sq)}")

    def _replace(self, file: int) -> TimelockState:
        g = B.group(1, file)
        stack = self.home_stack(g)
        # Removals take the top piece of a Tree, so the missing size is the next one up.
        size = B.TREE[0][len(stack)]
        state = self.with_home(g, (*stack, B.piece(1, file, size)))
        return replace(state, last=(self.home_square(g),))

    def _apply_face(self, face: str) -> TimelockState:
        if face == "TIP":
            # Each die now reads 6; points already spent from it still count against it.
            raised = (6 - self.dice[0], 6 - self.dice[1])
            merged, bound = self.merged, self.bound
            if merged == SUMMED:
                # Two 6s are not low dice: the sum ends and the dice count apart again.
                # Whatever the sum paid for went to its one stack, so die 1 bears it.
                spent = self.dice[0] + self.dice[1] - self.remaining[0]
                rem = (6 - spent, 6)
                merged, bound = SEPARATE, (self.bound[0], -1)
            elif merged:
                rem = (self.remaining[0] + raised[0] + raised[1], 0)
            else:
                rem = (self.remaining[0] + raised[0], self.remaining[1] + raised[1])
            state = replace(
                self, dice=(6, 6), remaining=rem, merged=merged, bound=bound, used=True, last=()
            )
            if self.settings.mode == "solitaire":
                extra = sum(1 for d in self.dice if d < self.settings.removal_from)
                if extra:
                    state = replace(state, pending=extra, phase=REMOVE)
            return state
        if face == "HOP":
            return replace(self, hop=True, used=True, last=())
        if face == "AIM":
            return replace(self, aim=True, used=True, last=())
        if face == "WILD":
            # Everything left on both dice becomes one pool for any stack.
            total = self.remaining[0] + self.remaining[1]
            return replace(
                self, merged=WILD, remaining=(total, 0), bound=(-1, -1), used=True, last=()
            )
        # SWAP and DIG need their pieces (UseSwap, UseDig); anything else is no face at all.
        raise ValueError(f"not a Treehouse action without pieces: use {face}")

    def _apply_roll(self, roll: Roll) -> TimelockState:
        s = self.settings
        state = replace(
            self,
            phase=PLAY,
            dice=(roll.d1, roll.d2),
            rolled=(roll.d1, roll.d2),
            face=FACES[roll.face],
            remaining=(roll.d1, roll.d2),
            bound=(-1, -1),
            merged=SEPARATE,
            used=False,
            hop=False,
            aim=False,
            pending=0,
            last=(),
            rng_state=self.rng_state.advance(),
        )
        if s.mode == "solitaire":
            pending = sum(1 for d in (roll.d1, roll.d2) if d >= s.removal_from)
            pending += 1 if s.extra_removal else 0
            left = sum(len(self.home_stack(B.group(1, f))) for f in B.STACK_FILES)
            pending = min(pending, left)
            if pending:
                state = replace(state, phase=REMOVE, pending=pending)
        return state

    def _end_turn(self) -> TimelockState:
        s = self.settings
        turns = self.turns + 1
        state = replace(
            self,
            seat=self.next_seat(),
            phase=ROLL,
            dice=(0, 0),
            rolled=(0, 0),
            face="",
            remaining=(0, 0),
            bound=(-1, -1),
            merged=SEPARATE,
            used=False,
            hop=False,
            aim=False,
            pending=0,
            turns=turns,
            last=(),
        )
        if turns >= s.turn_limit:
            if s.mode == "solitaire":
                return replace(state, result=Outcome.win((), 1, "the turn limit was reached"))
            return replace(state, result=Outcome.draw(s.seats, "the turn limit was reached"))
        return state

    def next_seat(self) -> int:
        """The seat that plays after this one: the next round the table in the game's direction."""
        s = self.settings
        if s.mode != "partners":
            # One or two players: both directions give the same order, so skip the draw.
            return (self.seat + 1) % s.seats
        return (self.seat + turn_step(s, self.rng_state.seed)) % s.seats

    def _after_change(self) -> TimelockState:
        """Remove newly matched stacks (variant) and check for a win, mover's team first."""
        s = self.settings
        state = self
        if s.remove_matched:
            removed = set(self.removed)
            for team in range(s.teams):
                for g in s.team_stacks(team):
                    if g not in removed and state.stack_matches(g):
                        removed.add(g)
            if len(removed) != len(self.removed):
                state = replace(
                    state.without_groups(removed - set(self.removed)),
                    removed=tuple(sorted(removed)),
                )
        mover = s.team_of(self.seat)
        order = [mover] + [t for t in range(s.teams) if t != mover]
        for team in order:
            if state.team_won(team):
                seats = s.seats_of_team(team)
                reason = "matched the Goal"
                if s.remove_matched:
                    reason = (
                        "removed every stack"
                        if s.stacks_to_match == 4
                        else f"removed {s.stacks_to_match} stacks"
                    )
                return replace(state, result=Outcome.win(seats, s.seats, reason))
        return state

    # -- matching -------------------------------------------------------------------

    def goal_of(self, g: int) -> int:
        """The Goal a Time Stack must match (see :meth:`Settings.goal_of`)."""
        return self.settings.goal_of(g)

    def stack_matches(self, g: int) -> bool:
        """True if Time Stack ``g`` stands exactly like its side's Goal."""
        return bool(self.group_config(g) == self.group_config(self.goal_of(g)))

    def team_matched(self, team: int) -> int:
        """How many of a team's stacks match (removed stacks count as matched)."""
        return sum(1 for g in self.settings.team_stacks(team) if self._done(g))

    def _done(self, g: int) -> bool:
        return g in self.removed or self.stack_matches(g)

    def team_won(self, team: int) -> bool:
        """True when enough of the team's stacks match.

        Partners: the team's 2 stacks and the partner's 2 stacks, so with fewer
        stacks to match each partner must still bring at least one.
        """
        s = self.settings
        if self.team_matched(team) < s.stacks_to_match:
            return False
        return all(any(self._done(g) for g in s.stacks_of(seat)) for seat in s.seats_of_team(team))

    def team_progress(self, team: int) -> int:
        """How many of the team's matching stacks count towards its win, at most the number needed.

        With partners each partner must bring at least one stack, so one
        partner's matches count only up to the number that leaves room for the
        other's: with two to match, two stacks of one partner count as one.
        The progress reaches ``stacks_to_match`` exactly when the team has won.
        """
        s = self.settings
        seats = s.seats_of_team(team)
        cap = s.stacks_to_match - (len(seats) - 1)
        counted = sum(
            min(cap, sum(1 for g in s.stacks_of(seat) if self._done(g))) for seat in seats
        )
        return min(s.stacks_to_match, counted)

    def team_waiting_on(self, team: int) -> tuple[int, ...]:
        """Seats whose matches the team still lacks although its other partner has enough.

        Empty unless the team's matches are held back only by a partner who has
        none yet (see :meth:`team_progress`).
        """
        s = self.settings
        seats = s.seats_of_team(team)
        if self.team_progress(team) == self.team_matched(team):
            return ()
        return tuple(seat for seat in seats if not any(self._done(g) for g in s.stacks_of(seat)))

    def team_distance_to_win(self, team: int) -> int:
        """Movement points the team needs at least to win if nothing were in the way.

        Only the cheapest choice of stacks the win asks for counts: ``stacks_to_match``
        of them, one at least from each partner; matching and removed stacks cost
        nothing.  Zero once the team has won.
        """
        s = self.settings
        seats = s.seats_of_team(team)
        cost = {
            g: 0 if self._done(g) else self.group_distance(g, self.goal_of(g))
            for g in s.team_stacks(team)
        }
        best: int | None = None
        for chosen in combinations(cost, s.stacks_to_match):
            if all(any(g in chosen for g in s.stacks_of(seat)) for seat in seats):
                total = sum(cost[g] for g in chosen)
                best = total if best is None else min(best, total)
        return best or 0

    def team_distance(self, team: int) -> int:
        """Movement points all of a team's stacks still need if nothing were in the way.

        The computer players weigh this; the page shows :meth:`team_distance_to_win`.
        """
        total = 0
        for g in self.settings.team_stacks(team):
            if g not in self.removed:
                total += self.group_distance(g, self.goal_of(g))
        return total

    # -- views and serialisation ---------------------------------------------------

    def view(self, seat: int | None) -> JSON:
        """Everything is public: board, dice, pools and the legal actions grouped by piece."""
        from .scoring import game_score

        s = self.settings
        squares: dict[str, list[JSON]] = {}
        if s.boardless:
            cells = [
                (B.square(f, k), stack)
                for f, col in enumerate(self.columns)
                for k, stack in enumerate(col)
            ]
        else:
            cells = list(enumerate(self.board))
        for sq, stack in cells:
            squares[B.name(sq)] = [_piece_view(p) for p in stack]
        legal = self.legal_actions() if self.phase != ROLL else []
        texts = [GAME.action_to_text(a) for a in legal]
        view: JSON = {
            "squares": squares,
            "seat": None if self.result else self.seat,
            "phase": self.phase if self.result is None else "over",
            "turns": self.turns,
            "turn_limit": s.turn_limit,
            "direction": self._direction_view(),
            "dice": list(self.dice),
            "rolled": list(self.rolled),
            "face": self.face or None,
            "action_used": self.used,
            "hop": self.hop,
            "aim": self.aim,
            "combined": self.merged or None,
            "pools": self._pools_view(),
            "pending_removals": self.pending,
            "removed": [group_label(g) for g in self.removed],
            "last": [B.name(sq) for sq in self.last],
            "legal": texts,
            "pieces": self._pieces_view(legal),
            "treehouse": [
                GAME.action_to_text(a)
                for a in legal
                if isinstance(a, UseFace | UseSwap | UseDig | UseReplace)
            ],
            "other": [
                GAME.action_to_text(a)
                for a in legal
                if isinstance(a, Sum | EndTurn | Remove | Replace)
            ],
            "teams": self._teams_view(),
            "board": s.board,
            "columns": self._columns_view() if s.boardless else None,
            "outcome": None if self.result is None else self.result.to_dict(),
            "score": game_score(self) if self.result is not None else None,
        }
        return view

    def _direction_view(self) -> str | None:
        """Partners: the way turns go this game (a random direction is drawn already)."""
        if self.settings.mode != "partners":
            return None
        return DIRECTIONS[turn_step(self.settings, self.rng_state.seed) == -1]

    def _columns_view(self) -> list[JSON]:
        """Board-less variant: each column's cells from the south end, with who holds them."""
        out: list[JSON] = []
        for f, col in enumerate(self.columns):
            centre = L.centre_of(col)
            cells = []
            for k, stack in enumerate(col):
                if k == 0:
                    kind = "home0"
                elif k == len(col) - 1:
                    kind = "home1"
                elif k == centre:
                    kind = "centre"
                else:
                    kind = f"side{B.side_of(stack[0])}"
                cells.append({"square": B.name(B.square(f, k)), "kind": kind})
            out.append({"file": B.FILES[f], "cells": cells, "centre": centre >= 0})
        return out

    def _teams_view(self) -> list[JSON]:
        """Per team: its stacks, the matches that count towards the win and the distance to it.

        ``matched`` counts only matches the win can use (never more than
        ``needed``); ``waiting_on`` names partners who still owe a match;
        ``distance`` is ``None`` for a team that has won.
        """
        s = self.settings
        out = []
        for t in range(s.teams):
            stacks = [
                {
                    "stack": group_label(g),
                    "matches": self._done(g),
                    "removed": g in self.removed,
                }
                for g in s.team_stacks(t)
            ]
            won = self.team_won(t)
            out.append(
                {
                    "seats": list(s.seats_of_team(t)),
                    "matched": self.team_progress(t),
                    "needed": s.stacks_to_match,
                    "won": won,
                    "waiting_on": list(self.team_waiting_on(t)),
                    "distance": None if won else self.team_distance_to_win(t),
                    "stacks": stacks,
                }
            )
        return out

    def _pools_view(self) -> list[JSON]:
        if self.phase == ROLL:
            return []
        if self.merged:
            b = self.bound[0]
            return [
                {
                    "pool": "+",
                    "remaining": self.remaining[0],
                    "stack": None if b == -1 else group_label(b),
                    "any_stack": self.merged == WILD,
                }
            ]
        return [
            {
                "pool": str(i + 1),
                "value": self.dice[i],
                "remaining": self.remaining[i],
                "stack": None if self.bound[i] == -1 else group_label(self.bound[i]),
                "any_stack": False,
            }
            for i in (0, 1)
        ]

    def _pieces_view(self, legal: Sequence[Action]) -> list[JSON]:
        """Per movable piece: each reachable square (or dig) with its cost and action texts."""
        by_piece: dict[tuple[int, int], JSON] = {}
        for a in legal:
            if isinstance(a, Move):
                key, target = (a.src, a.size), B.name(a.dst) + ("+" if a.gap else "")
            elif isinstance(a, Dig):
                key, target = (a.square, a.size), "dig"
            else:
                continue
            entry = by_piece.setdefault(
                key,
                {
                    "square": B.name(key[0]),
                    "size": key[1],
                    "letter": B.LETTERS[key[1]],
                    "targets": {},
                },
            )
            p = self._movable_piece(key[0], key[1], anywhere=True)
            t = entry["targets"].setdefault(
                target, {"square": target, "cost": self.piece_cost(p), "actions": {}}
            )
            t["actions"]["+" if a.pool == MERGED_POOL else str(a.pool)] = GAME.action_to_text(a)
        out = []
        for entry in by_piece.values():
            entry["targets"] = list(entry["targets"].values())
            out.append(entry)
        return out

    def to_dict(self) -> JSON:
        """Full state as plain data."""
        s = self.settings
        return {
            "format": FORMAT_VERSION,
            "game": GAME.slug,
            "settings": settings_options(s),
            "board": B.to_picture(self.board),
            "columns": [L.column_text(c) for c in self.columns],
            "seat": self.seat,
            "phase": self.phase,
            "dice": list(self.dice),
            "rolled": list(self.rolled),
            "face": self.face,
            "remaining": list(self.remaining),
            "bound": list(self.bound),
            "merged": self.merged,
            "used": self.used,
            "hop": self.hop,
            "aim": self.aim,
            "pending": self.pending,
            "removed": list(self.removed),
            "turns": self.turns,
            "last": list(self.last),
            "result": None if self.result is None else self.result.to_dict(),
            "rng": self.rng_state.to_dict(),
        }


COLOURS: tuple[str, ...] = (
    "red", "orange", "blue", "yellow", "green",
    "cyan", "purple", "white", "black", "pink",
)  # fmt: skip
"""A colour per group: Rainbow (south) then Xeno (north); columns never share one."""


def group_label(g: int) -> str:
    """``Rainbow a``, ``Xeno Goal``."""
    side, file = divmod(g, 5)
    what = "Goal" if file == B.GOAL_FILE else f"stack {B.FILES[file]}"
    return f"{B.SIDE_NAMES[side]} {what}"


def _face_of(action: Action) -> str:
    if isinstance(action, UseFace):
        return action.face
    if isinstance(action, UseSwap):
        return "SWAP"
    if isinstance(action, UseDig):
        return "DIG"
    return "AIM"


def settings_options(s: Settings) -> JSON:
    """The option dict that builds these settings."""
    return {
        "mode": s.mode,
        "stacks_to_match": s.stacks_to_match,
        "remove_matched": s.remove_matched,
        "removal_from": s.removal_from,
        "extra_removal": s.extra_removal,
        "turn_limit": s.turn_limit,
        "board": s.board,
        "first": s.first,
        "previous_loser": s.previous_loser,
        "direction": s.direction,
    }


OPTIONS_BEFORE_FIRST = frozenset(
    {"mode", "stacks_to_match", "remove_matched", "removal_from", "extra_removal"}
    | {"turn_limit", "board"}
)
"""The options a saved game listed before the ``first`` option was added."""

SHORTEST_LIMIT = 100
"""Turn limits below this are offered for solitaire only (a race against the clock)."""

SOLITAIRE_LEVELS: tuple[tuple[str, str, JSON], ...] = (
    ("standard", "5 or 6 removes a pyramid (the rules)", {}),
    ("clock10", "5 or 6 removes; win within 10 turns", {"turn_limit": 10}),
    ("clock9", "5 or 6 removes; win within 9 turns", {"turn_limit": 9}),
    ("three", "3 to 6 removes (the rules' hardest roll)", {"removal_from": 3}),
    ("clock8", "5 or 6 removes; win within 8 turns", {"turn_limit": 8}),
    ("three8", "3 to 6 removes; win within 8 turns", {"removal_from": 3, "turn_limit": 8}),
    ("three7", "3 to 6 removes; win within 7 turns", {"removal_from": 3, "turn_limit": 7}),
    ("extra", "5 or 6 removes, and one more every turn", {"extra_removal": True}),
)
"""Solitaire settings from easiest to hardest, as the rules page lists them (the
benchmark measures each with the strongest AI)."""


def first_seat(settings: Settings, seed: int) -> int:
    """Who holds the Treehouse die and so moves first.

    ``random`` draws a seat from the seed at a position the dice never use
    (counter -1), so the dice of a seed are the same whoever starts.
    """
    first = settings.first
    if isinstance(first, int):
        return first
    if first == "loser" and 0 <= settings.previous_loser < settings.seats:
        return settings.previous_loser
    return Rng(seed, -1).below(settings.seats)


DIRECTIONS = ("clockwise", "counterclockwise", "random")
"""The turn orders of the partnership game (two players alternate whichever way)."""


def turn_step(settings: Settings, seed: int) -> int:
    """+1 when turns go clockwise round the table (seat 1, 2, 3, 4), -1 the other way.

    ``random`` draws the direction from the seed at a position neither the dice
    (counters 0 and up) nor the first player (-1) use, so it changes neither.
    """
    direction = settings.direction
    if direction == "random":
        direction = DIRECTIONS[Rng(seed, -2).below(2)]
    return -1 if direction == "counterclockwise" else 1


def _pool_text(pool: int) -> str:
    return "+" if pool == MERGED_POOL else str(pool)


ECHO_LIMIT = 24
"""At most this many characters of a player's text are quoted back in an error."""


def _cut(text: str) -> str:
    """``text`` for an error message, cut short when it is long."""
    text = text.strip()
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"


def _quote(text: str) -> str:
    """``text`` quoted for an error message, cut short when it is long."""
    return repr(_cut(text))


NOT_A_MOVE = (
    "{text} is not a Timelock move: write the piece, its square, the target and the"
    " paying die, such as Pa1-a2/1; or sum, use TIP, end"
)


def _parse_pool(text: str) -> int:
    if text == "+":
        return MERGED_POOL
    if text in ("1", "2"):
        return int(text)
    raise NotationError(f"{_quote(text)} is not a die: write /1, /2 or /+")


def _square(text: str) -> int:
    """``a3`` → square; ranks run to 8 because board-less columns grow past 5."""
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in B.FILES or not "1" <= t[1] <= str(L.MAX_CELLS):
        raise NotationError(f"{_quote(text)} is not a square; squares run from a1 to e5")
    return B.square(B.FILES.index(t[0]), int(t[1]) - 1)


def _looks_like_move(word: str) -> bool:
    """True for a word shaped like a move, ``Xa1-b2…``: its details are checked on parsing.

    Anything else is refused as "not a move" rather than picked apart, so that
    ``xyz`` is not answered with advice about dice.
    """
    body = word.partition("/")[0]
    src, dash, dst = body.partition("-")
    return (
        bool(dash)
        and len(src) == 3
        and src[0].isalpha()
        and src[1].isalpha()
        and src[2].isdigit()
        and len(dst) >= 2
        and dst[0].isalpha()
        and dst[1].isdigit()
    )


def _parse_piece(text: str) -> tuple[int, int]:
    """``Qa3`` → (square, size)."""
    if len(text) != 3 or text[0].upper() not in B.SIZES_BY_LETTER:
        raise NotationError(
            f"{_quote(text)} is not a piece; write its size and square, such as Qa3"
        )
    return _square(text[1:]), B.SIZES_BY_LETTER[text[0].upper()]


def _piece_view(p: int) -> JSON:
    return {
        "side": B.side_of(p),
        "stack": B.FILES[B.file_of(p)],
        "goal": B.is_goal(B.group_of(p)),
        "size": B.size_of(p),
        "letter": B.LETTERS[B.size_of(p)],
        "colour": COLOURS[B.group_of(p)],
    }


class TimelockGame(Game[TimelockState, Action]):
    """Race to rearrange four pyramid stacks to match a Goal the opponent keeps changing."""

    slug = "timelock"
    title = "Timelock"
    summary = "A dice race: make your four Time Stacks match a Goal your opponent keeps changing."

    def option_specs(self) -> Sequence[OptionSpec]:
        """Players/mode, stacks to match, removal, solitaire settings, turn limit."""
        return (
            OptionSpec(
                "mode",
                "Players",
                "duel",
                (
                    ("duel", "Two players"),
                    ("solitaire", "Solitaire (variant)"),
                    ("partners", "Four players in partnerships (variant)"),
                ),
                "Solitaire: high rolls remove opposing pyramids; you lose when none are left. "
                "Partners: four players at the corners, partners diagonally opposite; each "
                "moves two Time Stacks and the Goal on their own side, which is the Goal "
                "the stacks across the board (their partner's among them) must match.",
            ),
            OptionSpec(
                "stacks_to_match",
                "Stacks to match",
                4,
                ((4, "All four (standard)"), (3, "Three (shorter)"), (2, "Two (shortest)")),
                "A shorter game: win as soon as this many of your stacks match the Goal.",
            ),
            OptionSpec(
                "remove_matched",
                "Remove matching stacks",
                False,
                ((False, "No"), (True, "Yes (shorter)")),
                "A stack that matches its Goal leaves the board for good; "
                "remove enough stacks to win.",
            ),
            OptionSpec(
                "removal_from",
                "Solitaire: remove on",
                5,
                ((5, "5 or 6"), (4, "4, 5 or 6 (harder)"), (3, "3 to 6 (hardest)")),
                "Solitaire only: each die showing this much removes an opposing pyramid.",
            ),
            OptionSpec(
                "extra_removal",
                "Solitaire: one extra removal a turn",
                False,
                ((False, "No"), (True, "Yes (harder)")),
                "Solitaire only: remove one more opposing pyramid every turn.",
            ),
            OptionSpec(
                "board",
                "Board",
                "standard",
                (
                    ("standard", "5×5 board (standard)"),
                    ("boardless", "No board: relative positions (experimental)"),
                ),
                "Experimental, untested by the designer: no board, only the order of pieces "
                "in each column counts; pieces never pass an opponent's piece, and the "
                "centre is where both sides' pieces meet.",
            ),
            OptionSpec(
                "first",
                "Who starts",
                "random",
                (
                    ("random", "Random (default)"),
                    (0, "Seat 1"),
                    (1, "Seat 2"),
                    (2, "Seat 3 (partners)"),
                    (3, "Seat 4 (partners)"),
                    ("loser", "The previous game's loser (in a match)"),
                ),
                "Whoever holds the Treehouse die goes first: a random player, a chosen seat, "
                "or in a match the loser of the previous game (random for the first game).",
            ),
            OptionSpec(
                "direction",
                "Turn order (partners)",
                "clockwise",
                (
                    ("clockwise", "Clockwise (standard)"),
                    ("counterclockwise", "Counter-clockwise"),
                    ("random", "Random, drawn for each game"),
                ),
                "Four players only: which way turns go round the table. Clockwise, Xeno West "
                "and Rainbow East win about two games in three; counter-clockwise, Rainbow "
                "West and Xeno East do. In a match, alternate it from game to game, or let "
                "chance pick it.",
            ),
            OptionSpec(
                "previous_loser",
                "Previous game's loser",
                -1,
                (),
                "Set by the match: the seat that lost the previous game (-1: none yet).",
            ),
            OptionSpec(
                "turn_limit",
                "Turn limit",
                200,
                (
                    (200, "200 turns"),
                    (100, "100 turns"),
                    (300, "300 turns"),
                    (10, "10 turns (solitaire against the clock)"),
                    (9, "9 turns (solitaire against the clock)"),
                    (8, "8 turns (solitaire against the clock)"),
                    (7, "7 turns (solitaire against the clock)"),
                ),
                "The game is drawn after this many turns in all (a turn is one player's roll "
                "and moves). Solitaire: you lose when they run out, so a short limit makes "
                "solitaire harder.",
            ),
        )

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """One, two or four players."""
        return {"duel": 2, "solitaire": 1, "partners": 4}[str(options.get("mode", "duel"))]

    def unused_options(self, options: Mapping[str, Any]) -> list[str]:
        """The solitaire settings outside solitaire, the turn order outside partners."""
        mode = options.get("mode", "duel")
        unused = [] if mode == "solitaire" else ["removal_from", "extra_removal"]
        return unused if mode == "partners" else [*unused, "direction"]

    def seat_labels(self, options: Mapping[str, Any]) -> list[str]:
        """Rainbow and Xeno; partners add the corner they sit at."""
        mode = str(options.get("mode", "duel"))
        if mode == "solitaire":
            return ["Rainbow"]
        if mode == "partners":
            return ["Rainbow West", "Xeno West", "Xeno East", "Rainbow East"]
        return list(B.SIDE_NAMES)

    def new(self, options: Mapping[str, Any], seed: int) -> TimelockState:
        """The set-up board, waiting for the first roll of the seat holding the Treehouse die."""
        first = options.get("first", "random")
        settings = Settings(
            mode=str(options.get("mode", "duel")),
            stacks_to_match=int(options.get("stacks_to_match", 4)),
            remove_matched=bool(options.get("remove_matched", False)),
            removal_from=int(options.get("removal_from", 5)),
            extra_removal=bool(options.get("extra_removal", False)),
            turn_limit=int(options.get("turn_limit", 200)),
            board=str(options.get("board", "standard")),
            first=first if isinstance(first, int) else str(first),
            previous_loser=int(options.get("previous_loser", -1)),
            direction=str(options.get("direction", "clockwise")),
        )
        columns = L.initial_columns() if settings.boardless else ()
        return TimelockState(
            settings=settings,
            columns=columns,
            seat=first_seat(settings, seed),
            rng_state=Rng(seed),
        )

    def upgrade_options(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """A save from before "who starts" existed keeps Rainbow first.

        Such a save lists every option of its day (:data:`OPTIONS_BEFORE_FIRST`)
        but not ``first``; Rainbow always started then, so its game replays the
        same.  A new game that leaves ``first`` out gets the random default.
        """
        if "first" not in options and set(options) >= OPTIONS_BEFORE_FIRST:
            return {**options, "first": 0}
        return options

    def check_options(self, options: Mapping[str, Any]) -> None:
        """The first player and the previous loser must be seats of this game."""
        seats = self.seat_count(options)
        first = options.get("first", "random")
        if isinstance(first, int) and not 0 <= first < seats:
            raise FormatError(f"this game has {seats} player(s): seat {first + 1} cannot start")
        if options.get("turn_limit", 200) < SHORTEST_LIMIT and options.get("mode") != "solitaire":
            raise FormatError(
                f"limits under {SHORTEST_LIMIT} turns are for solitaire against the clock"
            )
        loser = options.get("previous_loser", -1)
        if not -1 <= loser < seats:
            raise FormatError(f"the previous loser must be one of the {seats} seats, or -1")

    def from_dict(self, data: Mapping[str, Any]) -> TimelockState:
        """Rebuild a state from :meth:`TimelockState.to_dict`."""
        try:
            if data["format"] != FORMAT_VERSION or data["game"] != self.slug:
                raise FormatError("not a Timelock state of this format")
            settings = Settings(**self.normalise_options(data["settings"]))
            result = data["result"]
            if data["phase"] not in (ROLL, REMOVE, PLAY) or data["face"] not in ("", *FACES):
                raise FormatError("unknown phase or Treehouse face")
            if data["merged"] not in (SEPARATE, SUMMED, WILD):
                raise FormatError("unknown way of combining dice")
            state = TimelockState(
                settings=settings,
                board=B.from_picture(str(data["board"])),
                columns=L.from_texts([str(c) for c in data["columns"]])
                if settings.boardless
                else (),
                seat=int(data["seat"]),
                phase=str(data["phase"]),
                dice=_pair(data["dice"]),
                rolled=_pair(data["rolled"]),
                face=str(data["face"]),
                remaining=_pair(data["remaining"]),
                bound=_pair(data["bound"]),
                merged=str(data["merged"]),
                used=bool(data["used"]),
                hop=bool(data["hop"]),
                aim=bool(data["aim"]),
                pending=int(data["pending"]),
                removed=tuple(int(g) for g in data["removed"]),
                turns=int(data["turns"]),
                last=tuple(int(sq) for sq in data["last"]),
                result=None if result is None else Outcome.from_dict(result),
                rng_state=Rng.from_dict(data["rng"]),
            )
            _check_loaded(state)
            return state
        except (KeyError, TypeError, ValueError) as err:
            if isinstance(err, FormatError):
                raise
            raise FormatError(f"not a valid Timelock state: {err}") from None

    def action_to_text(self, action: Action) -> str:
        """The notation: ``roll 5 2 HOP``, ``Pa1-a2/1``, ``dig Qa3/+``, ``use SWAP Qa1 Pa2`` …"""
        if isinstance(action, Roll):
            return f"roll {action.d1} {action.d2} {FACES[action.face]}"
        if isinstance(action, Move):
            letter = B.LETTERS[action.size]
            gap = "+" if action.gap else ""
            dst = f"{B.name(action.dst)}{gap}"
            return f"{letter}{B.name(action.src)}-{dst}/{_pool_text(action.pool)}"
        if isinstance(action, Dig):
            letter = B.LETTERS[action.size]
            return f"dig {letter}{B.name(action.square)}/{_pool_text(action.pool)}"
        if isinstance(action, Sum):
            return "sum"
        if isinstance(action, EndTurn):
            return "end"
        if isinstance(action, UseFace):
            return f"use {action.face}"
        if isinstance(action, UseSwap):
            a = f"{B.LETTERS[action.first[1]]}{B.name(action.first[0])}"
            b = f"{B.LETTERS[action.second[1]]}{B.name(action.second[0])}"
            return f"use SWAP {a} {b}"
        if isinstance(action, UseDig):
            return f"use DIG {B.LETTERS[action.size]}{B.name(action.square)}"
        if isinstance(action, UseReplace):
            return f"use AIM {B.FILES[action.file]}"
        if isinstance(action, Remove):
            return f"remove {B.FILES[action.file]}"
        return f"replace {B.FILES[action.file]}/{_pool_text(action.pool)}"

    def parse_action(self, text: str) -> Action:
        """Inverse of :meth:`action_to_text` (keywords and letters in any case)."""
        words = text.strip().split()
        if not words:
            raise NotationError("an empty move; write a move such as Pa1-a2/1, or end")
        head = words[0].lower()
        if head == "end" and len(words) == 1:
            return EndTurn()
        if head == "sum" and len(words) == 1:
            return Sum()
        if head == "roll":
            if len(words) != 4 or not words[1].isdigit() or not words[2].isdigit():
                raise NotationError("write a roll as roll D1 D2 FACE, such as roll 5 2 HOP")
            face = words[3].upper()
            d1, d2 = int(words[1]), int(words[2])
            if face not in FACES or not (1 <= d1 <= 6 and 1 <= d2 <= 6):
                raise NotationError("dice show 1 to 6; faces are TIP SWAP HOP DIG AIM WILD")
            return Roll(d1, d2, FACES.index(face))
        if head == "use":
            if len(words) < 2:
                raise NotationError("name the Treehouse action: use TIP, use SWAP Qa1 Pa2 …")
            face = words[1].upper()
            rest = words[2:]
            if face in PLAIN_FACES and not rest:
                return UseFace(face)
            if face == "AIM" and len(rest) == 1 and rest[0].lower() in "abde" and len(rest[0]) == 1:
                return UseReplace(B.FILES.index(rest[0].lower()))
            if face == "SWAP" and len(rest) == 2:
                first, second = sorted((_parse_piece(rest[0]), _parse_piece(rest[1])))
                return UseSwap(first, second)
            if face == "DIG" and len(rest) == 1:
                return UseDig(*_parse_piece(rest[0]))
            raise NotationError(f"{_quote(text)} is not a Treehouse action")
        if head in ("remove", "replace") and len(words) == 2:
            file_text, _, pool = words[1].partition("/")
            if len(file_text) != 1 or file_text.lower() not in "abde":
                raise NotationError("name an opposing Time Stack by its file: a, b, d or e")
            file = B.FILES.index(file_text.lower())
            if head == "remove":
                if pool:
                    raise NotationError("a removal costs nothing: write remove b")
                return Remove(file)
            return Replace(file, _parse_pool(pool))
        if head == "dig" and len(words) == 2:
            body, slash, pool = words[1].partition("/")
            if not slash:
                raise NotationError("say which die pays: dig Qa3/1")
            sq, size = _parse_piece(body)
            return Dig(size, sq, _parse_pool(pool))
        if len(words) == 1 and _looks_like_move(words[0]):
            body, slash, pool = words[0].partition("/")
            src_text, _, dst_text = body.partition("-")
            sq, size = _parse_piece(src_text)
            gap = dst_text.endswith("+")
            dst = _square(dst_text[:-1] if gap else dst_text)
            if not slash:
                raise NotationError(f"say which die pays, such as {_cut(body)}/1")
            return Move(size, sq, dst, _parse_pool(pool), gap)
        raise NotationError(NOT_A_MOVE.format(text=_quote(text)))

    def candidate_actions(self, state: TimelockState) -> list[Action]:
        """Moves and digs the notation can write near the listed ones, for conformance fuzzing.

        Every size from every square to every square of the same file (board-less
        columns reach rank 8), with each die and with and without a gap: a
        superset of the legal moves, so a test can check ``play`` refuses the rest.
        """
        files = {g % B.SIZE for g in state.movable_groups()}
        ranks = L.MAX_CELLS if state.settings.boardless else B.SIZE
        out: list[Action] = []
        for f in sorted(files):
            for r1 in range(ranks):
                src = B.square(f, r1)
                for size in (B.PAWN, B.DRONE, B.QUEEN):
                    for pool in (MERGED_POOL, 1, 2):
                        out.append(Dig(size, src, pool))
                        for r2 in range(ranks):
                            dst = B.square(f, r2)
                            out.append(Move(size, src, dst, pool))
                            out.append(Move(size, src, dst, pool, True))
        return out

    def examples(self) -> Sequence[JSON]:
        """The rules page's live examples (see :mod:`.examples`)."""
        from .examples import EXAMPLES

        return [example.to_dict() for example in EXAMPLES]

    def tool(self, name: str, args: JSON) -> JSON:
        """Scoring helpers for pages.

        * ``score``: the optional scoring of a finished game given as ``args["state"]``.
        * ``match``: a match to a target total (``players``, ``target``, ``totals``,
          ``games``), after one more game when ``winner`` and ``points`` are given;
          the page keeps the match, the engine does the sums and decides the champion,
          and names the turn order of a partner match's next game (``next_direction``).
        * ``tournament``: a tournament (``players``, ``rounds``, ``results``), after one
          more game when ``game`` (``first``, ``second``, ``winner``, ``points``) is given;
          the engine pairs the players, keeps the standings and calls tie-breaks.
        """
        if name == "match":
            return {"match": _match_after(args)}
        if name == "tournament":
            return {"tournament": _tournament_after(args)}
        if name != "score":
            return super().tool(name, args)
        from .scoring import game_score

        state = self.from_dict(args.get("state") or {})
        return {"score": game_score(state)}


def _match_after(args: JSON) -> JSON:
    """The ``match`` tool: rebuild the match a page stored, then add the game it reports."""
    from .scoring import MatchScore

    try:
        players = tuple(str(p) for p in args["players"])
        totals = tuple(int(t) for t in args.get("totals") or (0,) * len(players))
        if len(totals) != len(players) or any(t < 0 for t in totals):
            raise ValueError("a match needs one total of 0 or more per player")
        match = MatchScore(players, int(args.get("target", 30)), totals, int(args.get("games", 0)))
        winner = args.get("winner")
        if winner is not None:
            match = match.add_game(str(winner), int(args.get("points", 0)))
    except (KeyError, TypeError, ValueError) as err:
        raise FormatError(f"not a valid match: {err}") from None
    return match.to_dict()


def _tournament_after(args: JSON) -> JSON:
    """The ``tournament`` tool: rebuild the stored tournament, then add the game it reports."""
    from .scoring import Tournament

    try:
        tournament = Tournament.from_dict(args)
        game = args.get("game")
        if game is not None:
            tournament = tournament.record(
                str(game["first"]),
                str(game["second"]),
                str(game.get("winner") or ""),
                int(game.get("points", 0)),
            )
    except (KeyError, TypeError, ValueError) as err:
        raise FormatError(f"not a valid tournament: {err}") from None
    return tournament.to_dict()


GROUPS = 2 * B.SIZE
"""Each side's five groups: four Time Stacks and a Goal."""
MOST_POINTS = 12
"""The most one pool can hold: two dice of 6 under WILD."""


def _check_loaded(state: TimelockState) -> None:
    """Refuse a loaded state the rules could not play on (a tampered save): ``FormatError``.

    Numbers must fit the game (seats, dice, dice bound to real stacks, removed
    stacks), every piece must be on the board unless its stack was removed or,
    in solitaire, it was one of the opposing pyramids taken off, and a result
    must name one whole team, or nobody.
    """
    s = state.settings
    if not 0 <= state.seat < s.seats:
        raise FormatError(
            f"the seat to move is one of the seats 0 to {s.seats - 1}, not {state.seat}"
        )
    if not all(0 <= d <= 6 for d in (*state.dice, *state.rolled)):
        raise FormatError("dice show 1 to 6 (0 before the roll)")
    if not all(0 <= r <= MOST_POINTS for r in state.remaining):
        raise FormatError(f"points left on a die run from 0 to {MOST_POINTS}")
    if state.pending < 0 or state.turns < 0:
        raise FormatError("pending removals and turns are never negative")
    if not all(-1 <= g < GROUPS for g in state.bound):
        raise FormatError("a die's points go to a stack of the board, or to none yet (-1)")
    stacks = {g for team in range(s.teams) for g in s.team_stacks(team)}
    removed = set(state.removed)
    if len(removed) != len(state.removed) or not removed <= stacks:
        raise FormatError("only the players' own Time Stacks can be removed, each once")
    if removed and not s.remove_matched:
        raise FormatError("stacks leave the board only when matching stacks are removed")
    if not all(0 <= sq < B.SIZE * L.MAX_CELLS for sq in state.last):
        raise FormatError("the last move names a square outside the board")
    problem = _pieces_problem(state)
    if problem:
        raise FormatError(problem)
    result = state.result
    if result is not None:
        teams = [set(s.seats_of_team(team)) for team in range(s.teams)]
        if len(result.returns) != s.seats or (result.winners and set(result.winners) not in teams):
            raise FormatError(
                "a result gives each seat a return and names one whole team as winners, or nobody"
            )


def _pieces_problem(state: TimelockState) -> str:
    """Why the pieces on the board cannot come from a game of these settings, or ``""``.

    Pieces leave the board in two ways only: a matching stack removed in the
    remove-matched variant (all of it), and solitaire removals, which take the
    top of an opposing Tree that nobody ever moves, so what is left of it is
    the bottom of a Tree on its home square.
    """
    s = state.settings
    if s.boardless:
        present = {p for col in state.columns for stack in col for p in stack}
    else:
        present = {p for stack in state.board for p in stack}
    for g in range(GROUPS):
        side, file = divmod(g, B.SIZE)
        pieces = {B.piece(side, file, size) for size in (B.PAWN, B.DRONE, B.QUEEN)}
        here = pieces & present
        if g in state.removed:
            if here:
                return f"{group_label(g)} was removed, yet a piece of it is on the board"
        elif s.mode == "solitaire" and side == 1 and not B.is_goal(g):
            home = state.home_stack(g)
            tree = tuple(B.piece(side, file, size) for size in B.TREE[0])
            if home != tree[: len(home)] or len(here) != len(home):
                return f"{group_label(g)} must stand on its home as a Tree, less its top pieces"
        elif here != pieces:
            return f"a piece of {group_label(g)} is missing from the board"
    return ""


def _pair(values: Any) -> tuple[int, int]:
    a, b = values
    return int(a), int(b)


GAME = TimelockGame()
