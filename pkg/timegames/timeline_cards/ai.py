"""Computer players for Timeline: a child, an amateur and a historian.

A bot is human-like: it does not look the year up, it *believes* a year.
Its belief about a card is a normal distribution whose centre is the true
year shifted by a fixed personal error, and whose width is the bot's
uncertainty.  Both grow with the level's noise and with the age of the
event (the distant past is harder).  The error is drawn once per bot, card
and game (a hash of the three), so a bot keeps its opinion of a card on a
second try, and a replayed game repeats every decision.

Every decision comes from that belief:

* **placement**: the gap that holds most of the believed probability, after
  removing what earlier wrong tries on this card have ruled out;
* **bets** (super version): stake when the chosen gap looks safe enough;
* **judgements**: the call with the best expected chips, or pass;
* **duels**: challenge the player closest to winning when the chips allow;
* **which card to give up** (duel, grumpy face): the one whose loss makes
  the row easiest to add to (the card in the most crowded stretch).

The child is also overconfident: it believes itself twice as precise as it
is, so it bets and judges rashly, as children do.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from typing import Any

from ..core.protocol import AiLevel, Bot, BotContext, FormatError, State
from ..core.rng import Rng
from .deck import Card, fits
from .rules import (
    CALLS,
    DISCARD,
    HAND_OVER,
    JUDGE,
    PLACE,
    START,
    Action,
    Discard,
    Duel,
    Judge,
    NextCard,
    Pick,
    Place,
    Spin,
    TimelineState,
)

LEVELS: tuple[AiLevel, ...] = (
    AiLevel("child", "Child", "Knows recent things roughly and old things hardly; bets rashly."),
    AiLevel("amateur", "Amateur", "Knows the big dates to within a decade or two."),
    AiLevel("historian", "Historian", "Knows most dates to within a few years."),
)

NOISE: dict[str, float] = {"child": 45.0, "amateur": 14.0, "historian": 3.5}
"""Error, in years, for an event of today; it grows with the event's age."""

CONFIDENCE: dict[str, float] = {"child": 0.5, "amateur": 0.9, "historian": 1.0}
"""Believed width as a share of the real error: below 1 is overconfident."""

BET_THRESHOLD: dict[str, float] = {"child": 0.55, "amateur": 0.75, "historian": 0.8}
"""Believed chance of being right above which a bot stakes chips."""

PRESENT = 2025


def sigma(level: str, year: int) -> float:
    """The real spread (years) of a bot's error about an event of ``year``."""
    age = max(0, PRESENT - year)
    return NOISE[level] * (1.0 + age / 150.0)


def _normal(seed: int) -> float:
    """A standard normal number from a seeded generator (Box-Muller)."""
    rng = Rng(seed)
    u1 = (rng.value() + 1) / float(1 << 64)
    u2 = rng.advance().value() / float(1 << 64)
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


class Belief:
    """What one bot believes about one card's year: a normal distribution."""

    def __init__(self, card: Card, level: str, seat: int, game_seed: int) -> None:
        spread = sigma(level, card.year)
        key = f"{card.id}|{level}|{seat}|{game_seed}".encode()
        self.mean = card.year + 0.5 + spread * _normal(zlib.crc32(key))
        self.width = max(0.5, spread * CONFIDENCE[level])
        self.excluded: list[tuple[float, float]] = []

    def cdf(self, x: float) -> float:
        """Believed probability that the year lies below ``x``."""
        if x == math.inf:
            return 1.0
        if x == -math.inf:
            return 0.0
        return 0.5 * (1.0 + math.erf((x - self.mean) / (self.width * math.sqrt(2.0))))

    def mass(self, lo: float, hi: float) -> float:
        """Believed probability of ``[lo, hi)``, minus the ruled-out stretches."""
        if hi <= lo:
            return 0.0
        total = self.cdf(hi) - self.cdf(lo)
        for a, b in _merge(self.excluded):
            x, y = max(a, lo), min(b, hi)
            if y > x:
                total -= self.cdf(y) - self.cdf(x)
        return max(0.0, total)

    def exclude(self, lo: float, hi: float) -> None:
        """Rule out ``[lo, hi)`` (a wrong try showed the year is not there)."""
        if hi > lo:
            self.excluded.append((lo, hi))


