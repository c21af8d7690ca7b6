"""Time Vectors records, save files, links and the page session."""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import replace
from typing import Any

import pytest
from timegames.core import FormatError, GameRecord, RecordError, Seat, replay
from timegames.core.record import (
    LINK_PREFIX,
    record_from_link,
    record_from_text,
    record_to_link,
    record_to_text,
)
from timegames.core.session import Session
from timegames.time_vectors import GAME

MOVES = ("NW1a2", "SE4a4", "NW1b2", "SE4b4", "NW1c2", "SE4a3")


def record(moves: tuple[str, ...] = MOVES, **changes: Any) -> GameRecord:
    options = GAME.normalise_options(changes.pop("options", {}))
    base = GameRecord("time_vectors", 11, options, (Seat("Ann"), Seat("Ben")), moves, len(moves))
    return replace(base, **changes)


def link_body(fragment: str) -> dict[str, Any]:
    """The record dict packed in a link (what a curious user could unpack)."""
    _, packed, _ = fragment.split(".")
    raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
    data: dict[str, Any] = json.loads(zlib.decompress(raw))
    return data


def pack(data: dict[str, Any], checksum: str) -> str:
    body = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    packed = base64.urlsafe_b64encode(zlib.compress(body, 9)).decode().rstrip("=")
    return f"{LINK_PREFIX}{packed}.{checksum}"


# -- records -----------------------------------------------------------------------------


def test_a_record_replays_to_the_played_position() -> None:
    state = GAME.new_game({}, 11)
    for move in MOVES:
        state = state.play_text(move)
    states = replay(record())
    assert states[-1] == state
    assert len(states) == len(MOVES) + 1
    # Stopping part-way shows an earlier position.
    assert replay(record(position=2))[-1] == GAME.new_game({}, 11).play_text("NW1a2").play_text(
        "SE4a4"
    )


def test_save_file_and_link_round_trip() -> None:
    rec = record(options={"claim": True}, moves=("NW1a2", "end", "SE4a4", "end"))
    assert record_from_text(record_to_text(rec)) == rec
    assert record_from_link(record_to_link(rec)) == rec


def test_a_link_with_a_flipped_character_is_refused() -> None:
    fragment = record_to_link(record())
    _, packed, _ = fragment.split(".")
    for where in (len(LINK_PREFIX) + 3, len(LINK_PREFIX) + len(packed) // 2, len(fragment) - 2):
        original = fragment[where]
        flipped = "A" if original != "A" else "B"
        tampered = fragment[:where] + flipped + fragment[where + 1 :]
        with pytest.raises(RecordError) as err:
            record_from_link(tampered)
        assert "damaged" in str(err.value) or "changed" in str(err.value)
    with pytest.raises(RecordError, match="not a timegames game link"):
        record_from_link("https://example.org/#nothing")


def test_a_link_with_a_changed_move_is_refused() -> None:
    fragment = record_to_link(record())
    data = link_body(fragment)
    data["actions"][2] = "NW1a2"  # Amber's own first point, taken
    checksum = fragment.rsplit(".", 1)[1]
    # The checksum no longer matches the moves.
    with pytest.raises(RecordError, match="checksum"):
        record_from_link(pack(data, checksum))
    # Even with a matching checksum the illegal move is found and named.
    forged = record(moves=tuple(data["actions"]))
    with pytest.raises(RecordError, match=r"move 3 .*illegal.*taken"):
        record_from_link(record_to_link(forged))


def test_a_link_with_a_changed_seed_or_option_is_refused() -> None:
    fragment = record_to_link(record())
    checksum = fragment.rsplit(".", 1)[1]
    data = link_body(fragment)
    with pytest.raises(RecordError, match="checksum"):
        record_from_link(pack({**data, "seed": 12}, checksum))
    with pytest.raises(RecordError):
        record_from_link(pack({**data, "options": {"colours": 3, "opening": "swap"}}, checksum))


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"actions": ["NW1a2", "NW1a2"], "position": 2}, "illegal"),
        ({"actions": ["NW1a2", "XX9z9"], "position": 2}, "cannot be read"),
        ({"actions": ["swap"], "position": 1}, "illegal"),
        ({"options": {"players": "3", "opening": "3meq"}}, "two-player games only"),
        ({"options": {"supply": 7}}, "supply"),
        ({"seats": [{"name": "Ann"}]}, "2 players"),
        ({"seats": [{"name": ""}, {"name": "Ben"}]}, "name"),
        ({"seats": [{"name": "Ann"}, {"name": "Bot", "kind": "ai", "level": "god"}]}, "level"),
        ({"seed": -1}, "seed"),
        ({"game": "chess"}, "unknown game"),
        ({"position": 99}, "position"),
        ({"format": 7}, "format"),
    ],
)
def test_a_corrupt_save_file_is_refused_with_a_reason(changes: dict[str, Any], reason: str) -> None:
    data = {**record().to_dict(), **changes}
    text = record_to_text(record())
    wrapper = json.loads(text)
    wrapper["record"] = data
    # Recompute the checksum so that the record's content itself is judged.
    body = json.dumps(data, sort_keys=True, separators=(",", ":"))
    from timegames.core.record import _checksum

    wrapper["checksum"] = _checksum(body.encode())
    with pytest.raises(RecordError, match=reason):
        record_from_text(json.dumps(wrapper))


