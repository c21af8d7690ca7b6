"""Time and Time Again: change the past to rule the present.

The locations and the diamond live in :mod:`.board` (content in
``locations.json``), the rules, notation and views in :mod:`.rules`, the rule
examples in :mod:`.examples` and the computer players in :mod:`.ai`.
"""

from .ai import LEVELS, make_bot
from .board import BY_ID, LOCATIONS, PRESENT, diamond_svg
from .rules import GAME, Buy, Opportunity, Settings, TataGame, TataState, Wait

# Bots attach here, so that the rules never import the AI.
GAME.set_bots(LEVELS, make_bot)

__all__ = [
    "BY_ID",
    "GAME",
    "LOCATIONS",
    "PRESENT",
    "Buy",
    "Opportunity",
    "Settings",
    "TataGame",
    "TataState",
    "Wait",
    "diamond_svg",
]
