"""Per-seat views: what a page may show a seat (its own written orders only)."""

from __future__ import annotations

from typing import Any

from ..core.protocol import JSON
from . import board as B
from .board import Cell, Piece
from .content import SIDES, START_ID
from .orders import Bid, Bump, Cap, Improve, Restack, order_kind, to_text
from .rules import DEAL, MAX_TURNS, ORDERS, OVER, RESOLVE, Draft, SplicerState, order_problem


def tile_view(piece: Piece, owner: int | None) -> JSON:
    """A tile as the page draws it."""
    info = piece.info
    return {
        "id": piece.id,
        "name": info.name,
        "year": info.year,
        "level": info.level,
        "group": info.group,
        "outputs": list(piece.outputs),
        "caps": {side: piece.capped(side) for side in SIDES},
        "wonder": info.wonder,
        "about": info.about,
        "owner": owner,
        "improved": piece.improved(),
    }


def _with_piece(change: JSON, draft: Draft, seat: int) -> JSON:
    """A placement with the tile as it left the stack (improved there, say), so the
    page draws what will be placed, not the printed tile.  Later cap orders on it
    stay changes of their own, which the page marks."""
    cell = draft.board.get((change["x"], change["y"]))
    if change["kind"] != "place" or cell is None or cell.piece.id != change["tile"]:
        return change
    return {**change, "piece": tile_view(draft.placed[change["tile"]], seat)}


def _owner(value: int) -> int | None:
    return None if value < 0 else value


def aims(board: dict[tuple[int, int], Cell], piece: Piece, seat: int, blocked: bool) -> JSON:
    """Legal spots with their cost for ``piece`` played by ``seat``; optionally blocked spots."""
    spots: list[JSON] = []
    refused: list[JSON] = []
    for x, y in B.candidates(board):
        problem = B.link_problem(board, piece, x, y)
        if problem is None:
            spots.append({"x": x, "y": y, "cost": B.place_cost(board, piece, x, y, seat)})
        elif blocked:
            refused.append({"x": x, "y": y, "rule": problem[0], "reason": problem[1]})
    result: JSON = {"tile": piece.id, "spots": spots}
    if blocked:
        result["blocked"] = refused
    return result


def _timeline(board: dict[tuple[int, int], Cell]) -> JSON:
    tiles = [
        {
            "x": x,
            "y": y,
            "owner": _owner(cell.owner),
            "start": cell.piece.id == START_ID,
            "placed_turn": cell.turn,
            "tile": tile_view(cell.piece, _owner(cell.owner)),
        }
        for (x, y), cell in sorted(board.items())
    ]
    xs = [x for x, _ in board] or [0]
    ys = [y for _, y in board] or [0]
    return {
        "tiles": tiles,
        "bounds": {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)},
    }


def path_view(board: dict[tuple[int, int], Cell], players: int) -> JSON:
    """The longest path (the red line) and what its levels are worth to each seat."""
    path = B.longest_path(board)
    by_seat = [0] * players
    for spot in path:
        cell = board[spot]
        if cell.owner >= 0:
            by_seat[cell.owner] += cell.piece.level
    return {
        "cells": [list(c) for c in path],
        "tiles": len(path),
        "levels": sum(board[c].piece.level for c in path),
        "by_seat": by_seat,
    }


def _me(state: SplicerState, seat: int) -> JSON:
    writing = state.phase == ORDERS and seat == state.to_move
    draft: Draft = state.draft_for(seat)
    pending = []
    for number, (order, cost) in enumerate(zip(state.orders[seat], draft.costs, strict=True)):
        entry: JSON = {
            "n": number + 1,
            "text": to_text(order),
            "kind": order_kind(order),
            "cost": cost,
        }
        tile = getattr(order, "tile", None)
        if tile is not None:
            entry["tile"] = tile
        if hasattr(order, "x"):
            entry["spot"] = [order.x, order.y]  # type: ignore[union-attr]
        pending.append(entry)
    splices = state.splices[seat]
    menu: list[JSON] = []
    if writing:
        for action in state.legal_actions():
            if isinstance(action, (Restack, Cap, Improve, Bump)):
                _, cost = order_problem(draft, action, seat, splices, state.bidding, state.players)
                entry = {"text": to_text(action), "kind": order_kind(action), "cost": cost}
                if not isinstance(action, Bump):
                    entry["tile"] = action.tile
                menu.append(entry)
    return {
        "seat": seat,
        "splices": splices,
        "committed": draft.committed,
        "bids": sum(draft.bids.values()),
        "free": splices - draft.committed,
        # What other orders may still spend: the highest bid must stay covered
        # (rule bid-needs-splices), so the page need not work it out.
        "free_orders": splices - draft.committed - max(draft.bids.values(), default=0),
        "writing": writing,
        "pending": pending,
        "stack": [tile_view(p, seat) for p in draft.stack],
        "board_changes": [_with_piece(change, draft, seat) for change in draft.changes],
        "aims": [aims(draft.board, p, seat, True) for p in draft.stack],
        "bid_on": sorted(draft.bids),
        "orders": menu,
    }


def state_view(state: SplicerState, seat: int | None) -> JSON:
    """The JSON view for ``seat`` (``None``: a spectator)."""
    n = state.players
    board = state.board_map
    phase = {DEAL: "resolve", RESOLVE: "resolve", ORDERS: "orders", OVER: "over"}[state.phase]
    base = [(state.turn - 1 + i) % n for i in range(n)]
    players = []
    for s in range(n):
        placed = sum(1 for c in board.values() if c.owner == s)
        wonders = sum(1 for c in board.values() if c.owner == s and c.piece.info.wonder)
        submitted = state.phase == RESOLVE or (state.phase == ORDERS and s < state.to_move)
        players.append(
            {
                "seat": s,
                "splices": state.splices[s],
                "score": state.scores[s],
                "wonders": wonders,
                "placed": placed,
                "stack": len(state.stacks[s]),
                "submitted": submitted,
            }
        )
    previews: list[JSON] = [aims(board, p, -1, False) for p in state.bidding]
    for s in range(n):
        if s != seat:
            previews.extend(aims(board, p, s, False) for p in state.stacks[s])
    view: JSON = {
        "turn": state.turn,
        "max_turns": MAX_TURNS,
        "phase": phase,
        "to_move": state.current_player(),
        "viewer": seat,
        "players": players,
        "priority": base,
        "bidding": [tile_view(p, None) for p in state.bidding],
        "timeline": _timeline(board),
        "stacks": [[tile_view(p, s) for p in stack] for s, stack in enumerate(state.stacks)],
        "longest_path": path_view(board, n),
        "previews": previews,
        "report": state.report,
        "splicer_by": None if state.splicer_by < 0 else state.splicer_by,
        "outcome": None,
    }
    if seat is not None and 0 <= seat < n:
        view["me"] = _me(state, seat)
    if state.result is not None:
        outcome: dict[str, Any] = state.result.to_dict()
        outcome["everyone_loses"] = not state.result.winners
        view["outcome"] = outcome
    return view


def bids_of(state: SplicerState, seat: int) -> dict[int, int]:
    """The bids ``seat`` has written this turn (tile → amount)."""
    return {o.tile: o.amount for o in state.orders[seat] if isinstance(o, Bid)}
