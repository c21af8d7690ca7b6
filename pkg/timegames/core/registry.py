"""The registry of games by slug."""

from __future__ import annotations

from typing import Any

from .bots import RandomBot
from .protocol import AiLevel, Game

RANDOM_LEVEL = AiLevel("random", "Random", "Plays any legal move.")

GAMES: dict[str, Game[Any, Any]] = {}
"""Every registered game, by slug (``"time_vectors"``, ...)."""


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Add ``game`` to :data:`GAMES` under its slug."""
    if game.slug in GAMES:
        raise ValueError(f"game {game.slug!r} is registered twice")
    if not game.ai_levels():
        # A game without its own bots still offers a random player.
        game.set_bots((RANDOM_LEVEL,), lambda level: RandomBot())
    GAMES[game.slug] = game
    return game


def get_game(slug: str) -> Game[Any, Any]:
    """The registered game with this slug; ``KeyError`` if there is none."""
    return GAMES[slug]
