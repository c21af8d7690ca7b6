"""Timelock without a board (the experimental variant): one scenario per rule.

Columns are written as in saves: cells from Rainbow's home (the south end,
``a1``) to Xeno's home, separated by ``/``, each stack bottom to top; upper
case is Rainbow, lower case Xeno, ``.`` an empty home.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from timegames.core import TERMINAL, BotContext, FormatError
from timegames.timelock import GAME, TimelockState
from timegames.timelock import board as B
from timegames.timelock import boardless as L
from timegames.timelock.ai import make_bot
from timegames.timelock.rules import PLAY, Move
from timegames.timelock.scoring import game_score
from timelock_support import boardless_position as position
from timelock_support import play, refused

START = ["QDP/qdp", "QDP/qdp", "PDQ/pdq", "QDP/qdp", "QDP/qdp"]


def with_column(file: int, text: str, base: list[str] | None = None) -> list[str]:
    cols = list(base or START)
    cols[file] = text
    return cols


def column(state: TimelockState, file: int) -> str:
    return L.column_text(state.columns[file])


def moves_of(state: TimelockState, piece: str) -> set[str]:
    """The legal move texts of one piece (such as ``Pa1``)."""
    texts = {GAME.action_to_text(a) for a in state.legal_actions() if isinstance(a, Move)}
    return {t for t in texts if t.startswith(piece + "-")}


# -- set-up and data -----------------------------------------------------------------------


def test_set_up_has_only_the_two_homes_in_every_column() -> None:
    state = GAME.new_game({"board": "boardless"}, 1)
    assert [L.column_text(c) for c in state.columns] == START
    restored = GAME.from_dict(state.to_dict())
    assert restored == state
    view = state.view(0)
    assert view["board"] == "boardless"
    assert [c["kind"] for c in view["columns"][0]["cells"]] == ["home0", "home1"]
    assert view["squares"]["a1"][-1]["letter"] == "P"


def test_the_option_is_marked_experimental() -> None:
    spec = next(s for s in GAME.option_specs() if s.name == "board")
    assert spec.default == "standard"
    labels = dict(spec.choices)
    assert "experimental" in labels["boardless"].lower()
    assert "experimental" in spec.help.lower()


def test_a_save_with_a_piece_beyond_an_opponent_is_refused() -> None:
    data = GAME.new_game({"board": "boardless"}, 1).to_dict()
    data["columns"][0] = "QD/p/P/qd"
    with pytest.raises(FormatError):
        GAME.from_dict(data)


# -- movement -----------------------------------------------------------------------------


def test_the_first_step_opens_a_new_position_and_never_enters_the_opponents_home() -> None:
    state = position(START, dice=(1, 2))
    assert moves_of(state, "Pa1") == {"Pa1-a1+/1", "Pa1-a1+/2"}
    assert refused(state, "Pa1-a2/1") == "opponent-home"
    after = play(state, "Pa1-a1+/1")
    assert column(after, 0) == "QD/P/qdp"
    # Rows count from each owner's home: Xeno's home is now a3, its pieces unmoved.
    assert L.config(after.columns, 5) == ((3, 2, 1), (), ())


def test_landing_on_the_nearest_opponent_piece_makes_that_place_the_centre() -> None:
    state = position(with_column(0, "QD/P/p/qd"), dice=(1, 2))
    after = play(state, "Pa2-a3/1")
    assert column(after, 0) == "QD/pP/qd"
    assert L.centre_of(after.columns[0]) == 1
    assert after.is_centre(B.square(0, 1))  # a2
    assert L.config(after.columns, 0) == ((3, 2), (), (1,))
    assert L.config(after.columns, 5) == ((3, 2), (), (1,))
    assert [c["kind"] for c in after.view(0)["columns"][0]["cells"]] == [
        "home0",
        "centre",
        "home1",
    ]


def test_a_piece_never_goes_beyond_an_opponents_piece_even_with_hop() -> None:
    state = position(with_column(0, "QDP/p/d/q"), dice=(6, 6), face="HOP")
    state = play(state, "use HOP")
    assert "Pa1-a2/1" in moves_of(state, "Pa1")  # onto the nearest Xeno piece
    assert refused(state, "Pa1-a3/1") == "never-beyond"
    assert refused(state, "Pa1-a2+/1") == "never-beyond"
    # Standing with the opponent, a piece cannot go forward at all.
    met = play(state, "Pa1-a2/1")
    assert column(met, 0) == "QD/pP/d/q"
    assert refused(met, "Pa2-a2+/2") == "never-beyond"


def test_the_centre_dissolves_when_one_side_leaves_it() -> None:
    state = position(with_column(0, "QD/pP/qd"), dice=(1, 2))
    after = play(state, "Pa2-a1/1")
    assert column(after, 0) == "QDP/p/qd"
    assert L.centre_of(after.columns[0]) == -1
    assert L.config(after.columns, 5) == ((3, 2), ((1,),), ())


def test_moving_back_lands_on_the_stack_behind_or_opens_a_position_before_it() -> None:
    state = position(with_column(0, "Q/D/P/qdp"), dice=(2, 1))
    # Forward the Pawn could only enter Xeno's home; back it lands on the Drone.
    assert moves_of(state, "Pa3") == {"Pa3-a2/2", "Pa3-a2/1"}
    assert column(play(state, "Pa3-a2/1"), 0) == "Q/DP/qdp"
    # Open positions close when emptied: only the order of positions counts.
    assert column(play(state, "Da2-a1/1"), 0) == "QD/P/qdp"
    crowded = position(with_column(0, "Q/DP/qdp"), dice=(2, 1))
    assert column(play(crowded, "Pa2-a1+/1"), 0) == "Q/P/D/qdp"


def test_a_lone_piece_stepping_into_the_space_beside_it_is_no_move() -> None:
    state = position(with_column(0, "Q/D/P/qdp"), dice=(2, 1))
    assert refused(state, "Da2-a1+/2") == "no-change"
    assert refused(state, "Da2-a2+/2") == "no-change"
    # A piece that leaves company behind does open a new position.
    crowded = position(with_column(0, "Q/DP/qdp"), dice=(2, 1))
    assert column(play(crowded, "Pa2-a2+/1"), 0) == "Q/D/P/qdp"


def test_without_hop_a_move_goes_one_position() -> None:
    state = position(with_column(0, "Q/D/P/p/qd"), dice=(3, 3))
    assert refused(state, "Qa1-a3/1") == "one-space"
    assert refused(state, "Qa1-a4/1") == "one-space"
    assert moves_of(state, "Qa1") == {"Qa1-a1+/1", "Qa1-a1+/2", "Qa1-a2/1", "Qa1-a2/2"}


def test_hop_reaches_any_position_up_to_the_opponents_nearest_piece_for_one_step() -> None:
    state = position(with_column(0, "Q/D/P/p/qd"), dice=(3, 3), face="HOP")
    state = play(state, "use HOP")
    targets = {t.split("-")[1].split("/")[0] for t in moves_of(state, "Qa1")}
    assert targets == {"a1+", "a2", "a2+", "a3", "a3+", "a4"}
    after = play(state, "Qa1-a4/1")
    assert column(after, 0) == "./D/P/pQ/qd"
    assert after.remaining == (0, 3)


def test_covered_pieces_cannot_move() -> None:
    state = position(with_column(0, "QD/Pp/qd"), dice=(1, 2), seat=0)
    assert refused(state, "Pa2-a1/1") == "covered"


# -- digging ------------------------------------------------------------------------------


def test_a_covered_piece_digs_only_in_the_centre_where_both_sides_meet() -> None:
    state = position(with_column(0, "QD/Pp/qd", with_column(1, "Q/DP/qdp")), dice=(1, 2))
    after = play(state, "dig Pa2/1")
    assert column(after, 0) == "QD/pP/qd"
    assert after.remaining == (0, 2)
    # Two Rainbow pieces in one position make no centre: no dig there.
    assert refused(state, "dig Db2/2") == "dig-centre-only"


def test_treehouse_dig_works_in_any_position() -> None:
    state = position(with_column(1, "Q/DP/qdp"), face="DIG")
    after = play(state, "use DIG Db2")
    assert column(after, 1) == "Q/PD/qdp"


# -- the opponent's Goal ------------------------------------------------------------------


def test_goal_pieces_move_for_six_points_toward_the_mover_but_never_onto_its_home() -> None:
    state = position(START, dice=(6, 5))
    # Rainbow moves Xeno's Goal: its Queen comes south into a new position.
    assert refused(state, "Qc2-c1+/2") == "goal-costs-six"
    assert refused(state, "Qc2-c1/1") == "opponent-home"
    after = play(state, "Qc2-c1+/1")
    assert column(after, 2) == "PDQ/q/pd"
    assert L.config(after.columns, 7) == ((1, 2), ((3,),), ())


def test_goal_pieces_meet_in_the_centre_and_dig_there_for_six() -> None:
    state = position(with_column(2, "PD/Qq/pd"), dice=(6, 6), seat=1)
    # Xeno moves Rainbow's Goal; Rainbow's Queen, covered by Xeno's, digs out for 6.
    assert column(play(state, "dig Qc2/2"), 2) == "PD/qQ/pd"
    state0 = position(with_column(2, "PD/qQ/pd"), dice=(6, 6), seat=0)
    after = play(state0, "dig Qc2/1")
    assert column(after, 2) == "PD/Qq/pd"
    assert after.remaining == (0, 6)


def test_aim_makes_goal_steps_cost_their_pips() -> None:
    state = position(START, dice=(3, 1), face="AIM")
    assert refused(state, "Qc2-c1+/1") == "goal-costs-six"
    after = play(state, "use AIM", "Qc2-c1+/1")
    assert after.remaining == (0, 1)


# -- matching and winning -----------------------------------------------------------------


def test_stacks_match_when_their_own_pieces_stand_like_the_goal() -> None:
    cols = ["PD/Q/qdp", "PD/Q/qdp", "PD/Q/pdq", "PD/Q/qdp", "PDQ/qdp"]
    state = position(cols, dice=(3, 3))
    assert [state.stack_matches(g) for g in (0, 1, 3, 4)] == [True, True, True, False]
    won = play(state, "Qe1-e1+/1")
    assert won.current_player() == TERMINAL
    assert won.result is not None and won.result.winners == (0,)


def test_a_goal_piece_in_the_centre_needs_a_stack_piece_in_that_columns_centre() -> None:
    cols = ["PD/Q/qdp", "PD/qQ/dp", "PD/Qq/pd", "PD/Qq/dp", "PD/Q/d/qp"]
    state = position(cols)
    # Rainbow's Goal: Pawn and Drone at home, Queen in the centre (with Xeno's Queen).
    assert L.config(state.columns, 2) == ((1, 2), (), (3,))
    assert not state.stack_matches(0)  # its Queen stands alone: no centre there
    assert state.stack_matches(1)  # the Xeno piece on top does not count
    assert state.stack_matches(3)
    assert not state.stack_matches(4)


def test_scoring_counts_pieces_off_their_goal_position() -> None:
    cols = ["PD/Q/qdp", "PD/Q/qdp", "PD/Q/pdq", "PD/Q/qdp", "PD/Q/qdp"]
    state = position(cols)
    won = replace(state, result=_win(0))
    score = game_score(won)
    # Xeno's Goal is a Nest at home; no piece of an untouched Tree stands on what the
    # Goal's piece stands on, so nothing matches: 24 pips and the 6-point bonus.
    assert score is not None and score["points"] == 30


def _win(seat: int) -> Any:
    from timegames.core import Outcome

    return Outcome.win((seat,), 2, "matched the Goal")


# -- Treehouse actions that keep their meaning --------------------------------------------


def test_swap_exchanges_two_pieces_in_different_positions() -> None:
    state = position(with_column(0, "QD/pP/qd"), face="SWAP")
    assert "use SWAP Da1 Pa2" in {GAME.action_to_text(a) for a in state.legal_actions()}
    after = play(state, "use SWAP Da1 Pa2")
    assert column(after, 0) == "QP/pD/qd"


def test_wild_pools_both_dice_for_any_stack() -> None:
    state = position(START, dice=(4, 2), face="WILD")
    after = play(state, "use WILD", "Qc2-c1+/+")
    assert after.remaining == (0, 0)


# -- notation and computer players --------------------------------------------------------


@pytest.mark.parametrize("text", ["Pa1-a1+/1", "Qc2-c1+/+", "Pa3-a4/2", "dig Pa2/1"])
def test_notation_round_trips(text: str) -> None:
    assert GAME.action_to_text(GAME.parse_action(text)) == text


def test_gaps_are_refused_on_the_standard_board() -> None:
    state = replace(GAME.new_game({}, 0), phase=PLAY, dice=(1, 1), remaining=(1, 1), face="TIP")
    problem = state.illegal_reason(GAME.parse_action("Pa1-a1+/1"))
    assert problem is not None and problem.rule == "no-gaps"


@pytest.mark.parametrize("level", ["random", "greedy", "planner"])
def test_every_level_plays_legal_moves_to_the_end(level: str) -> None:
    state: Any = GAME.new_game({"board": "boardless", "turn_limit": 100}, 5)
    bots = [make_bot(level), make_bot("greedy")]
    rng = random.Random(5)
    while state.current_player() != TERMINAL:
        seat = state.current_player()
        if seat < 0:
            state = state.apply(state.sample_chance())
            continue
        action = bots[seat].choose(state, BotContext(rng))
        assert state.illegal_reason(action) is None
        state = state.apply(action)
    assert state.turns <= 100


def test_a_loser_spread_over_more_places_than_the_goal_matches_nothing_there() -> None:
    # The loser's Queen stands in the first middle place, its Drone in the second;
    # the Goal is a whole stack at home.  Nothing matches (and nothing fails).
    stack = ((3,), ((2,), (1,)), ())
    goal = ((1, 2, 3), (), ())
    assert L.matching_sizes(stack, goal) == set()


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"stacks_to_match": 3},
        {"stacks_to_match": 2, "remove_matched": True},
        {"remove_matched": True},
        {"mode": "partners"},
        {"mode": "partners", "remove_matched": True},
    ],
)
def test_decided_games_without_a_board_are_scored_and_shown(options: dict[str, Any]) -> None:
    # A finished game is scored (game_score) and viewed at its end, whatever shape
    # the losers' stacks were left in.
    decided = 0
    for seed in range(6):
        state: Any = GAME.new_game({"board": "boardless", **options}, seed)
        bots = [make_bot("greedy"), make_bot("random")]
        rng = random.Random(seed)
        while state.current_player() != TERMINAL:
            seat = state.current_player()
            if seat < 0:
                state = state.apply(state.sample_chance())
                continue
            state = state.apply(bots[seat % 2].choose(state, BotContext(rng)))
        assert state.view(0)["outcome"] is not None
        if state.result.winners:
            decided += 1
            score = game_score(state)
            assert score is not None and 0 <= score["points"] <= 30
    assert decided >= 3


@pytest.mark.parametrize(("seat", "step"), [(0, "Qa2-a3/1"), (1, "qa3-a2/1")])
def test_one_step_that_completes_both_sides_wins_for_the_mover(seat: int, step: str) -> None:
    # Without a board a step that forms a centre moves the other side's pieces too
    # (from a middle place into the centre), so both can match at once.
    state = position(["PD/Q/q/pd"] + ["PD/Qq/pd"] * 4, seat=seat)
    assert not state.team_won(0) and not state.team_won(1)
    won = play(state, step)
    assert won.team_won(0) and won.team_won(1)
    assert won.result is not None and won.result.winners == (seat,)
