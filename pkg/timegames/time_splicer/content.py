"""The tile set: technologies from the control of fire to the Time Splicer.

The tiles live in ``tiles.json`` next to this module, one tile per line, so the
tree can be read and corrected without touching code.  Each tile has a number,
a name and year, a level (0 prehistory … 18 the Time Splicer), a group, the
output groups it may feed, its capped sides and a wonder flag for famous
firsts.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..core.data import read_text

SIDES = "NESW"
"""The four sides, in the order of their bits in a caps mask."""

SIDE_BIT = {side: 1 << i for i, side in enumerate(SIDES)}
"""Bit of each side in a caps mask (N=1, E=2, S=4, W=8)."""

MAX_OUTPUTS = 4
"""Improving a tile may add output groups up to this many."""


@dataclass(frozen=True)
class Group:
    """A family of technologies, with the colour and glyph the page draws."""

    key: str
    name: str
    colour: str
    glyph: str


@dataclass(frozen=True)
class TileInfo:
    """One printed tile, as it comes out of the box (before any improvement)."""

    id: int
    name: str
    year: str
    level: int
    group: str
    outputs: tuple[str, ...]
    caps: int
    wonder: bool
    about: str


def caps_mask(text: str) -> int:
    """The caps mask of a side string such as ``"NS"``."""
    mask = 0
    for side in text:
        mask |= SIDE_BIT[side]
    return mask


def caps_text(mask: int) -> str:
    """The side string of a caps mask (inverse of :func:`caps_mask`)."""
    return "".join(side for side in SIDES if mask & SIDE_BIT[side])


def _load() -> tuple[dict[str, Group], dict[int, TileInfo], int, int]:
    text = read_text(__name__, "tiles.json")
    data: dict[str, Any] = json.loads(text)
    groups = {g["key"]: Group(g["key"], g["name"], g["colour"], g["glyph"]) for g in data["groups"]}
    tiles: dict[int, TileInfo] = {}
    for t in data["tiles"]:
        outputs = tuple(t["outputs"])
        if t["group"] not in groups or any(o not in groups for o in outputs):
            raise ValueError(f"tile {t['id']} names an unknown group")
        if t["id"] in tiles:
            raise ValueError(f"tile number {t['id']} is used twice")
        tiles[int(t["id"])] = TileInfo(
            int(t["id"]),
            str(t["name"]),
            str(t["year"]),
            int(t["level"]),
            str(t["group"]),
            outputs,
            caps_mask(t["caps"]),
            bool(t["wonder"]),
            str(t["about"]),
        )
    return groups, tiles, int(data["start"]), int(data["splicer"])


GROUPS, TILES, START_ID, SPLICER_ID = _load()
"""Groups by key, tiles by number, and the numbers of the starting tile and the Time Splicer."""

GROUP_KEYS: tuple[str, ...] = tuple(GROUPS)
"""Group keys in the data's order."""

SPLICER_LEVEL = TILES[SPLICER_ID].level
"""Placing the tile of this level (18) ends the game."""


def tile_table() -> list[dict[str, Any]]:
    """Every tile as plain data, by level then number (the rules page's tree table)."""
    return [
        {
            "id": t.id,
            "name": t.name,
            "year": t.year,
            "level": t.level,
            "group": t.group,
            "outputs": list(t.outputs),
            "caps": caps_text(t.caps),
            "wonder": t.wonder,
            "about": t.about,
        }
        for t in sorted(TILES.values(), key=lambda t: (t.level, t.id))
    ]


def tree_markdown() -> str:
    """The tech tree as Markdown tables, one per level (for the rules page).

    The rules page embeds this text verbatim; a test keeps the two in sync.
    Print it with ``python3 -m timegames.time_splicer.content``.
    """
    lines = ["| Group | Sign | Tiles | Levels |", "| --- | --- | --- | --- |"]
    for group in GROUPS.values():
        members = [t for t in TILES.values() if t.group == group.key]
        levels = sorted({t.level for t in members})
        lines.append(
            f"| {group.name} | {group.glyph} | {len(members)} | {levels[0]}–{levels[-1]} |"
        )
    lines.append("")
    for level in range(SPLICER_LEVEL + 1):
        tiles = sorted((t for t in TILES.values() if t.level == level), key=lambda t: t.id)
        lines.append(f"### Level {level}")
        lines.append("")
        lines.append("| # | Technology | Year | Group | Feeds | Capped | Wonder |")
        lines.append("| --- | --- | --- | --- | --- | --- | --- |")
        for t in tiles:
            feeds = ", ".join(GROUPS[o].name for o in t.outputs) or "—"
            capped = caps_text(t.caps) or "—"
            wonder = "★" if t.wonder else ""
            name = t.name + (" (starting tile)" if t.id == START_ID else "")
            lines.append(
                f"| {t.id} | {name} | {t.year} | {GROUPS[t.group].name} | {feeds} | {capped} "
                f"| {wonder} |"
            )
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - a helper for writing the rules page
    print(tree_markdown())
