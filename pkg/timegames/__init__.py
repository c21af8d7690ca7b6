"""timegames: engines for five time-themed board and card games.

Every game implements one protocol (:mod:`timegames.core.protocol`) and is
found in :data:`GAMES` by its slug (each game's engine is imported on first
use)::

    >>> from timegames import GAMES
    >>> state = GAMES["time_vectors"].new_game({}, seed=1)
    >>> state = state.play_text("SW1a1")
    >>> state.current_player()
    1
"""

from .core import GAMES, get_game

__version__ = "0.1.0"

__all__ = ["GAMES", "__version__", "get_game"]
