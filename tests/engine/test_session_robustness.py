"""Session.handle is all-or-nothing, chance belongs to the seed, and answers stay small."""

from __future__ import annotations

import base64
import json
import random
import string
import zlib
from typing import Any

import pytest
from timegames.core.record import MAX_LINK_CHARS, MAX_RECORD_BYTES, RecordError, record_from_link
from timegames.core.session import MAX_LOG_ENTRIES, Session


def timeline(players: int, seed: int = 11, humans: int = 6) -> Session:
    session = Session()
    seats = [
        {"kind": "human"} if i < humans else {"kind": "ai", "level": "child"}
        for i in range(players)
    ]
    answer = session.handle(
        {
            "op": "new",
            "game": "timeline_cards",
            "options": {"players": players},
            "seats": seats,
            "seed": seed,
        }
    )
    assert answer["ok"], answer
    return session


def test_a_refused_viewer_leaves_the_move_unmade() -> None:
    session = Session()
    assert session.handle({"op": "new", "game": "time_vectors", "seed": 1})["ok"]
    before = session.fingerprint()
    answer = session.handle({"op": "play", "action": "SW1a1", "viewer": 99})
    assert not answer["ok"] and "seat" in answer["error"]
    assert session.fingerprint() == before
    assert session.record is not None and session.record.actions == ()
    assert session.handle({"op": "play", "action": "SW1a1", "viewer": 0})["ok"]


def test_a_new_game_with_fewer_seats_is_refused_whole_for_a_viewer_it_lacks() -> None:
    """The page's case: a 6-player hot-seat game at seat 5, then a 3-player game is started."""
    session = timeline(6)
    before = session.fingerprint()
    request = {"op": "new", "game": "timeline_cards", "options": {"players": 3}, "viewer": 5}
    refused = session.handle(request)
    assert not refused["ok"]
    assert session.fingerprint() == before and len(session.record.seats) == 6  # type: ignore[union-attr]
    started = session.handle({**request, "viewer": None})
    assert started["ok"] and len(started["view"]["seats"]) == 3
    assert len(session.record.seats) == 3  # type: ignore[union-attr]


def chance_position(session: Session) -> int:
    return next(n for n in range(len(session.states) - 1) if session.states[n].is_chance())


@pytest.mark.parametrize("slug", ["timelock", "timeline_cards"])
def test_at_a_chance_step_only_the_seeds_outcome_is_accepted(slug: str) -> None:
    session = Session()
    assert session.handle({"op": "new", "game": slug, "seed": 4, "seats": []})["ok"]
    position = chance_position(session)
    assert session.handle({"op": "goto", "position": position})["ok"]
    state = session.state
    seeded = state.game.action_to_text(state.sample_chance())
    others = [state.game.action_to_text(a) for a, _ in state.chance_outcomes()]
    others = [text for text in others if text != seeded]
    assert others
    before = session.fingerprint()
    for text in others[:5]:
        refused = session.handle({"op": "play", "action": text})
        assert not refused["ok"] and refused["rule"] == "chance"
        assert text not in refused["error"] and seeded not in refused["error"]
        assert session.fingerprint() == before
    assert not session.handle({"op": "bot"})["ok"]
    answer = session.handle({"op": "play", "action": seeded})
    assert answer["ok"]
    # The session's own autosave and export open again.
    assert Session().handle({"op": "load_record", "record": answer["view"]["record"]})["ok"]
    text = session.handle({"op": "export"})["text"]
    assert Session().handle({"op": "load_text", "text": text})["ok"]


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ({"op": "new", "game": "time_vectors", "seed": True}, "seed"),
        ({"op": "new", "game": "time_vectors", "seed": "7"}, "seed"),
        ({"op": "new", "game": "time_vectors", "seats": ["Ann", "Ben"]}, "object"),
        ({"op": "new", "game": "time_vectors", "seats": [{"name": 5}, {}]}, "name"),
        ({"op": "goto", "position": True}, "position"),
        ({"op": "tool", "game": "time_vectors", "name": "x", "args": [1]}, "args"),
        ({"op": "describe", "game": "time_vectors", "options": []}, "options"),
    ],
)
def test_odd_fields_get_clear_refusals(request_: dict[str, Any], words: str) -> None:
    session = Session()
    session.handle({"op": "new", "game": "time_vectors", "seed": 2})
    before = session.fingerprint()
    answer = session.handle(request_)
    assert not answer["ok"] and words in answer["error"] and answer["rule"] != "internal"
    assert session.fingerprint() == before


def big_deck(count: int) -> list[dict[str, Any]]:
    """The largest custom deck the game accepts, with texts that do not compress well."""
    rng = random.Random(count)

    def words(length: int) -> str:
        return "".join(rng.choice(string.ascii_lowercase + "     ") for _ in range(length)).strip()

    return [
        {
            "id": f"big-{i:04d}",
            "year": 1000 + i,
            "category": "history",
            "text": {lang: f"Event {i} {words(180)}" for lang in ("de", "fr", "it", "en")},
            "explanation": words(590),
            "reference": "test",
        }
        for i in range(count)
    ]


