"""Timelock without a board (experimental variant): columns of relative positions.

Each of the five columns is a line of *cells* from Rainbow's home (cell 0,
the south end) to Xeno's home (the last cell, the north end).  The line has no
fixed length: only the order of the positions matters, so a cell between the
two homes exists only while a piece stands in it.  A home cell is kept even
when empty.

A side's pieces in a column always stand on its own side of the opponent's:
no piece is ever beyond an opponent's piece.  The two sides may share one
cell, where their pieces are on top of one another; that cell is the column's
**centre**.  Without such a cell the centre is only the empty space between
the two sides.

Cells are numbered from the south end like board ranks (``a1`` is Rainbow's
home in column a), and a square index is ``cell * 5 + file`` as on the board,
so pieces and squares keep the board's notation.  A *gap* is the new
position just north of a cell (``a2+`` lies between ``a2`` and ``a3``).

A group's configuration, seen from its owner's home: its own pieces at home,
in each of its other cells in order from home, and in the centre (each bottom
to top).  A Time Stack matches its Goal when the two configurations are equal.
"""

from __future__ import annotations

from functools import lru_cache

from . import board as B

Stack = tuple[int, ...]
Column = tuple[Stack, ...]
"""Cells from the south end (Rainbow's home) to the north end (Xeno's home)."""
Columns = tuple[Column, ...]
LooseConfig = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]
"""Home sizes, the other own cells' sizes in order from home, centre sizes."""

MAX_CELLS = 8
"""Two homes and at most six pieces between them: cells never pass ``a8``."""


def initial_columns() -> Columns:
    """Every column: a Rainbow home and a Xeno home, nothing between them."""
    board = B.initial_board()
    return tuple((board[B.square(f, 0)], board[B.square(f, B.SIZE - 1)]) for f in range(B.SIZE))


def sides_in(stack: Stack) -> set[int]:
    """The sides with a piece in a cell."""
    return {B.side_of(p) for p in stack}


def centre_of(col: Column) -> int:
    """The index of the cell where both sides meet, or -1."""
    for k in range(1, len(col) - 1):
        if len(sides_in(col[k])) == 2:
            return k
    return -1


def own_view(col: Column, side: int) -> Column:
    """The column as its owner sees it: own home first."""
    return col if side == 0 else col[::-1]


def to_abs(col: Column, side: int, k: int) -> int:
    """A cell index seen from ``side``'s home, as an index from the south end."""
    return k if side == 0 else len(col) - 1 - k


def opponent_front(view: Column, side: int) -> int:
    """In ``view`` (own home first): the nearest cell holding an opponent's piece.

    The opponent's home counts even when empty: nothing goes beyond it.
    """
    for k in range(1, len(view)):
        if (1 - side) in sides_in(view[k]):
            return k
    return len(view) - 1


def config(columns: Columns, g: int) -> LooseConfig:
    """The group's own pieces at home, in its other cells from home, and in the centre."""
    side, file = divmod(g, 5)
    view = own_view(columns[file], side)
    centre = centre_of(view)
    home = tuple(B.size_of(p) for p in view[0] if B.group_of(p) == g)
    middle: list[tuple[int, ...]] = []
    at_centre: tuple[int, ...] = ()
    for k in range(1, len(view) - 1):
        own = tuple(B.size_of(p) for p in view[k] if B.group_of(p) == g)
        if k == centre:
            at_centre = own
        elif own:
            middle.append(own)
    return home, tuple(middle), at_centre


def targets(view: Column, side: int, k: int, hop: bool) -> list[tuple[int, bool]]:
    """Where the top piece of cell ``k`` of ``view`` may go: ``(cell, gap)`` pairs.

    ``gap`` False lands on top of that cell; True opens a new position just
    beyond that cell (away from the owner's home).  One step is the next cell
    or the gap next to the piece, either way; HOP allows any of them up to the
    same limits.  Forward, a piece may land on the opponent's nearest piece
    but never go beyond it, nor onto the opponent's home; a piece already
    standing with the opponent's pieces cannot go forward.  A step that leaves
    the line as it was (a lone piece stepping into the gap beside it) is none.
    """
    front = opponent_front(view, side)
    last = len(view) - 1
    alone = k != 0 and len(view[k]) == 1
    out: list[tuple[int, bool]] = []
    if k < front:
        near = range(k, front) if hop else range(k, k + 1)
        for j in near:  # gaps beyond cell j, up to just before the opponent's piece
            if not (alone and j == k):
                out.append((j, True))
        reach = range(k + 1, front + 1) if hop else range(k + 1, min(k + 2, front + 1))
        out.extend((j, False) for j in reach if j != last)
    if k > 0:
        back = range(0, k) if hop else range(k - 1, k)
        for j in back:
            out.append((j, False))
            if not (alone and j == k - 1):
                out.append((j, True))
    return out


