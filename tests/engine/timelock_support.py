"""Helpers shared by the Timelock engine tests: positions after a roll, moves, refusals."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from timegames.timelock import GAME, TimelockState
from timegames.timelock import board as B
from timegames.timelock import boardless as L
from timegames.timelock.rules import PLAY

SET_UP = B.to_picture(B.initial_board())
"""The board as set up: Trees and Nests on both home rows."""


def rolled(state: TimelockState, dice: tuple[int, int], face: str, seat: int = 0) -> TimelockState:
    """``state`` in the play phase of ``seat``, with ``dice`` and ``face`` just rolled."""
    return replace(state, seat=seat, phase=PLAY, dice=dice, rolled=dice, face=face, remaining=dice)


def position(
    picture: str,
    dice: tuple[int, int] = (6, 6),
    face: str = "SWAP",
    seat: int = 0,
    **options: Any,
) -> TimelockState:
    """``picture`` on the board (rank 5 first, stacks bottom to top) after a fresh roll."""
    state = replace(GAME.new_game(options, 0), board=B.from_picture(picture))
    return rolled(state, dice, face, seat)


def boardless_position(
    columns: list[str],
    dice: tuple[int, int] = (6, 6),
    face: str = "SWAP",
    seat: int = 0,
    **options: Any,
) -> TimelockState:
    """A board-less game with ``columns`` after a fresh roll."""
    state = GAME.new_game({"board": "boardless", **options}, 0)
    return rolled(replace(state, columns=L.from_texts(columns)), dice, face, seat)


def play(state: Any, *moves: str) -> Any:
    """Play ``moves`` through the checked path."""
    for move in moves:
        state = state.play_text(move)
    return state


def refused(state: Any, move: str) -> str:
    """The rule id that refuses ``move``."""
    problem = state.illegal_reason(GAME.parse_action(move))
    assert problem is not None, f"{move} should be refused"
    assert problem.message
    return problem.rule
