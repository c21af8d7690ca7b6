"""Computer players for Timelock: random, greedy and a whole-turn planner.

``greedy`` (and ``planner`` outside the race below) judges by *distance to match*: for each
Time Stack, the fewest movement points that would turn it into its Goal's
shape (:func:`board.distance`, exact for a stack on its own).  A team wants
its own distances small and the other team's large; the sum is weighted so
that the worst stack counts most, because a team wins only when all match.

* ``random`` plays any legal action.
* ``greedy`` takes, one step at a time, the action that most improves that
  value, uses TIP, HOP, AIM and WILD at once, and ends the turn when nothing
  helps.  In solitaire TIP costs removals, so greedy first plays the turn out
  with and without it and keeps the better.
* ``planner`` plans the whole turn.  Moves of different stacks never
  interact (each lives in its own file), so it searches each stack's lane on
  its own for every budget (a cheapest-first search over the real board,
  including digs, HOP, and SWAP or DIG as a free step), then splits the dice
  over the stacks and the opponent's Goal: two dice on two stacks, a low sum
  on one, or WILD's pool across several.  Spoiling the opponent's Goal is
  just another lane whose value is the opponent's distances.  A position
  where a move would make the opponent win is never entered.

  In the board game with every stack to match (two players or partners) the
  planner judges turns by the race evaluation of :mod:`.race` instead: the
  expected dice each stack still needs, the exact chance over the next roll
  that the next player finishes, the Goal shapes that player could spoil ours
  into, and our chance to finish after that.  That value is not a sum over
  groups, so each group's lanes are first ranked by their gain alone, the best
  few of each are combined as the dice allow (WILD's pool by a beam that keeps
  every amount spent), and the best-ranked whole turns are judged in full.
  Other variants (fewer stacks, removed stacks, solitaire) keep the distances.

The planner returns one action per call; the rest of its plan is cached by
state, so later calls in the same turn cost a dictionary look-up.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..core.protocol import AiLevel, Bot, BotContext, FormatError, State
from . import board as B
from .race import Race, race_for
from .rules import (
    MERGED_POOL,
    REMOVE,
    REPLACE_COST,
    ROLL,
    SEPARATE,
    SUMMED,
    Action,
    Dig,
    EndTurn,
    Move,
    Remove,
    Replace,
    Sum,
    TimelockState,
    UseDig,
    UseFace,
    UseReplace,
    UseSwap,
)

LEVELS: tuple[AiLevel, ...] = (
    AiLevel("random", "Random", "Plays any legal action."),
    AiLevel("greedy", "Greedy", "Takes the single best-looking step each time."),
    AiLevel(
        "planner",
        "Planner",
        "Plans the whole turn: the order of moves, how to split the dice, when to use "
        "the Treehouse action and how to spoil your Goal.",
    ),
)

WIN = 1_000_000.0
MATCH_BONUS = 3.0
PIECE_LIFE = 5.0
"""Solitaire: what one opposing pyramid on the board is worth (it keeps the game alive)."""


def stack_cost(d: int) -> float:
    """How bad a distance is: convex, so the farthest stack counts most; a match earns a bonus."""
    return -MATCH_BONUS if d == 0 else d + 0.1 * d * d


# -- evaluation ---------------------------------------------------------------------------


URGENCY = 15.0
"""Distance points over which a team's lead makes its stacks count e times more."""


def team_weights(state: TimelockState) -> tuple[float, ...]:
    """How much one point of distance matters for each team.

    The team nearer to matching counts most: a point taken from a team that
    is about to win is worth far more than one added to a team far behind.
    This weighs spoiling against progress; it is fixed for the whole turn so
    the value stays a sum over stacks.
    """
    s = state.settings
    distances = [state.team_distance(t) for t in range(s.teams)]
    best = min(distances)
    return tuple(max(0.02, math.exp(-(d - best) / URGENCY)) for d in distances)


