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
    # The end names the vector's points in order along it, whatever order they came in.
    along = {" ".join(ROW), " ".join(reversed(ROW))}
    assert outcome.reason.removeprefix("built a vector: ") in along


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
    options = {"players": "2x2"}
    assert GAME.seat_labels(GAME.normalise_options(options)) == [
        "Amber A",
        "Teal A",
        "Amber B",
        "Teal B",
    ]
    seen = seats_and_colours(new(**options), FAR[:8])
    assert seen == [(0, 0), (1, 1), (2, 0), (3, 1)] * 2


def test_teams_of_three_add_player_c_in_the_same_sequence() -> None:
    options = {"players": "2x3"}
    labels = GAME.seat_labels(GAME.normalise_options(options))
    assert labels == ["Amber A", "Teal A", "Amber B", "Teal B", "Amber C", "Teal C"]
    seen = seats_and_colours(new(**options), FAR[:7])
    assert [seat for seat, _ in seen] == [0, 1, 2, 3, 4, 5, 0]
    assert [colour for _, colour in seen] == [0, 1, 0, 1, 0, 1, 0]


def test_team_members_share_a_colour_and_win_together() -> None:
    # Amber A (seat 0) and Amber B (seat 2) build one vector between them.
    state = play(interleave(ROW, FAR), players="2x2")
    assert state.outcome() is not None
    assert state.outcome().winners == (0, 2)
    assert state.outcome().returns == (1.0, -1.0, 1.0, -1.0)


def test_three_colours_take_turns_and_the_third_can_win() -> None:
    assert GAME.seat_labels(GAME.normalise_options({"players": "3"})) == ["Amber", "Teal", "Violet"]
    state = new(players="3")
    seen = seats_and_colours(state, FAR[:6])
    assert seen == [(0, 0), (1, 1), (2, 2)] * 2
    moves: list[str] = []
    for i in range(4):
        moves += [FAR[2 * i], FAR[2 * i + 1], TIME_ROW[i]]
    state = play(moves, players="3")
    assert state.outcome() is not None
    assert state.outcome().winners == (2,)
    assert state.outcome().returns == (-1.0, -1.0, 1.0)


def test_three_colours_in_teams() -> None:
    state = new(players="3x2")
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


def test_turn_order_after_a_swap_in_a_two_player_game() -> None:
    # The first player moves again, then the players alternate as before.
    state = play(["NE2b2", "swap"], opening="swap")
    assert colour_at(state, "NE2b2") == TEAL
    seen = seats_and_colours(state, FAR[:5])
    assert seen == [(0, AMBER), (1, TEAL), (0, AMBER), (1, TEAL), (0, AMBER)]
    assert GAME.log_text(play(["NE2b2"], opening="swap"), "swap") == (
        "swap: the first token becomes Teal; the first player moves again"
    )


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
@pytest.mark.parametrize("players", ["2x2", "2x3", "3", "2v1", "3x2"])
def test_openings_are_refused_outside_two_player_games(opening: str, players: str) -> None:
    with pytest.raises(FormatError, match="two-player games only") as err:
        GAME.normalise_options({"players": players, "opening": opening})
    assert "first player's advantage" in str(err.value)
    with pytest.raises(FormatError):
        GAME.new_game({"players": players, "opening": opening}, 0)
    seats = [{"name": f"P{i}"} for i in range(GAME.seat_count({"players": players}))]
    data = {
        "format": 1,
        "game": "time_vectors",
        "seed": 0,
        "options": {"players": players, "opening": opening},
        "seats": seats,
    }
    with pytest.raises(RecordError):
        GameRecord.from_dict(data)


def test_the_opening_protocol_is_offered_as_none_swap_or_3meq() -> None:
    spec = next(s for s in GAME.option_specs() if s.name == "opening")
    assert spec.label == "Opening protocol"
    assert [value for value, _ in spec.choices] == ["none", "swap", "3meq"]
    assert spec.default == "none"
    assert "two-player" in spec.help
    for opening in ("none", "swap", "3meq"):
        assert GAME.normalise_options({"opening": opening})["opening"] == opening


