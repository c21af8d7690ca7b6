"""Time Vectors: rules, actions and notation.

Players (or teams) each own a colour and take turns putting one token on an
empty point.  Four tokens of one colour on a vector win.  Variants: teams
that rotate as the manual describes, three players (three colours, or a lone
player against a pair), the first-move swap and the three-move equalization
(3MEQ) for two players, a limited or unlimited token supply, and the printed
claim rule, under which a vector only wins once its owner points it out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.protocol import (
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

EMPTY = -1
COLOUR_NAMES = ("Amber", "Teal", "Violet")
COLOUR_SHAPES = ("circle", "square", "triangle")

# Phases of a turn.
PLACE = "place"
"""The player to move places a token (or swaps, or starts a claim)."""
OPENING = "opening"
"""3MEQ: the first player places three tokens, two of one colour and one of another."""
CHOOSE = "choose"
"""3MEQ: the second player chooses to play the pair or the single token."""
CLAIM_WINDOW = "claim"
"""Claim rule: after placing, the player may claim a vector or end the turn."""
NAMING = "naming"
"""Claim rule: a claim is under way; the claimer points at four of their tokens."""

OPENING_REASON = (
    "the swap and 3MEQ openings are for two-player games only: the manual offers them "
    "to take away the first player's advantage over a single opponent"
)

PLAYERS: dict[str, tuple[str, tuple[int, ...], tuple[int, ...]]] = {
    # key: (label, team of each seat, turn cycle of seats)
    "2": ("Two players", (0, 1), (0, 1)),
    "2x2": ("Two teams of two", (0, 1, 0, 1), (0, 1, 2, 3)),
    "2x3": ("Two teams of three", (0, 1, 0, 1, 0, 1), (0, 1, 2, 3, 4, 5)),
    "3": ("Three players, three colours", (0, 1, 2), (0, 1, 2)),
    # The team rule with a one-player team: team 1 player A, team 2 player A,
    # team 1 "player B" (the same lone player again), team 2 player B.
    "2v1": ("Three players: one against a pair", (0, 1, 1), (0, 1, 0, 2)),
    "3x2": ("Three teams of two", (0, 1, 2, 0, 1, 2), (0, 1, 2, 3, 4, 5)),
}
"""The line-ups: one colour per team; a seat is one person."""


@dataclass(frozen=True)
class Place:
    """Put a token of the mover's colour on an empty point."""

    point: int


@dataclass(frozen=True)
class Swap:
    """First-move swap: replace the first player's only token with your own."""


@dataclass(frozen=True)
class Choose:
    """3MEQ: play the colour with two tokens (``pair``) or the one with one."""

    pair: bool


@dataclass(frozen=True)
class Claim:
    """Claim rule: announce a vector; the four points are then named one by one."""


@dataclass(frozen=True)
class Mark:
    """Claim rule: name one of your tokens as part of the vector you claim."""

    point: int


@dataclass(frozen=True)
class Cancel:
    """Claim rule: withdraw a claim before its fourth point is named."""


@dataclass(frozen=True)
class EndTurn:
    """Claim rule: end the turn without claiming."""


Action = Place | Swap | Choose | Claim | Mark | Cancel | EndTurn


@dataclass(frozen=True)
class Settings:
    """The variant switches of one game."""

    players: str = "2"
    opening: str = "none"
    claim: bool = False
    supply: int = 20

    @property
    def teams(self) -> tuple[int, ...]:
        """The team (and so the starting colour) of each seat."""
        return PLAYERS[self.players][1]

    @property
    def cycle(self) -> tuple[int, ...]:
        """Seats in turn order; the order repeats."""
        return PLAYERS[self.players][2]

    @property
    def colours(self) -> int:
        """How many colours (teams) play."""
        return max(self.teams) + 1

    @property
    def seats(self) -> int:
        """How many people play."""
        return len(self.teams)

    @property
    def tokens_per_colour(self) -> int:
        """How many tokens each colour has (0 in the options means the whole board)."""
        return self.supply or B.POINTS

    def team_of(self, seat: int) -> int:
        """The team a seat belongs to."""
        return self.teams[seat]


