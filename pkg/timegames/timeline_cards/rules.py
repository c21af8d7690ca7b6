"""Timeline, the card game: rules, actions and notation.

Each player builds a row of event cards in chronological order; the first to
place an eighth card ends the round.  A turn: the active player may first
challenge someone to a duel, then spins the spinner (or, without it, simply
draws).  The drawn card's event is shown to everyone, its date to nobody;
the active player marks a gap in their row.  Right: the card and two chips.
Wrong: the following players try in turn for one chip, and if they all
fail the reader (the player on the active player's right) takes it free.
The super version adds stakes on one's own placement and the others'
judgements of it.

Chance is explicit: the deal and every draw (``card <id>``), the spinner
(``spinner star``) and the duel dice (``roll 5 2``).  The draw pile has no
stored order: each draw picks uniformly among the cards not yet drawn, which
is the same as drawing from a shuffled pile and keeps the order secret by
construction.  Cards put *under* the pile wait in order until it is empty.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.protocol import (
    CHANCE,
    FORMAT_VERSION,
    JSON,
    TERMINAL,
    FormatError,
    Game,
    IllegalAction,
    NotationError,
    OptionSpec,
    Outcome,
    State,
)
from ..core.rng import Rng
from .deck import (
    Card,
    Deck,
    DeckError,
    cards_to_options,
    correct_gaps,
    deck_from_options,
    fits,
    insert_sorted,
    parse_deck,
)

ROW_TARGET = 8
"""The card that ends the round."""
WIN_CHIPS = 2
"""Chips for the active player's right placement."""
FOLLOWER_CHIPS = 1
"""Chips for a following player's right placement."""
DUEL_COST = 2
MAX_STAKE = 3
SUPER_START_CHIPS = 5

SYMBOLS: tuple[str, ...] = ("question", "twice", "star", "grumpy")
"""The spinner's four symbols: "?", two tries, the star, the grumpy face."""

SPINNERS: dict[str, tuple[int, ...]] = {"standard": (4, 2, 1, 1), "even": (1, 1, 1, 1)}
"""Segments of each symbol (in :data:`SYMBOLS` order) on the spinner designs."""

CALLS: tuple[str, ...] = ("correct", "earlier", "later")
"""Judgements on the scoring board: the placement is right, or the card belongs earlier/later."""

DEBT_LIMIT = -1
"""Fewest chips a player can have: a player without chips may judge and owe one chip."""

# Phases.
DEAL = "deal"
START = "start"
DUEL_ROLL = "duel_roll"
HAND_OVER = "hand_over"
SPIN = "spin"
DRAW = "draw"
PLACE = "place"
JUDGE = "judge"
DISCARD = "discard"
OVER = "over"
_CHANCE_PHASES = (DEAL, DUEL_ROLL, SPIN, DRAW)
PHASES = (DEAL, START, DUEL_ROLL, HAND_OVER, SPIN, DRAW, PLACE, JUDGE, DISCARD, OVER)


# -- actions ---------------------------------------------------------------------


@dataclass(frozen=True)
class Spin:
    """Spin the spinner (ends the chance to duel this turn)."""


@dataclass(frozen=True)
class NextCard:
    """Without the spinner: draw the next card to place."""


@dataclass(frozen=True)
class Duel:
    """Pay two chips and challenge ``target`` to a duel of dice."""

    target: int


@dataclass(frozen=True)
class Pick:
    """After a lost duel: the card that changes hands (chosen by the loser, or the winner)."""

    card: str


@dataclass(frozen=True)
class Discard:
    """Grumpy face: take one of your cards out of the game."""

    card: str


@dataclass(frozen=True)
class Place:
    """Put the card being placed into ``gap`` of your row (0 = before the first card).

    ``stake`` (super version): chips bet on this placement.
    """

    gap: int
    stake: int = 0


@dataclass(frozen=True)
class Judge:
    """Super version: judge a staked placement (``call`` in :data:`CALLS`, ``None`` to pass)."""

    call: str | None


@dataclass(frozen=True)
class Draw:
    """Chance: the card drawn."""

    card: str


@dataclass(frozen=True)
class SpinResult:
    """Chance: the symbol the spinner stops on."""

    symbol: str


@dataclass(frozen=True)
class Roll:
    """Chance: the duel dice, attacker's first."""

    attacker: int
    defender: int


Action = Spin | NextCard | Duel | Pick | Discard | Place | Judge | Draw | SpinResult | Roll


# -- state parts -------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """The options of one game."""

    players: int = 3
    super_version: bool = False
    spinner: str = "standard"
    duel_rule: str = "more_than_three"
    duel_card: str = "defender"
    bet_cards: str = "fourth"
    doubt_rule: str = "founded"
    broke_judges: str = "owe"
    bet_payout: str = "double"
    kids: tuple[bool, ...] = ()
    deck: Deck | None = None

    @property
    def cards(self) -> Deck:
        """The deck in play."""
        assert self.deck is not None
        return self.deck

    def is_kid(self, seat: int) -> bool:
        """True for a player under the kids rule (always two tries)."""
        return bool(self.kids) and self.kids[seat]

    def duel_minimum(self) -> int:
        """Fewest cards a player must have to be challenged."""
        return 4 if self.duel_rule == "more_than_three" else 3

    def to_options(self) -> JSON:
        """The options dict these settings come from."""
        deck = self.cards
        return {
            "players": self.players,
            "super": self.super_version,
            "spinner": self.spinner,
            "duel_rule": self.duel_rule,
            "duel_card": self.duel_card,
            "bet_cards": self.bet_cards,
            "doubt_rule": self.doubt_rule,
            "broke_judges": self.broke_judges,
            "bet_payout": self.bet_payout,
            "kids": list(self.kids),
            "deck": cards_to_options(deck.cards) if deck.custom else [],
        }


@dataclass(frozen=True)
class Attempt:
    """A wrong placement: who, where, and the cards either side of the gap then."""

    seat: int
    gap: int
    after: str | None
    before: str | None


@dataclass(frozen=True)
class Reveal:
    """How the last card (or duel, or grumpy face) ended: what the page shows next.

    ``kind``: ``placed`` (the active player, two chips), ``follower`` (one
    chip), ``reader`` (free), ``star``, ``bet_won``, ``bet_lost`` (the card
    went under the pile, its date public from then on), ``duel_won``,
    ``duel_lost``, ``grumpy`` (turn skipped; ``card`` is the card removed,
    if any).  ``deltas`` is every seat's change in chips.
    """

    kind: str
    card: str | None
    seat: int | None
    deltas: tuple[int, ...]
    attempts: tuple[Attempt, ...] = ()
    judgements: tuple[tuple[int, str], ...] = ()
    stake: int = 0
    gap: int | None = None
    dice: tuple[int, int] | None = None