# -- the supply of tokens ------------------------------------------------------------------


def no_win_sequence(count: int, **options: Any) -> list[str]:
    """``count`` moves in which nobody completes a vector (found by trying points)."""
    state: Any = new(**options)
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


@pytest.mark.parametrize(
    ("supply", "players", "colours"), [(20, "2", 2), (35, "2", 2), (20, "3", 3), (35, "2v1", 2)]
)
def test_the_game_is_drawn_when_the_player_to_move_has_no_token(
    supply: int, players: str, colours: int
) -> None:
    moves = no_win_sequence(supply * colours - 1, players=players, supply=supply)
    state = play(moves, players=players, supply=supply)
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
    assert outcome.returns == (0.0,) * len(state.settings.teams)
    assert "tokens ran out" in outcome.reason


def test_a_player_with_no_token_left_cannot_place() -> None:
    # Claim rule on: running out does not end the game at once (a claim is
    # still possible), but a placement is refused, to the side that ran out
    # and, as the clarification says, to every other side too.
    moves = no_win_sequence(39, supply=20)
    state = new(claim=True)
    for move in moves:
        state = state.play_text(move).play_text("end")
    assert state.tokens_left(AMBER) == 0 and state.tokens_left(TEAL) == 1
    assert state.current_player() == 1 and not state.is_terminal()
    problem = state.illegal_reason(GAME.parse_action("SE2d2"))
    assert problem is not None and problem.rule == "supply-exhausted"
    assert "Amber has no tokens left" in problem.message
    assert [GAME.action_to_text(a) for a in state.legal_actions()] == ["claim", "end"]
    # Both players pass in turn: drawn.
    state = state.play_text("end")
    assert not state.is_terminal()
    problem = state.illegal_reason(GAME.parse_action("SE2d2"))
    assert problem is not None and problem.rule == "no-tokens"
    assert [GAME.action_to_text(a) for a in state.legal_actions()] == ["claim", "end"]
    state = state.play_text("end")
    assert state.outcome() is not None and state.outcome().winners == ()
    assert "tokens ran out" in state.outcome().reason


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
    state: Any = new(players="3", supply=0)
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
    # Teal's last token completed vectors, so Amber's unclaimed ones have
    # lapsed, but Teal may still claim on its turn...
    assert state.claimable_vectors(AMBER) == []
    line = [B.name(p) for p in state.claimable_vectors(TEAL)[0]]
    assert claim(state.play_text("end"), line).outcome().winners == (1,)
    # ...or pass; once both colours have passed the game is drawn.
    state = state.play_text("end")
    assert not state.is_terminal()
    state = state.play_text("end")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ()
    assert "free point" in outcome.reason


def test_with_claims_tokens_kept_back_cannot_be_placed_unopposed() -> None:
    # A wrong claim before placing costs a turn, not a token.  Amber throws
    # turns away until Teal's twenty are down; she may not then place her
    # spare tokens (SE4a1-SE4d1 would be a row) while Teal can only end.
    teal = [B.name(p) for p in range(64, 128, 3)]
    state = claim_game([*interleave(AMBER_BENT, teal[:3]), teal[3]], supply=20)
    assert state.current_player() == 0
    for point in teal[4:20]:
        state = claim(state, AMBER_BENT)
        assert "turn is lost" in state.notice
        state = state.play_text(point).play_text("end")
    assert state.tokens_left(TEAL) == 0 and state.tokens_left(AMBER) == 16
    assert state.current_player() == 0 and not state.is_terminal()
    with pytest.raises(IllegalAction) as err:
        state.play_text("SE4a1")
    assert err.value.rule == "supply-exhausted"
    assert "Teal has no tokens left" in err.value.message
    assert [GAME.action_to_text(a) for a in state.legal_actions()] == ["claim", "end"]
    # Each side has its last turn to claim; then the game is drawn.
    state = state.play_text("end")
    assert not state.is_terminal()
    state = state.play_text("end")
    assert state.outcome() is not None and state.outcome().winners == ()


