"""The Time Vectors board: 256 points, their notation, and every vector.

A point is written ``<quadrant><tier><file><rank>``: ``SW1a1`` is quadrant
SW, tier 1 (bottom), file a (west), rank 1 (south).  Files and ranks are read
by compass direction in every quadrant, never relative to the centre post.

Internally a point is an index ``q*64 + (tier-1)*16 + file*4 + rank`` with
the quadrants numbered clockwise, NW=0, NE=1, SE=2, SW=3, so one step in time
is ``q ± 1 (mod 4)``.

>>> name(index("SW1a1"))
'SW1a1'
>>> sorted(vector_dimensions(["NW1d1", "NE1c1", "SE1b1", "SW1a1"]))
[1, 4]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

QUADRANTS = ("NW", "NE", "SE", "SW")
"""Quadrants in clockwise order: neighbours in this cycle are adjacent in time."""

FILES = "abcd"
SIZE = 4
POINTS = SIZE**4

DIMENSION_NAMES = {1: "west–east", 2: "south–north", 3: "tier", 4: "time"}


def index_of(quadrant: int, tier: int, file: int, rank: int) -> int:
    """Point index from zero-based coordinates."""
    return ((quadrant * SIZE + tier) * SIZE + file) * SIZE + rank


def coords(point: int) -> tuple[int, int, int, int]:
    """Zero-based ``(quadrant, tier, file, rank)`` of a point index."""
    return point // 64, (point // 16) % 4, (point // 4) % 4, point % 4


def name(point: int) -> str:
    """The notation of a point index, such as ``'SW1a1'``."""
    q, t, f, r = coords(point)
    return f"{QUADRANTS[q]}{t + 1}{FILES[f]}{r + 1}"


def names(points: Iterable[int]) -> str:
    """Points by name, in the order given: ``NW1a1 NW1b1 …``."""
    return " ".join(name(p) for p in points)


def index(text: str) -> int:
    """The point index of notation such as ``'SW1a1'`` (case-insensitive quadrant)."""
    cleaned = text.strip()
    if len(cleaned) != 5:
        raise ValueError(f"{text!r} is not a point; write it like SW1a1")
    quadrant, tier, file, rank = cleaned[:2].upper(), cleaned[2], cleaned[3].lower(), cleaned[4]
    if quadrant not in QUADRANTS:
        raise ValueError(f"{text!r}: the quadrant must be one of NW, NE, SE, SW")
    if tier not in "1234":
        raise ValueError(f"{text!r}: the tier must be 1 to 4")
    if file not in FILES:
        raise ValueError(f"{text!r}: the file must be a to d")
    if rank not in "1234":
        raise ValueError(f"{text!r}: the rank must be 1 to 4")
    return index_of(QUADRANTS.index(quadrant), int(tier) - 1, FILES.index(file), int(rank) - 1)


def _linear_runs(step: int) -> list[list[int]]:
    """Coordinate sequences along a bounded dimension: constant, rising or falling."""
    if step == 0:
        return [[v] * 4 for v in range(SIZE)]
    return [list(range(SIZE))] if step > 0 else [list(range(SIZE - 1, -1, -1))]


def _time_runs(step: int) -> list[list[int]]:
    """Quadrant sequences: constant, or four adjacent steps from any start."""
    if step == 0:
        return [[q] * 4 for q in range(SIZE)]
    return [[(start + step * i) % SIZE for i in range(SIZE)] for start in range(SIZE)]


def _all_vectors() -> tuple[tuple[int, int, int, int], ...]:
    found: dict[frozenset[int], tuple[int, int, int, int]] = {}
    for steps in product((-1, 0, 1), repeat=4):
        if not any(steps):
            continue
        file_step, rank_step, tier_step, time_step = steps
        for fs, rs, ts, qs in product(
            _linear_runs(file_step),
            _linear_runs(rank_step),
            _linear_runs(tier_step),
            _time_runs(time_step),
        ):
            line = tuple(index_of(qs[i], ts[i], fs[i], rs[i]) for i in range(SIZE))
            key = frozenset(line)
            if len(key) == SIZE:
                # A line and its reverse are the same four points; keep one.
                found.setdefault(key, (line[0], line[1], line[2], line[3]))
    return tuple(sorted(found.values()))


VECTORS: tuple[tuple[int, int, int, int], ...] = _all_vectors()
"""Every winning line, each as four point indices in order along the line."""

VECTOR_SETS: dict[frozenset[int], int] = {frozenset(v): i for i, v in enumerate(VECTORS)}
"""The vector number of each set of four points."""


def _vectors_through() -> tuple[tuple[int, ...], ...]:
    # One pass over the vectors, not one per point: this runs as the page's engine starts.
    through: list[list[int]] = [[] for _ in range(POINTS)]
    for number, vector in enumerate(VECTORS):
        for point in vector:
            through[point].append(number)
    return tuple(tuple(numbers) for numbers in through)


VECTORS_THROUGH: tuple[tuple[int, ...], ...] = _vectors_through()
"""For each point, the numbers of the vectors that pass through it (in ascending order)."""


def dimensions_of(line: Sequence[int]) -> frozenset[int]:
    """The dimensions (1 west–east, 2 south–north, 3 tier, 4 time) a line changes in."""
    a, b = coords(line[0]), coords(line[1])
    changed = set()
    if a[2] != b[2]:
        changed.add(1)
    if a[3] != b[3]:
        changed.add(2)
    if a[1] != b[1]:
        changed.add(3)
    if a[0] != b[0]:
        changed.add(4)
    return frozenset(changed)


VECTOR_KIND: tuple[frozenset[int], ...] = tuple(dimensions_of(v) for v in VECTORS)
"""The dimensions each vector in :data:`VECTORS` changes in."""


def vector_dimensions(points: Iterable[str]) -> set[int] | None:
    """The set of dimensions four points change in, or ``None`` if they are no vector.

    Points are given in notation, in any order.  Raises ``ValueError`` for
    text that is not a point.

    >>> sorted(vector_dimensions(["NE1a4", "SE2b3", "SW3c2", "NW4d1"]))
    [1, 2, 3, 4]
    >>> vector_dimensions(["NE1a1", "NE3b2", "NE2c3", "NE4d4"]) is None
    True
    """
    indices = frozenset(index(p) for p in points)
    number = VECTOR_SETS.get(indices)
    return None if number is None else set(VECTOR_KIND[number])


def ordered(points: Iterable[int]) -> tuple[int, ...] | None:
    """The points of a vector in order along the line, or ``None``."""
    number = VECTOR_SETS.get(frozenset(points))
    return None if number is None else VECTORS[number]
