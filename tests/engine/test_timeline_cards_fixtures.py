"""Small fixture decks and table builders for the Timeline tests (no tests here).

Cards are named by their year (``y1848``) so a scenario reads like the table
it describes.  Same-year cards carry a letter: ``y1848a`` (March) and
``y1848b`` (12 September) have finer dates; ``y1900a`` and ``y1900b`` have
none, so they tie.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from timegames.timeline_cards.rules import GAME, START, TimelineState

YEARS = (
    1291, 1315, 1386, 1415, 1476, 1499, 1515, 1536, 1648, 1712, 1798, 1803, 1815, 1847,
    1874, 1882, 1914, 1918, 1939, 1945, 1959, 1971, 1992, 2002, 2008, 2016,
)  # fmt: skip


def card(card_id: str, year: int, date: str | None = None) -> dict[str, Any]:
    """One fixture card in the options' compact form."""
    out: dict[str, Any] = {
        "id": card_id,
        "year": year,
        "category": "history",
        "text": {
            "de": f"Ereignis {card_id}",
            "fr": f"Événement {card_id}",
            "it": f"Evento {card_id}",
            "en": f"Event {card_id}",
        },
        "explanation": f"Explained {card_id}",
        "reference": "fixture",
    }
    if date:
        out["date"] = date
    return out


DECK: list[dict[str, Any]] = [card(f"y{y}", y) for y in YEARS] + [
    card("y1848a", 1848, "1848-03"),
    card("y1848b", 1848, "1848-09-12"),
    card("y1900a", 1900),
    card("y1900b", 1900),
]


def table(
    rows: list[list[str]],
    chips: list[int] | None = None,
    seed: int = 7,
    **options: Any,
) -> TimelineState:
    """A table at the start of seat 0's turn with these rows and chips."""
    n = len(rows)
    opts = {"players": n, "deck": DECK, **options}
    state = GAME.new_game(opts, seed)
    drawn = tuple(c for row in rows for c in row)
    return replace(
        state,
        rows=tuple(tuple(r) for r in rows),
        chips=tuple(chips if chips is not None else [0] * n),
        drawn=drawn,
        phase=START,
        active=0,
        actor=0,
    )


def play(state: TimelineState, *moves: str) -> TimelineState:
    """Play moves in notation, chance outcomes included, each checked."""
    for text in moves:
        state = state.play_text(text)  # type: ignore[assignment]
    return state
