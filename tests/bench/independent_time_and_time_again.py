"""An independent opponent for Time and Time Again (the referee's "warden").

It shares no code with ``timegames.time_and_time_again.ai`` (nor with the
engine bench's own ``independent``): it reads only the public protocol --
``state.view(seat)``, ``state.legal_actions()``, ``game.tool("locations")`` --
and judges each opportunity one ply deep with its own arithmetic:

* present-day value of a direct gain = its size times the expected number of
  echoes that reach the present (worked out here from the location links);
* past holdings are worth a little, more near the apex (they feed indirect
  opportunities and strikes);
* a challenge is priced with its own small seeded Monte Carlo of the fight;
* a challenge on its own character is bought when a rival could win it.

It never looks at the real state behind the view, so it cannot peek at the
seeded outcomes.  Run the measurement with::

    python3 tests/bench/independent_time_and_time_again.py [GAMES]
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pkg"))

from timegames import GAMES
from timegames.core import BotContext

GAME = GAMES["time_and_time_again"]
_DATA = GAME.tool("locations", {})
_NEXT: dict[str, list[str]] = {loc["id"]: list(loc["next"]) for loc in _DATA["locations"]}
_ROW: dict[str, int] = {loc["id"]: int(loc["row"]) for loc in _DATA["locations"]}
_TOP = max(_ROW.values())
APEX = next(loc["id"] for loc in _DATA["locations"] if not loc["next"])


@cache
def to_apex(here: str) -> float:
    """Expected echoes of one gain at ``here`` that land in the present (a third per step)."""
    total = 0.0
    for there in _NEXT[here]:
        total += (1.0 if there == APEX else to_apex(there)) / 3.0
    return total


def fight(mine: tuple[int, int], theirs: tuple[int, int], draws: int, seed: int) -> float:
    """Monte Carlo share of challenges won (own simulation of the printed percentages)."""
    rnd = random.Random(seed)
    wins = 0
    for _ in range(draws):
        agents, wealth = mine
        for _ in range(min(theirs)):
            r = rnd.random()
            if r < 0.2:
                agents = max(0, agents - 1)
            elif r < 0.4:
                wealth = max(0, wealth - 1)
        need = min(theirs)
        hits = 0
        for _ in range(min(agents, wealth)):
            if hits >= need:
                break
            if rnd.random() < 0.4:
                hits += 1
        wins += hits >= need
    return wins / draws


def warden(state: Any, context: BotContext) -> Any:
    """Pick one legal action from what this seat can see."""
    seat = state.current_player()
    view = state.view(seat)
    me = view["me"]
    present = view["locations"][-1]["forces"]
    my_force = (present[seat]["agents"], present[seat]["wealth"])
    mine_by_loc = {loc["id"]: loc["mine"] for loc in view["locations"]}
    owned = set(me["characters"])
    rivals = [s for s, alive in enumerate(view["alive"]) if alive and s != seat]
    strength = {row["seat"]: row["strength"] for row in view["leaderboard"]}
    weakest = min(strength.values())
    danger = strength[seat] <= weakest + 2 and view["hours_to_check"] <= 6
    legal = {getattr(a, "id", None): a for a in state.legal_actions()}
    best, best_score = None, 0.0
    for opp in view["opportunities"]:
        action = legal.get(opp["id"])
        if action is None:
            continue
        gain, kind, where = opp["gain"], opp["type"], opp["location"]
        near = (1 + _ROW[where]) / (1 + _TOP)
        value = 0.0
        if kind in ("recruit", "acquire"):
            size = gain["amount"]
            other = "wealth" if kind == "recruit" else "agents"
            own = "agents" if kind == "recruit" else "wealth"
            balance = 1.0 if mine_by_loc[where][other] > mine_by_loc[where][own] else 0.5
            value = size * (3.0 * to_apex(where) + 0.25 * near * balance)
        elif kind in ("indirect", "invest"):
            value = gain["amount"] * (0.3 + 3.0 * to_apex(gain["where"])) * 0.8
        elif kind == "attack":
            if gain["kind"] == "strikes" and gain["amount"] > 0:
                value = 0.35 * gain["amount"] * near
        elif kind == "challenge":
            if gain["kind"] == "discard":
                threat = max(
                    (
                        fight((present[r]["agents"], present[r]["wealth"]), my_force, 40, opp["id"])
                        for r in rivals
                    ),
                    default=0.0,
                )
                value = (6.0 if len(owned) <= 2 else 2.0) * threat
            else:
                defender = opp["defender"]
                theirs = (present[defender]["agents"], present[defender]["wealth"])
                p = fight(my_force, theirs, 60, opp["id"])
                worth = 3.0 + 6.0 * near + (8.0 if not owned or danger else 0.0)
                value = p * worth if p >= 0.5 else 0.0
        score = value / max(1, opp["price"])
        if score > best_score:
            best, best_score = action, score
    if best is not None and best_score >= 0.45:
        return best
    return next(a for a in state.legal_actions() if getattr(a, "hour", None) == view["clock"] + 1)


Player = Callable[[Any, BotContext], Any]


def player(name: str) -> Player:
    """``warden`` (this file), ``random`` (uniform over legal actions, biased to waiting),
    or one of the game's AI levels."""
    if name == "warden":
        return warden
    if name == "uniform":

        def uniform(state: Any, context: BotContext) -> Any:
            acts = state.legal_actions()
            buys = [a for a in acts if hasattr(a, "id")]
            if buys and context.rng.random() < 0.5:
                return context.rng.choice(buys)
            return acts[len(buys)]  # the wait of one hour

        return uniform
    return GAME.make_bot(name).choose


def play(names: Sequence[str], seed: int, limit: int) -> tuple[list[float], int, dict[str, float]]:
    """One seeded game; returns each seat's win share, the length in hours and think times."""
    players = [player(n) for n in names]
    state = GAME.new_game({"players": len(names), "limit": limit}, seed)
    context = BotContext(random.Random(seed))
    think: dict[str, float] = {}
    while not state.is_terminal():
        seat = state.current_player()
        t0 = time.perf_counter()
        action = players[seat](state, context)
        think[names[seat]] = think.get(names[seat], 0.0) + time.perf_counter() - t0
        state = state.play(action)
    result = state.outcome()
    shares = [0.0] * len(names)
    for w in result.winners:
        shares[w] = 1 / len(result.winners)
    return shares, state.clock, think


def match(hero: str, field: str, games: int, players: int = 4, limit: int = 480) -> str:
    """``hero`` in one seat (rotated) against ``players - 1`` copies of ``field``."""
    won = 0.0
    hours = []
    for g in range(games):
        names = [field] * players
        names[g % players] = hero
        shares, clock, _ = play(names, 7000 + g, limit)
        won += shares[g % players]
        hours.append(clock)
    fair = 1 / players
    rate = won / games
    return (
        f"{hero:>8} vs {players - 1}x {field:<8}: wins {won:.1f}/{games} = {rate:.0%} "
        f"(fair {fair:.0%}, x{rate / fair:.1f}); mean length {sum(hours) / len(hours):.0f} h"
    )


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    levels = [lv.key for lv in GAME.ai_levels()]
    print(f"referee's independent warden, {games} seeded 4-player games per line, limit 480 h")
    print(match("warden", "uniform", games), flush=True)
    for level in levels:
        print(match(level, "uniform", games), flush=True)
        print(match(level, "warden", games), flush=True)
        print(match("warden", level, games), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
