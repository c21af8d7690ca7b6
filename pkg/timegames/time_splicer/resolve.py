"""Resolving a turn: priority, bids, timeline orders, points and the next stack.

Everything random in a turn comes from the turn's seed (the chance step
``seed N``): the draws that break priority ties, the order in which tiles'
bids are resolved, and the tiles dealt to the next bidding stack.  Every step
goes into the turn report, with whether it worked and why not.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.protocol import JSON, Outcome
from ..core.rng import Rng
from . import board as B
from .board import Cell, Piece
from .content import SPLICER_ID, TILES
from .orders import Bid, Bump, Cap, Improve, Order, Place, Restack, to_text
from .rules import (
    MAX_TURNS,
    ORDERS,
    OVER,
    Draft,
    SplicerState,
    improve_piece,
    improve_problem,
    order_problem,
    player_name,
    stack_size,
    turn_rng,
    write_order,
)


def highest_level(board: B.Board) -> int:
    """The highest level on the timeline (the frontier the stack is dealt around)."""
    return max((cell.piece.level for cell in board.values()), default=0)


def deal_window(frontier: int) -> tuple[int, int]:
    """Levels the bidding stack is dealt from: five below to two above the frontier."""
    return max(0, frontier - 5), frontier + 2


def deal(
    supply: tuple[int, ...], frontier: int, size: int, rng: Rng
) -> tuple[tuple[Piece, ...], tuple[int, ...], Rng]:
    """Deal ``size`` tiles from ``supply`` around ``frontier``; the rest stays in the supply.

    Tiles come at random from the window of levels (see :func:`deal_window`);
    if the window runs short the stack is topped up with the highest tiles
    below it.  The Time Splicer is dealt whenever its level is in the window.
    """
    lo, hi = deal_window(frontier)
    # Once it is within reach, the Time Splicer is always up for bidding.
    chosen = [SPLICER_ID] if SPLICER_ID in supply and TILES[SPLICER_ID].level <= hi else []
    window = [t for t in supply if lo <= TILES[t].level <= hi and t != SPLICER_ID]
    shuffled, rng = rng.shuffled(window)
    chosen += [int(t) for t in shuffled[: size - len(chosen)]]  # type: ignore[call-overload]
    if len(chosen) < size:
        below = sorted(
            (t for t in supply if TILES[t].level < lo), key=lambda t: (-TILES[t].level, t)
        )
        chosen.extend(below[: size - len(chosen)])
    taken = set(chosen)
    rest = tuple(t for t in supply if t not in taken)
    return tuple(B.fresh(t) for t in chosen), rest, rng


def deal_first(state: SplicerState, value: int) -> SplicerState:
    """The chance step before turn 1: deal the first bidding stack."""
    rng = turn_rng(state, value)
    bidding, supply, _ = deal(state.supply, 0, stack_size(state.players), rng)
    return replace(
        state,
        phase=ORDERS,
        to_move=0,
        bidding=bidding,
        supply=supply,
        generator=state.generator.advance(),
    )


class Turn:
    """The mutable working copy of one turn's resolution."""

    def __init__(self, state: SplicerState, value: int) -> None:
        self.state = state
        self.n = state.players
        self.rng = turn_rng(state, value)
        self.value = value
        self.board: dict[tuple[int, int], Cell] = dict(state.board_map)
        self.stacks: list[list[Piece]] = [list(s) for s in state.stacks]
        self.money = list(state.splices)
        self.scores = list(state.scores)
        self.ever = set(state.ever_placed)
        self.steps: list[JSON] = []
        self.splicer_by = state.splicer_by
        # The price each seat's orders had when written: non-bid ones are set aside.
        self.written: list[list[int]] = []
        for seat in range(self.n):
            draft = Draft(dict(state.board_map), list(state.stacks[seat]))
            for order in state.orders[seat]:
                _, cost = order_problem(
                    draft, order, seat, state.splices[seat], state.bidding, self.n
                )
                write_order(draft, order, seat, state.turn, cost)
            self.written.append(draft.costs)

    def step(self, **data: Any) -> None:
        """Add a report step (by default a success that paid nothing, by nobody)."""
        full: JSON = {"n": len(self.steps) + 1, "seat": None, "ok": True, "rule": None, "paid": 0}
        full.update(data)
        self.steps.append(full)

    # -- 1. priority -------------------------------------------------------------------

    def priority(self) -> list[int]:
        """This turn's priority after bumps, ties drawn at random."""
        s = self.state
        base = [(s.turn - 1 + i) % self.n for i in range(self.n)]
        bumps = [sum(isinstance(o, Bump) for o in s.orders[seat]) for seat in range(self.n)]
        order, self.rng = self.rng.shuffled(list(range(self.n)))
        draw = {int(seat): i for i, seat in enumerate(order)}  # type: ignore[call-overload]
        key = {seat: base.index(seat) - bumps[seat] for seat in range(self.n)}
        final = sorted(range(self.n), key=lambda seat: (key[seat], draw[seat]))
        for seat in base:
            if bumps[seat]:
                paid = bumps[seat] * B.BUMP_COST
                self.money[seat] -= paid
                self.step(
                    phase="priority",
                    seat=seat,
                    text="bump" + (f" ×{bumps[seat]}" if bumps[seat] > 1 else ""),
                    paid=paid,
                    reason=f"{player_name(seat)} bumps priority {bumps[seat]} place(s) "
                    f"for {paid} splices",
                )
        ties: list[list[int]] = []
        for value in sorted(set(key.values())):
            tied = [seat for seat in final if key[seat] == value]
            if len(tied) > 1:
                ties.append(tied)
                names = ", ".join(player_name(t) for t in tied)
                self.step(
                    phase="priority",
                    text="tie",
                    seats=tied,
                    reason=f"{names} tie for priority; the draw puts them in this order",
                )
        self.bumps = bumps
        self.ties = ties
        self.base = base
        self.order = final
        self.rank = {seat: i for i, seat in enumerate(final)}
        return final

    # -- 2. bids ------------------------------------------------------------------------

    def bids(self) -> None:
        """Resolve every tile's bids in a random order: Vickrey plus one, with disqualification."""
        s = self.state
        # Splices set aside for each seat's other orders, bumps already paid.
        purse = []
        for seat in range(self.n):
            reserved = sum(
                cost
                for order, cost in zip(s.orders[seat], self.written[seat], strict=True)
                if not isinstance(order, (Bid, Bump))
            )
            purse.append(self.money[seat] - reserved)
        offers: dict[int, list[tuple[int, int]]] = {}
        for seat in range(self.n):
            for order in s.orders[seat]:
                if isinstance(order, Bid):
                    offers.setdefault(order.tile, []).append((seat, order.amount))
        tiles, self.rng = self.rng.shuffled(sorted(offers))
        disqualified: set[int] = set()
        sold: set[int] = set()
        for tile_obj in tiles:
            tile = int(tile_obj)  # type: ignore[call-overload]
            entries = []
            valid: list[tuple[int, int]] = []
            for seat, amount in sorted(offers[tile], key=lambda e: self.rank[e[0]]):
                if seat in disqualified:
                    entries.append({"seat": seat, "amount": amount, "status": "void"})
                elif amount > purse[seat]:
                    disqualified.add(seat)
                    entries.append({"seat": seat, "amount": amount, "status": "disqualified"})
                    self.step(
                        phase="bid",
                        seat=seat,
                        tile=tile,
                        text=f"bid {tile} {amount}",
                        ok=False,
                        rule="overbid",
                        reason=f"{player_name(seat)} bid {amount} but has only {purse[seat]} "
                        "splices left for bids: disqualified from all bidding this turn",
                    )
                else:
                    valid.append((seat, amount))
                    entries.append({"seat": seat, "amount": amount, "status": "lost"})
            if not valid:
                self.step(
                    phase="bid",
                    tile=tile,
                    text=f"tile {tile}",
                    ok=False,
                    rule="no-valid-bid",
                    bids=entries,
                    winner=None,
                    reason=f"no valid bid remains for {TILES[tile].name}; it stays unsold",
                )
                continue
            valid.sort(key=lambda e: (-e[1], self.rank[e[0]]))
            winner, top = valid[0]
            second = valid[1][1] if len(valid) > 1 else 0
            price = min(top, second + 1)
            purse[winner] -= price
            self.money[winner] -= price
            for entry in entries:
                if entry["seat"] == winner and entry["status"] == "lost":
                    entry["status"] = "won"
            piece = next(p for p in s.bidding if p.id == tile)
            self.stacks[winner].append(piece)
            sold.add(tile)
            if len(valid) == 1:
                why = "the only valid bid pays 1"
            elif second == top:
                why = f"a tie at {top}: higher priority wins and pays its bid"
            else:
                why = f"second-highest bid {second} + 1"
            self.step(
                phase="bid",
                seat=winner,
                tile=tile,
                text=f"tile {tile}",
                paid=price,
                bids=entries,
                winner=winner,
                reason=f"{player_name(winner)} wins {TILES[tile].name} for {price} ({why})",
            )
        self.sold = sold

    # -- 3. timeline orders ---------------------------------------------------------------

    def timeline(self) -> None:
        """Each seat's other orders, in priority order, each in the order written."""
        s = self.state
        claimed: set[tuple[int, int]] = set()
        claimed_by: dict[tuple[int, int], int] = {}
        for seat in self.order:
            changed: set[tuple[int, int]] = set()
            for order in s.orders[seat]:
                if isinstance(order, (Bid, Bump)):
                    continue
                self.one(seat, order, claimed, claimed_by, changed)
            for spot in changed:
                claimed.add(spot)
                claimed_by.setdefault(spot, seat)

    def _fail(self, seat: int, order: Order, rule: str, reason: str) -> None:
        where: JSON = {"tile": order.tile} if hasattr(order, "tile") else {}
        if isinstance(order, Place):
            where["spot"] = [order.x, order.y]
        self.step(
            phase="order",
            seat=seat,
            text=to_text(order),
            ok=False,
            rule=rule,
            reason=f"{player_name(seat)}: {to_text(order)} fails — {reason}",
            **where,
        )

    def _short(self, seat: int, order: Order, cost: int) -> bool:
        """Report the order as failed if ``seat`` cannot pay ``cost`` now."""
        if cost <= self.money[seat]:
            return False
        self._fail(seat, order, "splices", f"it now costs {cost}; {self.money[seat]} left")
        return True

    def _where(self, tile: int) -> tuple[int, int] | None:
        for spot, cell in self.board.items():
            if cell.piece.id == tile:
                return spot
        return None

    def one(
        self,
        seat: int,
        order: Order,
        claimed: set[tuple[int, int]],
        claimed_by: dict[tuple[int, int], int],
        changed: set[tuple[int, int]],
    ) -> None:
        """Carry out one timeline order, or report why it fails."""
        turn = self.state.turn
        stack = self.stacks[seat]
        cost = 0
        extra: JSON = {}
        if isinstance(order, Place):
            piece = next((p for p in stack if p.id == order.tile), None)
            if piece is None:
                self._fail(seat, order, "gone", f"tile {order.tile} is no longer in the stack")
                return
            spot = (order.x, order.y)
            near = [spot] + [(nx, ny) for _s, nx, ny in B.neighbours(*spot)]
            hit = next((c for c in near if c in claimed), None)
            if hit is not None:
                who = player_name(claimed_by[hit])
                self._fail(
                    seat,
                    order,
                    "priority",
                    (
                        f"{order.x},{order.y} was"
                        if hit == spot
                        else f"{order.x},{order.y} touches {hit[0]},{hit[1]}, which was"
                    )
                    + f" changed this turn by {who}, who has higher priority",
                )
                return
            problem = B.link_problem(self.board, piece, *spot)
            if problem is not None:
                self._fail(seat, order, problem[0], problem[1])
                return
            cost = B.place_cost(self.board, piece, order.x, order.y, seat)
            if self._short(seat, order, cost):
                return
            stack.remove(piece)
            self.board[spot] = Cell(piece, seat, turn)
            changed.add(spot)
            points = 0
            if piece.id not in self.ever:
                self.ever.add(piece.id)
                points = piece.level
                self.scores[seat] += points
            if piece.id == SPLICER_ID:
                self.splicer_by = seat
            extra = {"tile": piece.id, "spot": [order.x, order.y], "points": points}
            what = f"places {piece.info.name} at {order.x},{order.y}" + (
                f" (+{points} points, first placement)" if points else ""
            )
        elif isinstance(order, Restack):
            spot_or_none = self._where(order.tile)
            if spot_or_none is None:
                self._fail(seat, order, "gone", f"tile {order.tile} is no longer on the timeline")
                return
            if order.tile == SPLICER_ID:
                # Refused when written (order_problem); a state built around that
                # check must still not take the Splicer back and play on.
                self._fail(
                    seat,
                    order,
                    "splicer-stays",
                    "the Time Splicer stays on the timeline once placed",
                )
                return
            cell = self.board[spot_or_none]
            cost = B.restack_cost(cell, seat)
            if self._short(seat, order, cost):
                return
            del self.board[spot_or_none]
            stack.append(cell.piece)
            changed.add(spot_or_none)
            extra = {"tile": order.tile, "spot": list(spot_or_none), "from": cell.owner}
            what = f"restacks {cell.piece.info.name} from {spot_or_none[0]},{spot_or_none[1]}"
        elif isinstance(order, Cap):
            spot_or_none = self._where(order.tile)
            if spot_or_none is None:
                self._fail(seat, order, "gone", f"tile {order.tile} is no longer on the timeline")
                return
            cell = self.board[spot_or_none]
            if order.side not in B.free_sides(self.board, *spot_or_none):
                self._fail(seat, order, "side-joined", f"its {order.side} side now touches a tile")
                return
            if cell.piece.capped(order.side) == order.capped:
                word = "capped" if order.capped else "uncapped"
                self._fail(seat, order, f"already-{word}", f"that side is already {word}")
                return
            cost = B.cap_cost(cell, seat)
            if self._short(seat, order, cost):
                return
            bit = 1 << "NESW".index(order.side)
            caps = cell.piece.caps | bit if order.capped else cell.piece.caps & ~bit
            self.board[spot_or_none] = replace(cell, piece=replace(cell.piece, caps=caps))
            extra = {"tile": order.tile, "spot": list(spot_or_none), "side": order.side}
            what = f"{'caps' if order.capped else 'uncaps'} the {order.side} side of " + (
                cell.piece.info.name
            )
        elif isinstance(order, Improve):
            piece = next((p for p in stack if p.id == order.tile), None)
            if piece is None:
                self._fail(seat, order, "gone", f"tile {order.tile} is no longer in the stack")
                return
            problem = improve_problem(piece, order)
            if problem is not None:
                self._fail(seat, order, *problem)
                return
            cost = B.IMPROVE_ADD_GROUP if order.kind == "add" else B.IMPROVE_SIDE
            if self._short(seat, order, cost):
                return
            stack[stack.index(piece)] = improve_piece(piece, order)
            extra = {"tile": order.tile}
            what = f"improves {piece.info.name} ({order.kind} {order.arg})"
        else:  # pragma: no cover - bids and bumps never reach here
            return
        self.money[seat] -= cost
        self.step(
            phase="order",
            seat=seat,
            text=to_text(order),
            paid=cost,
            reason=f"{player_name(seat)} {what} for {cost}",
            **extra,
        )

    # -- 4. points and the end ------------------------------------------------------------

    def points(self) -> list[int]:
        """One point per tile each player owns on the timeline."""
        gained = [0] * self.n
        for cell in self.board.values():
            if cell.owner >= 0:
                gained[cell.owner] += 1
        for seat, g in enumerate(gained):
            self.scores[seat] += g
        self.step(
            phase="points",
            text="points",
            points=gained,
            reason="one point per tile owned on the timeline",
        )
        return gained


