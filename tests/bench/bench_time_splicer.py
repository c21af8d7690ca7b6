"""Benchmark Time Splicer: the race's pacing and the AI levels.

Usage: ``python3 tests/bench/bench_time_splicer.py [--games N] [--level-games M] [--procs P]``
(defaults: 200 seeded games per player count, 100 per level pairing, 2 processes).
``python3 build.py bench time_splicer --extra --games 50`` passes options through build.py.

* **Race table**, per player count 2–7: all seats play the ``strong`` level
  (sensible players).  It prints the share of games in which the Time Splicer
  is placed by the end of turn 40 (goal 85–98%), the median turn the game ends
  (40 when nobody placed it), the spread of final scores (median gap between
  the best and the worst score of a game, and the 10th–90th percentile of
  all scores) and the first seat's win rate against a fair share (goal:
  within 5 points).  Shared wins count as a fraction.
* **Level table.**  Two-player games in seeded pairs (the same seed twice,
  seats swapped).  Each non-random level plays ``random``, the level just
  below it, and :class:`Greedy`, a simple bot written here that shares no
  code with ``ai.py``.  A game nobody wins (turn 40) counts as won by neither;
  each cell also shows the level's wins among the games somebody won, the
  share of games it ends ahead on score, and the share everyone lost.
* **Think time**: milliseconds per decision and per whole turn (the first
  decision of a turn plans it), at each level.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pkg"))

from timegames.core import Bot, BotContext, State
from timegames.time_splicer import GAME, SplicerState
from timegames.time_splicer.orders import Bid, Place, Submit

LEVELS = [level.key for level in GAME.ai_levels()]


# -- an independent yardstick ----------------------------------------------------------------


class Greedy(Bot[Any]):
    """A simple bot that shares no code with ``ai.py``.

    It reads only the engine's legal actions for its own seat.  Each call it
    places the highest-level tile it legally can (nearest the centre line),
    then bids 3 on the two highest tiles up for auction it has not bid on
    yet, then submits.  It never improves, caps, restacks or bumps.
    """

    def choose(self, state: State[Any], context: BotContext) -> Any:
        assert isinstance(state, SplicerState)
        seat = state.to_move
        legal = state.redacted(seat).legal_actions()
        places = [a for a in legal if isinstance(a, Place)]
        if places:
            level = {p.id: p.level for p in state.stacks[seat]}
            return max(places, key=lambda a: (level[a.tile], -a.x, -abs(a.y), -a.tile))
        written = [o for o in state.orders[seat] if isinstance(o, Bid)]
        if len(written) < 2:
            bids = [a for a in legal if isinstance(a, Bid) and a.amount == 3]
            if bids:
                level = {p.id: p.level for p in state.bidding}
                return max(bids, key=lambda a: (level[a.tile], -a.tile))
        return Submit()


def make(level: str) -> Bot[Any]:
    """A bot for a level name (``greedy`` is the yardstick; ``referee`` is the bot an
    outside tester wrote from the rules alone, ``referee_time_splicer.py``)."""
    if level == "referee":
        from referee_time_splicer import Referee

        return Referee()
    return Greedy() if level == "greedy" else GAME.make_bot(level)


# -- playing ---------------------------------------------------------------------------------


def play(task: tuple[int, tuple[str, ...]]) -> dict[str, Any]:
    """One seeded game; returns its result and the bots' think times."""
    seed, levels = task
    state: Any = GAME.new_game({"players": len(levels)}, seed)
    bots = [make(level) for level in levels]
    rng = random.Random(seed)
    think: dict[str, list[float]] = {}
    turns: dict[str, list[float]] = {}
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply(state.sample_chance())
            continue
        seat = state.current_player()
        fresh = not state.orders[seat]
        started = time.perf_counter()
        action = bots[seat].choose(state, BotContext(rng))
        spent = (time.perf_counter() - started) * 1000
        think.setdefault(levels[seat], []).append(spent)
        if fresh:
            turns.setdefault(levels[seat], []).append(spent)
        state = state.apply(action)
    outcome = state.outcome()
    return {
        "winners": list(outcome.winners),
        "placed": state.splicer_by >= 0,
        "turn": state.turn,
        "scores": list(state.scores),
        "think": think,
        "turns": turns,
    }


def run(tasks: Sequence[tuple[int, tuple[str, ...]]], procs: int) -> list[dict[str, Any]]:
    if procs <= 1:
        return [play(t) for t in tasks]
    with Pool(procs) as pool:
        return pool.map(play, tasks, chunksize=4)


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


# -- tables ------------------------------------------------------------------------------------


