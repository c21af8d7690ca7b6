"""A referee opponent for Time and Time Again, written from the rules alone (outside test).

It reads only ``state.view(seat)`` for its own seat and shares no code or ideas with
``time_and_time_again.ai``.

What decides the game, as the engine plays it:

* **Only echoes reach the present**, and present strength (agents + wealth there) is all
  that the hour limit and the checks count.  Indirect recruiting, investment and attacks
  only move holdings in the past, which never echo, so they are worth nothing to the
  score and the referee never buys them.  A direct gain of ``b`` at location ``L`` is
  worth ``b * f(L)`` expected present units, ``f(present) = 1``,
  ``f(L) = sum over L's next locations of f(next) / 3`` (1/3 at Lisbon and Agra, 2/9 at
  Constantinople, 1/9 in row 6 and at Aachen and Baghdad, ...), doubled with the
  location's character.
* **Turns are the currency.**  An offer is bought when its expected present units per
  turn reach a threshold ``lambda``.  ``lambda`` falls as the bank of turns outgrows a
  small reserve (kept for big offers) and the reserve shrinks as the hour limit nears;
  in the last hours the bank is spent on the best value set (a small knapsack), since
  turns left at the limit are worth nothing.
* **Characters** are priced by what their doubling adds over the hours left: each future
  direct offer at the location (their rate measured from the public offer ids) is worth
  ``2 b f - lambda p`` to the holder against only a share of ``b f - lambda p`` without.
  So Lisbon and Agra are worth a great deal, Constantinople and the ``f = 1/9`` places
  some, the low rows nothing.  Taking one from a real competitor also denies it to him
  (counted at half).  A challenge is bought only at odds of at least one half (exact:
  the multinomial defence strikes, then the 40% neutralisations) when that value,
  minus the expected present units lost to the defence, pays its price per ``lambda``;
  a defenceless owner (no present agents or no present wealth) is taken for free.
  A challenge on one of its own valuable characters is discarded when a rival could
  win it with good odds.
* **Balance**: the scarcer of agents and wealth in the present gets a small bonus, so
  its defence (``min(agents, wealth)`` strikes) stays up.

Usage::

    python3 tests/bench/referee_time_and_time_again.py [GAMES] [RANDOM_GAMES]

measures every AI level against it: the referee with three of a level at 4 players
(seats rotated), and one of each level with the referee at 5 players (seats shuffled per
game: see :func:`line`); then the referee against three random players.  Seeded games;
a win shared by equal strongest players counts as a share.  ``--only LEVELS`` measures
just those 1 + 3 lines.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pkg"))

from timegames.core import Bot, BotContext
from timegames.time_and_time_again import GAME, Buy, Wait
from timegames.time_and_time_again import board as B

IDS = {loc.id: loc.index for loc in B.LOCATIONS}
PRESENT = B.PRESENT


def _echo_reach() -> list[float]:
    f = [0.0] * B.COUNT
    f[PRESENT] = 1.0
    for loc in sorted(B.LOCATIONS, key=lambda x: -x.row):
        if loc.index != PRESENT:
            f[loc.index] = sum(f[n] for n in loc.next) / 3.0
    return f


REACH = _echo_reach()
"""Expected present-day units per unit of direct gain at each location."""
DIRECT_SHARE = 0.52 / (B.COUNT - 1)
"""Chance that a new offer is a direct one at a given past location."""
BENEFITS = ((1, 1 / 9), (2, 2 / 9), (3, 3 / 9), (4, 2 / 9), (5, 1 / 9))
"""A direct offer's benefit: one plus two dice of 0-2."""