def resolve_turn(state: SplicerState, value: int) -> SplicerState:
    """The whole turn, from the turn's seed; returns the next turn (or the end)."""
    t = Turn(state, value)
    priority = t.priority()
    t.bids()
    t.timeline()
    # Once placed, the Time Splicer stays: nobody else can name it this turn (orders
    # are written against the timeline as it was) and its placer may not restack
    # it (rule splicer-stays), so its placement always ends the game.  Reading
    # its owner off the board keeps the end tied to the tile actually being there.
    t.splicer_by = next(
        (cell.owner for cell in t.board.values() if cell.piece.id == SPLICER_ID), -1
    )
    t.points()
    result: Outcome | None = None
    path: list[tuple[int, int]] = []
    if t.splicer_by >= 0:
        path = B.longest_path(t.board)
        bonus = [0] * t.n
        for spot in path:
            cell = t.board[spot]
            if cell.owner >= 0:
                bonus[cell.owner] += cell.piece.level
        for seat, b in enumerate(bonus):
            t.scores[seat] += b
        t.step(
            phase="end",
            seat=t.splicer_by,
            text="longest path",
            points=bonus,
            path=[list(c) for c in path],
            reason=f"{player_name(t.splicer_by)} placed the Time Splicer; the longest path "
            f"({len(path)} tiles) pays each tile's level to whoever placed it",
        )
        result = final_outcome(t.scores, t.splicer_by, t.board)
    elif state.turn >= MAX_TURNS:
        reason = (
            f"No one placed the Time Splicer by the end of turn {MAX_TURNS}: a resonance "
            "cascade failure destroys the Earth and everyone loses."
        )
        t.step(
            phase="end",
            text="cascade failure",
            ok=False,
            rule="turn-limit",
            reason=reason,
        )
        result = Outcome((), reason, tuple(-1.0 for _ in range(t.n)))
    report: JSON = {
        "turn": state.turn,
        "seed": value,
        "priority": priority,
        "base_priority": t.base,
        "bumps": t.bumps,
        "ties": t.ties,
        "steps": t.steps,
        "scores": list(t.scores),
    }
    common: dict[str, Any] = {
        "board": tuple(sorted((x, y, c.piece, c.owner, c.turn) for (x, y), c in t.board.items())),
        "stacks": tuple(tuple(s) for s in t.stacks),
        "scores": tuple(t.scores),
        "ever_placed": tuple(sorted(t.ever)),
        "orders": tuple(() for _ in range(t.n)),
        "report": report,
        "splicer_by": t.splicer_by,
        "generator": state.generator.advance(),
        "to_move": 0,
    }
    unsold = [p.id for p in state.bidding if p.id not in t.sold]
    supply = tuple(sorted((*state.supply, *unsold)))
    if result is not None:
        return replace(state, phase=OVER, result=result, bidding=(), supply=supply, **common)
    bidding, supply, _ = deal(supply, highest_level(t.board), stack_size(t.n), t.rng)
    splices = tuple(B.BASE_SPLICES + wonders(t.board, seat) for seat in range(t.n))
    return replace(
        state,
        phase=ORDERS,
        turn=state.turn + 1,
        bidding=bidding,
        supply=supply,
        splices=splices,
        **common,
    )


def wonders(board: B.Board, seat: int) -> int:
    """How many wonders ``seat`` owns on the timeline (one extra splice each)."""
    return sum(1 for c in board.values() if c.owner == seat and c.piece.info.wonder)


def final_outcome(scores: list[int], splicer_by: int, board: B.Board) -> Outcome:
    """Most points wins; ties go to whoever placed the Splicer, then to more tiles placed."""
    n = len(scores)
    best = max(scores)
    tied = [seat for seat in range(n) if scores[seat] == best]
    reason = f"the Time Splicer is placed; most points ({best}) wins"
    if len(tied) > 1:
        if splicer_by in tied:
            tied = [splicer_by]
            reason += "; the tie goes to the player who placed the Time Splicer"
        else:
            counts = {s: sum(1 for c in board.values() if c.owner == s) for s in tied}
            most = max(counts.values())
            tied = [s for s in tied if counts[s] == most]
            reason += "; the tie goes to the most tiles on the timeline"
            if len(tied) > 1:
                reason += ", and those still tied share the win"
    return Outcome.win(tied, n, reason[0].upper() + reason[1:] + ".")
