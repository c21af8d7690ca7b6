"""Time Vectors board: notation, the count of vectors, and the manual's figures.

Each figure is written here from the manual's description of it (which
quadrant, which direction, which corner), not copied from the engine.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise, product

import pytest
from timegames.core import IllegalAction, NotationError
from timegames.time_vectors import GAME, QUADRANTS, VECTOR_KIND, VECTORS, vector_dimensions
from timegames.time_vectors import board as B
from timegames.time_vectors.rules import Place

CLOCKWISE = ("NW", "NE", "SE", "SW")
"""Seen from above with north at the top."""


def quadrant_after(start: str, steps: int) -> str:
    """The quadrant ``steps`` places clockwise (negative: counter-clockwise) from ``start``."""
    return CLOCKWISE[(CLOCKWISE.index(start) + steps) % 4]


# -- notation ----------------------------------------------------------------------


def test_point_notation_reads_quadrant_tier_file_rank() -> None:
    # SW1a1: quadrant SW, tier 1, file a, rank 1.
    point = B.index("SW1a1")
    quadrant, tier, file, rank = B.coords(point)
    assert QUADRANTS[quadrant] == "SW"
    assert (tier, file, rank) == (0, 0, 0)
    assert B.name(point) == "SW1a1"
    assert GAME.action_to_text(GAME.parse_action("SW1a1")) == "SW1a1"


def test_files_run_west_to_east_and_ranks_south_to_north() -> None:
    # Figure 11 moves "from east to west along the southern row": d1, c1, b1, a1.
    assert vector_dimensions(["NW1d1", "NE1c1", "SE1b1", "SW1a1"]) == {1, 4}
    # Figure 12 climbs "the second column west-to-east" from its southern point
    # to its northern-most point: b1 up to b4.
    assert vector_dimensions(["SE1b1", "NE1b2", "NW1b3", "SW1b4"]) == {2, 4}
    # A change of file alone is dimension 1 (west–east), of rank alone 2, of tier alone 3.
    assert vector_dimensions(["NE2a3", "NE2b3", "NE2c3", "NE2d3"]) == {1}
    assert vector_dimensions(["NE2c1", "NE2c2", "NE2c3", "NE2c4"]) == {2}
    assert vector_dimensions(["NE1c2", "NE2c2", "NE3c2", "NE4c2"]) == {3}
    assert B.DIMENSION_NAMES[1] == "west–east"
    assert B.DIMENSION_NAMES[2] == "south–north"


def test_every_point_has_a_unique_name_that_round_trips() -> None:
    names = {B.name(p) for p in range(B.POINTS)}
    assert len(names) == 256
    for point in range(B.POINTS):
        assert B.index(B.name(point)) == point
    assert B.index("sw1A1") == B.index("SW1a1"), "quadrant and file letters ignore case"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("XX1a1", "quadrant"),
        ("SW5a1", "tier"),
        ("SW0a1", "tier"),
        ("SW1e1", "file"),
        ("SW1a5", "rank"),
        ("SW1a", "SW1a1"),
        ("SW1a12", "SW1a1"),
        ("", "SW1a1"),
        ("claim SW1a1 SW1a2", "in steps"),
        ("mark SW1a1 SW1a2", "not a Time Vectors move"),
        ("mark XX1a1", "quadrant"),
        ("hello world", "not a Time Vectors move"),
    ],
)
def test_bad_notation_is_refused_with_a_reason(text: str, why: str) -> None:
    with pytest.raises(NotationError, match=why):
        GAME.parse_action(text)
    with pytest.raises(IllegalAction, match=why) as err:
        GAME.new_game({}, 0).play_text(text)
    assert err.value.rule == "notation"


def test_keywords_and_claims_round_trip() -> None:
    for text in ("swap", "pair", "single", "end", "claim", "cancel", "mark NW1a1"):
        assert GAME.action_to_text(GAME.parse_action(text)) == text
    # Keywords and quadrants may be typed in any case.
    assert GAME.parse_action("MARK nw1a1") == GAME.parse_action("mark NW1a1")


# -- how many vectors of each kind ----------------------------------------------------


def expected_count(kind: frozenset[int]) -> int:
    """The number of vectors of ``kind``, by the manual's way of counting.

    Every dimension that stays constant can hold any of its 4 values.  The
    changing bounded dimensions (1, 2, 3) run 1..4 or 4..1; reading a line
    from its other end gives the same line, so with no time change only
    2**(n-1) of the 2**n direction patterns are different lines (1 row per
    line of a grid, 2 diagonals, 4 space diagonals).  Time is cyclic: a line
    through time may start in any of the 4 quadrants and go either way (8
    sequences).  With time alone changing all 8 cover the same four points;
    with other dimensions changing too, fixing the reading direction by the
    first bounded dimension leaves 8 * 2**(n-1) different lines.
    """
    constant = 4 - len(kind)
    bounded = len(kind - {4})
    if 4 not in kind:
        directions = 2 ** (bounded - 1)
    elif bounded == 0:
        directions = 1
    else:
        directions = 8 * 2 ** (bounded - 1)
    return 4**constant * directions


ALL_KINDS = [frozenset(kind) for size in range(1, 5) for kind in combinations((1, 2, 3, 4), size)]


def test_the_manual_counts() -> None:
    # Stated in the manual: 64 for each single linear dimension, 32 for the
    # grid diagonals and for 1&3 and 2&3, 160 for all 1 & 2 constructs, 16
    # space diagonals.
    for kind in ({1}, {2}, {3}):
        assert expected_count(frozenset(kind)) == 64
    for kind in ({1, 2}, {1, 3}, {2, 3}):
        assert expected_count(frozenset(kind)) == 32
    assert sum(expected_count(frozenset(k)) for k in ({1}, {2}, {1, 2})) == 160
    assert expected_count(frozenset({1, 2, 3})) == 16
    assert len(ALL_KINDS) == 15


@pytest.mark.parametrize("kind", ALL_KINDS, ids=lambda k: "dim" + "".join(map(str, sorted(k))))
def test_vector_count_per_kind(kind: frozenset[int]) -> None:
    counts = Counter(VECTOR_KIND)
    assert counts[kind] == expected_count(kind)


def test_total_is_976() -> None:
    assert sum(expected_count(k) for k in ALL_KINDS) == 976
    assert len(VECTORS) == 976
    assert len({frozenset(v) for v in VECTORS}) == 976


def brute_force_vectors() -> set[frozenset[int]]:
    """Every line, by walking from every point in every direction.

    File, rank and tier must stay on the board; the quadrant wraps around.
    """
    found: set[frozenset[int]] = set()
    for start in range(B.POINTS):
        q, t, f, r = B.coords(start)
        for dq, dt, df, dr in product((-1, 0, 1), repeat=4):
            if not (dq or dt or df or dr):
                continue
            line = []
            for i in range(4):
                tt, ff, rr = t + i * dt, f + i * df, r + i * dr
                if not (0 <= tt < 4 and 0 <= ff < 4 and 0 <= rr < 4):
                    break
                line.append(B.index_of((q + i * dq) % 4, tt, ff, rr))
            if len(set(line)) == 4:
                found.add(frozenset(line))
    return found


def test_vectors_are_exactly_the_straight_lines() -> None:
    assert {frozenset(v) for v in VECTORS} == brute_force_vectors()


def test_each_vector_is_listed_in_order_along_its_line() -> None:
    for line in VECTORS:
        steps = set()
        for a, b in pairwise(line):
            ca, cb = B.coords(a), B.coords(b)
            dq = (cb[0] - ca[0]) % 4
            assert dq in (0, 1, 3), "time moves to an adjacent quadrant or not at all"
            steps.add((dq, cb[1] - ca[1], cb[2] - ca[2], cb[3] - ca[3]))
        assert len(steps) == 1, "every step of a vector is the same step"


# -- the manual's figures ----------------------------------------------------------------

FIGURES = [
    # Figures 3 and 10: the same point on one tier in every quadrant.
    ("fig3_10_time", ["NW2b2", "NE2b2", "SE2b2", "SW2b2"], {4}),
    # Figure 4: a row, a column and both diagonals of one grid.
    ("fig4_row", ["SE3a2", "SE3b2", "SE3c2", "SE3d2"], {1}),
    ("fig4_column", ["SE3d1", "SE3d2", "SE3d3", "SE3d4"], {2}),
    ("fig4_diagonal", ["SE3a1", "SE3b2", "SE3c3", "SE3d4"], {1, 2}),
    ("fig4_antidiagonal", ["SE3a4", "SE3b3", "SE3c2", "SE3d1"], {1, 2}),
    # Figure 5: the same point on every tier of one quadrant.
    ("fig5_tiers", ["NW1c3", "NW2c3", "NW3c3", "NW4c3"], {3}),
    # Figure 6: row and quadrant fixed, file and tier change.
    ("fig6", ["SW1a3", "SW2b3", "SW3c3", "SW4d3"], {1, 3}),
    ("fig6_falling", ["SW4a3", "SW3b3", "SW2c3", "SW1d3"], {1, 3}),
    # Figure 7: file and quadrant fixed, rank and tier change.
    ("fig7", ["NE1b1", "NE2b2", "NE3b3", "NE4b4"], {2, 3}),
    # Figure 8: file, rank and tier all change.
    ("fig8", ["NE1a1", "NE2b2", "NE3c3", "NE4d4"], {1, 2, 3}),
    ("fig8_other_corner", ["NE1d1", "NE2c2", "NE3b3", "NE4a4"], {1, 2, 3}),
    # Figure 11: from NW clockwise, east to west along the southern row.
    ("fig11", ["NW1d1", "NE1c1", "SE1b1", "SW1a1"], {1, 4}),
    # Figure 12: from SE counter-clockwise, north along the second column.
    ("fig12", ["SE1b1", "NE1b2", "NW1b3", "SW1b4"], {2, 4}),
    # Figure 13: from NW clockwise, the grid diagonal SW corner to NE corner.
    ("fig13", ["NW3a1", "NE3b2", "SE3c3", "SW3d4"], {1, 2, 4}),
    # Figure 16: bottom tier NE at the NW corner, diagonally to the SE corner,
    # a tier up and a quadrant clockwise each step, ending on top in NW.
    ("fig16", ["NE1a4", "SE2b3", "SW3c2", "NW4d1"], {1, 2, 3, 4}),
]


@pytest.mark.parametrize(
    ("points", "dims"), [(p, d) for _, p, d in FIGURES], ids=[n for n, _, _ in FIGURES]
)
def test_figure_is_a_vector_of_its_dimensions(points: list[str], dims: set[int]) -> None:
    assert vector_dimensions(points) == dims
    assert vector_dimensions(list(reversed(points))) == dims, "either end may be the start"
    tool = GAME.tool("vector_dimensions", {"points": points})
    assert tool["dimensions"] == sorted(dims)


def test_figure_9_tiers_out_of_order_is_no_vector() -> None:
    # On a space diagonal, but the second and third tokens' tiers are exchanged.
    wrong = ["NE1a1", "NE3b2", "NE2c3", "NE4d4"]
    assert vector_dimensions(wrong) is None
    assert GAME.tool("vector_dimensions", {"points": wrong})["dimensions"] is None
    assert GAME.tool("vector_dimensions", {"points": wrong})["described"] == "not a vector"
    # Exchanging them back makes it the vector of figure 8.
    assert vector_dimensions(["NE1a1", "NE2b2", "NE3c3", "NE4d4"]) == {1, 2, 3}


def rotate_quarter(file: int, rank: int, turns: int) -> tuple[int, int]:
    """A grid point turned ``turns`` quarter turns clockwise about the grid's centre."""
    for _ in range(turns % 4):
        file, rank = rank, 3 - file
    return file, rank


