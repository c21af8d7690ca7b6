"""Computer players for Time Splicer.

Every bot decides from :meth:`SplicerState.redacted` — the state as its seat
knows it, without other seats' written orders or future seeds — so it sees
no more than a human in its seat.  A bot plans its whole turn when its order
phase starts and then writes the plan one order per call; the plan depends
only on that knowledge, so a bot made afresh for each call (as the page's
worker does) writes the same plan.

Levels, weakest first:

* ``random``: any legal order, then any other, until it happens to submit.
* ``beginner``: places its highest tile (changing caps so that it fits) and bids a
  little on the tile it likes best; one placement a turn, never widens
  outputs, restacks or bumps.
* ``planner``: values every placement (points now, points per turn, how far
  it pushes the frontier of levels), improves a tile when one change makes
  it fit, bids on several tiles with overbidding, keeps splices for the
  Time Splicer.
* ``strong``: the planner, but valuing tiles in points (the turns they will
  still score, :meth:`Planner.remaining`) and sharing its whole purse among
  its bids (splices left at the end of a turn are lost; bids that sum to the
  purse never disqualify each other), more on a tile that could raise the
  frontier (a game nobody ends is lost by all); it takes over rivals' tiles
  where they stand, restacking and placing them again, the leader's first:
  any tile early, only wonders (a splice a turn, and more splices win the
  Splicer's auction) once the race nears its end, before placing unless a
  tile could raise the frontier, never a tile a rival took from it last turn
  (the turn report shows it; such a war costs both sides a turn's splices
  each turn) unless it is a wonder (ceded, it is a splice a turn to the rival
  for good: an outside tester's bot, ``tests/bench/referee_time_splicer.py``,
  which steals nearly every turn, hoarded them); a wonder its owner could take
  straight back it takes only from a rival with more wonders or, until the race nears
  its end, one that took a wonder from it last turn (among peaceful equals such a war
  burns both purses each turn and stalls the race; against a raider, holding back let
  it hoard wonders and the larger purse that wins auctions), any other tile only where
  its owner could not take it straight back (a tile changing hands every turn costs
  both a turn's splices, stalls the race and, among three or more, helps the rest),
  and when behind schedule
  with the most splices, the race first; of the tiles it could take it
  prefers one its owner could not afford to take straight back (restack and
  placement price against that rival's purse next turn,
  :meth:`Planner.purse_next`); a wonder it takes may go back on any spot it
  fits, and it places its own tiles, wonders above all, where no rival can
  afford to take them over or else where that costs the rival most
  (:meth:`Planner.exposure`);
  when the Time Splicer is up for auction it keeps back one more splice than any rival
  could bid and bids its whole purse on the Splicer alone; below rivals with as many
  splices it moves a splice to one tile, its best below one such rival, its next best
  below two (equal bids go to priority, so equals share the tiles); it makes tiles of
  level 16 and 17 feed the Splicer's group before placing them; when no tile
  in its stack can raise the frontier, it lays a bridge (:meth:`Planner.bridge`):
  a stack tile up to two levels below a higher one is made to feed that
  tile's group and opened to the east, then placed, and the higher tile goes
  east of it (the same turn if the purse allows), and it bids on a higher
  tile that such a bridge could carry as on one that fits; it bumps its
  priority only past a higher-ranked rival whose stack holds a tile that
  could go on or next to its frontier placement, with just enough bumps to
  pass (not tie) that rival; and it restacks the
  leader's best tile off the longest path late in the game.  Its holder alone
  decides when the game ends, so strong places the Time Splicer only when the
  estimated final scores (this turn's points, the longest path, the Splicer's
  level, less what each rival's best placeable tiles could add) give it a lead
  of :data:`WIN_MARGIN`, or on the last turn, bumping as far as the limit allows
  first; else it keeps it, and while it has nowhere to place it, it values a level 16
  or 17 tile with a free east side (:data:`FEEDER_BONUS`).  When a rival holds the
  Splicer and could place it to win, strong caps the east side of the tile that would
  feed it (restacks it, if already capped), bumping past that rival first.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.protocol import AiLevel, Bot, BotContext, State
from . import board as B
from .board import Piece
from .content import MAX_OUTPUTS, SIDE_BIT, SPLICER_ID, START_ID, TILES
from .orders import Bid, Bump, Cap, Improve, Order, Place, Restack, Submit
from .resolve import highest_level
from .rules import MAX_TURNS, Draft, SplicerState, order_problem, write_order

LEVELS = (
    AiLevel("random", "Random", "Writes any legal orders."),
    AiLevel("beginner", "Beginner", "Places its best tile cheaply and bids a little."),
    AiLevel("planner", "Planner", "Values placements, improves tiles and spreads its bids."),
    AiLevel(
        "strong",
        "Strong",
        "Values tiles in points, spends its whole purse, takes over rivals' tiles.",
    ),
)


def make_bot(level: str) -> Bot[Any]:
    """A bot at ``level``."""
    if level == "random":
        return RandomOrders()
    return SplicerBot(level)


class RandomOrders(Bot[Any]):
    """Any legal action of the seat's own knowledge."""

    def choose(self, state: State[Any], context: BotContext) -> Any:
        """A uniformly random legal action."""
        assert isinstance(state, SplicerState)
        actions = state.redacted(state.to_move).legal_actions()
        return actions[context.rng.randrange(len(actions))]


