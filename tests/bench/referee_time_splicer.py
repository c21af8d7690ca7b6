"""A referee opponent for Time Splicer, written from the rules alone.

It shares no code with ``ai.py`` nor ``independent_time_splicer.py``: it reads only the
engine's public modules (board, content, orders, rules) and decides from the seat's
redacted state, as a human in its seat would.  On its first call of a turn it plans
every order, then writes them one call at a time and submits.

* **Placements**: greedy over (stack tile, spot), with up to three cap changes (on the
  tile, or on its neighbours' facing sides) to make a tile fit, and an added output group
  when that lets a stuck stack tile (or the Time Splicer) follow it.  A placement is
  worth, in points: the turns it will score, its level on first placement, a wonder's
  extra splices, the change in the longest-path balance (own levels minus rivals'),
  open sides for later cheap placements and the frontier it pushes, scaled by the
  chance that a rival of higher priority claims the spot first.  It is paid for in
  bidding power: what the splices it takes would have won at auction (below).
* **Steals**: restack a rival's tile and place it back on its spot when the swing (a
  point a turn each way, its level on the longest path, a wonder's splice) pays.
* **Bids**: a Monte-Carlo search (coordinate ascent) over bid vectors.  Each sample
  draws the resolution order and each rival's bids from what that rival bid in
  earlier turn reports, then runs the auction as the rules do: second price plus one,
  ties to priority, disqualification when a bid exceeds what is left.  A tile is worth
  its placement value next turn (less when the stack is backed up), and a tile a
  rival wins costs its value to that rival, shared among the rivals.
* **The Time Splicer**: worth the game at auction, so the search keeps enough splices
  to win it; placed (after bumping to the top of the priority) only when the
  estimated final scores say it wins, else held.  A rival's Splicer spot that would
  win them the game is blocked (cap the feeder's east side, or claim the spot) after
  bumping past them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pkg"))

from timegames.core import Bot, BotContext, State
from timegames.time_splicer import GAME, SplicerState
from timegames.time_splicer import board as B
from timegames.time_splicer.board import Cell, Piece
from timegames.time_splicer.content import SIDE_BIT, SPLICER_ID, START_ID, TILES
from timegames.time_splicer.orders import Bid, Bump, Cap, Improve, Place, Restack, Submit

SIDES4 = tuple(
    (side, dx, dy, SIDE_BIT[side], SIDE_BIT[B.OPPOSITE[side]]) for side, (dx, dy) in B.DELTA.items()
)
SPLICER_VALUE = 300.0
SAMPLES = 32


def fit_plan(board: dict, piece: Piece, x: int, y: int, seat: int) -> tuple | None:
    """The cheapest way to make ``piece`` fit at ``x, y``: (cost, flips, caps), or ``None``.

    ``flips`` are improvements of the piece's own sides, ``caps`` cap or uncap orders on
    the neighbours' facing sides (at most three changes in all); ``cost`` includes the
    placement itself.
    """
    if x < 0 or (x, y) in board:
        return None
    near = []
    for side, dx, dy, bit, back in SIDES4:
        cell = board.get((x + dx, y + dy))
        if cell is not None:
            joinable = B.join_ok(piece, (x, y), cell.piece, (x + dx, y + dy))
            near.append(
                (side, cell, bool(piece.caps & bit), bool(cell.piece.caps & back), joinable)
            )
    best = None
    for mask in range(1, 1 << len(near)):
        cost, place, flips, caps = 0, B.PLACE_COST, [], []
        for i, (side, cell, mine, theirs, joinable) in enumerate(near):
            sealed = not mask >> i & 1
            if not sealed and not joinable:
                break
            if mine != sealed:
                flips.append((side, sealed))
                cost += B.IMPROVE_SIDE
            if theirs != sealed:
                caps.append((cell.piece.id, B.OPPOSITE[side], sealed))
                cost += B.cap_cost(cell, seat)
            if not sealed:
                if cell.owner == seat:
                    place = B.PLACE_NEXT_TO_OWN
                elif cell.piece.id == START_ID:
                    place = min(place, B.PLACE_NEXT_TO_START)
        else:
            if len(flips) + len(caps) <= 3 and (best is None or cost + place < best[0]):
                best = (cost + place, flips, caps)
    return best


def flipped(piece: Piece, flips: list[tuple[str, bool]]) -> Piece:
    caps = piece.caps
    for side, cap in flips:
        caps = caps | SIDE_BIT[side] if cap else caps & ~SIDE_BIT[side]
    return replace(piece, caps=caps)


def options(board: dict, piece: Piece, seat: int, budget: int) -> list[tuple]:
    """Every (cost, x, y, flips, caps, piece as placed) for ``piece`` within ``budget``."""
    out = []
    for x, y in B.candidates(board):
        plan = fit_plan(board, piece, x, y, seat)
        if plan is not None and plan[0] <= budget:
            cost, flips, caps = plan
            out.append((cost, x, y, flips, caps, flipped(piece, flips) if flips else piece))
    return out


def after(board: dict, fit: tuple, seat: int, turn: int) -> dict:
    """The board once ``fit`` (an entry of :func:`options`) is carried out."""
    _, x, y, _, caps, placed = fit
    new = dict(board)
    for tile, side, cap in caps:
        spot = next(s for s, c in new.items() if c.piece.id == tile)
        new[spot] = replace(new[spot], piece=flipped(new[spot].piece, [(side, cap)]))
    new[(x, y)] = Cell(placed, seat, turn)
    return new


def fit_orders(tile: int, fit: tuple) -> list[Any]:
    _, x, y, flips, caps, _ = fit
    orders: list[Any] = [Cap(t, side, cap) for t, side, cap in caps]
    orders += [Improve(tile, "cap" if cap else "uncap", side) for side, cap in flips]
    return [*orders, Place(tile, x, y)]


def path_points(board: dict, n: int) -> list[int]:
    bonus = [0] * n
    for spot in B.longest_path(board):
        cell = board[spot]
        if cell.owner >= 0:
            bonus[cell.owner] += cell.piece.level
    return bonus


class Ctx:
    """What one turn's plan needs to know."""

    def __init__(self, st: SplicerState, me: int) -> None:
        self.me, self.n, self.turn = me, st.players, st.turn
        self.board = dict(st.board_map)
        self.scores = list(st.scores)
        self.splices = list(st.splices)
        self.ever = set(st.ever_placed)
        self.base = [(st.turn - 1 + i) % self.n for i in range(self.n)]
        self.rank = {seat: self.base.index(seat) for seat in range(self.n)}
        self.opps = [s for s in range(self.n) if s != me]
        self.delta = 1.0 / (self.n - 1)
        self.frontier = max(c.piece.level for c in self.board.values())
        holder = next(
            (s for s in range(self.n) if any(p.id == SPLICER_ID for p in st.stacks[s])), -1
        )
        if holder == me:
            end = self.turn + 4
        elif holder >= 0 or self.frontier >= 16:
            end = self.turn + 2
        else:
            end = self.turn + 2 + (16 - self.frontier) / 0.55
        self.R = max(1.0, min(40, end) - self.turn + 1)
        owned = [0] * self.n
        for cell in self.board.values():
            if cell.owner >= 0:
                owned[cell.owner] += 1
        pp = path_points(self.board, self.n)
        proj = [self.scores[s] + owned[s] * self.R + pp[s] for s in range(self.n)]
        self.lead = proj[me] - max(proj[o] for o in self.opps)
        self.prog = 1.5 if self.lead >= 0 else -0.5
        self.wonder_v = 1.5 * (self.R - 1) + (6.0 if self.frontier >= 12 else 0.0)
        self.w_path = 0.4 + 0.5 * max(0.0, 1 - self.R / 20)
        self.lam0 = 1.5