@cache
def _tails(k: int) -> list[float]:
    """``P(Binomial(m, 0.4) >= k)`` for m = 0 .. 4k + 200 (an absorbing count)."""
    dist = [1.0] + [0.0] * k  # successes so far, k meaning "k or more"
    out = [dist[k]]
    for _ in range(4 * k + 200):
        nxt = [0.0] * (k + 1)
        for j, p in enumerate(dist):
            if p:
                if j == k:
                    nxt[k] += p
                else:
                    nxt[j] += 0.6 * p
                    nxt[j + 1] += 0.4 * p
        dist = nxt
        out.append(dist[k])
    return out


def _tail(m: int, k: int) -> float:
    """P(Binomial(m, 0.4) >= k)."""
    if k <= 0:
        return 1.0
    if m < k:
        return 0.0
    t = _tails(k)
    return t[m] if m < len(t) else 1.0


@lru_cache(maxsize=4096)
def challenge_odds(a: int, w: int, da: int, dw: int) -> tuple[float, float]:
    """(chance to win, expected present units lost) for a challenger with ``a``/``w`` in the
    present against a defender with ``da``/``dw``.

    The ``k = min(da, dw)`` defence strikes kill (20%) or destroy (20%) independently of
    what is left (a strike on nothing is wasted), so the losses are multinomial and the
    survivors ``max(a - kills, 0)``, ``max(w - destroys, 0)`` then need ``k``
    neutralisations at 40% each.
    """
    k = min(da, dw)
    if k <= 0:
        return 1.0, 0.0
    if min(a, w) < k:
        return 0.0, min(a, 0.2 * k) + min(w, 0.2 * k)  # cannot win; about this is lost
    lf = math.lgamma(k + 1)
    win = loss = 0.0
    for la in range(k + 1):
        for lw in range(k + 1 - la):
            rest = k - la - lw
            logp = (lf - math.lgamma(la + 1) - math.lgamma(lw + 1) - math.lgamma(rest + 1)
                    + (la + lw) * math.log(0.2) + rest * math.log(0.6))  # fmt: skip
            p = math.exp(logp)
            x, y = max(a - la, 0), max(w - lw, 0)
            win += p * _tail(min(x, y), k)
            loss += p * ((a - x) + (w - y))
    return win, loss


