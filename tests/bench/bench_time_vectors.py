"""Benchmark Time Vectors' AI and engine in CPython: level-against-level win rates,
think time per move, and random games per second.

Usage: ``python3 tests/bench/bench_time_vectors.py [N]`` (default 40 games per pairing).

Games are seeded (seed = game number) and the two levels alternate colours, so
neither profits from moving first.  The issue asks for the strongest level to
beat the weakest at least 95% of the time.  Browser figures (think time in
Pyodide, page load) come from ``bench_browser.py``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pkg"))

from timegames.core import BotContext, Budget
from timegames.time_vectors import GAME
from timegames.time_vectors.ai import LEVELS

SECONDS = 0.5  # the budget the page gives the AI per move


def play(levels: tuple[str, str], seed: int, times: dict[str, list[float]]) -> int | None:
    """One seeded game; the index into ``levels`` of the winner, or None for a draw."""
    bots = [GAME.make_bot(level) for level in levels]
    context = BotContext(random.Random(seed), Budget(seconds=SECONDS))
    state = GAME.new_game({}, seed)
    while not state.is_terminal():
        seat = state.current_player()
        started = time.perf_counter()
        action = bots[seat].choose(state, context)
        times[levels[seat]].append(time.perf_counter() - started)
        state = state.play(action)
    outcome = state.outcome()
    assert outcome is not None
    return outcome.winners[0] if outcome.winners else None


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def random_games_per_second(games: int = 200) -> float:
    rng = random.Random(1)
    started = time.perf_counter()
    for seed in range(games):
        state = GAME.new_game({}, seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            state = state.play(actions[rng.randrange(len(actions))])
    return games / (time.perf_counter() - started)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    keys = [level.key for level in LEVELS]
    times: dict[str, list[float]] = {key: [] for key in keys}
    print(f"Time Vectors AI, {games} seeded games per pairing, colours alternating")
    header = ("stronger", "weaker", "wins", "losses", "draws", "win rate")
    print("{:>9} vs {:<9} {:>6} {:>6} {:>6} {:>9}".format(*header))
    for i, strong in enumerate(keys):
        for weak in keys[:i]:
            wins = losses = draws = 0
            for seed in range(games):
                levels = (strong, weak) if seed % 2 == 0 else (weak, strong)
                winner = play(levels, seed, times)
                if winner is None:
                    draws += 1
                elif levels[winner] == strong:
                    wins += 1
                else:
                    losses += 1
            rate = wins / games
            print(f"{strong:>9} vs {weak:<9} {wins:>6} {losses:>6} {draws:>6} {rate:>8.0%}")
    print("\nThink time per move in CPython (ms)")
    for key in keys:
        values = [t * 1000 for t in times[key]]
        print(
            f"{key:>9}: p50 {percentile(values, 0.5):6.1f}   p95 {percentile(values, 0.95):6.1f}"
            f"   max {max(values, default=0):6.1f}   ({len(values)} moves)"
        )
    print(f"\nRandom games per second (CPython): {random_games_per_second():.1f}")


if __name__ == "__main__":
    main()
