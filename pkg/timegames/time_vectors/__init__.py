"""Time Vectors: four in a row on a 4×4×4×4 board whose fourth dimension, time, is cyclic.

The board and its 976 vectors live in :mod:`.board`, the rules in :mod:`.rules`
and the computer players in :mod:`.ai`.
"""

from .ai import LEVELS, make_bot
from .board import DIMENSION_NAMES, QUADRANTS, VECTOR_KIND, VECTORS, vector_dimensions
from .rules import GAME, Choose, Claim, EndTurn, Place, Swap, TimeVectorsGame, TimeVectorsState

# Bots attach here, so that the rules never import the AI.
GAME.set_bots(LEVELS, make_bot)

__all__ = [
    "DIMENSION_NAMES",
    "GAME",
    "QUADRANTS",
    "VECTORS",
    "VECTOR_KIND",
    "Choose",
    "Claim",
    "EndTurn",
    "Place",
    "Swap",
    "TimeVectorsGame",
    "TimeVectorsState",
    "vector_dimensions",
]
