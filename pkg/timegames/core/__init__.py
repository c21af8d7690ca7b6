"""The shared spine: protocol, seeded chance, records, bots, sessions."""

from .protocol import (
    CHANCE,
    FORMAT_VERSION,
    TERMINAL,
    AiLevel,
    Bot,
    BotContext,
    Budget,
    FormatError,
    Game,
    IllegalAction,
    NotationError,
    OptionSpec,
    Outcome,
    State,
)
from .record import GameRecord, RecordError, Seat, replay
from .registry import GAMES, get_game, register
from .rng import Rng

__all__ = [
    "CHANCE",
    "FORMAT_VERSION",
    "GAMES",
    "TERMINAL",
    "AiLevel",
    "Bot",
    "BotContext",
    "Budget",
    "FormatError",
    "Game",
    "GameRecord",
    "IllegalAction",
    "NotationError",
    "OptionSpec",
    "Outcome",
    "RecordError",
    "Rng",
    "Seat",
    "State",
    "get_game",
    "register",
    "replay",
]
