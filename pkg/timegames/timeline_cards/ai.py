"""Computer players for Timeline: a child, an amateur and a historian.

A bot is human-like: it does not look the year up, it *believes* a year.
Its belief about a card is a normal distribution whose centre is the true
year shifted by a fixed personal error, and whose width is the bot's
uncertainty.  How large the error is depends on the level, on the event's
age and on its category (:func:`sigma`): a child knows the last decades
roughly and older times only to within centuries, and sport and entertainment
better than politics; a historian knows every era well, history and
politics best.  The error is drawn once per bot, card and game (a hash of
the three), so a bot keeps its opinion of a card on a second try, and a
replayed game repeats every decision.  The one date a bot does not guess is
one everybody has seen: a card turned over by a lost bet (:func:`shown_card`).

Every decision comes from that belief:

* **placement**: the gap that holds most of the believed probability, after
  removing what earlier wrong tries on this card have ruled out;
* **bets** (super version): stake when the chosen gap looks safe enough;
* **judgements**: only when confident, that is when the call's expected
  chips clear a margin that grows when a wrong call would cost the bot's
  last chip (or put it in debt);
* **duels**: only when they pay: against the leader, when the leader is
  ahead and close to winning, and with chips to spare;
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
from .deck import Card, correct_gaps, fits
from .rules import (
    CALLS,
    DISCARD,
    DUEL_COST,
    HAND_OVER,
    JUDGE,
    PLACE,
    ROW_TARGET,
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
    AiLevel(
        "child",
        "Child",
        "Knows the last decades, sport and shows best, the distant past hardly; bets rashly.",
    ),
    AiLevel("amateur", "Amateur", "Knows the big dates to within a decade or two; judges warily."),
    AiLevel("historian", "Historian", "Knows most dates to within a few years, history best."),
)

NOISE: dict[str, tuple[float, float, float]] = {
    "child": (3.0, 0.0, 0.004),
    "amateur": (5.0, 0.05, 0.0004),
    "historian": (2.0, 0.01, 0.0),
}
"""Error in years for an event ``age`` years ago: ``a + b * age + c * age**2``.

The child's error grows with the square of the age: a few years for the last
decades, centuries for the Middle Ages.  The amateur's grows more gently and
the historian's hardly at all.  No error grows past :data:`MAX_ERROR`.
"""

MAX_ERROR = 300.0
"""Most years any belief is off, and its widest spread.

Without a cap the child's square law gave Caesar's time a spread of some
17,000 years, so that a child placed Roman events after today's.  Three
centuries is as lost as a child is: it still mixes up the Middle Ages.
"""

CATEGORY_NOISE: dict[str, dict[str, float]] = {
    "child": {"sport": 0.6, "entertainment": 0.6, "inventions": 0.9, "history": 1.3,
              "politics": 1.3, "economy": 1.3},
    "amateur": {"sport": 0.9, "entertainment": 0.9, "economy": 1.1},
    "historian": {"history": 0.8, "politics": 0.8, "economy": 0.9, "sport": 1.2,
                  "entertainment": 1.2},
}  # fmt: skip
"""Error factor by category (1 where not listed): what each level knows best."""

CONFIDENCE: dict[str, float] = {"child": 0.5, "amateur": 0.9, "historian": 1.0}
"""Believed width as a share of the real error: below 1 is overconfident."""

BET_THRESHOLD: dict[str, float] = {"child": 0.55, "amateur": 0.75, "historian": 0.8}
"""Believed chance of being right above which a bot stakes chips."""

JUDGE_MARGIN: dict[str, float] = {"child": 0.2, "amateur": 0.6, "historian": 0.6}
"""Expected chips a judgement must bring before a bot makes it (confidence)."""

LOSS_WEIGHT: dict[str, float] = {"child": 1.0, "amateur": 2.0, "historian": 2.0}
"""How much more a chip lost weighs than a chip won (a child does not care)."""


def chip_margin(chips: int) -> float:
    """Extra expected chips asked for because a wrong call costs a chip.

    One chip weighs more the fewer a bot has: a twelfth of a chip with five,
    a quarter with one, half a chip with none (the call would be owed).
    """
    return 0.5 / (1 + max(0, chips))


DUEL_RESERVE: dict[str, int] = {"child": 0, "amateur": 1, "historian": 2}
"""Chips a bot keeps back after paying for a duel."""

DUEL_WIN = 15 / 36
"""Chance that the attacker's die is higher."""

