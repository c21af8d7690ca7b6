"""The rules page's live examples: each replays from seed 0 and shows what its caption says."""

from __future__ import annotations

from typing import Any

import pytest
from timegames.core import GameRecord, Seat, replay
from timegames.timelock import GAME
from timegames.timelock import board as B
from timegames.timelock.examples import BY_KEY, ROLLS

RAINBOW, XENO = 0, 1
GOAL_SHAPE = ((3, 1), (2,), ())
"""Queen at home with the Pawn on top, Drone in the second row."""


def final(key: str) -> Any:
    moves = BY_KEY[key].moves
    record = GameRecord("timelock", 0, GAME.normalise_options({}), (Seat("R"), Seat("X")), moves)
    return replay(record, len(moves))[-1]


def test_the_documented_rolls_are_what_seed_zero_gives() -> None:
    state = GAME.new_game({}, 0)
    for roll in ROLLS:
        assert GAME.action_to_text(state.sample_chance()) == roll
        state = state.apply(state.sample_chance()).play_text("end")


def test_examples_cover_every_rule_the_issue_lists() -> None:
    assert set(BY_KEY) == {
        "setup", "goal", "dig", "tip", "swap", "hop", "dig_action", "aim", "wild", "sum",
        "goal_move",
    }  # fmt: skip


def test_setup_example() -> None:
    state = final("setup")
    assert state.board == B.initial_board() and state.current_player() == RAINBOW


def test_goal_example_ends_with_the_documents_match() -> None:
    state = final("goal")
    assert state.is_terminal() and state.outcome().winners == (RAINBOW,)
    assert B.config(state.board, B.group(RAINBOW, 2)) == GOAL_SHAPE
    for f in B.STACK_FILES:
        assert B.config(state.board, B.group(RAINBOW, f)) == GOAL_SHAPE
    # Rainbow's own move completes the match; Xeno reshaped the Goal on its turns.
    moves = BY_KEY["goal"].moves
    record = GameRecord("timelock", 0, GAME.normalise_options({}), (Seat("R"), Seat("X")), moves)
    states = replay(record, len(moves))
    assert states[-2].current_player() == RAINBOW
    assert not states[-2].is_terminal()


def test_dig_example() -> None:
    state = final("dig")
    a3 = state.board[B.index("a3")]
    assert [B.side_of(p) for p in a3] == [XENO, RAINBOW]
    assert state.remaining[0] == 3  # the Pawn's dig cost 1 of die 1's 4


@pytest.mark.parametrize("key", ["tip", "swap", "hop", "dig_action", "aim", "wild"])
def test_treehouse_examples_use_their_face(key: str) -> None:
    state = final(key)
    face = key.replace("dig_action", "dig").upper()
    assert state.face == face and state.used
    assert any(m.startswith(f"use {face}") for m in BY_KEY[key].moves)


def test_tip_example_pays_a_goal_move_from_a_raised_die() -> None:
    state = final("tip")
    assert state.rolled == (1, 5) and state.dice == (6, 6)
    assert B.config(state.board, B.group(RAINBOW, 2)) == ((1, 2), (3,), ())


def test_aim_and_goal_move_examples() -> None:
    plain = final("goal_move")
    assert plain.remaining == (0, 2)
    aimed = final("aim")
    assert aimed.remaining == (1, 2)
    assert B.config(aimed.board, B.group(XENO, 2)) == ((1,), (3, 2), ())


def test_hop_wild_and_sum_examples() -> None:
    hop = final("hop")
    assert B.config(hop.board, B.group(XENO, 0)) == ((3,), (), (1, 2))
    wild = final("wild")
    assert wild.merged == "wild" and wild.remaining == (0, 0)
    summed = final("sum")
    assert summed.merged == "sum" and summed.dice == (3, 2)
    assert B.config(summed.board, B.group(XENO, 3)) == ((3,), (2, 1), ())
