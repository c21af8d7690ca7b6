"""The planner's race evaluation for Timelock: expected dice to a match, the next rolls' odds.

The planner (:mod:`.ai`) values a whole turn by the position it leaves for the
next player.  Points of distance alone miss what decides close games, so this
module reckons, for the seat to move (the *mover*):

* **Dice to go.**  For each Time Stack, the expected number of dice it still
  needs on its own: one die counts 1 to 6 points (6 more often, because TIP
  turns both dice into sixes) and buys any reshaping of the lone group that
  many points pay for.  The table per Goal shape is a stochastic shortest path,
  solved exactly in order of increasing value (:func:`dice_to_go`).
* **The next player finishing.**  The exact chance, over all 216 rolls, that the
  next player completes its team's match on its coming turn, with every way a
  roll pays: a die per stack, two low dice added, TIP, HOP, a free SWAP or DIG,
  WILD's pool (:func:`finish_chance`).  The stacks' costs come from the real
  lanes, so an opponent's piece covering one in the centre counts.
* **Spoiling.**  The next player may reshape the Goal it moves.  For every kind
  of roll we list the shapes it could give that Goal and assume it picks the
  worst for us when that beats using the die on its own stacks.
* **Finishing after that.**  The chance that the seat after it (the mover again,
  or the partner) then completes the match on the spoiled Goal.

All of it is computed from the board alone, the position every seat sees.
The approach was learnt from an outside tester's bot (``tests/bench/referee_timelock.py``)
and written again here; the two share no code, but the bench's games against that bot
are close to a mirror match, and the counter bot stays the independent yardstick.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass

from . import board as B
from .rules import Settings

Lane = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A group's three squares, home first: its own sizes, ``0`` for another group's piece."""

TIP_SHARE = 1 / 6
DIE_ODDS = tuple(
    0.0 if d == 0 else (1 - TIP_SHARE) / 6 + (TIP_SHARE if d == 6 else 0.0) for d in range(7)
)
"""Chance that one die pays ``d`` points (TIP, one face in six, makes it 6)."""

MOST = 12
"""The most points one turn can put on one stack (WILD or TIP)."""
FAR = 99
"""Cost of a shape the turn cannot reach."""

WIN_WEIGHT = 16.0
"""A completed match (or a loss) in dice: how much the odds of finishing weigh."""
SPOIL_PRICE = 1.0
"""What spoiling costs the spoiler, in dice it does not spend on its own stacks."""

N_SHAPES = len(B.CONFIGS)


# -- lanes ------------------------------------------------------------------------------------


def lane_of(board: B.Board, g: int) -> Lane:
    """Group ``g``'s lane: its own sizes, other pieces (only in the centre) as ``0``."""
    a, b, c = B.LANES[g]
    return (
        tuple(B.size_of(p) for p in board[a]),
        tuple(B.size_of(p) for p in board[b]),
        tuple(B.size_of(p) if B.group_of(p) == g else 0 for p in board[c]),
    )


_SHAPES: dict[Lane, int] = {}


def shape(lane: Lane) -> int:
    """Index in :data:`board.CONFIGS` of the lane's own pieces."""
    i = _SHAPES.get(lane)
    if i is None:
        own = (lane[0], lane[1], tuple(x for x in lane[2] if x))
        i = _SHAPES[lane] = B.CONFIG_INDEX[own]
    return i


def _with(lane: Lane, rel: int, row: tuple[int, ...]) -> Lane:
    rows = list(lane)
    rows[rel] = row
    return (rows[0], rows[1], rows[2])


