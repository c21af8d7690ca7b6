"""Live examples for the rules page: real games from seed 0 that show each rule.

Every example is a list of actions from a new game with seed 0 and Rainbow
holding the Treehouse die (option ``first``: 0), chance steps included.  The
dice of a game depend only on the seed and on how many turns have passed, so
the n-th roll of every seed-0 game is the same: ``roll 6 2 AIM``,
``roll 4 3 HOP``, ``roll 4 4 SWAP``, ``roll 1 5 TIP``, ``roll 3 4 DIG``,
``roll 3 2 WILD``, …  An example that needs a certain Treehouse face simply
ends turns (``end``) until that roll comes up.  Because the examples are
ordinary records, the game page replays them with the usual check that every
roll is the one the seed gives, and the reader can play on.
"""

from __future__ import annotations

from ..core.examples import Example
from ..core.protocol import JSON

RAINBOW_FIRST: JSON = {"first": 0}
"""Every example starts with Rainbow holding the Treehouse die (the default is random)."""

ROLLS = (
    "roll 6 2 AIM",
    "roll 4 3 HOP",
    "roll 4 4 SWAP",
    "roll 1 5 TIP",
    "roll 3 4 DIG",
    "roll 3 2 WILD",
    "roll 5 3 DIG",
    "roll 3 3 TIP",
)
"""The first rolls of every seed-0 game (Rainbow rolls first, then turns alternate)."""


def _skip_to(turn: int) -> tuple[str, ...]:
    """Roll and end every turn before ``turn`` (0-based), then roll for ``turn``."""
    moves: list[str] = []
    for roll in ROLLS[:turn]:
        moves.extend((roll, "end"))
    moves.append(ROLLS[turn])
    return tuple(moves)


GOAL_EXAMPLE_MOVES: tuple[str, ...] = (
    "roll 6 2 AIM",
    "use AIM",
    "Pa1-a2/1",
    "Pa2-a3/1",
    "Da1-a2/1",
    "Pa3-a2/1",
    "Pa2-a1/1",
    "Pb1-b2/2",
    "Pb2-b3/2",
    "end",
    "roll 4 3 HOP",
    "use HOP",
    "end",
    "roll 4 4 SWAP",
    "Db1-b2/1",
    "Pb3-b2/1",
    "Pb2-b1/1",
    "Pd1-d2/2",
    "use SWAP Dd1 Pd2",
    "end",
    "roll 1 5 TIP",
    "use TIP",
    "Qc1-c2/2",
    "end",
    "roll 3 4 DIG",
    "use DIG De1",
    "De1-e2/2",
    "Pe1-e2/2",
    "end",
    "roll 3 2 WILD",
    "use WILD",
    "end",
    "roll 5 3 DIG",
    "end",
    "roll 3 3 TIP",
    "use TIP",
    "Qc2-c3/1",
    "end",
    "roll 4 5 SWAP",
    "end",
    "roll 5 1 DIG",
    "end",
    "roll 1 2 SWAP",
    "end",
    "roll 2 6 HOP",
    "use HOP",
    "Dc1-c2/2",
    "end",
    "roll 4 3 WILD",
    "use WILD",
    "end",
    "roll 5 4 AIM",
    "use AIM",
    "Pc1-c2/1",
    "Qc3-c2/1",
    "end",
    "roll 3 3 WILD",
    "use WILD",
    "end",
    "roll 4 2 TIP",
    "use TIP",
    "Qc2-c1/2",
    "end",
    "roll 3 2 SWAP",
    "end",
    "roll 4 1 TIP",
    "use TIP",
    "Pc2-c1/2",
    "end",
    "roll 1 3 HOP",
    "use HOP",
    "Pe2-e1/2",
)
"""Both players steer: Xeno reshapes Rainbow's Goal into the document's example
(Queen home with the Pawn on top, Drone in the second row) while Rainbow builds
its four Time Stacks the same way, completing the last one only after the Goal
is finished.  Found with the planner; the tests replay it."""