class Referee(Bot[Any]):
    """The referee opponent (see the module docstring)."""

    def __init__(self, spoiler: bool = True) -> None:
        self.spoiler = spoiler
        self.key: tuple[int, int] | None = None
        self.queue: list[Any] = []
        self.hist: dict[int, list[list[tuple[int, int]]]] = {}
        self.prev_bidding: list[int] = []

    def choose(self, state: State[Any], context: BotContext) -> Any:
        assert isinstance(state, SplicerState)
        me = state.to_move
        st = state.redacted(me)
        if self.key != (st.turn, me):
            self.key = (st.turn, me)
            if st.turn == 1:
                self.hist, self.prev_bidding = {}, []
            self.observe(st, me)
            self.queue = self.plan(st, me, context.rng)
            self.prev_bidding = [p.id for p in st.bidding]
        while self.queue:
            action = self.queue.pop(0)
            if st.illegal_reason(action) is None:
                return action
        return Submit()

    # -- rivals' bids, from the last turn report --------------------------------------------

    @staticmethod
    def ranked(tiles: list[int]) -> list[int]:
        plain = [t for t in tiles if t != SPLICER_ID]
        return sorted(plain, key=lambda t: (-(TILES[t].level + 6 * TILES[t].wonder), t))

    def observe(self, st: SplicerState, me: int) -> None:
        report = st.report
        if not report or report.get("turn") != st.turn - 1 or not self.prev_bidding:
            return
        rank = {t: i for i, t in enumerate(self.ranked(self.prev_bidding))}
        seen: dict[int, list[tuple[int, int]]] = {s: [] for s in range(st.players) if s != me}
        for step in report["steps"]:
            if step.get("phase") == "bid" and "bids" in step and step.get("tile") in rank:
                for entry in step["bids"]:
                    if entry["seat"] != me:
                        seen[entry["seat"]].append((rank[step["tile"]], entry["amount"]))
        for seat, bids in seen.items():
            self.hist.setdefault(seat, []).append(bids)

    def sample_bids(self, seat: int, tiles: list[int], purse: int, rng: Any) -> list[int]:
        out = [0] * len(tiles)
        order = self.ranked(tiles)
        history = self.hist.get(seat, [])
        if not history or rng.random() < 0.2:
            for i in range(len(tiles)):
                if rng.random() < 0.6:
                    out[i] = 1 + int(rng.random() * purse)
        else:
            record = history[-1 - int(rng.random() * min(len(history), 8))]
            for rank, amount in record:
                if rank < len(order):
                    noisy = amount + int(rng.random() * 3) - 1
                    out[tiles.index(order[rank])] = max(1, min(purse, noisy))
        for i, tile in enumerate(tiles):
            if tile == SPLICER_ID:
                out[i] = purse
        return out

    # -- values ------------------------------------------------------------------------------

    def gain(self, c: Ctx, W: dict, piece: Piece, x: int, y: int, R: float, seat: int) -> float:
        """Points ``piece`` placed at ``x, y`` brings (before its price)."""
        value = R + (piece.level if piece.id not in c.ever else 0)
        if TILES[piece.id].wonder:
            value += c.wonder_v
        for side, dx, dy, bit, _ in SIDES4:
            if x + dx >= 0 and (x + dx, y + dy) not in W and not piece.caps & bit:
                value += 1.0 if side == "E" else 0.4
        if piece.level > c.frontier:
            value += (piece.level - c.frontier) * (c.prog if seat == c.me else 1.0)
        return value

    def tile_value(self, c: Ctx, W: dict, piece: Piece, seat: int) -> float:
        """What winning ``piece`` now is worth to ``seat`` (placed next turn)."""
        if piece.id == SPLICER_ID:
            return SPLICER_VALUE
        R = max(1.0, c.R - 1)
        opts = options(W, piece, seat, 99)
        if not opts:
            return 0.3 * (R + piece.level) + (0.5 * c.wonder_v if TILES[piece.id].wonder else 0)
        best = max(self.gain(c, W, f[5], f[1], f[2], R, seat) - c.lam0 * f[0] for f in opts)
        return best + c.w_path * 0.5 * piece.level

    def risk(self, c: Ctx, x: int, y: int) -> float:
        """The chance that a rival of higher priority claims ``x, y`` or a neighbour first."""
        near = {(x, y), *((x + dx, y + dy) for _, dx, dy, _, _ in SIDES4)}
        keep = 1.0
        for spots in c.rival_fits:
            if spots:
                keep *= 1 - 0.8 * len(spots & near) / len(spots)
        return 1 - keep

    # -- the auction -------------------------------------------------------------------------

    def auction(self, c: Ctx, st: SplicerState, W: dict, backlog: int, rng: Any) -> Any:
        tiles = [p.id for p in st.bidding]
        pieces = list(st.bidding)
        mine = [self.tile_value(c, W, p, c.me) * 0.8**backlog for p in pieces]
        theirs = {o: [self.tile_value(c, c.board, p, o) * c.delta for p in pieces] for o in c.opps}
        samples = []
        for _ in range(SAMPLES):
            order = list(range(len(tiles)))
            rng.shuffle(order)
            rivals = []
            for o in c.opps:
                purse = c.splices[o]
                if SPLICER_ID not in tiles:
                    placeable = sum(1 for p in st.stacks[o] if options(c.board, p, o, 5))
                    purse = max(1, purse - min(3, placeable) * 2)
                rivals.append((c.rank[o], purse, self.sample_bids(o, tiles, purse, rng), theirs[o]))
            samples.append((order, rivals))
        my_rank = c.rank[c.me]

        def utility(bids: list[int], budget: int) -> float:
            total = 0.0
            for order, rivals in samples:
                purse, out = budget, False
                left = [r[1] for r in rivals]
                dq = [False] * len(rivals)
                won: list[float] = []
                for i in order:
                    entries = []
                    if bids[i] and not out:
                        if bids[i] > purse:
                            out = True
                        else:
                            entries.append((-bids[i], my_rank, -1))
                    for j, (rank, _, amounts, _) in enumerate(rivals):
                        a = amounts[i]
                        if a and not dq[j]:
                            if a > left[j]:
                                dq[j] = True
                            else:
                                entries.append((-a, rank, j))
                    if not entries:
                        continue
                    entries.sort()
                    top, _, who = entries[0]
                    price = min(-top, 1 - entries[1][0]) if len(entries) > 1 else 1
                    if who < 0:
                        purse -= price
                        won.append(mine[i])
                    else:
                        left[who] -= price
                        total -= rivals[who][3][i]
                factor = 1.0
                for v in sorted(won, reverse=True):
                    total += v * factor
                    factor *= 0.8
            return total / len(samples)

        def best(budget: int) -> tuple[float, list[int]]:
            bids = [0] * len(tiles)
            if budget <= 0:
                return utility(bids, 0), bids
            top = utility(bids, budget)
            for _ in range(2):
                for i in sorted(range(len(tiles)), key=lambda k: -mine[k]):
                    for a in range(budget + 1):
                        trial = bids[:]
                        trial[i] = a
                        u = utility(trial, budget)
                        if u > top + 1e-9:
                            top, bids = u, trial
            return top, bids

        memo: dict[int, tuple[float, list[int]]] = {}

        def value(budget: int) -> tuple[float, list[int]]:
            if budget not in memo:
                memo[budget] = best(budget)
            return memo[budget]

        return tiles, value

    # -- the plan ------------------------------------------------------------------------------

    def final_scores(self, c: Ctx, W: dict, extra: list[float]) -> list[float]:
        scores = [c.scores[s] + extra[s] for s in range(c.n)]
        for cell in W.values():
            if cell.owner >= 0:
                scores[cell.owner] += 1
        for s, b in enumerate(path_points(W, c.n)):
            scores[s] += b
        return scores

    def rival_extra(self, c: Ctx, st: SplicerState) -> list[float]:
        """Points each rival might add this turn with its own placements."""
        extra = [0.0] * c.n
        for o in c.opps:
            gains = sorted(
                (p.level if p.id not in c.ever else 0) + 1
                for p in st.stacks[o]
                if p.id != SPLICER_ID and options(c.board, p, o, 10)
            )
            extra[o] = sum(gains[-3:])
        return extra

    def bumps_over(self, c: Ctx, rivals: list[int]) -> int:
        mine = c.rank[c.me]
        worst = min((c.rank[o] for o in rivals), default=c.n)
        return min(c.n, max(1, mine - worst + 1))

    def block(self, c: Ctx, st: SplicerState, W: dict, stack: list, budget: int) -> tuple:
        """Orders that stop a rival placing a winning Time Splicer, and their price."""
        orders: list[Any] = []
        spent = 0
        for o in c.opps:
            held = next((p for p in st.stacks[o] if p.id == SPLICER_ID), None)
            if held is None:
                continue
            threats = []
            for fit in options(W, held, o, c.splices[o]):
                extra = [c.rival_extra[s] + (18 if s == o else 0) for s in range(c.n)]
                final = self.final_scores(c, after(W, fit, o, c.turn), extra)
                if final[o] >= final[c.me]:
                    threats.append(fit)
            todo: list[Any] = []
            cost = 0
            for fit in threats:
                x, y = fit[1], fit[2]
                feeder = W.get((x - 1, y))
                if feeder is not None and not feeder.piece.capped("E"):
                    todo.append(Cap(feeder.piece.id, "E", True))
                    cost += B.cap_cost(feeder, c.me)
                    W[(x - 1, y)] = replace(feeder, piece=flipped(feeder.piece, [("E", True)]))
                    continue
                claim = [
                    (mine, p)
                    for p in stack
                    for mine in options(W, p, c.me, budget)
                    if abs(mine[1] - x) + abs(mine[2] - y) <= 1
                ]
                if claim:
                    mine, p = min(claim, key=lambda e: e[0][0])
                    todo += fit_orders(p.id, mine)
                    cost += mine[0]
                    stack.remove(p)
                    W.update(after(W, mine, c.me, c.turn))
            if threats:
                bumps = self.bumps_over(c, [o])
                if spent + cost + 2 * bumps <= budget:
                    orders += [Bump()] * bumps + todo
                    spent += cost + 2 * bumps
        return orders, spent

    def plan(self, st: SplicerState, me: int, rng: Any) -> list[Any]:
        c = Ctx(st, me)
        c.rival_extra = self.rival_extra(c, st)
        c.rival_fits = [
            {(f[1], f[2]) for f in options(c.board, p, o, 99)}
            for o in c.opps
            if c.rank[o] < c.rank[me]
            for p in st.stacks[o]
        ]
        W = dict(c.board)
        stack = list(st.stacks[me])
        orders, spent = self.block(c, st, W, stack, c.splices[me])
        budget = c.splices[me] - spent
        gained = [0.0] * c.n
        ending = False
        tiles, auction_value = self.auction(c, st, W, max(0, len(stack) - 2), rng)
        held = next((p for p in stack if p.id == SPLICER_ID), None)
        # Greedy placements and steals, each paid for in lost bidding power.
        for _ in range(8):
            base = 0.0 if ending else auction_value(budget)[0]
            lost = {k: base - auction_value(budget - k)[0] for k in range(budget + 1)}
            if ending:
                lost = dict.fromkeys(lost, 0.0)

            R = 1.0 if ending else c.R
            pb = self.path_balance(W, c)
            moves: list[tuple[float, list[Any], int, Any, dict, str]] = []
            mine = sorted(stack, key=lambda p: -p.level)[:10]
            stuck = [u for u in mine if u.id != SPLICER_ID and not options(W, u, me, 99)]
            for piece in mine:
                variants: list[tuple[Piece, list[Any]]] = [(piece, [])]
                if piece.id != SPLICER_ID and len(piece.outputs) < 4:
                    wanted = {u.group for u in stuck if u is not piece}
                    if held is not None and piece.level >= 16:
                        wanted.add("time")
                    for g in sorted(wanted - set(piece.outputs)):
                        more = replace(piece, outputs=(*piece.outputs, g))
                        variants.append((more, [Improve(piece.id, "add", g)]))
                for variant, pre in variants:
                    add = B.IMPROVE_ADD_GROUP * len(pre)
                    for fit in options(W, variant, me, budget - add):
                        cost = fit[0] + add
                        W2 = after(W, fit, me, c.turn)
                        todo = pre + fit_orders(piece.id, fit)
                        if piece.id == SPLICER_ID:
                            net = self.splicer_net(c, W2, gained)
                            if net is None:
                                continue
                            bumps = self.bumps_over(c, c.opps)
                            if cost + 2 * bumps > budget:
                                bumps = 0
                            todo = [Bump()] * bumps + todo
                            moves.append((net, todo, cost + 2 * bumps, piece, W2, "end"))
                            continue
                        x, y = fit[1], fit[2]
                        value = self.gain(c, W, fit[5], x, y, R, me)
                        value += c.w_path * (self.path_balance(W2, c) - pb)
                        if held is not None and not ending:
                            value += 200 * any(
                                self.splicer_net(c, after(W2, f, me, c.turn), gained) is not None
                                for f in options(W2, held, me, budget - cost)
                            )
                        if pre:
                            value += sum(
                                0.8 * (R + u.level)
                                for u in stuck
                                if u.group == pre[0].arg and options(W2, u, me, budget - cost)
                            )
                        value *= 1 - self.risk(c, x, y)
                        moves.append((value - lost[cost], todo, cost, piece, W2, "place"))
            for spot, cell in list(W.items()):
                if cell.owner in (me, B.NO_OWNER) or cell.piece.id == SPLICER_ID:
                    continue
                del W[spot]
                ok = B.fits(W, cell.piece, *spot)
                cost = B.RESTACK_OTHER + (B.place_cost(W, cell.piece, *spot, me) if ok else 99)
                W[spot] = cell
                if cost > budget:
                    continue
                W2 = {**W, spot: replace(cell, owner=me, turn=c.turn)}
                if ending:
                    swing = path_points(W2, c.n)[me] - path_points(W, c.n)[me]
                else:
                    swing = c.w_path * (self.path_balance(W2, c) - pb)
                value = R * (1 + c.delta) + swing
                if cell.piece.info.wonder and not ending:
                    value += c.wonder_v * (1 + c.delta)
                value *= 1 - self.risk(c, *spot)
                todo = [Restack(cell.piece.id), Place(cell.piece.id, *spot)]
                moves.append((value - lost[cost], todo, cost, None, W2, "steal"))
            if not moves:
                break
            net, todo, cost, piece, W2, kind = max(moves, key=lambda m: m[0])
            if net <= 0:
                break
            if piece is not None:
                stack.remove(piece)
                if piece.id not in c.ever:
                    gained[me] += piece.level
            if kind == "end":
                ending, held = True, None
            W = W2
            orders += todo
            budget -= cost
        if not ending:
            _, bids = auction_value(budget)
            orders += [Bid(t, a) for t, a in zip(tiles, bids, strict=True) if a > 0]
        return orders

    def path_balance(self, W: dict, c: Ctx) -> float:
        total = 0.0
        for spot in B.longest_path(W):
            cell = W[spot]
            if cell.owner == c.me:
                total += cell.piece.level
            elif cell.owner >= 0:
                total -= c.delta * cell.piece.level
        return total

    def splicer_net(self, c: Ctx, W: dict, gained: list) -> float | None:
        """What ending the game on board ``W`` (the Splicer placed) is worth: ``None`` unless
        the estimated final scores make it a win."""
        extra = [gained[s] + (18 if s == c.me else c.rival_extra[s]) for s in range(c.n)]
        final = self.final_scores(c, W, extra)
        margin = final[c.me] - max(final[o] for o in c.opps)
        if margin >= 3 or (not self.spoiler and c.turn >= 40):
            return 1000.0 + margin
        return None


