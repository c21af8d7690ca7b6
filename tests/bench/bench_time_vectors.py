"""Benchmark Time Vectors' AI: the master against an independent opponent, each
level against the one below and against random play, fork defence, think times,
how often each token supply ends by exhaustion, and the speed in Pyodide.

Usage (``python3 build.py bench time_vectors --extra ...`` passes the same flags)::

    python3 tests/bench/bench_time_vectors.py [--pairs 20] [--quick] [--only PART ...]
    python3 tests/bench/bench_time_vectors.py --only pns   # the proof-number stretch

Parts: ``independent``, ``referee``, ``levels``, ``forks``, ``exhaustion``, ``pyodide``, ``pns``
(``pns`` is not in the default run).  Every game is seeded.  A *pair* plays
one opening (two random tokens, one of each colour) twice, each side taking
each colour once, so neither profits from moving first.  Goals from issue 10:
master ≥ 75% against the independent opponent, each level ≥ 70% against the
one below, ≥ 90% of the fork positions defended, master p95 ≤ 1 s in the
browser's worker (Pyodide).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
# Inside Pyodide this file is mounted at /bench, with no repository around it.
ROOT = HERE.parents[2] if len(HERE.parents) > 2 else HERE.parent
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

from independent_tv import IndependentPlayer, attacker_wins  # noqa: E402
from referee_tv import make_referee  # noqa: E402
from timegames.core import BotContext, Budget  # noqa: E402
from timegames.time_vectors import GAME, search  # noqa: E402
from timegames.time_vectors.ai import LEVELS  # noqa: E402
from timegames.time_vectors.rules import Place  # noqa: E402

SECONDS = 0.5  # the budget the page gives the AI per move (core/session.py bot_seconds)
FORKS = ROOT / "tests" / "engine" / "data" / "time_vectors_forks.json"

Player = Callable[[Any, random.Random], Any]
TIMES: dict[str, list[float]] = {}
CPU: dict[str, list[float]] = {}


def timed(key: str, choose: Callable[[], Any]) -> Any:
    """Run ``choose``, recording its wall-clock and CPU time under ``key``."""
    wall, cpu = time.perf_counter(), time.process_time()
    action = choose()
    TIMES.setdefault(key, []).append(time.perf_counter() - wall)
    CPU.setdefault(key, []).append(time.process_time() - cpu)
    return action


def bot(level: str) -> Player:
    """A registered level, given the page's budget; records its think times."""
    chosen = GAME.make_bot(level)

    def move(state: Any, rng: random.Random) -> Any:
        return timed(level, lambda: chosen.choose(state, BotContext(rng, Budget(seconds=SECONDS))))

    return move


def independent() -> Player:
    player = IndependentPlayer(clock=search.CLOCK[0])

    def move(state: Any, rng: random.Random) -> Any:
        return timed("independent", lambda: player.choose(state))

    return move


def referee() -> Player:
    player = make_referee(SECONDS)

    def move(state: Any, rng: random.Random) -> Any:
        return timed("referee", lambda: player.choose(state))

    return move


def opening(seed: int) -> list[int]:
    """Two random points: the first Amber token and Teal's reply."""
    rng = random.Random(seed * 7919 + 1)
    return rng.sample(range(256), 2)