class Referee(Bot[Any]):
    """Buys expected present-day units per turn; prices characters (module docstring)."""

    def __init__(
        self,
        lam: float = 0.15,
        reserve: int = 8,
        slack: float = 8.0,
        end_rate: float = 0.1,
        end_hours: int = 6,
        market: float = 0.1,
        deny: float = 0.5,
        balance: float = 0.15,
        guard: float = 0.1,
        odds: float = 0.5,
    ) -> None:
        self.guard, self.odds = guard, odds
        self.lam0, self.reserve, self.slack, self.end_rate = lam, reserve, slack, end_rate
        self.end_hours, self.market, self.deny, self.balance = end_hours, market, deny, balance

    # -- valuation -----------------------------------------------------------------------------

    def char_value(self, loc: int, hours: int, rate: float, rivals: int) -> float:
        """Expected present units the character at ``loc`` is worth to its holder over ``hours``.

        Each future direct offer there (benefit 1-5, priced about benefit + 1) is worth
        ``2 b f - lambda p`` with the doubling, and only a share of ``b f - lambda p`` without
        (the rivals compete for it): low locations give nothing either way.
        """
        if loc == PRESENT:
            return 0.0  # no direct offers in the present: its character only shields
        f = REACH[loc]
        lam = self.market
        gain = 0.0
        for b, chance in BENEFITS:
            cost = lam * (b + 1)
            gain += chance * (max(0.0, 2 * b * f - cost) - max(0.0, b * f - cost) / (rivals + 1))
        return hours * rate * DIRECT_SHARE * gain

    def threshold(self, turns: int, hours: int) -> float:
        """The marginal worth of a turn: falls fast once the bank passes the reserve, and the
        reserve shrinks to nothing as the hour limit nears."""
        reserve = min(self.reserve, hours * self.end_rate)
        return self.lam0 * math.exp(-(turns - reserve) / self.slack)

    def choose(self, state: Any, context: BotContext) -> Any:
        me = state.current_player()
        v = state.view(me)
        clock, limit = v["clock"], v["limit"]
        hours = limit - clock
        turns = v["me"]["turns"]
        players = v["players"]
        alive = [s for s in range(players) if v["alive"][s]]
        forces = v["locations"][PRESENT]["forces"]
        my_a, my_w = forces[me]["agents"], forces[me]["wealth"]
        strength = {s: forces[s]["agents"] + forces[s]["wealth"] for s in alive}
        rivals = [s for s in alive if s != me]
        leader = max(rivals, key=lambda s: strength[s]) if rivals else None
        max_id = max(o["id"] for o in v["opportunities"])
        initial = 4 + 2 * players
        rate = (max_id - initial) / clock if clock >= 10 else 0.5 * players
        rate = max(rate, 0.3 * len(alive))

        cands: list[tuple[float, float, int]] = []  # (value, price, id)
        for o in v["opportunities"]:
            price = o["price"]
            if price > turns:
                continue
            kind = o["type"]
            loc = IDS[o["location"]]
            value = 0.0
            if kind in ("recruit", "acquire"):
                amount = o["gain"]["amount"]
                value = amount * REACH[loc]
                # Defence is min(agents, wealth) in the present: the scarcer kind also
                # guards the characters, the more so the more lopsided the present is.
                scarce = "recruit" if my_a < my_w else "acquire" if my_w < my_a else ""
                if scarce == kind:
                    value *= 1.0 + self.balance * min(1.0, abs(my_a - my_w) / (1 + min(my_a, my_w)))
                value += 1e-4 * amount  # past holdings: a tie-break only
            elif kind == "challenge" and rivals:
                owner = o["defender"]
                worth = self.char_value(loc, hours, rate, len(rivals))
                if owner == me:
                    threat = 0.0
                    for r in rivals:
                        p, _ = challenge_odds(forces[r]["agents"], forces[r]["wealth"], my_a, my_w)
                        threat = max(threat, p)
                    value = self.guard * threat * worth if threat > 0.3 else 0.0
                elif owner in alive:
                    p, loss = challenge_odds(
                        my_a, my_w, forces[owner]["agents"], forces[owner]["wealth"]
                    )
                    # What the owner loses is a rival's loss too: in full for a real
                    # competitor, little for a player far behind.
                    rival_worth = strength[owner] >= 0.6 * strength[me] or owner == leader
                    deny = self.deny if rival_worth else 0.1
                    shield = 0.0
                    if not v["me"]["characters"] and strength[me] <= min(strength.values()):
                        shield = 5.0
                    # A character won at long odds is soon lost again at the same odds.
                    if p >= self.odds:
                        value = p * (worth * (1 + deny) + shield) - loss
            if value > 0:
                cands.append((value, price, o["id"]))
        if not cands:
            return Wait(clock + 1)
        if hours <= self.end_hours:
            pick = self.knapsack(cands, turns)
            if pick is not None:
                return Buy(pick)
            return Wait(clock + 1)
        lam = self.threshold(turns, hours)
        best = max(cands, key=lambda c: (c[0] / c[1], c[0]))
        if best[0] / best[1] >= lam:
            return Buy(best[2])
        return Wait(clock + 1)

    @staticmethod
    def knapsack(cands: list[tuple[float, float, int]], turns: int) -> int | None:
        """The best-value set within ``turns``: one of its offers (the dearest first)."""
        table: list[tuple[float, tuple[int, ...]]] = [(0.0, ())] * (turns + 1)
        for i, (value, price, _) in enumerate(cands):
            p = int(price)
            for t in range(turns, p - 1, -1):
                got = table[t - p][0] + value
                if got > table[t][0]:
                    table[t] = (got, table[t - p][1] + (i,))
        chosen = table[turns][1]
        if not chosen:
            return None
        return cands[max(chosen, key=lambda i: cands[i][1])][2]


