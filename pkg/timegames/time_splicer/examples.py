"""Live examples for the rules page: real games from seed 0 that reach each rule.

The tiles a game deals depend on the seed and on the tile data, so the move
lists are *directed* rather than frozen: a short script plays a new game
from seed 0 (every chance step is the seed's own), collecting tiles by lone
bids until the seat holds the kinds of tile an example needs, then writes
the example's orders.  The result is an ordinary record that replays
exactly.  A legal example ends after the turn in which the placement
happened (its report shows the price).  Placements that break a rule cannot
be played, so an "illegal" example ends at the start of the next turn, once
the tiles have been prepared in public, with the spot highlighted: the reader
can try it, and the page names the rule that fails.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..core.examples import Example
from ..core.protocol import JSON
from .board import Piece
from .content import GROUPS, START_ID, TILES
from .orders import to_text
from .rules import GAME, SplicerState

TWO: JSON = {"players": 2}
THREE: JSON = {"players": 3}
START_FEEDS = TILES[START_ID].outputs


class Script:
    """A game from seed 0 and the moves that reached it."""

    def __init__(self, options: JSON) -> None:
        self.options = options
        self.state: SplicerState = GAME.new_game(options, 0)
        self.moves: list[str] = []
        self.settle()

    def settle(self) -> None:
        """Play the seed's own chance steps."""
        while self.state.is_chance():
            self.play(to_text(self.state.sample_chance()))

    def play(self, text: str) -> None:
        """Play one move (checked)."""
        self.state = self.state.play_text(text)  # type: ignore[assignment]
        self.moves.append(text)

    def turn(self, *per_seat: list[str]) -> None:
        """Every seat writes its orders; the turn resolves."""
        for seat in range(self.state.players):
            for text in per_seat[seat] if seat < len(per_seat) else []:
                self.play(text)
            self.play("submit")
        self.settle()

    def finish(self) -> None:
        """Seat 0 submits what it wrote, the others submit nothing; the turn resolves."""
        assert self.state.to_move == 0
        for _ in range(self.state.players):
            self.play("submit")
        self.settle()

    def stack(self, seat: int = 0) -> tuple[Piece, ...]:
        """A seat's stack now."""
        return self.state.stacks[seat]


def _collect(need: Callable[[tuple[Piece, ...]], bool], options: JSON = TWO) -> Script:
    """Seat 0 buys the whole bidding stack with lone bids until ``need`` holds."""
    script = Script(options)
    for _ in range(12):
        if need(script.stack()):
            return script
        script.turn([f"bid {p.id} 1" for p in script.state.bidding])
    raise RuntimeError("the example script found no suitable tiles")


def _east(p: Piece) -> bool:
    """Fits east of the start on groups and levels (caps aside)."""
    return p.group in START_FEEDS and 1 <= p.level <= 2


def _stranger(p: Piece) -> bool:
    """A low tile whose group the starting tile does not feed."""
    return p.group not in START_FEEDS and p.level <= 2


def _column(p: Piece) -> bool:
    """A level-0 tile the start feeds: it fits north or south of it."""
    return p.group in START_FEEDS and p.level == 0


def _two(key: str, title: str, caption: str, script: Script, spot: str) -> Example:
    """A two-player example at ``script``'s position, highlighting one spot."""
    return Example(key, title, caption, tuple(script.moves), (spot,), TWO)


def _first(stack: tuple[Piece, ...], test: Callable[[Piece], bool]) -> Piece:
    return next(p for p in stack if test(p))


def _needs(stack: tuple[Piece, ...]) -> bool:
    return all(any(t(p) for p in stack) for t in (_east, _stranger, _column))


def _opened(script: Script, piece: Piece, sides: str) -> None:
    """Write improvements that uncap ``sides`` of a stack tile."""
    for side in sides:
        if piece.capped(side):
            script.play(f"improve {piece.id} uncap {side}")


