"""Bots shared by every game."""

from __future__ import annotations

from typing import Any

from .protocol import Bot, BotContext, State


class RandomBot(Bot[Any]):
    """Plays a uniformly random legal action; works for every game."""

    def choose(self, state: State[Any], context: BotContext) -> Any:
        """Any legal action, picked with the injected generator."""
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action to choose from")
        return actions[context.rng.randrange(len(actions))]
