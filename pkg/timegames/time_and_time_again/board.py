"""The 24 locations of Time and Time Again and the diamond that links them.

The content lives in ``locations.json`` beside this module (read with
:func:`timegames.core.data.read_text`, so it works from a wheel and inside Pyodide).
Locations are numbered by their position in that file: row 0 (Uruk) first,
the present day last.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core.data import read_text


@dataclass(frozen=True)
class Location:
    """One time and place: its character, its history and its links upward."""

    index: int
    id: str
    row: int
    col: int
    name: str
    date: str
    year: int
    place: str
    character: str
    role: str
    history: str
    next: tuple[int, ...]
    prev: tuple[int, ...]
    because: tuple[str, ...]
    """One sentence per link in ``next`` (same order): how events here could shape that place."""

    def to_dict(self) -> dict[str, Any]:
        """Plain form for pages (links as location ids)."""
        return {
            "id": self.id,
            "row": self.row,
            "col": self.col,
            "name": self.name,
            "date": self.date,
            "year": self.year,
            "place": self.place,
            "character": {"name": self.character, "role": self.role},
            "history": self.history,
            "next": [LOCATIONS[i].id for i in self.next],
            "prev": [LOCATIONS[i].id for i in self.prev],
            "because": {
                LOCATIONS[i].id: text for i, text in zip(self.next, self.because, strict=True)
            },
        }


def load_raw() -> dict[str, Any]:
    """The parsed ``locations.json``."""
    text = read_text(__name__, "locations.json")
    data: dict[str, Any] = json.loads(text)
    return data


def _because(item: dict[str, Any]) -> tuple[str, ...]:
    """The reasons of a location's links, in the order of its ``next`` list."""
    reasons: dict[str, str] = item.get("because", {})
    if set(reasons) != set(item["next"]):
        raise ValueError(f"{item['id']}: 'because' must give one reason for each 'next' link")
    return tuple(reasons[target] for target in item["next"])


def _build() -> tuple[Location, ...]:
    raw = load_raw()["locations"]
    index = {item["id"]: i for i, item in enumerate(raw)}
    prev: dict[int, list[int]] = {i: [] for i in range(len(raw))}
    for i, item in enumerate(raw):
        for target in item["next"]:
            prev[index[target]].append(i)
    return tuple(
        Location(
            index=i,
            id=item["id"],
            row=int(item["row"]),
            col=int(item["col"]),
            name=item["name"],
            date=item["date"],
            year=int(item["year"]),
            place=item["place"],
            character=item["character"]["name"],
            role=item["character"]["role"],
            history=item["history"],
            next=tuple(index[t] for t in item["next"]),
            prev=tuple(prev[i]),
            because=_because(item),
        )
        for i, item in enumerate(raw)
    )


LOCATIONS: tuple[Location, ...] = _build()
"""Every location, Uruk first, the present day last."""

COUNT = len(LOCATIONS)
PRESENT = COUNT - 1
"""Index of the present day (the apex)."""

BY_ID: dict[str, int] = {loc.id: loc.index for loc in LOCATIONS}
ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(loc.index for loc in sorted(LOCATIONS, key=lambda x: x.col) if loc.row == r)
    for r in range(max(loc.row for loc in LOCATIONS) + 1)
)


@cache
def later(index: int) -> frozenset[int]:
    """Every location reachable upward from ``index`` (not including itself)."""
    found: set[int] = set()
    for n in LOCATIONS[index].next:
        found.add(n)
        found |= later(n)
    return frozenset(found)


def reason(earlier: int, later_index: int) -> str | None:
    """Why events at ``earlier`` could shape ``later_index`` (None when they are not linked)."""
    loc = LOCATIONS[earlier]
    for target, text in zip(loc.next, loc.because, strict=True):
        if target == later_index:
            return text
    return None


def name(index: int) -> str:
    """A location's display name."""
    return LOCATIONS[index].name


def locations_json() -> dict[str, Any]:
    """All locations and the rows, as pages and docs use them."""
    return {
        "locations": [loc.to_dict() for loc in LOCATIONS],
        "rows": [[LOCATIONS[i].id for i in row] for row in ROWS],
    }


# -- the diamond as a picture -----------------------------------------------------------------

_DX, _DY, _W, _H = 150, 84, 136, 56