@dataclass(frozen=True)
class TimelineState(State[Action]):
    """A Timeline position."""

    settings: Settings
    generator: Rng
    phase: str = DEAL
    active: int = 0
    actor: int = 0
    rows: tuple[tuple[str, ...], ...] = ()
    chips: tuple[int, ...] = ()
    drawn: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    # Cards whose date a lost bet showed to everyone (public from then on).
    revealed: tuple[str, ...] = ()
    current: str | None = None
    spin: str | None = None
    tries: int = 0
    attempts: tuple[Attempt, ...] = ()
    stake: int = 0
    bet_gap: int | None = None
    judgements: tuple[tuple[int, str], ...] = ()
    duel: tuple[int, int] | None = None
    dice: tuple[int, int] | None = None
    duel_used: bool = False
    reveal: Reveal | None = None
    turn: int = 0
    result: Outcome | None = None
    scores: tuple[int, ...] | None = None

    # -- protocol -----------------------------------------------------------------

    @property
    def game(self) -> TimelineGame:
        """The Timeline game object."""
        return GAME

    @property
    def rng(self) -> Rng:
        """The seeded generator for draws, the spinner and the dice."""
        return self.generator

    @property
    def deck(self) -> Deck:
        """The deck in play."""
        return self.settings.cards

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.settings.players

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        if self.result is not None:
            return TERMINAL
        if self.phase in _CHANCE_PHASES:
            return CHANCE
        return self.actor

    def row_cards(self, seat: int) -> list[Card]:
        """A seat's row as cards, earliest first."""
        deck = self.deck
        return [deck[c] for c in self.rows[seat]]

    def reader(self) -> int:
        """The player on the active player's right, who reads the card out."""
        return (self.active - 1) % self.players

    def followers(self) -> list[int]:
        """Who may try after a wrong placement, in turn order (not the reader)."""
        n = self.players
        return [(self.active + k) % n for k in range(1, n - 1)]

    def judges(self) -> list[int]:
        """Super version: the other players, in turn order, who may judge a stake.

        A wrong judgement costs a chip.  By default a player without chips
        may still judge and owes that chip (their count goes to -1, paid
        back from their next win); a player already in debt sits it out.
        Under the ``sit_out`` variant only players with a chip judge.
        """
        n = self.players
        seats = [(self.active + k) % n for k in range(1, n)]
        least = 0 if self.settings.broke_judges == "owe" else 1
        return [s for s in seats if self.chips[s] >= least]

    def pile(self) -> list[str]:
        """Cards left to draw, in deck order (their real order is the chance draws')."""
        taken = set(self.drawn)
        return [c for c in self.deck.ids if c not in taken]

    def cards_left(self) -> int:
        """How many cards can still be drawn (including those put under the pile)."""
        return len(self.deck) - len(self.drawn) + len(self.bottom)

    def stake_allowed(self) -> int:
        """The largest stake the player placing may bet now (0: no bet possible)."""
        s = self.settings
        if not s.super_version or self.phase != PLACE or self.actor != self.active:
            return 0
        if self.attempts or self.spin == "star":
            return 0
        cards = len(self.rows[self.active])
        if cards < 3 or (s.bet_cards == "fourth" and cards != 3):
            return 0
        return max(0, min(MAX_STAKE, self.chips[self.active]))

    def duel_targets(self) -> list[int]:
        """Who the active player may challenge now."""
        if self.phase != START or self.duel_used or self.chips[self.active] < DUEL_COST:
            return []
        # A duel may not bring in a row's eighth card.
        if len(self.rows[self.active]) >= ROW_TARGET - 1:
            return []
        least = self.settings.duel_minimum()
        return [s for s in range(self.players) if s != self.active and len(self.rows[s]) >= least]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Draws, spinner symbols or duel dice, with their probabilities."""
        if self.result is not None:
            return []
        if self.phase in (DEAL, DRAW):
            pile = self.pile()
            if pile:
                p = 1.0 / len(pile)
                return [(Draw(c), p) for c in pile]
            if self.bottom:
                return [(Draw(self.bottom[0]), 1.0)]
            return []
        if self.phase == SPIN:
            weights = SPINNERS[self.settings.spinner]
            total = float(sum(weights))
            return [(SpinResult(s), w / total) for s, w in zip(SYMBOLS, weights, strict=True) if w]
        if self.phase == DUEL_ROLL:
            return [(Roll(a, d), 1.0 / 36.0) for a in range(1, 7) for d in range(1, 7)]
        return []

    def legal_actions(self) -> list[Action]:
        """Every action allowed now (chance outcomes at a chance node)."""
        if self.result is not None:
            return []
        if self.phase in _CHANCE_PHASES:
            return [a for a, _ in self.chance_outcomes()]
        if self.phase == START:
            first: Action = Spin() if self.settings.spinner != "off" else NextCard()
            return [first, *(Duel(t) for t in self.duel_targets())]
        if self.phase == HAND_OVER:
            assert self.duel is not None
            return [Pick(c) for c in self.rows[self.duel[1]]]
        if self.phase == DISCARD:
            return [Discard(c) for c in self.rows[self.active]]
        if self.phase == PLACE:
            gaps = range(len(self.rows[self.actor]) + 1)
            actions: list[Action] = [Place(g) for g in gaps]
            most = self.stake_allowed()
            actions.extend(Place(g, k) for g in gaps for k in range(1, most + 1))
            return actions
        if self.phase == JUDGE:
            judging: list[Action] = [Judge(c) for c in CALLS]
            return [*judging, Judge(None)]
        return []

    def illegal_reason(self, action: Action) -> IllegalAction | None:
        """Why ``action`` breaks a rule here, or ``None``."""
        if self.result is not None:
            return IllegalAction("game-over", "the round is over")
        if self.phase in _CHANCE_PHASES:
            if self._chance_possible(action):
                return None
            return IllegalAction("chance", "the spinner, the dice or the pile decide this step")
        if isinstance(action, Draw | SpinResult | Roll):
            return IllegalAction("not-chance", "only the pile, spinner or dice produce that")
        if isinstance(action, Spin | NextCard):
            if self.phase != START:
                return IllegalAction("not-now", "the turn has already begun")
            if isinstance(action, Spin) and self.settings.spinner == "off":
                return IllegalAction("no-spinner", "this game is played without the spinner; draw")
            if isinstance(action, NextCard) and self.settings.spinner != "off":
                return IllegalAction("spin-first", "spin the spinner to see what your turn brings")
            return None
        if isinstance(action, Duel):
            return self._duel_problem(action.target)
        if isinstance(action, Pick):
            if self.phase != HAND_OVER or self.duel is None:
                return IllegalAction("no-duel", "cards change hands only after a won duel")
            if action.card not in self.rows[self.duel[1]]:
                return IllegalAction("not-in-row", "pick a card from the loser's row")
            return None
        if isinstance(action, Discard):
            if self.phase != DISCARD:
                return IllegalAction("no-discard", "cards are removed only on the grumpy face")
            if action.card not in self.rows[self.active]:
                return IllegalAction("not-in-row", "remove one of your own cards")
            return None
        if isinstance(action, Place):
            return self._place_problem(action)
        if isinstance(action, Judge):
            if self.phase != JUDGE:
                return IllegalAction("no-judging", "judgements are made only on a staked placement")
            if action.call is not None and action.call not in CALLS:
                return IllegalAction("bad-call", "judge 'correct', 'earlier' or 'later', or pass")
            return None
        return IllegalAction("unknown-action", "that is not a Timeline action")

    def _chance_possible(self, action: Action) -> bool:
        """True if ``action`` is one of the chance outcomes now (without listing them all)."""
        if self.phase in (DEAL, DRAW) and isinstance(action, Draw):
            if self.cards_left() > len(self.bottom):
                return action.card in self.deck and action.card not in self.drawn
            return bool(self.bottom) and action.card == self.bottom[0]
        if self.phase == SPIN and isinstance(action, SpinResult):
            weights = dict(zip(SYMBOLS, SPINNERS[self.settings.spinner], strict=True))
            return weights.get(action.symbol, 0) > 0
        if self.phase == DUEL_ROLL and isinstance(action, Roll):
            return 1 <= action.attacker <= 6 and 1 <= action.defender <= 6
        return False

    def _duel_problem(self, target: int) -> IllegalAction | None:
        if self.phase != START:
            return IllegalAction("duel-before-spin", "a duel is only possible before you spin")
        if self.duel_used:
            return IllegalAction("one-duel", "one duel per turn")
        if not 0 <= target < self.players or target == self.active:
            return IllegalAction("duel-target", "challenge another player")
        if self.chips[self.active] < DUEL_COST:
            return IllegalAction("duel-chips", "a duel costs 2 chips, paid to the bank")
        if len(self.rows[self.active]) >= ROW_TARGET - 1:
            return IllegalAction("duel-eighth", "the eighth card of a row cannot be won in a duel")
        if len(self.rows[target]) < self.settings.duel_minimum():
            words = (
                "more than three"
                if self.settings.duel_rule == "more_than_three"
                else "at least three"
            )
            return IllegalAction(
                "duel-defender", f"only a player with {words} cards can be challenged"
            )
        return None

    def _place_problem(self, action: Place) -> IllegalAction | None:
        if self.phase != PLACE:
            return IllegalAction("no-card", "there is no card to place now")
        if not 0 <= action.gap <= len(self.rows[self.actor]):
            last = len(self.rows[self.actor])
            # Gaps are numbered from 0, before the earliest card, to after the latest.
            return IllegalAction(
                "no-gap", f"mark a gap in your own row: gap 0 (before your first card) to {last}"
            )
        if action.stake:
            most = self.stake_allowed()
            if not self.settings.super_version:
                return IllegalAction("no-bets", "bets belong to the super version")
            if most == 0 or action.stake < 0:
                return IllegalAction(
                    "bet-not-now",
                    "you may bet on your own first try at your fourth card, once three lie"
                    if self.settings.bet_cards == "fourth"
                    else "you may bet on your own first try once three of your cards lie",
                )
            if action.stake > most:
                return IllegalAction("bet-size", f"you may stake at most {most} chips")
        return None

    # -- applying actions ----------------------------------------------------------

    def apply(self, action: Action) -> TimelineState:
        """Unchecked: the state after a legal ``action``."""
        if isinstance(action, Draw):
            return self._draw(action.card)
        if isinstance(action, SpinResult):
            return self._spun(action.symbol)
        if isinstance(action, Roll):
            return self._rolled(action)
        if isinstance(action, Spin):
            return replace(self, phase=SPIN)
        if isinstance(action, NextCard):
            return self._to_draw(replace(self, spin=None))
        if isinstance(action, Duel):
            chips = _add(self.chips, self.active, -DUEL_COST)
            return replace(self, phase=DUEL_ROLL, chips=chips, duel=(self.active, action.target))
        if isinstance(action, Pick):
            return self._hand_over(action.card)
        if isinstance(action, Discard):
            rows = _set_row(
                self.rows, self.active, [c for c in self.rows[self.active] if c != action.card]
            )
            reveal = Reveal("grumpy", action.card, self.active, (0,) * self.players)
            state = replace(self, rows=rows, removed=(*self.removed, action.card), reveal=reveal)
            return state._next_turn()
        if isinstance(action, Place):
            if action.stake:
                chips = _add(self.chips, self.active, -action.stake)
                state = replace(self, chips=chips, stake=action.stake, bet_gap=action.gap)
                judges = state.judges()
                if judges:
                    return replace(state, phase=JUDGE, actor=judges[0])
                return state._resolve(action.gap)
            return self._resolve(action.gap)
        if isinstance(action, Judge):
            judgements = self.judgements
            if action.call is not None:
                judgements = (*judgements, (self.actor, action.call))
            judges = self.judges()
            later = judges[judges.index(self.actor) + 1 :] if self.actor in judges else []
            state = replace(self, judgements=judgements)
            if later:
                return replace(state, actor=later[0])
            assert self.bet_gap is not None
            return state._resolve(self.bet_gap)
        raise ValueError(f"not a Timeline action: {action!r}")

    def _draw(self, card: str) -> TimelineState:
        rng = self.generator.advance()
        if card in self.bottom:
            # Cards under the pile come back only once the rest is gone.
            state = replace(self, generator=rng, bottom=self.bottom[1:])
        else:
            state = replace(self, generator=rng, drawn=(*self.drawn, card))
        if self.phase == DEAL:
            dealt = sum(1 for r in self.rows if r)
            rows = _set_row(self.rows, dealt, [card])
            if dealt + 1 < self.players:
                return replace(state, rows=rows)
            return replace(state, rows=rows, phase=START, active=0, actor=0)
        if self.spin == "star":
            row = insert_sorted(self.row_cards(self.active), self.deck[card])
            rows = _set_row(self.rows, self.active, [c.id for c in row])
            reveal = Reveal("star", card, self.active, (0,) * self.players)
            return replace(state, rows=rows, reveal=reveal)._after_card(self.active)
        tries = 2 if self.spin == "twice" or self.settings.is_kid(self.active) else 1
        return replace(
            state, phase=PLACE, actor=self.active, current=card, tries=tries, attempts=()
        )

    def _spun(self, symbol: str) -> TimelineState:
        state = replace(self, generator=self.generator.advance(), spin=symbol)
        if symbol != "grumpy":
            return state._to_draw(state)
        if len(self.rows[self.active]) > 3:
            return replace(state, phase=DISCARD, actor=self.active)
        reveal = Reveal("grumpy", None, self.active, (0,) * self.players)
        return replace(state, reveal=reveal)._next_turn()

    def _rolled(self, roll: Roll) -> TimelineState:
        assert self.duel is not None
        attacker, defender = self.duel
        dice = (roll.attacker, roll.defender)
        state = replace(self, generator=self.generator.advance(), dice=dice)
        if roll.attacker > roll.defender:
            chooser = defender if self.settings.duel_card == "defender" else attacker
            return replace(state, phase=HAND_OVER, actor=chooser)
        deltas = _delta(self.players, attacker, -DUEL_COST)
        reveal = Reveal("duel_lost", None, attacker, deltas, dice=dice)
        return replace(
            state, phase=START, actor=self.active, duel_used=True, reveal=reveal, duel=None
        )

    def _hand_over(self, card: str) -> TimelineState:
        assert self.duel is not None and self.dice is not None
        attacker, defender = self.duel
        rows = _set_row(self.rows, defender, [c for c in self.rows[defender] if c != card])
        row = insert_sorted(self.row_cards(attacker), self.deck[card])
        rows = _set_row(rows, attacker, [c.id for c in row])
        deltas = _delta(self.players, attacker, -DUEL_COST)
        reveal = Reveal("duel_won", card, attacker, deltas, dice=self.dice)
        return replace(
            self,
            rows=rows,
            phase=START,
            actor=self.active,
            duel_used=True,
            duel=None,
            reveal=reveal,
        )

    def _to_draw(self, state: TimelineState) -> TimelineState:
        # Play ends a round as the pile runs out (see _next_turn); this guards a
        # position set up with an empty pile.
        if state.cards_left() == 0:
            return state._finish(None, "the pile ran out")
        return replace(state, phase=DRAW)

    def _resolve(self, gap: int) -> TimelineState:
        """Reveal the card against the placer's chosen gap and settle everything."""
        assert self.current is not None
        card = self.deck[self.current]
        placer = self.actor if self.phase == PLACE else self.active
        row = self.row_cards(placer)
        right = fits(row, gap, card)
        n = self.players
        if self.stake:
            return self._settle_bet(card, row, gap, right)
        if right:
            gain = WIN_CHIPS if placer == self.active else FOLLOWER_CHIPS
            kind = "placed" if placer == self.active else "follower"
            return self._give_card(placer, gap, gain, kind)
        state = replace(self, attempts=(*self.attempts, _attempt(placer, gap, row)))
        if self.tries > 1:
            return replace(state, tries=self.tries - 1)
        followers = self.followers()
        if placer == self.active:
            later = followers
        elif placer in followers:
            later = followers[followers.index(placer) + 1 :]
        else:
            later = []
        if later:
            nxt = later[0]
            tries = 2 if self.settings.is_kid(nxt) else 1
            return replace(state, actor=nxt, tries=tries)
        # Nobody placed it: the reader slots it into their row, without a chip.
        reader = self.reader()
        placed = insert_sorted(self.row_cards(reader), card)
        rows = _set_row(state.rows, reader, [c.id for c in placed])
        reveal = Reveal("reader", card.id, reader, (0,) * n, state.attempts)
        return replace(state, rows=rows, reveal=reveal, current=None)._after_card(reader)

    def _give_card(self, seat: int, gap: int, gain: int, kind: str) -> TimelineState:
        assert self.current is not None
        row = list(self.rows[seat])
        row.insert(gap, self.current)
        rows = _set_row(self.rows, seat, row)
        deltas = _delta(self.players, seat, gain)
        chips = tuple(c + d for c, d in zip(self.chips, deltas, strict=True))
        if kind == "bet_won":
            # The stake was taken when it was laid; it comes back doubled
            # (variant: the stake back plus twice the stake).
            back = bet_return(self.stake, self.settings)
            chips = _add(chips, seat, back)
            deltas = _add(deltas, seat, back - self.stake)
        reveal = Reveal(
            kind,
            self.current,
            seat,
            deltas,
            self.attempts,
            self.judgements,
            self.stake,
            gap if kind == "bet_won" else None,
        )
        state = replace(self, rows=rows, chips=chips, reveal=reveal, current=None)
        return state._after_card(seat)

    def _settle_bet(self, card: Card, row: list[Card], gap: int, right: bool) -> TimelineState:
        judged = [0] * self.players
        chips = list(self.chips)
        for seat, call in self.judgements:
            change = judgement_change(call, right, self._truth(card, row, gap), self.settings)
            # Debt stops at DEBT_LIMIT: a judge in debt could not judge at all.
            change = max(change, DEBT_LIMIT - chips[seat])
            judged[seat] += change
            chips[seat] += change
        if right:
            state = replace(self, chips=tuple(chips))
            after = state._give_card(self.active, gap, WIN_CHIPS, "bet_won")
            return after._with_judged(judged)
        deltas = tuple(judged)
        deltas = _add(deltas, self.active, -self.stake)
        reveal = Reveal(
            "bet_lost",
            card.id,
            self.active,
            deltas,
            (_attempt(self.active, gap, row),),
            self.judgements,
            self.stake,
            gap,
        )
        # Settling the judges turned the card over: its date is public from now on,
        # for the players who may draw it again and for the bots alike.
        revealed = self.revealed if card.id in self.revealed else (*self.revealed, card.id)
        state = replace(
            self,
            chips=tuple(chips),
            bottom=(*self.bottom, card.id),
            revealed=revealed,
            reveal=reveal,
            current=None,
        )
        return state._next_turn()

    @staticmethod
    def _truth(card: Card, row: list[Card], gap: int) -> str:
        """Where ``card`` really belongs relative to ``gap``: correct, earlier or later."""
        gaps = correct_gaps(row, card)
        if gap in gaps:
            return "correct"
        return "earlier" if gap > gaps[-1] else "later"

    def _with_judged(self, judged: Sequence[int]) -> TimelineState:
        """Fold the judges' chip changes into the reveal just made."""
        if self.reveal is None:
            return self
        deltas = tuple(a + b for a, b in zip(self.reveal.deltas, judged, strict=True))
        return replace(self, reveal=replace(self.reveal, deltas=deltas))

    def _after_card(self, seat: int) -> TimelineState:
        if len(self.rows[seat]) >= ROW_TARGET:
            return self._finish(seat, "placed an eighth card")
        return self._next_turn()

    def _next_turn(self) -> TimelineState:
        """The left neighbour's turn, or the round's end once no card is left to draw."""
        nxt = (self.active + 1) % self.players
        state = replace(
            self,
            phase=START,
            active=nxt,
            actor=nxt,
            current=None,
            spin=None,
            tries=0,
            attempts=(),
            stake=0,
            bet_gap=None,
            judgements=(),
            duel=None,
            dice=None,
            duel_used=False,
            turn=self.turn + 1,
        )
        # The round ends with the last card's turn, not when the next player would
        # draw: otherwise they could still duel (moving chips) in a finished round.
        if state.cards_left() == 0:
            return state._finish(None, "the pile ran out")
        return state

    def _finish(self, winner: int | None, reason: str) -> TimelineState:
        scores = list(self.chips)
        if winner is not None:
            # The winner's chips count double; a debt is not doubled.
            scores[winner] *= 2 if scores[winner] > 0 else 1
            winners: tuple[int, ...] = (winner,)
        else:
            best = max(scores)
            winners = tuple(s for s, c in enumerate(scores) if c == best)
        outcome = Outcome(winners, reason, tuple(float(s) for s in scores))
        return replace(
            self,
            phase=OVER,
            result=outcome,
            scores=tuple(scores),
            current=None,
            tries=0,
            stake=0,
            bet_gap=None,
            judgements=(),
            duel=None,
        )

    def outcome(self) -> Outcome | None:
        """The round's result: the winner (who placed an eighth card) and every seat's chips.

        ``returns`` are the round's chip scores, the winner's already doubled.
        """
        return self.result

    # -- views and serialisation ---------------------------------------------------

    def view(self, seat: int | None) -> JSON:
        """Plain data for a page; the card being placed shows no date, the pile no order.

        The exception is public knowledge: a card a lost bet turned over shows
        its date, while being placed again and in ``revealed``.
        """
        deck = self.deck
        legal: list[str] = []
        gaps: list[JSON] = []
        if self.result is None and self.phase not in _CHANCE_PHASES:
            legal = [GAME.action_to_text(a) for a in self.legal_actions()]
        if self.phase == PLACE:
            row = self.row_cards(self.actor)
            most = self.stake_allowed()
            for g in range(len(row) + 1):
                gaps.append(
                    {
                        "gap": g,
                        "after": row[g - 1].label() if g > 0 else None,
                        "before": row[g].label() if g < len(row) else None,
                        "action": GAME.action_to_text(Place(g)),
                        "bets": [GAME.action_to_text(Place(g, k)) for k in range(1, most + 1)],
                    }
                )
        current = None
        if self.current is not None:
            # A card a lost bet turned over lies open: everyone saw its date.
            card = deck[self.current]
            current = card.public() if self.current in self.revealed else card.face_down()
        bet = None
        if self.stake:
            bet = {"seat": self.active, "stake": self.stake, "gap": self.bet_gap}
        return {
            "you": seat,
            "phase": self.phase,
            "turn": self.turn,
            "players": self.players,
            "active": self.active,
            "actor": None if self.current_player() < 0 else self.actor,
            "reader": self.reader(),
            "super": self.settings.super_version,
            "spinner": self.settings.spinner,
            "kids": [self.settings.is_kid(s) for s in range(self.players)],
            "rows": [[deck[c].public() for c in row] for row in self.rows],
            "chips": list(self.chips),
            "current": current,
            "spin": self.spin,
            "tries_left": self.tries,
            "attempts": [self._attempt_view(a) for a in self.attempts],
            "bet": bet,
            "judges": self.judges() if self.phase == JUDGE else [],
            "judgements": [{"seat": s, "call": c} for s, c in self.judgements],
            "duel": None
            if self.duel is None
            else {"attacker": self.duel[0], "defender": self.duel[1], "dice": self.dice},
            "duel_targets": self.duel_targets(),
            "gaps": gaps,
            "legal": legal,
            "reveal": self._reveal_view(),
            "pile": self.cards_left(),
            "removed": len(self.removed),
            "revealed": [deck[c].public() for c in self.revealed],
            "scores": None if self.scores is None else list(self.scores),
            "outcome": None if self.result is None else self.result.to_dict(),
        }

    def _attempt_view(self, a: Attempt) -> JSON:
        deck = self.deck
        return {
            "seat": a.seat,
            "gap": a.gap,
            "after": None if a.after is None else deck[a.after].label(),
            "before": None if a.before is None else deck[a.before].label(),
        }

    def _reveal_view(self) -> JSON | None:
        r = self.reveal
        if r is None:
            return None
        return {
            "kind": r.kind,
            "seat": r.seat,
            "card": None if r.card is None else self.deck[r.card].public(),
            "deltas": list(r.deltas),
            "attempts": [self._attempt_view(a) for a in r.attempts],
            "judgements": [{"seat": s, "call": c} for s, c in r.judgements],
            "stake": r.stake,
            "gap": r.gap,
            "dice": None if r.dice is None else list(r.dice),
        }

    def to_dict(self) -> JSON:
        """Full state as plain data: cards by id (the deck itself is in the options)."""
        r = self.reveal
        return {
            "format": FORMAT_VERSION,
            "game": GAME.slug,
            "options": self.settings.to_options(),
            "rng": self.generator.to_dict(),
            "phase": self.phase,
            "active": self.active,
            "actor": self.actor,
            "rows": [list(row) for row in self.rows],
            "chips": list(self.chips),
            "drawn": list(self.drawn),
            "bottom": list(self.bottom),
            "removed": list(self.removed),
            "revealed": list(self.revealed),
            "current": self.current,
            "spin": self.spin,
            "tries": self.tries,
            "attempts": [_attempt_list(a) for a in self.attempts],
            "stake": self.stake,
            "bet_gap": self.bet_gap,
            "judgements": [list(j) for j in self.judgements],
            "duel": None if self.duel is None else list(self.duel),
            "dice": None if self.dice is None else list(self.dice),
            "duel_used": self.duel_used,
            "reveal": None
            if r is None
            else {
                "kind": r.kind,
                "card": r.card,
                "seat": r.seat,
                "deltas": list(r.deltas),
                "attempts": [_attempt_list(a) for a in r.attempts],
                "judgements": [list(j) for j in r.judgements],
                "stake": r.stake,
                "gap": r.gap,
                "dice": None if r.dice is None else list(r.dice),
            },
            "turn": self.turn,
            "result": None if self.result is None else self.result.to_dict(),
            "scores": None if self.scores is None else list(self.scores),
        }


