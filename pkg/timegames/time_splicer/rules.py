"""Time Splicer: the state, the order phase and the turn's resolution.

A turn is an order phase for each seat in turn (seat 0 first), each writing
orders one action at a time and ending with ``submit``, then one chance step,
``seed N``, that resolves the whole turn: priority, bids, the timeline
orders in priority order, points, and the next turn's bidding stack.
Orders are checked when written against the seat's *draft* (the board and
stack as its own earlier orders would leave them); at resolution each is
checked again and, if it has become impossible, reported as failed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..core.protocol import (
    CHANCE,
    FORMAT_VERSION,
    JSON,
    TERMINAL,
    FormatError,
    Game,
    IllegalAction,
    NotationError,
    OptionSpec,
    Outcome,
    State,
)
from ..core.rng import Rng
from . import board as B
from . import orders as O
from .board import Cell, Piece
from .content import (
    GROUP_KEYS,
    GROUPS,
    MAX_OUTPUTS,
    SIDE_BIT,
    SIDES,
    SPLICER_ID,
    START_ID,
    TILES,
    caps_text,
    tile_table,
)
from .orders import Action, Bid, Bump, Cap, Improve, Order, Place, Restack, Seed, Submit

MAX_TURNS = 40
NAMES = ("Phil", "Ra", "Johan", "Labee", "François", "Mike", "James")
"""The seven scientists of the story, offered as default seat names."""

DEAL = "deal"
"""Chance: the first bidding stack is dealt."""
ORDERS = "orders"
"""A seat writes its orders."""
RESOLVE = "resolve"
"""Chance: the turn's seed is drawn and the turn resolves."""
OVER = "over"

_MASK = (1 << 64) - 1


def stack_size(players: int) -> int:
    """How many tiles the bidding stack holds each turn."""
    return 3


def player_name(seat: int) -> str:
    """How reports name a seat."""
    return f"Player {seat + 1}"


# -- the draft: a seat's view of the board as its own orders would leave it ---------------


@dataclass
class Draft:
    """The board, stack and purse of one seat after its written orders."""

    board: dict[tuple[int, int], Cell]
    stack: list[Piece]
    committed: int = 0
    """Splices of the written orders other than bids."""
    bids: dict[int, int] = field(default_factory=dict)
    bumps: int = 0
    costs: list[int] = field(default_factory=list)
    """Each written order's price as written (a bid's amount for a bid)."""
    changes: list[JSON] = field(default_factory=list)
    placed: dict[int, Piece] = field(default_factory=dict)
    """Each tile ordered onto the timeline as it left the stack (improvements made)."""

    def copy(self) -> Draft:
        """A draft that further orders can change without changing this one."""
        return replace(
            self,
            board=dict(self.board),
            stack=list(self.stack),
            bids=dict(self.bids),
            costs=list(self.costs),
            changes=list(self.changes),
            placed=dict(self.placed),
        )

    def where(self, tile: int) -> tuple[int, int] | None:
        """The spot of ``tile`` on the draft board, if it is there."""
        for spot, cell in self.board.items():
            if cell.piece.id == tile:
                return spot
        return None

    def in_stack(self, tile: int) -> Piece | None:
        """``tile`` in the draft stack, if it is there."""
        for piece in self.stack:
            if piece.id == tile:
                return piece
        return None


def improve_problem(piece: Piece, order: Improve) -> tuple[str, str] | None:
    """Why ``order`` cannot improve ``piece`` as it is now: (rule, reason), or ``None``.

    Asked when the order is written and again when it is carried out: an
    earlier order that turn (a restack of a changed tile) may have made it
    pointless.
    """
    if order.kind == "add":
        if order.arg in piece.outputs:
            return "has-output", f"tile {order.tile} already feeds {order.arg}"
        if len(piece.outputs) >= MAX_OUTPUTS:
            return "outputs-full", f"a tile has at most {MAX_OUTPUTS} outputs"
    elif piece.capped(order.arg) == (order.kind == "cap"):
        word = "capped" if order.kind == "cap" else "uncapped"
        return f"already-{word}", f"that side is already {word}"
    return None


