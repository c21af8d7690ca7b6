"""The timeline grid: linking rules, placement costs and the longest path.

Coordinates are ``(x, y)``: ``x`` is the column, 0 on the centre line along
the west edge and growing east; ``y`` is the row, 0 through the starting
tile, negative to the north.  A :class:`Piece` is a tile as it is now (its
caps and outputs may have been improved); a board maps spots to
:class:`Cell` (piece, owner, turn placed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .content import SIDE_BIT, START_ID, TILES, TileInfo

DELTA: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
NO_OWNER = -1

# -- costs (published on the rules page; see COST_TABLE) ---------------------------------
PLACE_COST = 5
PLACE_NEXT_TO_START = 3
PLACE_NEXT_TO_OWN = 2
RESTACK_OWN = 4
RESTACK_OTHER = 8
CAP_OWN = 3
CAP_OTHER = 4
IMPROVE_SIDE = 3
IMPROVE_ADD_GROUP = 4
BUMP_COST = 2
BASE_SPLICES = 10

COST_TABLE: tuple[tuple[str, str, str], ...] = (
    (
        "Bid on a tile in the bidding stack",
        "what you win it for",
        "the highest bid wins and pays one more than the second-highest bid; a lone bid pays 1",
    ),
    ("Place a tile from your stack", str(PLACE_COST), "the usual price of a spot"),
    (
        "… joined to the starting tile",
        str(PLACE_NEXT_TO_START),
        "an open join to the starting tile, and none to a tile of yours",
    ),
    (
        "… joined to a tile of your own",
        str(PLACE_NEXT_TO_OWN),
        "an open join to a tile you own on the timeline",
    ),
    ("Restack one of your own tiles", str(RESTACK_OWN), "it goes back into your stack"),
    ("Restack someone else's tile", str(RESTACK_OTHER), "it becomes yours, in your stack"),
    (
        "Cap or uncap a free side of one of your tiles on the timeline",
        str(CAP_OWN),
        "only a side that faces an empty spot",
    ),
    (
        "Cap or uncap a free side of anyone else's tile (or the starting tile)",
        str(CAP_OTHER),
        "only a side that faces an empty spot",
    ),
    ("Improve a tile in your stack: cap or uncap a side", str(IMPROVE_SIDE), ""),
    (
        "Improve a tile in your stack: add an output group",
        str(IMPROVE_ADD_GROUP),
        "at most four output groups",
    ),
    (
        "Bump your priority one place",
        str(BUMP_COST),
        "two splices tie you with the player above (a draw decides), four pass them and tie you"
        " with the player above them",
    ),
)
"""The rules page's cost table: (order, splices, note)."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A tile as it is now: its number, capped sides (mask) and output groups."""

    id: int
    caps: int
    outputs: tuple[str, ...]

    @property
    def info(self) -> TileInfo:
        """The printed tile."""
        return TILES[self.id]

    @property
    def level(self) -> int:
        """The tile's level."""
        return TILES[self.id].level

    @property
    def group(self) -> str:
        """The tile's group."""
        return TILES[self.id].group

    def capped(self, side: str) -> bool:
        """True if ``side`` is capped."""
        return bool(self.caps & SIDE_BIT[side])

    def improved(self) -> bool:
        """True if the piece differs from the printed tile."""
        info = TILES[self.id]
        return self.caps != info.caps or self.outputs != info.outputs


def fresh(tile_id: int) -> Piece:
    """The printed tile as a piece."""
    info = TILES[tile_id]
    return Piece(tile_id, info.caps, info.outputs)


@dataclass(frozen=True, slots=True)
class Cell:
    """A placed tile: the piece, who placed it (``NO_OWNER`` for the start) and when."""

    piece: Piece
    owner: int
    turn: int


Board = Mapping[tuple[int, int], Cell]

RULE_TEXT = {
    "caps": "joined sides must both be capped or both uncapped",
    "groups": "an output group of the inner tile must be the outer tile's group",
    "levels": "going east the level rises by 0, 1 or 2; going north or south it stays the same",
    "connection": "the tile needs at least one open (uncapped) join to a placed tile",
    "occupied": "a tile is already there",
    "centre-line": "nothing can be placed west of the centre line",
}
"""One-line statements of the linking rules, for messages."""


def neighbours(x: int, y: int) -> Iterable[tuple[str, int, int]]:
    """The four neighbouring spots with the side that faces each."""
    for side, (dx, dy) in DELTA.items():
        yield side, x + dx, y + dy