EXAMPLES: tuple[Example, ...] = (
    Example(
        "setup",
        "The set-up",
        "Each side's home row holds four Trees (Queen at the bottom, Pawn on top) and, in "
        "the middle, its Goal: a Nest with the Queen outermost, shown on top. Rainbow, who "
        "holds the Treehouse die, has rolled 6 and 2 with AIM.",
        (ROLLS[0],),
        ("a1", "b1", "c1", "d1", "e1", "a5", "b5", "c5", "d5", "e5"),
        RAINBOW_FIRST,
    ),
    Example(
        "goal_move",
        "Moving the opponent's Goal",
        "Rainbow spends the whole 6 of die 1 to move the Queen of Xeno's Goal one space. "
        "A Goal move always costs 6 points from a single die.",
        (ROLLS[0], "Qc5-c4/1"),
        ("c5", "c4"),
        RAINBOW_FIRST,
    ),
    Example(
        "aim",
        "AIM: cheap Goal moves",
        "With AIM, Goal pieces cost Rainbow only their pips this turn: the Queen (3) and "
        "then the Drone (2) of Xeno's Goal move on die 1, leaving 1 point on it.",
        (ROLLS[0], "use AIM", "Qc5-c4/1", "Dc5-c4/1"),
        ("c5", "c4"),
        RAINBOW_FIRST,
    ),
    Example(
        "hop",
        "HOP: any distance for one step's cost",
        "Xeno uses HOP: its Pawn and then its Drone jump from the home row straight to the "
        "centre row, 1 and 2 points from die 2.",
        (*_skip_to(1), "use HOP", "Pa5-a3/2", "Da5-a3/2"),
        ("a5", "a3"),
        RAINBOW_FIRST,
    ),
    Example(
        "swap",
        "SWAP: two pieces trade places",
        "Rainbow's Pawn went to the centre row on the first turn. With SWAP it trades places "
        "with its Queen, even though the Queen is covered by the Drone.",
        (ROLLS[0], "Pa1-a2/2", "Pa2-a3/2", "end", ROLLS[1], "end", ROLLS[2], "use SWAP Qa1 Pa3"),
        ("a1", "a3"),
        RAINBOW_FIRST,
    ),
    Example(
        "dig",
        "Digging in the centre row",
        "Xeno's Pawn hopped onto Rainbow's Pawn in the centre row. Rainbow's Pawn cannot "
        "move while covered, but it digs to the top of the stack for its move cost, 1 point.",
        (
            ROLLS[0],
            "Pa1-a2/2",
            "Pa2-a3/2",
            "end",
            ROLLS[1],
            "use HOP",
            "Pa5-a3/1",
            "end",
            ROLLS[2],
            "dig Pa3/1",
        ),
        ("a3",),
        RAINBOW_FIRST,
    ),
    Example(
        "dig_action",
        "DIG: to the top, in any row",
        "The Treehouse DIG brings Rainbow's Queen from the bottom of its Tree to the top, "
        "for free and outside the centre row.",
        (*_skip_to(4), "use DIG Qb1"),
        ("b1",),
        RAINBOW_FIRST,
    ),
    Example(
        "tip",
        "TIP: both dice become 6",
        "Xeno rolled 1 and 5 with TIP. Both dice now count 6: die 1 pays for a Goal move, "
        "die 2 for a Pawn and a Drone of another stack.",
        (*_skip_to(3), "use TIP", "Qc1-c2/1", "Pe5-e4/2", "De5-e4/2"),
        ("c1", "c2", "e5", "e4"),
        RAINBOW_FIRST,
    ),
    Example(
        "wild",
        "WILD: one pool for every stack",
        "Xeno's 3 and 2 become one pool of 5 points, spent on Pawns of all four Time Stacks.",
        (
            *_skip_to(5),
            "use WILD",
            "Pa5-a4/+",
            "Pb5-b4/+",
            "Pd5-d4/+",
            "Pe5-e4/+",
            "Pa4-a3/+",
        ),
        ("a5", "a3", "b4", "d4", "e4"),
        RAINBOW_FIRST,
    ),
    Example(
        "sum",
        "Adding two low dice",
        "Both dice show 3 or less (3 and 2), so Xeno adds them into 5 points for one stack "
        "and splits them over its Pawn and Drone in any order.",
        (*_skip_to(5), "sum", "Pd5-d4/+", "Pd4-d3/+", "Dd5-d4/+", "Pd3-d4/+"),
        ("d5", "d4"),
        RAINBOW_FIRST,
    ),
    Example(
        "goal",
        "The goal example: a match",
        "Rainbow's Goal has its Queen in the home row with the Pawn on top and its Drone in "
        "the second row. All four Rainbow Time Stacks stand the same way, so Rainbow wins.",
        GOAL_EXAMPLE_MOVES,
        ("a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1", "e2"),
        RAINBOW_FIRST,
    ),
)

BY_KEY = {example.key: example for example in EXAMPLES}
