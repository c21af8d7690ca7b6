"""Benchmark Timelock's AI: every level against random, the level below and an outside yardstick.

Usage: ``python3 tests/bench/bench_timelock.py [PAIRS] [SOLITAIRE_GAMES]``
(defaults 40 seeded pairs, so 80 games, per line; 40 solitaire games per setting).

* **Level table.** Games come in seeded pairs: the same seed (so the same
  dice and the same first player) is played twice with the seats swapped,
  so each level plays each seat equally often and luck cancels out.  Every
  non-random level is measured against ``random``, against the level just
  below it and against :class:`Counter`, a simple bot written here that
  shares no code with ``ai.py``.  Goals: ≥ 90% against random, ≥ 65%
  against the level below (draws at the turn limit count as not won).
* **Partners.** The strongest level's team against a random team.
* **Solitaire settings.** The strongest level's win rate for each offered
  solitaire setting; they should span about 90% down to 20%.
* **First player.** How often the player holding the Treehouse die wins a
  planner mirror match (the default start is random, so this is fair).
* **Think time** of the planner per whole turn.
"""

from __future__ import annotations

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
    SOLITAIRE_LEVELS,
    Dig,
    EndTurn,
    Move,
    TimelockState,
    UseFace,
)
from timegames.timelock.scoring import PERFECT

LEVELS = [level.key for level in GAME.ai_levels()]


# -- an independent yardstick ------------------------------------------------------------------


class Counter(Bot[Any]):
    """A simple bot that shares no code with ``ai.py``: it counts rows and matching pieces.

    Its score of a stack is minus, for each piece, the rows between it and the
    Goal's piece of that size times the piece's pips, plus 2 for each piece
    that matches (same row, same pieces beneath) and 10 for a whole match.
    Its position score is its own team's stacks minus half the other team's.
    Each call it takes the legal step that raises the score most; it uses
    TIP, HOP, AIM and WILD at once; when no step helps it sometimes takes a
    random move (to escape a local best), else ends the turn.
    """

    def choose(self, state: State[Any], context: BotContext) -> Any:
        """The single step that raises the score most, else end the turn."""
        assert isinstance(state, TimelockState)
        legal = state.legal_actions()
        for action in legal:
            if isinstance(action, UseFace) and state.settings.mode != "solitaire":
                return action
        if state.phase == "remove":
            return legal[0]
        me = state.settings.team_of(state.seat)
        best, best_score = None, self.score(state, me) + 1e-9
        for action in legal:
            after = state.apply(action)
            if after.result is not None:
                if me in {after.settings.team_of(w) for w in after.result.winners}:
                    return action
                continue
            score = self.score(after, me)
            if score > best_score:
                best, best_score = action, score
        if best is None:
            # Stuck in a local best: now and then a random step shakes the stacks loose.
            moves = [a for a in legal if isinstance(a, Move | Dig)]
            if moves and context.rng.random() < 0.3:
                return context.rng.choice(moves)
            return EndTurn()
        return best

    @staticmethod
    def stack_score(cfg: Any, goal: Any) -> float:
        """Rows to go (weighted by pips), matching pieces and a whole match."""
        if cfg == goal:
            return 10.0 + 2 * 3
        where = {size: (row, i) for row, sizes in enumerate(cfg) for i, size in enumerate(sizes)}
        aim = {size: (row, i) for row, sizes in enumerate(goal) for i, size in enumerate(sizes)}
        score = 0.0
        for size, (row, i) in where.items():
            goal_row, goal_i = aim[size]
            score -= abs(row - goal_row) * size
            if row == goal_row and i == goal_i and cfg[row][:i] == goal[row][:i]:
                score += 2
        return score

    def score(self, state: TimelockState, me: int) -> float:
        s = state.settings
        total = 0.0
        for team in range(s.teams):
            sign = 1.0 if team == me else -0.5
            for g in s.team_stacks(team):
                if g in state.removed:
                    total += sign * 16
                    continue
                cfg, goal = B.config(state.board, g), B.config(state.board, s.goal_of(g))
                total += sign * self.stack_score(cfg, goal)
        return total