def improve_piece(piece: Piece, order: Improve) -> Piece:
    """``piece`` after an improvement."""
    if order.kind == "add":
        return replace(piece, outputs=(*piece.outputs, order.arg))
    bit = SIDE_BIT[order.arg]
    caps = piece.caps | bit if order.kind == "cap" else piece.caps & ~bit
    return replace(piece, caps=caps)


def _refuse(rule: str, message: str) -> IllegalAction:
    return IllegalAction(rule, message)


def order_problem(
    draft: Draft, order: Order, seat: int, splices: int, bidding: Sequence[Piece], players: int
) -> tuple[IllegalAction | None, int]:
    """Why ``order`` cannot be written now (or ``None``), and its price."""
    free = splices - draft.committed
    if isinstance(order, Bid):
        if not any(p.id == order.tile for p in bidding):
            return _refuse("not-in-bidding-stack", f"tile {order.tile} is not up for bidding"), 0
        if order.tile in draft.bids:
            return _refuse("already-bid", f"you already bid on tile {order.tile} this turn"), 0
        if order.amount < 1:
            return _refuse("bid-too-low", "a bid is at least 1 splice"), 0
        if order.amount > free:
            return _refuse(
                "bid-too-high",
                # Bids do not add up against each other (overbidding is allowed):
                # only the orders that are not bids take from what one bid may be.
                f"a single bid can be at most {free} splices, what your orders other than "
                "bids leave free",
            ), 0
        return None, order.amount
    cost = 0
    if isinstance(order, Bump):
        if draft.bumps >= players:
            return _refuse("bump-limit", f"at most {players} bumps a turn"), 0
        cost = B.BUMP_COST
    elif isinstance(order, Place):
        piece = draft.in_stack(order.tile)
        if piece is None:
            return _refuse("not-in-stack", f"tile {order.tile} is not in your stack"), 0
        problem = B.link_problem(draft.board, piece, order.x, order.y)
        if problem is not None:
            return _refuse(*problem), 0
        cost = B.place_cost(draft.board, piece, order.x, order.y, seat)
    elif isinstance(order, Restack):
        spot = draft.where(order.tile)
        if spot is None:
            return _refuse("not-placed", f"tile {order.tile} is not on the timeline"), 0
        if order.tile == START_ID:
            return _refuse("start-tile", "the starting tile is never restacked"), 0
        if order.tile == SPLICER_ID:
            # Only its placer can name it this turn (orders are written against the
            # timeline as it was); taking it back would keep its first-placement
            # points and let the game run on until the placer is ahead.
            return _refuse("splicer-stays", "the Time Splicer stays on the timeline once placed"), 0
        cost = B.restack_cost(draft.board[spot], seat)
    elif isinstance(order, Cap):
        spot = draft.where(order.tile)
        if spot is None:
            return _refuse("not-placed", f"tile {order.tile} is not on the timeline"), 0
        cell = draft.board[spot]
        if order.side not in B.free_sides(draft.board, *spot):
            return _refuse(
                "side-joined",
                f"the {order.side} side of tile {order.tile} does not face an empty spot",
            ), 0
        if cell.piece.capped(order.side) == order.capped:
            rule = "already-capped" if order.capped else "already-uncapped"
            return _refuse(rule, f"that side is already {rule.split('-')[1]}"), 0
        cost = B.cap_cost(cell, seat)
    elif isinstance(order, Improve):
        piece = draft.in_stack(order.tile)
        if piece is None:
            return _refuse("not-in-stack", f"tile {order.tile} is not in your stack"), 0
        problem = improve_problem(piece, order)
        if problem is not None:
            return _refuse(*problem), 0
        cost = B.IMPROVE_ADD_GROUP if order.kind == "add" else B.IMPROVE_SIDE
    if cost > free:
        return _refuse("splices", f"it costs {cost} splices and only {free} are free"), cost
    if draft.bids:
        # A bid written earlier must stay within what the other orders leave free:
        # otherwise it would disqualify its writer when its tile comes up.
        tile, top = max(draft.bids.items(), key=lambda item: (item[1], -item[0]))
        if top > free - cost:
            return _refuse(
                "bid-needs-splices",
                f"it would leave {free - cost} splices free, less than your bid of {top} on"
                f" tile {tile}: take that bid back (undo) or write this order before it",
            ), cost
    return None, cost


