"""Timeline card game: a scenario test for every rule and clarification."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from test_timeline_cards_fixtures import DECK, play, table
from timegames.core import CHANCE, TERMINAL, FormatError, IllegalAction, NotationError
from timegames.timeline_cards.deck import Deck, card_from_dict, correct_gaps, fits
from timegames.timeline_cards.rules import (
    DISCARD,
    DRAW,
    GAME,
    HAND_OVER,
    JUDGE,
    PLACE,
    SPIN,
    START,
    Draw,
    Duel,
    Judge,
    NextCard,
    Place,
    Spin,
    SpinResult,
)


def illegal(state: object, text: str) -> str:
    with pytest.raises(IllegalAction) as err:
        state.play_text(text)  # type: ignore[attr-defined]
    return err.value.rule


# -- setup ---------------------------------------------------------------------------


def test_setup_deals_one_open_card_to_each_player_and_seat_one_starts() -> None:
    state = GAME.new_game({"players": 4, "deck": DECK}, seed=3)
    assert state.current_player() == CHANCE
    for _ in range(4):
        state = state.apply(state.sample_chance())
    assert [len(r) for r in state.rows] == [1, 1, 1, 1]
    assert len({r[0] for r in state.rows}) == 4
    assert state.phase == START and state.current_player() == 0
    assert state.chips == (0, 0, 0, 0)
    assert state.cards_left() == len(DECK) - 4


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players(players: int) -> None:
    state = GAME.new_game({"players": players, "deck": DECK}, seed=1).advance_chance()
    assert len(state.rows) == players


def test_option_checks() -> None:
    with pytest.raises(FormatError, match="3 to 6"):
        GAME.new_game({"players": 2, "super": True, "deck": DECK})
    with pytest.raises(FormatError, match="kids"):
        GAME.new_game({"players": 3, "kids": [True, False], "deck": DECK})
    with pytest.raises(FormatError):
        GAME.new_game({"players": 7, "deck": DECK})
    with pytest.raises(FormatError, match="card 2"):
        GAME.new_game({"deck": [DECK[0], {"id": "x", "text": "no year"}, *DECK[2:]]})


def test_super_version_starts_everyone_with_five_chips() -> None:
    state = GAME.new_game({"players": 3, "super": True, "deck": DECK}, seed=1).advance_chance()
    assert state.chips == (5, 5, 5)


# -- the spinner ------------------------------------------------------------------------


def test_spinner_proportions_are_an_option() -> None:
    state = table([["y1291"], ["y1945"], ["y1798"]])
    spun = state.play(Spin())
    assert spun.current_player() == CHANCE
    odds = {a.symbol: p for a, p in spun.chance_outcomes()}  # type: ignore[attr-defined]
    assert odds == {"question": 0.5, "twice": 0.25, "star": 0.125, "grumpy": 0.125}
    even = table([["y1291"], ["y1945"], ["y1798"]], spinner="even").play(Spin())
    assert {p for _, p in even.chance_outcomes()} == {0.25}


def test_without_the_spinner_every_turn_draws_a_card_to_place() -> None:
    state = table([["y1291"], ["y1945"], ["y1798"]], spinner="off")
    assert state.legal_actions()[0] == NextCard()
    assert illegal(state, "spin") == "no-spinner"
    state = state.play(NextCard())
    assert state.phase == DRAW
    state = state.play(Draw("y1499"))
    assert state.phase == PLACE and state.tries == 1


# -- the "?" ----------------------------------------------------------------------------


def test_right_placement_takes_the_card_and_two_chips_and_the_left_neighbour_goes_next() -> None:
    state = table([["y1291", "y1945"], ["y1798"], ["y1536"]])
    state = play(state, "spin", "spinner question", "card y1848a")
    assert state.phase == PLACE and state.current_player() == 0
    assert [a for a in state.legal_actions()] == [Place(0), Place(1), Place(2)]
    state = play(state, "place 1")
    assert state.rows[0] == ("y1291", "y1848a", "y1945")
    assert state.chips == (2, 0, 0)
    assert state.reveal is not None and state.reveal.kind == "placed"
    assert state.phase == START and state.active == 1


def test_a_gap_outside_the_row_is_refused_naming_the_gaps_there_are() -> None:
    state = table([["y1291", "y1945"], ["y1798"], ["y1536"]])
    state = play(state, "spin", "spinner question", "card y1848a")
    with pytest.raises(IllegalAction) as err:
        state.play_text("place 9")
    assert err.value.rule == "no-gap"
    assert "gap 0 (before your first card) to 2" in err.value.message


def test_the_card_being_placed_shows_its_event_but_never_its_date() -> None:
    state = play(table([["y1291"], ["y1798"], ["y1536"]]), "spin", "spinner question", "card y1971")
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert view["current"] == {
            "category": "history",
            "text": {
                "de": "Ereignis y1971",
                "fr": "Événement y1971",
                "it": "Evento y1971",
                "en": "Event y1971",
            },
        }
        text = json.dumps(view, ensure_ascii=False)
        assert "1971" not in text.replace("Ereignis y1971", "").replace(
            "Événement y1971", ""
        ).replace("Evento y1971", "").replace("Event y1971", "")
        assert "pile" in view and isinstance(view["pile"], int)
        assert view["legal"] == ["place 0", "place 1"]
    # Chance steps list nothing in the view: the pile's cards stay secret.
    assert play(table([["y1291"], ["y1798"], ["y1536"]]), "spin").view(0)["legal"] == []


def test_wrong_placement_passes_to_the_next_player_for_one_chip() -> None:
    state = table([["y1291"], ["y1945"], ["y1536"]])
    state = play(state, "spin", "spinner question", "card y1815", "place 0")
    assert state.current_player() == 1 and state.phase == PLACE
    assert [a.seat for a in state.attempts] == [0]
    state = play(state, "place 0")
    assert state.rows[1] == ("y1815", "y1945")
    assert state.chips == (0, 1, 0)
    assert state.reveal is not None and state.reveal.kind == "follower"
    # The turn passes to the active player's left neighbour, not the follower's.
    assert state.active == 1 and state.phase == START


def test_when_nobody_places_it_the_reader_takes_it_without_a_chip() -> None:
    # Four players: seat 0 places, seats 1 and 2 follow, seat 3 reads and is never asked.
    state = table([["y1291"], ["y1945"], ["y1386"], ["y1536"]])
    state = play(state, "spin", "spinner question", "card y1815", "place 0")
    assert state.current_player() == 1
    state = play(state, "place 1")
    assert state.current_player() == 2
    state = play(state, "place 0")
    assert state.rows[3] == ("y1536", "y1815")
    assert state.chips == (0, 0, 0, 0)
    assert state.reveal is not None and state.reveal.kind == "reader"
    assert state.reveal.seat == 3  # the right-hand neighbour of seat 0
    assert state.active == 1


def test_two_players_the_reader_takes_a_missed_card_at_once() -> None:
    state = table([["y1291"], ["y1945"]])
    state = play(state, "spin", "spinner question", "card y1815", "place 0")
    assert state.rows[1] == ("y1815", "y1945")
    assert state.active == 1 and state.phase == START


# -- star, two tries, grumpy face -------------------------------------------------------


def test_star_places_the_card_correctly_without_a_chip() -> None:
    state = table([["y1291", "y1945"], ["y1798"], ["y1536"]])
    state = play(state, "spin", "spinner star", "card y1848b")
    assert state.rows[0] == ("y1291", "y1848b", "y1945")
    assert state.chips == (0, 0, 0)
    assert state.reveal is not None and state.reveal.kind == "star"
    assert state.active == 1


def test_two_tries_symbol_gives_a_second_try() -> None:
    state = table([["y1291", "y1945"], ["y1798"], ["y1536"]])
    state = play(state, "spin", "spinner twice", "card y1848b")
    assert state.tries == 2
    state = play(state, "place 0")
    assert state.current_player() == 0 and state.tries == 1
    state = play(state, "place 1")
    assert state.chips == (2, 0, 0)
    # Both tries wrong: the card goes round.
    other = play(table([["y1291", "y1945"], ["y1798"], ["y1536"]]), "spin", "spinner twice")
    other = play(other, "card y1848b", "place 0", "place 2")
    assert other.current_player() == 1


def test_grumpy_face_skips_the_turn_and_keeps_small_rows() -> None:
    state = table([["y1291", "y1386", "y1945"], ["y1798"], ["y1536"]])
    state = play(state, "spin", "spinner grumpy")
    assert state.rows[0] == ("y1291", "y1386", "y1945")
    assert state.active == 1 and state.phase == START


def test_grumpy_face_with_more_than_three_cards_removes_one_for_good() -> None:
    state = table([["y1291", "y1386", "y1798", "y1945"], ["y1815"], ["y1536"]])
    state = play(state, "spin", "spinner grumpy")
    assert state.phase == DISCARD and state.current_player() == 0
    assert illegal(state, "discard y1815") == "not-in-row"
    left = state.cards_left()
    state = play(state, "discard y1386")
    assert state.rows[0] == ("y1291", "y1798", "y1945")
    assert state.removed == ("y1386",)
    assert state.cards_left() == left  # it does not go back to the pile
    assert "y1386" not in state.pile()
    assert state.active == 1


# -- duels -------------------------------------------------------------------------------


FOUR = ["y1291", "y1386", "y1798", "y1945"]
THREE = ["y1315", "y1476", "y1882"]


@pytest.mark.parametrize(
    ("rule", "three_ok"), [("more_than_three", False), ("at_least_three", True)]
)
def test_duel_thresholds(rule: str, three_ok: bool) -> None:
    state = table([["y1536"], FOUR, THREE], chips=[4, 0, 0], duel_rule=rule)
    assert (2 in state.duel_targets()) is three_ok
    assert 1 in state.duel_targets()
    if three_ok:
        assert state.play(Duel(2)).phase == "duel_roll"
    else:
        assert illegal(state, "duel p3") == "duel-defender"


def test_duel_costs_two_chips_and_the_attacker_wins_only_on_a_higher_roll() -> None:
    state = table([["y1536"], FOUR, ["y1815"]], chips=[5, 0, 0])
    state = play(state, "duel p2")
    assert state.chips == (3, 0, 0) and state.current_player() == CHANCE
    assert len(state.chance_outcomes()) == 36
    tie = play(state, "roll 4 4")
    assert tie.rows[1] == tuple(FOUR) and tie.phase == START and tie.current_player() == 0
    assert tie.reveal is not None and tie.reveal.kind == "duel_lost"
    # "Cancelled" (French) or "fended off": either way the 2 chips stay in the bank.
    assert tie.chips == (3, 0, 0)
    assert illegal(tie, "duel p2") == "one-duel"
    assert play(state, "roll 2 5").rows[1] == tuple(FOUR)
    won = play(state, "roll 5 4")
    assert won.phase == HAND_OVER and won.current_player() == 1  # the loser chooses
    assert illegal(won, "pick y1536") == "not-in-row"
    won = play(won, "pick y1798")
    assert won.rows[1] == ("y1291", "y1386", "y1945")
    assert won.rows[0] == ("y1536", "y1798")  # the attacker places it, in order
    assert won.chips == (3, 0, 0)
    assert won.phase == START and won.current_player() == 0
    assert won.legal_actions() == [Spin()]  # one duel per turn, then spin


def test_the_winner_chooses_the_card_under_the_option() -> None:
    state = table([["y1536"], FOUR, ["y1815"]], chips=[2, 0, 0], duel_card="attacker")
    state = play(state, "duel p2", "roll 6 1")
    assert state.current_player() == 0
    assert play(state, "pick y1291").rows[0] == ("y1291", "y1536")


def test_duel_needs_two_chips_and_comes_before_the_spin() -> None:
    state = table([["y1536"], FOUR, ["y1815"]], chips=[1, 0, 0])
    assert illegal(state, "duel p2") == "duel-chips"
    spun = play(table([["y1536"], FOUR, ["y1815"]], chips=[2, 0, 0]), "spin")
    assert spun.phase == SPIN
    assert illegal(table([["y1536"], FOUR, ["y1815"]], chips=[2, 0, 0]), "duel p1") == (
        "duel-target"
    )


def test_the_eighth_card_cannot_be_won_in_a_duel() -> None:
    seven = ["y1291", "y1315", "y1386", "y1415", "y1476", "y1499", "y1515"]
    state = table([seven, FOUR, ["y1815"]], chips=[6, 0, 0])
    assert state.duel_targets() == []
    assert illegal(state, "duel p2") == "duel-eighth"
    six = seven[:6]
    assert table([six, FOUR, ["y1815"]], chips=[6, 0, 0]).duel_targets() == [1]


# -- kids rule -----------------------------------------------------------------------------


def test_kids_always_have_two_tries_also_when_following() -> None:
    state = table([["y1291"], ["y1945"], ["y1536"]], kids=[True, True, False])
    state = play(state, "spin", "spinner question", "card y1815")
    assert state.tries == 2
    state = play(state, "place 0")
    assert state.current_player() == 0  # the second try
    state = play(state, "place 0")
    assert state.current_player() == 1 and state.tries == 2
    state = play(state, "place 1", "place 0")
    assert state.chips == (0, 1, 0)


def test_adults_get_one_try() -> None:
    state = table([["y1291"], ["y1945"], ["y1536"]], kids=[False, True, False])
    state = play(state, "spin", "spinner question", "card y1815")
    assert state.tries == 1


# -- the end of a round ----------------------------------------------------------------------


SEVEN = ["y1291", "y1315", "y1386", "y1415", "y1476", "y1499", "y1515"]


def test_the_eighth_card_ends_the_round_and_doubles_the_winners_chips() -> None:
    state = table([SEVEN, ["y1798"], ["y1536"]], chips=[5, 3, 1])
    state = play(state, "spin", "spinner question", "card y1945", "place 7")
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert state.legal_actions() == []
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert state.chips == (7, 3, 1)
    assert state.scores == (14, 3, 1)
    assert outcome.returns == (14.0, 3.0, 1.0)
    assert illegal(state, "spin") == "game-over"


def test_a_follower_can_win_with_the_eighth_card() -> None:
    state = table([["y1536"], SEVEN, ["y1712"]], chips=[0, 4, 0])
    state = play(state, "spin", "spinner question", "card y1945", "place 0", "place 7")
    assert state.outcome() is not None and state.outcome().winners == (1,)  # type: ignore[union-attr]
    assert state.scores == (0, 10, 0)


def test_an_empty_pile_ends_the_round_with_the_most_chips() -> None:
    state = table([["y1291"], ["y1945"]], chips=[3, 1])
    ids = [c["id"] for c in DECK]
    state = replace(state, drawn=tuple(ids))
    assert state.cards_left() == 0
    state = play(state, "spin", "spinner question")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "the pile ran out"
    assert state.scores == (3, 1)  # nobody placed an eighth card: no doubling


def one_card_left(rows: list[list[str]], chips: list[int], last: str, **options: object):  # type: ignore[no-untyped-def]
    """A table whose pile holds only ``last``: every other card is out of the game."""
    state = table(rows, chips=chips, **options)
    laid = {c for row in rows for c in row}
    gone = tuple(c["id"] for c in DECK if c["id"] not in laid and c["id"] != last)
    state = replace(state, removed=gone, drawn=state.drawn + gone)
    assert state.cards_left() == 1
    return state


def test_the_round_ends_with_the_turn_of_the_last_card_before_anyone_can_duel() -> None:
    """The pile runs out: the round ends once that card is dealt with, not at the next spin."""
    four = ["y1291", "y1315", "y1386", "y1415"]
    state = one_card_left([four, ["y1945"], ["y1536"]], [0, 6, 1], "y1798")
    state = play(state, "spin", "spinner question", "card y1798", "place 4")
    # Seat 1 could otherwise challenge seat 0 (four cards, two chips) or spin.
    assert state.is_terminal() and state.legal_actions() == []
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "the pile ran out"
    assert outcome.winners == (1,)
    assert state.scores == (2, 6, 1)  # nobody placed an eighth card: no doubling
    assert illegal(state, "duel p1") == "game-over"


@pytest.mark.parametrize(
    ("moves", "taker"),
    [
        (["spinner star", "card y1798"], 0),
        (["spinner question", "card y1798", "place 0", "place 1"], 2),  # the reader
        (["spinner question", "card y1798", "place 0", "place 0"], 1),  # a follower
    ],
)
def test_the_last_card_ends_the_round_however_it_is_taken(moves: list[str], taker: int) -> None:
    state = one_card_left([["y1291"], ["y1945"], ["y1536"]], [0, 0, 0], "y1798")
    state = play(state, "spin", *moves)
    assert "y1798" in state.rows[taker]
    assert state.outcome() is not None and state.outcome().reason == "the pile ran out"  # type: ignore[union-attr]


def test_a_lost_bet_on_the_last_card_puts_it_back_and_the_round_goes_on() -> None:
    state = one_card_left([ROW3, ["y1536"], ["y1712"]], [5, 5, 5], "y1848b", super=True)
    state = play(state, "spin", "spinner question", "card y1848b", "place 1 bet 1", "pass", "pass")
    assert not state.is_terminal() and state.phase == START
    assert state.cards_left() == 1 and state.bottom == ("y1848b",)


# -- the super version ------------------------------------------------------------------------


ROW3 = ["y1291", "y1798", "y1945"]


def super_table(chips: list[int], rows: list[list[str]] | None = None, **options: object):  # type: ignore[no-untyped-def]
    rows = rows or [ROW3, ["y1536"], ["y1712"]]
    state = table(rows, chips=chips, super=True, **options)
    return play(state, "spin", "spinner question", "card y1848b")


def test_bets_need_three_cards_and_at_most_three_chips() -> None:
    state = super_table([5, 5, 5])
    assert state.stake_allowed() == 3
    assert Place(2, 3) in state.legal_actions()
    assert illegal(state, "place 2 bet 4") == "bet-size"
    poor = super_table([2, 5, 5])
    assert poor.stake_allowed() == 2
    short = super_table([5, 5, 5], rows=[["y1291", "y1945"], ["y1536"], ["y1712"]])
    assert short.stake_allowed() == 0
    assert illegal(short, "place 1 bet 1") == "bet-not-now"
    classic = play(table([ROW3, ["y1536"], ["y1712"]], chips=[5, 0, 0]), "spin")
    classic = play(classic, "spinner question", "card y1848b")
    assert illegal(classic, "place 2 bet 1") == "no-bets"


def test_bets_are_on_the_fourth_card_by_default_and_any_card_is_a_variant() -> None:
    """All three languages: once three cards lie, a bet on the *fourth* card."""
    assert GAME.normalise_options({})["bet_cards"] == "fourth"
    four = [*ROW3, "y2016"]
    printed = super_table([5, 5, 5], rows=[four, ["y1536"], ["y1712"]])
    assert printed.stake_allowed() == 0
    assert illegal(printed, "place 2 bet 1") == "bet-not-now"
    assert super_table([5, 5, 5]).stake_allowed() == 3
    variant = super_table([5, 5, 5], rows=[four, ["y1536"], ["y1712"]], bet_cards="any")
    assert variant.stake_allowed() == 3
    assert Place(2, 1) in variant.legal_actions()


def test_right_bet_pays_card_two_chips_and_the_stake_doubled_and_judges_are_paid() -> None:
    state = super_table([5, 5, 5])
    state = play(state, "place 2 bet 3")
    assert state.phase == JUDGE and state.current_player() == 1
    assert state.chips == (2, 5, 5)  # the stake lies on the board
    state = play(state, "judge correct")
    assert state.current_player() == 2
    state = play(state, "judge later")
    assert state.rows[0] == ("y1291", "y1798", "y1848b", "y1945")
    # 5 - 3 + 2 + 2*3 = 10; right "correct" +1; unfounded doubt -1.
    assert state.chips == (10, 6, 4)
    assert state.reveal is not None and state.reveal.kind == "bet_won"
    assert state.reveal.deltas == (5, 1, -1)
    assert state.active == 1


def test_wrong_bet_loses_the_stake_and_the_card_goes_under_the_pile() -> None:
    state = super_table([5, 5, 5])
    state = play(state, "place 1 bet 2", "judge correct", "judge later")
    # y1848b belongs after y1798, so "later" was the right doubt (+2); "correct" pays 1.
    assert state.chips == (3, 4, 7)
    assert state.rows == (tuple(ROW3), ("y1536",), ("y1712",))  # nobody gets the card
    assert state.bottom == ("y1848b",)
    assert state.active == 1 and state.phase == START
    assert state.reveal is not None and state.reveal.kind == "bet_lost"
    # The card comes back only once the rest of the pile is drawn.
    spun = play(state, "spin", "spinner question")
    assert Draw("y1848b") not in spun.legal_actions()
    everything = [c["id"] for c in DECK]
    empty = replace(state, drawn=tuple(everything))
    spun = play(empty, "spin", "spinner question")
    assert spun.chance_outcomes() == [(Draw("y1848b"), 1.0)]


def test_a_lost_bets_card_stays_revealed_and_comes_back_open() -> None:
    """Settling the judges showed everyone the date: the state and every view keep it."""
    state = super_table([5, 5, 5])
    state = play(state, "place 1 bet 2", "judge correct", "judge later")
    assert state.revealed == ("y1848b",)
    assert [c["label"] for c in state.view(1)["revealed"]] == ["1848-09-12"]
    assert state.view(None)["revealed"] == state.view(0)["revealed"]
    # The rest of the pile gone, the card comes back with its date showing.
    rest = tuple(c["id"] for c in DECK if c["id"] not in state.drawn)
    state = replace(state, drawn=state.drawn + rest, removed=rest)
    state = play(state, "spin", "spinner question", "card y1848b")
    assert state.phase == PLACE and state.current == "y1848b"
    assert state.view(2)["current"]["label"] == "1848-09-12"
    # Lost again, it is still revealed once.
    state = play(state, "place 0")
    assert state.revealed == ("y1848b",)


def test_a_card_never_turned_over_is_not_revealed() -> None:
    state = super_table([5, 5, 5])
    state = play(state, "place 1")  # no stake: a wrong try shows no date
    assert state.revealed == () and state.view(1)["revealed"] == []
    assert "year" not in state.view(1)["current"]


def test_a_lost_bet_leaves_three_cards_so_the_player_may_bet_again() -> None:
    state = super_table([5, 5, 5])
    state = play(state, "place 1 bet 2", "judge correct", "judge later")
    assert len(state.rows[0]) == 3 and state.active == 1
    # Seats 1 and 2 spin the grumpy face (their rows are too short to lose a card).
    state = play(state, "spin", "spinner grumpy", "spin", "spinner grumpy")
    assert state.active == 0
    state = play(state, "spin", "spinner question")
    state = state.apply(state.chance_outcomes()[0][0])
    assert state.stake_allowed() == 3


def test_a_doubt_on_a_wrong_placement_wins_even_on_the_wrong_side() -> None:
    """Only a groundless doubt costs a chip; the placement was wrong, so the doubt was founded."""
    state = super_table([5, 5, 5])
    # y1848b belongs later than gap 1; "earlier" names the wrong side.
    state = play(state, "place 1 bet 1", "judge earlier", "judge later")
    assert state.chips == (4, 7, 7)
    assert state.reveal is not None and state.reveal.deltas == (-1, 2, 2)


def test_french_variant_a_doubt_on_the_wrong_side_neither_wins_nor_pays() -> None:
    state = super_table([5, 5, 5], doubt_rule="side")
    state = play(state, "place 1 bet 1", "judge earlier", "judge later")
    assert state.chips == (4, 5, 7)


def test_a_groundless_doubt_pays_a_chip_under_both_readings() -> None:
    for rule in ("founded", "side"):
        state = super_table([5, 5, 5], doubt_rule=rule)
        state = play(state, "place 2 bet 1", "judge earlier", "judge later")
        assert state.chips == (5 - 1 + 2 + 2, 4, 4), rule


def test_right_doubt_earlier_wins_two() -> None:
    state = super_table([5, 5, 5])
    state = play(state, "place 3 bet 1", "pass", "judge earlier")
    assert state.chips == (4, 5, 7)


def test_a_player_without_chips_may_judge_and_owes_a_wrong_judgement() -> None:
    state = super_table([5, 0, 1])
    state = play(state, "place 1 bet 1")
    assert state.current_player() == 1  # no chips, but judging is allowed
    state = play(state, "judge correct", "judge correct")
    # The placement was wrong: both judges pay; seat 1 now owes one chip.
    assert state.chips == (4, -1, 0)


def test_a_player_in_debt_sits_out_and_pays_the_debt_from_the_next_win() -> None:
    state = super_table([5, -1, 0])
    state = play(state, "place 2 bet 1")
    assert state.judges() == [2] and state.current_player() == 2
    state = play(state, "judge correct")
    assert state.chips == (5 - 1 + 2 + 2, -1, 1)
    # Seat 1's turn: in debt, it can neither duel nor stake.
    assert state.active == 1 and state.duel_targets() == []


def test_a_debt_is_not_doubled_for_the_winner() -> None:
    seven = ["y1291", "y1315", "y1386", "y1476", "y1515", "y1798", "y1945"]
    state = table([seven, ["y1536"], ["y1712"]], chips=[-1, 5, 5], super=True)
    state = play(state, "spin", "spinner star", "card y2016")
    assert state.outcome() is not None and state.outcome().winners == (0,)  # type: ignore[union-attr]
    assert state.scores == (-1, 5, 5)


def test_variant_only_players_with_a_chip_judge_and_nobody_goes_below_zero() -> None:
    state = super_table([5, 0, 1], broke_judges="sit_out")
    state = play(state, "place 1 bet 1")
    assert state.current_player() == 2  # seat 1 has nothing to pay with
    state = play(state, "judge correct")
    assert state.chips == (4, 0, 0)


def test_a_won_bet_pays_the_stake_back_doubled_or_under_the_italian_reading_plus_double() -> None:
    printed = play(super_table([5, 5, 5]), "place 2 bet 2", "pass", "pass")
    assert printed.chips == (5 - 2 + 2 + 4, 5, 5)
    italian = play(super_table([5, 5, 5], bet_payout="win_double"), "place 2 bet 2", "pass", "pass")
    assert italian.chips == (5 - 2 + 2 + 6, 5, 5)
    assert italian.reveal is not None and italian.reveal.deltas == (6, 0, 0)


def test_no_bet_on_a_second_try_or_by_a_follower() -> None:
    state = table([ROW3, ["y1536", "y1798", "y1971"], ["y1712"]], chips=[5, 5, 5], super=True)
    state = play(state, "spin", "spinner twice", "card y1848b")
    assert state.stake_allowed() == 3
    state = play(state, "place 0")
    assert state.stake_allowed() == 0
    state = play(state, "place 0")
    assert state.current_player() == 1 and state.stake_allowed() == 0
    assert illegal(state, "place 2 bet 1") == "bet-not-now"


def test_judging_without_a_bet_is_refused() -> None:
    state = super_table([5, 5, 5])
    assert illegal(state, "judge correct") == "no-judging"


# -- placement arithmetic ------------------------------------------------------------------------


def _cards(*ids: str) -> list:  # type: ignore[type-arg]
    deck = Deck(card_from_dict(c, i + 1) for i, c in enumerate(DECK))
    return [deck[i] for i in ids]


def test_same_year_cards_without_dates_may_lie_either_way() -> None:
    a, b = _cards("y1900a", "y1900b")
    assert fits([a], 0, b) and fits([a], 1, b)
    assert list(correct_gaps([a], b)) == [0, 1]


def test_finer_dates_decide_between_same_year_cards() -> None:
    march, september = _cards("y1848a", "y1848b")
    assert fits([march], 1, september) and not fits([march], 0, september)
    assert list(correct_gaps([march], september)) == [1]


# -- notation and serialisation --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "spin",
        "draw",
        "duel p2",
        "pick y1291",
        "discard y1291",
        "place 0",
        "place 3 bet 2",
        "judge correct",
        "judge earlier",
        "judge later",
        "pass",
        "card y1291",
        "spinner question",
        "spinner grumpy",
        "roll 6 1",
    ],
)
def test_notation_round_trips(text: str) -> None:
    assert GAME.action_to_text(GAME.parse_action(text)) == text


@pytest.mark.parametrize(
    "text", ["", "place", "place -1", "place 2 bet 0", "duel 2", "roll 7 1", "judge maybe", "x"]
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_action(text)


def test_state_round_trips_through_plain_json_with_a_custom_deck() -> None:
    state = super_table([5, 5, 5])
    state = play(state, "place 1 bet 2")
    data = json.loads(json.dumps(state.to_dict()))
    assert GAME.from_dict(data) == state
    assert data["rows"][0] == ROW3
    assert len(data["options"]["deck"]) == len(DECK)
    with pytest.raises(FormatError):
        GAME.from_dict({**data, "rows": [["nope"], [], []]})


def test_revealed_cards_are_saved_and_an_older_save_without_them_still_loads() -> None:
    state = super_table([5, 5, 5])
    state = play(state, "place 1 bet 2", "judge correct", "judge later")
    data = json.loads(json.dumps(state.to_dict()))
    assert data["revealed"] == ["y1848b"]
    assert GAME.from_dict(data) == state
    # Saved before 'revealed' existed: the cards under the pile were the ones shown.
    older = {k: v for k, v in data.items() if k != "revealed"}
    assert GAME.from_dict(older) == state


def _lost_bet_save() -> dict[str, Any]:
    state = super_table([5, 5, 5])
    state = play(state, "place 1 bet 2", "judge correct", "judge later")
    return json.loads(json.dumps(state.to_dict()))  # type: ignore[no-any-return]


def _extend_row(data: dict[str, Any], seat: int, cards: list[str]) -> None:
    data["rows"][seat].extend(cards)
    data["drawn"].extend(cards)


BROKEN_SAVES = [
    ("chips for two of three", lambda d: d.update(chips=[1, 2]), "chip counts"),
    ("a debt of two", lambda d: d.update(chips=[-2, 5, 5]), "chip counts"),
    ("unknown phase", lambda d: d.update(phase="bogus"), "unknown phase"),
    ("actor not seated", lambda d: d.update(actor=9), "one of the 3 seats"),
    ("negative active", lambda d: d.update(active=-5), "one of the 3 seats"),
    ("a card in two rows", lambda d: d["rows"][1].append(d["rows"][0][0]), "one place"),
    ("an undrawn card in a row", lambda d: d["rows"][1].append("y2016"), "one place"),
    ("a card drawn twice", lambda d: d["drawn"].append(d["drawn"][0]), "one place"),
    ("a drawn card nowhere", lambda d: d["drawn"].append("y2016"), "one place"),
    ("unknown spinner symbol", lambda d: d.update(spin="bogus"), "spinner symbol"),
    (
        "a row of nine",
        lambda d: _extend_row(d, 0, ["y1315", "y1386", "y1415", "y1476", "y1499", "y1515"]),
        "at most 8",
    ),
    ("placing without a card", lambda d: d.update(phase="place"), "being placed"),
    ("a duel without duellists", lambda d: d.update(phase="duel_roll"), "duel"),
    ("over without a result", lambda d: d.update(phase="over"), "result"),
    ("a stake of seven", lambda d: d.update(stake=7), "stake"),
    ("a die of seven", lambda d: d.update(dice=[7, 1]), "1 to 6"),
    ("an unknown call", lambda d: d.update(judgements=[[1, "maybe"]]), "judgement"),
    ("an undrawn card revealed", lambda d: d.update(revealed=["y2016"]), "revealed"),
    ("an unknown reveal", lambda d: d["reveal"].update(kind="bogus"), "reveal"),
    ("a reveal for two", lambda d: d["reveal"].update(deltas=[0, 0]), "reveal"),
    ("a judge not seated", lambda d: d["reveal"].update(judgements=[[5, "later"]]), "judgement"),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [(change, message) for _, change, message in BROKEN_SAVES],
    ids=[name for name, _, _ in BROKEN_SAVES],
)
def test_an_impossible_saved_state_is_refused_with_a_reason(
    change: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = _lost_bet_save()
    assert GAME.from_dict(data).to_dict() == data
    change(data)
    with pytest.raises(FormatError, match=message):
        GAME.from_dict(data)


@pytest.mark.parametrize(
    "options", [{"players": 3}, {"players": 4, "super": True, "kids": [True, False, False, True]}]
)
def test_every_position_of_played_rounds_loads_again(options: dict[str, object]) -> None:
    """The checks refuse no position the rules reach (duels, the grumpy face, bets...)."""
    rng = random.Random(5)
    for seed in range(4):
        state = GAME.new_game({**options, "deck": DECK}, seed)
        while True:
            data = json.loads(json.dumps(state.to_dict()))
            assert GAME.from_dict(data) == state
            if state.is_terminal():
                break
            action = (
                state.sample_chance() if state.is_chance() else rng.choice(state.legal_actions())
            )
            state = state.play(action)


def test_a_packaged_deck_state_stores_no_cards_in_its_options() -> None:
    state = GAME.new_game({}, seed=0).advance_chance()
    data = state.to_dict()
    assert data["options"]["deck"] == []
    assert len(json.dumps(data)) < 3000


def test_view_lists_gaps_with_their_neighbours_and_bet_actions() -> None:
    state = super_table([5, 5, 5])
    gaps = state.view(0)["gaps"]
    assert [g["gap"] for g in gaps] == [0, 1, 2, 3]
    assert gaps[0]["after"] is None and gaps[0]["before"] == "1291"
    assert gaps[2] == {
        "gap": 2,
        "after": "1798",
        "before": "1945",
        "action": "place 2",
        "bets": ["place 2 bet 1", "place 2 bet 2", "place 2 bet 3"],
    }
    assert state.view(0)["rows"][0][0]["year"] == 1291


def test_reveal_in_the_view_shows_year_explanation_and_chip_changes() -> None:
    state = super_table([5, 5, 5])
    state = play(state, "place 2 bet 1", "judge later", "judge correct")
    reveal = state.view(None)["reveal"]
    assert reveal["kind"] == "bet_won"
    assert reveal["card"]["year"] == 1848 and reveal["card"]["date"] == "1848-09-12"
    assert reveal["card"]["explanation"]["en"] == "Explained y1848b"
    assert reveal["deltas"] == [3, -1, 1]
    assert reveal["judgements"] == [{"seat": 1, "call": "later"}, {"seat": 2, "call": "correct"}]


def test_illegal_actions_name_the_rule() -> None:
    state = table([["y1291"], ["y1945"], ["y1536"]])
    assert illegal(state, "place 0") == "no-card"
    assert illegal(state, "card y1291") == "not-chance"
    spun = play(state, "spin")
    assert illegal(spun, "spinner sun") == "notation"
    assert spun.illegal_reason(Judge("correct")) is not None
    assert spun.illegal_reason(SpinResult("star")) is None
