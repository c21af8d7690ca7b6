"""Timelock rules: one scenario per rule of the document, per Treehouse action and per choice.

Positions are written as pictures (rank 5 first, each square's stack bottom
to top; upper case is Rainbow, the south side, lower case Xeno).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from timegames.core import (
    CHANCE,
    TERMINAL,
    BotContext,
    Budget,
    FormatError,
    IllegalAction,
    NotationError,
)
from timegames.timelock import GAME
from timegames.timelock import board as B
from timegames.timelock.rules import (
    COLOURS,
    FACES,
    PLAY,
    REMOVE,
    ROLL,
    EndTurn,
    Move,
    Roll,
    Settings,
    UseFace,
)
from timelock_support import play, position, refused

RAINBOW, XENO = 0, 1

START = """
5 qdp qdp pdq qdp qdp
4 .   .   .   .   .
3 .   .   .   .   .
2 .   .   .   .   .
1 QDP QDP PDQ QDP QDP
"""


def picture(state: Any) -> str:
    return B.to_picture(state.board)


def same_board(state: Any, expected: str) -> bool:
    return state.board == B.from_picture(expected)


# -- board and set-up --------------------------------------------------------------------------


def test_setup_trees_and_nests() -> None:
    state = GAME.new_game({}, 0)
    assert state.board == B.from_picture(START)
    # A Tree: Queen at the bottom, Pawn on top.  A Nest: Pawn innermost, Queen outermost.
    assert B.config(state.board, B.group(RAINBOW, 0)) == ((3, 2, 1), (), ())
    assert B.config(state.board, B.group(RAINBOW, 2)) == ((1, 2, 3), (), ())
    assert B.config(state.board, B.group(XENO, 4)) == ((3, 2, 1), (), ())
    assert B.config(state.board, B.group(XENO, 2)) == ((1, 2, 3), (), ())


def test_board_is_five_by_five_with_a_shared_centre_row() -> None:
    assert B.SQUARES == 25
    # Each group's lane runs from its home row to the centre row; both lanes share rank 3.
    assert [B.name(sq) for sq in B.lane(B.group(RAINBOW, 0))] == ["a1", "a2", "a3"]
    assert [B.name(sq) for sq in B.lane(B.group(XENO, 0))] == ["a5", "a4", "a3"]


def test_trees_in_one_column_have_different_colours() -> None:
    for f in range(5):
        assert COLOURS[B.group(RAINBOW, f)] != COLOURS[B.group(XENO, f)]
    assert len(set(COLOURS)) == 10


def test_the_treehouse_holder_rolls_first() -> None:
    state = GAME.new_game({}, 0)
    assert state.current_player() == CHANCE
    rolled = state.advance_chance()
    assert rolled.current_player() == RAINBOW


# -- the roll ----------------------------------------------------------------------------------


def test_a_roll_is_two_dice_and_the_treehouse_die_equally_likely() -> None:
    state = GAME.new_game({}, 5)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 * 6 * 6
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert {GAME.action_to_text(a).split()[3] for a, _ in outcomes} == set(FACES)
    roll = state.sample_chance()
    after = state.apply(roll)
    assert after.rng != state.rng
    assert after.phase == PLAY and after.dice == (roll.d1, roll.d2)
    assert after.face == FACES[roll.face]


def test_the_same_seed_rolls_the_same_dice() -> None:
    a = GAME.new_game({}, 11)
    b = GAME.new_game({}, 11)
    for _ in range(5):
        ra, rb = a.sample_chance(), b.sample_chance()
        assert ra == rb
        a = a.apply(ra).apply(EndTurn())
        b = b.apply(rb).apply(EndTurn())


def test_actions_before_the_roll_are_refused() -> None:
    state = GAME.new_game({}, 0)
    assert refused(state, "Pa1-a2/1") == "roll-first"
    assert refused(position(START), "roll 1 2 TIP") == "not-chance"


# -- moving ------------------------------------------------------------------------------------


def test_a_move_costs_the_pieces_pips_per_space() -> None:
    state = play(position(START, dice=(4, 2)), "Pa1-a2/1", "Pa2-a3/1")
    assert state.remaining == (2, 2)
    state = play(state, "Da1-a2/1")
    assert state.remaining == (0, 2)
    # A Queen needs 3 points from one die.
    uncovered = position(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 .   .   .   .   .
        1 Q   QDP PDQ QDP QDP
        """,
        dice=(2, 2),
    )
    assert refused(uncovered, "Qa1-a2/1") == "not-enough-points"


def test_pieces_move_forward_or_backward_in_their_column_up_to_the_centre() -> None:
    state = position(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 P   .   .   .   .
        2 .   .   .   .   .
        1 QD  QDP PDQ QDP QDP
        """
    )
    assert refused(state, "Pa3-a4/1") == "centre-row-limit"
    assert refused(state, "Pa3-b3/1") == "own-column"
    assert refused(state, "Pa3-a1/1") == "one-space"
    back = play(state, "Pa3-a2/1")
    assert back.board[B.index("a2")] == (B.piece(RAINBOW, 0, 1),)


def test_a_move_lands_on_top_of_the_target_stack() -> None:
    state = play(position(START, dice=(3, 1)), "Pa1-a2/1", "Da1-a2/1")
    sizes = [B.size_of(p) for p in state.board[B.index("a2")]]
    assert sizes == [1, 2]


def test_a_covered_piece_cannot_move() -> None:
    assert refused(position(START), "Da1-a2/1") == "covered"
    assert refused(position(START), "Qa1-a2/1") == "covered"


def test_points_split_among_pieces_of_one_stack_in_any_order() -> None:
    # Move a piece on, move another into the square it passed, bring the first back on top.
    state = play(position(START, dice=(5, 1)), "Pa1-a2/1", "Pa2-a3/1", "Da1-a2/1")
    assert same_board(
        state,
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 P   .   .   .   .
        2 D   .   .   .   .
        1 Q   QDP PDQ QDP QDP
        """,
    )
    state = play(state, "Pa3-a2/1")
    assert [B.size_of(p) for p in state.board[B.index("a2")]] == [2, 1]
    assert state.remaining == (0, 1)