class SplicerBot(Bot[Any]):
    """A planning bot; ``level`` is ``beginner``, ``planner`` or ``strong``."""

    def __init__(self, level: str) -> None:
        self.level = level
        self._plans: dict[Any, list[Order]] = {}

    def choose(self, state: State[Any], context: BotContext) -> Any:
        """The next order of this turn's plan, or ``submit``."""
        assert isinstance(state, SplicerState)
        seat = state.to_move
        known = state.redacted(seat)
        written = known.orders[seat]
        start = replace(known, orders=tuple(() for _ in known.orders))
        key = (state.turn, seat, state.board, state.bidding, state.stacks, state.scores)
        plan = self._plans.get(key)
        if plan is None:
            plan = make_plan(start, seat, self.level)
            self._plans = {key: plan}  # one turn at a time is enough
        if len(written) < len(plan) and tuple(plan[: len(written)]) == written:
            return plan[len(written)]
        return Submit()


# -- planning -------------------------------------------------------------------------------


class Planner:
    """Builds one seat's orders for a turn on a draft."""

    def __init__(self, state: SplicerState, seat: int, level: str) -> None:
        self.state = state
        self.seat = seat
        self.level = level
        self.n = state.players
        self.splices = state.splices[seat]
        self.draft = Draft(dict(state.board_map), list(state.stacks[seat]))
        self.plan: list[Order] = []
        self.frontier = highest_level(state.board_map)
        self.turns_left = MAX_TURNS - state.turn
        self.reserve = 0
        """Splices kept back from placements for the Time Splicer's auction (strong)."""
        self._no_splicer_spot: bool | None = None
        self.scoring_turns = self.remaining()
        """Turns a tile placed now is likely to score (strong's values, :meth:`remaining`)."""

    def free(self) -> int:
        return self.splices - self.draft.committed

    def add(self, order: Order) -> bool:
        problem, cost = order_problem(
            self.draft, order, self.seat, self.splices, self.state.bidding, self.n
        )
        if problem is not None:
            return False
        write_order(self.draft, order, self.seat, self.state.turn, cost)
        self.plan.append(order)
        if not isinstance(order, (Bid, Bump)):
            self._no_splicer_spot = None  # the board may now have a spot for the Splicer
        return True

    # -- values ---------------------------------------------------------------------------

    def place_value(self, piece: Piece, x: int, y: int) -> float:
        """How much placing ``piece`` at ``(x, y)`` is worth to this seat (before its cost)."""
        if piece.id == SPLICER_ID:
            return 1000.0
        level = piece.level
        value = 0.0
        if piece.id not in self.state.ever_placed:
            value += level
        value += min(self.turns_left, 12) * 0.6
        if level > self.frontier:
            value += 6.0 * (level - self.frontier)
        elif level >= self.frontier - 1:
            value += 3.0
        if TILES[piece.id].wonder:
            if self.level == "strong":
                # A wonder's extra splice every turn it stands, in points' terms.
                value += self.scoring_turns * 1.2
            else:
                value += min(self.turns_left, 10) * 0.8
        # Open sides facing east keep the race going.
        if not piece.capped("E"):
            value += 1.0
        if (
            self.level == "strong"
            and level >= 16
            and (x + 1, y) not in self.draft.board
            and self.needs_feeder()
        ):
            # Its free east side may take the Splicer (feed() adds its group).
            value += FEEDER_BONUS
        return value

    def needs_feeder(self) -> bool:
        """Strong: True if this seat holds the Time Splicer and has no spot to place it
        on the draft board (worked out again after each order that changes the board)."""
        if self._no_splicer_spot is None:
            piece = self.draft.in_stack(SPLICER_ID)
            self._no_splicer_spot = piece is not None and not self.splicer_ways(piece)
        return self._no_splicer_spot

    def tile_worth(self, piece: Piece) -> float:
        """What a bidding-stack tile is worth to this seat."""
        if piece.id == SPLICER_ID:
            return 60.0
        level = piece.level
        if self.level == "strong":
            # In points: the turns it will score and its first placement, less
            # when it fits nowhere yet; a wonder adds its extra splices.
            left = self.scoring_turns
            fits = self.fits_somewhere(piece)
            worth = (left + level) / 4 * (1.0 if fits else 0.4)
            if TILES[piece.id].wonder:
                worth += left / 3
            if level >= 16 and self.needs_feeder():
                worth += FEEDER_BONUS / 2  # a tile that could carry the Splicer held
            if self.raises_frontier(piece):
                # A tile that can raise the frontier keeps the race going (a game
                # nobody ends is lost by all); more so behind schedule.
                late = self.turns_left < 1.5 * (16 - self.frontier) + 8
                worth += (8.0 if late else 4.0) * (min(level, 16) - self.frontier)
            return max(1.0, worth)
        if level < self.frontier - 2:
            return 0.5
        worth = 1.0 + max(0, level - self.frontier + 2) * 1.5
        if TILES[piece.id].wonder:
            worth += 2.0
        if self.fits_somewhere(piece):
            worth += 2.0
        return worth

    def raises_frontier(self, piece: Piece) -> bool:
        """Strong: True if ``piece`` is above the frontier and fits somewhere, with caps
        changed or after a bridge (:meth:`bridgeable`)."""
        if piece.level <= self.frontier:
            return False
        board = self.draft.board
        return (
            self.fits_somewhere(piece)
            or any(self.fit(piece, x, y) for x, y in B.candidates(board))
            or self.bridgeable(piece)
        )

    def fits_somewhere(self, piece: Piece) -> bool:
        board = self.draft.board
        return any(B.fits(board, piece, x, y) for x, y in B.candidates(board))

    # -- steps ------------------------------------------------------------------------------

    def fit(self, piece: Piece, x: int, y: int) -> tuple[list[Order], int] | None:
        """Orders that let ``piece`` go at ``(x, y)`` and their total cost, placement included.

        Each side that meets a placed tile is opened when the two tiles link
        well and sealed (capped on both) otherwise; the caps are changed by
        improving the piece and by capping the neighbour's free side.
        """
        board = self.draft.board
        orders: list[Order] = []
        cost = 0
        caps = piece.caps
        links = 0
        for side, nx, ny in B.neighbours(x, y):
            cell = board.get((nx, ny))
            if cell is None:
                continue
            other = cell.piece
            back = B.OPPOSITE[side]
            want_open = B.join_ok(piece, (x, y), other, (nx, ny))
            bit = 1 << "NESW".index(side)
            if bool(caps & bit) == want_open:
                orders.append(Improve(piece.id, "uncap" if want_open else "cap", side))
                cost += B.IMPROVE_SIDE
                caps = caps & ~bit if want_open else caps | bit
            if other.capped(back) == want_open:
                if other.id == START_ID and not want_open:
                    return None  # sealing against the start is allowed but never worth it
                orders.append(Cap(other.id, back, not want_open))
                cost += B.cap_cost(cell, self.seat)
            links += want_open
        if links == 0:
            return None
        final = replace(piece, caps=caps)
        cost += B.place_cost(board, final, x, y, self.seat)
        return [*orders, Place(piece.id, x, y)], cost

    def best_placement(self) -> tuple[float, list[Order]] | None:
        """The best placement now (value less cost), with the caps changes it needs."""
        board = self.draft.board
        spots = B.candidates(board)
        free = self.free() - self.reserve
        best: tuple[float, list[Order]] | None = None
        for piece in self.draft.stack:
            if piece.id == SPLICER_ID and self.level == "strong":
                continue  # placed by splicer_move only, when that wins the game
            for x, y in spots:
                found = self.fit(piece, x, y)
                if found is None:
                    continue
                orders, cost = found
                if cost > free:
                    continue
                if self.level == "beginner":
                    score = piece.level * 10.0 - cost
                else:
                    score = self.place_value(piece, x, y) - cost * 0.8
                    if self.level == "strong":
                        score -= self.exposure(piece, orders, x, y)
                if best is None or score > best[0]:
                    best = (score, orders)
        return best

    def exposure(self, piece: Piece, orders: list[Order], x: int, y: int) -> float:
        """Strong: what placing ``piece`` at ``(x, y)`` (after ``orders``' improvements)
        risks if a rival can afford to take it over there next turn.

        Taking over costs the restack and the rival's placement price, which is
        lowest when the tile has an open join to one of the rival's tiles; a
        rival whose purse covers it will (the outside tester's bot does, every
        turn).  A wonder exposed so would feed the rival's purse, so it counts
        its splices, and more the cheaper the takeover (:data:`DEAR_TAKEOVER`);
        another tile a little.
        """
        caps = piece.caps
        for order in orders:
            if isinstance(order, Improve) and order.tile == piece.id and order.kind != "add":
                bit = SIDE_BIT[order.arg]
                caps = caps | bit if order.kind == "cap" else caps & ~bit
        placed = replace(piece, caps=caps)
        board = self.draft.board
        for rival in range(self.n):
            if rival == self.seat:
                continue
            place = B.place_cost(board, placed, x, y, rival)
            if B.RESTACK_OTHER + place <= self.purse_next(rival):
                if not TILES[piece.id].wonder:
                    return 1.0
                # Among spots where it can, the cheaper the takeover the likelier.
                return EXPOSED_WONDER * self.scoring_turns + DEAR_TAKEOVER * (B.PLACE_COST - place)
        return 0.0

    def purse_next(self, seat: int) -> int:
        """``seat``'s splices next turn as the draft board stands: the base and one per
        wonder it owns there."""
        return B.BASE_SPLICES + self.wonders(seat)

    def place_all(self) -> None:
        for _ in range(6):
            found = self.best_placement()
            if found is None or found[0] <= 0:
                return
            *pre, place = found[1]
            for order in pre:
                if not self.add(order):
                    return
            if self.level != "beginner":
                self.feed(place)
            if not self.add(place):
                return
            if self.level == "beginner":
                return

    def feed(self, place: Order) -> None:
        """Before placing a tile, add output groups that the seat's higher tiles need.

        A placed tile's outputs can no longer change, and the next tile east must
        belong to one of them, so the planner widens them while it still can.
        """
        assert isinstance(place, Place)
        piece = self.draft.in_stack(place.tile)
        if piece is None or piece.capped("E"):
            return
        wanted: dict[str, int] = {}
        for other in self.draft.stack:
            if other.id == piece.id or other.group in piece.outputs:
                continue
            if 0 <= other.level - piece.level <= 2:
                wanted[other.group] = max(wanted.get(other.group, 0), other.level)
        splicer = TILES[SPLICER_ID]
        if (
            # Strong: a tile within two levels of the Time Splicer may become its
            # western neighbour, so it is made to feed the Splicer's group now.
            self.level == "strong"
            and splicer.level - piece.level <= 2
            and splicer.group not in piece.outputs
        ):
            wanted[splicer.group] = splicer.level
        reserve = self.reserve + B.place_cost(self.draft.board, piece, place.x, place.y, self.seat)
        for group, _level in sorted(wanted.items(), key=lambda kv: (-kv[1], kv[0])):
            if self.free() - B.IMPROVE_ADD_GROUP < reserve:
                return
            self.add(Improve(piece.id, "add", group))
            piece = self.draft.in_stack(place.tile)
            if piece is None:
                return

    def bids(self) -> None:
        free = self.free()
        if free <= 0:
            return
        # Bids change no tile's worth: each is reckoned once.
        worth = {p.id: self.tile_worth(p) for p in self.state.bidding}
        ranked = sorted(self.state.bidding, key=lambda p: (-worth[p.id], p.id))
        if not ranked:
            return
        if self.level == "beginner":
            piece = ranked[0]
            self.add(Bid(piece.id, max(1, min(free, 2 + piece.level // 6))))
            return
        if self.level == "strong" and ranked[0].id == SPLICER_ID:
            # Any other bid won first would shrink the purse below this one and
            # disqualify it, so the Splicer's auction gets the whole purse alone.
            self.add(Bid(SPLICER_ID, free))
            return
        if self.level == "strong":
            # Splices left at the end of the turn are lost: share the whole purse
            # among the tiles by worth, the best taking the rest.  The bids sum to
            # the purse, so none can disqualify another.
            # (Strong's worth is never below 1: every tile up gets its share.)
            total = sum(worth.values())
            amounts = {p.id: int(free * worth[p.id] / total) for p in ranked[1:]}
            amounts = {tile: amount for tile, amount in amounts.items() if amount >= 1}
            amounts[ranked[0].id] = free - sum(amounts.values())
            above = sum(
                1
                for r in range(self.n)
                if r != self.seat
                and self.rank(r) < self.rank(self.seat)
                and self.state.splices[r] >= self.splices
            )
            bid_on = [p.id for p in ranked if p.id in amounts]
            if 0 < above < len(bid_on):
                # Rivals above with as many splices, bidding alike, would win every
                # tie (ties go to priority): a splice moved to one tile wins it, the
                # best tile for the first seat below them, the next best for the
                # second, so that equals share the tiles instead of the first
                # taking all (one is left to the first).
                target = bid_on[above - 1]
                low = min(
                    (tile for tile in amounts if tile != target),
                    key=lambda tile: (worth[tile], tile),
                )
                amounts[low] -= 1
                amounts[target] += 1
            for tile, amount in amounts.items():
                if amount >= 1:
                    self.add(Bid(tile, amount))
            return
        budget = free + 2
        for piece in ranked:
            if worth[piece.id] < 1.0:
                continue
            amount = free if piece.id == SPLICER_ID else int(min(free, max(1, worth[piece.id])))
            if amount > budget:
                amount = budget
            if amount < 1:
                break
            if self.add(Bid(piece.id, amount)):
                budget -= amount

    def bump(self) -> None:
        """Strong: bump past a rival ranked above who threatens a frontier placement."""
        if self.level != "strong" or not any(isinstance(o, Place) for o in self.plan):
            return
        base = [(self.state.turn - 1 + i) % self.n for i in range(self.n)]
        if base.index(self.seat) == 0:
            return
        important = any(
            isinstance(o, Place) and TILES[o.tile].level >= self.frontier for o in self.plan
        )
        if not important:
            return
        # Bump only past the highest rival above who could actually place on or
        # next to the planned spots; bumping against nobody wastes splices.
        spots = [(o.x, o.y) for o in self.plan if isinstance(o, Place)]
        above = base[: base.index(self.seat)]
        threats = [i for i, rival in enumerate(above) if self.threatens(rival, spots)]
        if not threats:
            return
        # Each bump moves this seat one place up and equal places go to a draw
        # (resolve.Turn.priority), so passing the rival at place t from place i
        # takes i - t + 1 bumps (i - t would only tie); at most i + 1 <= n, the limit.
        bumps = len(above) - min(threats) + 1
        if self.free() - self.reserve >= B.BUMP_COST * bumps:
            for _ in range(bumps):
                self.add(Bump())

    def threatens(self, rival: int, spots: list[tuple[int, int]]) -> bool:
        """True if ``rival`` holds a tile that could go on or next to one of ``spots``.

        Stacks are public; a rival placing there first (with higher priority)
        would make this seat's placement fail.  Caps can be changed by
        improving, so every caps mask of the rival's tile is tried.
        """
        board = self.state.board_map
        near = {(x + dx, y + dy) for x, y in spots for dx, dy in ((0, 0), *B.DELTA.values())}
        near = {c for c in near if c[0] >= 0 and c not in board}
        for piece in self.state.stacks[rival]:
            for x, y in near:
                if any(B.fits(board, replace(piece, caps=m), x, y) for m in range(16)):
                    return True
        return False

    def sabotage(self) -> None:
        """Strong, late: restack a rival's high tile from the longest path."""
        if self.level != "strong" or self.turns_left > 6 or self.free() < B.RESTACK_OTHER:
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

    def reserve_for_splicer(self) -> None:
        """Strong: keep enough splices back to win the Time Splicer's auction.

        A rival who wins it and cannot place it ends everyone's hopes, and
        under Vickrey plus one a high bid costs only the second bid plus one,
        so the seat keeps back one more than any rival could bid (their purses
        are public), or all it has.
        """
        if not any(p.id == SPLICER_ID for p in self.state.bidding):
            return
        rivals = [self.state.splices[s] for s in range(self.n) if s != self.seat]
        self.reserve = min(self.splices, max(rivals, default=0) + 1)

    def remaining(self) -> float:
        """Turns a tile placed now is likely to score: the race ends near the
        Splicer's level, about one level every two turns, or soon once the
        Splicer is in someone's stack."""
        if self.frontier >= 16 or any(
            p.id == SPLICER_ID for stack in self.state.stacks for p in stack
        ):
            return 2.0
        return min(self.turns_left + 1, 3 + (16 - self.frontier) / 0.55)

    def steal(self) -> None:
        """Strong: restack a rival's tile and place it back on its spot as its own
        (a wonder on any spot it fits, the dearer for its owner to take back the
        better, :data:`DEAR_TAKEOVER`).

        The leading rival's loss counts in full, another's in part.  Early any
        tile, but a wonder its owner could take straight back only from a rival
        with more wonders or, until the race nears its end, one that took a wonder
        from this seat last turn (:meth:`takeovers_of_mine`), and another tile only
        if its owner could not take it straight back; once the race nears its end,
        wonders only (a wonder is a splice a turn for its owner, and more splices
        win the Time Splicer's auction); never a tile a rival took from this seat
        last turn (it would take it again, and such a war costs both sides a turn's
        splices each turn), unless it is a wonder (left with the rival it feeds
        its purse for good); and while behind schedule with the most splices, the
        race comes first: none when leading, else one wonder.  A tile its owner
        could not afford to take straight back is worth more (:data:`KEEP_BONUS`).
        Called before placing (a wonder taken early repays many times) unless a
        tile can raise the frontier, and again after placing.
        """
        if self.level != "strong":
            return
        wonders_only = self.turns_left < (16 - self.frontier) / 0.5 + 5
        late = self.behind_schedule()
        if late and self.leading():
            return
        takeovers = self.takeovers_of_mine()
        taken = {tile for _, tile in takeovers}
        raiders = {rival for rival, tile in takeovers if TILES[tile].wonder}
        rivals = [r for r in range(self.n) if r != self.seat]
        leader = max(rivals, key=lambda r: self.state.scores[r])
        for _ in range(1 if late else 3):
            free = self.free() - self.reserve
            if free < B.RESTACK_OTHER + B.PLACE_NEXT_TO_OWN:
                return
            board = self.draft.board
            path = set(B.longest_path(board))
            left = self.scoring_turns
            mine = self.wonders(self.seat)
            best: tuple[float, int, int, int] | None = None
            for (x, y), cell in board.items():
                if cell.owner in (self.seat, B.NO_OWNER) or cell.piece.id == SPLICER_ID:
                    continue
                wonder = TILES[cell.piece.id].wonder
                if (wonders_only or late) and not wonder:
                    continue
                if cell.piece.id in taken and not wonder:
                    # The rival took it from this seat last turn and would take it
                    # again: such a war costs both a turn's splices and stalls the race.
                    # A wonder is taken back all the same: left with the rival it is a
                    # splice a turn more for it and one less for this seat, for good,
                    # and the larger purse wins the Time Splicer's auction (ceding
                    # wonders let the outside tester's bot hoard them).
                    continue
                rest = dict(board)
                del rest[(x, y)]
                hurt = 1.0 if cell.owner == leader else 1.0 / (self.n - 1)
                gain = (1 + hurt) * left * (1.75 if wonder else 1.0)
                # What the owner can spend next turn (a wonder taken shrinks it).
                owner_purse = self.purse_next(cell.owner) - (1 if wonder else 0)
                # Between equals a wonder that would come straight back is a war that
                # burns both purses and stalls the race; only a rival with more
                # wonders (one hoarding them), or one raiding this seat's wonders, is
                # worth it: a raider left alone hoards wonders and the larger purse.
                # Near the race's end the race comes first (two Strong players
                # fighting on left the Splicer unplaced more often).
                war = (
                    wonder
                    and self.wonders(cell.owner) <= mine
                    and (cell.owner not in raiders or wonders_only)
                )
                # A wonder may go back anywhere it fits: joined to this seat's tiles
                # it is cheap to place, joined to none of its owner's dear to take back.
                spots = [(x, y)]
                if wonder:
                    spots += [c for c in B.candidates(rest) if c != (x, y)]
                for sx, sy in spots:
                    if not B.fits(rest, cell.piece, sx, sy):
                        continue
                    cost = B.RESTACK_OTHER + B.place_cost(rest, cell.piece, sx, sy, self.seat)
                    if cost > free:
                        continue
                    value = gain
                    if (sx, sy) == (x, y) and (x, y) in path and left <= 6:
                        value += 2 * cell.piece.level
                    value -= 1.5 * cost
                    # A tile its owner cannot afford to take straight back (a wonder
                    # taken shrinks that purse too) scores for this seat every turn
                    # left; one it can is likely back with it next turn, and the
                    # dearer that is, the less the owner has left for the rest.
                    back = B.place_cost(rest, cell.piece, sx, sy, cell.owner)
                    if B.RESTACK_OTHER + back > owner_purse:
                        value += KEEP_BONUS * left
                    elif war or not wonder:
                        # It would come straight back: a tile changing hands every
                        # turn costs both a turn's splices and stalls the race (in
                        # all-Strong two-player games the Splicer was placed by turn
                        # 40 in 82% of games, not 85-98%), and among three or more
                        # it only helps the others.
                        continue
                    value += DEAR_TAKEOVER * (back - B.PLACE_NEXT_TO_OWN)
                    if value > 0 and (best is None or value > best[0]):
                        best = (value, cell.piece.id, sx, sy)
            if best is None:
                return
            _, tile, x, y = best
            if not self.add(Restack(tile)) or not self.add(Place(tile, x, y)):
                return

    def wonders(self, seat: int) -> int:
        """How many wonders ``seat`` owns on the draft board."""
        return sum(
            1 for c in self.draft.board.values() if c.owner == seat and TILES[c.piece.id].wonder
        )

    def behind_schedule(self) -> bool:
        """True when the frontier climbs too slowly for the Splicer to come up, be won
        and be placed in time (about a level every turn and a half, and eight turns),
        and this seat has the most splices, so that it would win the Splicer's auction;
        with fewer, its splices go to winning wonders first."""
        splices = self.state.splices
        ahead = all(splices[self.seat] > v for s, v in enumerate(splices) if s != self.seat)
        return ahead and self.turns_left < 1.5 * (16 - self.frontier) + 8

    def can_push(self) -> bool:
        """True if a tile in the stack can raise the frontier now (caps changed as needed)."""
        board = self.draft.board
        free = self.free() - self.reserve
        for piece in self.draft.stack:
            if piece.level <= self.frontier or piece.id == SPLICER_ID:
                continue
            for x, y in B.candidates(board):
                found = self.fit(piece, x, y)
                if found is not None and found[1] <= free:
                    return True
        return False

    def bridge(self) -> None:
        """Strong: when no stack tile can raise the frontier, lay a bridge to one that could.

        A placed tile's outputs never change, so a higher tile in the stack whose
        group no open edge feeds would wait for ever.  A lower stack tile that fits
        now and sits at most two levels below it is made to feed its group (and
        opened to the east) before it is placed; the higher tile then goes east of
        it, this turn if the purse allows, else next turn.  Whole bridges come
        first, then the cheapest.
        """
        if self.level != "strong" or self.can_push():
            return
        highs = [p for p in self.draft.stack if p.level > self.frontier and p.id != SPLICER_ID]
        best: tuple[int, int, list[Order]] | None = None
        for high in highs:
            for low in self.draft.stack:
                if low.id in (high.id, SPLICER_ID) or not 0 <= high.level - low.level <= 2:
                    continue
                found = self.try_bridge(low, high)
                if found is not None and (best is None or found[:2] < best[:2]):
                    best = found
        if best is not None:
            for order in best[2]:
                if not self.add(order):
                    return

    def bridgeable(self, high: Piece) -> bool:
        """True if a stack tile could be laid as a bridge to ``high`` (:meth:`bridge`)."""
        board = self.draft.board
        for low in self.draft.stack:
            if low.id == SPLICER_ID or not 0 <= high.level - low.level <= 2:
                continue
            if high.group not in low.outputs and len(low.outputs) >= MAX_OUTPUTS:
                continue
            ready = replace(low, outputs=(*low.outputs, high.group))
            for x, y in B.candidates(board):
                if (x + 1, y) not in board and self.fit(ready, x, y) is not None:
                    return True
        return False

    def try_bridge(self, low: Piece, high: Piece) -> tuple[int, int, list[Order]] | None:
        """The cheapest way to place ``low`` so that ``high`` can go east of it:
        (0 if ``high`` is placed this turn too, else 1; cost; orders), or ``None``."""
        pre: list[Order] = []
        if high.group not in low.outputs:
            if len(low.outputs) >= MAX_OUTPUTS:
                return None
            pre.append(Improve(low.id, "add", high.group))
        if low.capped("E"):
            pre.append(Improve(low.id, "uncap", "E"))
        outputs = low.outputs if high.group in low.outputs else (*low.outputs, high.group)
        ready = replace(low, outputs=outputs, caps=low.caps & ~SIDE_BIT["E"])
        budget = self.free() - self.reserve
        best: tuple[int, int, list[Order]] | None = None
        for x, y in B.candidates(self.draft.board):
            if (x + 1, y) in self.draft.board:
                continue
            found = self.fit(ready, x, y)
            if found is None:
                continue
            saved = (self.draft, len(self.plan))
            self.draft = self.draft.copy()
            try:
                if not all(self.add(o) for o in [*pre, *found[0]]):
                    continue
                cost = self.draft.committed - saved[0].committed
                if cost > budget:
                    continue
                after = self.fit(high, x + 1, y)
                if after is None:
                    continue
                whole = after[1] <= self.free() - self.reserve
                orders = self.plan[saved[1] :] + (after[0] if whole else [])
                key = (0 if whole else 1, cost + (after[1] if whole else 0), orders)
                if best is None or key[:2] < best[:2]:
                    best = key
            finally:
                self.draft = saved[0]
                del self.plan[saved[1] :]
        return best

    def leading(self) -> bool:
        """True if this seat's score is the highest (ties included)."""
        return self.state.scores[self.seat] >= max(self.state.scores)

    def takeovers_of_mine(self) -> list[tuple[int, int]]:
        """(rival, tile) for each tile a rival restacked from this seat last turn (turn
        reports are public)."""
        report = self.state.report or {}
        if report.get("turn") != self.state.turn - 1:
            return []
        return [
            (int(step["seat"]), int(step["tile"]))
            for step in report.get("steps", [])
            if step.get("from") == self.seat
            and step.get("seat") not in (None, self.seat)
            and "tile" in step
        ]

    def splicer_move(self) -> None:
        """If the Time Splicer is in the stack, try hard to place it (uncapping as needed).

        Strong places it only when the estimated final scores say that wins, or
        on the last turn (holding it then only makes everyone lose): its holder
        alone decides when the game ends, so it waits while behind.
        """
        piece = self.draft.in_stack(SPLICER_ID)
        if piece is None:
            return
        if self.level == "strong":
            self.strong_splicer(piece)
            return
        board = self.draft.board
        for x, y in B.candidates(board):
            for mask in range(16):
                variant = replace(piece, caps=mask)
                if not B.fits(board, variant, x, y):
                    continue
                changes = [
                    Improve(piece.id, "cap" if mask & (1 << i) else "uncap", side)
                    for i, side in enumerate("NESW")
                    if (mask ^ piece.caps) & (1 << i)
                ]
                cost = len(changes) * B.IMPROVE_SIDE + B.place_cost(board, variant, x, y, self.seat)
                if cost <= self.free():
                    for order in changes:
                        self.add(order)
                    self.add(Place(piece.id, x, y))
                    return

    def splicer_ways(self, piece: Piece) -> list[tuple[int, list[Order]]]:
        """Every way to place the Splicer now, as (cost, orders), cheapest first: changing
        its own caps, or as :meth:`fit` would (sealing neighbours' sides too)."""
        board = self.draft.board
        ways: list[tuple[int, list[Order]]] = []
        for x, y in B.candidates(board):
            for mask in range(16):
                variant = replace(piece, caps=mask)
                if not B.fits(board, variant, x, y):
                    continue
                changes: list[Order] = [
                    Improve(piece.id, "cap" if mask & (1 << i) else "uncap", side)
                    for i, side in enumerate("NESW")
                    if (mask ^ piece.caps) & (1 << i)
                ]
                cost = len(changes) * B.IMPROVE_SIDE + B.place_cost(board, variant, x, y, self.seat)
                ways.append((cost, [*changes, Place(piece.id, x, y)]))
            found = self.fit(piece, x, y)
            if found is not None:
                ways.append((found[1], found[0]))
        ways.sort(key=lambda way: way[0])
        return ways

    def strong_splicer(self, piece: Piece) -> None:
        """Strong: place the Splicer if that wins (see :meth:`splicer_move`)."""
        last = self.state.turn >= MAX_TURNS
        for cost, orders in self.splicer_ways(piece):
            if cost > self.free():
                continue
            place = orders[-1]
            assert isinstance(place, Place)
            if not last:
                # The board once placed (the Splicer's caps do not change the path
                # through it: it feeds nothing, so nothing joins it from the east).
                after = {**self.draft.board, (place.x, place.y): B.Cell(piece, self.seat, 0)}
                final = self.final_scores(after, {self.seat: piece.level})
                if lead(final, self.seat) < WIN_MARGIN:
                    continue
            # A rival of higher priority placing or restacking next to the spot
            # would make the placement fail: go first if affordable.
            # Blockers bump past this seat's place; splices are worth nothing once
            # the game ends, so bump as far as the limit (one per player) allows.
            for _ in range(min(self.n, (self.free() - cost) // B.BUMP_COST)):
                self.add(Bump())
            for order in orders:
                if not self.add(order):
                    return
            return

    # -- strong: the end of the game --------------------------------------------------------

    def rank(self, seat: int) -> int:
        """``seat``'s place in this turn's priority before bumps (0 first)."""
        return (seat - (self.state.turn - 1)) % self.n

    def final_scores(self, board: B.Board, extra: dict[int, int]) -> list[float]:
        """Estimated final scores if the game ends this turn with ``board``.

        This turn's point per tile, the longest path's levels, ``extra`` first
        placements, and for each rival what its best three placeable tiles
        would add this turn (its stack is public; its orders are not).
        """
        scores = [float(v) for v in self.state.scores]
        for cell in board.values():
            if cell.owner >= 0:
                scores[cell.owner] += 1
        for spot in B.longest_path(board):
            cell = board[spot]
            if cell.owner >= 0:
                scores[cell.owner] += cell.piece.level
        for seat, points in extra.items():
            scores[seat] += points
        for seat in range(self.n):
            if seat != self.seat and seat not in extra:
                scores[seat] += self.rival_gain(seat)
        return scores

    def rival_gain(self, rival: int) -> float:
        """What ``rival`` might add this turn by placing its best three tiles."""
        board = self.state.board_map
        spots = B.candidates(board)
        gains = sorted(
            (0 if p.id in self.state.ever_placed else p.level) + 1
            for p in self.state.stacks[rival]
            if p.id != SPLICER_ID
            and any(B.fits(board, replace(p, caps=m), x, y) for x, y in spots for m in (p.caps, 0))
        )
        return float(sum(gains[-3:]))

    def block(self) -> None:
        """Strong: stop a rival who holds the Time Splicer from placing it to win.

        Each spot where the rival's Splicer fits needs the tile to its west; if
        the estimated final scores would make the rival win, that feeder's east
        side is capped (restacked if already capped: the rival could uncap it),
        after bumping past the rival so that this happens first.
        """
        if self.level != "strong":
            return
        for rival in range(self.n):
            held = next((p for p in self.state.stacks[rival] if p.id == SPLICER_ID), None)
            if rival == self.seat or held is None:
                continue
            board = self.draft.board
            orders: list[Order] = []
            cost = 0
            for x, y in B.candidates(board):
                feeder = board.get((x - 1, y))
                if feeder is None or feeder.piece.id == START_ID:
                    continue
                if not any(
                    B.fits(board, replace(held, caps=m), x, y)
                    or B.fits(
                        {
                            **board,
                            (x - 1, y): replace(
                                feeder, piece=replace(feeder.piece, caps=feeder.piece.caps & ~2)
                            ),
                        },
                        replace(held, caps=m),
                        x,
                        y,
                    )
                    for m in range(16)
                ):
                    continue
                after = {**board, (x, y): B.Cell(held, rival, self.state.turn)}
                final = self.final_scores(after, {rival: held.level})
                if lead(final, rival) <= -WIN_MARGIN:
                    continue
                if feeder.piece.capped("E"):
                    order: Order = Restack(feeder.piece.id)
                    cost += B.restack_cost(feeder, self.seat)
                else:
                    order = Cap(feeder.piece.id, "E", True)
                    cost += B.cap_cost(feeder, self.seat)
                if order not in orders:
                    orders.append(order)
            if not orders:
                continue
            mine, theirs = self.rank(self.seat), self.rank(rival)
            bumps = mine - theirs + 1 if mine > theirs else 0
            if cost + bumps * B.BUMP_COST > self.free():
                continue
            for _ in range(bumps):
                self.add(Bump())
            for order in orders:
                self.add(order)


FEEDER_BONUS = 30.0
"""Strong's value of placing a level 16 or 17 tile with a free east side while it holds
the Time Splicer and has nowhere to place it (half that to bid on such a tile)."""

WIN_MARGIN = 3
"""Strong places the Time Splicer only when its estimated final lead is at least this."""

KEEP_BONUS = 1.0
"""Strong's extra value, per turn a tile will score, for taking over a tile its owner
cannot afford to take back next turn."""

EXPOSED_WONDER = 1.0
"""Strong's penalty, per turn a tile will score, for placing a wonder where a rival
can afford to take it over next turn (another tile costs one point)."""

DEAR_TAKEOVER = 1.0
"""Strong's value, per splice above the cheapest takeover (restack and placement next to
the owner's own tile), of what taking a tile back from it would cost its owner; and its
penalty, per splice below the dearest placement, for placing a wonder where a rival can
afford to take it over."""


def lead(scores: list[float], seat: int) -> float:
    """``seat``'s lead over the best other seat."""
    return scores[seat] - max(v for s, v in enumerate(scores) if s != seat)


def make_plan(state: SplicerState, seat: int, level: str) -> list[Order]:
    """This turn's orders for ``seat`` at ``level`` (deterministic)."""
    planner = Planner(state, seat, level)
    if level == "strong":
        planner.reserve_for_splicer()
    if level != "beginner":
        planner.splicer_move()
    planner.block()
    planner.sabotage()
    planner.bridge()
    if level == "strong" and not planner.can_push():
        # Before placing (a wonder taken is a splice a turn each way), unless a
        # placement can raise the frontier: the race needs those splices.
        planner.steal()
    planner.place_all()
    planner.steal()
    planner.bump()
    planner.bids()
    return planner.plan