@dataclass(frozen=True)
class TimeVectorsState(State[Action]):
    """A Time Vectors position."""

    settings: Settings
    cells: tuple[int, ...] = field(default=(EMPTY,) * B.POINTS)
    seat: int = 0
    phase: str = PLACE
    team_colours: tuple[int, ...] = (0, 1)
    turns: int = 0
    passed: frozenset[int] = frozenset()
    """Claim rule: seats that have taken a turn without placing since the last token
    was placed (a skipped turn is not taken)."""
    last: int | None = None
    winning_line: tuple[int, ...] | None = None
    result: Outcome | None = None
    seed: int = 0
    slot: int = 0
    """Where the turn cycle stands (``settings.cycle[slot] == seat``)."""
    marked: tuple[int, ...] = ()
    """Points named so far in a claim under way."""
    resume: str = PLACE
    """The phase a claim was started from (before or after placing)."""
    lapsed: frozenset[int] = frozenset()
    """Vectors that can no longer be claimed: another colour completed one since."""
    skips: tuple[int, ...] = ()
    """Per team, turns still to be skipped for a wrong claim made after placing."""
    notice: str = ""
    """What the last wrong claim cost, for the players to read."""

    # -- protocol -----------------------------------------------------------

    @property
    def game(self) -> TimeVectorsGame:
        """The Time Vectors game object."""
        return GAME

    @property
    def rng(self) -> Rng:
        """Time Vectors has no chance; the generator is kept for the protocol."""
        return Rng(self.seed)

    def current_player(self) -> int:
        """The seat to move, or ``TERMINAL``."""
        return TERMINAL if self.result is not None else self.seat

    def colour_of(self, seat: int) -> int:
        """The colour a seat plays now (3MEQ can change it)."""
        return self.team_colours[self.settings.team_of(seat)]

    def seats_of_colour(self, colour: int) -> tuple[int, ...]:
        """Every seat that plays ``colour``."""
        return tuple(s for s in range(self.settings.seats) if self.colour_of(s) == colour)

    def tokens_left(self, colour: int) -> int:
        """Unused tokens of a colour."""
        return self.settings.tokens_per_colour - self.cells.count(colour)

    def can_place(self) -> bool:
        """True if the mover has a token and a free point to put it on.

        Under the claim rule placing stops for everyone once any colour's
        supply is exhausted: otherwise a side that kept tokens back (a wrong
        claim before placing costs a turn, not a token) could go on placing
        unopposed while the other could only end its turns.
        """
        if EMPTY not in self.cells:
            return False
        if self.settings.claim:
            return self.supply_exhausted() is None
        colour = self.colour_of(self.seat) if self.phase == PLACE else 0
        return self.tokens_left(colour) > 0

    def supply_exhausted(self) -> int | None:
        """The first colour with no token left, or ``None``."""
        return next((c for c in range(self.settings.colours) if self.tokens_left(c) <= 0), None)

    def owned_vectors(self, colour: int) -> list[tuple[int, ...]]:
        """Every vector fully covered by ``colour``."""
        cells = self.cells
        return [v for v in B.VECTORS if all(cells[p] == colour for p in v)]

    def claimable_vectors(self, colour: int) -> list[tuple[int, ...]]:
        """Vectors of ``colour`` that a claim would win with now (not lapsed)."""
        return [
            v for v in self.owned_vectors(colour) if B.VECTOR_SETS[frozenset(v)] not in self.lapsed
        ]

    def _claim_possible(self) -> bool:
        if not self.settings.claim or self.phase not in (PLACE, CLAIM_WINDOW):
            return False
        return self.cells.count(self.colour_of(self.seat)) >= 4

    def legal_actions(self) -> list[Action]:
        """Every action allowed now.

        Under the claim rule ``Claim`` is offered whenever the mover has four
        tokens down, vector or not: a claim is a declaration, judged once its
        four points are named, so the list never gives a vector away.
        """
        if self.result is not None:
            return []
        if self.phase == CHOOSE:
            return [Choose(True), Choose(False)]
        if self.phase == OPENING:
            return [Place(p) for p, c in enumerate(self.cells) if c == EMPTY]
        colour = self.colour_of(self.seat)
        if self.phase == NAMING:
            marks: list[Action] = [
                Mark(p) for p, c in enumerate(self.cells) if c == colour and p not in self.marked
            ]
            return [*marks, Cancel()]
        actions: list[Action] = []
        if self.phase == PLACE:
            if self.can_place():
                actions.extend(Place(p) for p, c in enumerate(self.cells) if c == EMPTY)
            if self._swap_allowed():
                actions.append(Swap())
        if self._claim_possible():
            actions.append(Claim())
        if self.settings.claim and (self.phase == CLAIM_WINDOW or not self.can_place()):
            actions.append(EndTurn())
        return actions

    def _swap_allowed(self) -> bool:
        return (
            self.settings.opening == "swap"
            and self.turns == 1
            and self.phase == PLACE
            and sum(1 for c in self.cells if c != EMPTY) == 1
        )

    def illegal_reason(self, action: Action) -> IllegalAction | None:
        """Why ``action`` breaks a rule here, or ``None``."""
        if isinstance(action, Choose):
            if self.phase != CHOOSE:
                return IllegalAction(
                    "not-choosing",
                    "choosing a colour only happens once, right after the three-token opening",
                )
            return None
        if self.phase == CHOOSE:
            return IllegalAction(
                "must-choose",
                "three-move opening: first choose to play the pair or the single token",
            )
        if self.phase == NAMING and not isinstance(action, Mark | Cancel):
            return IllegalAction(
                "finish-claim",
                "a claim is under way: name the four tokens of your vector, or cancel the claim",
            )
        if isinstance(action, Place):
            return self._place_problem(action.point)
        if isinstance(action, Swap):
            if not self._swap_allowed():
                return IllegalAction(
                    "swap-first-reply-only",
                    "the swap is only allowed as the second player's first move, "
                    "when the swap opening is in play",
                )
            return None
        if isinstance(action, Claim):
            return self._claim_problem()
        if isinstance(action, Mark | Cancel):
            return self._naming_problem(action)
        if isinstance(action, EndTurn):
            if not self.settings.claim:
                return IllegalAction("no-end-turn", "a turn ends by itself once a token is placed")
            if self.phase != CLAIM_WINDOW and self.can_place():
                return IllegalAction("must-place", "place a token before ending your turn")
            return None
        return IllegalAction("unknown-action", "that is not a Time Vectors action")

    def _place_problem(self, point: int) -> IllegalAction | None:
        if not 0 <= point < B.POINTS:
            return IllegalAction("no-such-point", "there is no such point")
        if self.phase == CLAIM_WINDOW:
            return IllegalAction(
                "one-token-per-turn",
                "you have placed your token this turn; claim a vector or end your turn",
            )
        if self.cells[point] != EMPTY:
            return IllegalAction("occupied", f"{B.name(point)} is taken: tokens go on empty points")
        if self.phase == PLACE and self.tokens_left(self.colour_of(self.seat)) <= 0:
            return IllegalAction("no-tokens", "you have no tokens left to place")
        out = self.supply_exhausted() if self.settings.claim else None
        if self.phase == PLACE and out is not None:
            return IllegalAction(
                "supply-exhausted",
                f"{COLOUR_NAMES[out]} has no tokens left, so nobody places any more: "
                "claim a vector or end your turn",
            )
        return None

    def _claim_problem(self) -> IllegalAction | None:
        if not self.settings.claim:
            return IllegalAction(
                "claims-off",
                "vectors are detected automatically; claims are only used with the claim rule",
            )
        if self.phase == OPENING:
            return IllegalAction("opening", "no claims during the three-token opening")
        if not self._claim_possible():
            return IllegalAction(
                "claim-four-tokens", "a claim needs four of your tokens on the board"
            )
        return None

    def _naming_problem(self, action: Mark | Cancel) -> IllegalAction | None:
        if self.phase != NAMING:
            return IllegalAction(
                "no-claim", "start a claim first (claim), then name its four points"
            )
        if isinstance(action, Cancel):
            return None
        point = action.point
        if not 0 <= point < B.POINTS:
            return IllegalAction("no-such-point", "there is no such point")
        if point in self.marked:
            return IllegalAction(
                "claim-four-points", f"{B.name(point)} is already named in this claim"
            )
        if self.cells[point] != self.colour_of(self.seat):
            return IllegalAction(
                "claim-own-tokens",
                f"{B.name(point)} does not hold one of your tokens; "
                "a claim names four of your own tokens",
            )
        return None

    def apply(self, action: Action) -> TimeVectorsState:
        """Unchecked: the state after a legal ``action``."""
        if isinstance(action, Place):
            return self._apply_place(action.point)
        if isinstance(action, Swap):
            cells = list(self.cells)
            first = next(p for p, c in enumerate(cells) if c != EMPTY)
            cells[first] = self.colour_of(self.seat)
            return self._end_turn(replace(self, cells=tuple(cells), last=first), placed=True)
        if isinstance(action, Choose):
            if action.pair:
                # The chooser's team takes the two-token colour; the opener moves next.
                swapped = tuple(reversed(self.team_colours[:2])) + self.team_colours[2:]
                state = replace(self, team_colours=swapped, phase=PLACE)
                return state._end_turn(state, placed=False, count_idle=False)
            return replace(self, phase=PLACE)
        if isinstance(action, Claim):
            return replace(self, phase=NAMING, resume=self.phase, marked=(), notice="")
        if isinstance(action, Cancel):
            return replace(self, phase=self.resume, marked=())
        if isinstance(action, Mark):
            return self._apply_mark(action.point)
        # EndTurn
        return self._end_turn(self, placed=self.phase == CLAIM_WINDOW)

    def _apply_mark(self, point: int) -> TimeVectorsState:
        marked = (*self.marked, point)
        if len(marked) < 4:
            return replace(self, marked=marked)
        line = B.ordered(marked)
        number = None if line is None else B.VECTOR_SETS[frozenset(marked)]
        names = B.names(marked)
        if number is not None and number not in self.lapsed:
            seats = self.seats_of_colour(self.colour_of(self.seat))
            # The reason names the points in order: four tokens on four tiers are hard to
            # read off the board.
            points = B.names(line or marked)
            outcome = Outcome.win(seats, self.settings.seats, "claimed a vector: " + points)
            return replace(
                self, marked=marked, winning_line=line, result=outcome, phase=self.resume
            )
        # A wrong claim costs one placement (see the rules page, Clarifications).
        if number is None:
            why = f"{names} is not a vector"
        else:
            why = f"{names} lapsed: another colour completed a vector after it"
        state = replace(self, marked=(), phase=self.resume)
        if self.resume == PLACE:
            notice = f"Wrong claim ({why}): the turn is lost without placing a token."
            return replace(state._end_turn(state, placed=False), notice=notice)
        skips = list(self.skips or (0,) * self.settings.colours)
        skips[self.settings.team_of(self.seat)] += 1
        notice = f"Wrong claim ({why}): the next turn of this side is skipped."
        state = replace(state, skips=tuple(skips))
        return replace(state._end_turn(state, placed=True), notice=notice)

    def _apply_place(self, point: int) -> TimeVectorsState:
        cells = list(self.cells)
        if self.phase == OPENING:
            placed = sum(1 for c in cells if c != EMPTY)
            # Opening tokens: the first two share a colour, the third has the other.
            cells[point] = 0 if placed < 2 else 1
            state = replace(self, cells=tuple(cells), last=point)
            if placed < 2:
                return state
            return replace(state, phase=CHOOSE, seat=1, slot=1, turns=1)
        colour = self.colour_of(self.seat)
        cells[point] = colour
        state = replace(self, cells=tuple(cells), last=point, notice="")
        completed = [
            B.VECTORS[n]
            for n in B.VECTORS_THROUGH[point]
            if all(cells[p] == colour for p in B.VECTORS[n])
        ]
        if self.settings.claim:
            if completed:
                # Every other colour's unclaimed vector lapses: this one came after it.
                others = {
                    B.VECTOR_SETS[frozenset(v)]
                    for c in range(self.settings.colours)
                    if c != colour
                    for v in state.owned_vectors(c)
                }
                state = replace(state, lapsed=self.lapsed | others)
            return replace(state, phase=CLAIM_WINDOW)
        if completed:
            outcome = Outcome.win(
                self.seats_of_colour(colour),
                self.settings.seats,
                "built a vector: " + B.names(completed[0]),
            )
            return replace(state, winning_line=completed[0], result=outcome)
        return self._end_turn(state, placed=True)

    def _end_turn(
        self, state: TimeVectorsState, placed: bool, count_idle: bool = True
    ) -> TimeVectorsState:
        # The claim-rule draw waits until every seat has taken a turn without
        # placing: counting turns in a row instead let it fire before a seat
        # whose turn was skipped had its last chance to claim.
        passed = frozenset() if placed or not count_idle else state.passed | {state.seat}
        cycle = self.settings.cycle
        slot = (state.slot + 1) % len(cycle)
        turns = state.turns + 1
        skips = state.skips
        while skips and skips[self.settings.team_of(cycle[slot])]:
            # A side that made a wrong claim after placing misses this turn; a
            # loop, since the side after it may owe a skip too.
            left = list(skips)
            left[self.settings.team_of(cycle[slot])] -= 1
            skips = tuple(left) if any(left) else ()
            slot = (slot + 1) % len(cycle)
            turns += 1
        nxt = replace(
            state,
            seat=cycle[slot],
            slot=slot,
            phase=PLACE,
            turns=turns,
            passed=passed,
            skips=skips,
            marked=(),
        )
        if not nxt.can_place():
            reason = "no free point is left" if EMPTY not in nxt.cells else "the tokens ran out"
            if not self.settings.claim or len(passed) == self.settings.seats:
                return replace(nxt, result=Outcome.draw(self.settings.seats, reason))
        return nxt

    def outcome(self) -> Outcome | None:
        """The result, once a vector wins or the game is drawn."""
        return self.result

    # -- views and serialisation ---------------------------------------------

    def view(self, seat: int | None) -> JSON:
        """Everything is public in Time Vectors (the legal list never reveals a vector)."""
        return {
            "cells": list(self.cells),
            "seat": None if self.result else self.seat,
            "phase": self.phase,
            "colour_of_seat": [self.colour_of(s) for s in range(self.settings.seats)],
            "team_of_seat": [self.settings.team_of(s) for s in range(self.settings.seats)],
            "tokens_left": [self.tokens_left(c) for c in range(max(self.settings.colours, 2))],
            "supply": self.settings.supply,
            "last": None if self.last is None else B.name(self.last),
            "winning_line": None
            if self.winning_line is None
            else [B.name(p) for p in self.winning_line],
            "legal": [GAME.action_to_text(a) for a in self.legal_actions()],
            "claim_rule": self.settings.claim,
            "claim_open": self.result is None and self._claim_possible(),
            "marked": [B.name(p) for p in self.marked],
            "notice": self.notice,
            "outcome": None if self.result is None else self.result.to_dict(),
            "turns": self.turns,
        }

    def to_dict(self) -> JSON:
        """Full state as plain data."""
        s = self.settings
        return {
            "format": FORMAT_VERSION,
            "game": GAME.slug,
            "settings": {
                "players": s.players,
                "opening": s.opening,
                "claim": s.claim,
                "supply": s.supply,
            },
            "cells": "".join("." if c == EMPTY else str(c) for c in self.cells),
            "seat": self.seat,
            "slot": self.slot,
            "phase": self.phase,
            "team_colours": list(self.team_colours),
            "turns": self.turns,
            "passed": sorted(self.passed),
            "last": self.last,
            "winning_line": None if self.winning_line is None else list(self.winning_line),
            "result": None if self.result is None else self.result.to_dict(),
            "seed": self.seed,
            "marked": list(self.marked),
            "resume": self.resume,
            "lapsed": sorted(self.lapsed),
            "skips": list(self.skips),
            "notice": self.notice,
        }