def _steps(lane: Lane, hop: bool, free: str) -> list[tuple[Lane, int]]:
    """Each step of the lane's own pieces with its price in pips; free steps price -1."""
    out: list[tuple[Lane, int]] = []
    for rel in range(3):
        row = lane[rel]
        if row and row[-1]:
            top = row[-1]
            for to in range(3):
                if to != rel and (hop or abs(to - rel) == 1):
                    moved = _with(lane, rel, row[:-1])
                    out.append((_with(moved, to, (*moved[to], top)), top))
    centre = lane[B.CENTRE_ROW]
    for i, size in enumerate(centre[:-1]):
        if size:  # digging in the centre row costs the piece's pips
            out.append((_with(lane, 2, (*centre[:i], *centre[i + 1 :], size)), size))
    if free == "DIG":
        for rel in range(3):
            row = lane[rel]
            for i, size in enumerate(row[:-1]):
                if size:
                    out.append((_with(lane, rel, (*row[:i], *row[i + 1 :], size)), -1))
    elif free == "SWAP":
        spots = [(rel, i) for rel in range(3) for i, x in enumerate(lane[rel]) if x]
        for n, (r1, i1) in enumerate(spots):
            for r2, i2 in spots[n + 1 :]:
                if r1 != r2:
                    rows = [list(r) for r in lane]
                    rows[r1][i1], rows[r2][i2] = rows[r2][i2], rows[r1][i1]
                    out.append(((tuple(rows[0]), tuple(rows[1]), tuple(rows[2])), -1))
    return out


def _reach(lane: Lane, hop: bool, free: str, step_price: int, cap: int) -> list[int]:
    """Fewest points to each shape within ``cap`` (``FAR`` beyond); ``step_price`` 0 = pips."""
    best: dict[tuple[Lane, bool], int] = {(lane, False): 0}
    heap: list[tuple[int, int, Lane, bool]] = [(0, 0, lane, False)]
    tick = 0
    cost_to = [FAR] * N_SHAPES
    while heap:
        cost, _, here, used = heapq.heappop(heap)
        if cost > best[(here, used)]:
            continue
        i = shape(here)
        cost_to[i] = min(cost_to[i], cost)
        for nxt, pips in _steps(here, hop, "" if used else free):
            price = 0 if pips < 0 else step_price or pips
            key = (nxt, used or pips < 0)
            c = cost + price
            if c <= cap and c < best.get(key, FAR):
                best[key] = c
                tick += 1
                heapq.heappush(heap, (c, tick, nxt, key[1]))
    return cost_to


_NEEDS: dict[Lane, tuple[list[int], list[int], list[int], list[int]]] = {}


def needs(lane: Lane, goal: int) -> tuple[int, int, int, int]:
    """Points a stack needs for Goal shape ``goal``: plainly, with HOP, a free SWAP, a free DIG."""
    tables = _NEEDS.get(lane)
    if tables is None:
        tables = _NEEDS[lane] = (
            _reach(lane, False, "", 0, MOST),
            _reach(lane, True, "", 0, MOST),
            _reach(lane, False, "SWAP", 0, MOST),
            _reach(lane, False, "DIG", 0, MOST),
        )
    return (tables[0][goal], tables[1][goal], tables[2][goal], tables[3][goal])


# -- dice to go -------------------------------------------------------------------------------

_DICE_TO_GO: dict[int, list[float]] = {}


def dice_to_go(goal: int) -> list[float]:
    """Expected dice each shape of a lone stack needs to become shape ``goal``.

    With ``d`` points a die moves the stack to any shape within distance ``d``
    (or leaves it).  The best target always has a smaller value, so the values
    are settled in increasing order as in Dijkstra's search: a shape's value
    counts the dice that reach an already settled shape and waits out the rest.
    """
    table = _DICE_TO_GO.get(goal)
    if table is not None:
        return table
    target = B.CONFIGS[goal]
    dist = [[B.distance(c, d) for d in B.CONFIGS] for c in B.CONFIGS]
    settled = [False] * N_SHAPES
    value = [0.0] * N_SHAPES
    # best[i][d]: value of the best settled shape die d takes shape i to (None: none yet).
    best: list[list[float | None]] = [[None] * 7 for _ in range(N_SHAPES)]
    order = [B.CONFIG_INDEX[target]]
    settled[order[0]] = True
    while True:
        new = order[-1]
        for i in range(N_SHAPES):
            if not settled[i]:
                for d in range(1, 7):
                    if best[i][d] is None and dist[i][new] <= d:
                        best[i][d] = value[new]
        pick, pick_value = -1, float("inf")
        for i in range(N_SHAPES):
            if settled[i]:
                continue
            stay = sum(DIE_ODDS[d] for d in range(1, 7) if best[i][d] is None)
            if stay >= 1.0 - 1e-12:
                continue
            gain = sum(DIE_ODDS[d] * (best[i][d] or 0.0) for d in range(1, 7))
            v = (1.0 + gain) / (1.0 - stay)
            if v < pick_value:
                pick, pick_value = i, v
        if pick < 0:
            break
        settled[pick] = True
        value[pick] = pick_value
        order.append(pick)
    table = _DICE_TO_GO[goal] = value
    return table


