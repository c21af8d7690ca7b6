"""Benchmark Timelock's AI: the planner's win rate against weaker levels and its think time.

Usage: ``python3 tests/bench/bench_timelock.py [N]`` (default 100 games per pairing).

Games are seeded (seed = game number) and the strong side alternates between
Rainbow and Xeno.  Think time is measured per whole turn: every ``choose``
call the planner makes from the roll to its ``end``.  The issue asks for a win
rate of at least 90% against the weakest level and a browser p95 under 1 s
(the browser runs about twice as slowly as CPython).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pkg"))

from timegames.core import BotContext, Budget
from timegames.timelock import GAME
from timegames.timelock.ai import make_bot


def play_game(strong: str, weak: str, seed: int) -> tuple[str, list[float], int]:
    """One seeded game; returns ``"win"``, ``"loss"`` or ``"draw"`` for the strong side,
    its think time per whole turn, and the number of turns played."""
    strong_seat = seed % 2
    levels = [weak, weak]
    levels[strong_seat] = strong
    bots = [make_bot(level) for level in levels]
    context = BotContext(random.Random(seed), Budget(seconds=1.0))
    state = GAME.new_game({}, seed)
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
        if seat == strong_seat:
            current += elapsed
            if state.is_terminal() or state.current_player() != seat:
                turn_times.append(current)
                current = 0.0
    outcome = state.outcome()
    assert outcome is not None
    if not outcome.winners:
        result = "draw"
    else:
        result = "win" if outcome.winners == (strong_seat,) else "loss"
    return result, turn_times, state.turns


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` by the nearest-rank method."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def bench(strong: str, weak: str, games: int) -> None:
    """Play ``games`` seeded games and print the strong level's results."""
    tally = {"win": 0, "loss": 0, "draw": 0}
    times: list[float] = []
    turns = 0
    for seed in range(games):
        result, turn_times, played = play_game(strong, weak, seed)
        tally[result] += 1
        times.extend(turn_times)
        turns += played
    rate = 100.0 * tally["win"] / games
    print(
        f"{strong} vs {weak}: {games} games, {tally['win']} won, {tally['loss']} lost, "
        f"{tally['draw']} drawn: win rate {rate:.1f}%; {turns / games:.1f} turns a game"
    )
    print(
        f"  {strong} think time per whole turn ({len(times)} turns): "
        f"p50 {1000 * percentile(times, 0.5):.1f} ms, p95 {1000 * percentile(times, 0.95):.1f} ms, "
        f"max {1000 * max(times, default=0.0):.1f} ms"
    )


def main() -> None:
    """Planner against random (the issue's measure), then against greedy."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    bench("planner", "random", games)
    bench("planner", "greedy", games)


if __name__ == "__main__":
    main()
