"""The registry of games by slug."""

from __future__ import annotations

from typing import Any

from .protocol import Game

GAMES: dict[str, Game[Any, Any]] = {}
"""Every registered game, by slug (``"time_vectors"``, ...)."""


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Add ``game`` to :data:`GAMES` under its slug."""
    if game.slug in GAMES:
        raise ValueError(f"game {game.slug!r} is registered twice")
    GAMES[game.slug] = game
    return game


def get_game(slug: str) -> Game[Any, Any]:
    """The registered game with this slug; ``KeyError`` if there is none."""
    return GAMES[slug]
