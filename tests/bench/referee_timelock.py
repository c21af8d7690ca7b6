"""A referee opponent for Timelock, written from the rules alone (outside test).

Design: a whole-turn search with a race evaluation.

* **Per-group search.**  Files never interact, so each group the seat may move
  (its Time Stacks, and the Goal it may move) is searched alone: Dijkstra over
  the group's lane (home, second and the shared centre square) up to the most
  points the turn offers, with HOP, AIM's cheap Goal steps and a free SWAP or DIG
  as a flag of the node.  Transpositions merge.  Goal paths never pass a shape
  that would make the other team win.
* **Turn assembly.**  The groups' reachable lanes are combined as the dice allow:
  one die per stack (either die on either stack), two low dice summed on one
  stack, a WILD pool split over any stacks (beam), the free SWAP/DIG on any stack.
  TIP, HOP, AIM and WILD are used first (never worse).  Candidates are ranked by
  their summed single-group gains (complete matches first), the best evaluated.
* **Evaluation** (for the mover's team), in expected die-uses:

  - each stack's distance to its Goal is the value of a one-stack Markov
    decision process: a die (6 more often, for TIP) buys any reshaping its
    points pay for (value iteration per Goal shape);
  - the next player spoils a Goal with every roll that lets it (one 6-point
    step, a HOP, two steps under WILD 12, pips under AIM), choosing the reachable
    shape worst for us, if that beats its own use of the die (``c``);
  - the exact chance, over the 216 rolls, that the next player completes its
    match (we lose) and that we (or the partner) complete ours on the turn after,
    the Goal perhaps spoiled, each weighted ``w``.

Two-player and partners games on the board, all stacks to match.  Usage::

    Referee().choose(state, BotContext(rng))

``python3 tests/bench/referee_timelock.py [PAIRS] [PARTNER_PAIRS]`` measures
every AI level against it in seeded pairs with the seats swapped (bench style).
"""

from __future__ import annotations

import heapq
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pkg"))

from timegames.core import Bot, BotContext, Budget, State
from timegames.timelock import GAME
from timegames.timelock import board as B
from timegames.timelock.rules import (
    MERGED_POOL,
    SEPARATE,
    SUMMED,
    WILD,
    Dig,
    EndTurn,
    Move,
    Sum,
    TimelockState,
    UseDig,
    UseFace,
    UseSwap,
)

CAP = 12
INF = 99
DIE = (0.0, 5 / 36, 5 / 36, 5 / 36, 5 / 36, 5 / 36, 11 / 36)  # one die, TIP folded in
NCFG = len(B.CONFIGS)
DIST = [[B.distance(a, b) for b in B.CONFIGS] for a in B.CONFIGS]
REACH = [[[j for j in range(NCFG) if DIST[i][j] <= d] for d in range(7)] for i in range(NCFG)]
ROWS = tuple((0, 1, 2) if g < 5 else (4, 3, 2) for g in range(10))
_V: dict[int, list[float]] = {}
_LANE: dict[tuple[Any, int], Any] = {}
_CFG: dict[Any, int] = {}
_SEARCH: dict[Any, Any] = {}
_COSTS: dict[Any, list[tuple[int, ...]]] = {}
_FIN: dict[tuple[tuple[int, ...], ...], float] = {}


def vtable(goal: int) -> list[float]:
    """Expected die-uses from each shape to ``goal`` for one stack alone."""
    v = _V.get(goal)
    if v is None:
        v = [0.0 if i == goal else DIST[i][goal] / 3.5 for i in range(NCFG)]
        for _ in range(300):
            delta = 0.0
            for i in range(NCFG):
                if i != goal:
                    r = REACH[i]
                    new = 1.0 + sum(DIE[d] * min(v[j] for j in r[d]) for d in range(1, 7))
                    delta = max(delta, abs(new - v[i]))
                    v[i] = new
            if delta < 1e-5:
                break
        _V[goal] = v
    return v