# -- measuring -------------------------------------------------------------------------------

REF = "referee"


def player_for(name: str) -> Any:
    if name == REF:
        return Referee().choose
    return GAME.make_bot(name).choose


def play(names: list[str], seed: int, limit: int, stats: dict[str, Any]) -> list[float]:
    """One seeded game; the win share of each seat (shared wins split)."""
    players = [player_for(n) for n in names]
    state = GAME.new_game({"players": len(names), "limit": limit}, seed)
    context = BotContext(random.Random(seed))
    while not state.is_terminal():
        seat = state.current_player()
        started = time.process_time()
        action = players[seat](state, context)
        if names[seat] == REF:
            stats["think"].append(time.process_time() - started)
        state = state.apply(action)
    result = state.outcome()
    assert result is not None
    stats["elim"] += len(state.eliminated)
    for s, _hour in state.eliminated:
        stats["eliminated"][names[s]] += 1
    share = [0.0] * len(names)
    for s in result.winners:
        share[s] = 1 / len(result.winners)
    for s, name in enumerate(names):
        stats["strength"][name].append(state.strength(s))
    return share


def line(
    label: str, lineup: list[str], games: int, limit: int, base: int, shuffled: bool = False
) -> dict[str, Any]:
    """``games`` seeded games of ``lineup``, the seating rotated each game.

    ``shuffled`` seats a mixed table in a seeded random order instead: a new offer goes
    first to the buyer and then to the next seats, so whoever sits right after a busy buyer
    (the novice) sees many offers first, and rotation would keep that neighbour fixed.
    """
    stats: dict[str, Any] = {
        "think": [],
        "elim": 0,
        "eliminated": defaultdict(int),
        "strength": defaultdict(list),
    }
    wins: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    for g in range(games):
        if shuffled:
            names = list(lineup)
            random.Random(base + g).shuffle(names)
        else:
            k = g % len(lineup)
            names = lineup[k:] + lineup[:k]
        share = play(names, base + g, limit, stats)
        for s, name in enumerate(names):
            wins[name] += share[s]
            seats[name] += 1
    fair = 1 / len(lineup)
    parts = []
    for name in dict.fromkeys(lineup):
        per_seat = wins[name] / seats[name]
        parts.append(
            f"{name} won {wins[name]:.1f} ({per_seat:.2f} per seat, {per_seat / fair:.2f}x fair),"
            f" final strength {statistics.mean(stats['strength'][name]):.0f}"
        )
    think = stats["think"]
    print(
        f"  {label:<24} {games:>3} games, fair {fair:.2f}: "
        + "; ".join(parts)
        + f"; elim/game {stats['elim'] / games:.2f} {dict(stats['eliminated'])};"
        f" referee CPU per decision mean {statistics.mean(think) * 1e3:.2f} ms,"
        f" max {max(think) * 1e3:.1f} ms",
        flush=True,
    )
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=40, help="games per line")
    parser.add_argument("random_games", nargs="?", type=int, default=40)
    parser.add_argument("--limit", type=int, default=480, help="hour limit")
    parser.add_argument("--only", default="", help="comma-separated levels to measure")
    args = parser.parse_args()
    levels = [lv.key for lv in GAME.ai_levels()]
    if args.only:
        levels = [x for x in levels if x in args.only.split(",")]
    started = time.perf_counter()
    print(f"Referee against the AI levels, hour limit {args.limit}, seats rotated")
    for level in levels:
        if level == "random":
            continue
        line(f"referee + 3 {level}", [REF, level, level, level], args.games, args.limit, 7000)
    if not args.only:
        line("referee + one of each", [REF, *levels], args.games, args.limit, 8000, True)
        line("referee + 3 random", [REF, "random", "random", "random"], args.random_games,
             args.limit, 9000)  # fmt: skip
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