@lru_cache(maxsize=1)
def examples() -> tuple[Example, ...]:
    """Every example, in the rules page's order."""
    found: list[Example] = []
    setup = Script(TWO)
    found.append(
        _two(
            "setup",
            "A new game",
            "The starting tile, Control of fire, sits at 0,0 on the centre line; three tiles are "
            "up for bidding and each scientist has 10 splices.",
            setup,
            "0,0",
        )
    )
    base = _collect(_needs)
    stack = base.stack()
    east = _first(stack, _east)
    stranger = _first(stack, _stranger)
    column = _first(stack, _column)

    def fork() -> Script:
        script = Script(TWO)
        for move in base.moves[len(script.moves) :]:
            script.play(move)
        return script

    def placed(piece: Piece, side: str, spot: str) -> Script:
        """The turn in which seat 0 opens ``side`` of ``piece`` and places it at ``spot``."""
        script = fork()
        _opened(script, piece, side)
        script.play(f"place {piece.id} {spot}")
        script.finish()
        return script

    # Caps.
    legal = placed(east, "W", "1,0")
    found.append(
        _two(
            "caps_legal",
            "Caps: open meets open",
            f"{east.info.name}'s west side is uncapped, like the starting tile's east side, "
            "so it may join at 1,0.",
            legal,
            "1,0",
        )
    )
    bad = fork()
    if not east.capped("W"):
        bad.play(f"improve {east.id} cap W")
    bad.finish()
    found.append(
        _two(
            "caps_illegal",
            "Caps: capped meets open",
            f"{east.info.name}'s west side is capped but the starting tile's east side is "
            "open: placing it at 1,0 breaks the caps rule, and with that join closed it has no "
            "open join either.",
            bad,
            "1,0",
        )
    )
    # Groups.
    legal = placed(column, "N", "0,1")
    found.append(
        _two(
            "groups_legal",
            "Groups: the inner tile feeds the outer one",
            f"The starting tile (inner: nearer row 0) feeds {GROUPS[column.group].name}, the group "
            f"of {column.info.name}, so it may go south of it at 0,1.",
            legal,
            "0,1",
        )
    )
    bad = fork()
    _opened(bad, stranger, "W")
    bad.finish()
    found.append(
        _two(
            "groups_illegal",
            "Groups: nothing feeds it",
            f"{stranger.info.name} belongs to {GROUPS[stranger.group].name}, which the "
            "starting tile does not feed: 1,0 breaks the group rule.",
            bad,
            "1,0",
        )
    )
    # Levels.
    legal = placed(east, "W", "1,0")
    found.append(
        _two(
            "levels_legal",
            "Levels: up to two higher going east",
            f"{east.info.name} is level {east.level}; east of a level-0 tile it may rise by "
            "up to 2.",
            legal,
            "1,0",
        )
    )
    bad = fork()
    _opened(bad, east, "N")
    bad.finish()
    found.append(
        _two(
            "levels_illegal",
            "Levels: the same going north or south",
            f"South of the starting tile, at 0,1, {east.info.name} (level {east.level}) breaks "
            "the level rule: north and south the level must stay the same.",
            bad,
            "0,1",
        )
    )
    # Connection.
    legal = placed(column, "S", "0,-1")
    found.append(
        _two(
            "connection_legal",
            "Connection: one open join",
            f"{column.info.name} has an open join to the starting tile at 0,-1: that is its "
            "connection.",
            legal,
            "0,-1",
        )
    )
    bad = fork()
    bad.play("cap 0 E")
    if not east.capped("W"):
        bad.play(f"improve {east.id} cap W")
    bad.finish()
    found.append(
        _two(
            "connection_illegal",
            "Connection: a sealed join is not enough",
            f"The starting tile's east side is now capped, and so is {east.info.name}'s west "
            "side. The caps match, but a join capped on both sides is no connection: 1,0 "
            "breaks the connection rule.",
            bad,
            "1,0",
        )
    )
    found.append(_vickrey())
    found.append(_conflict())
    return tuple(found)


def _vickrey() -> Example:
    script = Script(THREE)
    a, b, c = (p.id for p in script.state.bidding[:3])
    script.turn([f"bid {a} 7", f"bid {b} 7"], [f"bid {a} 4", f"bid {c} 2"], [f"bid {b} 3"])
    return Example(
        "vickrey_overbid",
        "A bid round: Vickrey plus one and an overbid",
        f"Phil bid 7 on tile {a} and 7 on tile {b}: 14 splices, more than his 10. Whichever "
        "tile is drawn first, he wins it for the second bid plus one; the other then needs "
        "more than he has left, so he is disqualified and the next bid wins it. Ra's lone "
        f"bid on tile {c} pays 1. See the turn report.",
        tuple(script.moves),
        (str(a), str(b), str(c)),
        THREE,
    )


def _conflict() -> Example:
    def both(stack0: tuple[Piece, ...], stack1: tuple[Piece, ...]) -> bool:
        return any(_east(p) for p in stack0) and any(_east(p) for p in stack1)

    script = Script(TWO)
    for _ in range(12):
        if both(script.stack(0), script.stack(1)):
            break
        tiles = [p.id for p in script.state.bidding]
        script.turn([f"bid {t} 1" for t in tiles[0::2]], [f"bid {t} 1" for t in tiles[1::2]])
    first = (script.state.turn - 1) % 2
    orders: list[list[str]] = [[], []]
    for seat in (0, 1):
        piece = _first(script.stack(seat), _east)
        if piece.capped("W"):
            orders[seat].append(f"improve {piece.id} uncap W")
        orders[seat].append(f"place {piece.id} 1,0")
    script.turn(*orders)
    names = ("Phil", "Ra")
    return Example(
        "priority_conflict",
        "A priority conflict",
        f"Both scientists aimed at 1,0. {names[first]} had priority this turn and placed "
        f"there; {names[1 - first]}'s placement touches a spot changed by a player of higher "
        "priority, so it fails and costs nothing. See the turn report.",
        tuple(script.moves),
        ("1,0",),
        TWO,
    )