def test_figure_14_the_centre_post_error() -> None:
    # The correct figure-13 vector reads every grid by the compass.  The
    # error reads each grid relative to the centre post, i.e. turns the grid
    # a quarter with every quadrant clockwise.
    correct = ["NW2a1", "NE2b2", "SE2c3", "SW2d4"]
    assert vector_dimensions(correct) == {1, 2, 4}
    wrong = []
    for step, name in enumerate(correct):
        file, rank = rotate_quarter("abcd".index(name[3]), int(name[4]) - 1, step)
        wrong.append(f"{name[:3]}{'abcd'[file]}{rank + 1}")
    assert wrong != correct
    assert vector_dimensions(wrong) is None


def test_figure_15_both_readings_are_vectors() -> None:
    # Figure 15 starts in SE on the top tier and ends in NE on the bottom
    # tier, one tier down and one quadrant on per step.  The manual calls the
    # movement counter-clockwise, but SE to NE in four steps is clockwise
    # (SE, SW, NW, NE).  Both directions are legal vectors of dimensions 3 and 4.
    clockwise = [f"{quadrant_after('SE', i)}{4 - i}b3" for i in range(4)]
    assert clockwise == ["SE4b3", "SW3b3", "NW2b3", "NE1b3"]
    counter = [f"{quadrant_after('SE', -i)}{4 - i}b3" for i in range(4)]
    assert vector_dimensions(clockwise) == {3, 4}
    assert vector_dimensions(counter) == {3, 4}