def test_each_die_pays_for_one_stack_and_the_dice_for_different_stacks() -> None:
    state = play(position(START, dice=(4, 3)), "Pa1-a2/1")
    assert refused(state, "Pb1-b2/1") == "one-stack-per-die"
    assert refused(state, "Pa2-a3/2") == "different-stacks"
    state = play(state, "Pb1-b2/2")
    assert state.bound == (B.group(RAINBOW, 0), B.group(RAINBOW, 1))


def test_a_single_move_cannot_take_points_from_both_dice() -> None:
    state = position(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 .   .   .   .   .
        1 Q   QDP PDQ QDP QDP
        """,
        dice=(2, 1),
    )
    assert refused(state, "Qa1-a2/1") == "not-enough-points"
    assert refused(state, "Qa1-a2/2") == "not-enough-points"


def test_unused_points_are_lost_at_the_end_of_the_turn() -> None:
    state = play(position(START, dice=(6, 6)), "Pa1-a2/1", "end")
    assert state.phase == ROLL and state.current_player() == CHANCE
    assert state.remaining == (0, 0) and state.seat == XENO
    nxt = state.apply(Roll(1, 1, 0))
    assert nxt.remaining == (1, 1)


def test_a_move_must_name_the_die_that_pays() -> None:
    with pytest.raises(NotationError):
        GAME.parse_action("Pa1-a2")
    assert refused(position(START), "Pa1-a2/+") == "name-the-die"


# -- low dice ----------------------------------------------------------------------------------


def test_two_low_dice_may_be_summed_for_one_stack() -> None:
    state = play(position(START, dice=(3, 2)), "sum")
    assert state.remaining == (5, 0)
    state = play(state, "Pa1-a2/+", "Pa2-a3/+", "Da1-a2/+")
    assert state.remaining == (1, 0)
    assert refused(state, "Pb1-b2/+") == "sum-one-stack"
    assert refused(state, "Pa3-a2/1") == "dice-combined"


def test_summing_needs_both_dice_at_most_three() -> None:
    assert refused(position(START, dice=(4, 2)), "sum") == "sum-low-dice"
    assert refused(position(START, dice=(3, 4)), "sum") == "sum-low-dice"
    assert refused(play(position(START, dice=(1, 1)), "sum"), "sum") == "already-combined"


def test_a_sum_after_one_die_was_spent_stays_on_that_stack() -> None:
    state = play(position(START, dice=(2, 3)), "Pa1-a2/1", "sum")
    assert state.remaining == (4, 0)
    assert refused(state, "Pb1-b2/+") == "sum-one-stack"
    state = play(position(START, dice=(2, 3)), "Pa1-a2/1", "Pb1-b2/2")
    assert refused(state, "sum") == "sum-one-stack"


# -- digging -----------------------------------------------------------------------------------

DIG_BOARD = """
5 qd  qdp pdq qdp qdp
4 .   .   .   .   .
3 Pp  .   .   .   .
2 .   .   .   .   .
1 QD  QDP PDQ QDP QDP
"""


def test_a_covered_piece_in_the_centre_row_digs_to_the_top_for_its_cost() -> None:
    state = position(DIG_BOARD, dice=(1, 4))
    assert refused(state, "Pa3-a2/1") == "covered"
    state = play(state, "dig Pa3/1")
    assert [B.side_of(p) for p in state.board[B.index("a3")]] == [XENO, RAINBOW]
    assert state.remaining == (0, 4)


def test_digging_only_in_the_centre_row() -> None:
    assert refused(position(START), "dig Da1/1") == "dig-centre-only"
    on_top = position(DIG_BOARD, seat=XENO)
    assert refused(on_top, "dig Pa3/1") == "already-on-top"


# -- the opponent's Goal -----------------------------------------------------------------------


def test_moving_an_opponents_goal_piece_costs_six_from_one_die() -> None:
    state = play(position(START, dice=(6, 2)), "Qc5-c4/1")
    assert state.remaining == (0, 2)
    assert B.config(state.board, B.group(XENO, 2)) == ((1, 2), (3,), ())
    assert refused(position(START, dice=(4, 5)), "Qc5-c4/1") == "goal-costs-six"
    assert refused(position(START, dice=(4, 5)), "Qc5-c4/2") == "goal-costs-six"


def test_two_low_dice_summed_to_six_pay_for_a_goal_move() -> None:
    state = play(position(START, dice=(3, 3)), "sum", "Qc5-c4/+")
    assert state.remaining == (0, 0)


def test_covered_goal_pieces_cannot_move_but_dig_for_six_in_the_centre() -> None:
    assert refused(position(START), "Dc5-c4/1") == "covered"
    centre = position(
        """
        5 qdp qdp .   qdp qdp
        4 .   .   .   .   .
        3 .   .   pdq .   .
        2 .   .   .   .   .
        1 QDP QDP PDQ QDP QDP
        """,
        dice=(6, 5),
    )
    assert refused(centre, "dig Pc3/2") == "goal-costs-six"
    state = play(centre, "dig Pc3/1")
    assert B.config(state.board, B.group(XENO, 2)) == ((), (), (2, 3, 1))


def test_you_never_move_your_own_goal_or_the_opponents_stacks() -> None:
    state = position(START)
    assert refused(state, "Qc1-c2/1") == "own-goal"
    assert refused(state, "Pa5-a4/1") == "not-your-stack"


def test_the_goal_counts_as_a_stack_for_the_dice() -> None:
    # Two high dice cannot both go to the Goal without WILD.
    state = play(position(START, dice=(6, 6)), "Qc5-c4/1")
    assert refused(state, "Qc4-c3/2") == "different-stacks"


# -- Treehouse actions -------------------------------------------------------------------------


def test_tip_raises_both_dice_to_six() -> None:
    state = play(position(START, dice=(1, 5), face="TIP"), "use TIP")
    assert state.dice == (6, 6) and state.remaining == (6, 6)
    state = play(state, "Qc5-c4/1")
    assert state.remaining == (0, 6)


def test_tip_later_in_the_turn_keeps_what_was_spent() -> None:
    state = play(position(START, dice=(2, 3), face="TIP"), "Pa1-a2/1", "use TIP")
    assert state.remaining == (5, 6)


def test_swap_exchanges_two_pieces_of_one_stack_even_covered_ones() -> None:
    state = position(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 P   .   .   .   .
        2 .   .   .   .   .
        1 QD  QDP PDQ QDP QDP
        """,
        face="SWAP",
    )
    after = play(state, "use SWAP Qa1 Pa3")
    assert B.config(after.board, B.group(RAINBOW, 0)) == ((1, 2), (), (3,))
    assert after.remaining == state.remaining and after.used


