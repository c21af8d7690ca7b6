"""Benchmark the Timeline AI levels: knowledge by era, match results, seats, duels.

Usage::

    python3 tests/bench/bench_timeline_cards.py [MATCHES]

Prints, measured in one run:

* right first tries per level, overall and **by century** of the event (rows
  of one to seven cards from the packaged deck): a child must know the recent
  past better than the distant one;
* match win rates (``MATCHES`` seeded matches of four rounds, seats swapped
  every other match) of each level against the level below, against a random
  player, and against an **independent opponent** written here that shares no
  code with ``timeline_cards.ai``;
* three-player tables with one bot of each level (classic and super version);
* the **win rate by seat** at tables of three equal players, to tell the
  rules' seat advantage from the AI's;
* **duels per round** and how often bets are judged, per level.

A match is won by the most chips over its rounds, each round's winner's chips
doubled; a tie is shared.  Exit status 1 if a stronger level loses to a
weaker one or the child knows old events better than recent ones.
"""

from __future__ import annotations

import random
import sys
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pkg"))

from timegames.core import BotContext
from timegames.timeline_cards.ai import LEVELS, make_bot, placement_results
from timegames.timeline_cards.deck import Card, packaged_deck
from timegames.timeline_cards.match import Match
from timegames.timeline_cards.rules import (
    DISCARD,
    GAME,
    HAND_OVER,
    JUDGE,
    PLACE,
    Action,
    Duel,
    Judge,
    TimelineState,
)

ROUNDS = 4

Player = Callable[[TimelineState, BotContext], Action]


# -- opponents that share no code with timeline_cards.ai --------------------------------------


def random_player(state: TimelineState, context: BotContext) -> Action:
    """Any legal action, uniformly."""
    legal = state.legal_actions()
    return legal[int(context.rng.randrange(len(legal)))]


class Reckoner:
    """An independent, simple opponent: a fixed ±``error`` years of noise, no bets or duels.

    It estimates a card's year as the true year plus a Gaussian error of
    ``error`` years (the same for a card all game long), slots it after every
    card it believes earlier, never stakes, never judges, never duels, and
    gives up its earliest card when it must.
    """

    def __init__(self, error: float = 20.0) -> None:
        self.error = error

    def guess(self, state: TimelineState, card: Card) -> float:
        seed = zlib.crc32(f"reckoner|{card.id}|{state.generator.seed}".encode())
        return card.year + 0.5 + random.Random(seed).gauss(0.0, self.error)

    def __call__(self, state: TimelineState, context: BotContext) -> Action:
        legal = state.legal_actions()
        seat = state.current_player()
        if state.phase == PLACE and state.current is not None:
            row = state.row_cards(seat)
            guess = self.guess(state, state.deck[state.current])
            tried = {a.gap for a in state.attempts if a.seat == seat}
            gaps = [g for g in range(len(row) + 1) if g not in tried] or [0]

            # The gap whose span is nearest the guess.
            def miss(g: int) -> float:
                lo = row[g - 1].year if g > 0 else -1e9
                hi = row[g].year + 1 if g < len(row) else 1e9
                return 0.0 if lo <= guess < hi else min(abs(guess - lo), abs(guess - hi))

            gap = min(gaps, key=lambda g: (miss(g), g))
            return next(a for a in legal if getattr(a, "gap", None) == gap and not a.stake)  # type: ignore[attr-defined]
        if state.phase == JUDGE:
            return Judge(None)
        if state.phase in (HAND_OVER, DISCARD):
            return legal[0]
        return next(a for a in legal if not isinstance(a, Duel))


def bot_player(level: str) -> Player:
    bot = make_bot(level)
    return lambda state, context: bot.choose(state, context)


def player_for(name: str) -> Player:
    if name == "random":
        return random_player
    if name == "reckoner":
        return Reckoner()
    return bot_player(name)


# -- playing ------------------------------------------------------------------------------------