def group_value(
    state: TimelockState,
    board: B.Board,
    removed: Sequence[int],
    g: int,
    weights: tuple[float, ...] | None = None,
) -> float:
    """Value, for the team to move, of group ``g`` standing as on ``board``.

    A Time Stack counts its own distance to its Goal; a Goal counts the
    distances of every stack that must match it.  Own team's stacks count against,
    the others' for, each team weighted by :func:`team_weights`.
    """
    s = state.settings
    me = s.team_of(state.seat)
    w = weights if weights is not None else team_weights(state)
    if B.is_goal(g):
        goal_cfg = B.config(board, g)
        total = 0.0
        for team in range(s.teams):
            sign = -w[team] if team == me else w[team]
            for stack in s.team_stacks(team):
                if s.goal_of(stack) != g:
                    continue
                if stack in removed:
                    total += sign * stack_cost(0)
                else:
                    total += sign * stack_cost(B.distance(B.config(board, stack), goal_cfg))
        return total
    team = next(t for t in range(s.teams) if g in s.team_stacks(t))
    sign = -w[team] if team == me else w[team]
    if g in removed:
        return sign * stack_cost(0)
    goal_cfg = B.config(board, state.goal_of(g))
    return sign * stack_cost(B.distance(B.config(board, g), goal_cfg))


def position_value(state: TimelockState, fixed: tuple[float, ...] | None = None) -> float:
    """Value of the whole position for the team to move (used by ``greedy``).

    ``fixed`` weighs the teams as at the start of the step being judged, so
    that a step's own progress is not undone by the team weights it shifts.
    """
    if state.result is not None:
        me = state.settings.team_of(state.seat)
        winners = {state.settings.team_of(w) for w in state.result.winners}
        if me in winners:
            return WIN
        # A solitaire game that nobody won is lost; elsewhere no winner is a draw.
        return -WIN if winners or state.settings.mode == "solitaire" else 0.0
    total = solitaire_value(state)
    weights = fixed if fixed is not None else team_weights(state)
    for g in state.movable_groups():
        if state.settings.boardless:
            total += loose_group_value(state, g, weights)
        else:
            total += group_value(state, state.board, state.removed, g, weights)
    return total


def loose_group_value(state: TimelockState, g: int, weights: tuple[float, ...]) -> float:
    """:func:`group_value` for the board-less variant, read from the state's columns."""
    s = state.settings
    me = s.team_of(state.seat)
    if B.is_goal(g):
        total = 0.0
        for team in range(s.teams):
            sign = -weights[team] if team == me else weights[team]
            for stack in s.team_stacks(team):
                if s.goal_of(stack) == g:
                    d = 0 if stack in state.removed else state.group_distance(stack, g)
                    total += sign * stack_cost(d)
        return total
    team = next(t for t in range(s.teams) if g in s.team_stacks(t))
    sign = -weights[team] if team == me else weights[team]
    d = 0 if g in state.removed else state.group_distance(g, state.goal_of(g))
    return sign * stack_cost(d)


def solitaire_value(state: TimelockState) -> float:
    """Solitaire: opposing pyramids still on the board keep the game alive."""
    if state.settings.mode != "solitaire":
        return 0.0
    left = sum(len(state.home_stack(B.group(1, f))) for f in B.STACK_FILES)
    return PIECE_LIFE * left - (40.0 if left <= 2 else 0.0)


def removal_choice(state: TimelockState) -> Remove:
    """Solitaire removal: the smallest top pyramid, from the tallest opposing stack."""
    options = state.legal_actions()

    def key(a: Action) -> tuple[int, int]:
        assert isinstance(a, Remove)
        stack = state.home_stack(B.group(1, a.file))
        return (B.size_of(stack[-1]), -len(stack))

    best = min(options, key=key)
    assert isinstance(best, Remove)
    return best


# -- lane search ----------------------------------------------------------------------------


Step = Action | tuple[str, int, int, int]
"""A free Treehouse action, or a lane step ``(kind, from, to, piece)`` to be priced later."""


@dataclass
class Node:
    """One way a group can end the turn: its cost, whether it used the free action, its value."""

    cost: int
    used: bool
    value: float
    steps: tuple[Step, ...]
    """Moves (as lane steps, priced later) and free Treehouse actions, in order."""
    lane: tuple[B.Stack, ...] = ()
    """The group's three squares at the end (home, second, centre)."""


Finish = Callable[[B.Board, tuple[int, ...]], tuple[B.Board, tuple[int, ...], float | None]]
Valuer = Callable[[TimelockState, B.Board, Sequence[int], int], float]
"""A value for one group on a board, like :func:`group_value` (which is the default)."""