def _merge(spans: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for a, b in sorted(spans):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def gap_span(row: Sequence[Card], gap: int) -> tuple[float, float]:
    """The years a card in ``gap`` of ``row`` may have, as a half-open range."""
    lo = float(row[gap - 1].year) if gap > 0 else -math.inf
    hi = float(row[gap].year + 1) if gap < len(row) else math.inf
    return lo, hi


def belief_for(state: TimelineState, seat: int, level: str) -> Belief:
    """``seat``'s belief about the card being placed, with wrong tries ruled out."""
    assert state.current is not None
    card = state.deck[state.current]
    belief = Belief(card, level, seat, state.generator.seed)
    deck = state.deck
    for attempt in state.attempts:
        lo = float(deck[attempt.after].year + 1) if attempt.after else -math.inf
        hi = float(deck[attempt.before].year) if attempt.before else math.inf
        belief.exclude(lo, hi)
    return belief


def best_gap(row: Sequence[Card], belief: Belief) -> tuple[int, float]:
    """The gap with the most believed probability, and that probability (normalised)."""
    masses = [belief.mass(*gap_span(row, g)) for g in range(len(row) + 1)]
    total = sum(masses)
    best = max(range(len(masses)), key=lambda g: (masses[g], -g))
    return best, (masses[best] / total if total > 0 else 0.0)


def crowded_card(row: Sequence[Card]) -> Card:
    """The card whose loss widens the row's narrowest gap the most."""
    if len(row) <= 2:
        return row[0]

    def spread(i: int) -> float:
        left = row[i].year - row[i - 1].year if i > 0 else math.inf
        right = row[i + 1].year - row[i].year if i + 1 < len(row) else math.inf
        return min(left, right)

    return row[min(range(len(row)), key=lambda i: (spread(i), i))]


def easiest_take(row: Sequence[Card], offered: Sequence[Card]) -> Card:
    """Of ``offered``, the card that lands nearest a card already in ``row``."""

    def distance(card: Card) -> float:
        return min((abs(card.year - x.year) for x in row), default=0.0)

    return min(offered, key=lambda c: (distance(c), c.id))


class TimelineBot(Bot[Action]):
    """One bot class; the level sets its knowledge and its nerve."""

    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, state: State[Action], context: BotContext) -> Action:
        """A move for the seat to act."""
        assert isinstance(state, TimelineState)
        seat = state.current_player()
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action")
        if state.phase == START:
            return self._start(state, seat, context.rng)
        if state.phase == PLACE:
            return self._place(state, seat)
        if state.phase == JUDGE:
            return self._judge(state, seat)
        if state.phase == HAND_OVER:
            return self._hand_over(state, seat)
        if state.phase == DISCARD:
            return Discard(crowded_card(state.row_cards(seat)).id)
        return legal[0]

    def _start(self, state: TimelineState, seat: int, rng: Any) -> Action:
        begin: Action = Spin() if state.settings.spinner != "off" else NextCard()
        targets = state.duel_targets()
        if not targets:
            return begin
        sizes = [len(r) for r in state.rows]
        leader = max(targets, key=lambda t: (sizes[t], -t))
        chips = state.chips[seat]
        if self.level == "child":
            if rng.random() < 0.15:
                return Duel(targets[int(rng.randrange(len(targets)))])
            return begin
        # Worth two chips when the leader is close to winning and ahead of us.
        reserve = 2 if self.level == "historian" else 0
        if sizes[leader] >= 6 and sizes[leader] >= sizes[seat] and chips >= 2 + reserve:
            return Duel(leader)
        return begin

    def _place(self, state: TimelineState, seat: int) -> Action:
        row = state.row_cards(seat)
        belief = belief_for(state, seat, self.level)
        gap, chance = best_gap(row, belief)
        most = state.stake_allowed()
        if most and chance >= BET_THRESHOLD[self.level]:
            stake = most if chance >= 0.9 or self.level == "child" else min(most, 1)
            return Place(gap, stake)
        return Place(gap)

    def _judge(self, state: TimelineState, seat: int) -> Action:
        assert state.bet_gap is not None
        row = state.row_cards(state.active)
        belief = belief_for(state, seat, self.level)
        lo, hi = gap_span(row, state.bet_gap)
        total = belief.mass(-math.inf, math.inf) or 1.0
        p_correct = belief.mass(lo, hi) / total
        p_earlier = belief.mass(-math.inf, lo) / total
        p_later = belief.mass(hi, math.inf) / total
        values = {
            "correct": 2 * p_correct - 1,
            "earlier": 3 * p_earlier - 1,
            "later": 3 * p_later - 1,
        }
        call = max(CALLS, key=lambda c: values[c])
        return Judge(call) if values[call] > 0 else Judge(None)

    def _hand_over(self, state: TimelineState, seat: int) -> Action:
        assert state.duel is not None
        attacker, defender = state.duel
        offered = state.row_cards(defender)
        if seat == defender:
            return Pick(crowded_card(offered).id)
        return Pick(easiest_take(state.row_cards(attacker), offered).id)


def make_bot(level: str) -> TimelineBot:
    """The bot for one of :data:`LEVELS`."""
    if level not in NOISE:
        raise FormatError(f"Timeline has no AI level {level!r}")
    return TimelineBot(level)


def placement_accuracy(level: str, cards: Sequence[Card], trials: int, seed: int) -> float:
    """Share of right first tries by ``level`` on random rows of 1 to 7 cards.

    A measure for the benchmark: each trial deals a random row and a random
    card from ``cards`` and asks the bot's belief for the best gap.
    """
    import random

    rng = random.Random(seed)
    right = 0
    for trial in range(trials):
        size = rng.randint(1, 7)
        picked = rng.sample(list(cards), size + 1)
        card, row = picked[0], sorted(picked[1:], key=lambda c: (c.lo, c.hi))
        belief = Belief(card, level, trial % 6, seed)
        gap, _ = best_gap(row, belief)
        right += fits(row, gap, card)
    return right / trials
