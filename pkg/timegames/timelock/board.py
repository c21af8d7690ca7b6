"""Timelock's board, pieces and the configurations that decide a match.

The board is 5×5.  Files ``a``–``e`` run west to east, ranks ``1``–``5`` from
the south (Rainbow, side 0) to the north (Xeno, side 1).  Rank 3 is the
centre row both sides share.

Pieces never leave their file, so a piece is fully named by its side, its
file and its size: file ``c`` holds the two Goals (Nests), files ``a``, ``b``,
``d`` and ``e`` the Time Stacks (Trees).  A *group* is one side's pieces of one
file (``side * 5 + file``): a Time Stack or a Goal.  A group lives in its
*lane*, the three squares of its file from its side's home row to the centre.

A square holds a stack listed bottom to top.  A Tree starts with the Queen at
the bottom and the Pawn on top; a Nest (a Goal) starts with the Queen
outermost, which on a board is the top of the stack, and the Pawn innermost.

A group's *configuration* keeps only its own pieces: for each relative row
(0 home, 1 second, 2 centre) the sizes from bottom to top.  Two groups match
when their configurations are equal; other pieces in the centre row are
ignored, as the rules say.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

FILES = "abcde"
SIZE = 5
SQUARES = SIZE * SIZE
CENTRE_ROW = 2
GOAL_FILE = 2
STACK_FILES = (0, 1, 3, 4)
PAWN, DRONE, QUEEN = 1, 2, 3
LETTERS = {PAWN: "P", DRONE: "D", QUEEN: "Q"}
SIZES_BY_LETTER = {"P": PAWN, "D": DRONE, "Q": QUEEN}
SIDE_NAMES = ("Rainbow", "Xeno")

Stack = tuple[int, ...]
Board = tuple[Stack, ...]
Config = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]

TREE: Config = ((QUEEN, DRONE, PAWN), (), ())
"""A Time Stack at the start: a Tree, Queen at the bottom, Pawn on top."""
NEST: Config = ((PAWN, DRONE, QUEEN), (), ())
"""A Goal at the start: a Nest, Pawn innermost, Queen outermost (on top)."""


def piece(side: int, file: int, size: int) -> int:
    """The piece number of one side's piece of one size in one file."""
    return side * 15 + file * 3 + size - 1


def side_of(p: int) -> int:
    """0 for Rainbow (south), 1 for Xeno (north)."""
    return p // 15


def file_of(p: int) -> int:
    """The file (0-4) the piece lives in; it never changes."""
    return p // 3 % 5


def size_of(p: int) -> int:
    """1 Pawn, 2 Drone, 3 Queen: the pips and the cost of one step."""
    return p % 3 + 1


def group_of(p: int) -> int:
    """The Time Stack or Goal the piece belongs to (``side * 5 + file``)."""
    return p // 3


def group(side: int, file: int) -> int:
    """The group number of one side's stack (or Goal) in one file."""
    return side * 5 + file


def is_goal(g: int) -> bool:
    """True for the two Goals (file c)."""
    return g % 5 == GOAL_FILE


def square(file: int, row: int) -> int:
    """Square index from file and absolute row (0 = rank 1)."""
    return row * SIZE + file


def name(sq: int) -> str:
    """``a1`` … ``e5``."""
    return f"{FILES[sq % SIZE]}{sq // SIZE + 1}"


def index(text: str) -> int:
    """Inverse of :func:`name`; raises ``ValueError``."""
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in FILES or t[1] not in "12345":
        raise ValueError(f"{text!r} is not a square; squares run from a1 to e5")
    return square(FILES.index(t[0]), int(t[1]) - 1)


def abs_row(side: int, rel: int) -> int:
    """The board row of a side's relative row (0 home, 1 second, 2 centre)."""
    return rel if side == 0 else SIZE - 1 - rel


def rel_row(side: int, row: int) -> int:
    """Inverse of :func:`abs_row` (may fall outside 0-2 for the other half)."""
    return row if side == 0 else SIZE - 1 - row


def lane(g: int) -> tuple[int, int, int]:
    """The three squares a group can use: home, second, centre."""
    side, file = divmod(g, 5)
    return (
        square(file, abs_row(side, 0)),
        square(file, abs_row(side, 1)),
        square(file, abs_row(side, 2)),
    )


LANES: tuple[tuple[int, int, int], ...] = tuple(lane(g) for g in range(10))


def piece_name(p: int, sq: int) -> str:
    """``Qa1``: a piece's size letter and its square."""
    return f"{LETTERS[size_of(p)]}{name(sq)}"


def initial_board() -> Board:
    """Both sides' Trees and Nests on their home rows."""
    cells: list[Stack] = [()] * SQUARES
    for side in (0, 1):
        for file in range(SIZE):
            sizes = NEST[0] if file == GOAL_FILE else TREE[0]
            cells[square(file, abs_row(side, 0))] = tuple(piece(side, file, s) for s in sizes)
    return tuple(cells)