@pytest.mark.parametrize("players", ["3", "3x2"])
def test_with_claims_and_three_colours_one_colour_running_out_stops_all(players: str) -> None:
    # Amber's twentieth token is down; Teal and Violet still hold one each.
    state = new(claim=True, supply=20, players=players)
    for point in range(58):
        state = state.play(Place(point)).play_text("end")
    assert [state.tokens_left(c) for c in (AMBER, TEAL, VIOLET)] == [0, 1, 1]
    for colour in (TEAL, VIOLET):
        assert state.colour_of(state.current_player()) == colour
        problem = state.illegal_reason(Place(200))
        assert problem is not None and problem.rule == "supply-exhausted"
        state = state.play_text("end")
    assert not state.is_terminal()


# Four Teal tokens, not a vector, once the board is filled point by point
# (Teal holds the odd-numbered points in every line-up below).
TEAL_BENT = ["NW1a2", "NW1a4", "NW1b2", "NW2a2"]


def full_board_but_one(players: str) -> Any:
    """Claim rule, unlimited supply: every point but the last filled in order."""
    state: Any = new(claim=True, supply=0, players=players)
    for point in range(B.POINTS - 1):
        state = state.play(Place(point)).play_text("end")
    return state


def ends(state: Any, seats: Iterable[int]) -> Any:
    """Each of ``seats``, in turn, ends a turn without placing; none ends the game."""
    for seat in seats:
        assert not state.is_terminal() and state.current_player() == seat
        state = state.play_text("end")
    return state


def test_with_claims_a_skipped_turn_does_not_bring_the_draw_closer() -> None:
    # Teal fills the last point and claims wrongly: its next turn is skipped.
    # Amber passes twice, but Teal has not yet had a turn without placing, so
    # the game is not drawn: Teal still gets its turn to claim.
    state = full_board_but_one("2")
    assert B.ordered(B.index(p) for p in TEAL_BENT) is None
    assert all(colour_at(state, p) == TEAL for p in TEAL_BENT)
    state = claim(state.play(Place(B.POINTS - 1)), TEAL_BENT)
    assert "next turn" in state.notice
    state = ends(state, [0, 0])
    assert not state.is_terminal() and state.current_player() == 1
    line = [B.name(p) for p in state.claimable_vectors(TEAL)[0]]
    assert claim(state, line).outcome().winners == (1,)
    drawn = state.play_text("end")
    assert drawn.outcome() is not None and drawn.outcome().winners == ()


def test_with_claims_and_one_against_a_pair_every_seat_passes_before_the_draw() -> None:
    # Seats 0, 1, 0, 2 in rotation; Teal B (seat 2) places the last token.  The
    # lone player, Teal A and the lone player again is not enough: Teal B has
    # not had a turn without placing yet.
    state = full_board_but_one("2v1")
    assert state.current_player() == 2
    state = ends(state.play(Place(B.POINTS - 1)), [2, 0, 1, 0])
    assert not state.is_terminal() and state.current_player() == 2
    state = state.play_text("end")
    assert state.outcome() is not None and state.outcome().winners == ()
    assert "free point" in state.outcome().reason


def test_with_claims_and_teams_a_skipped_member_still_passes_before_the_draw() -> None:
    # Teal B (seat 3) fills the last point and claims wrongly, so Teal A
    # (seat 1) misses the next turn.  Four turns without a token follow
    # (seats 0, 2, 3, 0), as many as there are seats, but Teal A has not yet
    # taken one: the game is drawn only once it has.
    state = full_board_but_one("2x2")
    assert state.current_player() == 3
    state = claim(state.play(Place(B.POINTS - 1)), TEAL_BENT)
    assert "next turn" in state.notice
    state = ends(state, [0, 2, 3, 0])
    assert not state.is_terminal() and state.current_player() == 1
    state = state.play_text("end")
    assert state.outcome() is not None and state.outcome().winners == ()