def steps(columns: Columns, g: int, hop: bool) -> list[tuple[str, int, int, bool, int]]:
    """Every physical step of a group's pieces, ignoring points.

    ``("move", src, dst, gap, piece)`` with squares (``cell * 5 + file``) from
    the south end; with ``gap`` the piece opens a new position just north of
    ``dst``.  ``("dig", sq, sq, False, piece)`` for a covered piece in the centre.
    """
    side, file = divmod(g, 5)
    col = columns[file]
    view = own_view(col, side)
    out: list[tuple[str, int, int, bool, int]] = []
    for k, stack in enumerate(view):
        if not stack or B.group_of(stack[-1]) != g:
            continue
        src = B.square(file, to_abs(col, side, k))
        for j, gap in targets(view, side, k, hop):
            if gap:
                # The gap beyond own cell j lies north of south-end cell j for
                # Rainbow, and north of south-end cell (j + 1) for Xeno.
                dst = to_abs(col, side, j) if side == 0 else to_abs(col, side, j + 1)
            else:
                dst = to_abs(col, side, j)
            out.append(("move", src, B.square(file, dst), gap, stack[-1]))
    centre = centre_of(col)
    if centre >= 0:
        for p in col[centre][:-1]:
            if B.group_of(p) == g:
                sq = B.square(file, centre)
                out.append(("dig", sq, sq, False, p))
    return out


def _tidy(cells: list[list[int]]) -> Column:
    """Drop empty cells between the homes: only the order of positions matters."""
    last = len(cells) - 1
    return tuple(tuple(c) for i, c in enumerate(cells) if c or i in (0, last))