def play(players: tuple[Player, Player], options: dict[str, Any], seed: int) -> Any:
    """One seeded game from an opening; the final state."""
    rng = random.Random(seed)
    state: Any = GAME.new_game(options, seed)
    for point in opening(seed // 2):
        state = state.play(Place(point))
    while not state.is_terminal():
        seat = state.current_player()
        state = state.play(players[state.colour_of(seat)](state, rng))
    return state


def match(
    first: Player, second: Player, pairs: int, options: dict[str, Any]
) -> tuple[int, int, int, list[str]]:
    """``first`` against ``second`` over paired games: wins, losses, draws, end reasons."""
    wins, losses, draws, reasons, _ = match_by_side(first, second, pairs, options)
    return wins, losses, draws, reasons


def match_by_side(
    first: Player, second: Player, pairs: int, options: dict[str, Any]
) -> tuple[int, int, int, list[str], list[float]]:
    """:func:`match`, with ``first``'s score when it moved first and when second."""
    wins = losses = draws = 0
    reasons: list[str] = []
    by_side = [0.0, 0.0]
    for game in range(2 * pairs):
        first_colour = game % 2
        players = (first, second) if first_colour == 0 else (second, first)
        state = play(players, options, game)
        outcome = state.outcome()
        reasons.append(outcome.reason)
        if not outcome.winners:
            draws += 1
            by_side[first_colour] += 0.5
        elif state.colour_of(outcome.winners[0]) == first_colour:
            wins += 1
            by_side[first_colour] += 1
        else:
            losses += 1
    return wins, losses, draws, reasons, [points / pairs for points in by_side]


def interval(score: float, games: int) -> tuple[float, float]:
    """A 95% Wilson interval for a share ``score`` of ``games``."""
    if not games:
        return 0.0, 1.0
    z = 1.96
    shrink = 1 + z * z / games
    centre = (score + z * z / (2 * games)) / shrink
    half = z * (score * (1 - score) / games + z * z / (4 * games * games)) ** 0.5 / shrink
    return max(0.0, centre - half), min(1.0, centre + half)


def score_line(name: str, wins: int, losses: int, draws: int, goal: float | None = None) -> str:
    games = wins + losses + draws
    score = (wins + 0.5 * draws) / games if games else 0.0
    met = "met" if goal is not None and score >= goal else "NOT met"
    target = "" if goal is None else f"   goal ≥ {goal:.0%}: {met}"
    return f"{name:<44} {wins:>4} {losses:>4} {draws:>4}   score {score:6.1%}{target}"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def part_independent(pairs: int) -> None:
    print(f"\nMaster against the independent alpha-beta (independent_tv.py), {pairs} pairs")
    print(f"{'':<44} {'won':>4} {'lost':>4} {'drawn':>4}")
    for label, options in (("unlimited tokens", {"supply": 0}), ("20 tokens (default)", {})):
        w, lo, d, _, by_side = match_by_side(bot("master"), independent(), pairs, options)
        goal = 0.75 if options else None  # the goal is for unlimited tokens
        print(score_line(f"master vs independent, {label}", w, lo, d, goal))
        games = w + lo + d
        low, high = interval((w + 0.5 * d) / games, games)
        print(
            f"{'':<44} 95% interval {low:.1%}-{high:.1%};"
            f" moving first {by_side[0]:.1%}, second {by_side[1]:.1%}"
        )


def part_referee(pairs: int) -> None:
    """Master and expert against a threat-space player written by an outside tester.

    The side to move first nearly always wins between strong players, so the
    lines also give each side's share: the first player's conversions and the
    second player's survivals.
    """
    print(f"\nAgainst the threat-space referee (referee_tv.py), {pairs} pairs, 20 tokens")
    print(f"{'':<44} {'won':>4} {'lost':>4} {'drawn':>4}")
    for level in ("master", "expert"):
        w, lo, d, _, by_side = match_by_side(bot(level), referee(), pairs, {})
        print(score_line(f"{level} vs referee", w, lo, d))
        print(f"{'':<44} moving first {by_side[0]:.1%}, second {by_side[1]:.1%}")


def part_levels(pairs: int) -> None:
    keys = [level.key for level in LEVELS]
    print(f"\nEach level against the one below and against random play, {pairs} pairs, 20 tokens")
    print(f"{'':<44} {'won':>4} {'lost':>4} {'drawn':>4}")
    for weak, strong in itertools.pairwise(keys):
        w, lo, d, _ = match(bot(strong), bot(weak), pairs, {})
        print(score_line(f"{strong} vs {weak}", w, lo, d, 0.70))

    def random_player(state: Any, rng: random.Random) -> Any:
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]

    for key in keys:
        w, lo, d, _ = match(bot(key), random_player, max(2, pairs // 2), {})
        print(score_line(f"{key} vs random", w, lo, d))


def part_forks(levels: list[str]) -> None:
    data = json.loads(FORKS.read_text())
    positions = data["positions"]
    print(f"\nFork defence: {len(positions)} threat-then-fork positions ({FORKS.name})")
    for level in levels:
        player = bot(level)
        defended = 0
        for number, item in enumerate(positions):
            state: Any = GAME.new_game(data["options"], 0)
            for move in item["moves"]:
                state = state.play_text(move)
            me = state.colour_of(state.current_player())
            after = state.play(player(state, random.Random(number)))
            defended += not attacker_wins(after.cells, 1 - me)
        share = defended / len(positions)
        met = "met" if share >= 0.9 else "NOT met"
        goal = f"   goal ≥ 90%: {met}" if level == "master" else ""
        print(f"{level:>9}: defended {defended}/{len(positions)} ({share:.0%}){goal}")


def part_exhaustion(pairs: int) -> None:
    print(f"\nEnds by exhaustion between equal AIs ({2 * pairs} games per setting)")
    for level in ("expert", "master"):
        games = pairs if level == "expert" else max(1, pairs // 4)
        for label, supply in (("20 (as printed)", 20), ("35 (the box)", 35), ("unlimited", 0)):
            w, lo, _, reasons = match(bot(level), bot(level), games, {"supply": supply})
            ran_out = sum("tokens ran out" in r for r in reasons)
            full = sum("free point" in r for r in reasons)
            total = len(reasons)
            print(
                f"{level:>7} vs {level:<7} supply {label:<16} exhausted {ran_out:>3}/{total}"
                f" ({ran_out / total:4.0%}), board full {full}, decided {w + lo}"
            )


def think_times() -> None:
    print(
        "\nThink time per move in CPython (ms), from the games above: CPU time (what the"
        " budgets count by default) and wall-clock time (grows with the machine's load)"
    )
    for key, values in TIMES.items():
        ms = [t * 1000 for t in values]
        cpu = [t * 1000 for t in CPU[key]]
        print(
            f"{key:>11}: CPU p50 {percentile(cpu, 0.5):6.1f}  p95 {percentile(cpu, 0.95):6.1f}"
            f"  max {max(cpu, default=0):6.1f} | wall p50 {percentile(ms, 0.5):6.1f}"
            f"  p95 {percentile(ms, 0.95):6.1f}   ({len(ms)} moves)"
        )


PYODIDE_SCRIPT = r"""
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
const repo = process.argv[process.argv.length - 1];
const { loadPyodide } = await import(
  pathToFileURL(resolve(repo, "node_modules", "pyodide", "pyodide.mjs")).href
);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(repo, "pkg") }, "/repo");
pyodide.FS.mkdirTree("/bench");
const benchDir = resolve(repo, "tests", "bench");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: benchDir }, "/bench");
pyodide.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")
sys.path.insert(0, "/bench")
import bench_time_vectors as b
`);
const times = JSON.parse(pyodide.runPython("b.think_probe()"));
// Pyodide has no per-process CPU clock, so Node's own CPU usage times the fixed search.
const before = process.cpuUsage();
pyodide.runPython("b.fixed_work()");
const used = process.cpuUsage(before);
times.work = (used.user + used.system) / 1e6;
console.log(JSON.stringify(times));
"""


_PROBE: list[Any] = []


def probe_positions() -> list[Any]:
    """Positions from seeded expert games, 6 to 20 tokens on the board (made once)."""
    if _PROBE:
        return _PROBE
    found = _PROBE
    for seed in range(4):
        rng = random.Random(seed)
        state: Any = GAME.new_game({"supply": 0}, seed)
        for point in opening(seed):
            state = state.play(Place(point))
        expert = GAME.make_bot("expert")
        while not state.is_terminal() and len(found) < 6 * (seed + 1):
            if sum(c >= 0 for c in state.cells) >= 6:
                found.append(state)
            state = state.play(expert.choose(state, BotContext(rng, Budget(seconds=SECONDS))))
    return found


def think_probe() -> str:
    """Master think times (wall clock) at the page's budget, as JSON."""
    positions = probe_positions()
    master = GAME.make_bot("master")
    search.CLOCK[0] = time.monotonic  # the page's budget is wall-clock time
    times = []
    for number, state in enumerate(positions):
        started = time.perf_counter()
        master.choose(state, BotContext(random.Random(number), Budget(seconds=SECONDS)))
        times.append(time.perf_counter() - started)
    return json.dumps({"p50": percentile(times, 0.5), "p95": percentile(times, 0.95)})


def fixed_work() -> None:
    """A fixed amount of search (no clock involved), to compare the two runtimes."""
    for state in probe_positions()[:8]:
        me = state.colour_of(state.current_player())
        search.best_point(state.cells, me, 1000.0, search.Strength(4, 2, 8, False))


def part_pyodide() -> None:
    print("\nMaster think time in Pyodide under Node (the browser's worker runs the same Python)")
    here = json.loads(think_probe())
    started = time.process_time()
    fixed_work()
    here["work"] = time.process_time() - started
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        print("  (node or node_modules/pyodide missing: skipped)")
        return
    done = subprocess.run(
        [node, "--input-type=module", "-e", PYODIDE_SCRIPT, str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        print("  Pyodide run failed:", done.stderr.strip()[-500:])
        return
    there = json.loads(lines[-1])
    ratio = there["work"] / here["work"]
    print(
        f"  CPython: p50 {here['p50'] * 1000:6.0f} ms  p95 {here['p95'] * 1000:6.0f} ms\n"
        f"  Pyodide: p50 {there['p50'] * 1000:6.0f} ms  p95 {there['p95'] * 1000:6.0f} ms"
        f"   goal p95 ≤ 1000 ms: {'met' if there['p95'] <= 1.0 else 'NOT met'}\n"
        f"  Pyodide is {ratio:.1f}x slower than CPython on a fixed search"
        " (so it searches that much less within the same budget)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=20, help="pairs of games per match")
    parser.add_argument(
        "--independent-pairs",
        type=int,
        default=100,
        help="pairs against the independent opponent (more than --pairs: a 20-pair match"
        " moves its score by ±6 points from run to run)",
    )
    parser.add_argument("--quick", action="store_true", help="a few pairs only, for iterating")
    parser.add_argument("--only", nargs="*", default=[], help="run only these parts")
    parser.add_argument(
        "--wall-clock",
        action="store_true",
        help="time budgets by the wall clock (default: by this process's CPU time, so that "
        "other work on a shared machine does not weaken the searches)",
    )
    args = parser.parse_args()
    if not args.wall_clock:
        search.CLOCK[0] = time.process_time
    pairs = 3 if args.quick else args.pairs
    parts = args.only or ["forks", "independent", "referee", "levels", "exhaustion", "pyodide"]
    print(f"Time Vectors AI benchmark; {SECONDS} s per move for the timed levels")
    if "forks" in parts:
        part_forks(["expert", "master"])
    if "independent" in parts:
        part_independent(3 if args.quick else args.independent_pairs)
    if "referee" in parts:
        part_referee(pairs)
    if "levels" in parts:
        part_levels(pairs)
    if "exhaustion" in parts:
        part_exhaustion(max(2, pairs // 2))
    if TIMES:
        think_times()
    if "pyodide" in parts:
        part_pyodide()
    if "pns" in parts:
        from pns_tv import main as pns_main

        pns_main()


if __name__ == "__main__":
    main()