def write_order(draft: Draft, order: Order, seat: int, turn: int, cost: int) -> None:
    """Apply a legal order to the draft (in place)."""
    draft.costs.append(cost)
    if isinstance(order, Bid):
        draft.bids[order.tile] = order.amount
        return
    draft.committed += cost
    if isinstance(order, Bump):
        draft.bumps += 1
    elif isinstance(order, Place):
        piece = draft.in_stack(order.tile)
        assert piece is not None
        draft.stack.remove(piece)
        draft.board[(order.x, order.y)] = Cell(piece, seat, turn)
        draft.placed[order.tile] = piece
        draft.changes.append({"kind": "place", "x": order.x, "y": order.y, "tile": order.tile})
    elif isinstance(order, Restack):
        spot = draft.where(order.tile)
        assert spot is not None
        cell = draft.board.pop(spot)
        draft.stack.append(cell.piece)
        draft.changes.append({"kind": "restack", "x": spot[0], "y": spot[1], "tile": order.tile})
    elif isinstance(order, Cap):
        spot = draft.where(order.tile)
        assert spot is not None
        cell = draft.board[spot]
        bit = SIDE_BIT[order.side]
        caps = cell.piece.caps | bit if order.capped else cell.piece.caps & ~bit
        draft.board[spot] = replace(cell, piece=replace(cell.piece, caps=caps))
        draft.changes.append(
            {
                "kind": "cap" if order.capped else "uncap",
                "x": spot[0],
                "y": spot[1],
                "tile": order.tile,
                "side": order.side,
            }
        )
    elif isinstance(order, Improve):
        piece = draft.in_stack(order.tile)
        assert piece is not None
        draft.stack[draft.stack.index(piece)] = improve_piece(piece, order)


# -- the state ----------------------------------------------------------------------------


BoardRow = tuple[int, int, Piece, int, int]
"""A placed tile as stored: x, y, piece, owner, turn placed."""