class Tally:
    """Counts over many rounds: duels, bets, judgements, round wins by seat."""

    def __init__(self, seats: int) -> None:
        self.rounds = 0
        self.duels = 0
        self.bets = 0
        self.judgements = 0
        self.judge_chances = 0
        self.judge_states: list[TimelineState] = []
        self.wins = [0.0] * seats

    def record(self, before: TimelineState, action: Action) -> None:
        if isinstance(action, Duel):
            self.duels += 1
        if before.phase == PLACE and getattr(action, "stake", 0):
            self.bets += 1
        if before.phase == JUDGE:
            judged = isinstance(action, Judge) and action.call is not None
            self.judge_chances += 1
            self.judgements += judged
            self.judge_states.append(before)


def play_round(
    players: Sequence[Player], seed: int, options: dict[str, object], tally: Tally | None = None
) -> TimelineState:
    state = GAME.new_game({"players": len(players), **options}, seed)
    context = BotContext(random.Random(seed))
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply(state.sample_chance())
            continue
        action = players[state.current_player()](state, context)
        if tally is not None:
            tally.record(state, action)
        state = state.play(action)
    if tally is not None:
        tally.rounds += 1
        outcome = state.outcome()
        assert outcome is not None
        for seat in outcome.winners:
            tally.wins[seat] += 1.0 / len(outcome.winners)
    return state


def play_match(names: list[str], seed: int, options: dict[str, object]) -> Match:
    """One seeded match of :data:`ROUNDS` rounds between players ``names`` (by seat)."""
    players = [player_for(n) for n in names]
    match = Match(players=len(names), rounds=ROUNDS)
    for number in range(ROUNDS):
        state = play_round(players, seed * 101 + number, options)
        outcome = state.outcome()
        assert outcome is not None
        winner = outcome.winners[0] if outcome.reason == "placed an eighth card" else None
        match = match.add_round(outcome.returns, winner)
    return match


def win_shares(names: list[str], matches: int, options: dict[str, object]) -> dict[str, float]:
    """Share of matches each player wins (ties split), seats rotated between matches."""
    wins = dict.fromkeys(names, 0.0)
    for seed in range(matches):
        shift = seed % len(names)
        seating = names[shift:] + names[:shift]
        leaders = play_match(seating, seed, options).leaders()
        for seat in leaders:
            wins[seating[seat]] += 1.0 / len(leaders)
    return {name: wins[name] / matches for name in names}


# -- the report ---------------------------------------------------------------------------------


def century(year: int) -> str:
    if year < 1500:
        return "<1500"
    return f"{(year // 100) + 1}th"


def knowledge_by_century(cards: list[Card], trials: int) -> bool:
    keys = [lv.key for lv in LEVELS]
    columns = ["<1500", "16th", "17th", "18th", "19th", "20th", "21th"]
    print("\nRight first tries by century of the event (rows of 1-7 cards):")
    print(
        "  "
        + f"{'level':<10} {'all':>6} "
        + " ".join(f"{c.replace('21th', '21st'):>6}" for c in columns)
    )
    rates: dict[str, dict[str, float]] = {}
    for level in keys:
        results = placement_results(level, cards, trials, seed=1)
        by: dict[str, list[bool]] = {}
        for card, ok in results:
            by.setdefault(century(card.year), []).append(ok)
        rates[level] = {c: sum(v) / len(v) for c, v in by.items()}
        overall = sum(ok for _, ok in results) / len(results)
        cells = " ".join(f"{rates[level].get(c, float('nan')):6.1%}" for c in columns)
        print(f"  {level:<10} {overall:6.1%} {cells}")
    child = rates["child"]
    recent = (child["20th"] + child["21th"]) / 2
    old = (child["<1500"] + child["16th"] + child["17th"] + child["18th"]) / 4
    print(f"  child: 20th-21st centuries {recent:.1%}, before 1800 {old:.1%}")
    return recent > old


