"""Benchmark the Timeline AI levels: placement accuracy and match win rates.

Usage::

    python3 tests/bench/bench_timeline_cards.py [MATCHES]

``MATCHES`` (default 200) seeded matches of four rounds are played for each
pairing of levels (two players, seats swapped every other match), and the
same number with all three levels at one table.  A match is won by the most
chips over its rounds, each round's winner's chips doubled; a tie is shared.
Placement accuracy is the share of right first tries on random rows of one
to seven cards from the packaged deck.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pkg"))

from timegames.core import BotContext
from timegames.timeline_cards.ai import LEVELS, make_bot, placement_accuracy
from timegames.timeline_cards.deck import packaged_deck
from timegames.timeline_cards.match import Match
from timegames.timeline_cards.rules import GAME

ROUNDS = 4


def play_match(levels: list[str], seed: int, options: dict[str, object]) -> Match:
    """One seeded match of :data:`ROUNDS` rounds between bots of ``levels`` (by seat)."""
    bots = [make_bot(level) for level in levels]
    match = Match(players=len(levels), rounds=ROUNDS)
    for number in range(ROUNDS):
        round_seed = seed * 101 + number
        state = GAME.new_game({"players": len(levels), **options}, round_seed)
        context = BotContext(random.Random(round_seed))
        while not state.is_terminal():
            if state.is_chance():
                state = state.apply(state.sample_chance())
            else:
                state = state.play(bots[state.current_player()].choose(state, context))
        outcome = state.outcome()
        assert outcome is not None
        winner = outcome.winners[0] if outcome.reason == "placed an eighth card" else None
        match = match.add_round(outcome.returns, winner)
    return match


def win_shares(levels: list[str], matches: int, options: dict[str, object]) -> dict[str, float]:
    """Share of matches each level wins (ties split), seats rotated between matches."""
    wins = dict.fromkeys(levels, 0.0)
    for seed in range(matches):
        shift = seed % len(levels)
        seating = levels[shift:] + levels[:shift]
        result = play_match(seating, seed, options)
        leaders = result.leaders()
        for seat in leaders:
            wins[seating[seat]] += 1.0 / len(leaders)
    return {level: wins[level] / matches for level in levels}


def main(argv: list[str] | None = None) -> int:
    """Print accuracy per level and match win rates; returns 1 if a stronger level lost."""
    args = sys.argv[1:] if argv is None else argv
    matches = int(args[0]) if args else 200
    deck = packaged_deck()
    cards = list(deck.cards)
    keys = [lv.key for lv in LEVELS]
    started = time.time()
    print(f"Timeline AI benchmark: {len(cards)} cards, {matches} matches of {ROUNDS} rounds")
    print("\nPlacement accuracy (right first tries, rows of 1-7 cards):")
    accuracy = {}
    for level in keys:
        accuracy[level] = placement_accuracy(level, cards, max(2000, 10 * matches), seed=1)
        print(f"  {level:<10} {accuracy[level]:6.1%}")
    ok = accuracy["child"] < accuracy["amateur"] < accuracy["historian"]

    print("\nMatch win rates, two players (classic rules):")
    for strong, weak in (("amateur", "child"), ("historian", "amateur"), ("historian", "child")):
        shares = win_shares([strong, weak], matches, {})
        print(f"  {strong} vs {weak}: {shares[strong]:6.1%} to {shares[weak]:6.1%}")
        ok = ok and shares[strong] > 0.6

    for label, options in (("classic", {}), ("super version", {"super": True})):
        shares = win_shares(keys, matches, options)
        text = ", ".join(f"{lv} {shares[lv]:5.1%}" for lv in keys)
        print(f"\nThree players, one of each level ({label}): {text}")
        ok = ok and shares["historian"] > shares["amateur"] > shares["child"]

    print(
        f"\n{'stronger levels win clearly more' if ok else 'LEVELS OUT OF ORDER'}"
        f" ({time.time() - started:.0f} s)"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