def test_with_claims_a_wrong_claim_on_the_last_token_still_leaves_every_claim_round() -> None:
    # The finding's line, with twenty tokens: Amber places her last token and
    # claims wrongly in the claim window, so her next turn is skipped.
    moves = no_win_sequence(39, supply=20)
    state = claim_game(moves[:-1], supply=20).play_text(moves[-1])
    assert state.tokens_left(AMBER) == 0 and state.phase == "claim"
    # No vector was built at all, so any four Amber tokens make a wrong claim.
    bent = [B.name(p) for p in range(B.POINTS) if state.cells[p] == AMBER][:4]
    assert B.ordered(B.index(n) for n in bent) is None
    state = claim(state, bent)
    assert "next turn" in state.notice
    # Teal passes, Amber's turn is skipped, Teal passes again: Amber has not
    # yet had her turn to claim, so the game goes on until she has.
    state = ends(state, [1, 1])
    assert not state.is_terminal() and state.current_player() == 0
    assert state.illegal_reason(GAME.parse_action("claim")) is None
    state = state.play_text("end")
    assert state.outcome() is not None and state.outcome().winners == ()
    assert "tokens ran out" in state.outcome().reason


def test_the_seats_that_passed_survive_saving_and_older_saves_still_open() -> None:
    state = ends(full_board_but_one("2").play(Place(B.POINTS - 1)).play_text("end"), [0])
    assert state.passed == frozenset({0})
    data = state.to_dict()
    assert data["passed"] == [0]
    assert GAME.from_dict(data) == state
    # Before the seats were recorded, a save counted turns in a row without a
    # token; it still opens, and the count starts again.
    old = {k: v for k, v in data.items() if k != "passed"} | {"idle_turns": 1}
    reopened = GAME.from_dict(old)
    assert reopened.passed == frozenset() and reopened.cells == state.cells
    assert state.play_text("end").outcome() is not None
    reopened = ends(reopened, [1])
    assert reopened.play_text("end").outcome() is not None, "drawn one turn later"
    with pytest.raises(FormatError):
        GAME.from_dict({**data, "passed": [0, 5]})


def test_unlimited_supply_is_really_unlimited() -> None:
    state = play(no_win_sequence(60, supply=0), supply=0)
    assert not state.is_terminal()
    assert state.tokens_left(AMBER) > 200


# -- the claim rule (as printed) -------------------------------------------------------------


def claim(state: Any, names: Iterable[str]) -> Any:
    """Claim a vector: announce it, then name its four points."""
    state = state.play_text("claim")
    for point in names:
        state = state.play_text("mark " + point)
    return state


def claim_game(moves: Iterable[str], **options: Any) -> Any:
    """Play ``moves`` with the claim rule, ending every turn without a claim."""
    state = new(claim=True, **options)
    for move in moves:
        state = state.play_text(move).play_text("end")
    return state


def test_the_claim_rule_is_offered_as_printed_against_automatic_detection() -> None:
    spec = next(s for s in GAME.option_specs() if s.name == "claim")
    assert dict(spec.choices) == {False: "Automatic detection", True: "Claim rule (as printed)"}
    assert "claim" in spec.help and "automatic" in spec.help.lower()


def test_with_claims_a_built_vector_does_not_end_the_game() -> None:
    moves = interleave(ROW, FAR)
    state = claim_game(moves[:-1])
    state = state.play_text(moves[-1])
    assert not state.is_terminal()
    assert state.phase == "claim"
    assert GAME.parse_action("claim") in state.legal_actions()
    # Placing a second token this turn is not allowed.
    problem = state.illegal_reason(GAME.parse_action("SW4d4"))
    assert problem is not None and problem.rule == "one-token-per-turn"
    won = claim(state, ROW)
    assert won.outcome() is not None
    assert won.outcome().winners == (0,)
    assert won.outcome().reason.startswith("claimed a vector: ")
    assert sorted(B.name(p) for p in won.winning_line) == sorted(ROW)