PRESENT = 2025
"""The present year: every event on a card lies in the past (a deck's own cards
may reach later, see :func:`belief_for`)."""


def sigma(level: str, year: int, category: str = "") -> float:
    """The real spread (years) of a bot's error about an event of ``year`` in ``category``.

    At most :data:`MAX_ERROR`.
    """
    age = max(0, PRESENT - year)
    a, b, c = NOISE[level]
    spread = (a + b * age + c * age * age) * CATEGORY_NOISE[level].get(category, 1.0)
    return min(spread, MAX_ERROR)


def _normal(seed: int) -> float:
    """A standard normal number from a seeded generator (Box-Muller)."""
    rng = Rng(seed)
    u1 = (rng.value() + 1) / float(1 << 64)
    u2 = rng.advance().value() / float(1 << 64)
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


class Belief:
    """What one bot believes about one card's year: a normal distribution.

    The personal error is at most :data:`MAX_ERROR` years, and nothing is
    believed to lie after ``present`` (everything on a card has happened):
    the centre stays in the present's year at the latest, and the years
    after it are ruled out.
    """

    def __init__(
        self, card: Card, level: str, seat: int, game_seed: int, present: int = PRESENT
    ) -> None:
        spread = sigma(level, card.year, card.category)
        key = f"{card.id}|{level}|{seat}|{game_seed}".encode()
        error = max(-MAX_ERROR, min(MAX_ERROR, spread * _normal(zlib.crc32(key))))
        end = float(max(present, card.year) + 1)
        self.mean = min(card.year + 0.5 + error, end - 0.5)
        self.width = max(0.5, spread * CONFIDENCE[level])
        self.excluded: list[tuple[float, float]] = [(end, math.inf)]

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
    """``seat``'s belief about the card being placed, with wrong tries ruled out.

    The present is this year or, for a deck of its own reaching later, the
    deck's latest year.  A card whose date a lost bet showed needs no belief:
    see :func:`shown_card`.
    """
    assert state.current is not None
    card = state.deck[state.current]
    present = max(PRESENT, state.deck.last_year)
    belief = Belief(card, level, seat, state.generator.seed, present)
    deck = state.deck
    for attempt in state.attempts:
        lo = float(deck[attempt.after].year + 1) if attempt.after else -math.inf
        hi = float(deck[attempt.before].year) if attempt.before else math.inf
        belief.exclude(lo, hi)
    return belief


def shown_card(state: TimelineState) -> Card | None:
    """The card being placed if a lost bet showed its date to everyone, else ``None``.

    Every bot saw that date, so it places and judges the card by it: guessing
    again would put it in the same wrong gap each time it came back.
    """
    if state.current is None or state.current not in state.revealed:
        return None
    return state.deck[state.current]


def where_it_belongs(row: Sequence[Card], gap: int, card: Card) -> str:
    """``correct`` if ``card`` fits ``gap`` of ``row``, else ``earlier`` or ``later``."""
    gaps = correct_gaps(row, card)
    if gap in gaps:
        return "correct"
    return "earlier" if gap > gaps[-1] else "later"


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
        target = duel_target(state, seat, self.level)
        if target is None:
            return begin
        if self.level == "child" and rng.random() < 0.5:
            return begin  # a child does not always think of it
        return Duel(target)

    def _place(self, state: TimelineState, seat: int) -> Action:
        row = state.row_cards(seat)
        shown = shown_card(state)
        if shown is not None:
            gap, chance = correct_gaps(row, shown)[0], 1.0
        else:
            gap, chance = best_gap(row, belief_for(state, seat, self.level))
        most = state.stake_allowed()
        if most and chance >= BET_THRESHOLD[self.level]:
            stake = most if chance >= 0.9 or self.level == "child" else min(most, 1)
            return Place(gap, stake)
        return Place(gap)

    def _judge(self, state: TimelineState, seat: int) -> Action:
        assert state.bet_gap is not None
        row = state.row_cards(state.active)
        shown = shown_card(state)
        if shown is not None:
            truth = where_it_belongs(row, state.bet_gap, shown)
            p_correct, p_earlier, p_later = (float(truth == c) for c in CALLS)
        else:
            belief = belief_for(state, seat, self.level)
            lo, hi = gap_span(row, state.bet_gap)
            total = belief.mass(-math.inf, math.inf) or 1.0
            p_correct = belief.mass(lo, hi) / total
            p_earlier = belief.mass(-math.inf, lo) / total
            p_later = belief.mass(hi, math.inf) / total
        values = judgement_values(
            p_correct, p_earlier, p_later, state.settings, LOSS_WEIGHT[self.level]
        )
        # Equal values (a doubt wins on either side): name the side believed.
        believed = {"correct": p_correct, "earlier": p_earlier, "later": p_later}
        call = max(CALLS, key=lambda c: (values[c], believed[c]))
        margin = JUDGE_MARGIN[self.level] + chip_margin(state.chips[seat])
        return Judge(call) if values[call] > margin else Judge(None)

    def _hand_over(self, state: TimelineState, seat: int) -> Action:
        assert state.duel is not None
        attacker, defender = state.duel
        offered = state.row_cards(defender)
        if seat == defender:
            return Pick(crowded_card(offered).id)
        return Pick(easiest_take(state.row_cards(attacker), offered).id)


