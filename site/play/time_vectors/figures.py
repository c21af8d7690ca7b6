"""Build-time: draw a rules example as a static SVG, so a rules page needs no runtime.

build.py calls :func:`figure` with the spectator view of each example's
position; the live board starts only when the reader asks for it.
"""

from html import escape

from timegames.time_vectors.board import FILES, index

COLOURS = ("#d97706", "#0d9488", "#7c3aed")  # Amber, Teal, Violet, as on the page
LAYOUT = (("NW", "NE"), ("SW", "SE"))
CELL = 14
GAP = 6


def figure(view: dict, example: dict) -> str:
    """Four tiers side by side, top tier first; tokens, the last move and highlights."""
    cells = view["cells"]
    marked = set(example.get("highlight") or ()) | set(view.get("winning_line") or ())
    tier_w = 8 * CELL + GAP
    parts = []
    for column, tier in enumerate((4, 3, 2, 1)):
        x0 = column * (tier_w + 3 * GAP)
        parts.append(
            f'<text x="{x0 + tier_w / 2}" y="11" text-anchor="middle" '
            f'font-size="10" fill="currentColor">Tier {tier}</text>'
        )
        for qy, row in enumerate(LAYOUT):
            for qx, quad in enumerate(row):
                qx0 = x0 + qx * (4 * CELL + GAP)
                qy0 = 16 + qy * (4 * CELL + GAP)
                parts.append(
                    f'<rect x="{qx0 - 2}" y="{qy0 - 2}" width="{4 * CELL + 4}" '
                    f'height="{4 * CELL + 4}" rx="3" fill="none" stroke="currentColor" '
                    'stroke-opacity="0.25"/>'
                )
                for rank in range(4, 0, -1):
                    for f in range(4):
                        name = f"{quad}{tier}{FILES[f]}{rank}"
                        cx = qx0 + f * CELL + CELL / 2
                        cy = qy0 + (4 - rank) * CELL + CELL / 2
                        colour = cells[index(name)]
                        if name in marked:
                            parts.append(
                                f'<circle cx="{cx}" cy="{cy}" r="6.4" fill="none" '
                                'stroke="#dc2626" stroke-width="2"/>'
                            )
                        if colour >= 0:
                            parts.append(
                                f'<circle cx="{cx}" cy="{cy}" r="4.6" fill="{COLOURS[colour]}"/>'
                            )
                        else:
                            parts.append(
                                f'<circle cx="{cx}" cy="{cy}" r="1.4" fill="currentColor" '
                                'fill-opacity="0.4"/>'
                            )
    width = 4 * (tier_w + 3 * GAP)
    height = 16 + 8 * CELL + GAP + 4
    label = escape(example["title"])
    return (
        f'<svg viewBox="-4 0 {width} {height}" role="img" aria-label="{label}" '
        f'class="tg-figure-svg">{"".join(parts)}</svg>'
    )