class TimeVectorsGame(Game[TimeVectorsState, Action]):
    """Four in a row on a 4×4×4×4 board whose fourth dimension, time, is cyclic."""

    slug = "time_vectors"
    title = "Time Vectors"
    summary = "Four in a row in four dimensions; the fourth, time, runs in a circle."

    def option_specs(self) -> Sequence[OptionSpec]:
        """Line-up, opening protocol, claim rule and token supply."""
        return (
            OptionSpec(
                "players",
                "Players",
                "2",
                tuple((key, label) for key, (label, _, _) in PLAYERS.items()),
                "Team members share a colour and take turns in rotation. "
                "The box holds a third colour for three players.",
            ),
            OptionSpec(
                "opening",
                "Opening protocol",
                "none",
                (
                    ("none", "None"),
                    ("swap", "First-move swap"),
                    ("3meq", "Three-move equalization (3MEQ)"),
                ),
                "Ways to take away the first player's advantage; two-player games only.",
            ),
            OptionSpec(
                "claim",
                "Winning a vector",
                False,
                ((False, "Automatic detection"), (True, "Claim rule (as printed)")),
                "As printed, four in a line win only once their owner claims them, before "
                "the opponent completes a vector; automatic detection ends the game at once.",
            ),
            OptionSpec(
                "supply",
                "Tokens per colour",
                20,
                ((20, "20 (as printed)"), (35, "35 (the box)"), (0, "Unlimited")),
                "When the player to move has no token left, the game is drawn. Under the "
                "claim rule nobody places once any colour runs out, and the game is drawn "
                "after a last round for claims.",
            ),
        )

    def upgrade_options(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """Saves from before the ``players`` option still open.

        Those name ``colours`` (2 or 3) and ``team_size`` (1 to 3) instead.
        """
        if "colours" in options or "team_size" in options:
            old = dict(options)
            colours, team_size = old.pop("colours", 2), old.pop("team_size", 1)
            key = str(colours) if team_size == 1 else f"{colours}x{team_size}"
            if key not in PLAYERS:
                raise FormatError(f"{colours} colours in teams of {team_size} is no longer offered")
            options = {**old, "players": key}
        return options

    def check_options(self, options: Mapping[str, Any]) -> None:
        """The swap and 3MEQ are for two-player games."""
        if options["players"] != "2" and options["opening"] != "none":
            raise FormatError(OPENING_REASON)

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """One seat per person."""
        return len(PLAYERS[str(options.get("players", "2"))][1])

    def seat_labels(self, options: Mapping[str, Any]) -> list[str]:
        """'Amber', 'Teal'; 'First player', 'Second player' under 3MEQ; 'Amber A', ... for teams."""
        teams = PLAYERS[str(options.get("players", "2"))][1]
        if options.get("opening") == "3meq":
            # The colours are only settled by the second player's choice.
            return ["First player", "Second player"]
        if len(set(teams)) == len(teams):
            return [COLOUR_NAMES[t] for t in teams]
        labels = []
        for seat, team in enumerate(teams):
            members = [s for s, t in enumerate(teams) if t == team]
            if len(members) == 1:
                labels.append(COLOUR_NAMES[team] + " (alone)")
            else:
                labels.append(f"{COLOUR_NAMES[team]} {'ABC'[members.index(seat)]}")
        return labels

    def new(self, options: Mapping[str, Any], seed: int) -> TimeVectorsState:
        """A new, empty board."""
        settings = Settings(
            players=str(options.get("players", "2")),
            opening=str(options.get("opening", "none")),
            claim=bool(options.get("claim", False)),
            supply=int(options.get("supply", 20)),
        )
        phase = OPENING if settings.opening == "3meq" else PLACE
        return TimeVectorsState(
            settings=settings,
            phase=phase,
            team_colours=tuple(range(settings.colours)),
            seed=seed,
        )

    def from_dict(self, data: Mapping[str, Any]) -> TimeVectorsState:
        """Rebuild a state from :meth:`TimeVectorsState.to_dict`."""
        try:
            if data["format"] != FORMAT_VERSION or data["game"] != self.slug:
                raise FormatError("not a Time Vectors state of this format")
            settings = Settings(**self.normalise_options(data["settings"]))
            cells = tuple(EMPTY if ch == "." else int(ch) for ch in data["cells"])
            if len(cells) != B.POINTS or max(cells) >= settings.colours:
                raise FormatError("the board must have 256 points of the game's colours")
            slot = int(data["slot"])
            if settings.cycle[slot] != int(data["seat"]):
                raise FormatError("the seat to move does not match the turn order")
            if str(data["phase"]) not in (PLACE, OPENING, CHOOSE, CLAIM_WINDOW, NAMING):
                raise FormatError("unknown phase")
            result = data["result"]
            line = data["winning_line"]
            return TimeVectorsState(
                settings=settings,
                cells=cells,
                seat=int(data["seat"]),
                phase=str(data["phase"]),
                team_colours=tuple(int(c) for c in data["team_colours"]),
                turns=int(data["turns"]),
                passed=self._passed(data, settings),
                last=None if data["last"] is None else int(data["last"]),
                winning_line=None if line is None else tuple(int(p) for p in line),
                result=None if result is None else Outcome.from_dict(result),
                seed=int(data["seed"]),
                slot=slot,
                marked=tuple(int(p) for p in data["marked"]),
                resume=str(data["resume"]),
                lapsed=frozenset(int(n) for n in data["lapsed"]),
                skips=tuple(int(n) for n in data["skips"]),
                notice=str(data["notice"]),
            )
        except (KeyError, TypeError, ValueError, IndexError) as err:
            if isinstance(err, FormatError):
                raise
            raise FormatError(f"not a valid Time Vectors state: {err}") from None

    @staticmethod
    def _passed(data: Mapping[str, Any], settings: Settings) -> frozenset[int]:
        if "passed" not in data:
            # Older saves counted turns in a row without a token ("idle_turns") and
            # not who took them (a skipped turn could count); the count starts
            # again, so at worst the players pass once more before the draw.
            return frozenset()
        passed = frozenset(int(s) for s in data["passed"])
        if not passed <= set(range(settings.seats)):
            raise FormatError("a seat that passed is not in the game")
        return passed

    def action_to_text(self, action: Action) -> str:
        """Notation: ``SW1a1``, ``swap``, ``pair``, ``single``, ``end``, and for claims
        ``claim``, ``mark SW1a1`` (once for each of the four points) and ``cancel``.
        """
        if isinstance(action, Place):
            return B.name(action.point)
        if isinstance(action, Mark):
            return "mark " + B.name(action.point)
        if isinstance(action, Choose):
            return "pair" if action.pair else "single"
        words = {Swap: "swap", Claim: "claim", Cancel: "cancel", EndTurn: "end"}
        return words[type(action)]

    def parse_action(self, text: str) -> Action:
        """Inverse of :meth:`action_to_text`."""
        words = text.strip().split()
        if not words:
            raise NotationError("an empty move; write a point such as SW1a1")
        head = words[0].lower()
        keywords: dict[str, Action] = {
            "swap": Swap(),
            "pair": Choose(True),
            "single": Choose(False),
            "claim": Claim(),
            "cancel": Cancel(),
            "end": EndTurn(),
        }
        if head in keywords and len(words) == 1:
            return keywords[head]
        try:
            if head == "mark" and len(words) == 2:
                return Mark(B.index(words[1]))
            if len(words) == 1:
                return Place(B.index(words[0]))
        except ValueError as err:
            raise NotationError(str(err)) from None
        if head == "claim":
            raise NotationError(
                "a claim is made in steps: claim, then mark each of its four points"
            )
        raise NotationError(f"{text!r} is not a Time Vectors move; write a point such as SW1a1")

    def log_text(self, state: TimeVectorsState, text: str) -> str:
        """Spell out colour changes (3MEQ, swap) and what a finished claim came to."""
        try:
            action = self.parse_action(text)
        except NotationError:
            return text
        if isinstance(action, Choose):
            if action.pair:
                return (
                    f"{text}: plays Amber (the two tokens) from now on; "
                    "the first player plays Teal and moves next"
                )
            return (
                f"{text}: plays Teal (the single token) from now on and moves now; "
                "the first player plays Amber"
            )
        if isinstance(action, Swap):
            colour = COLOUR_NAMES[state.colour_of(state.seat)]
            return f"swap: the first token becomes {colour}; the first player moves again"
        if isinstance(action, Mark) and len(state.marked) == 3 and state.phase == NAMING:
            after = state.apply(action)
            if after.result is not None:
                return f"{text}: the claim wins"
            return f"{text}: {after.notice}"
        return text

    def examples(self) -> Sequence[JSON]:
        """The manual's figures and one vector of every kind."""
        from .examples import EXAMPLES

        return [example.to_dict() for example in EXAMPLES]

    def tool(self, name: str, args: JSON) -> JSON:
        """``vector_dimensions``: check four points (``args["points"]``) for a vector."""
        if name != "vector_dimensions":
            return super().tool(name, args)
        names = args.get("points")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise FormatError("give the points as a list of names such as SW1a1")
        if len(names) != 4:
            raise FormatError("choose four different points")
        try:
            indices = [B.index(n) for n in names]
        except ValueError as err:
            raise FormatError(str(err)) from None
        # Compare points, not spellings: "sw1a1" and "SW1a1" are one point.
        if len(set(indices)) != 4:
            raise FormatError("choose four different points")
        dims = B.vector_dimensions(names)
        line = B.ordered(indices)
        return {
            "dimensions": None if dims is None else sorted(dims),
            "ordered": None if line is None else [B.name(p) for p in line],
            "described": describe_kind(dims),
        }


GAME = TimeVectorsGame()


def describe_kind(dims: Iterable[int] | None) -> str:
    """Words for a vector kind: ``{1, 4}`` is 'a vector of the west–east and time dimensions'."""
    if dims is None:
        return "not a vector"
    names = [B.DIMENSION_NAMES[d] for d in sorted(dims)]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    plural = "dimension" if len(names) == 1 else "dimensions"
    return f"a vector of the {joined} {plural}"


def points(names: Iterable[str]) -> list[int]:
    """Point indices of notation names (a convenience for tests and docs)."""
    return [B.index(n) for n in names]