def race_table(games: int, procs: int, think: dict[str, list[float]]) -> None:
    print(f"Race: all seats 'strong', {games} seeded games per player count")
    print("players  placed  median-end  score-gap  scores p10-p90  first-seat  fair   diff")
    for n in range(2, 8):
        tasks = [(10_000 * n + i, ("strong",) * n) for i in range(games)]
        results = run(tasks, procs)
        placed = sum(r["placed"] for r in results) / games
        ends = [r["turn"] for r in results]
        gaps = [max(r["scores"]) - min(r["scores"]) for r in results]
        scores = [s for r in results for s in r["scores"]]
        first = sum(1 / len(r["winners"]) for r in results if 0 in r["winners"]) / games
        fair = sum(1 / n for r in results if r["winners"]) / games
        for r in results:
            for level, values in r["think"].items():
                think.setdefault(level, []).extend(values)
        print(
            f"{n:>7}  {placed:>6.1%}  {statistics.median(ends):>10}  {statistics.median(gaps):>9}"
            f"  {percentile(scores, 0.1):>6}-{percentile(scores, 0.9):<7}  {first:>10.1%}"
            f"  {fair:>5.1%}  {100 * (first - fair):+5.1f}",
            flush=True,
        )
    print("(fair = 1/players of the games somebody won; diff in percentage points)")


def pairing(level: str, other: str, pairs: int, procs: int, think: Any, turns: Any) -> str:
    tasks = []
    for i in range(pairs):
        seed = 7_000 + i
        tasks.append((seed, (level, other)))
        tasks.append((seed, (other, level)))
    results = run(tasks, procs)
    wins = 0.0
    lost_all = 0
    ahead = 0
    for (_seed, seats), r in zip(tasks, results, strict=True):
        mine = seats.index(level)
        if mine in r["winners"]:
            wins += 1 / len(r["winners"])
        if not r["winners"]:
            lost_all += 1
        if r["scores"][mine] > r["scores"][1 - mine]:
            ahead += 1
        for lv, values in r["think"].items():
            think.setdefault(lv, []).extend(values)
        for lv, values in r["turns"].items():
            turns.setdefault(lv, []).extend(values)
    total = len(tasks)
    decided = total - lost_all
    of_decided = f"{wins / decided:.0%}" if decided else "-"
    return (
        f"{wins / total:>6.1%} [won {of_decided} of decided, ahead {ahead / total:.0%},"
        f" all lost {lost_all / total:.0%}]"
    )


def level_table(
    pairs: int, procs: int, think: dict[str, list[float]], referee: int | None = None
) -> None:
    turns: dict[str, list[float]] = {}
    print(f"\nLevels: two-player games, {pairs} seeded pairs (seats swapped) per line; win rate")
    print("[share of the games somebody won, share ending ahead on score, share everyone lost]")
    for i, level in enumerate(LEVELS[1:], start=1):
        below = LEVELS[i - 1]
        cells = [
            pairing(level, "random", pairs, procs, think, turns),
            f"{below}: " + pairing(level, below, pairs, procs, think, turns),
            pairing(level, "greedy", pairs, procs, think, turns),
        ]
        print(f"{level:<9} vs random {cells[0]}", flush=True)
        print(f"{'':<9} vs {cells[1]}", flush=True)
        print(f"{'':<9} vs greedy (independent) {cells[2]}", flush=True)
    referee_pairs = referee if referee is not None else max(2, pairs // 10)
    print(f"\nAgainst the outside tester's referee, {referee_pairs} seeded pairs per line")
    for level in LEVELS[-2:]:
        cell = pairing(level, "referee", referee_pairs, procs, think, turns)
        print(f"{level:<9} vs referee {cell}")
    print("\nThink time (ms): per decision mean / p99, and per whole turn (the planning call)")
    for level in [*LEVELS, "greedy"]:
        values = think.get(level, [])
        planned = turns.get(level, [])
        if values:
            plan = f"{statistics.mean(planned):.2f}" if planned else "-"
            print(
                f"  {level:<9} {statistics.mean(values):7.3f} / {percentile(values, 0.99):7.3f}"
                f"   turn {plan}"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--level-games", type=int, default=100, help="seeded pairs per line")
    parser.add_argument("--procs", type=int, default=2, help="worker processes")
    parser.add_argument(
        "--referee-pairs", type=int, default=None, help="seeded pairs against the referee"
    )
    parser.add_argument("--skip-race", action="store_true")
    parser.add_argument("--skip-levels", action="store_true")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    think: dict[str, list[float]] = {}
    if not args.skip_race:
        race_table(args.games, args.procs, think)
    if not args.skip_levels:
        level_table(args.level_games, args.procs, think, args.referee_pairs)
    print(f"\n({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
