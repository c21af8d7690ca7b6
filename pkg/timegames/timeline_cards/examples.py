"""Live examples for the rules page: real games from seed 0 that reach each rule.

Time Vectors freezes its example move lists; Timeline cannot, because its
moves name cards (``card history-017``) and the deck is data that may grow
or be corrected.  So each example is *directed*: a small scripted policy
plays a new game from seed 0 (every chance step is the seed's own) and
steers the players' choices until the rule shows up, for instance placing
every card right until the spinner's star comes up.  The move list is
computed once per deck and is an ordinary record that replays exactly.

Examples that need the super version carry ``"options"``; every other
example plays with the default options.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core.protocol import JSON
from .deck import correct_gaps
from .rules import (
    DISCARD,
    GAME,
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

MAX_STEPS = 3000
SUPER_OPTIONS: JSON = {"players": 3, "super": True}

Chooser = Callable[[TimelineState], Action]
Goal = Callable[[TimelineState, TimelineState], bool]


def _right_gap(state: TimelineState, seat: int) -> int:
    assert state.current is not None
    return correct_gaps(state.row_cards(seat), state.deck[state.current])[0]


def _wrong_gap(state: TimelineState, seat: int) -> int | None:
    assert state.current is not None
    right = correct_gaps(state.row_cards(seat), state.deck[state.current])
    wrong = [g for g in range(len(state.rows[seat]) + 1) if g not in right]
    return wrong[0] if wrong else None


def _steady(state: TimelineState) -> Action:
    """Spin, place right, give up the first card: a plain game toward the goal."""
    if state.phase == START:
        return Spin() if state.settings.spinner != "off" else NextCard()
    if state.phase == PLACE:
        return Place(_right_gap(state, state.actor))
    if state.phase == HAND_OVER:
        assert state.duel is not None
        return Pick(state.rows[state.duel[1]][0])
    if state.phase == DISCARD:
        return Discard(state.rows[state.active][0])
    if state.phase == JUDGE:
        return Judge(None)
    return state.legal_actions()[0]


def _passing(state: TimelineState) -> Action:
    """The active player misses once; the others place right."""
    if state.phase == PLACE and state.actor == state.active and state.spin == "question":
        wrong = _wrong_gap(state, state.actor)
        if wrong is not None:
            return Place(wrong)
    return _steady(state)


def _nobody(state: TimelineState) -> Action:
    """Everyone misses the card, so the reader takes it."""
    if state.phase == PLACE and state.spin == "question":
        wrong = _wrong_gap(state, state.actor)
        if wrong is not None and all(
            _wrong_gap(state, s) is not None for s in [state.active, *state.followers()]
        ):
            return Place(wrong)
    return _steady(state)


def _second_try(state: TimelineState) -> Action:
    """On two tries, the first is wrong and the second right."""
    if state.phase == PLACE and state.spin == "twice" and not state.attempts:
        wrong = _wrong_gap(state, state.actor)
        if wrong is not None:
            return Place(wrong)
    return _steady(state)


def _dueller(state: TimelineState) -> Action:
    """Challenge the biggest row whenever a duel is possible."""
    if state.phase == START:
        targets = state.duel_targets()
        if targets:
            return Duel(max(targets, key=lambda t: (len(state.rows[t]), -t)))
    return _steady(state)


def _better(win: bool) -> Chooser:
    """Super version: stake 2 on a right (or a wrong) gap; the judges split."""

    def choose(state: TimelineState) -> Action:
        if state.phase == PLACE and state.stake_allowed() >= 2:
            gap = _right_gap(state, state.actor) if win else _wrong_gap(state, state.actor)
            if gap is not None:
                return Place(gap, 2)
        if state.phase == JUDGE and state.current is not None and state.bet_gap is not None:
            row = state.row_cards(state.active)
            right = correct_gaps(row, state.deck[state.current])
            truth = (
                "correct"
                if state.bet_gap in right
                else ("earlier" if state.bet_gap > right[-1] else "later")
            )
            first = not state.judgements
            if win:
                # One judge agrees (and wins a chip), one doubts (and pays one).
                return Judge("correct" if first else "earlier")
            # One judge agrees (and pays), one doubts in the right direction (+2).
            return Judge("correct" if first else truth)
        return _steady(state)

    return choose


def _reveal(kind: str) -> Goal:
    def done(before: TimelineState, after: TimelineState) -> bool:
        r = after.reveal
        return r is not None and r is not before.reveal and r.kind == kind

    return done


def _grumpy_discard(before: TimelineState, after: TimelineState) -> bool:
    r = after.reveal
    return r is not None and r is not before.reveal and r.kind == "grumpy" and r.card is not None


def _placed_on(symbol: str) -> Goal:
    def done(before: TimelineState, after: TimelineState) -> bool:
        r = after.reveal
        fresh = r is not None and r is not before.reveal and r.kind == "placed"
        return fresh and before.spin == symbol and bool(before.attempts) == (symbol == "twice")

    return done


def _bet_with_two_judges(kind: str) -> Goal:
    def done(before: TimelineState, after: TimelineState) -> bool:
        r = after.reveal
        fresh = r is not None and r is not before.reveal and r.kind == kind
        return fresh and r is not None and len(r.judgements) == 2

    return done


def _direct(options: JSON, choose: Chooser, goal: Goal) -> list[str] | None:
    """The moves of a game from seed 0 played by ``choose`` until ``goal``; ``None`` if never."""
    state = GAME.new_game(options, 0)
    moves: list[str] = []
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return None
        action = state.sample_chance() if state.is_chance() else choose(state)
        moves.append(GAME.action_to_text(action))
        after = state.apply(action)
        if goal(state, after):
            return moves
        state = after
    return None


_SPECS: tuple[tuple[str, str, str, JSON, Chooser, Goal], ...] = (
    (
        "placement",
        "A right placement",
        "The spinner shows '?'; the active player marks a gap in their row, the card is "
        "revealed with its year and explanation, and the placement is right: the card "
        "and two chips.",
        {},
        _steady,
        _placed_on("question"),
    ),
    (
        "passed_on",
        "A wrong placement, passed on",
        "The active player marks the wrong gap. The next player tries the same card in "
        "their own row, gets it right and takes it with one chip.",
        {},
        _passing,
        _reveal("follower"),
    ),
    (
        "nobody",
        "Nobody gets it: the reader takes it",
        "The active player and every following player miss. The reader, on the active "
        "player's right, puts the card into their row without a chip.",
        {},
        _nobody,
        _reveal("reader"),
    ),
    (
        "twice",
        "Spinner: two tries",
        "The spinner stops on the two-tries symbol. The first try is wrong, the second "
        "right: the card and two chips.",
        {},
        _second_try,
        _placed_on("twice"),
    ),
    (
        "star",
        "Spinner: the star",
        "The star gives the player the next card, put straight into its right place, "
        "without a chip.",
        {},
        _steady,
        _reveal("star"),
    ),
    (
        "grumpy",
        "Spinner: the grumpy face",
        "The grumpy face skips the turn, and the player, who has more than three cards, "
        "takes one of them out of the game for good.",
        {},
        _steady,
        _grumpy_discard,
    ),
    (
        "duel",
        "A duel won",
        "Before spinning, the active player pays two chips and challenges a player with "
        "more than three cards. The attacker rolls higher; the loser hands over a card, "
        "which goes into the attacker's row. Then the attacker spins as usual.",
        {},
        _dueller,
        _reveal("duel_won"),
    ),
    (
        "bet",
        "Super version: a bet and two judgements",
        "With three cards down, the active player stakes two chips on the placement. "
        "One player judges it 'correct', one 'earlier'. The placement is right: the "
        "card, two chips and the stake back doubled; the 'correct' judge wins a chip, "
        "the doubter pays one.",
        SUPER_OPTIONS,
        _better(True),
        _bet_with_two_judges("bet_won"),
    ),
    (
        "bet_lost",
        "Super version: a lost bet",
        "The stake is on the wrong gap. The player loses it and the card goes under the "
        "pile. The judge who agreed pays a chip; the judge who said in which direction "
        "the card belongs wins two.",
        SUPER_OPTIONS,
        _better(False),
        _bet_with_two_judges("bet_lost"),
    ),
)

_CACHE: dict[tuple[str, ...], list[JSON]] = {}


def examples() -> list[JSON]:
    """Every example the current deck allows, computed once per deck."""
    try:
        deck = GAME.settings_from(GAME.normalise_options({})).cards
    except (ValueError, KeyError):
        return []
    key = deck.ids
    if key not in _CACHE:
        _CACHE[key] = _build()
    return [dict(e) for e in _CACHE[key]]


def _build() -> list[JSON]:
    found: list[JSON] = []
    for key, title, caption, options, choose, goal in _SPECS:
        try:
            moves = _direct(options, choose, goal)
        except (ValueError, KeyError):
            moves = None
        if moves is None:
            continue
        entry: JSON = {
            "key": key,
            "title": title,
            "caption": caption,
            "moves": moves,
            "highlight": _highlight(options, moves),
        }
        if options:
            entry["options"] = dict(options)
        found.append(entry)
    return found


def _highlight(options: JSON, moves: Sequence[str]) -> list[Any]:
    """The card the example is about (the last card drawn or moved)."""
    for text in reversed(moves):
        head, _, rest = text.partition(" ")
        if head in ("card", "pick", "discard"):
            return [rest]
    return []
