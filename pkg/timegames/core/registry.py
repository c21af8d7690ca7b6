"""The registry of games by slug.

The five games that ship with timegames are imported the first time they are
asked for, not when :mod:`timegames` is: a game page in the browser needs one
engine, and importing all five would add a third of a second to its start.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from .bots import RandomBot
from .protocol import AiLevel, Game

RANDOM_LEVEL = AiLevel("random", "Random", "Plays any legal move.")

BUILTIN: dict[str, str] = {
    "time_vectors": "timegames.time_vectors",
    "timeline_cards": "timegames.timeline_cards",
    "timelock": "timegames.timelock",
    "time_and_time_again": "timegames.time_and_time_again",
    "time_splicer": "timegames.time_splicer",
}
"""The games that ship with timegames: slug -> the package whose ``GAME`` it is."""


class Registry(Mapping[str, Game[Any, Any]]):
    """Games by slug: the built-in ones, loaded on first use, then any registered."""

    def __init__(self) -> None:
        self._games: dict[str, Game[Any, Any]] = {}

    def __getitem__(self, slug: str) -> Game[Any, Any]:
        game = self._games.get(slug)
        if game is None and slug in BUILTIN:
            game = register(importlib.import_module(BUILTIN[slug]).GAME)
        if game is None:
            raise KeyError(slug)
        return game

    def __contains__(self, slug: object) -> bool:
        # Answered without importing anything.
        return slug in BUILTIN or slug in self._games

    def __iter__(self) -> Iterator[str]:
        yield from BUILTIN
        yield from (slug for slug in self._games if slug not in BUILTIN)

    def __len__(self) -> int:
        return len(BUILTIN) + sum(slug not in BUILTIN for slug in self._games)

    def loaded(self) -> list[str]:
        """The slugs whose engines have been imported so far."""
        return list(self._games)


GAMES = Registry()
"""Every game, by slug (``"time_vectors"``, ...); a built-in game loads when first used."""


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Add ``game`` to :data:`GAMES` under its slug."""
    if game.slug in GAMES.loaded():
        raise ValueError(f"game {game.slug!r} is registered twice")
    if not game.ai_levels():
        # A game without its own bots still offers a random player.
        game.set_bots((RANDOM_LEVEL,), lambda level: RandomBot())
    GAMES._games[game.slug] = game
    return game


def get_game(slug: str) -> Game[Any, Any]:
    """The game with this slug; ``KeyError`` if there is none."""
    return GAMES[slug]
