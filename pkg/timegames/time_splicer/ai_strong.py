"""The ``strong`` computer player for Time Splicer.

It plans like the planner (:class:`.ai.Planner`) and adds what the planner
leaves out:

* **The Time Splicer decides the game's end**, so it is the tile that matters
  most.  The bot keeps enough splices free to outbid every rival's whole
  purse for it (a rival's purse is public).  Once it holds the Splicer it
  keeps it while ending the game would lose and the points of the turns to
  come can still close the gap; otherwise it places it.  A Splicer held in
  the stack is out of everyone else's reach.
* **Fitting a tile by widening it**: when caps alone cannot make a tile fit
  and it is the inner tile of a join, one more output group opens the join
  (the planner only changes caps).
* **A spot for the Splicer**: a level-16 or 17 tile with an open east side
  gets the output group *Time & Physics* before it is placed, since only such
  a tile can take the Splicer to its east.
* **Bids within the purse.**  A bid larger than what is left when its tile
  comes up disqualifies all of a seat's bids, the one on the Splicer
  included, so the bids never add up to more than the free splices.
* **The race, when it leads.**  If nobody places the Splicer by turn 40
  everyone loses, and only the seat ahead on points wants the game over
  soon.  So while it leads and the highest level lags a steady climb to the
  Splicer by turn 30, it keeps splices back for bids on the tiles above the
  frontier and widens the tiles it places at the frontier for the groups of
  the tiles still to come.  Otherwise it plays for points like the planner
  (a widened tile feeds a rival's tiles as well as its own).
* Bumping priority when it places at the frontier of levels, and, late in
  the game, restacking the leader's best tile off the longest path.
"""

from __future__ import annotations

from dataclasses import replace

from . import board as B
from .ai import Planner
from .board import Piece
from .content import MAX_OUTPUTS, SPLICER_ID, START_ID, TILES
from .orders import Bid, Bump, Cap, Improve, Order, Place, Restack
from .rules import SplicerState

SPLICER_LEVEL = TILES[SPLICER_ID].level

SPLICER_FEEDERS = (16, 17)
"""Levels of a tile that can have the Time Splicer (level 18) to its east."""

RACE_BID = 4
"""Splices kept back for each tile above the frontier up for bidding while the race lags."""

LEAD_SHARE = 0.1
LEAD_POINTS = 10
"""A seat leads the race when its score tops every rival's by a tenth of it and 10 more."""

HOLD_MARGIN = 3
"""A held Splicer is placed at the latest this many turns before the last, leaving turns
to try again if a rival takes its spot."""

RACE_TURNS = 30
"""The turn by which the race should reach the Time Splicer's level, leaving a margin
before turn 40 for winning it and finding it a spot."""


def level_ok(piece: Piece, spot: tuple[int, int], other: Piece, near: tuple[int, int]) -> bool:
    """True if the levels of two neighbours allow an open join between them."""
    a, b = piece.level, other.level
    if spot[0] == near[0]:
        return a == b
    west, east = (b, a) if near[0] < spot[0] else (a, b)
    return 0 <= east - west <= 2


