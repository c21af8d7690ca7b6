"""Timeline decks: the packaged Swiss deck's validation and custom decks from CSV or JSON."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from test_timeline_cards_fixtures import DECK
from timegames.core import FormatError
from timegames.core.session import Session
from timegames.timeline_cards.deck import (
    CATEGORIES,
    LANGS,
    DeckError,
    card_from_dict,
    cards_to_options,
    load_packaged,
    packaged_deck,
    parse_deck,
    validate_packaged,
)
from timegames.timeline_cards.rules import GAME

# -- the packaged deck ------------------------------------------------------------------


def test_packaged_deck_loads_without_raising() -> None:
    deck = packaged_deck()
    assert len(deck) == len(set(deck.ids))
    for card in deck.cards:
        assert card.category in CATEGORIES
        assert all(card.text) and all(card.explanation)


def test_packaged_deck_is_complete_and_valid() -> None:
    """Every card strict (all fields, four languages), 320+ cards, 30+ per category, balanced.

    This fails while the deck content is still being written.
    """
    cards, problems = load_packaged(strict=True)
    assert problems == []
    assert validate_packaged(cards) == []


def test_packaged_deck_files_name_their_category() -> None:
    folder = resources.files("timegames.timeline_cards") / "deck"
    for category in CATEGORIES:
        path = folder / f"{category}.json"
        if not path.is_file():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["category"] == category
        for index, item in enumerate(data["cards"], start=1):
            assert item["id"] == f"{category}-{index:03d}", "ids are sequential"


def test_packaged_deck_dates_agree_and_same_year_cards_are_dated() -> None:
    deck = packaged_deck()
    by_year: dict[int, list[str]] = {}
    for card in deck.cards:
        if card.date is not None:
            assert card.date.startswith(str(card.year))
        by_year.setdefault(card.year, []).append(card.id)
    assert deck.cards == () or len(by_year) > len(deck) // 4, "years are spread out"


def test_validation_finds_what_is_wrong() -> None:
    good = [card_from_dict(c, i) for i, c in enumerate(DECK, 1)]
    problems = validate_packaged(good)
    assert any("at least 320" in p for p in problems)
    assert any("category politics has 0" in p for p in problems)
    assert any("ids are <category>-NNN" in p for p in problems)
    twice = [good[0], good[0]]
    assert any("duplicate id" in p for p in validate_packaged(twice))
    leak = card_from_dict({**DECK[0], "text": "Something in 1291"}, 1)
    assert any("gives the year away" in p for p in validate_packaged([leak]))


def test_strict_cards_need_every_language() -> None:
    item = {
        "id": "history-001",
        "year": 1291,
        "text": {"de": "a", "fr": "b", "it": "c"},
        "explanation": {"de": "a", "fr": "b", "it": "c", "en": "d"},
        "reference": "x",
    }
    with pytest.raises(DeckError, match=r"text\.en"):
        card_from_dict(item, 1, strict=True, category="history")
    with pytest.raises(DeckError, match="reference"):
        card_from_dict(
            {**item, "text": dict.fromkeys(LANGS, "t"), "reference": ""},
            1,
            strict=True,
            category="history",
        )


def test_schema_documents_the_same_fields() -> None:
    text = (resources.files("timegames.timeline_cards") / "deck.schema.json").read_text("utf-8")
    schema = json.loads(text)
    card = schema["$defs"]["card"]
    assert set(card["properties"]) == {
        "id",
        "year",
        "date",
        "category",
        "text",
        "explanation",
        "reference",
    }
    assert card["required"] == ["year", "text"]


# -- custom decks -------------------------------------------------------------------------------

CSV_ONE_LANGUAGE = "year;text;category\n" + "\n".join(
    f"{1800 + i};Event number {i};school" for i in range(12)
)


def test_csv_deck_with_one_language_and_semicolons() -> None:
    cards = parse_deck(CSV_ONE_LANGUAGE, "mine.csv")
    assert len(cards) == 12
    assert cards[0].year == 1800
    assert cards[0].texts() == dict.fromkeys(LANGS, "Event number 0")
    assert cards[0].id == "card-002"  # named after its row
    assert cards[0].category == "school"


def test_csv_deck_with_four_languages_and_dates() -> None:
    header = "id,year,date,text_de,text_fr,text_it,text_en,explanation_en,reference"
    rows = [
        f"c{i},{1900 + i},{1900 + i}-05-0{1 + i % 9},de {i},fr {i},it {i},en {i},why {i},book"
        for i in range(10)
    ]
    cards = parse_deck("\n".join([header, *rows]))
    assert cards[3].texts() == {"de": "de 3", "fr": "fr 3", "it": "it 3", "en": "en 3"}
    assert cards[3].date == "1903-05-04"
    assert cards[3].explanations()["en"] == "why 3"


def test_json_deck_list_and_object_forms() -> None:
    listed = parse_deck(json.dumps(DECK))
    wrapped = parse_deck(json.dumps({"category": "mine", "cards": DECK}), "deck.json")
    assert [c.id for c in listed] == [c.id for c in wrapped]
    assert listed[0].category == "history"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("year;text\n1291;a\n;missing year\n" + "1300;b\n" * 10, "row 3, field 'year': missing"),
        ("year;text\n1291;a\nabc;bad\n" + "1300;b\n" * 10, "row 3, field 'year'"),
        ("year,text,date\n1291,a,1291-13\n" + "1300,b,\n" * 10, "row 2, field 'date'"),
        ("year,text,date\n1291,a,1292-01-01\n" + "1300,b,\n" * 10, "does not agree"),
        ("year,text,colour\n1291,a,red\n", "row 1, column 3: unknown column 'colour'"),
        ("text\nfoo\n", "needs a 'year' column"),
        ("year,text\n1291,a,extra\n", "row 2: more cells than columns"),
        ("year,text\n1291,\n" + "1300,b\n" * 10, "row 2, field 'text': missing"),
        ("year,text\n1291,a\n1292,b\n", "at least 10 cards"),
        (
            "id,year,text\nx,1291,a\nx,1292,b\n" + "\n".join(f"y{i},1300,c" for i in range(9)),
            "row 3",
        ),
        ("year,text\n99999,a\n" + "1300,b\n" * 10, "outside"),
        ('[{"year": 1291, "text": "a"}, {"text": "b"}]', "card 2, field 'year': missing"),
        ('[{"year": 1291, "text": "a", "colour": 1}]', "card 1: unknown field 'colour'"),
        ('{"cards": [{"year": 1291, "text": {"xx": "a"}}]}', "unknown language 'xx'"),
        ("[1, 2", "not valid JSON"),
        ("", "empty"),
    ],
)
def test_malformed_custom_decks_are_refused_naming_the_row(text: str, message: str) -> None:
    with pytest.raises(DeckError) as err:
        parse_deck(text)
    assert message in str(err.value)


def test_duplicate_ids_name_both_rows() -> None:
    text = "id,year,text\nx,1291,a\nx,1292,b\n" + "\n".join(f"y{i},1300,c" for i in range(9))
    with pytest.raises(DeckError, match=r"row 3 \(id 'x'\), field 'id': the same id as row 2"):
        parse_deck(text)


def test_cards_with_the_same_text_are_refused_naming_both_rows() -> None:
    # Twelve rows of one event: no placement could ever be judged.
    same = "year,text\n" + "\n".join(f"{1800 + i},Same text" for i in range(12))
    with pytest.raises(
        DeckError,
        match=r"row 3 \(id 'card-003'\), field 'text': the same text as row 2 \('Same text'\)",
    ):
        parse_deck(same)
    # Trimmed and ignoring case; blank lines do not shift the row numbers named.
    rows = [f"{1800 + i};Event {i}" for i in range(11)]
    rows.insert(4, "")
    rows.append("1900;  event 2 ")
    with pytest.raises(DeckError) as err:
        parse_deck("year;text\n" + "\n".join(rows))
    assert "row 14 (id 'card-014'), field 'text': the same text as row 4 ('event 2')" in str(
        err.value
    )
    # A text repeated in one language only is refused too, naming that language.
    cards = [
        {
            "year": 1800 + i,
            "text": {
                "de": f"de {i}",
                "fr": f"fr {i}",
                "it": f"it {i}",
                "en": "en" if i in (1, 7) else f"en {i}",
            },
        }
        for i in range(12)
    ]
    with pytest.raises(
        DeckError, match=r"card 8 \(id 'card-008'\), field text\.en: the same text as card 2"
    ):
        parse_deck(json.dumps(cards))
    # The page tool refuses it too, and a game cannot start with such a deck.
    with pytest.raises(FormatError, match="the same text as row 2"):
        GAME.tool("parse_deck", {"text": same, "filename": "same.csv"})
    opened = Session().handle(
        {"op": "new", "game": "timeline_cards", "options": {"deck": cards}, "seed": 1}
    )
    assert opened["ok"] is False and "the same text as card 2" in opened["error"]


def test_a_custom_deck_plays_and_replays_from_the_options() -> None:
    cards = parse_deck(CSV_ONE_LANGUAGE)
    options = {"players": 2, "deck": cards_to_options(cards)}
    state = GAME.new_game(options, seed=5).advance_chance()
    assert all(c.startswith("card-") for row in state.rows for c in row)
    again = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state
    # Compact: a one-language text is stored once, not four times.
    assert options["deck"][0]["text"] == "Event number 0"


def test_the_page_tool_parses_a_deck_or_refuses_it_and_the_game_is_kept() -> None:
    result = GAME.tool("parse_deck", {"text": CSV_ONE_LANGUAGE, "filename": "x.csv"})
    assert result["count"] == 12 and result["categories"] == {"school": 12}
    with pytest.raises(FormatError, match="row 3"):
        GAME.tool("parse_deck", {"text": "year,text\n1291,a\nxx,b\n"})

    session = Session()
    opened = session.handle(
        {"op": "new", "game": "timeline_cards", "options": {"deck": DECK}, "seed": 1}
    )
    assert opened["ok"], opened
    before = session.handle({"op": "view"})["view"]
    refused = session.handle(
        {"op": "tool", "name": "parse_deck", "args": {"text": "year,text\n1291,a\n,b\n"}}
    )
    assert refused["ok"] is False and "row 3" in refused["error"]
    assert session.handle({"op": "view"})["view"] == before  # nothing is lost
    bad_new = session.handle(
        {"op": "new", "game": "timeline_cards", "options": {"deck": [{"year": "x"}]}}
    )
    assert bad_new["ok"] is False and "card 1" in bad_new["error"]
    assert session.handle({"op": "view"})["view"] == before


def test_deck_info_and_labels_tools() -> None:
    info = GAME.tool("deck_info", {})
    assert info["count"] == len(packaged_deck())
    for lang in LANGS:
        labels = GAME.tool("labels", {"lang": lang})
        assert labels["lang"] == lang
        assert labels["labels"]["spinner.grumpy"]
        for category in CATEGORIES:
            assert labels["labels"][f"category.{category}"]
    assert GAME.tool("labels", {"lang": "xx"})["lang"] == "en"
