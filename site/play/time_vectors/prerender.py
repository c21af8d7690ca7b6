"""Build-time: write the Time Vectors board into the page, so it paints at once.

The engine's own notation names every point; the page script only fills in
tokens and highlights.
"""

from timegames.time_vectors.board import FILES

# Screen layout of a tier: the NW and NE grids above, SW and SE below, as on
# the physical board seen from above with north at the top.
LAYOUT = (("NW", "NE"), ("SW", "SE"))


def point_button(name: str) -> str:
    return (
        f'<button class="pt" id="pt-{name}" data-p="{name}" type="button" tabindex="-1" '
        f'aria-label="{name}, empty"></button>'
    )


def grid(quadrant: str, tier: int) -> str:
    buttons = [
        point_button(f"{quadrant}{tier}{FILES[file]}{rank}")
        for rank in range(4, 0, -1)
        for file in range(4)
    ]
    return f'<div class="quad q-{quadrant}" aria-label="{quadrant} grid">{"".join(buttons)}</div>'


def tier_html(tier: int) -> str:
    quads = "".join(grid(q, tier) for row in LAYOUT for q in row)
    names = {1: "bottom", 4: "top"}
    sub = f" <small>({names[tier]})</small>" if tier in names else ""
    return (
        f'<div class="tier" data-tier="{tier}" role="group" aria-label="Tier {tier}">'
        f"<h2>Tier {tier}{sub}</h2>"
        '<div class="tier-board">'
        '<span class="compass n" aria-hidden="true">N</span>'
        '<span class="compass e" aria-hidden="true">E</span>'
        '<span class="compass s" aria-hidden="true">S</span>'
        '<span class="compass w" aria-hidden="true">W</span>'
        f'<div class="tier-grid">{quads}<span class="post" aria-hidden="true"></span></div>'
        "</div></div>"
    )


def render(page: str) -> str:
    """Replace the page's BOARD marker with the 256 points, top tier first."""
    board = "".join(tier_html(t) for t in (4, 3, 2, 1))
    return page.replace("<!-- BOARD -->", board)
