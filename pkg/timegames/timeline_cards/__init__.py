"""Timeline, the card game: put events from Swiss history in chronological order.

The cards and custom decks live in :mod:`.deck`, the rules in :mod:`.rules`,
the computer players in :mod:`.ai`, match bookkeeping over several rounds in
:mod:`.match` and the page's texts in four languages in :mod:`.i18n`.
Importing the package never reads the deck; the deck loads on first use and
never raises, so a missing or half-written deck file cannot break the import.
"""

from .ai import LEVELS, make_bot
from .deck import CATEGORIES, LANGS, Card, Deck, DeckError, packaged_deck, parse_deck
from .rules import (
    GAME,
    Discard,
    Draw,
    Duel,
    Judge,
    NextCard,
    Pick,
    Place,
    Roll,
    Spin,
    SpinResult,
    TimelineGame,
    TimelineState,
)

# Bots attach here, so that the rules never import the AI.
GAME.set_bots(LEVELS, make_bot)

__all__ = [
    "CATEGORIES",
    "GAME",
    "LANGS",
    "Card",
    "Deck",
    "DeckError",
    "Discard",
    "Draw",
    "Duel",
    "Judge",
    "NextCard",
    "Pick",
    "Place",
    "Roll",
    "Spin",
    "SpinResult",
    "TimelineGame",
    "TimelineState",
    "packaged_deck",
    "parse_deck",
]
