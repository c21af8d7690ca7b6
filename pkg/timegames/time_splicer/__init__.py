"""Time Splicer: bid for technology tiles and splice them into the timeline.

The tile set lives in ``tiles.json`` (read by :mod:`.content`), the grid's
linking rules, costs and longest path in :mod:`.board`, the orders and their
notation in :mod:`.orders`, the state and order phase in :mod:`.rules`, the
turn's resolution in :mod:`.resolve`, the per-seat views in :mod:`.views`
and the computer players in :mod:`.ai`.
"""

from .ai import LEVELS, make_bot
from .board import COST_TABLE, Cell, Piece, longest_path
from .content import GROUPS, SPLICER_ID, START_ID, TILES
from .orders import Bid, Bump, Cap, Improve, Place, Restack, Seed, Submit
from .rules import GAME, MAX_TURNS, SplicerGame, SplicerState

# Bots attach here, so that the rules never import the AI.
GAME.set_bots(LEVELS, make_bot)

__all__ = [
    "COST_TABLE",
    "GAME",
    "GROUPS",
    "MAX_TURNS",
    "SPLICER_ID",
    "START_ID",
    "TILES",
    "Bid",
    "Bump",
    "Cap",
    "Cell",
    "Improve",
    "Piece",
    "Place",
    "Restack",
    "Seed",
    "SplicerGame",
    "SplicerState",
    "Submit",
    "longest_path",
]