def test_the_biggest_deck_makes_a_link_that_opens_and_small_answers() -> None:
    session = Session()
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
    first = session.handle(
        {
            "op": "new",
            "game": "timeline_cards",
            "options": {"deck": big_deck(1000)},
            "seats": seats,
            "seed": 5,
        }
    )
    assert first["ok"], first
    full = len(json.dumps(first))
    key = first["view"]["options_key"]
    answer = session.handle({"op": "view", "options_key": key})
    assert answer["view"]["options_omitted"] and "options" not in answer["view"]
    assert "options" not in answer["view"]["record"]
    assert len(json.dumps(answer)) < 20_000 < 1_000_000 < full
    # The page puts the options back: the autosave opens again.
    record = {**answer["view"]["record"], "options": first["view"]["options"]}
    assert Session().handle({"op": "load_record", "record": record})["ok"]
    link = session.handle({"op": "link"})
    assert link["ok"], link
    assert 1_000_000 < len(link["fragment"]) <= MAX_LINK_CHARS
    assert Session().handle({"op": "load_link", "fragment": link["fragment"]})["ok"]


def test_a_link_too_large_is_refused_as_too_large_on_both_sides() -> None:
    session = Session()
    assert session.handle({"op": "new", "game": "time_vectors", "seed": 5})["ok"]
    assert session.record is not None
    rng = random.Random(1)
    pad = "".join(rng.choice(string.ascii_letters) for _ in range(2_500_000))
    record = {**session.record.to_dict(), "extra": {"pad": pad}}
    assert session.handle({"op": "load_record", "record": record})["ok"]
    answer = session.handle({"op": "link"})
    assert not answer["ok"] and "too large" in answer["error"] and "Save file" in answer["error"]
    with pytest.raises(RecordError, match="too large"):
        record_from_link("tg1." + "A" * (MAX_LINK_CHARS + 10) + ".abc")
    # A link that unpacks past the limit is "too large", not "damaged".
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * (MAX_RECORD_BYTES + 10))).decode()
    with pytest.raises(RecordError, match="too large"):
        record_from_link(f"tg1.{bomb}.abc")


def test_the_log_sent_with_an_answer_is_bounded() -> None:
    session = Session()
    seats = [{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}]
    assert session.handle({"op": "new", "game": "timelock", "seats": seats, "seed": 3})["ok"]
    answer: dict[str, Any] = {}
    for _ in range(MAX_LOG_ENTRIES + 60):
        answer = session.handle({"op": "bot", "seconds": 0.01})
        if answer["view"]["outcome"]:
            break
    view = answer["view"]
    assert len(view["log"]) <= MAX_LOG_ENTRIES
    assert view["log"][-1]["n"] == view["position"]
    assert view["log_from"] == view["log"][0]["n"]


def test_the_deal_code_shows_a_changed_seed() -> None:
    one = Session().handle({"op": "new", "game": "timelock", "seed": 1})["view"]["deal"]
    again = Session().handle({"op": "new", "game": "timelock", "seed": 1})["view"]["deal"]
    other = Session().handle({"op": "new", "game": "timelock", "seed": 2})["view"]["deal"]
    assert one == again != other
    assert len(one) == 9 and one[4] == "-"


def test_a_page_refuses_another_games_save_link_and_autosave_and_keeps_its_own() -> None:
    """A save of one game loaded on another game's page left that page unable to draw."""
    other = Session()
    assert other.handle({"op": "new", "game": "time_splicer", "seed": 3})["ok"]
    text = other.handle({"op": "export"})["text"]
    fragment = other.handle({"op": "link"})["fragment"]
    record = other.handle({"op": "view"})["view"]["record"]
    session = Session()
    assert session.handle({"op": "new", "game": "time_vectors", "seed": 1})["ok"]
    assert session.handle({"op": "play", "action": "SW1a1"})["ok"]
    before = session.fingerprint()
    requests = [
        {"op": "load_text", "text": text},
        {"op": "load_link", "fragment": fragment},
        {"op": "peek_link", "fragment": fragment},
        {"op": "load_record", "record": record},
    ]
    for request in requests:
        answer = session.handle({**request, "game": "time_vectors"})
        assert not answer["ok"], request["op"]
        assert answer["error"] == (
            "this is a Time Splicer game, not Time Vectors: open it on the Time Splicer page"
        )
        assert session.fingerprint() == before
    # Without a page's game, and from the right page, the same save opens.
    assert session.handle({"op": "peek_link", "fragment": fragment})["ok"]
    assert session.handle({"op": "load_text", "text": text, "game": "time_splicer"})["ok"]
