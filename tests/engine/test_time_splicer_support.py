"""Helpers for the Time Splicer tests: positions built tile by tile, turns played out.

(Named ``test_…`` so that it sits with the game's tests; it holds no tests itself.)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from timegames.core import IllegalAction
from timegames.time_splicer import GAME, SplicerState
from timegames.time_splicer import board as B
from timegames.time_splicer.content import START_ID, TILES, caps_mask
from timegames.time_splicer.orders import Seed
from timegames.time_splicer.rules import ORDERS

TileSpec = int | tuple[int, str] | tuple[int, str, tuple[str, ...]]
"""A tile number, or (number, capped sides), or (number, capped sides, outputs)."""


def piece(spec: TileSpec) -> B.Piece:
    """A piece from a spec; the printed tile when only a number is given."""
    if isinstance(spec, int):
        return B.fresh(spec)
    if len(spec) == 2:
        return B.Piece(spec[0], caps_mask(spec[1]), TILES[spec[0]].outputs)
    return B.Piece(spec[0], caps_mask(spec[1]), tuple(spec[2]))


def scenario(
    players: int = 2,
    board: dict[tuple[int, int], tuple[TileSpec, int]] | None = None,
    stacks: dict[int, list[TileSpec]] | None = None,
    bidding: list[TileSpec] | None = None,
    turn: int = 1,
    splices: tuple[int, ...] | None = None,
    scores: tuple[int, ...] | None = None,
    start: TileSpec = START_ID,
) -> SplicerState:
    """A position at the start of seat 0's order phase.

    ``board`` maps spots to (tile, owner); the starting tile is at 0,0 unless
    the board puts something else there.  Tiles used anywhere leave the supply.
    """
    state = GAME.new_game({"players": players}, 0)
    rows: dict[tuple[int, int], tuple[B.Piece, int]] = {(0, 0): (piece(start), B.NO_OWNER)}
    for spot, (spec, owner) in (board or {}).items():
        rows[spot] = (piece(spec), owner)
    stack_pieces = [[piece(s) for s in (stacks or {}).get(seat, [])] for seat in range(players)]
    bid_pieces = tuple(piece(s) for s in (bidding or []))
    used = {p.id for p, _ in rows.values()} | {p.id for s in stack_pieces for p in s}
    used |= {p.id for p in bid_pieces}
    return replace(
        state,
        phase=ORDERS,
        turn=turn,
        to_move=0,
        board=tuple(sorted((x, y, p, owner, 0) for (x, y), (p, owner) in rows.items())),
        stacks=tuple(tuple(s) for s in stack_pieces),
        bidding=bid_pieces,
        supply=tuple(t for t in state.supply if t not in used),
        splices=splices or tuple(B.BASE_SPLICES for _ in range(players)),
        scores=scores or tuple(0 for _ in range(players)),
        ever_placed=tuple(sorted({START_ID} | {p.id for p, _ in rows.values()})),
    )


def write(state: SplicerState, *orders: str) -> SplicerState:
    """The seat to move writes ``orders`` and submits."""
    for text in orders:
        state = state.play_text(text)  # type: ignore[assignment]
    return state.play_text("submit")  # type: ignore[return-value]


def turn(state: SplicerState, *per_seat: list[str], seed: int = 0) -> SplicerState:
    """Every seat writes its orders (a list per seat) and the turn resolves with ``seed``."""
    assert state.phase == ORDERS and state.to_move == 0
    for seat in range(state.players):
        state = write(state, *(per_seat[seat] if seat < len(per_seat) else []))
    assert state.is_chance()
    return state.play(Seed(seed))  # type: ignore[return-value]


def refused(state: SplicerState, text: str, rule: str) -> IllegalAction:
    """Assert that writing ``text`` is refused with ``rule``."""
    with pytest.raises(IllegalAction) as info:
        state.play_text(text)
    assert info.value.rule == rule, info.value.message
    return info.value


def steps(state: SplicerState, phase: str | None = None) -> list[dict[str, Any]]:
    """The last turn's report steps (optionally only one phase)."""
    assert state.report is not None
    return [s for s in state.report["steps"] if phase is None or s["phase"] == phase]


def tile_at(state: SplicerState, x: int, y: int) -> B.Cell | None:
    """The cell at ``x, y``, if any."""
    return state.board_map.get((x, y))


def find_tiles(**want: Any) -> list[int]:
    """Tile numbers whose fields match ``want`` (level=…, group=…, wonder=…)."""
    found = []
    for t in TILES.values():
        if t.id in (START_ID,):
            continue
        if all(getattr(t, k) == v for k, v in want.items()):
            found.append(t.id)
    return sorted(found)
