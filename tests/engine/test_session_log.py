"""The session's move log shows public text: hidden chance actions are not named."""

from __future__ import annotations

from timegames.core.session import Session
from timegames.time_vectors import GAME as TIME_VECTORS
from timegames.timeline_cards import GAME as TIMELINE


def test_timeline_log_hides_drawn_cards_and_the_engine_keeps_them() -> None:
    session = Session()
    answer = session.handle(
        {
            "op": "new",
            "game": "timeline_cards",
            "options": {"players": 2, "spinner": "off"},
            "seed": 5,
        }
    )
    assert answer["ok"]
    answer = session.handle({"op": "play", "action": "draw"})
    view = answer["view"]
    assert session.record is not None
    actions = session.record.actions
    # Two cards dealt, the draw, then the card drawn: the engine's record names every card ...
    assert actions[0].startswith("card ") and actions[-1].startswith("card ")
    texts = [entry["text"] for entry in view["log"]]
    assert texts == ["a card is dealt", "a card is dealt", "draw", "a card is drawn"]
    assert not any(actions[-1].split()[1] in t for t in texts)
    # ... while the page's record, sealed during the game, shows only the public texts.
    assert view["sealed"] and view["record"]["actions"] == texts
    assert view["record"]["seed"] is None


def test_timeline_log_keeps_public_chance_actions() -> None:
    state = TIMELINE.new_game({"players": 3}, 0).advance_chance()
    spun = state.play_text("spin")
    assert TIMELINE.log_text(spun, "spinner star") == "spinner star"
    assert TIMELINE.log_text(spun, "roll 5 2") == "roll 5 2"


def test_future_log_after_undo_is_public_too() -> None:
    session = Session()
    session.handle(
        {
            "op": "new",
            "game": "timeline_cards",
            "options": {"players": 2, "spinner": "off"},
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "seed": 9,
        }
    )
    session.handle({"op": "play", "action": "draw"})
    view = session.handle({"op": "goto", "position": 2})["view"]
    assert [e["text"] for e in view["future"]] == ["draw", "a card is drawn"]
    assert [e["n"] for e in view["future"]] == [3, 4]


def test_default_log_text_is_the_notation() -> None:
    state = TIME_VECTORS.new_game({}, 0)
    assert TIME_VECTORS.log_text(state, "SW1a1") == "SW1a1"
