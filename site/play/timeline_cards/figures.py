"""Build-time: draw a rules example as static HTML, so a rules page needs no runtime.

build.py calls :func:`figure` with the spectator view of each example's
position; the live table starts only when the reader asks for it.
"""

from html import escape


def card(data: dict, hidden: bool = False) -> str:
    text = escape(str((data.get("text") or {}).get("en", "")))
    year = "?" if hidden else escape(str(data.get("label") or data.get("year", "")))
    return f'<span class="tg-fig-card"><b>{year}</b> {text}</span>'


def figure(view: dict, example: dict) -> str:
    """Each player's row of cards in order, and the card being placed or just revealed."""
    rows = []
    for seat, row in enumerate(view.get("rows") or ()):
        cards = "".join(card(c) for c in row)
        rows.append(f'<div class="tg-fig-row"><span>Player {seat + 1}</span>{cards}</div>')
    current = view.get("current")
    reveal = view.get("reveal")
    if isinstance(current, dict) and current.get("text"):
        rows.append(f'<div class="tg-fig-row"><span>To place</span>{card(current, True)}</div>')
    elif isinstance(reveal, dict) and isinstance(reveal.get("card"), dict):
        rows.append(f'<div class="tg-fig-row"><span>Revealed</span>{card(reveal["card"])}</div>')
    label = escape(example["title"])
    return f'<div class="tg-fig-table" role="img" aria-label="{label}">{"".join(rows)}</div>'
