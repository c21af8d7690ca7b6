"""``can_undo`` says exactly whether the next Undo would be taken: pages grey the button by it."""

from __future__ import annotations

import random

import pytest
import timegames  # noqa: F401 - registers every game
from timegames.core import GAMES, get_game
from timegames.core.session import Session


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_can_undo_matches_what_undo_does(slug: str) -> None:
    # Timelock once kept Undo clickable after a roll: each press only said
    # "a roll of the dice or a drawn card cannot be undone".
    game = get_game(slug)
    rng = random.Random(slug)
    checked = refused = 0
    for seed in range(3):
        session = Session()
        view = session.handle({"op": "new", "game": slug, "seed": seed})["view"]
        for _ in range(60):
            if view["outcome"]:
                break
            if rng.random() < 0.4:
                # Undo as far as it goes: every press the view allows is taken, and
                # the press it greys out is refused with the reason it showed.
                for _ in range(5):
                    allowed, reason = view["can_undo"], view["undo_refused"]
                    answer = session.handle({"op": "undo"})
                    assert answer["ok"] is allowed, (seed, view["position"], answer)
                    checked += 1
                    if not allowed:
                        assert answer["error"] == reason
                        refused += 1
                        break
                    view = answer["view"]
            state = session.state
            action = game.action_to_text(rng.choice(state.legal_actions()))
            answer = session.handle({"op": "play", "action": action})
            assert answer["ok"], answer
            view = answer["view"]
    assert checked and refused


def test_timelock_undo_after_the_roll_is_greyed_once_the_turn_is_back() -> None:
    session = Session()
    view = session.handle({"op": "new", "game": "timelock", "seed": 2})["view"]
    while view["position"] == 0 or session.state.is_chance():
        state = session.state
        view = session.handle(
            {"op": "play", "action": state.game.action_to_text(state.legal_actions()[0])}
        )["view"]
    start = view["position"]
    state = session.state
    move = next(a for a in state.legal_actions() if state.game.action_to_text(a) != "end")
    view = session.handle({"op": "play", "action": state.game.action_to_text(move)})["view"]
    assert view["can_undo"] is True
    view = session.handle({"op": "undo"})["view"]
    assert view["position"] == start and view["can_undo"] is False
    assert "cannot be undone" in view["undo_refused"]
    assert view["can_redo"] is True
