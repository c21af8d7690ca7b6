"""Build-time: draw a rules example as a static SVG diamond, so a rules page needs no runtime.

build.py calls :func:`figure` with the spectator view of each example's
position: who controls each character and who is most visible where are
public, holdings are not, so the drawing shows exactly what anyone may see.
The locations the example talks about are outlined in amber.
"""

from html import escape
from typing import Any

from timegames.time_and_time_again.board import LOCATIONS, ROWS

W, H, DX, DY = 112, 40, 124, 50
# The page's seat colours (time_and_time_again.css .p0 … .p7).
SEATS = ("#e11d48", "#2563eb", "#16a34a", "#d97706", "#9333ea", "#0891b2", "#db2777", "#57534e")


def centre(index: int) -> tuple[float, float]:
    loc = LOCATIONS[index]
    width = len(ROWS[loc.row])
    x = 4 + 1.5 * DX + W / 2 + (loc.col - (width - 1) / 2) * DX
    y = 4 + H / 2 + (len(ROWS) - 1 - loc.row) * DY
    return x, y


def figure(view: dict[str, Any], example: dict[str, Any]) -> str:
    """The diamond with each character's controller and the most visible player marked."""
    marked = {str(h) for h in example.get("highlight") or ()}
    live = {loc["id"]: loc for loc in view.get("locations") or []}
    width, height = int(3 * DX + W + 8), int((len(ROWS) - 1) * DY + H + 8)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="The diamond of locations at hour {view.get("clock", 0)}">'
    ]
    for loc in LOCATIONS:
        x1, y1 = centre(loc.index)
        for up in loc.next:
            x2, y2 = centre(up)
            parts.append(
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                'stroke="#a5b4fc" stroke-width="1.5"/>'
            )
    for loc in LOCATIONS:
        x, y = centre(loc.index)
        state = live.get(loc.id, {})
        hot = loc.id in marked
        size = 12 if len(loc.name) <= 14 else 9  # "Akhetaten (Amarna)" must fit its box
        stroke = ' stroke="#f59e0b" stroke-width="4"' if hot else ' stroke="#6366f1"'
        parts.append(
            f'<rect x="{x - W / 2:.0f}" y="{y - H / 2:.0f}" width="{W}" height="{H}" rx="8" '
            f'fill="#1e1b4b"{stroke}/>'
            f'<text x="{x - W / 2 + 7:.0f}" y="{y - 3:.0f}" font-size="{size}" font-weight="bold" '
            f'fill="#eef2ff">{escape(loc.name)}</text>'
            f'<text x="{x - W / 2 + 7:.0f}" y="{y + 13:.0f}" font-size="10" '
            f'fill="#c7d2fe">{escape(loc.date)}</text>'
        )
        controller = state.get("controller")
        if isinstance(controller, int):
            colour = SEATS[controller % len(SEATS)]
            parts.append(
                f'<rect x="{x + W / 2 - 15:.0f}" y="{y + H / 2 - 15:.0f}" width="10" height="10" '
                f'rx="2" fill="{colour}" stroke="#fff"><title>character: Player '
                f"{controller + 1}</title></rect>"
            )
        ranking = state.get("ranking") or []
        if ranking:
            colour = SEATS[ranking[0] % len(SEATS)]
            parts.append(
                f'<circle cx="{x + W / 2 - 24:.0f}" cy="{y + H / 2 - 10:.0f}" r="5" '
                f'fill="{colour}" stroke="#fff"><title>most visible: Player '
                f"{ranking[0] + 1}</title></circle>"
            )
    parts.append("</svg>")
    return "".join(parts)
