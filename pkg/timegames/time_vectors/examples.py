"""Live examples for the rules page: real games that reach the manual's figures.

Each example is a list of moves from the empty board.  Amber's tokens make
the figure; Teal's moves go to far-away points so they touch nothing.  The
rules page opens an example on the real game page, where the engine replays
it and the reader can carry on playing from there.
"""

from __future__ import annotations

from ..core.examples import Example
from . import board as B

# Teal's harmless moves: a corner of the top SW grid that no figure uses.
_FILLER = ("SW4a4", "SW4b4", "SW4a3", "SW4b3", "SW4c4")


def _figure(key: str, title: str, caption: str, amber: list[str]) -> Example:
    moves: list[str] = []
    for i, point in enumerate(amber):
        moves.append(point)
        if i < len(amber) - 1:
            moves.append(_FILLER[i])
    return Example(key, title, caption, tuple(moves), tuple(amber))


EXAMPLES: tuple[Example, ...] = (
    _figure(
        "dim1",
        "Along a row (dimension 1)",
        "Four in a row from west to east on one grid.",
        ["NW1a2", "NW1b2", "NW1c2", "NW1d2"],
    ),
    _figure(
        "dim2",
        "Along a column (dimension 2)",
        "Four in a column from south to north on one grid.",
        ["NE3c1", "NE3c2", "NE3c3", "NE3c4"],
    ),
    _figure(
        "dim12",
        "A grid diagonal (dimensions 1 and 2)",
        "Corner to corner across one grid.",
        ["SW2a1", "SW2b2", "SW2c3", "SW2d4"],
    ),
    _figure(
        "dim3",
        "Straight up (dimension 3)",
        "The same point on all four tiers of one quadrant.",
        ["NE1b3", "NE2b3", "NE3b3", "NE4b3"],
    ),
    _figure(
        "dim13",
        "Rising along a row (dimensions 1 and 3)",
        "One step east and one tier up each time; the rank stays.",
        ["SW1a3", "SW2b3", "SW3c3", "SW4d3"],
    ),
    _figure(
        "dim23",
        "Rising along a column (dimensions 2 and 3)",
        "One step north and one tier up each time; the file stays.",
        ["NW1c1", "NW2c2", "NW3c3", "NW4c4"],
    ),
    _figure(
        "dim123",
        "The space diagonal (dimensions 1, 2 and 3)",
        "File, rank and tier all change by one at every step.",
        ["NE1a1", "NE2b2", "NE3c3", "NE4d4"],
    ),
    _figure(
        "not_a_vector",
        "Not a vector: a step skipped",
        "The same four grid points as the space diagonal, but the second and third "
        "tokens sit on the wrong tiers. Swap those tiers and it would be a vector. "
        "The game does not end.",
        ["NE1a1", "NE3b2", "NE2c3", "NE4d4"],
    ),
    _figure(
        "dim4",
        "Through time (dimension 4)",
        "The same point, on the same tier, in all four quadrants.",
        ["NW2b2", "NE2b2", "SE2b2", "SW2b2"],
    ),
    _figure(
        "dim14",
        "A row through time (dimensions 1 and 4)",
        "From NW clockwise, the token moves one point west per quadrant along the southern row.",
        ["NW1d1", "NE1c1", "SE1b1", "SW1a1"],
    ),
    _figure(
        "dim24",
        "A column through time (dimensions 2 and 4)",
        "From SE counter-clockwise, one point north per quadrant in file b.",
        ["SE1b1", "NE1b2", "NW1b3", "SW1b4"],
    ),
    _figure(
        "dim124",
        "A diagonal through time (dimensions 1, 2 and 4)",
        "From NW clockwise, south-west corner to north-east corner, one step per quadrant.",
        ["NW1a1", "NE1b2", "SE1c3", "SW1d4"],
    ),
    Example(
        "centre_post_error",
        "The centre-post error",
        "Amber read each grid relative to the centre post, turning the grid a quarter "
        "with every quadrant: NW2a1, NE2b3, SE2b2, SW2a4 is no vector. Teal read every "
        "grid by the compass (a1 is always the south-west corner) and wins with "
        "NW1a1, NE1b2, SE1c3, SW1d4.",
        ("NW2a1", "NW1a1", "NE2b3", "NE1b2", "SE2b2", "SE1c3", "SW2a4", "SW1d4"),
        ("NW1a1", "NE1b2", "SE1c3", "SW1d4"),
    ),
    _figure(
        "dim34",
        "Down the tiers through time (dimensions 3 and 4)",
        "Starting in SE on the top tier, one tier down and one quadrant on at each "
        "step, ending in NE on the bottom tier.",
        ["SE4b3", "SW3b3", "NW2b3", "NE1b3"],
    ),
    _figure(
        "dim134",
        "Row, tier and time (dimensions 1, 3 and 4)",
        "East by one, up by one, and on by one quadrant at each step.",
        ["SW1a2", "NW2b2", "NE3c2", "SE4d2"],
    ),
    _figure(
        "dim234",
        "Column, tier and time (dimensions 2, 3 and 4)",
        "North by one, up by one, and back by one quadrant at each step.",
        ["NE1d1", "NW2d2", "SW3d3", "SE4d4"],
    ),
    _figure(
        "dim1234",
        "All four dimensions",
        "From the NE grid of the bottom tier, a grid diagonal that climbs a tier and "
        "moves a quadrant clockwise at every step, ending in NW on the top tier.",
        ["NE1a4", "SE2b3", "SW3c2", "NW4d1"],
    ),
)

BY_KEY = {example.key: example for example in EXAMPLES}


def example_dimensions(example: Example) -> set[int] | None:
    """The kind of the example's highlighted line (``None`` for the non-vectors)."""
    return B.vector_dimensions(example.highlight)
