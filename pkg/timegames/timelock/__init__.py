"""Timelock: a dice race to make four pyramid stacks match a Goal the opponent keeps changing.

The board, pieces and match logic live in :mod:`.board` (and, for the
experimental variant without a board, :mod:`.boardless`), the rules and
notation in :mod:`.rules`, the optional scoring in :mod:`.scoring` and the
computer players in :mod:`.ai`.
"""

from .ai import LEVELS, make_bot
from .board import from_picture, to_picture
from .rules import (
    FACES,
    GAME,
    Dig,
    EndTurn,
    Move,
    Remove,
    Replace,
    Roll,
    Settings,
    Sum,
    TimelockGame,
    TimelockState,
    UseDig,
    UseFace,
    UseReplace,
    UseSwap,
)

# Bots attach here, so that the rules never import the AI.
GAME.set_bots(LEVELS, make_bot)

__all__ = [
    "FACES",
    "GAME",
    "Dig",
    "EndTurn",
    "Move",
    "Remove",
    "Replace",
    "Roll",
    "Settings",
    "Sum",
    "TimelockGame",
    "TimelockState",
    "UseDig",
    "UseFace",
    "UseReplace",
    "UseSwap",
    "from_picture",
    "to_picture",
]
