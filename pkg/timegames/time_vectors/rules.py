"""Time Vectors: rules, actions and notation.

Players (or teams) each own a colour and take turns putting one token on an
empty point.  Four tokens of one colour on a vector win.  Variants: teams
that rotate as the manual describes, a third colour, the first-move swap,
the three-move equalization (3MEQ), and a tournament rule under which a
vector only wins once its owner claims it by naming its four points.
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
"""The player to move places a token (or swaps, or claims)."""
OPENING = "opening"
"""3MEQ: the first player places three tokens, two of one colour and one of another."""
CHOOSE = "choose"
"""3MEQ: the second player chooses to play the pair or the single token."""
CLAIM_WINDOW = "claim"
"""Claim rule: after placing, the player may claim a vector or end the turn."""


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
    """Claim rule: name four of your points that form a vector."""

    points: tuple[int, ...]


@dataclass(frozen=True)
class EndTurn:
    """Claim rule: end the turn without claiming."""


Action = Place | Swap | Choose | Claim | EndTurn


@dataclass(frozen=True)
class Settings:
    """The variant switches of one game."""

    colours: int = 2
    team_size: int = 1
    opening: str = "none"
    claim: bool = False
    supply: int = 20

    @property
    def seats(self) -> int:
        """Seats in turn order: team 1 player A, team 2 player A, ..., team 1 player B, ..."""
        return self.colours * self.team_size

    @property
    def tokens_per_colour(self) -> int:
        """How many tokens each colour has (0 in the options means the whole board)."""
        return self.supply or B.POINTS

    def team_of(self, seat: int) -> int:
        """The team (first colour holder) a seat belongs to."""
        return seat % self.colours


@dataclass(frozen=True)
class TimeVectorsState(State[Action]):
    """A Time Vectors position."""

    settings: Settings
    cells: tuple[int, ...] = field(default=(EMPTY,) * B.POINTS)
    seat: int = 0
    phase: str = PLACE
    team_colours: tuple[int, ...] = (0, 1)
    turns: int = 0
    idle_turns: int = 0
    last: int | None = None
    winning_line: tuple[int, ...] | None = None
    result: Outcome | None = None
    seed: int = 0

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
        """True if the mover has a token and a free point to put it on."""
        colour = self.colour_of(self.seat) if self.phase == PLACE else 0
        return self.tokens_left(colour) > 0 and EMPTY in self.cells

    def owned_vectors(self, colour: int) -> list[tuple[int, ...]]:
        """Every vector fully covered by ``colour``."""
        cells = self.cells
        return [v for v in B.VECTORS if all(cells[p] == colour for p in v)]

    def legal_actions(self) -> list[Action]:
        """Every action allowed now, including genuine claims under the claim rule."""
        if self.result is not None:
            return []
        if self.phase == CHOOSE:
            return [Choose(True), Choose(False)]
        actions: list[Action] = []
        if self.phase == OPENING:
            return [Place(p) for p, c in enumerate(self.cells) if c == EMPTY]
        if self.phase == PLACE:
            if self.can_place():
                actions.extend(Place(p) for p, c in enumerate(self.cells) if c == EMPTY)
            if self._swap_allowed():
                actions.append(Swap())
        if self.settings.claim:
            colour = self.colour_of(self.seat)
            actions.extend(Claim(tuple(sorted(v))) for v in self.owned_vectors(colour))
            if self.phase == CLAIM_WINDOW or not self.can_place():
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
        if isinstance(action, Place):
            if not 0 <= action.point < B.POINTS:
                return IllegalAction("no-such-point", "there is no such point")
            if self.phase == CLAIM_WINDOW:
                return IllegalAction(
                    "one-token-per-turn",
                    "you have placed your token this turn; claim a vector or end your turn",
                )
            if self.cells[action.point] != EMPTY:
                return IllegalAction(
                    "occupied", f"{B.name(action.point)} is taken: tokens go on empty points"
                )
            if self.phase == PLACE and self.tokens_left(self.colour_of(self.seat)) <= 0:
                return IllegalAction("no-tokens", "you have no tokens left to place")
            return None
        if isinstance(action, Swap):
            if not self._swap_allowed():
                return IllegalAction(
                    "swap-first-reply-only",
                    "the swap is only allowed as the second player's first move, "
                    "when the swap opening is in play",
                )
            return None
        if isinstance(action, Claim):
            if not self.settings.claim:
                return IllegalAction(
                    "claims-off",
                    "vectors are detected automatically; claims are only used with the claim rule",
                )
            if self.phase == OPENING:
                return IllegalAction("opening", "no claims during the three-token opening")
            colour = self.colour_of(self.seat)
            if len(set(action.points)) != 4:
                return IllegalAction("claim-four-points", "a claim names four different points")
            for p in action.points:
                if self.cells[p] != colour:
                    return IllegalAction(
                        "claim-own-tokens",
                        f"{B.name(p)} does not hold one of your tokens; "
                        "a claim names four of your own tokens",
                    )
            if B.ordered(action.points) is None:
                return IllegalAction(
                    "not-a-vector",
                    "those four tokens are not a vector: each step must move exactly one "
                    "point along the same dimensions, in order",
                )
            return None
        if isinstance(action, EndTurn):
            if not self.settings.claim:
                return IllegalAction("no-end-turn", "a turn ends by itself once a token is placed")
            if self.phase != CLAIM_WINDOW and self.can_place():
                return IllegalAction("must-place", "place a token before ending your turn")
            return None
        return IllegalAction("unknown-action", "that is not a Time Vectors action")

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
            line = B.ordered(action.points)
            seats = self.seats_of_colour(self.colour_of(self.seat))
            outcome = Outcome.win(seats, self.settings.seats, "claimed a vector")
            return replace(self, winning_line=line, result=outcome)
        # EndTurn
        return self._end_turn(self, placed=self.phase == CLAIM_WINDOW)

    def _apply_place(self, point: int) -> TimeVectorsState:
        cells = list(self.cells)
        if self.phase == OPENING:
            placed = sum(1 for c in cells if c != EMPTY)
            # Opening tokens: the first two share a colour, the third has the other.
            cells[point] = 0 if placed < 2 else 1
            state = replace(self, cells=tuple(cells), last=point)
            if placed < 2:
                return state
            return replace(state, phase=CHOOSE, seat=1 % self.settings.seats, turns=1)
        colour = self.colour_of(self.seat)
        cells[point] = colour
        state = replace(self, cells=tuple(cells), last=point)
        if self.settings.claim:
            return replace(state, phase=CLAIM_WINDOW)
        for number in B.VECTORS_THROUGH[point]:
            line = B.VECTORS[number]
            if all(cells[p] == colour for p in line):
                outcome = Outcome.win(
                    self.seats_of_colour(colour), self.settings.seats, "built a vector"
                )
                return replace(state, winning_line=line, result=outcome)
        return self._end_turn(state, placed=True)

    def _end_turn(
        self, state: TimeVectorsState, placed: bool, count_idle: bool = True
    ) -> TimeVectorsState:
        idle = 0 if placed or not count_idle else state.idle_turns + 1
        nxt = replace(
            state,
            seat=(state.seat + 1) % self.settings.seats,
            phase=PLACE,
            turns=state.turns + 1,
            idle_turns=idle,
        )
        if not nxt.can_place():
            reason = "no free point is left" if EMPTY not in nxt.cells else "the tokens ran out"
            if not self.settings.claim:
                return replace(nxt, result=Outcome.draw(self.settings.seats, reason))
            if idle >= self.settings.seats:
                return replace(nxt, result=Outcome.draw(self.settings.seats, reason))
        return nxt

    def outcome(self) -> Outcome | None:
        """The result, once a vector wins or the game is drawn."""
        return self.result

    # -- views and serialisation ---------------------------------------------

    def view(self, seat: int | None) -> JSON:
        """Everything is public in Time Vectors; claims are not listed (that would reveal them)."""
        legal = [a for a in self.legal_actions() if not isinstance(a, Claim)]
        return {
            "cells": list(self.cells),
            "seat": None if self.result else self.seat,
            "phase": self.phase,
            "colour_of_seat": [self.colour_of(s) for s in range(self.settings.seats)],
            "team_of_seat": [self.settings.team_of(s) for s in range(self.settings.seats)],
            "tokens_left": [self.tokens_left(c) for c in range(max(self.settings.colours, 2))],
            "last": None if self.last is None else B.name(self.last),
            "winning_line": None
            if self.winning_line is None
            else [B.name(p) for p in self.winning_line],
            "legal": [GAME.action_to_text(a) for a in legal],
            "claim_open": self.settings.claim
            and self.result is None
            and self.phase in (PLACE, CLAIM_WINDOW),
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
                "colours": s.colours,
                "team_size": s.team_size,
                "opening": s.opening,
                "claim": s.claim,
                "supply": s.supply,
            },
            "cells": "".join("." if c == EMPTY else str(c) for c in self.cells),
            "seat": self.seat,
            "phase": self.phase,
            "team_colours": list(self.team_colours),
            "turns": self.turns,
            "idle_turns": self.idle_turns,
            "last": self.last,
            "winning_line": None if self.winning_line is None else list(self.winning_line),
            "result": None if self.result is None else self.result.to_dict(),
            "seed": self.seed,
        }


class TimeVectorsGame(Game[TimeVectorsState, Action]):
    """Four in a row on a 4×4×4×4 board whose fourth dimension, time, is cyclic."""

    slug = "time_vectors"
    title = "Time Vectors"
    summary = "Four in a row in four dimensions; the fourth, time, runs in a circle."

    def option_specs(self) -> Sequence[OptionSpec]:
        """Colours, team size, opening protocol, claim rule and token supply."""
        return (
            OptionSpec(
                "colours",
                "Colours",
                2,
                ((2, "Two colours"), (3, "Three colours (variant)")),
                "One colour per player or team. The box holds three colours.",
            ),
            OptionSpec(
                "team_size",
                "Players per colour",
                1,
                ((1, "One"), (2, "Two (teams)"), (3, "Three (teams)")),
                "Team members share a colour and take turns in rotation.",
            ),
            OptionSpec(
                "opening",
                "Opening",
                "none",
                (
                    ("none", "Plain start"),
                    ("swap", "First-move swap"),
                    ("3meq", "Three-move equalization (3MEQ)"),
                ),
                "Protocols that take away the first player's advantage (two colours only).",
            ),
            OptionSpec(
                "claim",
                "Claim rule",
                False,
                ((False, "Vectors are detected"), (True, "Players must claim vectors")),
                "Tournament rule: a vector wins only when its owner names its four points.",
            ),
            OptionSpec(
                "supply",
                "Tokens per colour",
                20,
                ((20, "20 (the manual)"), (35, "35 (the box)"), (0, "Unlimited")),
                "When the player to move has no token left, the game is drawn.",
            ),
        )

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Openings are defined for two colours only."""
        if options["colours"] != 2 and options["opening"] != "none":
            raise FormatError("the swap and 3MEQ openings are for two colours only")

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """Colours times players per colour."""
        return int(options.get("colours", 2)) * int(options.get("team_size", 1))

    def seat_labels(self, options: Mapping[str, Any]) -> list[str]:
        """'Amber', or 'Amber A', 'Teal A', 'Amber B', ... for teams."""
        colours = int(options.get("colours", 2))
        team_size = int(options.get("team_size", 1))
        if team_size == 1:
            return list(COLOUR_NAMES[:colours])
        return [
            f"{COLOUR_NAMES[s % colours]} {'ABC'[s // colours]}" for s in range(colours * team_size)
        ]

    def new(self, options: Mapping[str, Any], seed: int) -> TimeVectorsState:
        """A new, empty board."""
        settings = Settings(
            colours=int(options.get("colours", 2)),
            team_size=int(options.get("team_size", 1)),
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
            s = data["settings"]
            options = self.normalise_options(s)
            settings = Settings(**options)
            cells = tuple(EMPTY if ch == "." else int(ch) for ch in data["cells"])
            if len(cells) != B.POINTS:
                raise FormatError("the board must have 256 points")
            result = data["result"]
            line = data["winning_line"]
            return TimeVectorsState(
                settings=settings,
                cells=cells,
                seat=int(data["seat"]),
                phase=str(data["phase"]),
                team_colours=tuple(int(c) for c in data["team_colours"]),
                turns=int(data["turns"]),
                idle_turns=int(data["idle_turns"]),
                last=None if data["last"] is None else int(data["last"]),
                winning_line=None if line is None else tuple(int(p) for p in line),
                result=None if result is None else Outcome.from_dict(result),
                seed=int(data["seed"]),
            )
        except (KeyError, TypeError, ValueError) as err:
            if isinstance(err, FormatError):
                raise
            raise FormatError(f"not a valid Time Vectors state: {err}") from None

    def action_to_text(self, action: Action) -> str:
        """``SW1a1``, ``swap``, ``pair``, ``single``, ``claim P P P P`` or ``end``."""
        if isinstance(action, Place):
            return B.name(action.point)
        if isinstance(action, Swap):
            return "swap"
        if isinstance(action, Choose):
            return "pair" if action.pair else "single"
        if isinstance(action, Claim):
            return "claim " + " ".join(B.name(p) for p in action.points)
        return "end"

    def parse_action(self, text: str) -> Action:
        """Inverse of :meth:`action_to_text`; claims may list points in any order."""
        words = text.strip().split()
        if not words:
            raise NotationError("an empty move; write a point such as SW1a1")
        head = words[0].lower()
        keywords: dict[str, Action] = {
            "swap": Swap(),
            "pair": Choose(True),
            "single": Choose(False),
            "end": EndTurn(),
        }
        if head in keywords and len(words) == 1:
            return keywords[head]
        try:
            if head == "claim":
                points = [B.index(w) for w in words[1:]]
                if len(points) != 4:
                    raise NotationError("a claim names four points: claim P P P P")
                return Claim(tuple(sorted(points)))
            if len(words) == 1:
                return Place(B.index(words[0]))
        except ValueError as err:
            raise NotationError(str(err)) from None
        raise NotationError(f"{text!r} is not a Time Vectors move; write a point such as SW1a1")

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
        if len(set(names)) != 4:
            raise FormatError("choose four different points")
        try:
            dims = B.vector_dimensions(names)
        except ValueError as err:
            raise FormatError(str(err)) from None
        line = B.ordered(B.index(n) for n in names)
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