class StrongPlanner(Planner):
    """The planner with the Splicer held back, widened fits and safe bids."""

    def __init__(self, state: SplicerState, seat: int) -> None:
        super().__init__(state, seat, "strong")
        self.hold = False
        """True while the Splicer stays in the stack this turn."""
        self.reserve = 0
        """Splices kept back from placements for the bids (the Splicer's or the race's)."""
        self.rivals = [s for s in range(self.n) if s != seat]
        self.base = [(state.turn - 1 + i) % self.n for i in range(self.n)]
        self.behind = SPLICER_LEVEL * state.turn / RACE_TURNS - self.frontier
        """Levels the frontier lags behind a steady climb to the Splicer by turn 30."""
        mine = state.scores[seat]
        best_rival = max(state.scores[r] for r in self.rivals)
        if mine - best_rival < LEAD_SHARE * mine + LEAD_POINTS:
            # Only a leader wants the game to end soon; the others race for points.
            self.behind = min(self.behind, 0.0)

    # -- the whole turn ---------------------------------------------------------------------

    def make(self) -> list[Order]:
        """This turn's orders."""
        if self.draft.in_stack(SPLICER_ID) is not None:
            trial = StrongPlanner(self.state, self.seat)
            trial.splicer_move()
            trial.place_all()
            placed = any(isinstance(o, Place) and o.tile == SPLICER_ID for o in trial.plan)
            # Placing the Splicer ends the game: it waits only while waiting can turn a loss.
            if placed and not trial.worth_waiting():
                return trial.plan
            self.hold = True
        self.reserve = self.splicer_reserve() or self.race_reserve()
        self.sabotage()
        self.place_all()
        self.bump()
        self.bids()
        return self.plan

    def free(self) -> int:
        """Splices free for the next order, less those kept back for bids."""
        return super().free() - self.reserve

    # -- the Splicer ------------------------------------------------------------------------

    def splicer_reserve(self) -> int:
        """Splices to keep for the bid on the Splicer: enough to beat every rival's purse.

        A rival can bid at most its whole purse; a tie goes to the higher
        priority, and a rival who bumps to gain it has fewer splices left to
        bid, so a tie with a rival below us in the rotation is enough.
        """
        if not any(p.id == SPLICER_ID for p in self.state.bidding):
            return 0
        mine = self.base.index(self.seat)
        need = max(
            self.state.splices[r] + (0 if mine < self.base.index(r) else 1) for r in self.rivals
        )
        return min(self.splices, need)

    def race_reserve(self) -> int:
        """Splices kept for bids on tiles above the frontier while the race lags.

        Everyone loses if nobody places the Splicer, and a rival that only buys
        high tiles (to place its best) takes them from under a bot that spends
        its splices on placements first.
        """
        if self.behind <= 0:
            return 0
        high = [p for p in self.state.bidding if p.level > self.frontier]
        return min(self.splices, RACE_BID * len(high), 2 * RACE_BID)

    def worth_waiting(self) -> bool:
        """True if this plan places the Splicer but keeping it a while longer is better.

        Ending the game now loses if a rival would finish ahead (see
        :meth:`projected_scores`).  Waiting helps only if this seat owns more
        tiles on the timeline than every such rival, so that the points of
        the turns to come can close the gap before the last few turns; a seat
        that cannot catch up ends the game rather than let everyone lose.
        """
        turns = self.turns_left - HOLD_MARGIN
        if turns <= 0:
            return False
        board = self.draft.board
        owned = [0] * self.n
        for cell in board.values():
            if cell.owner >= 0:
                owned[cell.owner] += 1
        score = self.projected_scores()
        for r in self.rivals:
            gap = score[r] + self.rival_reach(r) - score[self.seat]
            if gap > 0 and gap >= (owned[self.seat] - owned[r]) * turns:
                return False
        return any(score[r] + self.rival_reach(r) > score[self.seat] for r in self.rivals)

    def projected_scores(self) -> list[int]:
        """The scores if the game ends this turn with this plan.

        After the turn's points, the first placements' levels and the longest
        path on the draft board; the rivals' own orders this turn are left out
        (see :meth:`rival_reach`).
        """
        board = self.draft.board
        ever = set(self.state.ever_placed)
        score = list(self.state.scores)
        for cell in board.values():
            if cell.owner >= 0:
                score[cell.owner] += 1
        for order in self.plan:
            if isinstance(order, Place) and order.tile not in ever:
                score[self.seat] += TILES[order.tile].level
        for spot in B.longest_path(board):
            cell = board[spot]
            if cell.owner >= 0:
                score[cell.owner] += cell.piece.level
        return score

    def rival_reach(self, rival: int) -> int:
        """Points a rival could still add this turn: its two best new tiles that fit now."""
        board = self.draft.board
        spots = B.candidates(board)
        gains = sorted(
            (
                p.level + 1
                for p in self.state.stacks[rival]
                if p.id not in self.state.ever_placed
                and any(B.fits(board, p, x, y) for x, y in spots)
            ),
            reverse=True,
        )
        return sum(gains[:2])

    # -- placing ----------------------------------------------------------------------------

    def best_placement(self) -> tuple[float, list[Order]] | None:
        """The planner's choice, leaving a held Splicer in the stack."""
        if not self.hold:
            return super().best_placement()
        held = self.draft.in_stack(SPLICER_ID)
        assert held is not None
        self.draft.stack.remove(held)
        try:
            return super().best_placement()
        finally:
            self.draft.stack.append(held)

    def fit(self, piece: Piece, x: int, y: int) -> tuple[list[Order], int] | None:
        """Orders that let ``piece`` go at ``(x, y)`` and their cost, placement included.

        The planner's fit when caps alone do it.  Otherwise each join may also
        be opened by giving the piece the neighbour's group as an output (when
        the piece is the inner tile), whichever of opening and sealing is
        cheaper.  Only as a fallback: output groups bought for tiles that fit
        anyway leave fewer splices for the bids that keep the race going.
        """
        plain = super().fit(piece, x, y)
        if plain is not None:
            return plain
        board = self.draft.board
        orders: list[Order] = []
        cost = 0
        caps = piece.caps
        outputs = piece.outputs
        links = 0
        spot = (x, y)
        for side, nx, ny in B.neighbours(x, y):
            cell = board.get((nx, ny))
            if cell is None:
                continue
            other = cell.piece
            near = (nx, ny)
            back = B.OPPOSITE[side]
            bit = 1 << "NESW".index(side)
            mine_capped = bool(caps & bit)
            theirs_capped = other.capped(back)
            neighbour_cost = B.cap_cost(cell, self.seat)
            open_cost: int | None = None
            add_group = False
            if level_ok(piece, spot, other, near):
                if B.inner_is_first(spot, near):
                    # The piece is inner: it must feed the neighbour's group.
                    add_group = other.group not in outputs
                    if not add_group or len(outputs) < MAX_OUTPUTS:
                        open_cost = B.IMPROVE_ADD_GROUP * add_group
                elif piece.group in other.outputs:
                    open_cost = 0
            if open_cost is not None:
                open_cost += B.IMPROVE_SIDE * mine_capped + neighbour_cost * theirs_capped
            seal_cost: int | None = None
            if not (other.id == START_ID and not theirs_capped):
                seal_cost = B.IMPROVE_SIDE * (not mine_capped)
                seal_cost += neighbour_cost * (not theirs_capped)
            if open_cost is None and seal_cost is None:
                return None
            want_open = seal_cost is None or (open_cost is not None and open_cost <= seal_cost)
            if want_open and add_group:
                orders.append(Improve(piece.id, "add", other.group))
                outputs = (*outputs, other.group)
                cost += B.IMPROVE_ADD_GROUP
            if mine_capped == want_open:
                orders.append(Improve(piece.id, "uncap" if want_open else "cap", side))
                cost += B.IMPROVE_SIDE
                caps = caps & ~bit if want_open else caps | bit
            if theirs_capped == want_open:
                orders.append(Cap(other.id, back, not want_open))
                cost += neighbour_cost
            links += want_open
        if links == 0:
            return None
        final = replace(piece, caps=caps, outputs=outputs)
        cost += B.place_cost(board, final, x, y, self.seat)
        return [*orders, Place(piece.id, x, y)], cost

    def feed(self, place: Order) -> None:
        """The planner's widening, and *Time & Physics* first on a tile that could feed
        the Splicer."""
        assert isinstance(place, Place)
        piece = self.draft.in_stack(place.tile)
        if (
            piece is not None
            and piece.level in SPLICER_FEEDERS
            and not piece.capped("E")
            and "time" not in piece.outputs
            and (place.x + 1, place.y) not in self.draft.board
        ):
            reserve = B.place_cost(self.draft.board, piece, place.x, place.y, self.seat)
            if self.free() - B.IMPROVE_ADD_GROUP >= reserve:
                self.add(Improve(piece.id, "add", "time"))
        super().feed(place)
        self.prepare_host(place)

    def prepare_host(self, place: Place) -> None:
        """While the race lags, widen a tile placed at the frontier for the tiles to come.

        A placed tile's outputs never change, and a tile one or two levels
        higher can only go east of it if it feeds that tile's group; the groups
        added are the commonest among the unplaced tiles of those levels.
        """
        piece = self.draft.in_stack(place.tile)
        if (
            piece is None
            or self.behind <= 0
            or piece.level < self.frontier - 1
            or piece.level >= SPLICER_LEVEL
            or piece.capped("E")
            or (place.x + 1, place.y) in self.draft.board
        ):
            return
        wanted = self.coming_groups(piece.level)
        reserve = B.place_cost(self.draft.board, piece, place.x, place.y, self.seat)
        for group in wanted[: 1 + int(self.behind >= 2)]:
            if len(piece.outputs) >= MAX_OUTPUTS or group in piece.outputs:
                continue
            if self.free() - B.IMPROVE_ADD_GROUP < reserve:
                return
            self.add(Improve(piece.id, "add", group))
            found = self.draft.in_stack(place.tile)
            if found is None:
                return
            piece = found

    def coming_groups(self, level: int) -> list[str]:
        """Groups of the unplaced tiles one or two levels above ``level``, commonest first."""
        if level + 2 >= SPLICER_LEVEL:
            return ["time"]
        placed = {cell.piece.id for cell in self.draft.board.values()}
        counts: dict[str, int] = {}
        for tile in TILES.values():
            if level < tile.level <= level + 2 and tile.id not in placed:
                counts[tile.group] = counts.get(tile.group, 0) + 1
        return sorted(counts, key=lambda g: (-counts[g], g))

    # -- bidding and priority ---------------------------------------------------------------

    def bids(self) -> None:
        """Bid for the Splicer first (to outbid every purse), then for tiles by worth.

        Bids stay within the free splices in total: a later bid larger than
        what is left when its tile comes up would disqualify all of them.
        """
        self.reserve = 0
        free = self.free()
        if free <= 0:
            return
        if any(p.id == SPLICER_ID for p in self.state.bidding):
            need = self.splicer_reserve()
            amount = min(free, max(1, need))
            if self.add(Bid(SPLICER_ID, amount)):
                free -= amount
        ranked = sorted(
            (p for p in self.state.bidding if p.id != SPLICER_ID),
            key=lambda p: (-self.tile_worth(p), p.id),
        )
        budget = free
        for piece in ranked:
            worth = self.tile_worth(piece)
            if worth < 1.0 or budget < 1:
                continue
            amount = int(min(budget, max(1, worth + 1)))
            if self.add(Bid(piece.id, amount)):
                budget -= amount

    def bump(self) -> None:
        """Bump two places when a placement at the frontier is planned and someone ranks above."""
        if not any(isinstance(o, Place) for o in self.plan):
            return
        if self.base.index(self.seat) == 0:
            return
        important = any(
            isinstance(o, Place) and TILES[o.tile].level >= self.frontier for o in self.plan
        )
        if important and self.free() >= B.BUMP_COST * 2:
            self.add(Bump())
            self.add(Bump())

    def sabotage(self) -> None:
        """Late in the game, restack the leader's highest tile from the longest path."""
        if self.turns_left > 6 or self.free() < B.RESTACK_OTHER:
            return
        board = self.draft.board
        path = B.longest_path(board)
        scores = self.state.scores
        leader = max(range(self.n), key=lambda s: scores[s])
        if leader == self.seat:
            return
        targets = [
            board[c] for c in path if board[c].owner == leader and board[c].piece.id != START_ID
        ]
        if targets:
            best = max(targets, key=lambda c: c.piece.level)
            self.add(Restack(best.piece.id))
