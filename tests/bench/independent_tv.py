"""An independent Time Vectors opponent and threat checker, for benchmarks only.

It shares no code with ``timegames.time_vectors.ai`` (nor with the board
module): it enumerates the 976 lines itself from the manual's definition and
reads a position only through the public state (``cells``, the seat to move,
``colour_of``, ``legal_actions``).  The player is a plain alpha-beta search,
depth 3 by default, over a line-count evaluation, with a wall-clock cap of
0.3 s per move.  :func:`forced_win` is a small, separate search for a win by
continuous threats, used to build and to judge the fork-defence positions.
"""

from __future__ import annotations

import time
from itertools import product
from typing import Any

SIDE = 4
CELLS = SIDE**4


def point(q: int, t: int, f: int, r: int) -> int:
    """Index of a point in ``state.cells``: quadrant, tier, file, rank (all 0-3)."""
    return q * 64 + t * 16 + f * 4 + r


def build_lines() -> list[tuple[int, ...]]:
    """Every set of four points in a line: three bounded axes and one cyclic (time)."""
    seen: set[frozenset[int]] = set()
    lines: list[tuple[int, ...]] = []
    for dq, dt, df, dr in product((-1, 0, 1), repeat=4):
        if (dq, dt, df, dr) == (0, 0, 0, 0):
            continue
        for q, t, f, r in product(range(SIDE), repeat=4):
            pts = []
            for k in range(SIDE):
                tt, ff, rr = t + dt * k, f + df * k, r + dr * k
                if not (0 <= tt < SIDE and 0 <= ff < SIDE and 0 <= rr < SIDE):
                    break
                pts.append(point((q + dq * k) % SIDE, tt, ff, rr))
            key = frozenset(pts)
            if len(key) == SIDE and key not in seen:
                seen.add(key)
                lines.append(tuple(pts))
    return lines


LINES = build_lines()
THROUGH: list[list[int]] = [[] for _ in range(CELLS)]
for _n, _line in enumerate(LINES):
    for _p in _line:
        THROUGH[_p].append(_n)

# Line value by how many tokens of one side it holds while the other side has none.
VALUE = (0, 2, 11, 70, 0)


class Position:
    """Cells plus per-line token counts, updated move by move."""

    def __init__(self, cells: Any) -> None:
        self.cells = [c if c in (0, 1) else -1 for c in cells]
        self.count = [[0] * len(LINES), [0] * len(LINES)]
        for n, line in enumerate(LINES):
            for p in line:
                c = self.cells[p]
                if c >= 0:
                    self.count[c][n] += 1

    def put(self, p: int, c: int) -> bool:
        """Place; True if it completes a line."""
        self.cells[p] = c
        mine = self.count[c]
        done = False
        for n in THROUGH[p]:
            mine[n] += 1
            done = done or mine[n] == 4
        return done

    def take(self, p: int, c: int) -> None:
        self.cells[p] = -1
        mine = self.count[c]
        for n in THROUGH[p]:
            mine[n] -= 1

    def gaps(self, c: int) -> set[int]:
        """Empty points that would complete a line of ``c``."""
        out: set[int] = set()
        mine, theirs = self.count[c], self.count[1 - c]
        for n, line in enumerate(LINES):
            if mine[n] == 3 and theirs[n] == 0:
                out.update(p for p in line if self.cells[p] < 0)
        return out

    def new_gaps(self, p: int, c: int) -> set[int]:
        """The win points ``c`` would gain by playing ``p``."""
        out: set[int] = set()
        mine, theirs = self.count[c], self.count[1 - c]
        for n in THROUGH[p]:
            if mine[n] == 2 and theirs[n] == 0:
                out.update(q for q in LINES[n] if q != p and self.cells[q] < 0)
        return out

    def worth(self, p: int, c: int) -> int:
        """Quick move-ordering value: lines built plus lines spoiled."""
        mine, theirs = self.count[c], self.count[1 - c]
        total = 0
        for n in THROUGH[p]:
            if theirs[n] == 0:
                total += VALUE[mine[n] + 1] - VALUE[mine[n]] + 1
            elif mine[n] == 0:
                total += VALUE[theirs[n]]
        return total

    def evaluate(self, c: int) -> int:
        """Line-count score for ``c``."""
        mine, theirs = self.count[c], self.count[1 - c]
        total = 0
        for n in range(len(LINES)):
            a, b = mine[n], theirs[n]
            if b == 0:
                total += VALUE[a]
            elif a == 0:
                total -= VALUE[b]
        return total


WIN = 1_000_000


