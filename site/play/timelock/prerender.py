"""Build-time: write the Timelock board into the page, so it paints at once.

Square names, file letters and the rows' names come from the engine's board
module; the page script only fills in the stacks and the highlights.
"""

from timegames.timelock.board import FILES, GOAL_FILE, SIDE_NAMES, SIZE

# Each row named from both players' sides: rank 1 is Rainbow's home, rank 5 Xeno's.
ROW_NAMES = {
    1: ("home", 0),
    2: ("second", 0),
    3: ("centre", None),
    4: ("second", 1),
    5: ("home", 1),
}


def square_button(file: int, rank: int) -> str:
    name = f"{FILES[file]}{rank}"
    goal = " goal-file" if file == GOAL_FILE else ""
    centre = " centre-row" if rank == 3 else ""
    return (
        f'<button class="sq{goal}{centre}" id="sq-{name}" data-sq="{name}" type="button" '
        f'tabindex="-1" aria-label="{name}, empty">'
        '<span class="side-view" aria-hidden="true"></span>'
        '<span class="top-view" aria-hidden="true"></span>'
        f'<span class="sq-name" aria-hidden="true">{name}</span>'
        '<span class="cost" aria-hidden="true"></span>'
        "</button>"
    )


def row_label(rank: int) -> str:
    word, side = ROW_NAMES[rank]
    owner = "both" if side is None else SIDE_NAMES[side]
    cls = "row-label" + ("" if side is None else f" side{side}")
    title = "Centre row (shared)" if side is None else f"{owner}'s {word} row"
    return (
        f'<span class="{cls}" title="{title}">'
        f'<b>{rank}</b><small>{word}</small><span class="sr-only"> ({title})</span></span>'
    )


def file_labels(edge: str) -> str:
    cells = ['<span class="corner"></span>']
    for file, letter in enumerate(FILES):
        extra = "<small>Goal</small>" if file == GOAL_FILE else ""
        cells.append(f'<span class="file-label {edge}">{letter}{extra}</span>')
    return "".join(cells)


def board_html() -> str:
    rows = [file_labels("top")]
    for rank in range(SIZE, 0, -1):
        rows.append(row_label(rank))
        rows.extend(square_button(file, rank) for file in range(SIZE))
    rows.append(file_labels("bottom"))
    return f'<div class="tl-grid" id="grid" role="group" aria-label="Board">{"".join(rows)}</div>'


def render(page: str) -> str:
    """Replace the page's BOARD marker with the 25 squares, rank 5 (Xeno's home) first."""
    return page.replace("<!-- BOARD -->", board_html())
