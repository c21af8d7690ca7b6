"""Time Vectors rules, one scenario per rule of the manual and per variant."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import pytest
from timegames.core import TERMINAL, FormatError, GameRecord, IllegalAction, RecordError, Seat
from timegames.time_vectors import GAME, TimeVectorsState
from timegames.time_vectors import board as B
from timegames.time_vectors.rules import EMPTY, Place

AMBER, TEAL, VIOLET = 0, 1, 2

ROW = ["NW1a2", "NW1b2", "NW1c2", "NW1d2"]
"""A dimension-1 vector."""
TIME_ROW = ["NW3d1", "NE3c1", "SE3b1", "SW3a1"]
"""A vector of dimensions 1 and 4 (figure 11 on tier 3)."""
FAR = ["SE4a4", "SE4b4", "SE4a3", "SE4b3", "SE4c4", "SE4c3", "SE4d1", "SE4a1"]
"""Harmless moves: no three of them share a vector with ROW or TIME_ROW."""


def new(**options: Any) -> TimeVectorsState:
    return GAME.new_game(options, 0)


def play(moves: Iterable[str], state: TimeVectorsState | None = None, **options: Any) -> Any:
    """Play ``moves`` through the checked path from a new game (or ``state``)."""
    current: Any = state if state is not None else new(**options)
    for move in moves:
        current = current.play_text(move)
    return current


def interleave(first: list[str], second: list[str]) -> list[str]:
    """first[0], second[0], first[1], ..., ending with the last of ``first``."""
    moves: list[str] = []
    for i, point in enumerate(first):
        if i:
            moves.append(second[i - 1])
        moves.append(point)
    return moves


def colour_at(state: TimeVectorsState, point: str) -> int:
    return state.cells[B.index(point)]


# -- placing and winning ---------------------------------------------------------------


def test_players_alternate_one_token_each() -> None:
    state = new()
    assert state.current_player() == 0
    state = play(["SW1a1"], state)
    assert colour_at(state, "SW1a1") == AMBER
    assert state.current_player() == 1
    state = play(["SW1a2"], state)
    assert colour_at(state, "SW1a2") == TEAL
    assert state.current_player() == 0


def test_a_vector_need_not_be_built_in_order() -> None:
    order = [ROW[2], ROW[0], ROW[3], ROW[1]]
    state = play(interleave(order, FAR))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.returns == (1.0, -1.0)
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []
    assert sorted(B.name(p) for p in state.winning_line) == sorted(ROW)


def test_three_in_a_line_does_not_win() -> None:
    state = play(interleave(ROW[:3], FAR))
    assert not state.is_terminal()


def test_the_second_player_wins_with_a_time_vector() -> None:
    state = play([*interleave(FAR[:4], TIME_ROW), TIME_ROW[3]])
    assert state.outcome() is not None
    assert state.outcome().winners == (1,)
    assert state.outcome().returns == (-1.0, 1.0)


def test_a_mixed_colour_line_wins_for_nobody() -> None:
    # Amber holds three of the row, Teal the fourth: no winner.
    moves = interleave([ROW[0], ROW[1], ROW[2], "SE1d4"], [ROW[3], "SW2a1", "SW2b4"])
    state = play(moves)
    assert not state.is_terminal()


def test_occupied_point_is_refused() -> None:
    state = play(["SW1a1"])
    action = GAME.parse_action("SW1a1")
    problem = state.illegal_reason(action)
    assert problem is not None
    assert problem.rule == "occupied"
    assert "SW1a1" in problem.message
    with pytest.raises(IllegalAction) as err:
        state.play(action)
    assert err.value.rule == "occupied"


def test_no_move_after_the_game_is_over() -> None:
    state = play(interleave(ROW, FAR))
    with pytest.raises(IllegalAction) as err:
        state.play_text("SE2a1")
    assert err.value.rule == "game-over"


# -- teams and colours -------------------------------------------------------------------


def seats_and_colours(state: TimeVectorsState, moves: list[str]) -> list[tuple[int, int]]:
    """(seat that moved, colour it placed) for each move."""
    seen = []
    for move in moves:
        seat = state.current_player()
        state = state.play_text(move)
        seen.append((seat, colour_at(state, move)))
    return seen


def test_teams_of_two_rotate_team_1a_team_2a_team_1b_team_2b() -> None:
    options = {"team_size": 2}
    assert GAME.seat_labels(GAME.normalise_options(options)) == [
        "Amber A",
        "Teal A",
        "Amber B",
        "Teal B",
    ]
    seen = seats_and_colours(new(**options), FAR[:8])
    assert seen == [(0, 0), (1, 1), (2, 0), (3, 1)] * 2


def test_teams_of_three_add_player_c_in_the_same_sequence() -> None:
    options = {"team_size": 3}
    labels = GAME.seat_labels(GAME.normalise_options(options))
    assert labels == ["Amber A", "Teal A", "Amber B", "Teal B", "Amber C", "Teal C"]
    seen = seats_and_colours(new(**options), FAR[:7])
    assert [seat for seat, _ in seen] == [0, 1, 2, 3, 4, 5, 0]
    assert [colour for _, colour in seen] == [0, 1, 0, 1, 0, 1, 0]


def test_team_members_share_a_colour_and_win_together() -> None:
    # Amber A (seat 0) and Amber B (seat 2) build one vector between them.
    state = play(interleave(ROW, FAR), team_size=2)
    assert state.outcome() is not None
    assert state.outcome().winners == (0, 2)
    assert state.outcome().returns == (1.0, -1.0, 1.0, -1.0)


def test_three_colours_take_turns_and_the_third_can_win() -> None:
    assert GAME.seat_labels(GAME.normalise_options({"colours": 3})) == ["Amber", "Teal", "Violet"]
    state = new(colours=3)
    seen = seats_and_colours(state, FAR[:6])
    assert seen == [(0, 0), (1, 1), (2, 2)] * 2
    moves: list[str] = []
    for i in range(4):
        moves += [FAR[2 * i], FAR[2 * i + 1], TIME_ROW[i]]
    state = play(moves, colours=3)
    assert state.outcome() is not None
    assert state.outcome().winners == (2,)
    assert state.outcome().returns == (-1.0, -1.0, 1.0)


def test_three_colours_in_teams() -> None:
    state = new(colours=3, team_size=2)
    seen = seats_and_colours(state, FAR[:6])
    assert seen == [(0, 0), (1, 1), (2, 2), (3, 0), (4, 1), (5, 2)]


# -- the first-move swap -------------------------------------------------------------------


def test_swap_replaces_the_first_token_and_the_first_player_moves_again() -> None:
    state = play(["NE2b2"], opening="swap")
    assert GAME.parse_action("swap") in state.legal_actions()
    state = state.play_text("swap")
    assert colour_at(state, "NE2b2") == TEAL
    assert sum(1 for c in state.cells if c != EMPTY) == 1
    assert state.current_player() == 0
    state = state.play_text("SW1a1")
    assert colour_at(state, "SW1a1") == AMBER
    assert state.current_player() == 1


def test_swap_only_as_the_second_players_first_move() -> None:
    start = new(opening="swap")
    problem = start.illegal_reason(GAME.parse_action("swap"))
    assert problem is not None and problem.rule == "swap-first-reply-only"
    later = play(["NE2b2", "SW1a1", "SE3c3"], opening="swap")
    problem = later.illegal_reason(GAME.parse_action("swap"))
    assert problem is not None and problem.rule == "swap-first-reply-only"
    # After a swap the first player may not swap back.
    swapped = play(["NE2b2", "swap"], opening="swap")
    assert swapped.illegal_reason(GAME.parse_action("swap")) is not None


def test_swap_needs_the_option() -> None:
    state = play(["NE2b2"])
    problem = state.illegal_reason(GAME.parse_action("swap"))
    assert problem is not None and problem.rule == "swap-first-reply-only"
    assert GAME.parse_action("swap") not in state.legal_actions()


def test_swap_in_a_team_game_passes_on_to_team_1_player_b() -> None:
    # Clarification: in a team game the swap is Teal A's first move, and the
    # rotation carries on with Amber B.
    state = play(["NE2b2", "swap"], opening="swap", team_size=2)
    assert colour_at(state, "NE2b2") == TEAL
    assert state.current_player() == 2


# -- three-move equalization (3MEQ) ----------------------------------------------------------


def test_3meq_first_player_places_two_of_one_colour_and_one_of_the_other() -> None:
    state = new(opening="3meq")
    for point in ("NW1a1", "NE2b2", "SE3c3"):
        assert state.current_player() == 0
        state = state.play_text(point)
    assert [colour_at(state, p) for p in ("NW1a1", "NE2b2", "SE3c3")] == [AMBER, AMBER, TEAL]
    assert state.current_player() == 1
    assert {GAME.action_to_text(a) for a in state.legal_actions()} == {"pair", "single"}
    problem = state.illegal_reason(GAME.parse_action("SW1a1"))
    assert problem is not None and problem.rule == "must-choose"


def test_3meq_choosing_the_pair_gives_the_opener_the_single_colour_and_the_move() -> None:
    state = play(["NW1a1", "NE2b2", "SE3c3", "pair"], opening="3meq")
    assert state.current_player() == 0
    assert state.colour_of(1) == AMBER, "the chooser plays the colour with two tokens"
    assert state.colour_of(0) == TEAL
    state = state.play_text("SW4d4")
    assert colour_at(state, "SW4d4") == TEAL
    assert state.current_player() == 1
    state = state.play_text("SW4d3")
    assert colour_at(state, "SW4d3") == AMBER


def test_3meq_choosing_the_single_token_moves_now() -> None:
    state = play(["NW1a1", "NE2b2", "SE3c3", "single"], opening="3meq")
    assert state.current_player() == 1
    assert state.colour_of(1) == TEAL
    assert state.colour_of(0) == AMBER
    state = state.play_text("SW4d4")
    assert colour_at(state, "SW4d4") == TEAL
    assert state.current_player() == 0


def test_3meq_choice_only_once() -> None:
    state = play(["NW1a1", "NE2b2", "SE3c3", "single", "SW4d4"], opening="3meq")
    problem = state.illegal_reason(GAME.parse_action("pair"))
    assert problem is not None and problem.rule == "not-choosing"
    assert new().illegal_reason(GAME.parse_action("single")) is not None


def test_3meq_the_chosen_colour_counts_for_wins() -> None:
    # The opener's two amber tokens belong to the chooser after "pair".
    state = play(["NW1a2", "NW1b2", "SE3c3", "pair"], opening="3meq")
    state = play(["SE4a4", "NW1c2", "SE4b4", "NW1d2"], state)
    assert state.outcome() is not None
    assert state.outcome().winners == (1,)


@pytest.mark.parametrize("opening", ["swap", "3meq"])
def test_openings_are_refused_for_three_colours(opening: str) -> None:
    with pytest.raises(FormatError, match="two colours"):
        GAME.normalise_options({"colours": 3, "opening": opening})
    with pytest.raises(FormatError):
        GAME.new_game({"colours": 3, "opening": opening}, 0)
    seats = [{"name": n} for n in ("A", "B", "C")]
    data = {
        "format": 1,
        "game": "time_vectors",
        "seed": 0,
        "options": {"colours": 3, "opening": opening},
        "seats": seats,
    }
    with pytest.raises(RecordError):
        GameRecord.from_dict(data)


# -- the supply of tokens ------------------------------------------------------------------


def no_win_sequence(count: int, colours: int = 2, **options: Any) -> list[str]:
    """``count`` moves in which nobody completes a vector (found by trying points)."""
    state: Any = new(colours=colours, **options)
    moves: list[str] = []
    order = list(range(B.POINTS))
    while len(moves) < count:
        for p in order:
            if state.cells[p] != EMPTY:
                continue
            nxt = state.play(Place(p))
            if nxt.outcome() is None or not nxt.outcome().winners:
                moves.append(B.name(p))
                state = nxt
                break
        else:
            raise AssertionError("no safe point left")
    return moves


@pytest.mark.parametrize(("supply", "colours"), [(20, 2), (35, 2), (20, 3)])
def test_the_game_is_drawn_when_the_player_to_move_has_no_token(supply: int, colours: int) -> None:
    moves = no_win_sequence(supply * colours - 1, colours=colours, supply=supply)
    state = play(moves, colours=colours, supply=supply)
    assert not state.is_terminal()
    assert state.tokens_left(colours - 1) == 1
    # The last token of the last colour: now the next player has none.
    last = next(
        B.name(p)
        for p in range(B.POINTS)
        if state.cells[p] == EMPTY
        and state.apply(Place(p)).outcome() is not None
        and not state.apply(Place(p)).outcome().winners
    )
    state = state.play_text(last)
    assert state.tokens_left(0) == 0
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == ()
    assert outcome.returns == (0.0,) * colours
    assert "tokens" in outcome.reason


def test_a_player_with_no_token_left_cannot_place() -> None:
    # Claim rule on: running out does not end the game at once (a claim is
    # still possible), but a placement is refused.
    moves = no_win_sequence(40, supply=20)
    state = new(claim=True)
    for move in moves:
        state = state.play_text(move).play_text("end")
    assert state.tokens_left(AMBER) == 0
    assert not state.is_terminal()
    problem = state.illegal_reason(GAME.parse_action("SE2d2"))
    assert problem is not None and problem.rule == "no-tokens"
    assert [GAME.action_to_text(a) for a in state.legal_actions()] == ["end"]
    # Both players pass in turn: drawn.
    state = state.play_text("end")
    assert not state.is_terminal()
    state = state.play_text("end")
    assert state.outcome() is not None and state.outcome().winners == ()


# Three colours on all 256 points without a line of one colour.  Found once by
# a local search; the test below proves it by playing it through the rules.
FULL_BOARD_3 = (
    "2201022212210101202121021200102202121020120102122110021121002120"
    "2000111010200121112000102001011102122012010110022220012012020100"
    "1011022120222002100100221120101201110210102121100022212020110111"
    "1001022210122201211122012000001022212022112220120210112110022210"
)


def test_unlimited_supply_draws_when_the_board_is_full() -> None:
    queues: dict[int, list[int]] = {c: [] for c in range(3)}
    for point, ch in enumerate(FULL_BOARD_3):
        queues[int(ch)].append(point)
    assert [len(queues[c]) for c in range(3)] == [86, 85, 85]
    state: Any = new(colours=3, supply=0)
    for turn in range(B.POINTS):
        assert not state.is_terminal(), f"ended early after {turn} tokens"
        colour = state.colour_of(state.current_player())
        state = state.play(Place(queues[colour].pop()))
    assert EMPTY not in state.cells
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == ()
    assert "free point" in outcome.reason


def test_with_claims_a_full_board_is_drawn_once_everyone_passes() -> None:
    # Two colours cannot fill the board without vectors (with claims on they
    # simply stay unclaimed): fill it point by point, always ending the turn.
    state: Any = new(claim=True, supply=0)
    for point in range(B.POINTS):
        state = state.play(Place(point)).play_text("end")
    assert EMPTY not in state.cells
    assert not state.is_terminal()
    assert state.current_player() == 0
    problem = state.illegal_reason(Place(0))
    assert problem is not None and problem.rule == "occupied"
    # Amber may still claim one of the vectors on the board...
    claims = [a for a in state.legal_actions() if GAME.action_to_text(a).startswith("claim")]
    assert claims
    assert state.play(claims[0]).outcome().winners == (0,)
    # ...or pass; once both colours have passed the game is drawn.
    state = state.play_text("end")
    assert not state.is_terminal()
    state = state.play_text("end")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ()
    assert "free point" in outcome.reason


def test_unlimited_supply_is_really_unlimited() -> None:
    state = play(no_win_sequence(60, supply=0), supply=0)
    assert not state.is_terminal()
    assert state.tokens_left(AMBER) > 200


# -- the claim rule (tournament option) --------------------------------------------------------


def test_with_claims_a_built_vector_does_not_end_the_game() -> None:
    moves = interleave(ROW, FAR)
    state = new(claim=True)
    for move in moves[:-1]:
        state = state.play_text(move).play_text("end")
    state = state.play_text(moves[-1])
    assert not state.is_terminal()
    assert state.phase == "claim"
    claim = "claim " + " ".join(ROW)
    assert GAME.parse_action(claim) in state.legal_actions()
    # Placing a second token this turn is not allowed.
    problem = state.illegal_reason(GAME.parse_action("SW4d4"))
    assert problem is not None and problem.rule == "one-token-per-turn"
    won = state.play_text(claim)
    assert won.outcome() is not None
    assert won.outcome().winners == (0,)
    assert sorted(B.name(p) for p in won.winning_line) == sorted(ROW)


def test_a_vector_may_be_claimed_at_the_start_of_a_later_turn() -> None:
    moves = interleave(ROW, FAR)
    state = new(claim=True)
    for move in moves:
        state = state.play_text(move).play_text("end")
    state = state.play_text(FAR[5]).play_text("end")  # Teal's turn passes
    assert state.current_player() == 0
    assert state.phase == "place"
    won = state.play_text("claim " + " ".join(reversed(ROW)))
    assert won.outcome() is not None and won.outcome().winners == (0,)


def test_end_ends_the_turn_and_is_refused_before_placing() -> None:
    state = new(claim=True)
    problem = state.illegal_reason(GAME.parse_action("end"))
    assert problem is not None and problem.rule == "must-place"
    state = state.play_text("SW1a1")
    assert state.current_player() == 0
    state = state.play_text("end")
    assert state.current_player() == 1
    assert state.phase == "place"
    # Without the claim rule there is no "end".
    problem = new().illegal_reason(GAME.parse_action("end"))
    assert problem is not None and problem.rule == "no-end-turn"


@pytest.mark.parametrize(
    ("claim", "rule"),
    [
        # Amber's four tokens, but not in a line.
        (["NW1a2", "NW1b2", "NW1c2", "SW2d4"], "not-a-vector"),
        # A line, but one point holds Teal's token.
        (["SE4a4", "SE4b4", "SE4c4", "SE4d4"], "claim-own-tokens"),
        # A line with an empty point.
        (["NW1a2", "NW1b2", "NW1c2", "NW1d2"], "claim-own-tokens"),
        # The same point twice.
        (["NW1a2", "NW1a2", "NW1b2", "NW1c2"], "claim-four-points"),
    ],
)
def test_a_wrong_claim_is_refused_and_changes_nothing(claim: list[str], rule: str) -> None:
    state = new(claim=True)
    amber = ["NW1a2", "NW1b2", "NW1c2", "SW2d4"]
    teal = ["SE4a4", "SE4b4", "SE4c4", "SW4a1"]
    for move in [*interleave(amber, teal), teal[3]]:
        state = state.play_text(move).play_text("end")
    # Amber now places SE4d4, so the Teal line holds one Amber token.
    state = state.play_text("SE4d4") if rule == "claim-own-tokens" else state
    before = state.to_dict()
    action = GAME.parse_action("claim " + " ".join(claim))
    problem = state.illegal_reason(action)
    assert problem is not None and problem.rule == rule
    with pytest.raises(IllegalAction) as err:
        state.play(action)
    assert err.value.rule == rule
    assert state.to_dict() == before
    assert not state.is_terminal()


def test_claiming_another_players_vector_is_refused() -> None:
    state = new(claim=True)
    for move in [*interleave(FAR[:4], ROW), ROW[3]]:
        state = state.play_text(move).play_text("end")
    # Teal holds the row; Amber tries to claim it.
    assert state.current_player() == 0
    problem = state.illegal_reason(GAME.parse_action("claim " + " ".join(ROW)))
    assert problem is not None and problem.rule == "claim-own-tokens"


def test_claims_are_refused_without_the_claim_rule() -> None:
    state = play(interleave(ROW[:3], FAR))
    problem = state.illegal_reason(GAME.parse_action("claim " + " ".join(ROW)))
    assert problem is not None and problem.rule == "claims-off"


def test_an_unclaimed_vector_lets_the_opponent_win_first() -> None:
    state = new(claim=True)
    # Amber completes ROW but ends the turn without seeing it; Teal, holding
    # three of TIME_ROW, completes it and claims at once.
    for move in interleave(ROW, TIME_ROW[:3]):
        state = state.play_text(move).play_text("end")
    assert state.owned_vectors(AMBER), "Amber's vector stands unclaimed"
    assert state.current_player() == 1
    state = state.play_text(TIME_ROW[3])
    state = state.play_text("claim " + " ".join(TIME_ROW))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (1,)
    assert outcome.reason == "claimed a vector"


def test_claims_are_not_shown_in_the_view() -> None:
    # The view must not give away a vector its owner has not noticed.
    state = new(claim=True)
    moves = interleave(ROW, FAR)
    for move in moves[:-1]:
        state = state.play_text(move).play_text("end")
    state = state.play_text(moves[-1])
    assert state.phase == "claim"
    legal = state.view(0)["legal"]
    assert "end" in legal
    assert not any(text.startswith("claim") for text in legal)


# -- serialisation guards -------------------------------------------------------------------


def test_from_dict_refuses_broken_states() -> None:
    data = play(["SW1a1"]).to_dict()
    for broken in (
        {**data, "format": 99},
        {**data, "game": "timelock"},
        {**data, "cells": data["cells"][:-1]},
        {k: v for k, v in data.items() if k != "seat"},
        {**data, "settings": {**data["settings"], "colours": 5}},
    ):
        with pytest.raises(FormatError):
            GAME.from_dict(broken)


def test_equal_positions_compare_equal_and_different_ones_do_not() -> None:
    a = play(["SW1a1", "SW1a2"])
    b = play(["SW1a1", "SW1a2"])
    assert a == b
    assert a != play(["SW1a2", "SW1a1"])
    assert replace(a, turns=a.turns) == a


def test_records_need_one_seat_per_player() -> None:
    with pytest.raises(RecordError, match="4 players"):
        GameRecord.from_dict(
            {
                "format": 1,
                "game": "time_vectors",
                "seed": 0,
                "options": {"team_size": 2},
                "seats": [Seat("A").to_dict(), Seat("B").to_dict()],
            }
        )
