"""The registry: built-in games load on first use; other games can be registered."""

from __future__ import annotations

from typing import Any

import pytest
import timegames
from timegames.core import registry


def test_every_built_in_game_is_listed_in_a_fixed_order() -> None:
    assert list(timegames.GAMES)[:5] == [
        "time_vectors",
        "timeline_cards",
        "timelock",
        "time_and_time_again",
        "time_splicer",
    ]
    for slug in registry.BUILTIN:
        game = timegames.GAMES[slug]
        assert game.slug == slug and timegames.get_game(slug) is game
        assert slug in timegames.GAMES.loaded()


def test_an_unknown_slug_is_a_key_error_and_is_not_contained() -> None:
    assert "chess" not in timegames.GAMES and 3 not in timegames.GAMES
    with pytest.raises(KeyError):
        timegames.GAMES["chess"]
    assert timegames.GAMES.get("chess") is None


def test_a_game_is_registered_once() -> None:
    game = timegames.GAMES["time_vectors"]
    with pytest.raises(ValueError, match="twice"):
        registry.register(game)


def test_another_game_can_be_registered_and_gets_a_random_player() -> None:
    base = type(timegames.GAMES["time_vectors"])

    class Tiny(base):  # type: ignore[valid-type,misc]
        """A third-party game: here a renamed Time Vectors without bots of its own."""

        slug = "tiny_test_game"

        def ai_levels(self) -> Any:
            return () if not self.__dict__.get("bots") else self.__dict__["bots"]

        def set_bots(self, levels: Any, make: Any) -> None:
            self.__dict__["bots"] = tuple(levels)

    game = Tiny()
    try:
        assert registry.register(game) is game
        assert "tiny_test_game" in timegames.GAMES
        assert list(timegames.GAMES)[-1] == "tiny_test_game"
        assert len(timegames.GAMES) == len(registry.BUILTIN) + 1
        assert timegames.GAMES["tiny_test_game"] is game
        assert [level.key for level in game.ai_levels()] == ["random"]
    finally:
        timegames.GAMES._games.pop("tiny_test_game", None)
    assert len(timegames.GAMES) == len(registry.BUILTIN)