def lane_search(
    state: TimelockState, g: int, limit: int, free: bool, value: Valuer = group_value
) -> list[Node]:
    """Every way group ``g`` can end the turn with at most ``limit`` points spent.

    A cheapest-first search over the real board (only this group's pieces
    move).  ``free`` allows one SWAP or DIG step at no cost.  A step that ends
    the game is not searched further; one that lets another team win is dropped.
    """
    finish = _finisher(state, g)
    start = (state.board, state.removed)
    counter = itertools.count()
    best: dict[tuple[object, ...], int] = {}
    heap: list[tuple[int, int, B.Board, tuple[int, ...], bool, tuple[Step, ...]]] = []
    heapq.heappush(heap, (0, next(counter), start[0], start[1], False, ()))
    nodes: list[Node] = []
    lane = B.LANES[g]
    goal = B.is_goal(g)
    face = state.face if free else ""
    while heap:
        cost, _, board, removed, used, steps = heapq.heappop(heap)
        key = (board[lane[0]], board[lane[1]], board[lane[2]], removed, used)
        if key in best:
            continue
        best[key] = cost
        board2, removed2, terminal = finish(board, removed)
        end = tuple(board2[sq] for sq in lane)
        if terminal is not None:
            if terminal > 0:
                nodes.append(Node(cost, used, terminal, steps, end))
            continue
        board, removed = board2, removed2
        nodes.append(Node(cost, used, value(state, board, removed, g), steps, end))
        for kind, src, dst, p in B.lane_steps(board, g, state.hop):
            step = B.size_of(p) if (not goal or state.aim) else 6
            if cost + step > limit:
                continue
            nb = B.moved(board, src, dst, p)
            heapq.heappush(
                heap, (cost + step, next(counter), nb, removed, used, (*steps, (kind, src, dst, p)))
            )
        if face and not used and not goal:
            for action, nb in _free_steps(board, g, face):
                heapq.heappush(heap, (cost, next(counter), nb, removed, True, (*steps, action)))
    return nodes


def _free_steps(board: B.Board, g: int, face: str) -> list[tuple[Action, B.Board]]:
    out: list[tuple[Action, B.Board]] = []
    pieces = [(sq, p) for sq in B.LANES[g] for p in board[sq] if B.group_of(p) == g]
    if face == "SWAP":
        for (sq1, p1), (sq2, p2) in itertools.combinations(pieces, 2):
            if sq1 != sq2:
                first, second = sorted(((sq1, B.size_of(p1)), (sq2, B.size_of(p2))))
                out.append((UseSwap(first, second), B.swapped(board, p1, p2)))
    elif face == "DIG":
        for sq, p in pieces:
            if board[sq][-1] != p:
                out.append((UseDig(sq, B.size_of(p)), B.moved(board, sq, sq, p)))
    return out


def _finisher(state: TimelockState, g: int) -> Finish:
    """Apply the end-of-step rules (removals, wins) only when a match is possible."""
    s = state.settings
    me = s.team_of(state.seat)

    def finish(
        board: B.Board, removed: tuple[int, ...]
    ) -> tuple[B.Board, tuple[int, ...], float | None]:
        if B.is_goal(g):
            goal_cfg = B.config(board, g)
            possible = any(
                B.config(board, st) == goal_cfg
                for t in range(s.teams)
                for st in s.team_stacks(t)
                if s.goal_of(st) == g and st not in removed
            )
        else:
            possible = g not in removed and B.config(board, g) == B.config(board, state.goal_of(g))
        if not possible:
            return board, removed, None
        after = replace(state, board=board, removed=removed)._after_change()
        if after.result is not None:
            winners = {s.team_of(w) for w in after.result.winners}
            return after.board, after.removed, WIN if me in winners else -WIN
        return after.board, after.removed, None

    return finish


# -- the planner --------------------------------------------------------------------------------


@dataclass
class Plan:
    """A whole turn: its value and the actions that carry it out."""

    value: float
    actions: list[Action]


