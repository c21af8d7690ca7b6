"""Build-time: draw a rules example as a static SVG, so a rules page needs no runtime.

build.py calls :func:`figure` with the spectator view of each example's
position; the live board starts only when the reader asks for it.
"""

from html import escape

from timegames.timelock.board import FILES, SIZE

SQ = 46
# The page's piece colours (named in the engine's view), readable on light and dark.
FILL = {
    "red": "#dc2626",
    "orange": "#ea580c",
    "yellow": "#ca8a04",
    "green": "#16a34a",
    "blue": "#2563eb",
    "violet": "#7c3aed",
    "purple": "#7c3aed",
    "black": "#374151",
    "white": "#e5e7eb",
    "cyan": "#0891b2",
    "pink": "#db2777",
}


def figure(view: dict, example: dict) -> str:
    """The 5×5 board seen from the side: each stack drawn bottom to top, Goals rounded."""
    squares = view.get("squares") or {}
    marked = set(example.get("highlight") or ())
    parts = []
    for rank in range(SIZE, 0, -1):
        y0 = (SIZE - rank) * SQ + 4
        parts.append(
            f'<text x="6" y="{y0 + SQ / 2 + 4}" font-size="11" fill="currentColor">{rank}</text>'
        )
        for f, letter in enumerate(FILES):
            name = f"{letter}{rank}"
            x0 = 20 + f * SQ
            stroke = "#dc2626" if name in marked else "currentColor"
            width = 2.5 if name in marked else 1
            opacity = 1 if name in marked else 0.3
            parts.append(
                f'<rect x="{x0}" y="{y0}" width="{SQ - 2}" height="{SQ - 2}" rx="3" '
                f'fill="{"#f59e0b22" if rank == 3 else "none"}" stroke="{stroke}" '
                f'stroke-opacity="{opacity}" stroke-width="{width}"/>'
            )
            for level, piece in enumerate(squares.get(name) or ()):
                w = 10 + 8 * int(piece["size"])
                px = x0 + (SQ - 2 - w) / 2
                py = y0 + SQ - 12 - level * 9
                colour = FILL.get(str(piece["colour"]), "#6b7280")
                rx = 4 if piece["goal"] else 1
                parts.append(
                    f'<rect x="{px}" y="{py}" width="{w}" height="8" rx="{rx}" '
                    f'fill="{colour}" stroke="#111827" stroke-width="0.6"/>'
                )
    for f, letter in enumerate(FILES):
        parts.append(
            f'<text x="{20 + f * SQ + SQ / 2 - 4}" y="{SIZE * SQ + 18}" font-size="11" '
            f'fill="currentColor">{letter}</text>'
        )
    label = escape(example["title"])
    return (
        f'<svg viewBox="0 0 {20 + SIZE * SQ + 4} {SIZE * SQ + 24}" role="img" '
        f'aria-label="{label}" class="tg-figure-svg">{"".join(parts)}</svg>'
    )