# -- time is cyclic --------------------------------------------------------------------


@pytest.mark.parametrize("start", CLOCKWISE)
@pytest.mark.parametrize("direction", [1, -1], ids=["clockwise", "counter-clockwise"])
def test_time_lines_start_anywhere_and_go_either_way(start: str, direction: int) -> None:
    quadrants = [quadrant_after(start, direction * i) for i in range(4)]
    assert vector_dimensions([f"{q}1c2" for q in quadrants]) == {4}
    # With a row, the file follows the quadrant order.
    assert vector_dimensions([f"{q}2{'abcd'[i]}3" for i, q in enumerate(quadrants)]) == {1, 4}
    # And with every dimension at once.
    line = [f"{q}{i + 1}{'abcd'[i]}{4 - i}" for i, q in enumerate(quadrants)]
    assert vector_dimensions(line) == {1, 2, 3, 4}


@pytest.mark.parametrize(
    "order",
    [
        ("NW", "NE", "SW", "SE"),  # NE to SW skips SE
        ("NW", "SE", "NE", "SW"),
        ("NE", "NW", "SE", "SW"),  # NW to SE skips a quadrant
        ("SW", "NE", "SE", "NW"),
    ],
)
def test_time_may_not_skip_a_quadrant(order: tuple[str, ...]) -> None:
    line = [f"{q}1{'abcd'[i]}1" for i, q in enumerate(order)]
    assert vector_dimensions(line) is None
    line = [f"{q}{i + 1}{'abcd'[i]}{i + 1}" for i, q in enumerate(order)]
    assert vector_dimensions(line) is None


def test_a_time_vector_has_one_point_in_each_quadrant() -> None:
    for line, kind in zip(VECTORS, VECTOR_KIND, strict=True):
        quadrants = {B.coords(p)[0] for p in line}
        assert len(quadrants) == (4 if 4 in kind else 1)


def test_vector_dimensions_rejects_bad_points() -> None:
    with pytest.raises(ValueError):
        vector_dimensions(["NW1a1", "NW1b1", "NW1c1", "ZZ1d1"])


def test_place_out_of_range_is_refused() -> None:
    state = GAME.new_game({}, 0)
    problem = state.illegal_reason(Place(256))
    assert problem is not None and problem.rule == "no-such-point"
