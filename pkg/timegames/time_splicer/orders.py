"""Orders and their notation.

Every order a player writes is one action: ``bid 23 4``, ``place 31 2,-1``,
``restack 31``, ``cap 31 E``, ``uncap 31 E``, ``improve 31 cap N``,
``improve 31 uncap N``, ``improve 31 add metal``, ``bump``; ``submit`` sends
them.  The chance step that resolves a turn is ``seed N``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import NotationError
from .content import GROUPS, SIDES

SEED_RANGE = 10_000
"""The turn's seed is drawn uniformly from ``0 … SEED_RANGE - 1``."""


@dataclass(frozen=True)
class Seed:
    """Chance: the turn's seed, which orders the bids and deals the next stack."""

    value: int


@dataclass(frozen=True)
class Bid:
    """Bid ``amount`` splices on tile ``tile`` in the bidding stack."""

    tile: int
    amount: int


@dataclass(frozen=True)
class Place:
    """Place tile ``tile`` from your stack at column ``x``, row ``y``."""

    tile: int
    x: int
    y: int


@dataclass(frozen=True)
class Restack:
    """Take placed tile ``tile`` into your stack."""

    tile: int


@dataclass(frozen=True)
class Cap:
    """Cap (``capped=True``) or uncap a free side of placed tile ``tile``."""

    tile: int
    side: str
    capped: bool


@dataclass(frozen=True)
class Improve:
    """Improve a stack tile: ``kind`` is ``cap`` or ``uncap`` (a side) or ``add`` (a group)."""

    tile: int
    kind: str
    arg: str


@dataclass(frozen=True)
class Bump:
    """Raise your priority one place this turn."""


@dataclass(frozen=True)
class Submit:
    """Send this turn's orders."""


Order = Bid | Place | Restack | Cap | Improve | Bump
Action = Order | Submit | Seed


def order_kind(order: Order) -> str:
    """A short kind name: ``bid``, ``place``, ``restack``, ``cap``, ``improve`` or ``bump``."""
    if isinstance(order, Bid):
        return "bid"
    if isinstance(order, Place):
        return "place"
    if isinstance(order, Restack):
        return "restack"
    if isinstance(order, Cap):
        return "cap"
    if isinstance(order, Improve):
        return "improve"
    return "bump"


def to_text(action: Action) -> str:
    """The action in notation."""
    if isinstance(action, Seed):
        return f"seed {action.value}"
    if isinstance(action, Bid):
        return f"bid {action.tile} {action.amount}"
    if isinstance(action, Place):
        return f"place {action.tile} {action.x},{action.y}"
    if isinstance(action, Restack):
        return f"restack {action.tile}"
    if isinstance(action, Cap):
        return f"{'cap' if action.capped else 'uncap'} {action.tile} {action.side}"
    if isinstance(action, Improve):
        return f"improve {action.tile} {action.kind} {action.arg}"
    if isinstance(action, Bump):
        return "bump"
    return "submit"


def _int(word: str, what: str) -> int:
    text = word[1:] if word.startswith("-") else word
    # str.isdigit() also takes digits int() refuses, such as "²".
    if not (text.isascii() and text.isdigit()):
        raise NotationError(f"{word!r} is not a {what}")
    return int(word)


def _side(word: str) -> str:
    side = word.upper()
    if len(side) != 1 or side not in SIDES:
        raise NotationError(f"{word!r} is not a side (N, E, S or W)")
    return side


FORMS = {
    "seed": (1, "seed <number>", "seed 4021"),
    "bid": (2, "bid <tile> <splices>", "bid 14 3"),
    "place": (2, "place <tile> <column>,<row>", "place 14 2,-1"),
    "restack": (1, "restack <tile>", "restack 14"),
    "cap": (2, "cap <tile> <side>", "cap 14 E"),
    "uncap": (2, "uncap <tile> <side>", "uncap 14 E"),
    "improve": (3, "improve <tile> cap|uncap|add <side or group>", "improve 14 add science"),
    "bump": (0, "bump", "bump"),
    "submit": (0, "submit", "submit"),
}
"""Each order's number of words after its name, its written form and an example, for
the messages that refuse a typed order."""


def parse(text: str) -> Action:
    """Read an action in notation; raises :class:`NotationError`."""
    typed = text.strip().split()  # as typed, for the messages
    words = [word.lower() for word in typed]
    if not words:
        raise NotationError("no order was given")
    head, args = words[0], words[1:]
    if head not in FORMS:
        raise NotationError(
            f"unknown order {typed[0]!r}: the orders are bid, place, restack, cap, uncap,"
            " improve, bump and submit"
        )
    words_after, form, example = FORMS[head]
    if len(args) != words_after:
        if not words_after:
            raise NotationError(f"{head!r} is written alone, with nothing after it")
        raise NotationError(f"write {head} as {form!r}, for example {example!r}")
    if head == "seed":
        value = _int(args[0], "seed")
        if not 0 <= value < SEED_RANGE:
            raise NotationError(f"a turn seed lies between 0 and {SEED_RANGE - 1}")
        return Seed(value)
    if head == "bump":
        return Bump()
    if head == "submit":
        return Submit()
    tile = _int(args[0], "tile number")
    if tile < 0:
        raise NotationError("tile numbers are not negative")
    if head == "bid":
        return Bid(tile, _int(args[1], "bid"))
    if head == "place":
        parts = args[1].split(",")
        if len(parts) != 2:
            raise NotationError(f"{args[1]!r} is not a spot such as 2,-1")
        return Place(tile, _int(parts[0], "column"), _int(parts[1], "row"))
    if head == "restack":
        return Restack(tile)
    if head in ("cap", "uncap"):
        return Cap(tile, _side(typed[2]), head == "cap")
    kind, arg = args[1], args[2]
    if kind in ("cap", "uncap"):
        return Improve(tile, kind, _side(typed[3]))
    if kind == "add":
        if arg not in GROUPS:
            raise NotationError(f"{typed[3]!r} is not a group")
        return Improve(tile, kind, arg)
    raise NotationError("improve takes cap, uncap or add")