def make(level: str) -> Bot[Any]:
    """A bot of one of the game's levels, or the yardstick ``counter``."""
    return Counter() if level == "counter" else GAME.make_bot(level)


# -- playing --------------------------------------------------------------------------------------


def play_game(
    levels: list[str], seed: int, options: dict[str, Any], timed: int = -1
) -> tuple[TimelockState, list[float]]:
    """One seeded game with ``levels`` per seat; think time per whole turn of seat ``timed``."""
    bots = [make(level) for level in levels]
    context = BotContext(random.Random(seed), Budget(seconds=1.0))
    state: TimelockState = GAME.new_game(options, seed)
    turn_times: list[float] = []
    current = 0.0
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply(state.sample_chance())
            continue
        seat = state.current_player()
        started = time.perf_counter()
        action = bots[seat].choose(state, context)
        elapsed = time.perf_counter() - started
        state = state.play(action)
        if seat == timed:
            current += elapsed
            if state.is_terminal() or state.current_player() != seat:
                turn_times.append(current)
                current = 0.0
    return state, turn_times


def team_result(state: TimelockState, seat: int) -> str:
    """``win``, ``loss`` or ``draw`` for the team of ``seat``."""
    outcome = state.outcome()
    assert outcome is not None
    if not outcome.winners:
        return "draw"
    return "win" if seat in outcome.winners else "loss"


def paired(a: str, b: str, pairs: int, offset: int = 0) -> dict[str, int]:
    """``a`` against ``b`` over seeded pairs of duels (each seed with both seatings)."""
    tally = {"win": 0, "loss": 0, "draw": 0, "turns": 0}
    for seed in range(offset, offset + pairs):
        for a_seat in (0, 1):
            levels = [b, b]
            levels[a_seat] = a
            state, _ = play_game(levels, seed, {})
            tally[team_result(state, a_seat)] += 1
            tally["turns"] += state.turns
    return tally


def rate(tally: dict[str, int]) -> float:
    games = tally["win"] + tally["loss"] + tally["draw"]
    return 100.0 * tally["win"] / games if games else 0.0


def level_table(pairs: int) -> bool:
    """Print every level against random, the level below and the yardstick; True if goals met."""
    print(f"Level table: {pairs} seeded pairs ({2 * pairs} games) per line, seats swapped")
    print(
        f"  {'level':<8} {'opponent':<8} {'won':>4} {'lost':>4} {'drawn':>5} {'win %':>6}"
        f"  {'turns':>5}  goal"
    )
    ok = True
    for i, level in enumerate(LEVELS):
        if level == "random":
            continue
        lines = [("random", 90.0)]
        below = LEVELS[i - 1]
        if below != "random":
            lines.append((below, 65.0))
        lines.append(("counter", 0.0))
        for opponent, goal in lines:
            tally = paired(level, opponent, pairs)
            r = rate(tally)
            verdict = f">= {goal:.0f}% {_met(r >= goal)}" if goal else "(yardstick)"
            ok = ok and (not goal or r >= goal)
            print(f"  {level:<8} {opponent:<8} {_cells(tally)}  {verdict}")
    tally = paired("counter", "random", pairs)
    print(f"  {'counter':<8} {'random':<8} {_cells(tally)}  (the yardstick itself)")
    return ok


def partners_line(pairs: int) -> None:
    """Four players: the strongest level's team against a random team, seats swapped."""
    strongest = LEVELS[-1]
    tally = {"win": 0, "loss": 0, "draw": 0, "turns": 0}
    for seed in range(pairs):
        for team in (0, 1):
            levels = ["random"] * 4
            levels[team] = levels[team + 2] = strongest
            state, _ = play_game(levels, seed, {"mode": "partners"})
            tally[team_result(state, team)] += 1
            tally["turns"] += state.turns
    print(f"Partners, {strongest} team against a random team, {2 * pairs} games:")
    print(f"  {'':<17} {_cells(tally)}")