def judgement_values(
    p_correct: float, p_earlier: float, p_later: float, settings: Any, loss: float = 1.0
) -> dict[str, float]:
    """Expected chips of each call, from the believed chances of where the card lies.

    Agreeing wins 1 or pays 1.  A doubt pays 1 only when groundless (the
    placement right); on a wrong placement it wins 2, on either side by
    default, only on the named side under the ``side`` variant.  A chip
    paid counts ``loss`` times (people fear losing more than they like
    winning).
    """
    wrong = p_earlier + p_later
    if settings.doubt_rule == "side":
        earlier, later = 2 * p_earlier - loss * p_correct, 2 * p_later - loss * p_correct
    else:
        earlier = later = 2 * wrong - loss * p_correct
    return {"correct": p_correct - loss * wrong, "earlier": earlier, "later": later}


def duel_target(state: TimelineState, seat: int, level: str) -> int | None:
    """The player worth a duel now, or ``None``.

    A duel costs 2 chips and wins a card 15 times in 36, so it pays only
    when the card matters: against the leader (the most cards among the
    others), when the leader is at least two cards ahead of the bot and one
    card from winning (or three ahead and two from winning), and when the bot
    keeps its level's reserve of chips after paying.
    """
    targets = state.duel_targets()
    if not targets:
        return None
    sizes = [len(r) for r in state.rows]
    leader = max(targets, key=lambda t: (sizes[t], -t))
    others = max(sizes[s] for s in range(state.players) if s != seat)
    lead = sizes[leader] - sizes[seat]
    if sizes[leader] < others or lead < 2:
        return None
    if sizes[leader] < ROW_TARGET - 1 and not (sizes[leader] == ROW_TARGET - 2 and lead >= 3):
        return None
    if state.chips[seat] < DUEL_COST + DUEL_RESERVE[level]:
        return None
    return leader


def make_bot(level: str) -> TimelineBot:
    """The bot for one of :data:`LEVELS`."""
    if level not in NOISE:
        raise FormatError(f"Timeline has no AI level {level!r}")
    return TimelineBot(level)


def placement_results(
    level: str, cards: Sequence[Card], trials: int, seed: int
) -> list[tuple[Card, bool]]:
    """``trials`` first tries by ``level``: each card placed and whether it was right.

    A measure for the benchmark: each trial deals a random row of 1 to 7
    cards and a random card from ``cards`` and asks the bot's belief for the
    best gap.
    """
    import random

    rng = random.Random(seed)
    results = []
    for trial in range(trials):
        size = rng.randint(1, 7)
        picked = rng.sample(list(cards), size + 1)
        card, row = picked[0], sorted(picked[1:], key=lambda c: (c.lo, c.hi))
        belief = Belief(card, level, trial % 6, seed)
        gap, _ = best_gap(row, belief)
        results.append((card, fits(row, gap, card)))
    return results


def placement_accuracy(level: str, cards: Sequence[Card], trials: int, seed: int) -> float:
    """Share of right first tries by ``level`` on random rows of 1 to 7 cards."""
    results = placement_results(level, cards, trials, seed)
    return sum(ok for _, ok in results) / len(results)
