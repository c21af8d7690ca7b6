"""Time Splicer: the tile set, the longest path, notation and serialisation."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import pytest
from test_time_splicer_support import scenario, write
from timegames.core import NotationError
from timegames.time_splicer import GAME, GROUPS, SPLICER_ID, START_ID, TILES
from timegames.time_splicer import board as B
from timegames.time_splicer.content import SIDE_BIT, tree_markdown
from timegames.time_splicer.orders import FORMS, parse, to_text

# -- the tile set -------------------------------------------------------------------------


def test_the_tree_runs_from_fire_to_the_time_splicer() -> None:
    assert 10 <= len(GROUPS) <= 14
    assert TILES[START_ID].name == "Control of fire" and TILES[START_ID].level == 0
    assert any(t.name == "Cave painting" and t.level == 0 and t.wonder for t in TILES.values())
    splicer = TILES[SPLICER_ID]
    assert splicer.name == "Temporal Isolinear Time Splicer" and splicer.level == 18
    assert [t.id for t in TILES.values() if t.level == 18] == [SPLICER_ID]
    for level in range(18):
        assert len([t for t in TILES.values() if t.level == level]) >= 7, level
    assert len({t.name for t in TILES.values()}) == len(TILES)
    wonders = [t for t in TILES.values() if t.wonder]
    assert 15 <= len(wonders) <= 30
    for t in TILES.values():
        assert t.group in GROUPS and all(o in GROUPS for o in t.outputs)
        if t.id != SPLICER_ID:
            assert t.group in t.outputs, f"{t.name} feeds its own group"
            assert 2 <= len(t.outputs) <= 4
    # Some tiles come capped, so that players must improve them.
    assert sum(1 for t in TILES.values() if t.caps) > len(TILES) // 3


def test_every_printed_output_can_feed_some_tile() -> None:
    # A tile may feed a tile of its level (north or south) or up to two levels above
    # (east); an output group with no tile there could never be used, yet would still
    # be printed on the tile and fill one of its four output slots.
    levels: dict[str, set[int]] = {}
    for t in TILES.values():
        levels.setdefault(t.group, set()).add(t.level)
    dead = [
        (t.name, GROUPS[o].name)
        for t in TILES.values()
        for o in t.outputs
        if not levels[o] & {t.level, t.level + 1, t.level + 2}
    ]
    assert dead == []


def test_every_tile_can_legally_be_reached_from_the_start() -> None:
    # Breadth-first over east links (level +0..2, the inner tile feeds the group).
    parent: dict[int, int] = {START_ID: -1}
    queue = deque([START_ID])
    while queue:
        here = TILES[queue.popleft()]
        for t in TILES.values():
            if t.id not in parent and 0 <= t.level - here.level <= 2 and t.group in here.outputs:
                parent[t.id] = here.id
                queue.append(t.id)
    assert set(parent) == set(TILES), sorted(set(TILES) - set(parent))
    # Each chain really lays out along row 0 under the linking rules, once the joined
    # west and east sides are uncapped (an improvement any player can buy).
    open_we = ~(SIDE_BIT["W"] | SIDE_BIT["E"])
    for tile in TILES:
        chain = []
        here = tile
        while here != START_ID:
            chain.append(here)
            here = parent[here]
        board = {(0, 0): B.Cell(B.fresh(START_ID), -1, 0)}
        for x, tid in enumerate(reversed(chain), start=1):
            piece = B.fresh(tid)
            piece = B.Piece(tid, piece.caps & open_we, piece.outputs)
            assert B.link_problem(board, piece, x, 0) is None, (tile, tid)
            board[(x, 0)] = B.Cell(piece, 0, 1)


def test_the_rules_page_shows_the_tree() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "rules" / "time_splicer.md"
    assert tree_markdown() in page.read_text(encoding="utf-8")


# -- the longest path ----------------------------------------------------------------------


def _board(cells: dict[tuple[int, int], tuple[int, str]]) -> dict[tuple[int, int], B.Cell]:
    board = {(0, 0): B.Cell(B.fresh(START_ID), -1, 0)}
    for spot, (tid, caps) in cells.items():
        mask = sum(SIDE_BIT[c] for c in caps)
        board[spot] = B.Cell(B.Piece(tid, mask, TILES[tid].outputs), 0, 1)
    return board


def test_longest_path_runs_vertically_then_horizontally() -> None:
    # A column south of the start, then east along row 2.
    board = _board({(0, 1): (1, ""), (0, 2): (3, ""), (1, 2): (9, ""), (2, 2): (20, "")})
    assert B.longest_path(board) == [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]
    # In each column the path may run vertically again (a staircase), never west.
    board = _board({(1, 0): (9, ""), (1, 1): (12, ""), (2, 1): (20, ""), (0, 1): (1, "")})
    path = B.longest_path(board)
    assert path == [(0, 0), (1, 0), (1, 1), (2, 1)]
    assert len(path) == 4  # (0,1) -> (1,1) would need a turn back north-west


def test_longest_path_follows_open_joins_only() -> None:
    board = _board({(1, 0): (9, "E"), (2, 0): (20, "W")})
    assert B.longest_path(board) == [(0, 0), (1, 0)]


def test_longest_path_ties_go_to_higher_levels_then_north() -> None:
    board = _board({(1, 0): (9, ""), (0, 1): (1, ""), (0, -1): (3, "")})
    # Three two-tile paths: east (level 1) beats north and south (level 0).
    assert B.longest_path(board) == [(0, 0), (1, 0)]
    board = _board({(0, 1): (1, ""), (0, -1): (3, "")})
    assert B.longest_path(board) == [(0, 0), (0, -1)]


def test_the_view_shows_the_red_line() -> None:
    state = scenario(board={(1, 0): ((9, ""), 0), (2, 0): ((20, ""), 1)})
    line = state.view(None)["longest_path"]
    assert line["cells"] == [[0, 0], [1, 0], [2, 0]]
    assert line["by_seat"] == [1, 2] and line["levels"] == 3


# -- notation and serialisation ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "bid 23 4",
        "place 31 2,-1",
        "restack 31",
        "cap 31 E",
        "uncap 31 N",
        "improve 31 cap N",
        "improve 31 uncap W",
        "improve 31 add metal",
        "bump",
        "submit",
        "seed 4821",
    ],
)
def test_notation_round_trips(text: str) -> None:
    assert to_text(parse(text)) == text
    assert to_text(parse(text.upper().replace("METAL", "metal"))) == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "bid",
        "bid x 3",
        "place 3 1",
        "cap 3 Q",
        "improve 3 add gold",
        "seed 10000",
        "improve 3 paint N",
        "restack -1",
    ],
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse(text)


def test_each_order_s_example_reads_and_writes_back() -> None:
    # The examples that refusals quote must themselves be orders.
    for head, (words_after, form, example) in FORMS.items():
        assert example.split()[0] == head == form.split()[0]
        assert len(example.split()) == words_after + 1
        assert to_text(parse(example)) == example


def test_a_state_with_written_orders_round_trips() -> None:
    state = scenario(stacks={0: [(9, "")]}, bidding=[1])
    state = write(state, "improve 9 cap N", "place 9 1,0", "bid 1 3")
    again = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state
    assert again.view(0) == state.view(0)