class IndependentPlayer:
    """Alpha-beta to ``depth`` plies (iterative deepening, capped at ``seconds``)."""

    def __init__(
        self, depth: int = 3, seconds: float = 0.3, width: int = 12, clock: Any = time.monotonic
    ) -> None:
        self.depth = depth
        self.seconds = seconds
        self.width = width
        self.clock = clock

    def choose(self, state: Any, context: Any = None) -> Any:
        """A legal action for the seat to move (claims are made at once when available)."""
        legal = state.legal_actions()
        names = {type(a).__name__ for a in legal}
        if "Claim" in names or "Mark" in names or "EndTurn" in names or "Choose" in names:
            return self._non_placement(state, legal)
        me = state.colour_of(state.current_player())
        pos = Position(state.cells)
        free = {a.point: a for a in legal if type(a).__name__ == "Place"}
        return free[self.best_point(pos, me, list(free))]

    def _non_placement(self, state: Any, legal: list[Any]) -> Any:
        kinds = {type(a).__name__: a for a in legal}
        me = state.colour_of(state.current_player())
        if "Mark" in kinds:
            pos = Position(state.cells)
            for n, line in enumerate(LINES):
                if pos.count[me][n] == 4 and set(state.marked) <= set(line):
                    for a in legal:
                        if type(a).__name__ == "Mark" and a.point in line:
                            return a
            return kinds.get("Cancel", legal[-1])
        counts = Position(state.cells).count[me]
        if "Claim" in kinds and 4 in counts:
            return kinds["Claim"]
        if "Choose" in kinds:
            return legal[0]
        if "EndTurn" in kinds and not any(type(a).__name__ == "Place" for a in legal):
            return kinds["EndTurn"]
        places = [a for a in legal if type(a).__name__ == "Place"]
        if places:
            pos = Position(state.cells)
            return {a.point: a for a in places}[self.best_point(pos, me, [a.point for a in places])]
        return kinds["EndTurn"]

    def best_point(self, pos: Position, me: int, free: list[int]) -> int:
        you = 1 - me
        wins = pos.gaps(me) & set(free)
        if wins:
            return min(wins)
        blocks = pos.gaps(you) & set(free)
        if blocks:
            return max(sorted(blocks), key=lambda p: pos.worth(p, me))
        self.deadline = self.clock() + self.seconds
        ordered = sorted(free, key=lambda p: -pos.worth(p, me))[: self.width + 4]
        best = ordered[0]
        for depth in range(1, self.depth + 1):
            value, move = self.root(pos, me, ordered, depth)
            if move is None:
                break
            best = move
            if value >= WIN // 2:
                break
            ordered.remove(move)
            ordered.insert(0, move)
        return best

    def root(self, pos: Position, me: int, moves: list[int], depth: int) -> tuple[int, int | None]:
        alpha, best = -WIN - 1, None
        for p in moves:
            if self.clock() > self.deadline and best is not None:
                return alpha, None if depth > 1 else best
            done = pos.put(p, me)
            value = WIN if done else -self.search(pos, 1 - me, depth - 1, -WIN - 1, -alpha)
            pos.take(p, me)
            if value > alpha:
                alpha, best = value, p
        return alpha, best

    def search(self, pos: Position, side: int, depth: int, alpha: int, beta: int) -> int:
        if depth == 0:
            return pos.evaluate(side)
        free = [p for p in range(CELLS) if pos.cells[p] < 0]
        if not free:
            return 0
        moves = sorted(free, key=lambda p: -pos.worth(p, side))[: self.width]
        for p in moves:
            done = pos.put(p, side)
            value = WIN - 1 if done else -self.search(pos, 1 - side, depth - 1, -beta, -alpha)
            pos.take(p, side)
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
        return alpha


CHECK_DEPTH = 10
CHECK_NODES = 20000
"""Limits of the threat search that judges the fork-defence positions."""


def attacker_wins(cells: Any, att: int) -> bool:
    """True if ``att``, to move on ``cells``, wins by continuous threats (within the limits)."""
    return forced_win(Position(cells), att, CHECK_DEPTH, [CHECK_NODES]) is not None


def forced_win(pos: Position, att: int, depth: int, budget: list[int]) -> int | None:
    """First move of a win for ``att`` (to move) by continuous threats, or None.

    Every attacking move must make a threat; the defender must block it; a
    move making two separate threats (a fork) wins.  ``budget`` is a
    one-item node counter shared by the whole search.
    """
    if pos.gaps(att):
        return min(pos.gaps(att))
    if depth <= 0 or budget[0] <= 0:
        return None
    budget[0] -= 1
    dfd = 1 - att
    must = pos.gaps(dfd)
    if len(must) >= 2:
        return None
    if must:
        moves = list(must)
    else:
        moves = [p for p in range(CELLS) if pos.cells[p] < 0 and pos.new_gaps(p, att)]
    for p in moves:
        made = pos.new_gaps(p, att)
        if not made:
            continue
        pos.put(p, att)
        found = len(made) >= 2 and not pos.gaps(dfd)
        if not found and len(made) == 1 and not pos.gaps(dfd):
            (block,) = made
            pos.put(block, dfd)
            found = forced_win(pos, att, depth - 1, budget) is not None
            pos.take(block, dfd)
        pos.take(p, att)
        if found:
            return p
    return None
