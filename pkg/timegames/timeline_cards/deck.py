"""The event cards: the packaged Swiss deck and custom decks from CSV or JSON.

The packaged deck is plain data inside the package, one JSON file per
category (``deck/<category>.json``), read with :func:`timegames.core.data.read_text` so
it loads the same from a source tree, a wheel and in Pyodide.  Loading never
raises: a missing or broken file only leaves its cards out, and
:data:`PROBLEMS` says what was skipped (the deck validation test reports it).

A custom deck is text a player or teacher loads in the page.  :func:`parse_deck`
reads CSV or JSON and refuses a malformed file with a :class:`DeckError` that
names the row and the field, so the page can say what to fix.  A parsed deck
travels in the game's options as a list of compact card dicts
(:func:`cards_to_options`), so a record of a custom-deck game replays anywhere.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core.data import read_text

LANGS: tuple[str, ...] = ("de", "fr", "it", "en")
"""Languages of card texts, in this order everywhere."""

CATEGORIES: tuple[str, ...] = (
    "history",
    "politics",
    "economy",
    "transport",
    "sport",
    "entertainment",
    "inventions",
    "personalities",
)
"""The eight categories of the packaged deck."""

MIN_YEAR = -3000
MAX_YEAR = 2030
MAX_TEXT = 200
MAX_EXPLANATION = 600
MAX_CUSTOM_CARDS = 1000
MIN_CUSTOM_CARDS = 10
_ID_RE = re.compile(r"^[A-Za-z0-9_.:-]{1,40}$")
_DATE_RE = re.compile(r"^(-?\d{1,4})-(\d{2})(?:-(\d{2}))?$")
_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


class DeckError(ValueError):
    """A deck that cannot be used; the message names the row (or card) and field."""


@dataclass(frozen=True)
class Card:
    """One event card.

    ``text`` and ``explanation`` hold one string per language of :data:`LANGS`.
    ``lo`` and ``hi`` are the first and last day the card's date can mean,
    as ``year * 10000 + month * 100 + day``: a card dated only by its year
    spans the whole year, so two same-year cards without finer dates may lie
    in either order.
    """

    id: str
    year: int
    category: str
    text: tuple[str, ...]
    explanation: tuple[str, ...]
    reference: str = ""
    date: str | None = None

    @property
    def lo(self) -> int:
        """The earliest day the card can mean."""
        month, day = _month_day(self.date)
        return self.year * 10000 + (month or 1) * 100 + (day or 1)

    @property
    def hi(self) -> int:
        """The latest day the card can mean."""
        month, day = _month_day(self.date)
        if not month:
            return self.year * 10000 + 1231
        return self.year * 10000 + month * 100 + (day or 31)

    def label(self) -> str:
        """The date as printed on the card: the finer date if there is one."""
        return self.date or str(self.year)

    def texts(self) -> dict[str, str]:
        """The event text by language."""
        return dict(zip(LANGS, self.text, strict=True))

    def explanations(self) -> dict[str, str]:
        """The explanation by language."""
        return dict(zip(LANGS, self.explanation, strict=True))

    def public(self) -> dict[str, Any]:
        """Everything on the card, once it lies open."""
        return {
            "id": self.id,
            "year": self.year,
            "date": self.date,
            "label": self.label(),
            "category": self.category,
            "text": self.texts(),
            "explanation": self.explanations(),
            "reference": self.reference,
        }

    def face_down(self) -> dict[str, Any]:
        """What players see of a card being placed: the event, not its date."""
        return {"category": self.category, "text": self.texts()}


def _month_day(date: str | None) -> tuple[int, int]:
    if date is None:
        return 0, 0
    match = _DATE_RE.match(date)
    if match is None:
        return 0, 0
    return int(match.group(2)), int(match.group(3) or 0)


class Deck:
    """An ordered, immutable set of cards with lookup by id."""

    def __init__(self, cards: Iterable[Card], custom: bool = False) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self.by_id: dict[str, Card] = {c.id: c for c in self.cards}
        self.ids: tuple[str, ...] = tuple(c.id for c in self.cards)
        self.custom = custom
        # The latest year on a card: the bots' present is no earlier.
        self.last_year: int = max((c.year for c in self.cards), default=0)

    def __len__(self) -> int:
        return len(self.cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        return self is other or (self.custom == other.custom and self.cards == other.cards)

    def __hash__(self) -> int:
        return hash((self.custom, self.ids))

    def __getitem__(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id

    def categories(self) -> dict[str, int]:
        """Card counts by category, in order of first appearance."""
        counts: dict[str, int] = {}
        for card in self.cards:
            counts[card.category] = counts.get(card.category, 0) + 1
        return counts


# -- placement arithmetic ------------------------------------------------------


def fits(row: Sequence[Card], gap: int, card: Card) -> bool:
    """True if ``card`` may go into ``row`` at ``gap`` (0 = before the first card).

    Every card to the left must not be strictly later than ``card``, and every
    card to the right not strictly earlier; same-year cards without finer
    dates tie, so either order counts as right.
    """
    return all(x.lo <= card.hi for x in row[:gap]) and all(x.hi >= card.lo for x in row[gap:])


def correct_gaps(row: Sequence[Card], card: Card) -> range:
    """The gaps where ``card`` fits; never empty for a row in order."""
    first = 0
    for index, x in enumerate(row):
        if x.hi < card.lo:
            first = index + 1
    last = len(row)
    for index, x in enumerate(row):
        if x.lo > card.hi:
            last = index
            break
    return range(first, max(first, last) + 1)


def insert_sorted(row: Sequence[Card], card: Card) -> list[Card]:
    """``row`` with ``card`` in its first correct gap (a card placed face up)."""
    gap = correct_gaps(row, card)[0]
    return [*row[:gap], card, *row[gap:]]


# -- reading cards ---------------------------------------------------------------


def _where(kind: str, number: int, card_id: str | None = None) -> str:
    name = f" (id {card_id!r})" if card_id else ""
    return f"{kind} {number}{name}"


def _text_field(
    raw: Any, field: str, where: str, required: bool, limit: int, all_langs: bool
) -> tuple[str, ...]:
    """A per-language field: a dict by language, or one string for every language."""
    if type(raw) is dict and len(raw) == len(LANGS):
        # Every packaged card gives each language: read in one pass, since a game
        # page reads the whole deck as it starts.  Anything else takes the long way.
        given = []
        for lang in LANGS:
            value = raw.get(lang)
            if type(value) is not str:
                break
            value = " ".join(value.split())
            if not value or len(value) > limit:
                break
            given.append(value)
        else:
            return tuple(given)
    if raw is None or raw == "" or raw == {}:
        if required:
            raise DeckError(f"{where}, field {field!r}: missing")
        return ("",) * len(LANGS)
    if isinstance(raw, str):
        values = {lang: raw for lang in LANGS}
        if all_langs:
            raise DeckError(f"{where}, field {field!r}: give it in every language ({LANGS})")
    elif isinstance(raw, dict):
        unknown = sorted(set(raw) - set(LANGS))
        if unknown:
            raise DeckError(f"{where}, field {field!r}: unknown language {unknown[0]!r}")
        values = {}
        for lang, value in raw.items():
            if not isinstance(value, str):
                raise DeckError(f"{where}, field {field}.{lang}: must be text")
            if value.strip():
                values[lang] = value
    else:
        raise DeckError(f"{where}, field {field!r}: must be text or an object by language")
    missing = [lang for lang in LANGS if lang not in values]
    if missing and all_langs:
        raise DeckError(f"{where}, field {field}.{missing[0]}: missing")
    if len(missing) == len(LANGS):
        if required:
            raise DeckError(f"{where}, field {field!r}: missing")
        return ("",) * len(LANGS)
    # A one-language custom deck shows its one text in every language.
    fallback = next((values[lang] for lang in LANGS if lang in values), "")
    result = []
    for lang in LANGS:
        value = " ".join(values.get(lang, fallback).split())
        if len(value) > limit:
            raise DeckError(f"{where}, field {field}.{lang}: longer than {limit} characters")
        result.append(value)
    return tuple(result)


def _year(raw: Any, where: str) -> int:
    if isinstance(raw, bool):
        raise DeckError(f"{where}, field 'year': must be a whole number")
    if isinstance(raw, str):
        try:
            raw = int(raw.strip())
        except ValueError:
            raise DeckError(f"{where}, field 'year': {raw!r} is not a whole number") from None
    if not isinstance(raw, int):
        raise DeckError(f"{where}, field 'year': must be a whole number")
    if not MIN_YEAR <= raw <= MAX_YEAR:
        raise DeckError(f"{where}, field 'year': {raw} is outside {MIN_YEAR}..{MAX_YEAR}")
    return raw


def _date(raw: Any, year: int, where: str) -> str | None:
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str):
        raise DeckError(f"{where}, field 'date': must be text such as 1848-09-12")
    text = raw.strip()
    match = _DATE_RE.match(text)
    if match is None:
        raise DeckError(f"{where}, field 'date': {text!r} is not YYYY-MM or YYYY-MM-DD")
    if int(match.group(1)) != year:
        raise DeckError(f"{where}, field 'date': {text!r} does not agree with the year {year}")
    month = int(match.group(2))
    day = int(match.group(3) or 1)
    if not 1 <= month <= 12 or not 1 <= day <= _DAYS[month - 1]:
        raise DeckError(f"{where}, field 'date': {text!r} is not a real date")
    return text


def card_from_dict(
    data: Any, number: int, kind: str = "card", strict: bool = False, category: str | None = None
) -> Card:
    """One card from a dict; ``strict`` asks for everything the packaged deck must have.

    ``number`` and ``kind`` ("card", "row") only serve the error message.
    """
    if not isinstance(data, dict):
        raise DeckError(f"{_where(kind, number)}: must be an object with 'year' and 'text'")
    raw_id = data.get("id")
    card_id = str(raw_id).strip() if raw_id not in (None, "") else ""
    where = _where(kind, number, card_id or None)
    known = {"id", "year", "date", "category", "text", "explanation", "reference"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise DeckError(f"{where}: unknown field {unknown[0]!r}")
    if card_id and not _ID_RE.match(card_id):
        raise DeckError(f"{where}, field 'id': use letters, digits and - _ . : only")
    if not card_id:
        if strict:
            raise DeckError(f"{where}, field 'id': missing")
        card_id = f"card-{number:03d}"
    if "year" not in data or data["year"] in (None, ""):
        raise DeckError(f"{where}, field 'year': missing")
    year = _year(data["year"], where)
    date = _date(data.get("date"), year, where)
    cat = data.get("category", category)
    if cat in (None, ""):
        if strict:
            raise DeckError(f"{where}, field 'category': missing")
        cat = "custom"
    if not isinstance(cat, str) or len(cat) > 40:
        raise DeckError(f"{where}, field 'category': must be a short text")
    cat = cat.strip()
    if strict and cat not in CATEGORIES:
        raise DeckError(f"{where}, field 'category': {cat!r} is not one of {CATEGORIES}")
    text = _text_field(data.get("text"), "text", where, True, MAX_TEXT, strict)
    explanation = _text_field(
        data.get("explanation"), "explanation", where, strict, MAX_EXPLANATION, strict
    )
    reference = data.get("reference", "")
    if reference is None:
        reference = ""
    if not isinstance(reference, str):
        raise DeckError(f"{where}, field 'reference': must be text")
    if strict and not reference.strip():
        raise DeckError(f"{where}, field 'reference': missing")
    return Card(card_id, year, cat, text, explanation, reference.strip(), date)


def _check_unique(cards: Sequence[Card], kind: str, numbers: Sequence[int]) -> None:
    """No two cards share an id, or an event text (trimmed, ignoring case) in any language.

    ``numbers`` are the cards' numbers in their file (a CSV file's line numbers
    skip blank lines and count multi-line cells).
    """
    seen: dict[str, int] = {}
    texts: dict[tuple[str, str], int] = {}
    for number, card in zip(numbers, cards, strict=True):
        if card.id in seen:
            raise DeckError(
                f"{_where(kind, number, card.id)}, field 'id': "
                f"the same id as {kind} {seen[card.id]}"
            )
        seen[card.id] = number
        one_text = all(value == card.text[0] for value in card.text)
        for lang, value in zip(LANGS, card.text, strict=True):
            key = (lang, value.strip().casefold())
            if not key[1]:
                continue
            if key in texts:
                field = "'text'" if one_text else f"text.{lang}"
                raise DeckError(
                    f"{_where(kind, number, card.id)}, field {field}: "
                    f"the same text as {kind} {texts[key]} ({value.strip()!r}); "
                    "every card needs its own event"
                )
            texts[key] = number


def _finish(cards: list[Card], kind: str, numbers: Sequence[int] | None = None) -> list[Card]:
    """Check a custom deck as a whole; ``numbers`` default to 1, 2, 3…"""
    _check_unique(cards, kind, numbers or range(1, len(cards) + 1))
    if len(cards) < MIN_CUSTOM_CARDS:
        raise DeckError(
            f"a deck needs at least {MIN_CUSTOM_CARDS} cards; this one has {len(cards)}"
        )
    if len(cards) > MAX_CUSTOM_CARDS:
        raise DeckError(f"a deck may have at most {MAX_CUSTOM_CARDS} cards")
    return cards


def parse_json_deck(text: str) -> list[Card]:
    """Cards from JSON: a list of cards, or an object with ``cards`` (and ``category``)."""
    try:
        data = json.loads(text)
    except ValueError as err:
        raise DeckError(f"the file is not valid JSON: {err}") from None
    category = None
    if isinstance(data, dict):
        category = data.get("category")
        if category is not None and not isinstance(category, str):
            raise DeckError("field 'category' of the file must be text")
        data = data.get("cards")
    if not isinstance(data, list):
        raise DeckError("a JSON deck is a list of cards or an object with a 'cards' list")
    cards = [
        card_from_dict(item, index + 1, "card", category=category)
        for index, item in enumerate(data)
    ]
    return _finish(cards, "card")


_CSV_COLUMNS = {"id", "year", "date", "category", "reference", "text", "explanation"}


def parse_csv_deck(text: str) -> list[Card]:
    """Cards from CSV with a header row.

    Columns: ``year`` and a text (``text`` for one language, or ``text_de``,
    ``text_fr``, ``text_it``, ``text_en``); optional ``id``, ``date``,
    ``category``, ``explanation`` or ``explanation_<lang>``, ``reference``.
    Commas, semicolons (as spreadsheets in Switzerland write) and tabs all work.
    """
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or not lines[0].strip():
        raise DeckError("row 1: the file is empty; the first row must name the columns")
    header_line = lines[0]
    delimiter = max((";", ",", "\t"), key=header_line.count)
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)
    header = [h.strip().lower() for h in next(reader)]
    for index, name in enumerate(header):
        base, _, lang = name.partition("_")
        ok = name in _CSV_COLUMNS or (base in ("text", "explanation") and lang in LANGS)
        if not ok:
            raise DeckError(f"row 1, column {index + 1}: unknown column {name!r}")
    if len(set(header)) != len(header):
        raise DeckError("row 1: a column name appears twice")
    if "year" not in header:
        raise DeckError("row 1: the deck needs a 'year' column")
    if not any(h == "text" or h.startswith("text_") for h in header):
        raise DeckError("row 1: the deck needs a 'text' column (or text_de, text_fr, ...)")
    cards: list[Card] = []
    numbers: list[int] = []
    for cells in reader:
        row_number = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(cells) > len(header):
            raise DeckError(f"row {row_number}: more cells than columns")
        record: dict[str, Any] = {}
        texts: dict[str, dict[str, str]] = {"text": {}, "explanation": {}}
        for name, value in zip(header, cells, strict=False):
            value = value.strip()
            base, _, lang = name.partition("_")
            if lang:
                if value:
                    texts[base][lang] = value
            elif value:
                record[name] = value
        for base, by_lang in texts.items():
            if by_lang:
                if base in record:
                    raise DeckError(
                        f"row {row_number}: give {base!r} in one column or per language"
                    )
                record[base] = by_lang
        cards.append(card_from_dict(record, row_number, "row"))
        numbers.append(row_number)
    return _finish(cards, "row", numbers)


def parse_deck(text: str, filename: str = "") -> list[Card]:
    """A custom deck from a file's text: JSON if it looks like JSON, else CSV.

    Raises :class:`DeckError` naming the row (CSV) or card (JSON) and field.
    """
    if not isinstance(text, str) or not text.strip():
        raise DeckError("the file is empty")
    if len(text) > 2_000_000:
        raise DeckError("the file is too large for a deck")
    name = filename.lower()
    if name.endswith(".json") or (not name.endswith(".csv") and text.lstrip()[:1] in "[{"):
        return parse_json_deck(text)
    return parse_csv_deck(text)


# -- decks in game options ------------------------------------------------------


def card_to_option(card: Card) -> dict[str, Any]:
    """A compact dict for the options; languages that repeat the German text are left out."""
    out: dict[str, Any] = {"id": card.id, "year": card.year}
    if card.date:
        out["date"] = card.date
    out["category"] = card.category
    out["text"] = _compact(card.text)
    if any(card.explanation):
        out["explanation"] = _compact(card.explanation)
    if card.reference:
        out["reference"] = card.reference
    return out


def _compact(values: tuple[str, ...]) -> str | dict[str, str]:
    if all(v == values[0] for v in values):
        return values[0]
    return dict(zip(LANGS, values, strict=True))


def cards_to_options(cards: Sequence[Card]) -> list[dict[str, Any]]:
    """The value of the ``deck`` option for a custom deck."""
    return [card_to_option(c) for c in cards]


@lru_cache(maxsize=16)
def _deck_from_json(blob: str) -> Deck:
    items = json.loads(blob)
    cards = [card_from_dict(item, i + 1) for i, item in enumerate(items)]
    return Deck(_finish(cards, "card"), custom=True)


def deck_from_options(items: Sequence[Mapping[str, Any]]) -> Deck:
    """The deck a game plays with: the packaged deck, or the custom one in the options."""
    if not items:
        return packaged_deck()
    return _deck_from_json(json.dumps(list(items), sort_keys=True, ensure_ascii=False))


# -- the packaged deck --------------------------------------------------------------

PROBLEMS: list[str] = []
"""What loading the packaged deck skipped (a missing file, a broken card)."""

_PACKAGED: list[Deck] = []


def read_packaged_file(category: str) -> str | None:
    """The text of ``deck/<category>.json`` in the package, or ``None`` if it is missing."""
    try:
        return read_text(__name__, f"deck/{category}.json")
    except (OSError, ValueError):
        return None


def load_packaged(strict: bool = True) -> tuple[list[Card], list[str]]:
    """Every card of the packaged deck that reads cleanly, and the problems found.

    Never raises: a deck half written still plays with the cards it has.
    """
    cards: list[Card] = []
    problems: list[str] = []
    for category in CATEGORIES:
        text = read_packaged_file(category)
        if text is None:
            problems.append(f"deck/{category}.json is missing")
            continue
        try:
            data = json.loads(text)
        except ValueError as err:
            problems.append(f"deck/{category}.json is not valid JSON: {err}")
            continue
        items = data.get("cards") if isinstance(data, dict) else None
        if not isinstance(items, list):
            problems.append(f"deck/{category}.json has no 'cards' list")
            continue
        if data.get("category") != category:
            problems.append(f"deck/{category}.json names the category {data.get('category')!r}")
        for index, item in enumerate(items):
            try:
                card = card_from_dict(item, index + 1, "card", strict=strict, category=category)
            except DeckError as err:
                problems.append(f"deck/{category}.json: {err}")
                continue
            if card.category != category:
                problems.append(f"deck/{category}.json: card {card.id} is in {card.category!r}")
                continue
            cards.append(card)
    seen: set[str] = set()
    unique: list[Card] = []
    for card in cards:
        if card.id in seen:
            problems.append(f"card id {card.id!r} appears twice; the second is left out")
            continue
        seen.add(card.id)
        unique.append(card)
    return unique, problems


def packaged_deck() -> Deck:
    """The packaged Swiss deck, loaded once (never raises; may be short while it is written)."""
    if not _PACKAGED:
        cards, problems = load_packaged()
        PROBLEMS[:] = problems
        _PACKAGED.append(Deck(cards))
    return _PACKAGED[0]


def validate_packaged(cards: Sequence[Card]) -> list[str]:
    """Everything wrong with the packaged deck as a whole (empty when it is right).

    Checks: no duplicate ids or texts, plausible years, the year not given
    away in the text, at least 30 cards per category and 320 in all, and
    categories balanced (the largest at most twice the smallest).
    """
    problems: list[str] = []
    ids: set[str] = set()
    texts: dict[tuple[str, str], str] = {}
    for card in cards:
        if card.id in ids:
            problems.append(f"duplicate id {card.id}")
        ids.add(card.id)
        if not re.match(rf"^{re.escape(card.category)}-\d{{3}}$", card.id):
            problems.append(f"{card.id}: ids are <category>-NNN")
        if not 1000 <= card.year <= 2026 and not -60 <= card.year <= 999:
            problems.append(f"{card.id}: implausible year {card.year}")
        for lang, value in zip(LANGS, card.text, strict=True):
            key = (lang, value.casefold())
            if key in texts:
                problems.append(f"{card.id}: the same {lang} text as {texts[key]}")
            texts[key] = card.id
            if str(abs(card.year)) in value:
                problems.append(f"{card.id}: the {lang} text gives the year away")
            if len(value) > 120:
                problems.append(f"{card.id}: the {lang} text is long ({len(value)} characters)")
        for lang, value in zip(LANGS, card.explanation, strict=True):
            if not value:
                problems.append(f"{card.id}: no {lang} explanation")
    counts = {c: 0 for c in CATEGORIES}
    for card in cards:
        counts[card.category] = counts.get(card.category, 0) + 1
    for category, count in counts.items():
        if count < 30:
            problems.append(f"category {category} has {count} cards; at least 30 are needed")
    if len(cards) < 320:
        problems.append(f"the deck has {len(cards)} cards; at least 320 are needed")
    smallest = min(counts.values())
    if smallest and max(counts.values()) > 2 * smallest:
        problems.append(f"categories are unbalanced: {counts}")
    return problems
