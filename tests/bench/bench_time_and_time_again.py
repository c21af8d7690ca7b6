"""Benchmark the Time and Time Again AI levels in seeded free-for-alls.

Usage::

    python3 tests/bench/bench_time_and_time_again.py [GAMES]

Prints, measured in one run (``GAMES`` seeded games per line, seats rotated):

* 4-, 6- and 8-player free-for-alls with every level at the table (seats shuffled,
  ``4 x GAMES`` games each): each level's win share against its fair share.  The levels
  sit once each at 4 players and twice each at 8; at 6 the random and novice levels sit
  twice and the others once (the eliminations per game depend on that mix: the rules
  page's "Pace and eliminations");
* the strongest level alone against tables of the weakest (random, novice):
  its win share and the ratio to its fair share (goal: at least 3x);
* a level-against-level table (2 + 2 seats), and each level alone against
  random players and against an **independent opponent** written here, which reads only
  ``state.view(seat)`` and shares no code with ``time_and_time_again.ai``;
* game length in hours, how games ended (last player left or hour limit),
  eliminations per game, and think time per decision for each level;
* each level three times against the **outside tester's bot**
  (``referee_time_and_time_again.py``, written from the rules alone): the referee's win
  share against its fair 0.25 (lower is better for the level).

``--referee-only`` prints just those last lines.

A win shared by equal strongest players at the hour limit counts as a share.
"""

from __future__ import annotations

import itertools
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pkg"))

from timegames.core import BotContext
from timegames.time_and_time_again import GAME, Buy, TataState, Wait

Player = Callable[[TataState, BotContext], Any]
LEVEL_KEYS = [lv.key for lv in GAME.ai_levels()]


# -- an independent opponent: reads the public view only, shares no code with ai.py ----------------

HIGH_ROWS = 6
"""The independent player only builds in rows this high or higher (close to the present)."""


def independent(state: TataState, context: BotContext) -> Any:
    """Greedy on the page's own numbers: guard characters cheaply, grow near the present."""
    seat = state.current_player()
    view = state.view(seat)
    turns = view["me"]["turns"]
    rows = {loc["id"]: loc["row"] for loc in view["locations"]}
    best, best_score = None, 0.0
    for opp in view["opportunities"]:
        if opp["price"] > turns:
            continue
        gain = opp["gain"]
        if gain["kind"] == "discard":
            score = 2.0 / opp["price"] if len(view["me"]["characters"]) <= 3 else 0.0
        elif gain["kind"] in ("agents", "wealth") and opp["type"] in ("recruit", "acquire"):
            score = (
                gain["amount"]
                / opp["price"]
                * (1.0 if rows[opp["location"]] >= HIGH_ROWS else 0.15)
            )
        elif gain["kind"] == "challenge":
            mine = view["locations"][-1]["forces"][seat]
            theirs = view["locations"][-1]["forces"][opp["defender"]]
            strong = min(mine["agents"], mine["wealth"]) >= 4 * max(
                1, min(theirs["agents"], theirs["wealth"])
            )
            score = 1.0 / opp["price"] if strong else 0.0
        else:
            score = 0.0
        if score > best_score:
            best, best_score = opp, score
    if best is not None and best_score >= 0.4:
        return Buy(best["id"])
    return Wait(view["clock"] + 1)


# -- running games --------------------------------------------------------------------------------


def player_for(name: str) -> Player:
    if name == "independent":
        return independent
    bot = GAME.make_bot(name)
    return bot.choose


class Tally:
    """Win shares, lengths and think times over many games."""

    def __init__(self) -> None:
        self.wins: dict[str, float] = defaultdict(float)
        self.seats: dict[str, int] = defaultdict(int)
        self.think: dict[str, list[float]] = defaultdict(list)
        self.hours: list[int] = []
        self.by_elimination = 0
        self.eliminations = 0
        self.games = 0


def play(names: Sequence[str], seed: int, tally: Tally, limit: int) -> None:
    """One seeded game; seats named by level (or ``independent``)."""
    players = [player_for(n) for n in names]
    state = GAME.new_game({"players": len(names), "limit": limit}, seed)
    context = BotContext(random.Random(seed))
    while not state.is_terminal():
        seat = state.current_player()
        started = time.perf_counter()
        action = players[seat](state, context)
        tally.think[names[seat]].append(time.perf_counter() - started)
        state = state.apply(action)
    result = state.outcome()
    assert result is not None
    for seat in result.winners:
        tally.wins[names[seat]] += 1 / len(result.winners)
    for name in names:
        tally.seats[name] += 1
    tally.hours.append(state.clock)
    tally.eliminations += len(state.eliminated)
    tally.by_elimination += state.clock < limit
    tally.games += 1


def series(
    names: Sequence[str], games: int, limit: int = 480, base: int = 0, shuffled: bool = False
) -> Tally:
    """``games`` seeded games, the seating rotated each game.

    ``shuffled`` seats the players in a seeded random order each game instead.
    A fresh opportunity is offered first to the seat whose purchase drew it,
    then to the next seats, so whoever sits right after a busy buyer (the
    novice) gets the best offers; rotation keeps that neighbour, shuffling
    does not, and a free-for-all measures the levels rather than their seats.
    """
    tally = Tally()
    for g in range(games):
        if shuffled:
            seated = list(names)
            random.Random(base + g).shuffle(seated)
        else:
            k = g % len(names)
            seated = list(names[k:]) + list(names[:k])
        play(seated, base + g, tally, limit)
    return tally