class Planner:
    """Finds the best whole turn from a state in the play phase."""

    def __init__(self, state: TimelockState, value: Valuer | None = None) -> None:
        self.root = state
        # Where it applies, the race evaluation judges the position left for the
        # next player; each group's lane is first scored alone by its gain.
        self.race = (
            race_for(state.settings, state.seat, state.next_seat()) if value is None else None
        )
        self.candidates: list[Candidate] = []
        self.prefix: list[Action] = []
        self.ranked: dict[tuple[object, ...], list[Node]] = {}
        if self.race is not None:
            value = self._race_gain(self.race)
        if value is None:
            weights = team_weights(state)

            def weighted(
                st: TimelockState, board: B.Board, removed: Sequence[int], g: int
            ) -> float:
                return group_value(st, board, removed, g, weights)

            value = weighted
        self.value = value
        self.cache: dict[tuple[int, bool, bool, bool, int], list[Node]] = {}

    def best(self) -> Plan:
        """The best plan over the ways to use the Treehouse action and to combine dice."""
        best: Plan | None = None
        self.candidates = []
        for prefix in self._prefixes():
            state: TimelockState = self.root
            actions: list[Action] = []
            for a in prefix:
                state = state.apply(a)
                actions.append(a)
                while state.phase == REMOVE and state.result is None:
                    r = removal_choice(state)
                    state = state.apply(r)
                    actions.append(r)
            if state.result is not None:
                value = position_value(state)
                plan = Plan(value, actions)
            else:
                self.prefix = actions
                plan = self._plan_pools(state)
                plan = Plan(plan.value, actions + plan.actions)
            if best is None or plan.value > best.value + 1e-9:
                best = plan
        if self.race is not None and self.candidates:
            return self._race_best(self.race)
        assert best is not None
        return best

    def _race_gain(self, race: Race) -> Valuer:
        """A group's value as the race evaluation's gain when only that group has moved."""
        base = race.value(self.root.board)
        seen: dict[tuple[object, ...], float] = {}

        def gain(st: TimelockState, board: B.Board, removed: Sequence[int], g: int) -> float:
            key = (g, *(board[sq] for sq in B.LANES[g]))
            v = seen.get(key)
            if v is None:
                v = seen[key] = race.value(board) - base
            return v

        return gain

    def _race_best(self, race: Race) -> Plan:
        """Judge the best-ranked whole turns by the race evaluation of the position they leave."""
        ranked = sorted(self.candidates, key=lambda c: -c.score)
        best: tuple[float, Candidate] | None = None
        seen: set[B.Board] = set()
        for cand in ranked[:FULL_LOOKS]:
            cells = list(self.root.board)
            for g, node in cand.chosen.items():
                for sq, stack in zip(B.LANES[g], node.lane, strict=True):
                    cells[sq] = stack
            board = tuple(cells)
            if board in seen:
                continue
            seen.add(board)
            value = race.value(board)
            if best is None or value > best[0] + 1e-9:
                best = (value, cand)
        assert best is not None
        value, cand = best
        plan = self._to_plan(cand.state, cand.chosen, cand.pools, value)
        return Plan(value, cand.prefix + plan.actions)

    def _prefixes(self) -> list[list[Action]]:
        s = self.root
        solitaire = s.settings.mode == "solitaire"
        face_actions: list[Action] = []
        usable = s.face in ("TIP", "HOP", "AIM", "WILD") and not (solitaire and s.face == "AIM")
        if not s.used and usable:
            face_actions.append(UseFace(s.face))
        prefixes: list[list[Action]] = []
        # TIP, HOP, AIM and WILD only add options, so using them at once loses nothing;
        # solitaire's TIP costs removals, so there it is weighed against not using it.
        if not face_actions or (solitaire and s.face == "TIP"):
            prefixes.append([])
        prefixes.extend([a] for a in face_actions)
        if s._sum_allowed():
            prefixes.append([Sum()])
            prefixes.extend([Sum(), a] for a in face_actions)
        return prefixes

    def _nodes(self, state: TimelockState, g: int, limit: int) -> list[Node]:
        free = not state.used and state.face in ("SWAP", "DIG")
        key = (g, state.hop, state.aim, free, limit)
        if key not in self.cache:
            self.cache[key] = lane_search(state, g, limit, free, self.value)
        return self.cache[key]

    def _groups(self, state: TimelockState) -> list[int]:
        groups = list(state.movable_groups())
        if state.settings.mode == "solitaire":
            groups = [g for g in groups if not B.is_goal(g)]
        return groups

    def _tables(self, state: TimelockState, limit: int) -> dict[int, tuple[list[Node], list[Node]]]:
        """Per group: the best node for each budget without / with the free action."""
        tables: dict[int, tuple[list[Node], list[Node]]] = {}
        for g in self._groups(state):
            nodes = self._nodes(state, g, limit)
            base = nodes[0]
            plain = [base] * (limit + 1)
            anyn = [base] * (limit + 1)
            for n in nodes:
                for b in range(n.cost, limit + 1):
                    if not n.used and n.value > plain[b].value:
                        plain[b] = n
                    if n.value > anyn[b].value:
                        anyn[b] = n
            tables[g] = (plain, anyn)
        if state.settings.mode == "solitaire":
            for f in B.STACK_FILES:
                tables[-1 - f] = self._replacement_table(state, f, limit)
        return tables

    def _replacement_table(
        self, state: TimelockState, f: int, limit: int
    ) -> tuple[list[Node], list[Node]]:
        missing = 3 - len(state.board[B.LANES[B.group(1, f)][0]])
        free = not state.used and state.face == "AIM"
        plain: list[Node] = []
        anyn: list[Node] = []
        for b in range(limit + 1):
            k = min(missing, b // REPLACE_COST)
            paid: tuple[Action, ...] = tuple(Replace(f, -1) for _ in range(k))
            plain.append(Node(k * REPLACE_COST, False, PIECE_LIFE * k, paid))
            if free and k < missing:
                with_free = (*paid, UseReplace(f))
                anyn.append(Node(k * REPLACE_COST, True, PIECE_LIFE * (k + 1), with_free))
            else:
                anyn.append(plain[-1])
        return plain, anyn

    def _plan_pools(self, state: TimelockState) -> Plan:
        const = solitaire_value(state)
        limit = max(state.remaining) if state.merged == SEPARATE else state.remaining[0]
        tables = self._tables(state, limit)
        groups = list(tables)
        budgets: list[tuple[dict[int, int], dict[int, int]]] = []  # (budget per group, pool)
        if state.merged == SEPARATE:
            for g1 in [None, *groups]:
                if g1 is not None and not self._die_fits(state, 0, g1):
                    continue
                for g2 in [None, *groups]:
                    if g2 is not None and (g2 == g1 or not self._die_fits(state, 1, g2)):
                        continue
                    budget: dict[int, int] = {}
                    pools: dict[int, int] = {}
                    if g1 is not None:
                        budget[g1], pools[g1] = state.remaining[0], 1
                    if g2 is not None:
                        budget[g2], pools[g2] = state.remaining[1], 2
                    budgets.append((budget, pools))
        elif state.merged == SUMMED:
            for g in [None, *groups]:
                if g is not None and state.bound[0] not in (-1, _binding(g)):
                    continue
                if g is None:
                    budgets.append(({}, {}))
                else:
                    budgets.append(({g: state.remaining[0]}, {g: MERGED_POOL}))
        else:
            return self._plan_wild(state, tables, const)
        best: Plan | None = None
        for budget, pools in budgets:
            plan = self._combine(state, tables, budget, pools, const)
            if best is None or plan.value > best.value:
                best = plan
        assert best is not None
        return best

    def _ranked(self, state: TimelockState, g: int, budget: int, used: bool) -> list[Node]:
        """Group ``g``'s best-gaining ways to end the turn within ``budget``, a few of them.

        Ways with and without the free SWAP or DIG are ranked apart: the free
        action's many variants would otherwise crowd out the plain moves.
        """
        limit = max(state.remaining) if state.merged == SEPARATE else state.remaining[0]
        key = (g, state.hop, state.aim, state.used, state.face, limit, used)
        ranked = self.ranked.get(key)
        if ranked is None:
            nodes = self._nodes(state, g, limit)
            ranked = self.ranked[key] = sorted(
                (n for n in nodes if n.steps and n.used == used), key=lambda n: (-n.value, n.cost)
            )
        return [n for n in ranked if n.cost <= budget][:KEEP]

    def _by_cost(self, state: TimelockState, g: int, budget: int, used: bool) -> list[Node]:
        """The best-gaining way for each amount spent up to ``budget`` (for WILD's pool)."""
        self._ranked(state, g, budget, used)
        limit = state.remaining[0]
        ranked = self.ranked[(g, state.hop, state.aim, state.used, state.face, limit, used)]
        best: dict[int, Node] = {}
        for n in ranked:
            if n.cost <= budget and n.cost not in best:
                best[n.cost] = n
        return list(best.values())

    def _wins(self, chosen: dict[int, Node]) -> bool:
        """Whether the chosen lanes complete the mover's team (their gains alone cannot tell)."""
        s = self.root.settings
        for g in s.team_stacks(s.team_of(self.root.seat)):
            goal = B.config(self.root.board, s.goal_of(g))
            node = chosen.get(g)
            if node is None:
                if B.config(self.root.board, g) != goal:
                    return False
            elif node.value < WIN and _lane_config(node.lane, g) != goal:
                return False
        return True

    def _add(self, state: TimelockState, chosen: dict[int, Node], pools: dict[int, int]) -> None:
        score = sum(n.value for n in chosen.values())
        if chosen and self._wins(chosen):
            score += WIN
        self.candidates.append(Candidate(score, list(self.prefix), state, chosen, pools))

    def _race_candidates(
        self, state: TimelockState, budget: dict[int, int], pools: dict[int, int]
    ) -> None:
        """Whole turns for one way of spending the dice: the best few lanes of each paid group."""
        free = not state.used and state.face in ("SWAP", "DIG")
        combos: list[dict[int, Node]] = [{}]
        for g, b in budget.items():
            options = self._ranked(state, g, b, False) + (
                self._ranked(state, g, b, True) if free else []
            )
            combos += [{**c, g: n} for c in combos for n in options]
        for c in combos:
            used = sum(n.used for n in c.values())
            if used > 1:
                continue
            self._add(state, c, pools)
            if free and not used:
                # The free SWAP or DIG may go to a stack no die pays for.
                for g in self._groups(state):
                    if g not in c and not B.is_goal(g):
                        for n in self._ranked(state, g, 0, True)[:FREE_KEEP]:
                            self._add(state, {**c, g: n}, pools)

    def _race_wild(self, state: TimelockState, pool: int) -> None:
        """Whole turns for WILD's pool: a beam over the groups, by summed gain.

        The beam keeps the best few for each amount spent (and free action used or
        not), so that cheap turns leave room for an expensive Goal step.
        """
        beam: list[tuple[float, int, bool, dict[int, Node]]] = [(0.0, 0, False, {})]
        free = not state.used and state.face in ("SWAP", "DIG")
        for g in self._groups(state):
            grown = list(beam)
            for value, spent, used, chosen in beam:
                options = self._by_cost(state, g, pool - spent, False)
                if free and not used:
                    options += self._by_cost(state, g, pool - spent, True)
                for n in options:
                    grown.append(
                        (value + n.value, spent + n.cost, used or n.used, {**chosen, g: n})
                    )
            grown.sort(key=lambda b: -b[0])
            kept: dict[tuple[int, bool], int] = {}
            beam = []
            for item in grown:
                bucket = (item[1], item[2])
                if kept.get(bucket, 0) < WILD_KEEP:
                    kept[bucket] = kept.get(bucket, 0) + 1
                    beam.append(item)
        for _, _, _, chosen in beam:
            self._add(state, chosen, dict.fromkeys(chosen, MERGED_POOL))

    def _die_fits(self, state: TimelockState, i: int, g: int) -> bool:
        bind = _binding(g)
        return (
            state.remaining[i] > 0 and state.bound[i] in (-1, bind) and state.bound[1 - i] != bind
        )

    def _combine(
        self,
        state: TimelockState,
        tables: dict[int, tuple[list[Node], list[Node]]],
        budget: dict[int, int],
        pools: dict[int, int],
        const: float,
    ) -> Plan:
        if self.race is not None:
            self._race_candidates(state, budget, pools)
        chosen = {g: tables[g][0][budget.get(g, 0)] for g in tables}
        total = sum(n.value for n in chosen.values())
        gain, free_group = 0.0, None
        for g in tables:
            extra = tables[g][1][budget.get(g, 0)].value - chosen[g].value
            if extra > gain:
                gain, free_group = extra, g
        if free_group is not None:
            chosen[free_group] = tables[free_group][1][budget.get(free_group, 0)]
        return self._to_plan(state, chosen, pools, const + total + gain)

    def _plan_wild(
        self,
        state: TimelockState,
        tables: dict[int, tuple[list[Node], list[Node]]],
        const: float,
    ) -> Plan:
        total = state.remaining[0]
        if self.race is not None:
            self._race_wild(state, total)
        # dp[(spent, used)] = (value, choices): a knapsack of the pool over the groups.
        dp: dict[tuple[int, bool], tuple[float, dict[int, Node]]] = {(0, False): (0.0, {})}
        for g, (plain, anyn) in tables.items():
            nxt: dict[tuple[int, bool], tuple[float, dict[int, Node]]] = {}
            for (spent, used), (value, choice) in dp.items():
                for b in range(total - spent + 1):
                    options = [(plain[b], used)]
                    if not used and anyn[b].used:
                        options.append((anyn[b], True))
                    for node, now_used in options:
                        if b and node.cost < b:
                            continue  # the same node is reached with a smaller budget
                        k = (spent + node.cost, now_used)
                        v = value + node.value
                        if k not in nxt or v > nxt[k][0]:
                            nxt[k] = (v, {**choice, g: node})
            dp = nxt
        value, choice = max(dp.values(), key=lambda item: item[0])
        pools = dict.fromkeys(choice, MERGED_POOL)
        return self._to_plan(state, choice, pools, const + value)

    def _to_plan(
        self,
        state: TimelockState,
        chosen: dict[int, Node],
        pools: dict[int, int],
        value: float,
    ) -> Plan:
        actions: list[Action] = []
        # Own stacks first (a win ends the game at once), the opponent's Goal last.
        order = sorted(chosen, key=lambda g: (g >= 0 and B.is_goal(g), g))
        for g in order:
            node = chosen[g]
            pool = pools.get(g, MERGED_POOL)
            for step in node.steps:
                if isinstance(step, tuple):
                    kind, src, dst, p = step
                    if kind == "move":
                        actions.append(Move(B.size_of(p), src, dst, pool))
                    else:
                        actions.append(Dig(B.size_of(p), src, pool))
                elif isinstance(step, Replace):
                    actions.append(Replace(step.file, pool))
                else:
                    actions.append(step)
        actions.append(EndTurn())
        return Plan(value, actions)


KEEP = 8
"""Race planner: how many of each group's best lanes enter the whole-turn candidates."""
FREE_KEEP = 4
"""Race planner: how many free SWAP or DIG steps are tried on a stack no die pays for."""
WILD_KEEP = 8
"""Race planner: WILD's beam keeps this many turns for each amount of the pool spent."""
FULL_LOOKS = 80
"""Race planner: how many of the best-ranked whole turns get the full race evaluation."""


@dataclass
class Candidate:
    """A whole turn for the race planner: its summed gains, how it starts, its lanes and dice."""

    score: float
    prefix: list[Action]
    state: TimelockState
    chosen: dict[int, Node]
    pools: dict[int, int]


def _lane_config(lane: tuple[B.Stack, ...], g: int) -> B.Config:
    """The configuration of group ``g`` standing as ``lane`` (its three squares)."""
    rows = [tuple(B.size_of(p) for p in stack if B.group_of(p) == g) for stack in lane]
    return (rows[0], rows[1], rows[2])


def _binding(g: int) -> int:
    """The group a die is bound to: replacements (pseudo-groups -1-f) bind to the opposing stack."""
    return B.group(1, -1 - g) if g < 0 else g


# -- bots ------------------------------------------------------------------------------------------


class RandomBot(Bot[Action]):
    """Any legal action, from the injected generator."""

    def choose(self, state: State[Action], context: BotContext) -> Action:
        """A uniformly random legal action."""
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action to choose from")
        choice: Action = actions[context.rng.randrange(len(actions))]
        return choice


class GreedyBot(Bot[Action]):
    """One step at a time: the action that improves the position most, else end the turn."""

    def choose(self, state: State[Action], context: BotContext) -> Action:
        """The Treehouse action if it is worth using now, else the best-looking single step."""
        assert isinstance(state, TimelockState)
        if state.phase == REMOVE:
            return removal_choice(state)
        legal = state.legal_actions()
        face = face_to_use(state, legal)
        if face is not None:
            return face
        # The team weights stay those of the position before the step: weights
        # recomputed after it would shrink the value of the step's own progress.
        return greedy_step(state, legal, team_weights(state))


def greedy_step(state: TimelockState, legal: Sequence[Action], fixed: tuple[float, ...]) -> Action:
    """The move, dig, SWAP, DIG or replacement that raises the value most, else ``end``."""
    best: Action = EndTurn()
    best_value = position_value(state, fixed) + 1e-9
    for a in legal:
        if isinstance(a, EndTurn | Sum | UseFace):
            continue
        value = position_value(state.apply(a), fixed)
        if value > best_value:
            best, best_value = a, value
    return best


def face_to_use(state: TimelockState, legal: Sequence[Action]) -> UseFace | None:
    """TIP, HOP, AIM or WILD if the greedy levels should use it now, else ``None``.

    They only add points or reach, so they are used at once; in solitaire,
    though, TIP makes a removal for each die below the removal number, so
    there it is used only when the rest of the turn, played out both ways,
    comes out better with it (and only before any point is spent).
    """
    face = next((a for a in legal if isinstance(a, UseFace)), None)
    if face is None or face.face != "TIP" or state.settings.mode != "solitaire":
        return face
    untouched = state.merged == SEPARATE and state.remaining == state.dice
    if not untouched:
        return None
    fixed = team_weights(state)
    with_tip = position_value(played_out(state.apply(face), fixed), fixed)
    without = position_value(played_out(state, fixed), fixed)
    return face if with_tip > without + 1e-9 else None


def played_out(state: TimelockState, fixed: tuple[float, ...]) -> TimelockState:
    """The position once greedy has taken its improving steps for the rest of the turn.

    Removals come first, as the rules ask; the Treehouse face is left unused.
    Each step raises the value, so this ends.
    """
    while state.result is None and state.phase != ROLL:
        if state.phase == REMOVE:
            state = state.apply(removal_choice(state))
            continue
        step = greedy_step(state, state.legal_actions(), fixed)
        if isinstance(step, EndTurn):
            break
        state = state.apply(step)
    return state


class PlannerBot(Bot[Action]):
    """Plans the whole turn once, then plays it out one action per call."""

    def __init__(self) -> None:
        self.plans: dict[TimelockState, list[Action]] = {}

    def choose(self, state: State[Action], context: BotContext) -> Action:
        """The next action of the plan for this turn (planned on the first call)."""
        assert isinstance(state, TimelockState)
        if state.phase == ROLL:
            raise ValueError("the dice roll next, not a player")
        if state.phase == REMOVE:
            return removal_choice(state)
        if state.settings.boardless:
            return lookahead_choice(state)
        planned = self.plans.pop(state, None)
        if not planned or state.illegal_reason(planned[0]) is not None:
            self.plans.clear()
            planned = Planner(state).best().actions
        action = planned[0]
        if state.illegal_reason(action) is not None:
            return EndTurn()
        rest = planned[1:]
        if rest:
            self.plans[state.apply(action)] = rest
        return action


LOOKAHEAD_WIDTH = 12
"""Board-less planner: how many of the best single steps get a second step tried."""


def lookahead_choice(state: TimelockState) -> Action:
    """The board-less variant's planner: greedy steps, looking two steps ahead when stuck.

    The lane search of the board game relies on fixed lanes, so without a
    board the planner plays like ``greedy`` (TIP, HOP, AIM and WILD as
    :func:`face_to_use` says, then the best improving step), and when no single step improves the
    position it tries pairs of steps: a piece may need to step aside before
    another can move, or two low dice may need adding first.
    """
    legal = state.legal_actions()
    face = face_to_use(state, legal)
    if face is not None:
        return face
    fixed = team_weights(state)
    now = position_value(state, fixed)
    scored: list[tuple[float, int, Action, TimelockState]] = []
    for i, a in enumerate(legal):
        if isinstance(a, EndTurn):
            continue
        after = state.apply(a)
        scored.append((position_value(after, fixed), i, a, after))
    scored.sort(key=lambda t: (-t[0], t[1]))
    if scored and scored[0][0] > now + 1e-9:
        return scored[0][2]
    best: Action = EndTurn()
    best_value = now + 1e-9
    for _, _, a, after in scored[:LOOKAHEAD_WIDTH]:
        if after.result is not None or after.current_player() != state.seat:
            continue
        for b in after.legal_actions():
            if isinstance(b, EndTurn):
                continue
            value = position_value(after.apply(b), fixed)
            if value > best_value:
                best, best_value = a, value
    return best


def make_bot(level: str) -> Bot[Action]:
    """The bot for one of :data:`LEVELS`."""
    if level == "random":
        return RandomBot()
    if level == "greedy":
        return GreedyBot()
    if level == "planner":
        return PlannerBot()
    raise FormatError(f"Timelock has no AI level {level!r}")