def lane(col: Any, g: int) -> Any:
    """Group ``g``'s home, second and centre rows: its sizes, 0 for the other side's pieces."""
    key = (col, g)
    lv = _LANE.get(key)
    if lv is None:
        lv = _LANE[key] = tuple(
            tuple(p % 3 + 1 if p // 3 == g else 0 for p in col[r]) for r in ROWS[g]
        )
    return lv


def shape(lv: Any) -> int:
    """Index of a lane's shape (own pieces only) in ``B.CONFIGS``."""
    c = _CFG.get(lv)
    if c is None:
        c = _CFG[lv] = B.CONFIG_INDEX[(lv[0], lv[1], tuple(x for x in lv[2] if x))]
    return c


def gcfg(col: Any, g: int) -> int:
    return shape(lane(col, g))


def unlane(col: Any, g: int, lv: Any) -> Any:
    """The column with group ``g`` standing as lane ``lv`` (others keep their order)."""
    side, file = divmod(g, 5)
    cells = list(col)
    others = iter([p for p in col[2] if p // 3 != g])
    for r, row in zip(ROWS[g], lv, strict=True):
        cells[r] = tuple(B.piece(side, file, s) if s else next(others) for s in row)
    return tuple(cells)


def lmove(lv: Any, i: int, j: int, k: int) -> Any:
    rows = list(lv)
    s = lv[i][k]
    rows[i] = lv[i][:k] + lv[i][k + 1 :]
    rows[j] = (*rows[j], s)
    return tuple(rows)


def steps(lv: Any, hop: bool, goalcost: int, free: str) -> list[tuple[Any, int, Any]]:
    """(lane, cost, step) for each step; free steps (SWAP, DIG) cost -1."""
    out = []
    for i in range(3):
        st = lv[i]
        if st and st[-1]:
            for j in range(3):
                if j != i and (hop or abs(i - j) == 1):
                    out.append(
                        (lmove(lv, i, j, len(st) - 1), goalcost or st[-1], ("m", i, j, st[-1]))
                    )
    c = lv[2]
    for k in range(len(c) - 1):
        if c[k]:
            out.append((lmove(lv, 2, 2, k), goalcost or c[k], ("d", 2, 2, c[k])))
    if free == "DIG":
        for i in range(3):
            for k in range(len(lv[i]) - 1):
                if lv[i][k]:
                    out.append((lmove(lv, i, i, k), -1, ("D", i, lv[i][k])))
    elif free == "SWAP":
        mine = [(i, s) for i in range(3) for s in lv[i] if s]
        for a, (i1, s1) in enumerate(mine):
            for i2, s2 in mine[a + 1 :]:
                if i1 != i2:
                    rows = list(lv)
                    rows[i1] = tuple(s2 if x == s1 else x for x in lv[i1])
                    rows[i2] = tuple(s1 if x == s2 else x for x in lv[i2])
                    out.append((tuple(rows), -1, ("S", i1, s1, i2, s2)))
    return out


def search(lv: Any, cap: int, hop: bool, goalcost: int, free: str, forbid: Any = None):
    """Dijkstra over (lane, free action used): costs and parents, transpositions merged."""
    key = (lv, cap, hop, goalcost, free)
    if forbid is None and key in _SEARCH:
        return _SEARCH[key]
    start = (lv, False)
    dist = {start: 0}
    parent: dict[Any, Any] = {start: None}
    heap = [(0, 0, start)]
    tick = 0
    while heap:
        cost, _, node = heapq.heappop(heap)
        if cost > dist[node]:
            continue
        c, used = node
        for nc, step_cost, step in steps(c, hop, goalcost, "" if used else free):
            nxt = (nc, used or step_cost < 0)
            nd = cost + max(step_cost, 0)
            if nd > cap or (forbid is not None and forbid(shape(nc))):
                continue
            if nd < dist.get(nxt, INF):
                dist[nxt] = nd
                parent[nxt] = (node, step)
                tick += 1
                heapq.heappush(heap, (nd, tick, nxt))
    if forbid is None:
        _SEARCH[key] = (dist, parent)
    return dist, parent


def cost_vector(lv: Any, goal: int) -> tuple[int, ...]:
    """Points a stack needs for shape ``goal``: plain, with HOP, with free SWAP, with DIG."""
    tables = _COSTS.get(lv)
    if tables is None:
        tables = []
        for hop, free in ((False, ""), (True, ""), (False, "SWAP"), (False, "DIG")):
            best = [INF] * NCFG
            for (c, _), d in search(lv, CAP, hop, 0, free)[0].items():
                i = shape(c)
                best[i] = min(best[i], d)
            tables.append(tuple(best))
        _COSTS[lv] = tables
    return tuple(t[goal] for t in tables)


def _fits(need: list[int], lo: int, hi: int) -> bool:
    """Can two dice ``lo <= hi`` pay for these stacks (sorted, each from one die or a sum)?"""
    if len(need) == 2:
        return need[0] <= lo and need[1] <= hi
    if len(need) == 1:
        return need[0] <= hi or (hi <= 3 and need[0] <= lo + hi)
    return not need


def fin_prob(costs: tuple[tuple[int, ...], ...]) -> float:
    """Chance over the 216 rolls that stacks with these cost vectors all match this turn."""
    if not costs:
        return 1.0
    r = _FIN.get(costs)
    if r is not None:
        return r
    total = sum(c[0] for c in costs)
    plain = sorted(c[0] for c in costs) if len(costs) <= 2 else [INF]
    hop = sorted(c[1] for c in costs) if len(costs) <= 2 else [INF]
    frees = []  # with SWAP (mode 2) or DIG (mode 3) on one stack
    for mode in (2, 3):
        needs = []
        if len(costs) <= 3:
            for j in range(len(costs)):
                rest = [c[0] for i, c in enumerate(costs) if i != j]
                needs.append(sorted(x for x in [*rest, costs[j][mode]] if x))
        frees.append([n for n in needs if len(n) <= 2])
    ok = 6 * 6 * _fits(plain, 6, 6)  # TIP
    for lo in range(1, 7):
        for hi in range(lo, 7):
            n = (
                _fits(hop, lo, hi)
                + (total <= lo + hi)
                + _fits(plain, lo, hi)
                + any(_fits(x, lo, hi) for x in frees[0])
                + any(_fits(x, lo, hi) for x in frees[1])
            )
            ok += n if lo == hi else 2 * n
    r = _FIN[costs] = ok / 216
    return r


def _spoil_rolls() -> list[tuple[float, str, int]]:
    """How far the next player can move a Goal, over the 216 rolls: (chance, kind, points)."""
    kinds: dict[tuple[str, int], float] = {}
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            best = max(d1, d2, d1 + d2 if d1 <= 3 and d2 <= 3 else 0)
            for face in ("TIP", "SWAP", "HOP", "DIG", "AIM", "WILD"):
                if face == "AIM":
                    key = ("aim", best)
                elif face == "WILD":
                    key = ("plain", (d1 + d2) // 6 * 6)
                else:
                    cap = 6 if face == "TIP" or best >= 6 else 0
                    key = ("hop" if face == "HOP" else "plain", cap)
                kinds[key] = kinds.get(key, 0.0) + 1 / 216
    return [(p, kind, cap) for (kind, cap), p in sorted(kinds.items())]


SPOIL_ROLLS = _spoil_rolls()
_SPOILS: dict[Any, list[tuple[float, tuple[int, ...]]]] = {}


def spoil_sets(lv: Any) -> list[tuple[float, tuple[int, ...]]]:
    """For a Goal lane: each kind of roll's chance and the shapes the spoiler can reach."""
    out = _SPOILS.get(lv)
    if out is None:
        merged: dict[tuple[int, ...], float] = {}
        for prob, kind, cap in SPOIL_ROLLS:
            dist = search(lv, cap, kind == "hop", 0 if kind == "aim" else 6, "")[0]
            xs = tuple(sorted({shape(c) for c, _ in dist}))
            merged[xs] = merged.get(xs, 0.0) + prob
        out = _SPOILS[lv] = [(p, xs) for xs, p in merged.items()]
    return out


class Referee(Bot[Any]):
    """Whole-turn search with a race evaluation (see the module docstring)."""

    def __init__(self, c: float = 1.0, w: float = 16.0, keep: int = 6, full: int = 120) -> None:
        self.c, self.w, self.keep, self.full = c, w, keep, full
        self.plan: list[tuple[Any, Any]] = []

    # -- evaluation --------------------------------------------------------------------

    def setup(self, state: TimelockState) -> None:
        s = state.settings
        self.s = s
        self.me = state.seat
        self.team = s.team_of(self.me)
        self.nxt = state.next_seat()
        self.after = (2 * self.nxt - self.me) % s.seats
        self.spoil = s.goal_moved_by(self.nxt)
        self.goal_of = {g: s.goal_of(g) for t in range(s.teams) for g in s.team_stacks(t)}
        self.teams = [s.team_stacks(t) for t in range(s.teams)]

    def won(self, team: int, cfgs: dict[int, int]) -> bool:
        return all(cfgs[g] == cfgs[self.goal_of[g]] for g in self.teams[team])

    def fin(self, seat: int, cols: Any, cfgs: dict[int, int]) -> float:
        """Chance that ``seat`` completes its team's match on its next turn."""
        own = self.s.stacks_of(seat)
        vec = []
        for g in self.teams[self.s.team_of(seat)]:
            goal = cfgs[self.goal_of[g]]
            if cfgs[g] == goal:
                continue
            if g not in own:
                return 0.0
            vec.append(cost_vector(lane(cols[g % 5], g), goal))
        return fin_prob(tuple(sorted(vec)))

    def evaluate(self, cols: Any) -> float:
        cfgs = {g: gcfg(cols[g % 5], g) for g in range(10)}
        if self.won(self.team, cfgs):
            return 1e6
        if any(self.won(t, cfgs) for t in range(self.s.teams) if t != self.team):
            return -1e6
        lose = self.fin(self.nxt, cols, cfgs)
        spoil = self.spoil
        x0 = cfgs[spoil]
        spoils = spoil_sets(lane(cols[spoil % 5], spoil))
        mine = self.teams[self.team]
        u = {}
        for x in {x for _, xs in spoils for x in xs}:
            cfgs[spoil] = x
            if self.won(self.team, cfgs):
                u[x] = 1e6
                continue
            d = 0.0
            for g, goal in self.goal_of.items():
                v = vtable(cfgs[goal])[cfgs[g]]
                d += v if g in mine else -v
            u[x] = -d + self.w * (1 - lose) * self.fin(self.after, cols, cfgs)
        cfgs[spoil] = x0
        base = u[x0]
        value = 0.0
        for prob, xs in spoils:
            value += prob * min(base, min(u[x] for x in xs) + self.c)
        return value - self.w * lose

    # -- turn search -------------------------------------------------------------------

    def choose(self, state: State[Any], context: BotContext) -> Any:
        if self.plan and self.plan[0][1] == state:
            return self.plan.pop(0)[0]
        assert isinstance(state, TimelockState)
        self.plan = self.make_plan(state)
        return self.plan.pop(0)[0]

    def make_plan(self, state: TimelockState) -> list[tuple[Any, Any]]:
        self.setup(state)
        prefix: list[Any] = []
        s = state
        if not s.used and s.face in ("TIP", "HOP", "AIM", "WILD"):
            prefix.append(UseFace(s.face))
            s = s.apply(prefix[0])
        free = s.face if not s.used and s.face in ("SWAP", "DIG") else ""
        cols = tuple(tuple(s.board[B.square(f, r)] for r in range(5)) for f in range(5))
        groups = s.movable_groups()
        goal_g = self.s.goal_moved_by(self.me)
        base = self.evaluate(cols)
        low = s.merged == SEPARATE and max(s.dice) <= 3 and -1 in s.bound
        cap = s.remaining[0] + (s.remaining[1] if s.merged or low else 0)
        cap = max(cap, s.remaining[1])
        forbid = self.forbidder(cols, goal_g)
        cfgs = {g: gcfg(cols[g % 5], g) for g in range(10)}
        self.need: dict[int, int] | None = {}
        for g in self.teams[self.team]:
            goal = cfgs[self.goal_of[g]]
            if cfgs[g] != goal:
                if g in groups:
                    self.need[g] = goal
                else:
                    self.need = None
                    break
        opts: dict[int, list[tuple[float, int, bool, Any]]] = {}
        parents = {}
        for g in groups:
            is_goal = g == goal_g
            goalcost = 6 if is_goal and not s.aim else 0
            col = cols[g % 5]
            dist, parents[g] = search(
                lane(col, g), cap, s.hop, goalcost, "" if is_goal else free,
                forbid if is_goal else None,
            )  # fmt: skip
            seen: dict[Any, float] = {}
            lst = []
            for node, cost in dist.items():
                c = node[0]
                if c not in seen:
                    trial = list(cols)
                    trial[g % 5] = unlane(col, g, c)
                    seen[c] = self.evaluate(tuple(trial)) - base
                lst.append((seen[c], cost, node[1], node))
            lst.sort(key=lambda o: (-o[0], o[1], o[2]))
            opts[g] = lst
        combos = self.combos(s, groups, opts, bool(free), low)
        combos.sort(key=lambda c: -c[0])
        best = None
        for _, merge, chosen in combos[: self.full]:
            trial = list(cols)
            for g, node in chosen.items():
                trial[g % 5] = unlane(cols[g % 5], g, node[0])
            value = self.evaluate(tuple(trial))
            if best is None or value > best[0]:
                best = (value, merge, chosen)
        assert best is not None
        return self.actions(state, prefix, best[1], best[2], parents, goal_g)

    def forbidder(self, cols: Any, goal_g: int) -> Any:
        cfgs = {g: gcfg(cols[g % 5], g) for g in range(10)}

        def forbid(shape_index: int) -> bool:
            cfgs[goal_g] = shape_index
            return any(self.won(t, cfgs) for t in range(self.s.teams) if t != self.team)

        return forbid

    def combos(self, s: TimelockState, groups: Any, opts: Any, free: bool, low: bool) -> list:
        """(gain sum, how dice are combined, {group: node}) for each turn candidate."""
        k = self.keep
        stacks = [g for g in groups if g != self.s.goal_moved_by(self.me)]

        def top(g: int, budget: int, used_ok: bool) -> list:
            return [o for o in opts[g] if o[1] <= budget and (used_ok or not o[2])][:k]

        def free_only(g: int) -> list:
            return [o for o in opts[g] if o[1] == 0 and o[2]][:2]

        out: list = []
        need = self.need

        def bonus(ch: dict) -> float:
            """Single-group gains do not add up to a win: make sure complete matches rank first."""
            if need is None or any(g not in ch or shape(ch[g][0]) != need[g] for g in need):
                return 0.0
            return 1e6

        def assign(slots: list[tuple[int, int]], merge: Any) -> None:
            placements: list[Any] = [None, *stacks] if free else [None]
            for fz in placements:
                lists = [top(g, b, fz == g) for g, b in slots]
                if fz is not None and fz not in [g for g, _ in slots]:
                    lists.append(free_only(fz))
                    slot_groups = [*[g for g, _ in slots], fz]
                else:
                    slot_groups = [g for g, _ in slots]
                partial: list[tuple[float, dict]] = [(0.0, {})]
                for g, lst in zip(slot_groups, lists, strict=True):
                    partial = [(v + o[0], {**ch, g: o[3]}) for v, ch in partial for o in lst]
                out.extend((v + bonus(ch), merge, ch) for v, ch in partial)

        r1, r2 = s.remaining
        if s.merged == WILD:
            beam: list[tuple[float, int, dict]] = [(0.0, 0, {})]
            for g in groups:
                nxt = [(v + o[0], c + o[1], {**ch, g: o[3]}) for v, c, ch in beam
                       for o in top(g, r1 - c, False)]  # fmt: skip
                beam = sorted(nxt, key=lambda b: -b[0])[: self.full]
            out.extend((v + bonus(ch), "", ch) for v, _, ch in beam)
            return out
        if s.merged == SUMMED:
            for g in [s.bound[0]] if s.bound[0] != -1 else groups:
                assign([(g, r1)], "")
            return out
        b1, b2 = s.bound
        a1 = [b1] if b1 != -1 else [g for g in groups if g != b2]
        a2 = [b2] if b2 != -1 else [g for g in groups if g != b1]
        for x in [None, *a1]:
            for y in [None, *a2]:
                if x is not None and x == y:
                    continue
                slots = [(g, b) for g, b in ((x, r1), (y, r2)) if g is not None]
                assign(slots, ("sep", x, y))
        if low:
            bound = b1 if b1 != -1 else b2
            for g in [bound] if bound != -1 else groups:
                assign([(g, r1 + r2)], "sum")
        return out

    def actions(self, state: TimelockState, prefix: list, merge: str, chosen: dict,
                parents: dict, goal_g: int) -> list[tuple[Any, Any]]:  # fmt: skip
        acts = list(prefix)
        if merge == "sum":
            acts.append(Sum())
        pools: dict[int, int] = {}
        if isinstance(merge, tuple):
            pools = {merge[1]: 1, merge[2]: 2}
        order = sorted(chosen, key=lambda g: g == goal_g)
        for g in order:
            path = []
            node = chosen[g]
            while parents[g][node] is not None:
                node, step = parents[g][node]
                path.append(step)
            sq = B.LANES[g]
            pool = pools.get(g, MERGED_POOL)
            for step in reversed(path):
                kind = step[0]
                if kind == "m":
                    acts.append(Move(step[3], sq[step[1]], sq[step[2]], pool))
                elif kind == "d":
                    acts.append(Dig(step[3], sq[2], pool))
                elif kind == "D":
                    acts.append(UseDig(sq[step[1]], step[2]))
                else:
                    _, i1, s1, i2, s2 = step
                    first, second = sorted(((sq[i1], s1), (sq[i2], s2)))
                    acts.append(UseSwap(first, second))
        acts.append(EndTurn())
        plan = []
        s: Any = state
        for a in acts:
            if s.is_terminal():
                break
            problem = s.illegal_reason(a)
            if problem is not None:
                raise AssertionError(f"referee planned an illegal {a}: {problem}")
            plan.append((a, s))
            s = s.apply(a)
        return plan


# -- measuring -------------------------------------------------------------------------


def play(players: list[Any], seed: int, options: dict[str, Any], times: list[float]) -> Any:
    """One seeded game of ``players``; the referees' think time per turn goes to ``times``."""
    context = BotContext(random.Random(seed), Budget(seconds=1.0))
    state: Any = GAME.new_game(options, seed)
    spent = 0.0
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply(state.sample_chance())
            continue
        seat = state.current_player()
        started = time.process_time()
        action = players[seat].choose(state, context)
        if isinstance(players[seat], Referee):
            spent += time.process_time() - started
        state = state.play(action)
        if spent and (state.is_terminal() or state.current_player() != seat):
            times.append(spent)
            spent = 0.0
    return state


def line(level: str, pairs: int, options: dict[str, Any]) -> None:
    """``level`` against the referee, seeded pairs with the seats (or teams) swapped."""
    tally = {"win": 0, "loss": 0, "draw": 0}
    turns = 0
    times: list[float] = []
    seats = GAME.seat_count(options)
    for seed in range(pairs):
        for side in (0, 1):
            players = [
                Referee() if seat % 2 != side else GAME.make_bot(level) for seat in range(seats)
            ]
            state = play(players, seed, options, times)
            winners = state.outcome().winners
            tally["draw" if not winners else "win" if side in winners else "loss"] += 1
            turns += state.turns
    games = 2 * pairs
    decided = tally["win"] + tally["loss"]
    rate = 100.0 * tally["win"] / decided if decided else 0.0
    mode = options.get("mode", "duel")
    print(
        f"  {level:<8} {mode:<8} {games:>5} {tally['win']:>4} {tally['loss']:>5} {tally['draw']:>5}"
        f" {rate:>8.1f}% {turns / games:>6.1f} {sum(times) / len(times):>7.3f} {max(times):>6.2f}"
    )


def main() -> None:
    """Every level against the referee (duel), random a few games, the strongest in partners."""
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    partner_pairs = int(sys.argv[2]) if len(sys.argv) > 2 else pairs
    levels = [level.key for level in GAME.ai_levels()]
    started = time.process_time()
    print("Level against the referee: won/lost/drawn from the level's side; seats swapped")
    print("  level    mode     games  won  lost drawn decided-win%  turns  ref s/turn  max")
    for level in levels:
        line(level, min(pairs, 3) if level == "random" else pairs, {})
    for level in levels[-2:]:
        line(level, partner_pairs, {"mode": "partners"})
    print(f"({time.process_time() - started:.0f} s CPU)")


if __name__ == "__main__":
    main()