@dataclass(frozen=True)
class SplicerState(State[Action]):
    """A Time Splicer position."""

    players: int
    turn: int = 1
    phase: str = DEAL
    to_move: int = 0
    splices: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    board: tuple[BoardRow, ...] = ()
    bidding: tuple[Piece, ...] = ()
    stacks: tuple[tuple[Piece, ...], ...] = ()
    supply: tuple[int, ...] = ()
    orders: tuple[tuple[Order, ...], ...] = ()
    ever_placed: tuple[int, ...] = ()
    """Tiles that have been placed at least once (their level points are spent)."""
    report: JSON | None = None
    result: Outcome | None = None
    splicer_by: int = -1
    generator: Rng = field(default_factory=lambda: Rng(0))

    # -- protocol -------------------------------------------------------------------

    @property
    def game(self) -> SplicerGame:
        """The Time Splicer game object."""
        return GAME

    @property
    def rng(self) -> Rng:
        """The seeded generator for the turn seeds."""
        return self.generator

    def current_player(self) -> int:
        """The seat writing orders, CHANCE while a seed is due, TERMINAL when over."""
        if self.phase == OVER:
            return TERMINAL
        if self.phase in (DEAL, RESOLVE):
            return CHANCE
        return self.to_move

    def outcome(self) -> Outcome | None:
        """The result once the game is over."""
        return self.result

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Every turn seed, equally likely."""
        if self.phase not in (DEAL, RESOLVE):
            return []
        p = 1.0 / O.SEED_RANGE
        return [(Seed(v), p) for v in range(O.SEED_RANGE)]

    def sample_chance(self) -> Action:
        """The turn seed this state's generator gives (same as a weighted pick, but fast)."""
        if self.phase not in (DEAL, RESOLVE):
            raise IllegalAction("not-chance", "no chance step is due here")
        return Seed(self.generator.below(O.SEED_RANGE))

    # -- derived data ----------------------------------------------------------------

    @cached_property
    def board_map(self) -> dict[tuple[int, int], Cell]:
        """The timeline as a dict from spot to cell."""
        return {(x, y): Cell(piece, owner, turn) for x, y, piece, owner, turn in self.board}

    @cached_property
    def draft(self) -> Draft:
        """The seat to move's board, stack and purse after its written orders."""
        seat = self.to_move
        return self.replay_orders(seat, self.orders[seat] if self.phase == ORDERS else ())

    def draft_for(self, seat: int) -> Draft:
        """The draft of any seat (its written orders applied)."""
        if seat == self.to_move and self.phase == ORDERS:
            return self.draft
        return self.replay_orders(seat, self.orders[seat])

    def replay_orders(self, seat: int, orders: Sequence[Order], strict: bool = False) -> Draft:
        """``seat``'s board, stack and purse after ``orders``, written in turn.

        ``play`` stores only orders that passed :func:`order_problem`; ``strict``
        applies the same check to orders read from a save, and refuses it.
        """
        draft = Draft(dict(self.board_map), list(self.stacks[seat]) if self.stacks else [])
        for order in orders:
            problem, cost = order_problem(
                draft, order, seat, self.splices[seat], self.bidding, self.players
            )
            if strict and problem is not None:
                raise FormatError(
                    f"seat {seat + 1}'s order {O.to_text(order)!r} could not be written: {problem}"
                )
            write_order(draft, order, seat, self.turn, cost)
        return draft

    def free(self) -> int:
        """Splices the seat to move has left for a new order."""
        return self.splices[self.to_move] - self.draft.committed

    def redacted(self, seat: int) -> SplicerState:
        """What ``seat`` knows: other seats' written orders removed, no future seeds.

        Computer players decide from this, so that they see no more than a
        human in their seat.
        """
        orders = tuple(o if s == seat else () for s, o in enumerate(self.orders))
        return replace(self, orders=orders, generator=Rng(-1))

    # -- legality --------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every order the seat may write now and ``submit``; or every seed."""
        if self.phase == OVER:
            return []
        if self.phase in (DEAL, RESOLVE):
            return [Seed(v) for v in range(O.SEED_RANGE)]
        seat = self.to_move
        draft = self.draft
        free = self.free()
        actions: list[Action] = []
        for piece in self.bidding:
            if piece.id not in draft.bids:
                actions.extend(Bid(piece.id, a) for a in range(1, free + 1))
        # Other orders must leave every written bid covered (see order_problem).
        free -= max(draft.bids.values(), default=0)
        spots = B.candidates(draft.board)
        for piece in draft.stack:
            for x, y in spots:
                if B.fits(draft.board, piece, x, y) and (
                    B.place_cost(draft.board, piece, x, y, seat) <= free
                ):
                    actions.append(Place(piece.id, x, y))
        for (x, y), cell in sorted(draft.board.items()):
            if cell.piece.id in (START_ID, SPLICER_ID):
                pass  # never restacked (see order_problem)
            elif B.restack_cost(cell, seat) <= free:
                actions.append(Restack(cell.piece.id))
            if B.cap_cost(cell, seat) <= free:
                for side in B.free_sides(draft.board, x, y):
                    actions.append(Cap(cell.piece.id, side, not cell.piece.capped(side)))
        for piece in draft.stack:
            if free >= B.IMPROVE_SIDE:
                for side in SIDES:
                    kind = "uncap" if piece.capped(side) else "cap"
                    actions.append(Improve(piece.id, kind, side))
            if free >= B.IMPROVE_ADD_GROUP and len(piece.outputs) < MAX_OUTPUTS:
                actions.extend(
                    Improve(piece.id, "add", g) for g in GROUP_KEYS if g not in piece.outputs
                )
        if free >= B.BUMP_COST and draft.bumps < self.players:
            actions.append(Bump())
        actions.append(Submit())
        return actions

    def illegal_reason(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is not allowed now, naming the rule; ``None`` if it is."""
        if self.phase == OVER:
            return IllegalAction("game-over", "the game is over")
        if isinstance(action, Seed):
            if self.phase not in (DEAL, RESOLVE):
                return IllegalAction("not-chance", "a turn seed is drawn only when a turn resolves")
            if not 0 <= action.value < O.SEED_RANGE:
                return IllegalAction("notation", "no such seed")
            return None
        if self.phase == DEAL:
            return IllegalAction(
                "not-your-turn", "the turn's tiles are not dealt yet; orders come after the deal"
            )
        if self.phase != ORDERS:
            return IllegalAction("not-your-turn", "the turn is resolving; no orders now")
        if isinstance(action, Submit):
            return None
        problem, _ = order_problem(
            self.draft,
            action,
            self.to_move,
            self.splices[self.to_move],
            self.bidding,
            self.players,
        )
        return problem

    def apply(self, action: Action) -> SplicerState:
        """Unchecked: the state after ``action``."""
        if isinstance(action, Seed):
            from .resolve import deal_first, resolve_turn

            if self.phase == DEAL:
                return deal_first(self, action.value)
            return resolve_turn(self, action.value)
        seat = self.to_move
        if isinstance(action, Submit):
            if seat + 1 < self.players:
                return replace(self, to_move=seat + 1)
            return replace(self, phase=RESOLVE, to_move=0)
        orders = list(self.orders)
        orders[seat] = (*orders[seat], action)
        return replace(self, orders=tuple(orders))

    # -- views -----------------------------------------------------------------------------

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may see: its own written orders only."""
        from .views import state_view

        return state_view(self, seat)

    def to_dict(self) -> JSON:
        """The whole state as plain data."""
        return {
            "format": FORMAT_VERSION,
            "game": GAME.slug,
            "players": self.players,
            "turn": self.turn,
            "phase": self.phase,
            "to_move": self.to_move,
            "splices": list(self.splices),
            "scores": list(self.scores),
            "board": [[x, y, *piece_list(p), owner, turn] for x, y, p, owner, turn in self.board],
            "bidding": [piece_list(p) for p in self.bidding],
            "stacks": [[piece_list(p) for p in stack] for stack in self.stacks],
            "supply": list(self.supply),
            "orders": [[O.to_text(o) for o in seat_orders] for seat_orders in self.orders],
            "ever_placed": list(self.ever_placed),
            "report": self.report,
            "result": None if self.result is None else self.result.to_dict(),
            "splicer_by": self.splicer_by,
            "rng": self.generator.to_dict(),
        }


def _check_tiles(state: SplicerState) -> None:
    """Refuse a state whose tiles are not each in exactly one place, or whose board is odd."""
    spots = [(x, y) for x, y, *_ in state.board]
    if len(set(spots)) != len(spots):
        raise FormatError("two tiles lie on one spot")
    if any(not -1 <= owner < state.players for *_, owner, _turn in state.board):
        raise FormatError("a tile belongs to a player who is not at the table")
    ids = [p.id for _x, _y, p, _o, _t in state.board]
    ids += [p.id for p in state.bidding]
    ids += [p.id for stack in state.stacks for p in stack]
    ids += list(state.supply)
    if sorted(ids) != sorted(TILES):
        raise FormatError("every tile must be in exactly one place")


def _inconsistency(state: SplicerState) -> str:
    """Why ``state`` could never arise in play (a tampered save), or ``""``.

    Each check is something play keeps true; a save that breaks one would
    leave a game stuck, over without a result, or scored against the rules.
    """
    n, phase, turn = state.players, state.phase, state.turn
    winners = state.result.winners if state.result is not None else ()
    if not 1 <= turn <= MAX_TURNS:
        return f"turn {turn} is not one of the turns 1 to {MAX_TURNS}"
    if (phase == OVER) != (state.result is not None):
        return "a game has a result exactly when it is over"
    if state.result is not None and (
        len(state.result.returns) != n or any(not 0 <= w < n for w in winners)
    ):
        return "the result does not match the player count"
    if phase == DEAL and (turn != 1 or state.bidding):
        return "the first bidding stack is dealt only before turn 1"
    if phase == OVER and state.bidding:
        return "a game that is over has no bidding stack"
    if len(state.bidding) > stack_size(n):
        return f"the bidding stack holds at most {stack_size(n)} tiles"
    if phase != ORDERS and state.to_move != 0:
        return "only the order phase has a seat to move"
    if phase in (DEAL, OVER) and any(state.orders):
        return "orders are written only during a turn"
    if phase == ORDERS and any(state.orders[state.to_move + 1 :]):
        return "a seat has written orders before its turn to write them"
    if any(v < 0 for v in state.splices) or any(v < 0 for v in state.scores):
        return "splices and scores cannot be negative"
    board = state.board_map
    start = board.get((0, 0))
    if start is None or start.piece.id != START_ID or start.owner != B.NO_OWNER:
        return "the starting tile stays at 0,0 and belongs to nobody"
    if any(c.owner < 0 for spot, c in board.items() if spot != (0, 0)):
        return "every tile but the starting tile belongs to the player who placed it"
    if any(not 0 <= c.turn <= turn for c in board.values()):
        return "a tile was placed in a turn still to come"
    if phase != OVER:
        # Splices are set when a turn begins: the base plus one per wonder owned.
        for seat in range(n):
            wonders = sum(1 for c in board.values() if c.owner == seat and c.piece.info.wonder)
            if state.splices[seat] != B.BASE_SPLICES + wonders:
                return (
                    f"seat {seat + 1} has {state.splices[seat]} splices, not "
                    f"{B.BASE_SPLICES} plus one per wonder it owns"
                )
    ever = state.ever_placed
    if len(set(ever)) != len(ever) or any(t not in TILES for t in ever):
        return "the placed tiles must be different tiles of the set"
    if START_ID not in ever or any(c.piece.id not in ever for c in board.values()):
        return "every tile on the timeline has been placed"
    if set(ever) & ({p.id for p in state.bidding} | set(state.supply)):
        # A placed tile moves only between the timeline and stacks.
        return "a tile that has been placed cannot be back in the supply or up for bidding"
    if not -1 <= state.splicer_by < n:
        return "the Time Splicer's placer must be a seat at the table, or -1"
    splicer = next((c for c in board.values() if c.piece.id == SPLICER_ID), None)
    if phase != OVER:
        if splicer is not None or SPLICER_ID in ever or state.splicer_by != -1:
            return "the Time Splicer has been placed, so the game should be over"
    elif splicer is not None:
        if state.splicer_by != splicer.owner:
            return "the game must name whoever placed the Time Splicer"
    elif state.splicer_by != -1 or turn != MAX_TURNS or winners:
        return f"without the Time Splicer a game ends only after turn {MAX_TURNS}, with no winner"
    return ""


def piece_list(piece: Piece) -> list[Any]:
    """A piece as ``[id, caps, outputs]``."""
    return [piece.id, caps_text(piece.caps), list(piece.outputs)]


def piece_from(data: Any) -> Piece:
    """Inverse of :func:`piece_list`; raises :class:`FormatError`."""
    tile_id, caps, outputs = data
    if _whole(tile_id, "a tile number") not in TILES:
        raise FormatError(f"no tile {tile_id}")
    if not isinstance(caps, str) or any(c not in SIDES for c in caps):
        raise FormatError("bad caps")
    mask = 0
    for c in caps:
        mask |= SIDE_BIT[c]
    if caps != caps_text(mask):
        raise FormatError("bad caps: each capped side once, in the order NESW")
    outs = tuple(str(o) for o in outputs)
    if any(o not in GROUPS for o in outs) or len(outs) > MAX_OUTPUTS:
        raise FormatError("bad outputs")
    if len(set(outs)) != len(outs):
        raise FormatError("bad outputs: a group is listed twice")
    return Piece(tile_id, mask, outs)


def _whole(value: Any, what: str) -> int:
    """``value`` if it is a whole number; raises :class:`FormatError`.

    ``int()`` would turn 2.7 into 2 and ``True`` into 1: a save holding either
    was not written by :meth:`SplicerState.to_dict`.
    """
    if type(value) is not int:
        raise FormatError(f"{what} must be a whole number, not {value!r}")
    return value


def _board_row(row: Any) -> BoardRow:
    """A stored ``[x, y, id, caps, outputs, owner, turn]`` row as a :data:`BoardRow`."""
    if len(row) != 7:
        raise FormatError("a timeline row has seven fields")
    return (
        _whole(row[0], "a column"),
        _whole(row[1], "a row"),
        piece_from(row[2:5]),
        _whole(row[5], "an owner"),
        _whole(row[6], "a turn placed"),
    )


def turn_rng(state: SplicerState, value: int) -> Rng:
    """The generator a turn's seed gives (mixed with the game's seed and the turn)."""
    mixed = (state.generator.seed * 0x9E3779B97F4A7C15 + state.turn * 1_000_003 + value) & _MASK
    return Rng(mixed)


# -- the game ------------------------------------------------------------------------------


class SplicerGame(Game[SplicerState, Action]):
    """Time Splicer: bid for technologies and splice them into the timeline."""

    slug = "time_splicer"
    title = "Time Splicer"
    summary = (
        "Bid for technology tiles, splice them into the timeline and race to rebuild the "
        "Temporal Isolinear Time Splicer within 40 turns — or everyone loses."
    )
    hidden_information = True
    secret_moves = True

    def option_specs(self) -> Sequence[OptionSpec]:
        """The player count."""
        return (
            OptionSpec(
                "players",
                "Players",
                4,
                tuple((n, f"{n} players") for n in range(2, 8)),
                "Two to seven scientists race to rebuild the Time Splicer.",
            ),
        )

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """As many seats as players."""
        return int(options["players"])

    def seat_labels(self, options: Mapping[str, Any]) -> list[str]:
        """The story's scientists."""
        return list(NAMES[: self.seat_count(options)])

    def new(self, options: Mapping[str, Any], seed: int) -> SplicerState:
        """A new game: the starting tile on the timeline, everything else in the supply."""
        n = int(options["players"])
        start = B.fresh(START_ID)
        return SplicerState(
            players=n,
            splices=tuple(B.BASE_SPLICES for _ in range(n)),
            scores=tuple(0 for _ in range(n)),
            board=((0, 0, start, B.NO_OWNER, 0),),
            stacks=tuple(() for _ in range(n)),
            supply=tuple(sorted(t for t in TILES if t != START_ID)),
            orders=tuple(() for _ in range(n)),
            ever_placed=(START_ID,),
            generator=Rng(seed),
        )

    def from_dict(self, data: Mapping[str, Any]) -> SplicerState:
        """Rebuild a state from :meth:`SplicerState.to_dict`."""
        try:
            if data["format"] != FORMAT_VERSION or data["game"] != self.slug:
                raise FormatError("not a Time Splicer state of this format")
            n = _whole(data["players"], "the player count")
            if not 2 <= n <= 7:
                raise FormatError("2 to 7 players")
            phase = str(data["phase"])
            if phase not in (DEAL, ORDERS, RESOLVE, OVER):
                raise FormatError(f"unknown phase {phase!r}")
            orders: list[tuple[Order, ...]] = []
            for seat_orders in data["orders"]:
                parsed = tuple(O.parse(str(t)) for t in seat_orders)
                if any(isinstance(o, (Seed, Submit)) for o in parsed):
                    raise FormatError("a written order cannot be a seed or a submit")
                orders.append(parsed)  # type: ignore[arg-type]
            state = SplicerState(
                players=n,
                turn=_whole(data["turn"], "the turn"),
                phase=phase,
                to_move=_whole(data["to_move"], "the seat to move"),
                splices=tuple(_whole(v, "splices") for v in data["splices"]),
                scores=tuple(_whole(v, "a score") for v in data["scores"]),
                board=tuple(_board_row(r) for r in data["board"]),
                bidding=tuple(piece_from(p) for p in data["bidding"]),
                stacks=tuple(tuple(piece_from(p) for p in s) for s in data["stacks"]),
                supply=tuple(_whole(t, "a tile number") for t in data["supply"]),
                orders=tuple(orders),
                ever_placed=tuple(_whole(t, "a tile number") for t in data["ever_placed"]),
                report=data["report"],
                result=None if data["result"] is None else Outcome.from_dict(data["result"]),
                splicer_by=_whole(data["splicer_by"], "the Time Splicer's placer"),
                generator=Rng.from_dict(data["rng"]),
            )
        except FormatError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, NotationError) as err:
            raise FormatError(f"not a valid Time Splicer state: {err}") from None
        lengths = {len(state.splices), len(state.scores), len(state.stacks), len(state.orders)}
        if lengths != {n} or not 0 <= state.to_move < n:
            raise FormatError("the state does not match its player count")
        _check_tiles(state)
        problem = _inconsistency(state)
        if problem:
            raise FormatError(f"not a possible Time Splicer position: {problem}")
        for seat, written in enumerate(state.orders):
            state.replay_orders(seat, written, strict=True)  # no order play would refuse
        return state

    def action_to_text(self, action: Action) -> str:
        """The action in notation."""
        return O.to_text(action)

    def parse_action(self, text: str) -> Action:
        """Read an action in notation."""
        return O.parse(text)

    def log_text(self, state: SplicerState, text: str) -> str:
        """Orders are secret until the turn resolves: the log only says one was written.

        A chance step's notation is a bare turn seed ("seed 8681"), which tells a
        player nothing: the log says what it did instead.
        """
        if state.phase == DEAL:
            return "the tiles are dealt"
        if state.phase == RESOLVE:
            return "the turn resolves"
        if state.phase != ORDERS:
            return text
        return "submits" if text.strip() == "submit" else "writes an order"

    def examples(self) -> Sequence[JSON]:
        """Live positions for the rules page."""
        from .examples import examples

        return [e.to_dict() for e in examples()]

    def tool(self, name: str, args: JSON) -> JSON:
        """``tiles``: the tile set, groups and costs; ``costs``: the cost table."""
        costs = [{"order": o, "cost": c, "note": n} for o, c, n in B.COST_TABLE]
        if name == "costs":
            return {"costs": costs}
        if name == "tiles":
            return {
                "groups": [
                    {"key": g.key, "name": g.name, "colour": g.colour, "glyph": g.glyph}
                    for g in GROUPS.values()
                ],
                "tiles": tile_table(),
                "costs": costs,
                "start": START_ID,
                "splicer": SPLICER_ID,
            }
        return super().tool(name, args)


GAME = SplicerGame()
"""The one Time Splicer game object."""