# -- the odds of the next roll ----------------------------------------------------------------


def _pays(costs: tuple[int, ...], lo: int, hi: int, low: bool) -> bool:
    """Can dice ``lo <= hi`` pay these sorted non-zero costs, a die (or the low sum) per stack?"""
    n = len(costs)
    if n == 0:
        return True
    if n == 1:
        return costs[0] <= hi or (low and costs[0] <= lo + hi)
    return n == 2 and costs[0] <= lo and costs[1] <= hi


def _owed(costs: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(c for c in costs if c))


PAIRS = tuple((lo, hi, 1 if lo == hi else 2) for lo in range(1, 7) for hi in range(lo, 7))
"""The 21 unordered rolls of two dice, with how many of the 36 ordered rolls each stands for."""

_FINISH: dict[tuple[tuple[int, int, int, int], ...], float] = {}


def finish_chance(stacks: tuple[tuple[int, int, int, int], ...]) -> float:
    """Chance over the 216 rolls that stacks with these :func:`needs` all match in one turn."""
    key = tuple(sorted(stacks))
    hit = _FINISH.get(key)
    if hit is not None:
        return hit
    if any(min(n) >= FAR for n in key) or sum(min(n) for n in key) > MOST:
        _FINISH[key] = 0.0
        return 0.0
    plain = _owed([n[0] for n in key])
    hop = _owed([n[1] for n in key])
    total = sum(plain)
    # A free SWAP or DIG reshapes one stack; the dice pay for the rest.
    frees = [
        {_owed([*plain[:j], key[j][mode], *plain[j + 1 :]]) for j in range(len(key))}
        for mode in (2, 3)
    ]
    frees = [{f for f in options if len(f) <= 2} for options in frees]
    tip = _pays(plain, 6, 6, False)
    count = 0
    for lo, hi, ways in PAIRS:
        low = hi <= 3
        hits = tip + (total <= lo + hi)  # TIP; WILD: one pool for every stack
        hits += _pays(hop, lo, hi, low) + _pays(plain, lo, hi, low)  # HOP; AIM
        hits += any(_pays(f, lo, hi, low) for f in frees[0])  # SWAP
        hits += any(_pays(f, lo, hi, low) for f in frees[1])  # DIG
        count += ways * hits
    chance = _FINISH[key] = count / 216
    return chance