def config(board: Board, g: int) -> Config:
    """The group's own pieces, row by row, bottom to top."""
    a, b, c = LANES[g]
    return (
        tuple(size_of(p) for p in board[a] if group_of(p) == g),
        tuple(size_of(p) for p in board[b] if group_of(p) == g),
        tuple(size_of(p) for p in board[c] if group_of(p) == g),
    )


def place_of(cfg: Config, size: int) -> tuple[int, int]:
    """Relative row and height (within the group's own pieces) of one size."""
    for rel, row in enumerate(cfg):
        if size in row:
            return rel, row.index(size)
    raise ValueError("piece not in configuration")


def matching_sizes(stack: Config, goal: Config) -> set[int]:
    """Sizes whose piece matches the Goal: same row, on top of the same own pieces.

    A piece matches when it stands in the row where the Goal's piece of its
    size stands and the stack's own pieces beneath it are those beneath the
    Goal's (Queen at the bottom of both, say).  So an untouched Tree (Queen,
    Drone, Pawn) has no piece matching an untouched Nest (Pawn, Drone,
    Queen): the Drones share a height but not what they stand on.
    """
    out = set()
    for s in (PAWN, DRONE, QUEEN):
        row, height = place_of(stack, s)
        if place_of(goal, s) == (row, height) and stack[row][:height] == goal[row][:height]:
            out.add(s)
    return out


# -- every configuration and the distance between them ------------------------------


def _all_configs() -> list[Config]:
    found: list[Config] = []
    seen: set[Config] = set()
    todo = [TREE]
    while todo:
        cfg = todo.pop()
        if cfg in seen:
            continue
        seen.add(cfg)
        found.append(cfg)
        todo.extend(nxt for nxt, _ in _abstract_steps(cfg))
    return sorted(found)


def _abstract_steps(cfg: Config) -> list[tuple[Config, int]]:
    """One-space moves and centre-row digs of a lone group, with their point cost."""
    out: list[tuple[Config, int]] = []
    for rel in range(3):
        row = cfg[rel]
        if not row:
            continue
        top = row[-1]
        for to in (rel - 1, rel + 1):
            if 0 <= to <= 2:
                rows = list(cfg)
                rows[rel] = row[:-1]
                rows[to] = (*cfg[to], top)
                out.append(((rows[0], rows[1], rows[2]), top))
    centre = cfg[CENTRE_ROW]
    for i in range(len(centre) - 1):
        moved = (*centre[:i], *centre[i + 1 :], centre[i])
        out.append(((cfg[0], cfg[1], moved), centre[i]))
    return out


CONFIGS: tuple[Config, ...] = tuple(_all_configs())
"""All 60 ways one group's three pieces can stand in its lane."""
CONFIG_INDEX: dict[Config, int] = {cfg: i for i, cfg in enumerate(CONFIGS)}


K = TypeVar("K", bound=Hashable)


def cheapest_costs(start: K, steps: Callable[[K], Iterable[tuple[K, int]]]) -> dict[K, int]:
    """Fewest movement points from ``start`` to every reachable configuration (Dijkstra).

    ``steps`` lists each configuration's neighbours with the cost of the step;
    the board-less variant uses this with its own configurations too.
    """
    best = {start: 0}
    heap: list[tuple[int, int, K]] = [(0, 0, start)]
    tick = 0  # breaks ties in the heap, so configurations need no ordering
    while heap:
        cost, _, cfg = heapq.heappop(heap)
        if cost > best[cfg]:
            continue
        for nxt, step in steps(cfg):
            c = cost + step
            if c < best.get(nxt, 1 << 30):
                best[nxt] = c
                tick += 1
                heapq.heappush(heap, (c, tick, nxt))
    return best


# Rows of the distance table, each worked out when first needed rather than on
# import (60 searches): the page's engine starts sooner.
_DISTANCE_ROWS: list[tuple[int, ...] | None] = [None] * len(CONFIGS)


def distance(a: Config, b: Config) -> int:
    """Movement points a lone group needs to turn configuration ``a`` into ``b``
    (one-space moves and centre-row digs, no other pieces in the way)."""
    i = CONFIG_INDEX[a]
    row = _DISTANCE_ROWS[i]
    if row is None:
        best = cheapest_costs(a, _abstract_steps)
        row = _DISTANCE_ROWS[i] = tuple(best[cfg] for cfg in CONFIGS)
    return row[CONFIG_INDEX[b]]


# -- lane moves, shared by the rules and the AI -------------------------------------