def solitaire_table(games: int) -> bool:
    """The strongest level's win rate for each offered solitaire setting."""
    strongest = LEVELS[-1]
    print(f"Solitaire settings: {strongest}, {games} seeded games each")
    rates = []
    for key, label, options in SOLITAIRE_LEVELS:
        wins, perfect, points = 0, 0, 0
        for seed in range(games):
            state, _ = play_game([strongest], seed, {"mode": "solitaire", **options})
            if team_result(state, 0) == "win":
                wins += 1
                score = GAME.tool("score", {"state": state.to_dict()})["score"]
                points += score["points"]
                perfect += score["points"] == PERFECT
        r = 100.0 * wins / games
        rates.append(r)
        mean = points / wins if wins else 0.0
        print(
            f"  {key:<10} {label:<44} won {wins:>3}/{games}: {r:5.1f}%"
            f"  (mean score {mean:4.1f}, {perfect} perfect)"
        )
    spans = max(rates) >= 85.0 and min(rates) <= 25.0
    print(f"  span {max(rates):.0f}% to {min(rates):.0f}%: goal about 90% to 20% {_met(spans)}")
    return spans


def first_player(pairs: int) -> None:
    """How often the first player wins a mirror match of the strongest level."""
    strongest = LEVELS[-1]
    first_wins = decided = turns = 0
    for seed in range(pairs):
        state, _ = play_game([strongest, strongest], seed, {})
        turns += state.turns
        outcome = state.outcome()
        assert outcome is not None
        starter = GAME.new_game({}, seed).seat
        if outcome.winners:
            decided += 1
            first_wins += starter in outcome.winners
    share = 100.0 * first_wins / decided if decided else 0.0
    print(
        f"First player ({strongest} mirror, {pairs} games, random start): the player holding "
        f"the Treehouse die won {first_wins} of {decided} decided games: {share:.1f}% "
        f"({turns / max(1, pairs):.1f} turns a game in all)"
    )


def think_time(games: int) -> None:
    """The strongest level's think time per whole turn against random."""
    strongest = LEVELS[-1]
    times: list[float] = []
    for seed in range(games):
        _, turn_times = play_game([strongest, "random"], seed, {"first": 0}, timed=0)
        times.extend(turn_times)
    times.sort()
    p50 = times[len(times) // 2] if times else 0.0
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    print(
        f"{strongest} think time per whole turn ({len(times)} turns): p50 {1000 * p50:.1f} ms, "
        f"p95 {1000 * p95:.1f} ms, max {1000 * max(times, default=0.0):.1f} ms "
        "(the browser is about 2-3x slower)"
    )


def _cells(tally: dict[str, int]) -> str:
    games = tally["win"] + tally["loss"] + tally["draw"]
    return (
        f"{tally['win']:>4} {tally['loss']:>4} {tally['draw']:>5} {rate(tally):>5.1f}%"
        f"  {tally['turns'] / games:>5.1f}"
    )


def _met(ok: bool) -> str:
    return "met" if ok else "MISSED"


def referee_lines(pairs: int) -> None:
    """The two strongest levels against a whole-turn searcher an outside tester wrote
    from the rules alone (``referee_timelock.py``): a harder yardstick than ``counter``."""
    from referee_timelock import line

    print(f"Against the outside tester's referee, {pairs} seeded pairs, seats swapped")
    print("  level    mode     games  won  lost drawn decided-win%  turns  ref s/turn  max")
    for level in LEVELS[-2:]:
        line(level, pairs, {})
    line(LEVELS[-1], max(2, pairs // 2), {"mode": "partners"})


def main() -> None:
    """Print the level table, the solitaire settings, the first-player rate and think time."""
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    solitaire_games = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    started = time.perf_counter()
    levels_ok = level_table(pairs)
    partners_line(max(2, pairs // 4))
    solitaire_ok = solitaire_table(solitaire_games)
    first_player(2 * pairs)
    think_time(max(2, pairs // 4))
    referee_lines(max(2, pairs // 2))
    print(
        f"Goals: level table {_met(levels_ok)}; solitaire span {_met(solitaire_ok)} "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
