"""Timeline: the page's tools (a match over rounds, card texts) and friendly log lines."""

from __future__ import annotations

from typing import Any

import pytest
from test_timeline_cards_fixtures import DECK
from timegames.core import FormatError
from timegames.core.session import Session
from timegames.timeline_cards.i18n import LABELS
from timegames.timeline_cards.rules import GAME, short_text

EN = {c["id"]: c["text"]["en"] for c in DECK}


def finished_round(seed: int, players: int = 2) -> dict[str, Any]:
    """The record of a round two computer players play to the end."""
    session = Session()
    seats = [{"kind": "ai", "level": "historian"} for _ in range(players)]
    options = {"players": players, "spinner": "off", "deck": DECK}
    view = session.handle(
        {"op": "new", "game": "timeline_cards", "options": options, "seats": seats, "seed": seed}
    )["view"]
    while not view["outcome"]:
        view = session.handle({"op": "bot"})["view"]
    record: dict[str, Any] = view["record"]
    return record


def match_tool(**args: Any) -> dict[str, Any]:
    result: dict[str, Any] = GAME.tool("match", args)["match"]
    return result


def test_a_match_adds_each_round_once_with_the_winner_doubled() -> None:
    match = match_tool(players=2, rounds=2)
    assert match["totals"] == [0, 0] and not match["finished"]
    expected = [0, 0]
    for seed in (3, 4):
        record = finished_round(seed)
        final = Session().handle({"op": "load_record", "record": record})["view"]["state"]
        scores, chips = final["scores"], final["chips"]
        if final["rows"][0] and max(len(r) for r in final["rows"]) == 8:
            # Who placed the eighth card counts their chips double; the other plainly.
            winner = next(s for s in range(2) if len(final["rows"][s]) == 8)
            assert scores[winner] == 2 * chips[winner]
            assert scores[1 - winner] == chips[1 - winner]
        for seat in range(2):
            expected[seat] += scores[seat]
        match = match_tool(match=match, round=record)
        assert match["added"]
        assert match["totals"] == expected
        # Showing the same finished round again does not count it twice.
        again = match_tool(match=match, round=record)
        assert not again["added"] and again["totals"] == expected
    assert match["finished"]
    best = max(expected)
    assert match["leaders"] == [s for s in range(2) if expected[s] == best]
    with pytest.raises(FormatError, match="over"):
        match_tool(match=match, round=finished_round(5))


def test_the_match_tool_refuses_bad_data() -> None:
    with pytest.raises(FormatError, match="rounds"):
        match_tool(players=2, rounds=0)
    with pytest.raises(FormatError, match="rounds"):
        match_tool(players=2, rounds=99)
    with pytest.raises(FormatError, match="players"):
        match_tool(players=9, rounds=4)
    with pytest.raises(FormatError):
        match_tool(match={"players": 2, "rounds": 2, "results": [[1, 2, 3]], "winners": [0]})
    with pytest.raises(FormatError):
        match_tool(match="lots of chips")
    match = match_tool(players=3, rounds=4)
    # A round of two players does not fit a match of three.
    with pytest.raises(FormatError, match="3 scores"):
        match_tool(match=match, round=finished_round(3))
    # An unfinished round is refused; so is an altered one.
    record = finished_round(3)
    short = dict(record, actions=record["actions"][:5], position=5)
    with pytest.raises(FormatError, match="not finished"):
        match_tool(match=match_tool(players=2, rounds=4), round=short)
    bad = dict(record, actions=["draw", *record["actions"]])
    with pytest.raises(FormatError):
        match_tool(match=match_tool(players=2, rounds=4), round=bad)


def test_the_number_of_rounds_can_change_but_not_below_those_played() -> None:
    match = match_tool(players=2, rounds=1)
    match = match_tool(match=match, round=finished_round(3))
    assert match["finished"]
    longer = match_tool(match=match, rounds=3)
    assert longer["rounds"] == 3 and not longer["finished"]
    assert longer["totals"] == match["totals"]
    with pytest.raises(FormatError, match="played already"):
        match_tool(match=match_tool(match=longer, round=finished_round(4)), rounds=1)


def test_log_lines_name_the_event_of_a_picked_or_removed_card() -> None:
    state = GAME.new_game({"players": 2, "deck": DECK}, 0).advance_chance()
    card_id = state.rows[0][0]
    english = EN[card_id]
    # The loser of a duel gives a card; in the variant the winner takes one.
    assert GAME.log_text(state, f"pick {card_id}") == f"gives “{short_text(english)}”"
    variant = GAME.new_game({"players": 2, "deck": DECK, "duel_card": "attacker"}, 0)
    variant = variant.advance_chance()
    taken = variant.rows[0][0]
    assert GAME.log_text(variant, f"pick {taken}") == f"takes “{short_text(EN[taken])}”"
    assert GAME.log_text(state, f"discard {card_id}") == f"removes “{short_text(english)}”"
    # Other actions stay as they are.
    assert GAME.log_text(state, "duel p2") == "duel p2"


def test_short_text_cuts_long_events_at_a_word() -> None:
    assert short_text("Short event") == "Short event"
    long = "The first federal constitution of Switzerland comes into force after a short war"
    cut = short_text(long)
    assert len(cut) <= 60 and cut.endswith("…")
    assert long.startswith(cut[:-1])
    assert not cut[:-1].endswith(" ")


def test_card_texts_give_every_language_for_the_log() -> None:
    card_id = DECK[0]["id"]
    texts = GAME.tool("card_texts", {"ids": [card_id], "deck": DECK})["texts"]
    assert set(texts[card_id]) == {"de", "fr", "it", "en"}
    assert texts[card_id]["en"] == short_text(EN[card_id])
    with pytest.raises(FormatError, match="no card"):
        GAME.tool("card_texts", {"ids": ["nope-999"], "deck": DECK})
    with pytest.raises(FormatError):
        GAME.tool("card_texts", {"ids": "y1291"})


def test_every_option_of_the_new_game_form_has_labels_in_four_languages() -> None:
    for lang, labels in LABELS.items():
        for spec in GAME.option_specs():
            if not spec.choices:
                continue
            assert labels.get(f"opt.{spec.name}"), (lang, spec.name)
            if spec.help:
                assert labels.get(f"opt.{spec.name}.help"), (lang, spec.name)
            for value, _ in spec.choices:
                # The page builds the key the way MicroPython prints the value.
                assert labels.get(f"opt.{spec.name}.{str(value).lower()}"), (lang, value)
        for key in ("human", "computer", "thinking", "ui.won", "ui.replay_at", "next_round"):
            assert labels[key]
    # The English labels are the engine's own English texts.
    for spec in GAME.option_specs():
        for value, text in spec.choices:
            assert LABELS["en"][f"opt.{spec.name}.{str(value).lower()}"] == text
        if spec.choices:
            assert LABELS["en"][f"opt.{spec.name}"] == spec.label
