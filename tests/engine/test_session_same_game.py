"""``same_game``: a link or a save file of a game the page already keeps is found again."""

from __future__ import annotations

from typing import Any

import pytest
import timegames  # noqa: F401 - registers every game
from timegames.core.session import Session


def _game(slug: str, seed: int, moves: int) -> tuple[Session, Any]:
    """A two-human game of ``slug`` with ``moves`` actions played (chance settles itself)."""
    session = Session()
    view = session.handle({"op": "new", "game": slug, "seed": seed})["view"]
    while view["length"] < moves and not view["outcome"]:
        state = session.state
        action = state.game.action_to_text(state.legal_actions()[0])
        view = session.handle({"op": "play", "action": action})["view"]
    return session, view


@pytest.mark.parametrize("slug", ["time_vectors", "timeline_cards", "timelock"])
def test_links_and_files_find_the_same_game(slug: str) -> None:
    session, short = _game(slug, 7, 2)
    link = session.handle({"op": "link"})["fragment"]
    text = session.handle({"op": "export"})["text"]
    _, longer = _game(slug, 7, short["length"] + 3)
    _, other = _game(slug, 8, 2)
    records = [short["record"], longer["record"], other["record"], {"not": "a record"}]
    for source in ({"fragment": link}, {"text": text}):
        answer = session.handle({"op": "same_game", "game": slug, "records": records, **source})
        assert answer["ok"], answer
        assert answer["relations"] == ["same", "behind", None, None]
        assert answer["link"]["moves"] == short["length"]
        assert answer["link"]["deal"] == short["deal"]
    # The longer game's link is ahead of the shorter saved one.
    ahead = Session()
    ahead.handle({"op": "load_record", "record": longer["record"]})
    fragment = ahead.handle({"op": "link"})["fragment"]
    answer = session.handle({"op": "same_game", "fragment": fragment, "records": records})
    assert answer["relations"][:2] == ["ahead", "same"]


def test_another_line_of_play_or_other_players_are_another_game() -> None:
    _, view = _game("time_vectors", 3, 3)
    branch = Session()
    branch.handle({"op": "load_record", "record": {**view["record"], "position": 2}})
    state = branch.state
    played = view["record"]["actions"][2]
    other = next(
        t for t in (state.game.action_to_text(a) for a in state.legal_actions()) if t != played
    )
    branch.handle({"op": "play", "action": other})
    renamed = {**view["record"], "seats": [{"name": "X"}, {"name": "Y"}]}
    link = branch.handle({"op": "link"})["fragment"]
    answer = branch.handle(
        {"op": "same_game", "fragment": link, "records": [view["record"], renamed]}
    )
    assert answer["relations"] == [None, None]


def test_same_game_refuses_without_a_source_and_another_games_link() -> None:
    session, _ = _game("timelock", 1, 1)
    assert session.handle({"op": "same_game", "records": []})["ok"] is False
    link = session.handle({"op": "link"})["fragment"]
    refused = session.handle({"op": "same_game", "game": "time_vectors", "fragment": link})
    assert refused["ok"] is False and "Timelock" in refused["error"]


def test_time_splicer_chance_steps_read_in_player_terms() -> None:
    """The move list once read "Chance: seed 8681": a turn seed means nothing to a player."""
    session = Session()
    view = session.handle({"op": "new", "game": "time_splicer", "seed": 4})["view"]
    for _ in range(4):
        view = session.handle({"op": "play", "action": "submit"})["view"]
    chance = [e["text"] for e in view["log"] if e["seat"] < 0]
    assert chance and chance[0] == "the tiles are dealt"
    assert "the turn resolves" in chance
    assert not any(text.startswith("seed") for text in chance)