def _centre(loc: Location) -> tuple[float, float]:
    width = len(ROWS[loc.row])
    top = len(ROWS) - 1
    x = (loc.col - (width - 1) / 2) * _DX + 1.5 * _DX
    y = (top - loc.row) * _DY + _H / 2 + 6
    return x + _W / 2 + 6, y


def diamond_svg(link: str = "") -> str:
    """The diamond of locations as a self-contained SVG (generated from the data).

    ``link``, if given, is a URL prefix: each box links to ``link + id``.
    """
    # Imported here: html pulls in its large entity table, which only drawings need.
    from html import escape

    width = int(3 * _DX + _W + 12)
    height = int(len(ROWS) * _DY + 12)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        # With links inside, the picture is a group of links, not a single image.
        f'class="tata-diamond" role="{"group" if link else "img"}" '
        'aria-label="The diamond of 24 locations">'
    ]
    for loc in LOCATIONS:
        x1, y1 = _centre(loc)
        for n in loc.next:
            x2, y2 = _centre(LOCATIONS[n])
            parts.append(
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                'stroke="#8a7f6a" stroke-width="2"/>'
            )
    for loc in LOCATIONS:
        x, y = _centre(loc)
        box = (
            f'<rect x="{x - _W / 2:.0f}" y="{y - _H / 2:.0f}" width="{_W}" height="{_H}" rx="8" '
            'fill="#fbf6ea" stroke="#6b5b3e" stroke-width="1.5"/>'
            f'<text x="{x:.0f}" y="{y - 6:.0f}" text-anchor="middle" font-size="14" '
            f'font-weight="bold" fill="#2d2416">{escape(loc.name)}</text>'
            f'<text x="{x:.0f}" y="{y + 14:.0f}" text-anchor="middle" font-size="12" '
            f'fill="#4a3f2c">{escape(loc.date)}</text>'
        )
        title = f"<title>{escape(loc.name)}, {escape(loc.date)}: {escape(loc.character)}</title>"
        if link:
            parts.append(f'<a href="{escape(link + loc.id)}">{title}{box}</a>')
        else:
            parts.append(f'<g id="loc-{loc.id}">{title}{box}</g>')
    parts.append("</svg>")
    return "".join(parts)


# -- the locations page of the rules (docs/rules/time_and_time_again_locations.md) ------------


def locations_markdown() -> str:
    """The whole locations page, generated from the data (a test keeps the file in sync)."""
    lines = [
        "---",
        "title: Time and Time Again locations",
        "description: The 24 times and places of Time and Time Again, from Uruk to today.",
        "---",
        "",
        "# The 24 locations",
        "",
        "Uruk is the base of the diamond and the present day its apex. Each location feeds",
        "at most two later ones in the row above: echoes of your gains climb along these links.",
        "Under each location, **Leads to** says why its events could shape each later one.",
        "This page is generated from the game's data file, `locations.json`.",
        "",
        '<div class="tata-diamond-wrap">',
        diamond_svg("#"),
        "</div>",
        "",
    ]
    for row in reversed(ROWS):
        for i in row:
            loc = LOCATIONS[i]
            downs = ", ".join(f"[{LOCATIONS[p].name}](#{LOCATIONS[p].id})" for p in loc.prev)
            lines += [
                f"## {loc.name}, {loc.date} {{ #{loc.id} }}",
                "",
                f"*{loc.place}.* **Character:** {loc.character}, {loc.role}.",
                "",
                loc.history,
                "",
            ]
            # The later locations it feeds, each with the reason for the link.
            if loc.next:
                lines += ["**Leads to:**", ""]
                lines += [
                    f"- [{LOCATIONS[n].name}](#{LOCATIONS[n].id}): {text}"
                    for n, text in zip(loc.next, loc.because, strict=True)
                ]
            else:
                lines.append("**Leads to:** nothing (this is the apex).")
            lines += ["", f"Fed by: {downs or 'nothing (this is the base)'}.", ""]
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - a maintainer's helper
    import pathlib
    import sys

    target = pathlib.Path(
        sys.argv[1] if len(sys.argv) > 1 else "docs/rules/time_and_time_again_locations.md"
    )
    target.write_text(locations_markdown(), encoding="utf-8")
    print(f"wrote {target}")
