"""Build-time: write the diamond of 24 locations into the page, so it paints at once.

Names, dates, rows, columns and links come from the engine's location data
(read as plain JSON, so a half-edited engine module never breaks the build);
the page script only fills in the holdings, the marks and the highlights.
"""

import json
import re
from html import escape
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[3] / "pkg" / "timegames" / "time_and_time_again"
LOCATIONS: list[dict[str, Any]] = json.loads((DATA / "locations.json").read_text("utf-8"))[
    "locations"
]
ROWS = range(max(loc["row"] for loc in LOCATIONS) + 1)
ROW_SIZES = [sum(1 for loc in LOCATIONS if loc["row"] == r) for r in ROWS]
BY_ID = {loc["id"]: loc for loc in LOCATIONS}

ROW_GAP = 100 / len(ROW_SIZES)  # per cent of the diamond's height per row
COL_GAP = 24.5  # per cent of its width between neighbours in a row
ERA = (
    "#92400e",
    "#a16207",
    "#4d7c0f",
    "#0f766e",
    "#0e7490",
    "#1d4ed8",
    "#4338ca",
    "#6d28d9",
    "#b45309",
)


def centre(loc: dict[str, Any]) -> tuple[float, float]:
    """Where a location's cell sits, in per cent: the base row at the bottom."""
    width = ROW_SIZES[loc["row"]]
    x = 50 + (loc["col"] - (width - 1) / 2) * COL_GAP
    y = (len(ROW_SIZES) - 1 - loc["row"] + 0.5) * ROW_GAP
    return x, y


# Where a name too long for its cell may break (a soft hyphen, shown only when it breaks).
SOFT_HYPHENS = {"Constantinople": "Constan\u00adtinople"}


def cell_name(name: str) -> str:
    """The name as a diamond cell shows it: "The Present Day" as "Present Day",
    "Akhetaten (Amarna)" as "Akhetaten"; the full name is in the cell's label."""
    short = re.sub(r"\s*\(.*\)$", "", name.removeprefix("The "))
    return escape(SOFT_HYPHENS.get(short, short))


def cell(loc: dict[str, Any]) -> str:
    x, y = centre(loc)
    present = " present" if not loc["next"] else ""
    era = ERA[min(loc["row"], len(ERA) - 1)]
    name, date = escape(loc["name"]), escape(loc["date"])
    # A word this long fits a wide cell only in a smaller type.
    long_word = " long" if max(map(len, loc["name"].split())) >= 13 else ""
    return (
        f'<a class="tt-cell{present}" id="cell-{loc["id"]}" data-loc="{loc["id"]}" '
        f'href="#/location/{loc["id"]}" tabindex="-1" '
        f'style="--x:{x:.2f}%;--y:{y:.2f}%;--era:{era}" '
        f'aria-label="{name}, {date}">'
        f'<span class="tt-cname{long_word}" title="{name}">{cell_name(loc["name"])}</span>'
        f'<span class="tt-cdate">{date}</span>'
        '<span class="tt-hold" aria-hidden="true"></span>'
        '<span class="tt-marks" aria-hidden="true"></span>'
        "</a>"
    )


def links_svg() -> str:
    lines = []
    for loc in LOCATIONS:
        x1, y1 = centre(loc)
        for up in loc["next"]:
            x2, y2 = centre(BY_ID[up])
            lines.append(
                f'<line id="link-{loc["id"]}-{up}" '
                f'x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}"/>'
            )
    return (
        '<svg class="tt-links" viewBox="0 0 100 100" preserveAspectRatio="none" '
        f'aria-hidden="true">{"".join(lines)}</svg>'
    )


def render(page: str) -> str:
    """Replace the page's DIAMOND marker with the link lines and the 24 cells."""
    cells = "".join(cell(loc) for loc in LOCATIONS)
    return page.replace("<!-- DIAMOND -->", links_svg() + cells)