def test_a_claim_names_its_points_in_any_order_and_may_be_withdrawn() -> None:
    state = claim_game([*interleave(ROW, FAR), FAR[5]])
    state = state.play_text("claim")
    assert state.phase == "naming"
    # Only the mover's own tokens can be named, and each once.
    marks = {GAME.action_to_text(a) for a in state.legal_actions()}
    assert marks == {"mark " + p for p in ROW} | {"cancel"}
    state = state.play_text("mark " + ROW[2])
    problem = state.illegal_reason(GAME.parse_action("mark " + ROW[2]))
    assert problem is not None and problem.rule == "claim-four-points"
    problem = state.illegal_reason(GAME.parse_action("mark " + FAR[0]))
    assert problem is not None and problem.rule == "claim-own-tokens"
    problem = state.illegal_reason(GAME.parse_action("SW4d4"))
    assert problem is not None and problem.rule == "finish-claim"
    back = state.play_text("cancel")
    assert back.phase == "place" and back.current_player() == 0 and back.marked == ()
    won = claim(back, [ROW[3], ROW[0], ROW[2], ROW[1]])
    assert won.outcome() is not None and won.outcome().winners == (0,)


def test_a_vector_may_be_claimed_at_the_start_of_a_later_turn() -> None:
    state = claim_game(interleave(ROW, FAR))
    state = state.play_text(FAR[5]).play_text("end")  # Teal's turn passes
    assert state.current_player() == 0
    assert state.phase == "place"
    won = claim(state, reversed(ROW))
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


def test_a_claim_needs_four_of_your_tokens_on_the_board() -> None:
    state = claim_game(interleave(ROW[:3], FAR[:2]))
    assert state.current_player() == 1
    problem = state.illegal_reason(GAME.parse_action("claim"))
    assert problem is not None and problem.rule == "claim-four-tokens"
    assert GAME.parse_action("claim") not in state.legal_actions()


AMBER_BENT = ["NW1a2", "NW1b2", "NW1c2", "SW2d4"]
"""Four Amber tokens that are not a vector (three in a row and a stray)."""


def test_a_wrong_claim_before_placing_loses_the_turn() -> None:
    # Clarification: a wrong claim costs one placement.
    state = claim_game([*interleave(AMBER_BENT, FAR), FAR[5]])
    assert state.current_player() == 0 and state.phase == "place"
    tokens = state.cells.count(AMBER)
    after = claim(state, AMBER_BENT)
    assert not after.is_terminal()
    assert after.current_player() == 1, "the turn passed without a token"
    assert after.cells.count(AMBER) == tokens
    assert "not a vector" in after.notice and "turn is lost" in after.notice
    assert "Wrong claim" in after.view(None)["notice"]
    log = GAME.log_text(_three_marks(state, AMBER_BENT), "mark " + AMBER_BENT[3])
    assert "Wrong claim" in log


def _three_marks(state: Any, names: list[str]) -> Any:
    state = state.play_text("claim")
    for point in names[:3]:
        state = state.play_text("mark " + point)
    return state


def test_a_wrong_claim_after_placing_skips_the_next_turn() -> None:
    state = claim_game([*interleave(AMBER_BENT[:3], FAR), FAR[2]])
    state = state.play_text(AMBER_BENT[3])
    assert state.phase == "claim"
    after = claim(state, AMBER_BENT)
    assert "next turn" in after.notice
    assert after.current_player() == 1
    after = after.play_text(FAR[3]).play_text("end")
    assert after.current_player() == 1, "Amber's turn was skipped"
    after = after.play_text(FAR[4]).play_text("end")
    assert after.current_player() == 0, "and only one turn"


def test_when_both_sides_owe_a_skip_each_misses_its_very_next_turn() -> None:
    # Amber claims wrongly after placing, then Teal does the same: Amber's turn is
    # skipped and then Teal's, so Amber moves twice in a row, not Teal.
    amber = ["NW1a1", "NW2b3", "NW3c1", "NW4d2", "NW1c4"]
    teal = ["SE1a1", "SE2b3", "SE3c1", "SE4d2", "SE1c4"]
    state = GAME.new_game({"claim": True}, 1)
    for a, t in zip(amber[:4], teal[:4], strict=True):
        state = state.play_text(a).play_text("end").play_text(t).play_text("end")
    state = state.play_text(amber[4])
    state = claim(state, amber[:4])
    assert state.current_player() == 1
    state = claim(state.play_text(teal[4]), teal[:4])
    assert "next turn" in state.notice
    assert state.current_player() == 0, "Amber's turn and then Teal's were skipped"
    state = state.play_text("NE1a1").play_text("end")
    assert state.current_player() == 1