# -- measuring: python3 tests/bench/referee_time_splicer.py [--games N] ----------------------


def play(seed: int, seats: tuple[str, ...]) -> Any:
    """One seeded game (bench seeding: the game's seed drives chance and the bots' rng)."""
    state: Any = GAME.new_game({"players": len(seats)}, seed)
    bots = [Referee() if s == "referee" else GAME.make_bot(s) for s in seats]
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply(state.sample_chance())
        else:
            seat = state.current_player()
            state = state.apply(bots[seat].choose(state, BotContext(rng)))
    return state


def line(pattern: tuple[str, ...], seeds: int) -> None:
    """``seeds`` seeds x every rotation of ``pattern``; win shares by name."""
    wins: dict[str, float] = {}
    nobody = games = 0
    for i in range(seeds):
        for r in range(len(pattern)):
            seats = pattern[r:] + pattern[:r]
            state = play(7_000 + i, seats)
            games += 1
            winners = state.outcome().winners
            nobody += not winners
            for w in winners:
                wins[seats[w]] = wins.get(seats[w], 0.0) + 1 / len(winners)
    cells = ", ".join(
        f"{name} {wins.get(name, 0):g}/{games} = {wins.get(name, 0) / games:.0%}"
        f" (fair {pattern.count(name) / len(pattern):.0%})"
        for name in dict.fromkeys(pattern)
    )
    print(f"{' + '.join(pattern):<38} {cells}, nobody won {nobody}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description="Time Splicer levels against the referee")
    parser.add_argument("--seeds", type=int, default=20, help="seeds per line (x rotations)")
    parser.add_argument("--lines", default="all", help="comma list: 2p, 4p, random")
    args = parser.parse_args()
    levels = [lv.key for lv in GAME.ai_levels()]
    top, below = levels[-1], levels[-2]
    wanted = args.lines.split(",")
    started = time.perf_counter()
    for level in (top, below):
        if "all" in wanted or "2p" in wanted:
            line((level, "referee"), args.seeds)
        if "all" in wanted or "4p" in wanted:
            line((level, level, "referee", "referee"), max(1, args.seeds // 2))
    if "all" in wanted or "random" in wanted:
        line(("random", "referee"), 3)
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