def lane_steps(board: Board, g: int, hop: bool) -> list[tuple[str, int, int, int]]:
    """Every physical step a group's pieces can make, ignoring points.

    Each step is ``("move", from_square, to_square, piece)`` for an uncovered
    piece moving along its lane (one space, or any distance under HOP), or
    ``("dig", square, square, piece)`` for a covered piece in the centre row.
    """
    squares = LANES[g]
    out: list[tuple[str, int, int, int]] = []
    for rel, sq in enumerate(squares):
        stack = board[sq]
        if stack and group_of(stack[-1]) == g:
            for to in range(3):
                if to != rel and (hop or abs(to - rel) == 1):
                    out.append(("move", sq, squares[to], stack[-1]))
    centre = board[squares[CENTRE_ROW]]
    for p in centre[:-1]:
        if group_of(p) == g:
            out.append(("dig", squares[CENTRE_ROW], squares[CENTRE_ROW], p))
    return out


def moved(board: Board, src: int, dst: int, p: int) -> Board:
    """The board after piece ``p`` leaves ``src`` and lands on top of ``dst``.

    With ``src == dst`` this is a dig: the piece comes to the top of its stack.
    """
    cells = list(board)
    cells[src] = tuple(x for x in board[src] if x != p)
    cells[dst] = (*cells[dst], p)
    return tuple(cells)


def swapped(board: Board, p: int, q: int) -> Board:
    """The board with two pieces exchanging places (square and height)."""
    cells = list(board)
    for sq, stack in enumerate(board):
        if p in stack or q in stack:
            cells[sq] = tuple(q if x == p else p if x == q else x for x in stack)
    return tuple(cells)


def locate(board: Board, p: int) -> int:
    """The square holding piece ``p`` (-1 if it was removed)."""
    for sq in LANES[group_of(p)]:
        if p in board[sq]:
            return sq
    return -1


# -- pictures -----------------------------------------------------------------------


def to_picture(board: Board) -> str:
    """The board as text, rank 5 first: ``QDP`` is a Rainbow Tree, ``qdp`` a Xeno one.

    Upper case is Rainbow (south), lower case Xeno (north); each square lists
    its stack bottom to top, ``.`` is empty.
    """
    lines = []
    for row in range(SIZE - 1, -1, -1):
        cells = []
        for file in range(SIZE):
            stack = board[square(file, row)]
            text = "".join(
                LETTERS[size_of(p)] if side_of(p) == 0 else LETTERS[size_of(p)].lower()
                for p in stack
            )
            cells.append(text or ".")
        lines.append(f"{row + 1} " + " ".join(f"{c:<4}" for c in cells).rstrip())
    return "\n".join(lines)


def from_picture(text: str) -> Board:
    """Read a picture in the format of :func:`to_picture` (rank numbers optional).

    Raises ``ValueError`` for a piece outside its side's half, a doubled
    piece, or a malformed row.  A missing piece is no error here: removed
    stacks and solitaire removals take pieces off the board, so which pieces
    may be missing depends on the game (``TimelockGame.from_dict`` checks it).
    """
    rows = [line.split() for line in text.strip().splitlines() if line.strip()]
    if len(rows) != SIZE:
        raise ValueError("a picture has five rows, rank 5 first")
    cells: list[Stack] = [()] * SQUARES
    seen: set[int] = set()
    for i, tokens in enumerate(rows):
        row = SIZE - 1 - i
        if tokens and tokens[0].isdigit():
            tokens = tokens[1:]
        if len(tokens) != SIZE:
            raise ValueError(f"rank {row + 1} needs five squares")
        for file, token in enumerate(tokens):
            stack: list[int] = []
            for ch in "" if token == "." else token:
                side = 0 if ch.isupper() else 1
                if ch.upper() not in SIZES_BY_LETTER:
                    raise ValueError(f"{ch!r} is not a piece; use P, D, Q (Xeno: p, d, q)")
                if not 0 <= rel_row(side, row) <= CENTRE_ROW:
                    raise ValueError(f"{ch} on {name(square(file, row))} is past the centre row")
                p = piece(side, file, SIZES_BY_LETTER[ch.upper()])
                if p in seen:
                    raise ValueError(f"two {ch} in file {FILES[file]}")
                seen.add(p)
                stack.append(p)
            cells[square(file, row)] = tuple(stack)
    return tuple(cells)


def groups_present(board: Board) -> set[int]:
    """Groups with at least one piece on the board."""
    return {group_of(p) for stack in board for p in stack}


def pieces_of(board: Board, groups: Iterable[int]) -> list[int]:
    """Every piece on the board belonging to ``groups``."""
    wanted = set(groups)
    return [p for stack in board for p in stack if group_of(p) in wanted]


def stack_text(stack: Sequence[int]) -> str:
    """A stack as letters, bottom to top, Xeno in lower case."""
    return "".join(
        LETTERS[size_of(p)] if side_of(p) == 0 else LETTERS[size_of(p)].lower() for p in stack
    )