def inner_is_first(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """True if spot ``a`` is the inner one of two neighbours.

    West is inner; in one column the spot nearer row 0 is inner.
    """
    if a[0] != b[0]:
        return a[0] < b[0]
    return abs(a[1]) < abs(b[1])


def link_problem(board: Board, piece: Piece, x: int, y: int) -> tuple[str, str] | None:
    """The linking rules that ``piece`` at ``(x, y)`` breaks, as ``(rule, reason)``.

    Every side shared with a placed tile must match (both capped or both
    uncapped).  Across every open join the group rule and the level rule
    hold.  At least one join must be open.  ``rule`` names the first rule
    broken; ``reason`` gives every one (the document: "the reasons will be
    displayed"), each rule's explanation once.
    """
    if x < 0:
        return "centre-line", f"{x},{y} lies west of the centre line"
    if (x, y) in board:
        return "occupied", f"{x},{y} already holds {board[(x, y)].piece.info.name}"
    info = TILES[piece.id]
    open_joins = 0
    broken: dict[str, list[str]] = {}  # rule -> what breaks it, in the order found
    for side, nx, ny in neighbours(x, y):
        cell = board.get((nx, ny))
        if cell is None:
            continue
        other = cell.piece
        mine = bool(piece.caps & SIDE_BIT[side])
        theirs = bool(other.caps & SIDE_BIT[OPPOSITE[side]])
        name = other.info.name
        if mine != theirs:
            state = "capped" if mine else "uncapped"
            broken.setdefault("caps", []).append(
                f"its {side} side is {state} but {name}'s facing side is not"
            )
            continue
        if mine:
            continue  # a sealed join: no group or level rule, and no connection
        open_joins += 1
        if inner_is_first((x, y), (nx, ny)):
            inner_outputs, outer_group, outer_name = piece.outputs, other.group, name
            inner_name = info.name
        else:
            inner_outputs, outer_group, outer_name = other.outputs, info.group, info.name
            inner_name = name
        if outer_group not in inner_outputs:
            broken.setdefault("groups", []).append(
                f"{inner_name} (inner) does not feed the group of {outer_name}"
            )
        if side in "NS":
            if other.level != info.level:
                broken.setdefault("levels", []).append(
                    f"level {info.level} next to level {other.level} to the {side}; "
                    "north and south the level must stay the same"
                )
        else:
            west, east = (other.level, info.level) if side == "W" else (info.level, other.level)
            if not 0 <= east - west <= 2:
                broken.setdefault("levels", []).append(
                    f"level {west} to the west of level {east}; going east the level rises "
                    "by 0, 1 or 2"
                )
    if not open_joins:
        # Joins whose caps clash are not open either: that spot breaks this rule too.
        broken["connection"] = [RULE_TEXT["connection"]]
    if not broken:
        return None
    if list(broken) == ["connection"]:
        return "connection", RULE_TEXT["connection"]
    parts = []
    for rule, found in broken.items():
        text = "; ".join(found)
        parts.append(text + "; " + RULE_TEXT[rule] if rule in ("caps", "groups") else text)
    return next(iter(broken)), ". Also: ".join(parts)


_SIDE_DATA = tuple(
    (side, dx, dy, SIDE_BIT[side], SIDE_BIT[OPPOSITE[side]]) for side, (dx, dy) in DELTA.items()
)


def fits(board: Board, piece: Piece, x: int, y: int) -> bool:
    """True if ``piece`` may go at ``(x, y)`` (the fast form of :func:`link_problem`)."""
    if x < 0 or (x, y) in board:
        return False
    info = TILES[piece.id]
    level, group = info.level, info.group
    ay = abs(y)
    open_joins = 0
    for _side, dx, dy, bit, back in _SIDE_DATA:
        cell = board.get((x + dx, y + dy))
        if cell is None:
            continue
        other = cell.piece
        mine = piece.caps & bit
        if bool(mine) != bool(other.caps & back):
            return False
        if mine:
            continue
        open_joins += 1
        other_info = TILES[other.id]
        if dx == 0:
            if other_info.level != level:
                return False
            inner_is_me = ay < abs(y + dy)
        else:
            diff = level - other_info.level if dx < 0 else other_info.level - level
            if not 0 <= diff <= 2:
                return False
            inner_is_me = dx > 0
        if inner_is_me:
            if other_info.group not in piece.outputs:
                return False
        elif group not in other.outputs:
            return False
    return open_joins > 0


def join_ok(piece: Piece, spot: tuple[int, int], other: Piece, near: tuple[int, int]) -> bool:
    """True if an open join between ``piece`` at ``spot`` and ``other`` at ``near`` obeys
    the group and level rules (caps aside)."""
    a, b = TILES[piece.id], TILES[other.id]
    if spot[0] == near[0]:
        if a.level != b.level:
            return False
    else:
        west, east = (b.level, a.level) if near[0] < spot[0] else (a.level, b.level)
        if not 0 <= east - west <= 2:
            return False
    if inner_is_first(spot, near):
        return b.group in piece.outputs
    return a.group in other.outputs


def place_cost(board: Board, piece: Piece, x: int, y: int, seat: int) -> int:
    """What placing ``piece`` at ``(x, y)`` costs ``seat`` (a legal spot).

    Two if it has an open join to a tile the seat owns, three if it has one
    to the starting tile, five otherwise.
    """
    cost = PLACE_COST
    for side, nx, ny in neighbours(x, y):
        cell = board.get((nx, ny))
        if cell is None or piece.caps & SIDE_BIT[side]:
            continue
        if cell.owner == seat and seat != NO_OWNER:
            return PLACE_NEXT_TO_OWN
        if cell.piece.id == START_ID:
            cost = PLACE_NEXT_TO_START
    return cost


def restack_cost(cell: Cell, seat: int) -> int:
    """What restacking ``cell`` costs ``seat``."""
    return RESTACK_OWN if cell.owner == seat else RESTACK_OTHER


def cap_cost(cell: Cell, seat: int) -> int:
    """What capping or uncapping a side of ``cell`` costs ``seat``."""
    return CAP_OWN if cell.owner == seat else CAP_OTHER


def candidates(board: Board) -> list[tuple[int, int]]:
    """Empty spots east of the centre line that touch a placed tile, sorted."""
    spots: set[tuple[int, int]] = set()
    for x, y in board:
        for _side, nx, ny in neighbours(x, y):
            if nx >= 0 and (nx, ny) not in board:
                spots.add((nx, ny))
    return sorted(spots)


def free_sides(board: Board, x: int, y: int) -> list[str]:
    """The sides of the tile at ``(x, y)`` that face an empty spot east of the centre line."""
    return [side for side, nx, ny in neighbours(x, y) if nx >= 0 and (nx, ny) not in board]


def open_join(board: Board, a: tuple[int, int], side: str) -> bool:
    """True if the tile at ``a`` has an open join on ``side`` to a placed tile."""
    dx, dy = DELTA[side]
    b = (a[0] + dx, a[1] + dy)
    if a not in board or b not in board:
        return False
    return not board[a].piece.capped(side) and not board[b].piece.capped(OPPOSITE[side])


PathKey = tuple[int, int, tuple[tuple[int, int], ...]]


def _path_key(cells: tuple[tuple[int, int], ...], board: Board) -> PathKey:
    levels = sum(board[c].piece.level for c in cells)
    # Among equal paths the northernmost, then westernmost, cell by cell wins.
    return (len(cells), levels, tuple((-y, -x) for x, y in cells))


def longest_path(board: Board, start: tuple[int, int] = (0, 0)) -> list[tuple[int, int]]:
    """The longest path, as cells in order from the starting tile.

    The path follows open joins only.  In each column it first runs
    vertically (north or south, one way, possibly not at all), then steps
    east into the next column, and so on: it never goes west.  "Longest"
    means the most tiles; ties go to the higher total of levels, then to the
    northernmost path.
    """
    if start not in board:
        return []
    enter: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {start: (start,)}
    best_path: tuple[tuple[int, int], ...] = (start,)
    best_key = _path_key(best_path, board)
    max_x = max(x for x, _ in board)

    def better(a: tuple[tuple[int, int], ...], b: tuple[tuple[int, int], ...] | None) -> bool:
        return b is None or _path_key(a, board) > _path_key(b, board)

    for column in range(start[0], max_x + 1):
        ends: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        for cell, path in sorted(enter.items()):
            if cell[0] != column:
                continue
            if better(path, ends.get(cell)):
                ends[cell] = path
            for side in ("N", "S"):
                run = path
                here = cell
                while open_join(board, here, side):
                    dx, dy = DELTA[side]
                    here = (here[0] + dx, here[1] + dy)
                    run = (*run, here)
                    if better(run, ends.get(here)):
                        ends[here] = run
        for cell, path in ends.items():
            key = _path_key(path, board)
            if key > best_key:
                best_key, best_path = key, path
            if open_join(board, cell, "E"):
                nxt = (cell[0] + 1, cell[1])
                extended = (*path, nxt)
                if better(extended, enter.get(nxt)):
                    enter[nxt] = extended
    return list(best_path)