def test_a_skipped_turn_falls_on_the_next_member_of_the_team() -> None:
    moves = interleave(AMBER_BENT[:3], FAR[:3])
    state = claim_game(moves[:3] + moves[3:], players="2x2")
    # Seats so far: 0 Amber A, 1 Teal A, 2 Amber B, 3 Teal B, 0 Amber A.
    assert state.current_player() == 1
    state = state.play_text(FAR[3]).play_text("end").play_text(AMBER_BENT[3])
    assert state.current_player() == 2
    state = claim(state, AMBER_BENT)
    assert state.current_player() == 3
    state = state.play_text(FAR[4]).play_text("end")
    assert state.current_player() == 1, "Amber A's turn is skipped"


def test_an_unclaimed_vector_lets_the_opponent_win_first() -> None:
    # Amber completes ROW but ends the turn without seeing it; Teal, holding
    # three of TIME_ROW, completes it and claims at once.
    state = claim_game(interleave(ROW, TIME_ROW[:3]))
    assert state.owned_vectors(AMBER), "Amber's vector stands unclaimed"
    assert state.current_player() == 1
    state = claim(state.play_text(TIME_ROW[3]), TIME_ROW)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (1,)
    assert outcome.reason.startswith("claimed a vector: ")


def test_an_unclaimed_vector_lapses_once_the_opponent_completes_one() -> None:
    # Teal completes TIME_ROW but does not claim it either: Amber's older
    # vector can no longer be claimed, while Teal's newer one still can.
    state = claim_game([*interleave(ROW, TIME_ROW[:3]), TIME_ROW[3]])
    assert state.current_player() == 0
    assert state.claimable_vectors(AMBER) == []
    assert state.claimable_vectors(TEAL)
    after = claim(state, ROW)
    assert not after.is_terminal()
    assert "lapsed" in after.notice
    assert after.current_player() == 1
    won = claim(after, TIME_ROW)
    assert won.outcome() is not None and won.outcome().winners == (1,)


def test_a_vector_completed_later_can_still_be_claimed() -> None:
    # Teal's vector lapsed Amber's first one; a second Amber vector built
    # afterwards is claimable again.
    second = ["NW2a2", "NW2b2", "NW2c2", "NW2d2"]
    state = claim_game([*interleave(ROW, TIME_ROW[:3]), TIME_ROW[3]])
    for amber, teal in zip(second, FAR[:4], strict=True):
        state = state.play_text(amber).play_text("end").play_text(teal).play_text("end")
    assert [sorted(v) for v in state.claimable_vectors(AMBER)] == [
        sorted(B.index(p) for p in second)
    ]
    won = claim(state, second)
    assert won.outcome() is not None and won.outcome().winners == (0,)


def test_claiming_another_players_vector_is_refused() -> None:
    state = claim_game([*interleave(FAR[:4], ROW), ROW[3]])
    # Teal holds the row; Amber tries to name it.
    assert state.current_player() == 0
    state = state.play_text("claim")
    problem = state.illegal_reason(GAME.parse_action("mark " + ROW[0]))
    assert problem is not None and problem.rule == "claim-own-tokens"


def test_claims_are_refused_without_the_claim_rule() -> None:
    state = play(interleave(ROW[:3], FAR))
    problem = state.illegal_reason(GAME.parse_action("claim"))
    assert problem is not None and problem.rule == "claims-off"
    problem = state.illegal_reason(GAME.parse_action("mark " + ROW[0]))
    assert problem is not None and problem.rule == "no-claim"


def test_the_legal_moves_never_give_a_vector_away() -> None:
    # "claim" is offered whether or not a vector stands.
    with_moves, without_moves = interleave(ROW, FAR), interleave(AMBER_BENT, FAR)
    with_vector = claim_game(with_moves[:-1]).play_text(with_moves[-1])
    without = claim_game(without_moves[:-1]).play_text(without_moves[-1])
    assert with_vector.owned_vectors(AMBER) and not without.owned_vectors(AMBER)
    assert with_vector.view(0)["legal"] == without.view(0)["legal"] == ["claim", "end"]
    assert with_vector.view(0)["claim_open"] and without.view(0)["claim_open"]


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
                "options": {"players": "2x2"},
                "seats": [Seat("A").to_dict(), Seat("B").to_dict()],
            }
        )