def _spoil_kinds() -> list[tuple[float, bool, int, int]]:
    """How far the next roll lets a player move a Goal: (chance, hop, price of a step, points)."""
    kinds: dict[tuple[bool, int, int], float] = {}
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            one = max(d1, d2, d1 + d2 if max(d1, d2) <= 3 else 0)  # a die, or the low sum
            for face in ("TIP", "SWAP", "HOP", "DIG", "AIM", "WILD"):
                if face == "AIM":
                    kind = (False, 0, one)
                elif face == "WILD":
                    kind = (False, 6, d1 + d2)
                else:
                    kind = (face == "HOP", 6, 6 if face == "TIP" else one)
                if kind[0] or kind[1]:  # shrink to whole Goal steps, so kinds merge
                    kind = (kind[0], 6, kind[2] // 6 * 6)
                kinds[kind] = kinds.get(kind, 0.0) + 1 / 216
    return [(p, hop, price, points) for (hop, price, points), p in sorted(kinds.items())]


SPOIL_KINDS = _spoil_kinds()
_SPOILS: dict[Lane, list[tuple[float, tuple[int, ...]]]] = {}


def spoil_options(lane: Lane) -> list[tuple[float, tuple[int, ...]]]:
    """For a Goal's lane: each kind of roll's chance and the shapes the mover could give it."""
    out = _SPOILS.get(lane)
    if out is None:
        merged: dict[tuple[int, ...], float] = {}
        for p, hop, price, points in SPOIL_KINDS:
            cost = _reach(lane, hop, "", price, points)
            shapes = tuple(i for i, c in enumerate(cost) if c < FAR)
            merged[shapes] = merged.get(shapes, 0.0) + p
        out = _SPOILS[lane] = [(p, shapes) for shapes, p in sorted(merged.items())]
    return out


# -- the evaluation ---------------------------------------------------------------------------


@dataclass
class Race:
    """The race evaluation for ``seat``, who has just moved; ``after`` plays next, then ``then``."""

    settings: Settings
    seat: int
    after: int
    then: int

    def __post_init__(self) -> None:
        s = self.settings
        self.team = s.team_of(self.seat)
        self.stacks = {t: s.team_stacks(t) for t in range(s.teams)}
        self.goal_of = {g: s.goal_of(g) for t in range(s.teams) for g in s.team_stacks(t)}
        self.spoiled = s.goal_moved_by(self.after)

    def _won(self, team: int, shapes: Sequence[int]) -> bool:
        return all(shapes[g] == shapes[self.goal_of[g]] for g in self.stacks[team])

    def _finish(self, seat: int, lanes: Sequence[Lane], shapes: Sequence[int]) -> float:
        """Chance that ``seat`` completes its team's match with its coming roll."""
        mine = self.settings.stacks_of(seat)
        todo = []
        for g in self.stacks[self.settings.team_of(seat)]:
            goal = shapes[self.goal_of[g]]
            if shapes[g] == goal:
                continue
            if g not in mine:
                return 0.0  # a partner's stack still lacks its match
            todo.append(needs(lanes[g], goal))
        return finish_chance(tuple(todo))

    def value(self, board: B.Board) -> float:
        """How good ``board`` is for the mover's team, in dice (a win is a large number)."""
        lanes = [lane_of(board, g) for g in range(10)]
        shapes = [shape(lane) for lane in lanes]
        if self._won(self.team, shapes):
            return 1e6
        if any(self._won(t, shapes) for t in self.stacks if t != self.team):
            return -1e6
        lose = self._finish(self.after, lanes, shapes)
        g = self.spoiled
        now = shapes[g]
        options = spoil_options(lanes[g])
        worth: dict[int, float] = {}
        ours = self.settings.team_of(self.then) == self.team
        for _, reachable in options:
            for x in reachable:
                if x in worth:
                    continue
                shapes[g] = x
                if self._won(self.team, shapes):
                    worth[x] = 1e6  # the spoiler would hand us the game
                    continue
                race = 0.0
                for st, goal in self.goal_of.items():
                    dice = dice_to_go(shapes[goal])[shapes[st]]
                    race += dice if st in self.stacks[self.team] else -dice
                chance = self._finish(self.then, lanes, shapes) if ours else 0.0
                worth[x] = -race + WIN_WEIGHT * (1.0 - lose) * chance
        shapes[g] = now
        stay = worth[now]
        total = 0.0
        for p, reachable in options:
            total += p * min(stay, min(worth[x] for x in reachable) + SPOIL_PRICE)
        return total - WIN_WEIGHT * lose


def race_for(settings: Settings, seat: int, after: int) -> Race | None:
    """The race evaluation for ``seat`` with ``after`` next, or ``None`` where it does not apply.

    It models the board game in which every stack must match and none leaves
    the board; the other variants keep the planner's distance evaluation.
    """
    if (
        settings.mode not in ("duel", "partners")
        or settings.boardless
        or settings.stacks_to_match != 4
        or settings.remove_matched
    ):
        return None
    then = (2 * after - seat) % settings.seats
    return Race(settings, seat, after, then)