def test_a_damaged_save_file_is_refused() -> None:
    text = record_to_text(record())
    with pytest.raises(RecordError, match="not valid JSON"):
        record_from_text(text[: len(text) // 2])
    with pytest.raises(RecordError, match="not a timegames save"):
        record_from_text("[1, 2, 3]")
    edited = text.replace('"SE4a3"', '"SE4d3"')
    assert edited != text
    with pytest.raises(RecordError, match="checksum"):
        record_from_text(edited)


# -- the session ---------------------------------------------------------------------------


def new_session(*seats: dict[str, Any], **options: Any) -> Session:
    session = Session(bot_seconds=0.05)
    answer = session.handle(
        {"op": "new", "game": "time_vectors", "seed": 5, "options": options, "seats": list(seats)}
    )
    assert answer["ok"], answer
    return session


HUMANS = ({"name": "Ann"}, {"name": "Ben"})
VS_BOT = ({"name": "Ann"}, {"name": "Bot", "kind": "ai", "level": "expert"})


def test_session_new_game_and_play() -> None:
    session = new_session(*HUMANS)
    answer = session.handle({"op": "play", "action": "sw1A1"})
    assert answer["ok"]
    assert answer["played"] == "SW1a1", "the log keeps canonical notation"
    view = answer["view"]
    assert view["log"] == [{"n": 1, "seat": 0, "text": "SW1a1"}]
    assert view["to_move"] == 1
    assert view["state"]["last"] == "SW1a1"
    json.dumps(answer)


def test_session_refuses_an_illegal_move_and_keeps_the_game() -> None:
    session = new_session(*HUMANS)
    session.handle({"op": "play", "action": "SW1a1"})
    before = session.handle({"op": "view"})
    for action, rule in (
        ("SW1a1", "occupied"),
        ("ZZ9", "notation"),
        ("swap", "swap-first-reply-only"),
    ):
        answer = session.handle({"op": "play", "action": action})
        assert answer["ok"] is False
        assert answer["rule"] == rule
        assert answer["error"]
    assert session.handle({"op": "view"}) == before
    answer = session.handle({"op": "play", "action": "SW1a2", "seat": 0})
    assert answer["ok"] is False and answer["rule"] == "not-your-turn"


def test_session_bot_moves_only_for_ai_seats() -> None:
    session = new_session(*VS_BOT)
    answer = session.handle({"op": "bot"})
    assert answer["ok"] is False, "Ann is human"
    session.handle({"op": "play", "action": "SW1a1"})
    answer = session.handle({"op": "bot"})
    assert answer["ok"]
    played = answer["played"]
    assert answer["view"]["log"][-1] == {"n": 2, "seat": 1, "text": played}
    assert answer["view"]["to_move"] == 0


def test_session_undo_skips_ai_replies_and_redo_returns() -> None:
    session = new_session(*VS_BOT)
    session.handle({"op": "play", "action": "SW1a1"})
    session.handle({"op": "bot"})
    session.handle({"op": "play", "action": "NE2b2"})
    after = session.handle({"op": "bot"})["view"]
    assert after["position"] == 4
    undone = session.handle({"op": "undo"})["view"]
    assert undone["position"] == 2, "back to Ann's move, past the bot's reply"
    assert undone["to_move"] == 0
    assert undone["can_redo"]
    assert session.handle({"op": "undo"})["view"]["position"] == 0
    answer = session.handle({"op": "undo"})
    assert answer["ok"] is False
    redone = session.handle({"op": "redo"})["view"]
    assert redone["position"] == 2
    redone = session.handle({"op": "redo"})["view"]
    assert redone["position"] == 4
    assert redone["state"] == after["state"]
    assert session.handle({"op": "redo"})["ok"] is False
    # A new move after an undo drops the redo tail.
    session.handle({"op": "undo"})
    view = session.handle({"op": "play", "action": "SE3c3"})["view"]
    assert view["length"] == 3
    assert view["can_redo"] is False


def test_session_goto_any_position() -> None:
    session = new_session(*HUMANS)
    for move in MOVES:
        session.handle({"op": "play", "action": move})
    view = session.handle({"op": "goto", "position": 3})["view"]
    assert view["position"] == 3
    assert [e["text"] for e in view["log"]] == list(MOVES[:3])
    assert view["state"]["cells"] == replay(record(), 3)[-1].view(None)["cells"]
    assert session.handle({"op": "goto", "position": 99})["ok"] is False
    assert session.handle({"op": "goto", "position": "2"})["ok"] is False


def test_session_export_and_load_text_round_trip() -> None:
    session = new_session(*VS_BOT, claim=True)
    session.handle({"op": "play", "action": "SW1a1"})
    session.handle({"op": "play", "action": "end"})
    session.handle({"op": "bot"})
    exported = session.handle({"op": "export"})
    assert exported["filename"].endswith(".json")
    view = session.handle({"op": "view"})["view"]
    other = Session()
    loaded = other.handle({"op": "load_text", "text": exported["text"]})
    assert loaded["ok"], loaded
    assert loaded["view"]["record"] == view["record"]
    assert loaded["view"]["state"] == view["state"]


def test_session_link_round_trip_and_tampered_link_refused() -> None:
    session = new_session(*HUMANS)
    for move in MOVES:
        session.handle({"op": "play", "action": move})
    fragment = session.handle({"op": "link"})["fragment"]
    before = session.handle({"op": "view"})
    tampered = fragment[:-1] + ("0" if fragment[-1] != "0" else "1")
    answer = session.handle({"op": "load_link", "fragment": tampered})
    assert answer["ok"] is False
    assert "changed" in answer["error"] or "damaged" in answer["error"]
    assert session.handle({"op": "view"}) == before, "a refused link leaves the game alone"
    answer = session.handle({"op": "load_text", "text": "{not json"})
    assert answer["ok"] is False
    assert session.handle({"op": "view"}) == before
    fresh = Session()
    assert (
        fresh.handle({"op": "load_link", "fragment": fragment})["view"]["state"]
        == (before["view"]["state"])
    )


def test_session_tool_vector_dimensions() -> None:
    session = Session()
    answer = session.handle(
        {
            "op": "tool",
            "game": "time_vectors",
            "name": "vector_dimensions",
            "args": {"points": ["SW1a1", "SE1b1", "NE1c1", "NW1d1"]},
        }
    )
    assert answer["ok"]
    assert answer["result"]["dimensions"] == [1, 4]
    assert answer["result"]["ordered"][0] in ("SW1a1", "NW1d1")
    bad = session.handle(
        {
            "op": "tool",
            "game": "time_vectors",
            "name": "vector_dimensions",
            "args": {"points": ["SW1a1", "SW1a1", "NE1c1", "NW1d1"]},
        }
    )
    assert bad["ok"] is False and "four different" in bad["error"]
    unknown = session.handle({"op": "tool", "game": "time_vectors", "name": "nope", "args": {}})
    assert unknown["ok"] is False


def test_the_vector_checker_compares_points_not_spellings() -> None:
    # "sw1a1" and "SW1a1" are one point: the checker says so instead of
    # judging three points as "not a vector".
    with pytest.raises(FormatError, match="four different points"):
        GAME.tool("vector_dimensions", {"points": ["sw1a1", "SW1a1", "SW1b1", "SW1c1"]})
    with pytest.raises(FormatError, match="four different points"):
        GAME.tool("vector_dimensions", {"points": ["SW1a1", "SW1b1", "SW1c1"]})
    answer = GAME.tool("vector_dimensions", {"points": ["sw1a1", "SE1B1", "ne1c1", "NW1d1"]})
    assert answer["dimensions"] == [1, 4]
    assert answer["ordered"][0] in ("SW1a1", "NW1d1")


def test_session_opens_an_example_as_a_real_game() -> None:
    session = Session()
    answer = session.handle({"op": "example", "game": "time_vectors", "key": "dim1234"})
    assert answer["ok"]
    assert answer["example"]["key"] == "dim1234"
    assert answer["view"]["outcome"]["winners"] == [0]
    assert sorted(answer["view"]["state"]["winning_line"]) == sorted(answer["example"]["highlight"])
    # The example before its last move can be played on: goto and play.
    length = answer["view"]["length"]
    session.handle({"op": "goto", "position": length - 1})
    assert session.handle({"op": "play", "action": "SE1d4"})["ok"]
    missing = session.handle({"op": "example", "game": "time_vectors", "key": "nope"})
    assert missing["ok"] is False


def test_session_unknown_requests_and_no_game() -> None:
    session = Session()
    assert session.handle({"op": "fly"})["ok"] is False
    assert session.handle({"op": "play", "action": "SW1a1"})["ok"] is False
    assert session.handle({"op": "new", "game": "nope"})["ok"] is False
    described = session.handle({"op": "describe", "game": "time_vectors"})
    assert described["ok"] and described["seat_labels"] == ["Amber", "Teal"]
    json.dumps(described)
    # A form's change that rules out an earlier choice is settled, not refused.
    changed = session.handle(
        {"op": "describe", "game": "time_vectors", "options": {"players": "3", "opening": "swap"}}
    )
    assert changed["ok"] and changed["options"]["opening"] == "none"
    assert changed["refused_choices"] == {"opening": [1, 2]} and len(changed["notes"]) == 1