@pytest.mark.parametrize(
    ("old", "players"),
    [({"colours": 2}, "2"), ({"team_size": 2}, "2x2"), ({"colours": 3, "team_size": 2}, "3x2")],
)
def test_saves_from_before_the_players_option_still_open(old: dict[str, int], players: str) -> None:
    options = GAME.normalise_options({**old, "supply": 35})
    assert options == {"players": players, "opening": "none", "claim": False, "supply": 35}
    with pytest.raises(FormatError, match="no longer offered"):
        GAME.normalise_options({"colours": 3, "team_size": 3})


def test_options_combine_three_players_claim_rule_and_unlimited_tokens() -> None:
    # Three colours, the claim rule and no limit on tokens, all at once: Violet
    # builds a vector on its 4th turn, claims it, and wins for its seat alone.
    moves = []
    for i in range(4):
        moves += [FAR[2 * i], FAR[2 * i + 1], TIME_ROW[i]]
    state = claim_game(moves[:-1], players="3", supply=0).play_text(moves[-1])
    assert state.current_player() == 2 and state.phase == "claim"
    assert state.tokens_left(VIOLET) == B.POINTS - 4
    won = claim(state, TIME_ROW)
    assert won.outcome() is not None and won.outcome().winners == (2,)
    assert won.outcome().returns == (-1.0, -1.0, 1.0)


def test_options_combine_swap_and_claim_rule() -> None:
    # Two players, the swap and the claim rule: the swapped token counts for
    # Teal's vector, and the claim window follows each placement.
    state = new(opening="swap", claim=True).play_text(TIME_ROW[0]).play_text("end")
    state = state.play_text("swap")
    assert state.current_player() == 0 and colour_at(state, TIME_ROW[0]) == TEAL
    for amber, teal in zip(FAR[:3], TIME_ROW[1:], strict=True):
        state = state.play_text(amber).play_text("end").play_text(teal)
        if teal != TIME_ROW[3]:
            state = state.play_text("end")
    assert state.current_player() == 1 and state.phase == "claim"
    won = claim(state, TIME_ROW)
    assert won.outcome().winners == (1,)


def test_options_combine_one_against_a_pair_and_a_small_supply() -> None:
    # The pair shares one supply of 20 Teal tokens between its two members.
    state = new(players="2v1", supply=20)
    seen = seats_and_colours(state, FAR[:4])
    assert seen == [(0, AMBER), (1, TEAL), (0, AMBER), (2, TEAL)]
    state = play(FAR[:4], state)
    assert state.tokens_left(TEAL) == 18 and state.tokens_left(AMBER) == 18
    assert GAME.seat_labels(GAME.normalise_options({"players": "2v1"})) == [
        "Amber (alone)",
        "Teal A",
        "Teal B",
    ]


PAIR_LOG = (
    "pair: plays Amber (the two tokens) from now on; the first player plays Teal and moves next"
)
SINGLE_LOG = (
    "single: plays Teal (the single token) from now on and moves now; the first player plays Amber"
)


@pytest.mark.parametrize(("choice", "text"), [("pair", PAIR_LOG), ("single", SINGLE_LOG)])
def test_the_3meq_choice_says_who_plays_which_colour(choice: str, text: str) -> None:
    assert GAME.seat_labels(GAME.normalise_options({"opening": "3meq"})) == [
        "First player",
        "Second player",
    ]
    state = play(["NW1a1", "NE2b2", "SE3c3"], opening="3meq")
    assert GAME.log_text(state, choice) == text
    # The session's move log carries the same words.
    from timegames.core.session import Session

    session = Session()
    answer = session.handle(
        {"op": "new", "game": "time_vectors", "options": {"opening": "3meq"}, "seed": 1}
    )
    for move in ("NW1a1", "NE2b2", "SE3c3", choice):
        answer = session.handle({"op": "play", "action": move})
    assert answer["view"]["log"][-1]["text"] == text