def moved(columns: Columns, src: int, dst: int, gap: bool, p: int) -> Columns:
    """Piece ``p`` leaves square ``src`` for the top of ``dst`` (or the gap north of it).

    With ``src == dst`` and no gap this is a dig: the piece comes to the top.
    """
    file = src % B.SIZE
    cells = [list(c) for c in columns[file]]
    cells[src // B.SIZE].remove(p)
    k = dst // B.SIZE
    if gap:
        cells.insert(k + 1, [p])
    else:
        cells[k].append(p)
    out = list(columns)
    out[file] = _tidy(cells)
    return tuple(out)


def swapped(columns: Columns, p: int, q: int) -> Columns:
    """Two pieces of one column exchange places (cell and height)."""
    file = B.file_of(p)
    col = tuple(tuple(q if x == p else p if x == q else x for x in c) for c in columns[file])
    out = list(columns)
    out[file] = col
    return tuple(out)


def without(columns: Columns, groups: set[int]) -> Columns:
    """The columns with every piece of ``groups`` taken away."""
    out = []
    for col in columns:
        out.append(_tidy([[p for p in c if B.group_of(p) not in groups] for c in col]))
    return tuple(out)


def stack_at(columns: Columns, sq: int) -> Stack | None:
    """The stack on a square, or ``None`` if the column has no such cell."""
    if sq < 0:
        return None
    file, k = sq % B.SIZE, sq // B.SIZE
    col = columns[file]
    return col[k] if k < len(col) else None


def home_square(columns: Columns, g: int) -> int:
    """The square of a group's home cell."""
    side, file = divmod(g, 5)
    return B.square(file, 0 if side == 0 else len(columns[file]) - 1)


def with_home(columns: Columns, g: int, stack: Stack) -> Columns:
    """The columns with a group's home cell replaced."""
    side, file = divmod(g, 5)
    cells = list(columns[file])
    cells[0 if side == 0 else len(cells) - 1] = stack
    out = list(columns)
    out[file] = tuple(cells)
    return tuple(out)


def locate(columns: Columns, p: int) -> int:
    """The square holding piece ``p`` (-1 if it was removed)."""
    file = B.file_of(p)
    for k, stack in enumerate(columns[file]):
        if p in stack:
            return B.square(file, k)
    return -1


def place_of(cfg: LooseConfig, size: int) -> tuple[int, int]:
    """Where one size stands: (0 home, 1 + i the i-th other own cell, -1 centre) and height."""
    home, middle, centre = cfg
    if size in home:
        return 0, home.index(size)
    for i, cell in enumerate(middle):
        if size in cell:
            return 1 + i, cell.index(size)
    if size in centre:
        return -1, centre.index(size)
    raise ValueError("piece not in configuration")


def _cell(cfg: LooseConfig, where: int) -> tuple[int, ...]:
    home, middle, centre = cfg
    return home if where == 0 else centre if where == -1 else middle[where - 1]


def matching_sizes(stack: LooseConfig, goal: LooseConfig) -> set[int]:
    """Sizes in the same position as in the Goal, on top of the same own pieces.

    As on the board (:func:`board.matching_sizes`): an untouched Tree has no
    piece matching an untouched Nest.
    """
    out = set()
    for s in (B.PAWN, B.DRONE, B.QUEEN):
        where, height = place_of(stack, s)
        # The place first: the Goal may use fewer middle places than the stack.
        if place_of(goal, s) != (where, height):
            continue
        if _cell(stack, where)[:height] == _cell(goal, where)[:height]:
            out.add(s)
    return out


# -- pictures -----------------------------------------------------------------------


def column_text(col: Column) -> str:
    """``QD/P/qdp``: cells from the south end, bottom to top; ``.`` an empty home."""
    return "/".join(B.stack_text(c) or "." for c in col)


def from_texts(texts: list[str]) -> Columns:
    """Read five column texts (see :func:`column_text`); raises ``ValueError``."""
    if len(texts) != B.SIZE:
        raise ValueError("a board-less position has five columns")
    out = []
    seen: set[int] = set()
    for file, text in enumerate(texts):
        cells: list[Stack] = []
        parts = str(text).split("/")
        if not 2 <= len(parts) <= MAX_CELLS:
            raise ValueError(f"column {B.FILES[file]} needs 2 to {MAX_CELLS} cells")
        for i, token in enumerate(parts):
            stack = []
            for ch in "" if token == "." else token:
                if ch.upper() not in B.SIZES_BY_LETTER:
                    raise ValueError(f"{ch!r} is not a piece; use P, D, Q (Xeno: p, d, q)")
                p = B.piece(0 if ch.isupper() else 1, file, B.SIZES_BY_LETTER[ch.upper()])
                if p in seen:
                    raise ValueError(f"two {ch} in column {B.FILES[file]}")
                seen.add(p)
                stack.append(p)
            if not stack and 0 < i < len(parts) - 1:
                raise ValueError("only the two homes may be empty")
            cells.append(tuple(stack))
        col = tuple(cells)
        if not ordered(col):
            raise ValueError(f"in column {B.FILES[file]} a piece is beyond an opponent's piece")
        out.append(col)
    return tuple(out)


def ordered(col: Column) -> bool:
    """True if no piece stands beyond an opponent's piece and homes hold only their own."""
    if 1 in sides_in(col[0]) or 0 in sides_in(col[-1]):
        return False
    south = [k for k, c in enumerate(col) if 0 in sides_in(c)]
    north = [k for k, c in enumerate(col) if 1 in sides_in(c)]
    return not south or not north or max(south) <= min(north)


def to_picture(columns: Columns) -> str:
    """One line per column, ``a: QD/P/qdp``."""
    return "\n".join(f"{B.FILES[f]}: {column_text(col)}" for f, col in enumerate(columns))


# -- distances between configurations ---------------------------------------------


def _loose_steps(cfg: LooseConfig) -> list[tuple[LooseConfig, int]]:
    """Moves and centre digs of a lone group, assuming an opponent's piece to meet."""
    home, middle, centre = cfg
    cells = [list(home), *[list(c) for c in middle], list(centre)]
    last = len(cells) - 1  # the centre: always there to land on (the opponent's front)
    out: list[tuple[LooseConfig, int]] = []

    def pack(new: list[list[int]]) -> LooseConfig:
        mids = tuple(tuple(c) for c in new[1:-1] if c)
        return tuple(new[0]), mids, tuple(new[-1])

    for k, row in enumerate(cells):
        if not row:
            continue
        top = row[-1]
        moves: list[tuple[int, bool]] = []
        alone = 0 < k < last and len(row) == 1
        if k < last:
            moves.append((k + 1, False))
            if not alone:
                moves.append((k, True))
        if k > 0:
            moves.append((k - 1, False))
            if not alone or k == last:
                moves.append((k - 1, True))
        for j, gap in moves:
            new = [list(c) for c in cells]
            new[k].pop()
            if gap:
                new.insert(j + 1, [top])
            else:
                new[j].append(top)
            out.append((pack(new), top))
    for i in range(len(centre) - 1):
        dug = (*centre[:i], *centre[i + 1 :], centre[i])
        out.append(((home, middle, dug), centre[i]))
    return out


@lru_cache(maxsize=4096)
def distances_from(start: LooseConfig) -> dict[LooseConfig, int]:
    """Fewest movement points from ``start`` to every configuration."""
    return B.cheapest_costs(start, _loose_steps)


def distance(a: LooseConfig, b: LooseConfig) -> int:
    """Movement points a lone group needs to turn configuration ``a`` into ``b``."""
    return distances_from(a).get(b, 99)