def seats_report(rounds: int) -> None:
    print(f"\nRound wins by seat, three equal players ({rounds} rounds each; seat 1 starts):")
    for label, options in (("classic", {}), ("super version", {"super": True})):
        for name in ("random", "reckoner", "child", "amateur", "historian"):
            tally = Tally(3)
            players = [player_for(name) for _ in range(3)]
            for seed in range(rounds):
                play_round(players, 7000 + seed, options, tally)
            shares = " ".join(f"{w / tally.rounds:6.1%}" for w in tally.wins)
            print(f"  {label:<14} {name:<10} seats 1-3: {shares}")


def by_chips(level: str, states: list[TimelineState]) -> str:
    """Share of the same judging positions judged when the judge has 5, 1 or 0 chips."""
    bot = make_bot(level)
    context = BotContext(random.Random(0))
    shares = []
    for chips in (5, 1, 0):
        judged = 0
        for state in states:
            poorer = list(state.chips)
            poorer[state.actor] = chips
            action = bot.choose(replace(state, chips=tuple(poorer)), context)
            judged += isinstance(action, Judge) and action.call is not None
        shares.append(f"{judged / max(1, len(states)):4.0%}")
    return "with 5/1/0 chips " + "/".join(shares)


def duels_report(rounds: int) -> None:
    print(f"\nDuels per round and judging, three equal bots ({rounds} rounds each):")
    for label, options in (("classic", {}), ("super version", {"super": True})):
        for name in [lv.key for lv in LEVELS]:
            tally = Tally(3)
            players = [player_for(name) for _ in range(3)]
            for seed in range(rounds):
                play_round(players, 9000 + seed, options, tally)
            judged = tally.judgements / tally.judge_chances if tally.judge_chances else 0.0
            extra = (
                f", bets {tally.bets / tally.rounds:4.1f}/round, judged {judged:5.1%} of chances;"
                f" {by_chips(name, tally.judge_states)}"
            )
            print(
                f"  {label:<14} {name:<10} duels {tally.duels / tally.rounds:4.2f}/round"
                + (extra if options else "")
            )


def main(argv: list[str] | None = None) -> int:
    """Print the figures; returns 1 if the levels are out of order."""
    args = sys.argv[1:] if argv is None else argv
    matches = int(args[0]) if args else 200
    cards = list(packaged_deck().cards)
    keys = [lv.key for lv in LEVELS]
    started = time.time()
    print(f"Timeline AI benchmark: {len(cards)} cards, {matches} matches of {ROUNDS} rounds")
    ok = knowledge_by_century(cards, max(4000, 20 * matches))

    print("\nMatch win rates, two players (classic rules):")
    pairs = [("amateur", "child"), ("historian", "amateur"), ("historian", "child")]
    pairs += [(level, "random") for level in keys] + [(level, "reckoner") for level in keys]
    for strong, weak in pairs:
        shares = win_shares([strong, weak], matches, {})
        print(f"  {strong:<9} vs {weak:<9}: {shares[strong]:6.1%} to {shares[weak]:6.1%}")
        if weak != "reckoner":
            ok = ok and shares[strong] > 0.6
    print("  (reckoner: an independent opponent written in this file, ±20 years, no bets or duels)")

    for label, options in (("classic", {}), ("super version", {"super": True})):
        shares = win_shares(keys, matches, options)
        text = ", ".join(f"{lv} {shares[lv]:5.1%}" for lv in keys)
        print(f"\nThree players, one of each level ({label}): {text}")
        ok = ok and shares["historian"] > shares["amateur"] > shares["child"]

    seats_report(max(300, 2 * matches))
    duels_report(max(100, matches // 2))
    print(
        f"\n{'stronger levels win clearly more' if ok else 'LEVELS OUT OF ORDER'}"
        f" ({time.time() - started:.0f} s)"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