def _attempt(seat: int, gap: int, row: Sequence[Card]) -> Attempt:
    after = row[gap - 1].id if gap > 0 else None
    before = row[gap].id if gap < len(row) else None
    return Attempt(seat, gap, after, before)


def _attempt_list(a: Attempt) -> list[Any]:
    return [a.seat, a.gap, a.after, a.before]


def _attempt_from(data: Sequence[Any]) -> Attempt:
    seat, gap, after, before = data
    return Attempt(
        int(seat),
        int(gap),
        None if after is None else str(after),
        None if before is None else str(before),
    )


def _add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    out = list(values)
    out[index] += amount
    return tuple(out)


def _delta(n: int, seat: int, amount: int) -> tuple[int, ...]:
    return _add((0,) * n, seat, amount)


def _set_row(
    rows: tuple[tuple[str, ...], ...], seat: int, row: Sequence[str]
) -> tuple[tuple[str, ...], ...]:
    out = list(rows)
    out[seat] = tuple(row)
    return tuple(out)


def _opt_tuple(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    a, b = value
    return int(a), int(b)


def judgement_change(call: str, right: bool, truth: str, settings: Settings) -> int:
    """Chips a judge wins (or, negative, pays) for ``call`` on a staked placement.

    ``right``: the placement was right; ``truth``: where the card really
    belongs (``correct``, ``earlier``, ``later``).  Agreeing ("correct") wins
    one chip if the placement was right and pays one if it was wrong.  A
    doubt ("earlier"/"later") pays a chip only when it was groundless, that
    is when the placement was right.  When the placement was wrong, a doubt
    wins two chips by default, whichever side it named; under the
    ``doubt_rule`` variant ``side`` it wins only on the right side and a
    doubt on the wrong side neither wins nor pays.
    """
    if call == "correct":
        return 1 if right else -1
    if right:
        return -1
    if settings.doubt_rule == "side" and call != truth:
        return 0
    return 2


def bet_return(stake: int, settings: Settings) -> int:
    """Chips handed back on a won bet: the stake doubled, or (variant) stake plus double."""
    return 3 * stake if settings.bet_payout == "win_double" else 2 * stake


# -- checking a loaded state ------------------------------------------------------------

REVEAL_KINDS: tuple[str, ...] = (
    "placed",
    "follower",
    "reader",
    "star",
    "bet_won",
    "bet_lost",
    "duel_won",
    "duel_lost",
    "grumpy",
)


def _revealed_from(
    data: Mapping[str, Any], bottom: Sequence[str], reveal: Reveal | None
) -> tuple[str, ...]:
    """The ``revealed`` cards of a saved state; older saves did not store them.

    Only a lost bet puts a card under the pile, so for an older save the cards
    under it, and the card of a lost bet just shown, are the ones known.
    """
    if "revealed" in data:
        return tuple(str(c) for c in data["revealed"])
    known = list(bottom)
    if reveal is not None and reveal.kind == "bet_lost" and reveal.card is not None:
        known.append(reveal.card)
    return tuple(dict.fromkeys(known))


def _check_state(state: TimelineState) -> None:
    """Refuse a loaded position that no game could reach; :class:`FormatError` says why.

    The checks keep a tampered or damaged save from loading and failing later
    (an ``IndexError`` several moves on) instead of at once with a reason.
    """
    n = state.players
    seats = range(n)
    deck = state.deck
    if state.phase not in PHASES:
        raise FormatError(f"unknown phase {state.phase!r}")
    if (state.phase == OVER) != (state.result is not None):
        raise FormatError("only a finished round has a result")
    if len(state.chips) != n or any(c < DEBT_LIMIT for c in state.chips):
        raise FormatError(f"{n} players need {n} chip counts, none below {DEBT_LIMIT}")
    if state.scores is not None and len(state.scores) != n:
        raise FormatError(f"{n} players need {n} scores")
    if state.active not in seats or state.actor not in seats:
        raise FormatError(f"the player to move must be one of the {n} seats")
    if any(len(row) > ROW_TARGET for row in state.rows):
        raise FormatError(f"a row holds at most {ROW_TARGET} cards")
    # Every card drawn lies in exactly one place; no other card has left the pile.
    current = [] if state.current is None else [state.current]
    places = [c for row in state.rows for c in row] + list(state.removed)
    places += list(state.bottom) + current
    if len(set(state.drawn)) != len(state.drawn) or sorted(places) != sorted(state.drawn):
        raise FormatError(
            "every card drawn must lie in one place: a row, out of the game, "
            "under the pile or being placed"
        )
    if len(set(state.revealed)) != len(state.revealed) or not set(state.revealed) <= set(
        state.drawn
    ):
        raise FormatError("only a card drawn can have been revealed, once")
    if (state.current is not None) != (state.phase in (PLACE, JUDGE)):
        raise FormatError("a card is being placed exactly when the phase is place or judge")
    if state.spin is not None and state.spin not in SYMBOLS:
        raise FormatError(f"unknown spinner symbol {state.spin!r}")
    if state.duel is not None:
        attacker, defender = state.duel
        if attacker not in seats or defender not in seats or attacker == defender:
            raise FormatError("a duel is between two players at the table")
    if (state.duel is not None) != (state.phase in (DUEL_ROLL, HAND_OVER)):
        raise FormatError("a duel is under way exactly in the duel phases")
    for dice in (state.dice, None if state.reveal is None else state.reveal.dice):
        if dice is not None and not all(1 <= d <= 6 for d in dice):
            raise FormatError("a die shows 1 to 6")
    if state.tries < 0 or not 0 <= state.stake <= MAX_STAKE:
        raise FormatError(f"tries cannot be negative, nor a stake above {MAX_STAKE}")
    if state.bet_gap is not None and not 0 <= state.bet_gap <= len(state.rows[state.active]):
        raise FormatError("the bet's gap is not in the row")
    if state.phase == JUDGE and (not state.stake or state.bet_gap is None):
        raise FormatError("judgements are made only on a staked placement")
    _check_wagers(state.judgements, state.attempts, seats, deck)
    r = state.reveal
    if r is not None:
        if r.kind not in REVEAL_KINDS or len(r.deltas) != n:
            raise FormatError(f"unknown reveal {r.kind!r}, or not one chip change per player")
        if (r.seat is not None and r.seat not in seats) or (
            r.card is not None and r.card not in deck
        ):
            raise FormatError("the reveal names a seat or card not in this game")
        _check_wagers(r.judgements, r.attempts, seats, deck)


def _check_wagers(
    judgements: Sequence[tuple[int, str]], attempts: Sequence[Attempt], seats: range, deck: Deck
) -> None:
    """Judgements are by seats at the table with a known call; tries name cards of the deck."""
    if any(s not in seats or c not in CALLS for s, c in judgements):
        raise FormatError("a judgement is by a player at the table: correct, earlier or later")
    for a in attempts:
        cards = [c for c in (a.after, a.before) if c is not None]
        if a.seat not in seats or a.gap < 0 or any(c not in deck for c in cards):
            raise FormatError("a try is by a player at the table, in a gap of their row")


# -- the game --------------------------------------------------------------------------


class TimelineGame(Game[TimelineState, Action]):
    """Place Swiss events in chronological order; spinner, chips, duels and a betting version."""

    slug = "timeline_cards"
    title = "Timeline"
    summary = "Put events from Swiss history in order: spinner, chips, duels and bets."
    hidden_information = True

    def option_specs(self) -> Sequence[OptionSpec]:
        """Players, super version, spinner design, duel and bet rules, kids, custom deck."""
        return (
            OptionSpec(
                "players",
                "Players",
                3,
                tuple((n, f"{n} players") for n in range(2, 7)),
                "Seat 1 starts (the youngest player); arrange the seats to set the order.",
            ),
            OptionSpec(
                "super",
                "Version",
                False,
                ((False, "Classic"), (True, "Super version: bets and judgements (3–6 players)")),
                "Everyone starts with 5 chips; bets on your own placement, judgements on others'.",
            ),
            OptionSpec(
                "spinner",
                "Spinner",
                "standard",
                (
                    ("standard", "Standard: ? 4/8, two tries 2/8, star 1/8, grumpy 1/8"),
                    ("even", "Even: each symbol 1/4"),
                    ("off", "No spinner (variant): every turn is a '?'"),
                ),
                "The document gives no proportions; these are the project's.",
            ),
            OptionSpec(
                "duel_rule",
                "Who can be challenged",
                "more_than_three",
                (
                    ("more_than_three", "Players with more than three cards (German, Italian)"),
                    ("at_least_three", "Players with at least three cards (French)"),
                ),
            ),
            OptionSpec(
                "duel_card",
                "After a lost duel",
                "defender",
                (
                    ("defender", "The loser chooses the card they give"),
                    ("attacker", "The winner chooses the card they take"),
                ),
            ),
            OptionSpec(
                "bet_cards",
                "Super version bets",
                "fourth",
                (
                    ("fourth", "On the fourth card, once three lie (as printed)"),
                    ("any", "On any card once three lie (variant)"),
                ),
            ),
            OptionSpec(
                "doubt_rule",
                "A doubt on a wrong placement",
                "founded",
                (
                    ("founded", "Wins whichever side it names (German, Italian)"),
                    ("side", "Wins only on the right side (French wording)"),
                ),
            ),
            OptionSpec(
                "broke_judges",
                "Judging without chips",
                "owe",
                (
                    ("owe", "Allowed: a wrong judgement is owed (down to −1 chip)"),
                    ("sit_out", "Only players with a chip may judge"),
                ),
            ),
            OptionSpec(
                "bet_payout",
                "A won bet pays",
                "double",
                (
                    ("double", "The stake back doubled (German, French)"),
                    ("win_double", "The stake back plus twice the stake (Italian wording)"),
                ),
            ),
            OptionSpec(
                "kids",
                "Kids rule",
                [],
                (),
                "One true/false per seat: players under 12 always have two tries. Empty: nobody.",
            ),
            OptionSpec(
                "deck",
                "Deck",
                [],
                (),
                "Empty: the Swiss deck. Otherwise the cards of a custom deck "
                "(see the tool 'parse_deck').",
            ),
        )

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Super version needs three players; kids list matches the seats; the deck is valid."""
        players = int(options["players"])
        if options["super"] and players < 3:
            raise FormatError("the super version is for 3 to 6 players")
        kids = options["kids"]
        if kids and (len(kids) != players or not all(isinstance(k, bool) for k in kids)):
            raise FormatError(
                f"option 'kids' needs one true/false for each of the {players} players"
            )
        try:
            deck = deck_from_options(options["deck"])
        except DeckError as err:
            raise FormatError(f"the custom deck is not usable: {err}") from None
        except (TypeError, ValueError) as err:
            raise FormatError(f"the custom deck is not usable: {err}") from None
        if len(deck) < players + 1:
            raise FormatError(
                f"the deck has {len(deck)} cards; {players} players need at least {players + 1}"
            )

    def unused_options(self, options: Mapping[str, Any]) -> list[str]:
        """The bet and judgement settings, outside the super version (it alone has them)."""
        if options.get("super", False):
            return []
        return ["bet_cards", "doubt_rule", "broke_judges", "bet_payout"]

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """Two to six players."""
        return int(options.get("players", 3))

    def settings_from(self, options: Mapping[str, Any]) -> Settings:
        """Settings from normalised options."""
        return Settings(
            players=int(options["players"]),
            super_version=bool(options["super"]),
            spinner=str(options["spinner"]),
            duel_rule=str(options["duel_rule"]),
            duel_card=str(options["duel_card"]),
            bet_cards=str(options["bet_cards"]),
            doubt_rule=str(options["doubt_rule"]),
            broke_judges=str(options["broke_judges"]),
            bet_payout=str(options["bet_payout"]),
            kids=tuple(bool(k) for k in options["kids"]),
            deck=deck_from_options(options["deck"]),
        )

    def new(self, options: Mapping[str, Any], seed: int) -> TimelineState:
        """A new round: empty rows, then one card dealt face up to each player."""
        settings = self.settings_from(self.normalise_options(options))
        n = settings.players
        start = SUPER_START_CHIPS if settings.super_version else 0
        return TimelineState(
            settings=settings,
            generator=Rng(seed),
            rows=((),) * n,
            chips=(start,) * n,
        )

    def from_dict(self, data: Mapping[str, Any]) -> TimelineState:
        """Rebuild a state from :meth:`TimelineState.to_dict`.

        A position the rules could never reach (chips for the wrong number of
        players, an unknown phase, a seat not at the table, a card in two
        places or never drawn...) is refused with :class:`FormatError`.  Saves
        from before ``revealed`` was stored load too (see :func:`_revealed_from`).
        """
        try:
            if data["format"] != FORMAT_VERSION or data["game"] != self.slug:
                raise FormatError("not a Timeline state of this format")
            settings = self.settings_from(self.normalise_options(data["options"]))
            deck = settings.cards
            n = settings.players
            rows = tuple(tuple(str(c) for c in row) for row in data["rows"])
            ids = [c for row in rows for c in row]
            ids += [str(c) for c in data["drawn"]] + [str(c) for c in data["removed"]]
            ids += [str(c) for c in data["bottom"]]
            if data["current"] is not None:
                ids.append(str(data["current"]))
            if len(rows) != n or any(c not in deck for c in ids):
                raise FormatError("the rows do not fit this deck and these players")
            r = data["reveal"]
            reveal = None
            if r is not None:
                reveal = Reveal(
                    str(r["kind"]),
                    None if r["card"] is None else str(r["card"]),
                    None if r["seat"] is None else int(r["seat"]),
                    tuple(int(d) for d in r["deltas"]),
                    tuple(_attempt_from(a) for a in r["attempts"]),
                    tuple((int(s), str(c)) for s, c in r["judgements"]),
                    int(r["stake"]),
                    None if r["gap"] is None else int(r["gap"]),
                    _opt_tuple(r["dice"]),
                )
            result = data["result"]
            scores = data["scores"]
            bottom = tuple(str(c) for c in data["bottom"])
            state = TimelineState(
                settings=settings,
                generator=Rng.from_dict(data["rng"]),
                phase=str(data["phase"]),
                active=int(data["active"]),
                actor=int(data["actor"]),
                rows=rows,
                chips=tuple(int(c) for c in data["chips"]),
                drawn=tuple(str(c) for c in data["drawn"]),
                bottom=bottom,
                removed=tuple(str(c) for c in data["removed"]),
                revealed=_revealed_from(data, bottom, reveal),
                current=None if data["current"] is None else str(data["current"]),
                spin=None if data["spin"] is None else str(data["spin"]),
                tries=int(data["tries"]),
                attempts=tuple(_attempt_from(a) for a in data["attempts"]),
                stake=int(data["stake"]),
                bet_gap=None if data["bet_gap"] is None else int(data["bet_gap"]),
                judgements=tuple((int(s), str(c)) for s, c in data["judgements"]),
                duel=_opt_tuple(data["duel"]),
                dice=_opt_tuple(data["dice"]),
                duel_used=bool(data["duel_used"]),
                reveal=reveal,
                turn=int(data["turn"]),
                result=None if result is None else Outcome.from_dict(result),
                scores=None if scores is None else tuple(int(s) for s in scores),
            )
        except (KeyError, TypeError, ValueError) as err:
            if isinstance(err, FormatError):
                raise
            raise FormatError(f"not a valid Timeline state: {err}") from None
        _check_state(state)
        return state

    # -- notation ----------------------------------------------------------------------

    def action_to_text(self, action: Action) -> str:
        """``spin``, ``draw``, ``duel p2``, ``pick <id>``, ``discard <id>``, ``place 3``,
        ``place 3 bet 2``, ``judge later``, ``pass``; chance: ``card <id>``,
        ``spinner star``, ``roll 5 2``."""
        if isinstance(action, Spin):
            return "spin"
        if isinstance(action, NextCard):
            return "draw"
        if isinstance(action, Duel):
            return f"duel p{action.target + 1}"
        if isinstance(action, Pick):
            return f"pick {action.card}"
        if isinstance(action, Discard):
            return f"discard {action.card}"
        if isinstance(action, Place):
            bet = f" bet {action.stake}" if action.stake else ""
            return f"place {action.gap}{bet}"
        if isinstance(action, Judge):
            return "pass" if action.call is None else f"judge {action.call}"
        if isinstance(action, Draw):
            return f"card {action.card}"
        if isinstance(action, SpinResult):
            return f"spinner {action.symbol}"
        if isinstance(action, Roll):
            return f"roll {action.attacker} {action.defender}"
        raise NotationError(f"not a Timeline action: {action!r}")

    def parse_action(self, text: str) -> Action:
        """Inverse of :meth:`action_to_text`."""
        words = text.strip().split()
        if not words:
            raise NotationError("an empty move; write e.g. 'spin' or 'place 2'")
        head, rest = words[0].lower(), words[1:]
        try:
            if head in ("spin", "draw", "pass") and not rest:
                simple: dict[str, Action] = {
                    "spin": Spin(),
                    "draw": NextCard(),
                    "pass": Judge(None),
                }
                return simple[head]
            if head == "duel" and len(rest) == 1 and rest[0].lower().startswith("p"):
                seat = int(rest[0][1:]) - 1
                if seat < 0:
                    raise ValueError
                return Duel(seat)
            if head in ("pick", "discard", "card") and len(rest) == 1:
                if head == "pick":
                    return Pick(rest[0])
                return Discard(rest[0]) if head == "discard" else Draw(rest[0])
            if head == "place" and len(rest) in (1, 3):
                gap = int(rest[0])
                stake = 0
                if len(rest) == 3:
                    if rest[1].lower() != "bet":
                        raise ValueError
                    stake = int(rest[2])
                    if stake < 1:
                        raise ValueError
                if gap < 0:
                    raise ValueError
                return Place(gap, stake)
            if head == "judge" and len(rest) == 1 and rest[0].lower() in CALLS:
                return Judge(rest[0].lower())
            if head == "spinner" and len(rest) == 1 and rest[0].lower() in SYMBOLS:
                return SpinResult(rest[0].lower())
            if head == "roll" and len(rest) == 2:
                a, d = int(rest[0]), int(rest[1])
                if not (1 <= a <= 6 and 1 <= d <= 6):
                    raise ValueError
                return Roll(a, d)
        except ValueError:
            pass
        raise NotationError(
            f"{text!r} is not a Timeline move; write e.g. 'spin', 'duel p2', 'place 2', "
            "'place 2 bet 1', 'judge earlier', 'pass'"
        )

    def log_text(self, state: TimelineState, text: str) -> str:
        """The public log line: a draw never names its card.

        ``card <id>`` would let anyone who knows the deck look up the date of
        the card being placed, so the log says only that a card was dealt or
        drawn; spinner results and dice are public and stay as they are.
        """
        if text.startswith("card "):
            return "a card is dealt" if state.phase == DEAL else "a card is drawn"
        # A picked or removed card lies open in a row: name its event, not its id.
        # After a duel the loser gives a card, or (variant) the winner takes one.
        head, _, card_id = text.partition(" ")
        if head in ("pick", "discard") and card_id in state.deck:
            verb = "removes"
            if head == "pick":
                verb = "takes" if state.settings.duel_card == "attacker" else "gives"
            return f"{verb} “{short_text(state.deck[card_id].texts()['en'])}”"
        return text

    # -- extras ----------------------------------------------------------------------------

    def examples(self) -> Sequence[JSON]:
        """A placement, a wrong placement passed on, a duel, spinner outcomes, a bet."""
        from .examples import examples

        return examples()

    def tool(self, name: str, args: JSON) -> JSON:
        """``parse_deck`` (``text``, ``filename``): a custom deck for the ``deck`` option,
        or a refusal naming the row; ``deck_info``: categories and counts of the
        packaged deck; ``labels`` (``lang``): the page's texts in one language;
        ``card_texts`` (``ids``, ``deck``): short event texts for log lines;
        ``match`` (``match``, ``rounds``, ``players``, ``round``): a match's totals
        after a finished round (see :func:`timegames.timeline_cards.match.match_tool`)."""
        if name == "parse_deck":
            text = args.get("text")
            filename = args.get("filename", "")
            if not isinstance(text, str) or not isinstance(filename, str):
                raise FormatError("give the deck file's text")
            try:
                cards = parse_deck(text, filename)
            except DeckError as err:
                raise FormatError(str(err)) from None
            deck = Deck(cards, custom=True)
            return {
                "deck": cards_to_options(cards),
                "count": len(cards),
                "categories": deck.categories(),
            }
        if name == "deck_info":
            from .deck import PROBLEMS, packaged_deck

            deck = packaged_deck()
            years = [c.year for c in deck.cards]
            return {
                "count": len(deck),
                "categories": deck.categories(),
                "first_year": min(years) if years else None,
                "last_year": max(years) if years else None,
                "problems": list(PROBLEMS),
            }
        if name == "labels":
            from .i18n import labels

            lang = args.get("lang", "en")
            if not isinstance(lang, str):
                raise FormatError("give a language: de, fr, it or en")
            return labels(lang)
        if name == "card_texts":
            return _card_texts(args)
        if name == "match":
            from .match import match_tool

            return match_tool(args)
        return super().tool(name, args)


def short_text(text: str, limit: int = 60) -> str:
    """An event text cut to ``limit`` characters at a word, for one log line."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0] or text[: limit - 1]
    return cut.rstrip(" ,;:.") + "…"


def _card_texts(args: JSON) -> JSON:
    """The ``card_texts`` tool: short event texts by language for the log's picks and discards."""
    ids = args.get("ids")
    items = args.get("deck") or []
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise FormatError("give the card ids as a list of texts")
    if not isinstance(items, list):
        raise FormatError("give the game's 'deck' option (a list; empty for the Swiss deck)")
    try:
        deck = deck_from_options(items)
    except (DeckError, TypeError, ValueError) as err:
        raise FormatError(f"the custom deck is not usable: {err}") from None
    texts: JSON = {}
    for card_id in ids:
        if card_id not in deck:
            raise FormatError(f"the deck has no card {card_id!r}")
        texts[card_id] = {k: short_text(v) for k, v in deck[card_id].texts().items()}
    return {"texts": texts}


GAME = TimelineGame()
