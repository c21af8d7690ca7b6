"""Computer players for Time Vectors, from a random beginner to a threat-searching master.

Every level works from the same line analysis: for each of the 976 vectors,
how many tokens each colour has on it.  A line with three of one colour and
an empty fourth point is a *threat*; a move that creates two threats at once
is a *fork* (the next player can block only one).

* ``beginner`` places at random and sees a win in one only half the time.
* ``casual`` takes wins, usually blocks, and otherwise picks a well-connected point.
* ``expert`` always wins and blocks, plays short forced wins by continuous
  threats and looks two moves ahead with alpha-beta.
* ``master`` searches as deep as its time allows (iterative deepening with a
  transposition table), looks for long forced threat wins, and before each
  move checks whether the opponent has one; if so, it only plays moves that
  refute it.  The searches live in :mod:`.search`.

With three colours the strong levels fall back on the line heuristics below
(the searches are for two sides).  With the first-move swap they swap a first
token on a top-quarter point and, opening, take the best point they would not
swap themselves.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ..core.protocol import AiLevel, Bot, BotContext, FormatError, State
from . import board as B
from . import search
from .rules import (
    CHOOSE,
    CLAIM_WINDOW,
    EMPTY,
    NAMING,
    OPENING,
    PLACE,
    Action,
    Cancel,
    Choose,
    Claim,
    EndTurn,
    Mark,
    Place,
    Swap,
    TimeVectorsState,
)

LEVELS: tuple[AiLevel, ...] = (
    AiLevel("beginner", "Beginner", "Places at random; notices a win in one about half the time."),
    AiLevel("casual", "Casual", "Takes wins, usually blocks, likes well-connected points."),
    AiLevel(
        "expert", "Expert", "Always wins and blocks; finds short forced wins; looks a move ahead."
    ),
    AiLevel(
        "master",
        "Master",
        "Deep search within its time; finds long forced wins and refutes yours in advance.",
    ),
)

LINE_COUNT: tuple[int, ...] = tuple(len(t) for t in B.VECTORS_THROUGH)
"""How many vectors pass through each point: a rough measure of its value."""

# Value of adding a token to a line that already holds k of my tokens and
# no other colour (index k), and of blocking a line holding k opposing tokens.
OWN_WEIGHT = (1.0, 5.0, 32.0, 0.0)
BLOCK_WEIGHT = (0.0, 3.5, 24.0, 0.0)


class Analysis:
    """Per-line token counts for one position, from one colour's point of view."""

    def __init__(self, cells: Sequence[int], me: int, colours: int) -> None:
        self.cells = list(cells)
        self.me = me
        self.colours = colours
        self.counts = [[0] * colours for _ in B.VECTORS]
        for number, line in enumerate(B.VECTORS):
            row = self.counts[number]
            for p in line:
                c = self.cells[p]
                if c != EMPTY:
                    row[c] += 1

    def empties(self) -> list[int]:
        """Free points."""
        return [p for p, c in enumerate(self.cells) if c == EMPTY]

    def win_points(self, colour: int) -> set[int]:
        """Empty points that complete a vector for ``colour`` at once."""
        found: set[int] = set()
        for number, row in enumerate(self.counts):
            if row[colour] == 3 and sum(row) == 3:
                found.update(p for p in B.VECTORS[number] if self.cells[p] == EMPTY)
        return found

    def threats_made(self, colour: int, point: int) -> set[int]:
        """The win points ``colour`` would gain by placing on ``point``."""
        made: set[int] = set()
        for number in B.VECTORS_THROUGH[point]:
            row = self.counts[number]
            if row[colour] == 2 and sum(row) == 2:
                made.update(p for p in B.VECTORS[number] if p != point and self.cells[p] == EMPTY)
        return made

    def fork_points(self, colour: int) -> list[int]:
        """Points where ``colour`` would create two or more threats."""
        return [p for p in self.empties() if len(self.threats_made(colour, p)) >= 2]

    def score(self, point: int, opponents: Sequence[tuple[int, float]]) -> float:
        """Heuristic value of ``point`` for :attr:`me`: open lines built and lines blocked."""
        total = 0.0
        me = self.me
        for number in B.VECTORS_THROUGH[point]:
            row = self.counts[number]
            occupied = sum(row)
            mine = row[me]
            if mine == occupied:
                total += OWN_WEIGHT[mine]
                continue
            if mine:
                continue
            for colour, weight in opponents:
                if row[colour] == occupied:
                    total += BLOCK_WEIGHT[row[colour]] * weight
        return total

    def place(self, point: int, colour: int) -> None:
        """Put a token down, updating the line counts."""
        self.cells[point] = colour
        for number in B.VECTORS_THROUGH[point]:
            self.counts[number][colour] += 1

    def remove(self, point: int, colour: int) -> None:
        """Undo :meth:`place`."""
        self.cells[point] = EMPTY
        for number in B.VECTORS_THROUGH[point]:
            self.counts[number][colour] -= 1


