"""Save formats: each released format still opens; unknown versions are refused by name.

``data/records/`` holds, per game, an autosave, a save file and a link written by
the code released in git when the format was current (format 1: the commit
before the robustness work).  Add a set here whenever the format changes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from timegames.core import GAMES, RecordError
from timegames.core.record import (
    GameRecord,
    deal_code,
    record_from_link,
    record_from_text,
    record_to_text,
    replay,
)
from timegames.core.session import Session

DATA = Path(__file__).parent / "data" / "records"
RELEASED = sorted({p.name.split(".")[0] for p in DATA.glob("*.autosave.json")})


def test_every_released_fixture_is_present() -> None:
    assert {"time_vectors", "timelock", "timeline_cards"} <= set(RELEASED)


@pytest.mark.parametrize("slug", RELEASED)
def test_old_saves_links_and_autosaves_still_open(slug: str) -> None:
    if slug not in GAMES:
        pytest.skip(f"{slug} is not registered")
    autosave = json.loads((DATA / f"{slug}.autosave.json").read_text())
    record = GameRecord.from_dict(autosave)
    assert record_from_text((DATA / f"{slug}.save.json").read_text()) == record
    assert record_from_link((DATA / f"{slug}.link.txt").read_text().strip()) == record
    states = replay(record, len(record.actions))
    assert len(states) == len(record.actions) + 1 and record.actions
    answer = Session().handle({"op": "load_record", "record": autosave})
    assert answer["ok"] and answer["view"]["length"] == len(record.actions)
    assert answer["view"]["deal"] == deal_code(slug, record.seed)


@pytest.mark.parametrize("version", [2, "1", None, 0, True, 1.0, [1]])
def test_a_save_file_of_an_unknown_version_is_refused_with_a_message(version: Any) -> None:
    text = (DATA / "timelock.save.json").read_text()
    wrapper = json.loads(text)
    wrapper["timegames_save"] = version
    with pytest.raises(RecordError, match="format") as caught:
        record_from_text(json.dumps(wrapper))
    if version == 2:
        assert "newer version" in str(caught.value)
    answer = Session().handle({"op": "load_text", "text": json.dumps(wrapper)})
    assert not answer["ok"] and "format" in answer["error"]


@pytest.mark.parametrize("version", [2, "1", None, 0, True, 1.0])
def test_a_record_of_an_unknown_format_is_refused(version: Any) -> None:
    data = json.loads((DATA / "timelock.autosave.json").read_text())
    data["format"] = version
    with pytest.raises(RecordError, match="format"):
        GameRecord.from_dict(data)


def test_a_sealed_save_file_round_trips() -> None:
    session = Session()
    seats = [{"kind": "human"}, {"kind": "ai", "level": "child"}]
    assert session.handle(
        {
            "op": "new",
            "game": "timeline_cards",
            "options": {"players": 2},
            "seats": seats,
            "seed": 9,
        }
    )["ok"]
    text = session.handle({"op": "export"})["text"]
    assert json.loads(text)["record"]["sealed"].startswith("s1.")
    assert session.record is not None
    assert record_from_text(text) == session.record
    # The plain form of the same record still writes and reads.
    assert record_from_text(record_to_text(session.record)) == session.record