def share(tally: Tally, name: str) -> float:
    """Win share per seat of ``name`` (wins / games it sat in, per seat)."""
    per_game = tally.seats[name] / tally.games
    return tally.wins[name] / tally.games / per_game


def hours_line(tally: Tally) -> str:
    return (
        f"length {statistics.mean(tally.hours):.0f} h "
        f"(min {min(tally.hours)}, max {max(tally.hours)}), "
        f"{tally.by_elimination}/{tally.games} ended by elimination, "
        f"{tally.eliminations / tally.games:.1f} eliminations/game"
    )


def referee_lines(games: int) -> None:
    """Each level three times against the outside tester's bot, which an outside tester
    wrote from the rules alone (``referee_time_and_time_again.py``): its win share per
    seat against the fair 0.25, seats rotated, the seeds of that file's own lines."""
    from referee_time_and_time_again import REF, line

    print(f"\nVs the outside tester's bot (referee + 3 of a level), {games} seeded games per line")
    for level in LEVEL_KEYS:
        line(f"vs the outside tester's bot: {level}", [REF, level, level, level], games, 480, 7000)


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 16
    if "--referee-only" in sys.argv:
        referee_lines(games)
        return 0
    started = time.perf_counter()
    think: dict[str, list[float]] = defaultdict(list)
    print(f"Time and Time Again AI benchmark: {games} seeded games per line, hour limit 480")

    print(
        f"\nFree-for-all, every level at the table, seats shuffled each game, {4 * games} games"
        " (win share per seat; fair share = 1/players)"
    )
    # Four times the games of the other lines: the two strongest levels are close
    # enough at these tables that 16 games once put them in the wrong order.
    for players in (4, 6, 8):
        names = (LEVEL_KEYS * 2)[:players]
        tally = series(names, 4 * games, base=1000 * players, shuffled=True)
        fair = 1 / players
        parts = [f"{n} {share(tally, n):.2f} ({share(tally, n) / fair:.1f}x)" for n in LEVEL_KEYS]
        print(f"  {players} players: " + ", ".join(parts) + f"; {hours_line(tally)}")
        for name, values in tally.think.items():
            think[name].extend(values)

    strongest = LEVEL_KEYS[-1]
    print(f"\nThe strongest level ({strongest}) alone against the weakest levels")
    for weak in LEVEL_KEYS[:2]:
        for players in (4, 6, 8):
            names = [strongest] + [weak] * (players - 1)
            tally = series(names, games, base=2000 * players)
            s = share(tally, strongest) * 1  # one seat
            print(
                f"  vs {players - 1} x {weak}: wins {s:.2f}, fair {1 / players:.2f}, "
                f"{s * players:.1f}x fair share (goal 3x); {hours_line(tally)}"
            )

    print("\nEach level alone against three of an opponent (4 players)")
    for level in LEVEL_KEYS:
        cells = []
        for opponent in ("random", "independent"):
            tally = series([level] + [opponent] * 3, games, base=3000)
            cells.append(f"vs {opponent} {share(tally, level) * 4:.1f}x fair")
        print(f"  {level}: " + ", ".join(cells))

    print("\nLevel against level (2 + 2 seats, 4 players): the row level's share of the games won")
    table: dict[tuple[str, str], float] = {}
    lengths: list[int] = []
    eliminations = 0
    for lower, upper in itertools.combinations(LEVEL_KEYS, 2):
        tally = series([upper, lower, upper, lower], games, base=4000)
        total = tally.wins[upper] + tally.wins[lower]
        table[upper, lower] = tally.wins[upper] / total
        table[lower, upper] = 1 - table[upper, lower]
        lengths.extend(tally.hours)
        eliminations += tally.eliminations
    print("  " + " " * 9 + "".join(f"{k:>10}" for k in LEVEL_KEYS))
    for row in LEVEL_KEYS:
        cells = "".join(
            f"{'-':>10}" if row == col else f"{table[row, col]:>10.2f}" for col in LEVEL_KEYS
        )
        print(f"  {row:<9}{cells}")
    print(
        f"  (these games: length {statistics.mean(lengths):.0f} h, "
        f"{eliminations / len(lengths):.1f} eliminations/game)"
    )
    for lower, upper in itertools.pairwise(LEVEL_KEYS):
        print(f"  {upper} vs the level below ({lower}): {upper} wins {table[upper, lower]:.2f}")

    print("\nIndependent opponent alone against three randoms (4 players)")
    tally = series(["independent", "random", "random", "random"], games, base=5000)
    print(f"  independent {share(tally, 'independent') * 4:.1f}x fair share")

    print("\nThink time per decision (free-for-alls)")
    for name in LEVEL_KEYS:
        values = think[name]
        print(
            f"  {name}: mean {statistics.mean(values) * 1e6:.0f} us, "
            f"max {max(values) * 1e3:.1f} ms over {len(values)} decisions"
        )
    referee_lines(games)
    print(f"\nbench time {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
