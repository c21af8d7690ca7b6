"""timegames: engines for five time-themed board and card games.

Every game implements one protocol (:mod:`timegames.core.protocol`) and is
registered in :data:`GAMES` by its slug::

    >>> from timegames import GAMES
    >>> state = GAMES["time_vectors"].new_game({}, seed=1)
    >>> state = state.play_text("SW1a1")
    >>> state.current_player()
    1
"""

from .core import GAMES, get_game, register
from .time_and_time_again import GAME as _TIME_AND_TIME_AGAIN
from .time_splicer import GAME as _TIME_SPLICER
from .time_vectors import GAME as _TIME_VECTORS
from .timeline_cards import GAME as _TIMELINE_CARDS
from .timelock import GAME as _TIMELOCK

__version__ = "0.1.0"

register(_TIME_VECTORS)
register(_TIMELINE_CARDS)
register(_TIMELOCK)
register(_TIME_AND_TIME_AGAIN)
register(_TIME_SPLICER)

__all__ = ["GAMES", "__version__", "get_game"]