SWAP_LINES = sorted(LINE_COUNT)[len(LINE_COUNT) * 3 // 4]
"""The strong levels swap a first token on a point with at least this many vectors
(the top quarter of the points: the 22-vector ones)."""


def _opens_against_a_swap(state: TimeVectorsState) -> bool:
    """True on the first move of a game whose reply may swap it."""
    return (
        state.settings.opening == "swap"
        and state.phase == PLACE
        and all(c == EMPTY for c in state.cells)
    )


def opponent_order(state: TimeVectorsState) -> list[int]:
    """Other colours in the order they move next (the next mover first)."""
    me = state.colour_of(state.seat)
    order: list[int] = []
    seats = state.settings.seats
    for step in range(1, seats + 1):
        colour = state.colour_of((state.seat + step) % seats)
        if colour != me and colour not in order:
            order.append(colour)
    return order


class TimeVectorsBot(Bot[Action]):
    """One bot class; the level switches its skills on."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.rank = [lv.key for lv in LEVELS].index(level)

    # -- the entry point --------------------------------------------------------

    def choose(self, state: State[Action], context: BotContext) -> Action:
        """A move for the seat to act."""
        assert isinstance(state, TimeVectorsState)
        rng = context.rng
        if state.is_terminal():
            raise ValueError("no legal action")
        if state.settings.claim:
            claim = self._claim_step(state, rng)
            if claim is not None:
                return claim
        if state.phase == OPENING:
            return self._opening_token(state, rng)
        if state.phase == CHOOSE:
            return self._choose_colour(state, rng)
        if not state.can_place():
            return EndTurn()
        # Decide on the swap first: the placement search would be thrown away.
        if state._swap_allowed() and self._wants_swap(state, rng):
            return Swap()
        if self.rank >= 2 and _opens_against_a_swap(state):
            return Place(self._unswappable_opening(state, rng))
        return Place(self._place(state, rng, context))

    # -- the claim rule -----------------------------------------------------------------

    def _claim_step(self, state: TimeVectorsState, rng: Any) -> Action | None:
        """Claim a vector the bot notices (always, from expert up); None to carry on placing."""
        colour = state.colour_of(state.seat)
        if state.phase == NAMING:
            for line in state.claimable_vectors(colour):
                if set(state.marked) <= set(line):
                    return Mark(next(p for p in line if p not in state.marked))
            return Cancel()
        if state.phase not in (CLAIM_WINDOW, "place"):
            return None
        notices = (0.5, 0.85, 1.0, 1.0)[self.rank]
        if state.claimable_vectors(colour) and rng.random() < notices:
            return Claim()
        if state.phase == CLAIM_WINDOW:
            return EndTurn()
        return None

    # -- openings -----------------------------------------------------------------

    def _wants_swap(self, state: TimeVectorsState, rng: Any) -> bool:
        first = next(p for p, c in enumerate(state.cells) if c != EMPTY)
        if self.rank < 2:
            return bool(rng.random() < 0.3)
        return LINE_COUNT[first] >= SWAP_LINES

    def _unswappable_opening(self, state: TimeVectorsState, rng: Any) -> int:
        """The best first point that the strong levels' own swap rule would leave alone.

        Opening on a point the reply swaps gives the first move away; below
        :data:`SWAP_LINES` the opener keeps its token.
        """
        analysis = Analysis(state.cells, state.colour_of(state.seat), 2)
        weights = [(c, 1.0) for c in opponent_order(state)]
        free = [p for p in analysis.empties() if LINE_COUNT[p] < SWAP_LINES]
        top = max(analysis.score(p, weights) for p in free)
        best = [p for p in free if analysis.score(p, weights) == top]
        return best[int(rng.randrange(len(best)))]

    def _opening_token(self, state: TimeVectorsState, rng: Any) -> Action:
        placed = sum(1 for c in state.cells if c != EMPTY)
        free = [p for p, c in enumerate(state.cells) if c == EMPTY]
        if self.rank < 2:
            return Place(free[rng.randrange(len(free))])
        # Balance the offer: the pair on modest points, the single on a strong one.
        target = min(LINE_COUNT) if placed < 2 else max(LINE_COUNT)
        best = [p for p in free if LINE_COUNT[p] == target]
        return Place(best[rng.randrange(len(best))])

    def _choose_colour(self, state: TimeVectorsState, rng: Any) -> Action:
        if self.rank < 2:
            return Choose(bool(rng.random() < 0.5))
        pair_value = sum(LINE_COUNT[p] for p, c in enumerate(state.cells) if c == 0)
        single_value = sum(LINE_COUNT[p] for p, c in enumerate(state.cells) if c == 1)
        # Taking the single token means moving now: a tempo worth a strong point.
        return Choose(pair_value > single_value + max(LINE_COUNT))

    # -- placement ------------------------------------------------------------------

    def _place(self, state: TimeVectorsState, rng: Any, context: BotContext) -> int:
        me = state.colour_of(state.seat)
        colours = max(state.settings.colours, 2)
        analysis = Analysis(state.cells, me, colours)
        empties = analysis.empties()
        if self.rank == 0:
            seen = sorted(analysis.win_points(me))
            if seen and rng.random() < 0.5:
                return seen[0]
            return empties[int(rng.randrange(len(empties)))]
        order = opponent_order(state)
        weights = [(c, 1.0 if i == 0 else 0.6) for i, c in enumerate(order)]

        wins = analysis.win_points(me)
        if wins:
            return min(wins)
        for colour in order:
            threats = analysis.win_points(colour)
            if threats and (self.rank >= 2 or rng.random() < 0.75):
                return max(threats, key=lambda p: (analysis.score(p, weights), -p))
        if self.rank == 1:
            ranked = sorted(empties, key=lambda p: -analysis.score(p, weights))
            top = ranked[:4]
            return top[int(rng.randrange(len(top)))]

        if state.settings.colours == 2:
            strength = search.MASTER if self.rank >= 3 else search.EXPERT
            return search.best_point(state.cells, me, self._seconds(context), strength)
        forks = analysis.fork_points(me)
        if forks:
            return max(forks, key=lambda p: (analysis.score(p, weights), -p))
        deadline = time.monotonic() + self._seconds(context)
        opponent = order[0]
        opponent_forks = analysis.fork_points(opponent)
        if opponent_forks:
            return self._stop_forks(analysis, opponent, opponent_forks, weights)
        ranked = sorted(empties, key=lambda p: (-analysis.score(p, weights), p))
        # Three colours: look one reply ahead, the master over more candidates.
        width = 10 if self.rank >= 3 else 4
        return self._safest(analysis, me, opponent, ranked[:width], weights, deadline)

    def _seconds(self, context: BotContext) -> float:
        return context.budget.seconds if context.budget.seconds is not None else 0.5

    def _stop_forks(
        self,
        analysis: Analysis,
        opponent: int,
        forks: list[int],
        weights: list[tuple[int, float]],
    ) -> int:
        """The move that leaves the opponent the fewest fork points.

        Our own threats count too: a threat forces a block and wins a tempo.
        """
        me = analysis.me
        candidates = set(forks)
        candidates.update(p for p in analysis.empties() if analysis.threats_made(me, p))
        best: tuple[float, int] | None = None
        for p in sorted(candidates):
            analysis.place(p, me)
            remaining = len(analysis.fork_points(opponent))
            analysis.remove(p, me)
            key = (remaining * 1000 - analysis.score(p, weights), p)
            if best is None or key < best:
                best = key
        assert best is not None
        return best[1]

    def _safest(
        self,
        analysis: Analysis,
        me: int,
        opponent: int,
        candidates: list[int],
        weights: list[tuple[int, float]],
        deadline: float,
    ) -> int:
        """Of the best-looking quiet moves, the one whose best reply hurts least."""
        opp_weights = [(me, 1.0)]
        best_point, best_value = candidates[0], float("-inf")
        for p in candidates:
            if time.monotonic() > deadline:
                break
            gain = analysis.score(p, weights)
            analysis.place(p, me)
            forks_left = len(analysis.fork_points(opponent))
            saved_me = analysis.me
            analysis.me = opponent
            reply = max((analysis.score(q, opp_weights) for q in analysis.empties()), default=0.0)
            analysis.me = saved_me
            analysis.remove(p, me)
            value = gain - 0.5 * reply - 40.0 * forks_left
            if value > best_value:
                best_point, best_value = p, value
        return best_point


def make_bot(level: str) -> TimeVectorsBot:
    """The bot for one of :data:`LEVELS`."""
    if level not in {lv.key for lv in LEVELS}:
        raise FormatError(f"Time Vectors has no AI level {level!r}")
    return TimeVectorsBot(level)
