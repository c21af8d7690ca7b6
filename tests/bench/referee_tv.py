"""A referee opponent for Time Vectors, written from the rules alone (outside test).

Technique: threat-space search rather than alpha-beta.  A *threat* is three
tokens of one colour on a vector whose fourth point is empty; it forces the
single reply that blocks it.  The bot

1. wins at once, or blocks the opponent's single threat;
2. searches a VCF (victory by continuous threats): a chain of threats, each
   answered by its forced block, ending in a double threat (counter-threats
   made by the blocks are followed, token supply is respected);
3. searches a VCT of one quiet move: a move after which it has a VCF that no
   relevant reply (a point of the chain, a point that would make a block into a
   counter-threat, or any counter-threat move) can stop;
4. otherwise plays the best-scored *safe* move (one after which the opponent
   has no VCF), the score being a line-count evaluation of the move plus
   the number of the opponent's VCF starters it leaves and the number of ours
   it creates.

Two colours, placement turns only (the bench's default and unlimited-supply
games); in any other phase it takes the first legal action.  Usage::

    RefereePlayer().choose(state, BotContext(rng, Budget(seconds=0.5)))

Search runs under a per-move budget of CPU time (``Budget.seconds``, 0.5 s by
default, as the bench gives the master).  Pure Python, no shared code with the
project's AI: only the board's list of vectors is used.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
# bench_time_vectors.py mounts this folder at /bench inside Pyodide, with no repository
# around it (the package is on sys.path there already).
ROOT = HERE.parents[2] if len(HERE.parents) > 2 else HERE.parent
sys.path.insert(0, str(ROOT / "pkg"))

from timegames.core import Bot, BotContext  # noqa: E402
from timegames.time_vectors import board as B  # noqa: E402
from timegames.time_vectors.rules import EMPTY, PLACE, Place  # noqa: E402

LINES = B.VECTORS
NL = len(LINES)
THROUGH = B.VECTORS_THROUGH
RNG = random.Random(12345)
ZOB = [[RNG.getrandbits(62) for _ in range(256)] for _ in range(2)]
ATT = (1, 6, 40)  # value of extending my line holding 0, 1, 2 tokens (opponent-free)
DEF = (1, 5, 30)  # value of spoiling an opponent's line holding 0, 1, 2 tokens


class Timeout(Exception):
    pass


class Pos:
    """Board with per-line counts and, per colour, the open lines holding two or
    three of its tokens (no opponent token), all updated in place."""

    def __init__(self, cells: tuple[int, ...], left: list[int], clock: Any, deadline: float):
        self.cells = [EMPTY] * 256
        self.cnt = [[0] * NL, [0] * NL]
        self.two: list[set[int]] = [set(), set()]
        self.three: list[set[int]] = [set(), set()]
        self.left = [k + sum(1 for c in cells if c == i) for i, k in enumerate(left)]
        self.h = 0
        for p, c in enumerate(cells):
            if c >= 0:
                self.put(p, c)
        self.clock, self.deadline, self.nodes = clock, deadline, 0
        self.fail: dict[tuple[int, int], int] = {}
        self.fallback = -1

    def put(self, p: int, c: int) -> None:
        self.cells[p] = c
        self.h ^= ZOB[c][p]
        self.left[c] -= 1
        mine, theirs = self.cnt[c], self.cnt[1 - c]
        two, three, otwo, othree = self.two[c], self.three[c], self.two[1 - c], self.three[1 - c]
        for n in THROUGH[p]:
            k = mine[n]
            mine[n] = k + 1
            o = theirs[n]
            if o == 0:
                if k == 1:
                    two.add(n)
                elif k == 2:
                    two.discard(n)
                    three.add(n)
                elif k == 3:
                    three.discard(n)
            elif k == 0:
                if o == 2:
                    otwo.discard(n)
                elif o == 3:
                    othree.discard(n)

    def take(self, p: int, c: int) -> None:
        self.cells[p] = EMPTY
        self.h ^= ZOB[c][p]
        self.left[c] += 1
        mine, theirs = self.cnt[c], self.cnt[1 - c]
        two, three, otwo, othree = self.two[c], self.three[c], self.two[1 - c], self.three[1 - c]
        for n in THROUGH[p]:
            k = mine[n] - 1
            mine[n] = k
            o = theirs[n]
            if o == 0:
                if k == 1:
                    two.discard(n)
                elif k == 2:
                    three.discard(n)
                    two.add(n)
                elif k == 3:
                    three.add(n)
            elif k == 0:
                if o == 2:
                    otwo.add(n)
                elif o == 3:
                    othree.add(n)

    def gap(self, n: int) -> int:
        cells = self.cells
        for q in LINES[n]:
            if cells[q] == EMPTY:
                return q
        return -1

    def threats(self, c: int) -> set[int]:
        """Empty points that would complete a vector of ``c``."""
        return {self.gap(n) for n in self.three[c]}

    def made(self, p: int, c: int) -> set[int]:
        """Threat points of ``c`` on vectors through ``p`` (just played by ``c``)."""
        three = self.three[c]
        return {self.gap(n) for n in THROUGH[p] if n in three}

    def starters(self, c: int) -> dict[int, int]:
        """Points that would make a threat for ``c``, with how many they make."""
        cells = self.cells
        out: dict[int, int] = {}
        for n in self.two[c]:
            for q in LINES[n]:
                if cells[q] == EMPTY:
                    out[q] = out.get(q, 0) + 1
        return out

    def value(self, p: int, c: int) -> int:
        mine, theirs = self.cnt[c], self.cnt[1 - c]
        v = 0
        for n in THROUGH[p]:
            a, b = mine[n], theirs[n]
            if b == 0:
                v += ATT[a] if a < 3 else 1000
            elif a == 0:
                v += DEF[b] if b < 3 else 500
        return v

    def tick(self) -> None:
        self.nodes += 1
        if not self.nodes & 63 and self.clock() > self.deadline:
            raise Timeout

    def vcf(self, a: int, depth: int, line: list[int]) -> bool:
        """True if ``a``, to move, wins by continuous threats; ``line`` gets the points
        (attacker move, forced block, ..., last attacker move)."""
        self.tick()
        d = 1 - a
        win = self.threats(a)
        if win and self.left[a] >= 1:
            line[:] = [next(iter(win))]
            return True
        if depth <= 0 or self.left[a] < 2 or self.left[d] < 1:
            return False
        key = (self.h, a)
        if self.fail.get(key, -1) >= depth:
            return False
        must = self.threats(d)
        if len(must) > 1:
            return False
        if must:
            cands = list(must)
        else:
            st = self.starters(a)
            cands = sorted(st, key=lambda q: -st[q] * 64 - len(THROUGH[q]))
        for p in cands:
            self.put(p, a)
            try:
                made = self.made(p, a)
                if len(made) >= 2:
                    line[:] = [p]
                    return True
                if len(made) == 1:
                    t = next(iter(made))
                    self.put(t, d)
                    try:
                        sub: list[int] = []
                        if len(self.made(t, d)) < 2 and self.vcf(a, depth - 1, sub):
                            line[:] = [p, t, *sub]
                            return True
                    finally:
                        self.take(t, d)
            finally:
                self.take(p, a)
        self.fail[key] = depth
        return False

    def chain_if_pass(self, a: int, depth: int, line: list[int]) -> bool:
        """Would ``a`` have a VCF if the other side passed now?"""
        self.left[1 - a] -= 1
        try:
            return self.vcf(a, depth, line)
        finally:
            self.left[1 - a] += 1

    def unstoppable(self, a: int, line: list[int], depth: int) -> bool:
        """``a``'s opponent is to move and ``a`` has the chain ``line`` if it passed:
        does every relevant reply (a point of the chain, a point that turns one of
        the blocks into a counter-threat, any counter-threat) leave ``a`` a VCF?"""
        d = 1 - a
        replies = set(line) | set(self.starters(d))
        for t in line[1::2]:
            for n in THROUGH[t]:
                if self.cnt[d][n] == 1 and self.cnt[a][n] == 0:
                    replies.update(q for q in LINES[n] if self.cells[q] == EMPTY)
        for r in replies:
            if self.cells[r] != EMPTY:
                continue
            self.put(r, d)
            try:
                ok = self.vcf(a, depth, [])
            finally:
                self.take(r, d)
            if not ok:
                return False
        return True

    def vct(self, a: int, depth: int, width: int) -> int:
        """A quiet move for ``a`` (to move) after which its chain cannot be stopped, or -1."""
        if self.threats(1 - a):
            return -1
        empties = [p for p in range(256) if self.cells[p] == EMPTY]
        st = self.starters(a)
        empties.sort(key=lambda p: -self.value(p, a) - 20 * st.get(p, 0))
        for r in empties[:width]:
            self.put(r, a)
            try:
                line: list[int] = []
                if self.chain_if_pass(a, depth, line) and self.unstoppable(a, line, depth):
                    return r
            finally:
                self.take(r, a)
        return -1


class RefereePlayer(Bot[Any]):
    """Threat-space-search opponent; ``choose(state, context)`` like every bot."""

    def __init__(
        self, seconds: float = 0.5, clock: Any = time.process_time, depth: int = 12, width: int = 6
    ):
        self.seconds, self.clock, self.depth, self.width = seconds, clock, depth, width

    def choose(self, state: Any, context: BotContext | None = None) -> Any:
        actions = state.legal_actions()
        places = [a for a in actions if isinstance(a, Place)]
        if state.phase != PLACE or not places:
            return actions[0]
        seconds = self.seconds
        if context is not None and context.budget.seconds:
            seconds = context.budget.seconds
        start = self.clock()
        me = state.colour_of(state.current_player())
        left = [state.tokens_left(0), state.tokens_left(1)]
        pos = Pos(state.cells, left, self.clock, start + seconds * 0.95)
        try:
            return Place(self.think(pos, me))
        except Timeout:
            return Place(pos.fallback)

    def think(self, pos: Pos, me: int) -> int:
        op = 1 - me
        empties = [p for p in range(256) if pos.cells[p] == EMPTY]
        order = sorted(empties, key=lambda p: -pos.value(p, me))
        pos.fallback = order[0]
        win = pos.threats(me)
        if win:
            return next(iter(win))
        must = pos.threats(op)
        if must:
            return next(iter(must))
        end = pos.deadline
        pos.deadline = pos.clock() + (end - pos.clock()) * 0.3
        line: list[int] = []
        try:
            if pos.vcf(me, self.depth, line):
                return line[0]
        except Timeout:
            pass
        pos.deadline = end
        # Candidates: best by value, plus every point of the opponent's chain.
        theirs: list[int] = []
        cands = order[:10]
        if pos.chain_if_pass(op, self.depth, theirs):
            extra = set(theirs) | set(pos.starters(me))
            cands = sorted(extra | set(order[:4]), key=lambda p: -pos.value(p, me))
        scored: list[tuple[int, int]] = []
        for p in cands:
            pos.put(p, me)
            try:
                # A move after which the opponent wins by continuous threats loses by force.
                score = -(10**6) if pos.vcf(op, self.depth, []) else self.quiet(pos, p, me)
            finally:
                pos.take(p, me)
            scored.append((score, p))
            if score >= 10**6:
                return p
            if score >= max(scored)[0]:
                pos.fallback = p
        scored.sort(reverse=True)
        # Second pass: drop moves after which the opponent wins by a quiet move and a chain.
        for score, p in scored:
            if score <= -(10**6):
                break
            pos.fallback = p
            pos.put(p, me)
            try:
                lost = pos.vct(op, self.depth, self.width) >= 0
            finally:
                pos.take(p, me)
            if not lost:
                return p
        return scored[0][1]

    def quiet(self, pos: Pos, p: int, me: int) -> int:
        """Score of ``p`` just played: line value, my threat potential, theirs; a VCT
        (a chain that every relevant reply leaves standing) scores as a win."""
        op = 1 - me
        pos.take(p, me)
        base = pos.value(p, me)
        pos.put(p, me)
        mine, theirs = pos.starters(me), pos.starters(op)
        forks = sum(1 for k in mine.values() if k >= 2)
        their_forks = sum(1 for k in theirs.values() if k >= 2)
        score = base + 8 * len(mine) - 8 * len(theirs) + 60 * forks - 90 * their_forks
        line: list[int] = []
        if pos.chain_if_pass(me, self.depth, line):
            if pos.unstoppable(me, line, self.depth):
                return 10**6
            score += 200
        return score


def make_referee(seconds: float = 0.5) -> RefereePlayer:
    return RefereePlayer(seconds)