def test_swap_is_refused_for_other_stacks_the_same_square_or_a_goal() -> None:
    state = position(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 P   P   .   .   .
        2 .   .   .   .   .
        1 QD  QD  PDQ QDP QDP
        """,
        face="SWAP",
    )
    assert refused(state, "use SWAP Qa1 Pb3") == "swap-same-stack"
    assert refused(state, "use SWAP Qa1 Da1") == "swap-different-squares"
    assert refused(state, "use SWAP Qc5 Pa3") == "own-stacks-only"


def test_hop_moves_any_distance_for_one_steps_cost() -> None:
    state = position(START, dice=(1, 6), face="HOP")
    assert refused(state, "Pa1-a3/1") == "one-space"
    state = play(state, "use HOP", "Pa1-a3/1")
    assert state.remaining == (0, 6)
    assert state.board[B.index("a3")] == (B.piece(RAINBOW, 0, 1),)


def test_hop_also_moves_goal_pieces_for_six() -> None:
    state = play(position(START, dice=(6, 2), face="HOP"), "use HOP", "Qc5-c3/1")
    assert B.config(state.board, B.group(XENO, 2)) == ((1, 2), (), (3,))
    assert state.remaining == (0, 2)


def test_dig_action_brings_any_own_piece_to_the_top_for_free() -> None:
    state = play(position(START, face="DIG"), "use DIG Qb1")
    assert B.config(state.board, B.group(RAINBOW, 1)) == ((2, 1, 3), (), ())
    assert state.remaining == (6, 6)
    assert refused(position(START, face="DIG"), "use DIG Pb1") == "already-on-top"
    assert refused(position(START, face="DIG"), "use DIG Dc5") == "own-stacks-only"


def test_aim_makes_goal_moves_cost_pips() -> None:
    state = play(position(START, dice=(5, 1), face="AIM"), "use AIM", "Qc5-c4/1", "Dc5-c4/1")
    assert state.remaining == (0, 1)
    assert B.config(state.board, B.group(XENO, 2)) == ((1,), (3, 2), ())


def test_wild_pools_both_dice_for_any_stacks_and_the_goal() -> None:
    state = play(position(START, dice=(6, 6), face="WILD"), "use WILD")
    assert state.remaining == (12, 0)
    state = play(state, "Qc5-c4/+", "Dc5-c4/+")
    assert state.remaining == (0, 0)
    spread = play(
        position(START, dice=(2, 3), face="WILD"),
        "use WILD",
        "Pa1-a2/+",
        "Pb1-b2/+",
        "Pd1-d2/+",
        "Pe1-e2/+",
        "Pe2-e3/+",
    )
    assert spread.remaining == (0, 0)


def test_treehouse_action_once_optional_and_only_the_rolled_face() -> None:
    state = position(START, face="HOP")
    assert refused(state, "use TIP") == "wrong-face"
    used = play(state, "use HOP")
    assert refused(used, "use HOP") == "one-action"
    # Optional: the turn can end without it.
    assert play(state, "end").phase == ROLL


def test_the_action_may_be_used_after_all_points_are_spent() -> None:
    state = play(position(START, dice=(1, 1), face="DIG"), "Pa1-a2/1", "Pb1-b2/2")
    state = play(state, "use DIG Qd1")
    assert state.used


# -- winning -----------------------------------------------------------------------------------

GOAL_EXAMPLE = """
5 qdp qdp pdq qdp qdp
4 .   .   .   .   .
3 .   .   .   .   .
2 D   D   D   D   .
1 QP  QP  QP  QP  QDP
"""


FINISH_E = ("Pe1-e2/1", "Pe2-e3/1", "De1-e2/1", "Pe3-e2/1", "Pe2-e1/1")
"""Six points from die 1 turn the e Tree into the goal example's shape."""


def test_the_documents_goal_example() -> None:
    # Goal: Queen in the first row with the Pawn on top of it, Drone in the second row.
    state = position(GOAL_EXAMPLE, dice=(6, 6))
    assert B.config(state.board, B.group(RAINBOW, 2)) == ((3, 1), (2,), ())
    state = play(state, *FINISH_E[:-1])
    assert not state.is_terminal()  # the Pawn is on the Drone, not on the Queen
    state = play(state, FINISH_E[-1])
    assert state.current_player() == TERMINAL
    assert state.outcome() is not None and state.outcome().winners == (RAINBOW,)
    for f in B.STACK_FILES:
        assert B.config(state.board, B.group(RAINBOW, f)) == ((3, 1), (2,), ())


def test_relative_order_matters_pawn_under_queen_is_no_match() -> None:
    state = position(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 D   D   D   D   D
        1 QP  QP  QP  QP  PQ
        """
    )
    assert state.team_matched(RAINBOW) == 3
    assert not state.stack_matches(B.group(RAINBOW, 4))


def test_opponent_pieces_in_the_centre_row_are_ignored() -> None:
    state = position(
        """
        5 qd   q    pd   qdp  d
        4 .    .    .    .    .
        3 DpQ  dDQp DqQ  DQ   qDpQ
        2 .    .    .    .    .
        1 P    P    P    P    P
        """
    )
    # Rainbow's Goal: Pawn at home, Drone under Queen in the centre, Xeno pieces between.
    assert B.config(state.board, B.group(RAINBOW, 2)) == ((1,), (), (2, 3))
    assert state.team_matched(RAINBOW) == 4
    done = play(state, "Dc5-c4/1")  # any step triggers the check
    assert done.is_terminal() and done.outcome().winners == (RAINBOW,)


def test_the_win_is_checked_after_every_step_even_with_points_left() -> None:
    state = play(position(GOAL_EXAMPLE, dice=(6, 6)), *FINISH_E)
    assert state.is_terminal() and state.outcome().winners == (RAINBOW,)
    assert state.remaining == (0, 6)
    assert state.legal_actions() == []


def test_moving_the_opponents_goal_into_a_match_makes_the_opponent_win() -> None:
    # Xeno's stacks: Queen and Pawn at home, Drone in the second row.  Its Goal lacks only
    # the Pawn on the Queen; Rainbow moving that Pawn completes Xeno's match.
    state = position(
        """
        5 qp  qp  q   qp  qp
        4 d   d   dp  d   d
        3 .   .   .   .   .
        2 .   .   .   .   .
        1 QDP QDP PDQ QDP QDP
        """,
        dice=(6, 6),
    )
    assert state.team_matched(XENO) == 0
    done = play(state, "Pc4-c5/1")
    assert done.is_terminal() and done.outcome().winners == (XENO,)


def test_when_a_step_completes_both_teams_the_mover_wins() -> None:
    # Partners: every Xeno stack must match the south Goal, which the two south players
    # steer.  Rainbow's stacks already match the north Goal; one move of the south Goal by
    # Rainbow West (team 0) completes both teams at once, and the mover's team wins.
    state = position(
        """
        5 qdp qdp qp  qdp qdp
        4 .   .   d   .   .
        3 .   .   .   .   .
        2 D   D   P   D   D
        1 QP  QP  QD  QP  QP
        """,
        dice=(6, 6),
        mode="partners",
    )
    assert state.settings.team_of(0) == 0
    assert not state.team_won(0) and not state.team_won(1)
    done = play(state, "Pc2-c1/1")
    assert done.is_terminal()
    assert done.outcome().winners == (0, 2)


def test_turn_limit_ends_the_game_in_a_draw() -> None:
    state = replace(position(START), turns=199)
    done = play(state, "end")
    assert done.is_terminal() and done.outcome().winners == ()
    assert done.outcome().reason == "the turn limit was reached"


def test_every_turn_offers_end() -> None:
    state = GAME.new_game({}, 3).advance_chance()
    assert EndTurn() in state.legal_actions()


# -- variants ----------------------------------------------------------------------------------


def test_shorter_game_matching_three_or_two_stacks() -> None:
    three = position(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 D   D   D   .   .
        1 QP  QP  QP  QDP QDP
        """,
        dice=(6, 6),
        stacks_to_match=3,
    )
    assert three.team_matched(RAINBOW) == 2
    done = play(three, *(m.replace("e", "d") for m in FINISH_E))
    assert done.is_terminal() and done.outcome().winners == (RAINBOW,)
    four = position(GOAL_EXAMPLE, dice=(1, 1))
    assert not play(four, "Pe1-e2/1").is_terminal()
    two = position(GOAL_EXAMPLE, dice=(1, 1), stacks_to_match=2)
    assert play(two, "Pe1-e2/1").outcome().winners == (RAINBOW,)


NEAR_MATCH = """
    5 qdp qdp pdq qdp qdp
    4 .   .   .   .   .
    3 .   .   .   .   .
    2 .   .   D   .   .
    1 QDP QDP QP  QDP QDP
    """
"""Rainbow's Goal with its Drone a row up: FINISH_E (or its a-file twin) makes a stack match it."""


def test_remove_matched_stacks_leave_the_board_and_the_last_removal_wins() -> None:
    picture_ = NEAR_MATCH
    state = position(picture_, dice=(6, 6), remove_matched=True)
    state = play(state, *(m.replace("e", "a") for m in FINISH_E))
    assert state.removed == (B.group(RAINBOW, 0),)
    assert all(B.group_of(p) != B.group(RAINBOW, 0) for s in state.board for p in s)
    assert not state.is_terminal()
    assert refused(state, "Pb1-b2/1") == "one-stack-per-die"
    last = replace(position(picture_, dice=(6, 6), remove_matched=True), removed=(0, 1, 3))
    last = replace(
        last, board=B.from_picture(picture_.replace("QDP QDP QP  QDP", ".   .   QP  .  "))
    )
    done = play(last, *FINISH_E)
    assert done.is_terminal() and done.outcome().winners == (RAINBOW,)
    assert done.outcome().reason == "removed every stack"


def test_with_both_shorter_options_the_chosen_number_of_removals_wins() -> None:
    picture_ = NEAR_MATCH
    options = {"remove_matched": True, "stacks_to_match": 2}
    one = replace(position(picture_, dice=(6, 6), **options), removed=(0,))
    one = replace(one, board=B.from_picture(picture_.replace("1 QDP", "1 .  ")))
    done = play(one, *FINISH_E)
    assert len(done.removed) == 2 and done.removed[0] == B.group(RAINBOW, 0)
    assert done.is_terminal() and done.outcome().winners == (RAINBOW,)
    assert done.outcome().reason == "removed 2 stacks"


def test_partners_sit_at_opposite_corners_and_move_the_goal_on_their_side() -> None:
    state = GAME.new_game({"mode": "partners"}, 0)
    assert GAME.seat_count({"mode": "partners"}) == 4
    s = state.settings
    # Seats go round the board: south-west, north-west, north-east, south-east.
    assert GAME.seat_labels({"mode": "partners"}) == [
        "Rainbow West",
        "Xeno West",
        "Xeno East",
        "Rainbow East",
    ]
    assert [s.stacks_of(seat) for seat in range(4)] == [(0, 1), (5, 6), (8, 9), (3, 4)]
    # Partners sit at opposite corners: south-west with north-east, north-west with south-east.
    assert [s.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    # Each moves the Goal on their own side ...
    assert [s.goal_moved_by(seat) for seat in range(4)] == [2, 7, 7, 2]
    # ... which is the Goal the stacks across the board match: your partner steers your Goal.
    assert [s.goal_of(g) for g in (0, 1, 3, 4, 5, 6, 8, 9)] == [7, 7, 7, 7, 2, 2, 2, 2]
    for seat in range(4):
        partner = (seat + 2) % 4
        assert s.goal_moved_by(partner) == s.goal_of(s.stacks_of(seat)[0])
    north = replace(position(START, mode="partners"), seat=1)
    assert refused(north, "Pd5-d4/1") == "not-your-stack"
    assert north.illegal_reason(GAME.parse_action("Pa5-a4/1")) is None
    assert north.illegal_reason(GAME.parse_action("Qc5-c4/1")) is None
    assert refused(north, "Qc1-c2/1") == "near-goal-only"
    south_east = replace(position(START, mode="partners"), seat=3)
    assert south_east.illegal_reason(GAME.parse_action("Qc1-c2/1")) is None
    assert refused(south_east, "Qc5-c4/1") == "near-goal-only"


PARTNERS_HALF_DONE = """
    5 qdp qdp pdq pd  qdp
    4 .   .   .   q   .
    3 .   .   .   .   .
    2 .   .   .   .   .
    1 PDQ PDQ PDQ QDP QDP
    """
"""South-west's two Rainbow stacks match the north Goal (a Nest); north-east's Xeno d
stack is one Queen move from matching the south Goal, its e stack far from it."""


@pytest.mark.parametrize("stacks", [4, 3, 2])
def test_partners_team_needs_both_partners_stacks(stacks: int) -> None:
    state = position(
        PARTNERS_HALF_DONE, dice=(6, 6), seat=2, mode="partners", stacks_to_match=stacks
    )
    # Two of team 0's stacks match, but both are south-west's: not even with two to match.
    assert state.team_matched(0) == 2 and not state.team_won(0)
    after = play(state, "Qd4-d5/1")  # north-east brings the d stack home as a Nest
    assert after.team_matched(0) == 3
    if stacks == 4:
        assert not after.is_terminal()
    else:
        assert after.is_terminal() and after.outcome().winners == (0, 2)


def test_partners_progress_counts_only_matches_the_win_can_use() -> None:
    # QA: "2 of 2 matched" for a team that had not won (both matches one partner's),
    # and "3 of 2 matched" for the winners.
    state = position(PARTNERS_HALF_DONE, dice=(6, 6), seat=2, mode="partners", stacks_to_match=2)
    team = state.view(2)["teams"][0]
    assert [st["matches"] for st in team["stacks"]] == [True, True, False, False]
    assert team["matched"] == 1 and team["needed"] == 2 and not team["won"]
    assert team["waiting_on"] == [2]  # north-east still owes a match
    assert team["distance"] == 3  # one Queen step brings the d stack home
    done = play(state, "Qd4-d5/1")
    assert done.is_terminal() and done.outcome().winners == (0, 2)
    team = done.view(None)["teams"][0]
    assert done.team_matched(0) == 3
    assert team["matched"] == 2 and team["won"] and team["waiting_on"] == []
    assert team["distance"] is None


@pytest.mark.parametrize("stacks", [4, 3, 2])
@pytest.mark.parametrize(
    "variant",
    [
        {"mode": "duel"},
        {"mode": "partners"},
        {"mode": "partners", "remove_matched": True},
        {"board": "boardless"},
    ],
    ids=["duel", "partners", "partners-removing", "boardless"],
)
def test_progress_reaches_what_is_needed_exactly_when_the_team_has_won(
    stacks: int, variant: dict[str, Any]
) -> None:
    state = GAME.new_game({**variant, "stacks_to_match": stacks}, 0)
    rng = random.Random(stacks)
    bot = GAME.make_bot("greedy")  # it wins within a few hundred steps
    for _ in range(3000):
        for t in range(state.settings.teams):
            progress = state.team_progress(t)
            assert progress <= stacks and progress <= state.team_matched(t)
            assert (progress == stacks) == state.team_won(t)
            assert (state.team_distance_to_win(t) == 0) == state.team_won(t)
            view = state.view(None)["teams"][t]
            assert view["matched"] == progress and view["won"] == state.team_won(t)
            assert (view["distance"] is None) == state.team_won(t)
        if state.is_terminal():
            break
        if state.is_chance():
            state = state.advance_chance()
        else:
            state = state.apply(bot.choose(state, BotContext(rng, Budget(0.05))))
    assert state.is_terminal() and state.outcome().winners


def test_distance_counts_only_the_stacks_the_win_needs() -> None:
    # QA: "2 of 2 matched · 6 pts of moves away" for the winner of a two-stack game.
    start = {n: GAME.new_game({"stacks_to_match": n}, 0) for n in (4, 3, 2)}
    assert [start[n].view(0)["teams"][1]["distance"] for n in (4, 3, 2)] == [72, 54, 36]
    one_left = position(GOAL_EXAMPLE, dice=(1, 1), stacks_to_match=4)
    assert one_left.view(0)["teams"][0]["distance"] == 6
    won = play(position(GOAL_EXAMPLE, dice=(1, 1), stacks_to_match=2), "Pe1-e2/1")
    assert won.is_terminal()
    team = won.view(None)["teams"][0]
    assert team["won"] and team["matched"] == 2 and team["distance"] is None
    # Removed stacks cost nothing: with two of four to match, one removed and one
    # stack six points from its Goal, six points are left.
    options = {"remove_matched": True, "stacks_to_match": 2}
    one = replace(position(NEAR_MATCH, dice=(6, 6), **options), removed=(0,))
    one = replace(one, board=B.from_picture(NEAR_MATCH.replace("1 QDP", "1 .  ")))
    team = one.view(0)["teams"][0]
    assert team["matched"] == 1 and team["distance"] == 6
    assert one.team_distance(RAINBOW) == 18  # all three stacks: what the computer weighs


def test_solitaire_high_rolls_remove_opposing_pyramids_first() -> None:
    state = GAME.new_game({"mode": "solitaire"}, 0).apply(Roll(5, 6, 0))
    assert state.phase == REMOVE and state.pending == 2
    assert refused(state, "Pa1-a2/1") == "remove-first"
    state = play(state, "remove a", "remove a")
    assert state.phase == PLAY
    assert state.board[B.index("a5")] == (B.piece(XENO, 0, 3),)
    low = GAME.new_game({"mode": "solitaire"}, 0).apply(Roll(4, 3, 0))
    assert low.phase == PLAY


def test_solitaire_harder_settings() -> None:
    four = GAME.new_game({"mode": "solitaire", "removal_from": 4}, 0).apply(Roll(4, 3, 0))
    assert four.pending == 1
    three = GAME.new_game({"mode": "solitaire", "removal_from": 3}, 0).apply(Roll(4, 3, 0))
    assert three.pending == 2
    extra = GAME.new_game({"mode": "solitaire", "extra_removal": True}, 0).apply(Roll(1, 2, 0))
    assert extra.pending == 1


def test_solitaire_tip_counts_as_two_sixes() -> None:
    state = GAME.new_game({"mode": "solitaire"}, 0).apply(Roll(2, 5, 0))
    state = play(state, "remove b")
    state = play(state, "use TIP")
    assert state.phase == REMOVE and state.pending == 1


def test_solitaire_tip_removals_come_when_tip_is_used_even_after_moves() -> None:
    # The dice's removals come first; TIP's two come when it is used, here after a move.
    state = position(START, (2, 1), "TIP", mode="solitaire")
    assert state.phase == PLAY
    state = play(state, "Pa1-a2/1", "use TIP")
    assert state.phase == REMOVE and state.pending == 2
    assert refused(state, "Pb1-b2/2") == "remove-first"
    state = play(state, "remove a", "remove b")
    assert state.phase == PLAY


def test_solitaire_replacement_for_six_and_free_with_aim() -> None:
    base = position(
        """
        5 q   qdp pdq qdp qdp
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 .   .   .   .   .
        1 QDP QDP PDQ QDP QDP
        """,
        dice=(6, 4),
        face="AIM",
        mode="solitaire",
    )
    assert refused(base, "replace b/1") == "stack-complete"
    assert refused(base, "replace a/2") == "replace-costs-six"
    paid = play(base, "replace a/1")
    assert [B.size_of(p) for p in paid.board[B.index("a5")]] == [3, 2]
    free = play(base, "use AIM a", "replace a/1")
    assert [B.size_of(p) for p in free.board[B.index("a5")]] == [3, 2, 1]
    assert refused(base, "use AIM") == "solitaire-aim"
    assert refused(position(START, face="AIM"), "use AIM a") == "solitaire-only"


def test_solitaire_is_lost_when_every_opposing_pyramid_is_gone() -> None:
    state = position(
        """
        5 q   .   pdq .   .
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 .   .   .   .   .
        1 QDP QDP PDQ QDP QDP
        """,
        mode="solitaire",
    )
    state = replace(state, phase=REMOVE, pending=1)
    done = play(state, "remove a")
    assert done.is_terminal() and done.outcome().winners == ()
    assert done.outcome().returns == (-1.0,)


def test_solitaire_goal_never_changes_and_a_match_wins() -> None:
    state = position(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 .   .   .   .   Q
        1 PDQ PDQ PDQ PDQ PD
        """,
        dice=(3, 1),
        mode="solitaire",
    )
    # No opponent moves the Goal, so it stays a Nest; the Trees must become Nests too.
    assert B.config(state.board, B.group(RAINBOW, 2)) == B.NEST
    done = play(state, "Qe2-e1/1")
    assert done.is_terminal() and done.outcome().winners == (RAINBOW,)


def test_options_and_seats() -> None:
    assert GAME.seat_count({"mode": "solitaire"}) == 1
    assert GAME.seat_labels(GAME.normalise_options({})) == ["Rainbow", "Xeno"]
    with pytest.raises(FormatError):
        GAME.normalise_options({"stacks_to_match": 1})
    assert Settings().seats == 2


# -- notation and serialisation ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "roll 5 2 HOP",
        "Pa1-a2/1",
        "Qc5-c3/+",
        "dig Qa3/2",
        "sum",
        "end",
        "use TIP",
        "use HOP",
        "use AIM",
        "use WILD",
        "use SWAP Qa1 Pa3",
        "use DIG Da1",
        "use AIM b",
        "remove d",
        "replace e/1",
    ],
)
def test_notation_round_trips(text: str) -> None:
    assert GAME.action_to_text(GAME.parse_action(text)) == text


def test_notation_is_forgiving_about_case_and_swap_order() -> None:
    assert GAME.parse_action("USE swap pa3 qa1") == GAME.parse_action("use SWAP Qa1 Pa3")
    assert GAME.parse_action("qa1-A2/1") == Move(3, B.index("a1"), B.index("a2"), 1)


@pytest.mark.parametrize(
    "text", ["", "Pa1-a9/1", "Xa1-a2/1", "roll 7 1 TIP", "roll 1 1 JUMP", "use", "dig Qa3", "x"]
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_action(text)


@pytest.mark.parametrize("text", ["xyz", "x", "Pa1", "hello world", "a1-a2", "xyz/1", "end now"])
def test_text_that_is_no_move_is_refused_as_not_a_move(text: str) -> None:
    # QA: "xyz" was answered "say which die pays, such as xyz/1".
    with pytest.raises(NotationError) as err:
        GAME.parse_action(text)
    message = str(err.value)
    assert message.startswith(repr(text) + " is not a Timelock move")
    assert "Pa1-a2/1" in message and "die pays" not in message
    state = GAME.new_game({}, 0).advance_chance()
    with pytest.raises(IllegalAction) as refusal:
        state.play_text(text)
    assert refusal.value.rule == "notation"


def test_a_move_without_its_die_is_asked_for_the_die() -> None:
    with pytest.raises(NotationError, match=r"say which die pays, such as Pa1-a2/1$"):
        GAME.parse_action("Pa1-a2")


@pytest.mark.parametrize(
    "text",
    ["x" * 500, "Q" + "a" * 300 + "-a2/1", "Pa1-a2/" + "9" * 300, "use SWAP " + "Qa1 " * 100],
    ids=["garbage", "piece", "die", "swap"],
)
def test_long_input_is_quoted_back_cut_short(text: str) -> None:
    # QA: a 500-character input was repeated in full in the message.
    with pytest.raises(NotationError) as err:
        GAME.parse_action(text)
    message = str(err.value)
    assert len(message) < 160 and "…" in message
    assert text not in message


def test_every_legal_action_still_parses_back() -> None:
    state = position(START, dice=(3, 2), face="SWAP")
    for action in state.legal_actions():
        assert GAME.parse_action(GAME.action_to_text(action)) == action
    boardless = GAME.new_game({"board": "boardless"}, 0).advance_chance()
    for action in boardless.legal_actions():
        assert GAME.parse_action(GAME.action_to_text(action)) == action


def test_state_round_trips_through_its_dict() -> None:
    state = play(position(DIG_BOARD, dice=(3, 3), face="WILD"), "use WILD", "dig Pa3/+")
    back = GAME.from_dict(state.to_dict())
    assert back == state
    with pytest.raises(FormatError):
        GAME.from_dict({**state.to_dict(), "phase": "dance"})


# -- the view a page uses ----------------------------------------------------------------------


def test_view_groups_moves_by_piece_with_costs_and_dice() -> None:
    view = position(START, dice=(6, 2), face="HOP").view(0)
    pawns = [p for p in view["pieces"] if p["square"] == "a1"]
    assert len(pawns) == 1 and pawns[0]["letter"] == "P"
    target = pawns[0]["targets"][0]
    assert target == {"square": "a2", "cost": 1, "actions": {"1": "Pa1-a2/1", "2": "Pa1-a2/2"}}
    goal = next(p for p in view["pieces"] if p["square"] == "c5")
    assert goal["targets"][0]["cost"] == 6 and list(goal["targets"][0]["actions"]) == ["1"]
    assert view["treehouse"] == ["use HOP"]
    assert view["other"] == ["end"]
    assert [p["remaining"] for p in view["pools"]] == [6, 2]
    assert view["face"] == "HOP"
    assert view["squares"]["c1"][-1]["letter"] == "Q"


def test_view_after_hop_lists_far_targets() -> None:
    view = play(position(START, dice=(6, 2), face="HOP"), "use HOP").view(None)
    pawn = next(p for p in view["pieces"] if p["square"] == "a1")
    assert [t["square"] for t in pawn["targets"]] == ["a2", "a3"]


def test_tip_after_a_sum_gives_two_separate_sixes_not_a_pool_of_twelve() -> None:
    # TIP sets both dice to 6; only WILD puts both dice on one stack.  A sum of two low
    # dice ends when TIP turns them into 6s: what the sum paid for stays on die 1.
    state = play(position(START, dice=(3, 2), face="TIP"), "sum", "Pa1-a2/+", "use TIP")
    assert state.merged == "" and state.dice == (6, 6)
    assert state.remaining == (6 - 1, 6) and state.bound[0] == B.group(RAINBOW, 0)
    assert refused(state, "Pa2-a3/+") == "name-the-die"
    assert refused(state, "Pa2-a3/2") == "different-stacks"
    assert refused(state, "Qc5-c4/1") == "one-stack-per-die"
    assert state.illegal_reason(GAME.parse_action("Qc5-c4/2")) is None
    # No single stack (nor the opponent's Goal) ever gets more than one die's 6.
    goal_twice = play(position(START, dice=(3, 3), face="TIP"), "sum", "use TIP", "Qc5-c4/1")
    assert refused(goal_twice, "Dc5-c4/2") == "different-stacks"
    tipped = play(position(START, dice=(3, 2), face="TIP"), "use TIP")
    assert refused(tipped, "sum") == "sum-low-dice"


def test_wild_goal_moves_still_cost_six() -> None:
    state = play(position(START, dice=(3, 2), face="WILD"), "use WILD")
    assert refused(state, "Qc5-c4/+") == "goal-costs-six"


def test_aim_also_makes_goal_digs_cost_pips() -> None:
    centre = """
        5 qdp qdp .   qdp qdp
        4 .   .   .   .   .
        3 .   .   pdq .   .
        2 .   .   .   .   .
        1 QDP QDP PDQ QDP QDP
        """
    state = play(position(centre, dice=(1, 2), face="AIM"), "use AIM", "dig Pc3/1")
    assert state.remaining == (0, 2)


def test_solitaire_turn_limit_is_a_loss_and_the_far_goal_may_move() -> None:
    state = replace(position(START, mode="solitaire"), turns=199)
    assert GAME.parse_action("Qc5-c4/1") in state.legal_actions()
    done = play(state, "end")
    assert done.is_terminal() and done.outcome().returns == (-1.0,)


# -- the Treehouse action: only TIP, HOP, AIM and WILD are used without pieces -------------------


@pytest.mark.parametrize("face", ["SWAP", "DIG"])
def test_swap_and_dig_without_their_pieces_are_refused_not_played_as_wild(face: str) -> None:
    state = GAME.new_game({"first": 0}, 0).apply(Roll(2, 3, FACES.index(face)))
    problem = state.illegal_reason(UseFace(face))
    assert problem is not None and problem.rule == "face-needs-pieces"
    with pytest.raises(ValueError):
        state.apply(UseFace(face))
    with pytest.raises(IllegalAction):
        state.play(UseFace(face))


def test_a_face_the_die_does_not_have_is_refused() -> None:
    state = position(START, dice=(2, 3), face="TIP")
    problem = state.illegal_reason(UseFace("JUMP"))
    assert problem is not None and problem.rule == "no-such-face"
    with pytest.raises(ValueError):
        state.apply(UseFace("JUMP"))


@pytest.mark.parametrize("face", ["TIP", "HOP", "AIM", "WILD"])
def test_the_plain_faces_are_still_used_without_pieces(face: str) -> None:
    state = position(START, dice=(2, 3), face=face)
    assert state.illegal_reason(UseFace(face)) is None
    assert state.play(UseFace(face)).used


# -- loading a saved state: what no game can reach is refused ------------------------------------


SOLITAIRE_LIVES = """
    5 qd  q   pdq qdp .
    4 .   .   .   .   .
    3 .   .   .   .   .
    2 .   .   .   .   .
    1 QDP QDP PDQ QDP QDP
    """
"""Solitaire after removals: Xeno's Trees have lost their tops (e has none left)."""

REMOVED_A = """
    5 qdp qdp pdq qdp qdp
    4 .   .   .   .   .
    3 .   .   .   .   .
    2 .   .   .   .   .
    1 .   QDP PDQ QDP QDP
    """
"""Remove-matched: Rainbow's stack a has left the board."""


def saved(picture: str = START, **options: Any) -> dict[str, Any]:
    data: dict[str, Any] = position(picture, **options).to_dict()
    return data


def with_removed_a() -> dict[str, Any]:
    return {**saved(REMOVED_A, remove_matched=True), "removed": [B.group(RAINBOW, 0)]}


def test_real_states_with_pieces_off_the_board_still_load() -> None:
    for data in (saved(SOLITAIRE_LIVES, mode="solitaire"), with_removed_a()):
        assert GAME.from_dict(data).to_dict() == data


def test_from_picture_allows_missing_pieces_and_the_loader_judges_them() -> None:
    # The picture reader cannot know the variant; from_dict checks what may be missing.
    assert len([p for stack in B.from_picture(REMOVED_A) for p in stack]) == 27
    with pytest.raises(FormatError, match="missing"):
        GAME.from_dict(saved(REMOVED_A))


TAMPERED = {
    "seat-outside-the-game": lambda: {**saved(), "seat": 2},
    "negative-seat": lambda: {**saved(), "seat": -1},
    "die-bound-to-no-group": lambda: {**saved(), "bound": [10, -1]},
    "die-bound-below-none": lambda: {**saved(), "bound": [-2, -1]},
    "negative-points": lambda: {**saved(), "remaining": [-1, 3]},
    "too-many-points": lambda: {**saved(), "remaining": [13, 0]},
    "die-of-seven": lambda: {**saved(), "dice": [7, 1]},
    "negative-pending": lambda: {**saved(), "pending": -1},
    "negative-turns": lambda: {**saved(), "turns": -3},
    "last-off-the-board": lambda: {**saved(), "last": [99]},
    "removed-out-of-range": lambda: {**with_removed_a(), "removed": [12]},
    "removed-goal": lambda: {**with_removed_a(), "removed": [0, B.group(RAINBOW, 2)]},
    "removed-twice": lambda: {**with_removed_a(), "removed": [0, 0]},
    "removed-without-the-variant": lambda: {**with_removed_a(), "settings": saved()["settings"]},
    "removed-stack-still-on-board": lambda: {**saved(remove_matched=True), "removed": [0]},
    "piece-missing": lambda: saved(REMOVED_A),
    "solitaire-bottom-missing": lambda: saved(
        SOLITAIRE_LIVES.replace("qd  q", "qd  d"), mode="solitaire"
    ),
    "solitaire-life-moved": lambda: saved(
        SOLITAIRE_LIVES.replace("5 qd ", "5 q  ").replace("4 . ", "4 d "), mode="solitaire"
    ),
    "winner-not-a-seat": lambda: {
        **saved(),
        "result": {"winners": [5], "reason": "matched the Goal", "returns": [-1.0, -1.0]},
    },
    "winner-half-a-team": lambda: {
        **saved(mode="partners"),
        "result": {"winners": [0], "reason": "matched the Goal", "returns": [1.0] + [-1.0] * 3},
    },
    "returns-for-other-seats": lambda: {
        **saved(),
        "result": {"winners": [0], "reason": "matched the Goal", "returns": [1.0]},
    },
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_a_state_no_game_can_reach_is_refused_on_loading(case: str) -> None:
    with pytest.raises(FormatError):
        GAME.from_dict(TAMPERED[case]())


def test_a_boardless_save_with_a_piece_missing_is_refused() -> None:
    data = GAME.new_game({"board": "boardless"}, 1).to_dict()
    data["columns"][0] = "QD/qdp"
    with pytest.raises(FormatError, match="missing"):
        GAME.from_dict(data)


def test_the_score_tool_refuses_a_result_naming_a_seat_that_does_not_play() -> None:
    data = {
        **saved(),
        "result": {"winners": [5], "reason": "matched the Goal", "returns": [-1.0, -1.0]},
    }
    with pytest.raises(FormatError):
        GAME.tool("score", {"state": data})
