"""An independent Time Splicer opponent, for benchmarks only (written by the referee).

It shares no code with ``timegames.time_splicer.ai`` and imports nothing from
the game's package: it sees a position only through the public protocol —
``state.view(seat)`` (the seat's own view, so it sees exactly what a human in
that seat sees), ``state.legal_actions()``, ``state.play()`` and the game's
notation (``action_to_text`` / ``parse_action``).

The player, :class:`OnePly`, is a greedy one-ply evaluator.  Each call it
tries every legal non-bid order (placements, improvements, caps, restacks)
on the seat's draft, scores the draft that order leaves with
:func:`evaluate`, and writes the best one that gains more than it costs.
Placements are scored from the aimed spots in the view; improvements (one side of a
stuck tile) by one ply.  When no order gains, it writes its bids (true-value bids, spread over the
two best tiles: Vickrey pricing makes bidding one's value sensible), then
submits.  It never bumps.

Run ``python3 tests/bench/independent_time_splicer.py [--pairs N]`` to
measure every AI level against it and against random (one process).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pkg"))

from timegames import GAMES
from timegames.core import Bot, BotContext, State

GAME = GAMES["time_splicer"]
SPLICER_LEVEL = 18
TILE_SET = {t["id"]: t for t in GAME.tool("tiles", {})["tiles"]}
"""The printed tiles, from the game's public ``tiles`` tool (for tiles a draft has placed)."""


def _frontier(view: dict[str, Any]) -> int:
    return max((t["tile"]["level"] for t in view["timeline"]["tiles"]), default=0)


def _tile_value(level: int, wonder: bool, frontier: int, turns_left: int) -> float:
    """What a tile on the timeline is worth to its owner, in rough points."""
    if level >= SPLICER_LEVEL:
        return 10_000.0
    value = level + min(turns_left, 10) * 0.8  # level once, one point per turn after
    value += 5.0 * max(0, level - frontier)  # pushing the frontier brings the Splicer nearer
    if wonder:
        value += min(turns_left, 10) * 0.7  # one splice a turn
    return value


def evaluate(view: dict[str, Any]) -> float:
    """The worth of a seat's draft: its new placements, its placeable stack, splices left."""
    me = view["me"]
    frontier = _frontier(view)
    turns_left = view["max_turns"] - view["turn"]
    score = 0.0
    for change in me["board_changes"]:
        tile = TILE_SET.get(change.get("tile", -1))
        if change["kind"] == "place" and tile is not None:
            score += _tile_value(tile["level"], tile["wonder"], frontier, turns_left)
        elif change["kind"] == "restack" and tile is not None:
            score -= 0.5 * tile["level"]
    spots = {aim["tile"]: aim["spots"] for aim in me["aims"]}
    for tile in me["stack"]:
        if spots.get(tile["id"]):
            # A tile that can go somewhere later is worth part of its placement.
            score += 0.35 * _tile_value(tile["level"], tile["wonder"], frontier, turns_left)
    return score + 0.9 * me["free"]


class OnePly(Bot[Any]):
    """Greedy one-ply Time Splicer player; uses only the public protocol."""

    def choose(self, state: State[Any], context: BotContext) -> Any:
        """The best gaining order now, else the next bid, else ``submit``."""
        seat = state.current_player()
        view = state.view(seat)
        me = view["me"]
        texts = {GAME.action_to_text(a): a for a in state.legal_actions()}
        if len(me["pending"]) < 12:
            order = self.best_placement(view, texts) or self.best_improvement(
                state, seat, view, texts
            )
            if order is not None:
                return texts[self.widen(view, texts, order) or order]
        bid = self.next_bid(view, texts)
        if bid is not None:
            return texts[bid]
        return texts["submit"]

    @staticmethod
    def best_placement(view: dict[str, Any], texts: dict[str, Any]) -> str | None:
        """The placement that gains most (read straight from the view's aimed spots)."""
        me = view["me"]
        frontier = _frontier(view)
        turns_left = view["max_turns"] - view["turn"]
        stack = {t["id"]: t for t in me["stack"]}
        best: tuple[float, str] | None = None
        for aim in me["aims"]:
            tile = stack[aim["tile"]]
            worth = 0.65 * _tile_value(tile["level"], tile["wonder"], frontier, turns_left)
            for spot in aim["spots"]:
                text = f"place {tile['id']} {spot['x']},{spot['y']}"
                if text not in texts:
                    continue  # not affordable
                gain = worth - 0.9 * spot["cost"] + 0.01 * spot["x"]
                if gain > 0.5 and (best is None or gain > best[0]):
                    best = (gain, text)
        return None if best is None else best[1]

    @staticmethod
    def best_improvement(
        state: State[Any], seat: int, view: dict[str, Any], texts: dict[str, Any]
    ) -> str | None:
        """One ply: the side change to a stuck stack tile whose draft scores best."""
        me = view["me"]
        stack = {t["id"]: t for t in me["stack"]}
        stuck = sorted(
            (aim["tile"] for aim in me["aims"] if not aim["spots"]),
            key=lambda t: -stack[t]["level"],
        )[:4]
        base = evaluate(view)
        best: tuple[float, str] | None = None
        for tile in stuck:
            for side in "NESW":
                for kind in ("cap", "uncap"):
                    text = f"improve {tile} {kind} {side}"
                    if text not in texts:
                        continue
                    gain = evaluate(state.play(texts[text]).view(seat)) - base
                    if gain > 0.5 and (best is None or gain > best[0]):
                        best = (gain, text)
        if best is None:
            # Sealing or opening a free side of a tile at the east edge of the timeline.
            east = view["timeline"]["bounds"]["max_x"] - 1
            edge = {t["tile"]["id"] for t in view["timeline"]["tiles"] if t["x"] >= east}
            for text, action in texts.items():
                words = text.split()
                if words[0] in ("cap", "uncap") and int(words[1]) in edge:
                    gain = evaluate(state.play(action).view(seat)) - base
                    if gain > 0.5 and (best is None or gain > best[0]):
                        best = (gain, text)
        if best is None:
            # Two side changes to the highest stuck tile (e.g. open W and seal N).
            for tile in stuck[:1]:
                changes = [
                    f"improve {tile} {'uncap' if stack[tile]['caps'][side] else 'cap'} {side}"
                    for side in "NESW"
                ]
                for i, first in enumerate(changes):
                    for second in changes[i + 1 :]:
                        if first not in texts:
                            continue
                        after = state.play(texts[first])
                        follow = {GAME.action_to_text(a): a for a in after.legal_actions()}
                        if second not in follow:
                            continue
                        gain = evaluate(after.play(follow[second]).view(seat)) - base
                        if gain > 0.5 and (best is None or gain > best[0]):
                            best = (gain, first)
        return None if best is None else best[1]

    @staticmethod
    def widen(view: dict[str, Any], texts: dict[str, Any], place: str) -> str | None:
        """Before placing a tile, add an output group that one of our higher tiles needs.

        A placed tile's outputs are fixed, and the tile east of it must be of one of
        them, so the group is added while the tile is still in the stack.
        """
        words = place.split()
        if words[0] != "place":
            return None
        me = view["me"]
        tile = next(t for t in me["stack"] if t["id"] == int(words[1]))
        if tile["caps"]["E"]:
            return None
        spot_cost = next(
            (
                s["cost"]
                for a in me["aims"]
                if a["tile"] == tile["id"]
                for s in a["spots"]
                if f"{s['x']},{s['y']}" == words[2]
            ),
            5,
        )
        for other in sorted([*me["stack"], *view["bidding"]], key=lambda t: -t["level"]):
            if other["id"] == tile["id"] or other["group"] in tile["outputs"]:
                continue
            if 0 <= other["level"] - tile["level"] <= 2 and me["free"] >= 4 + spot_cost:
                text = f"improve {tile['id']} add {other['group']}"
                if text in texts:
                    return text
        return None

    @staticmethod
    def next_bid(view: dict[str, Any], texts: dict[str, Any]) -> str | None:
        """One more true-value bid, on the best tile not yet bid on (two at most)."""
        me = view["me"]
        if len(me["bid_on"]) >= 2 or me["free"] < 1:
            return None
        frontier = _frontier(view)
        previews = {p["tile"]: p["spots"] for p in view["previews"]}
        worth: list[tuple[float, int]] = []
        for tile in view["bidding"]:
            if tile["id"] in me["bid_on"]:
                continue
            if tile["level"] >= SPLICER_LEVEL:
                w = 99.0
            else:
                w = 1.0 + 1.6 * max(0, tile["level"] - frontier + 3)
                if tile["wonder"]:
                    w += 2.0
                spots = previews.get(tile["id"], [])
                if spots:
                    w += 1.5
                if any(spot["x"] >= view["timeline"]["bounds"]["max_x"] for spot in spots):
                    w += 3.0  # it would push the timeline east
                elif not spots and tile["level"] < frontier:
                    w = 1.0
            worth.append((w, tile["id"]))
        if not worth:
            return None
        w, tile_id = max(worth)
        amount = max(1, min(me["free"], round(w)))
        text = f"bid {tile_id} {amount}"
        return text if text in texts else None


# -- measuring -----------------------------------------------------------------------------------


def make(level: str) -> Bot[Any]:
    """The game's bot at ``level``, or this file's player for ``independent``."""
    return OnePly() if level == "independent" else GAME.make_bot(level)


def play(seed: int, levels: Sequence[str]) -> tuple[tuple[int, ...], bool, int, float]:
    """One seeded game: winners, whether the Splicer was placed, last turn, max think ms."""
    state: Any = GAME.new_game({"players": len(levels)}, seed)
    bots = [make(level) for level in levels]
    rng = random.Random(seed)
    worst = 0.0
    while not state.is_terminal():
        if state.is_chance():
            state = state.play(state.sample_chance())
            continue
        seat = state.current_player()
        started = time.perf_counter()
        action = bots[seat].choose(state, BotContext(rng))
        if levels[seat] == "independent":
            worst = max(worst, time.perf_counter() - started)
        state = state.play(action)  # checked: the bots must write legal orders
    outcome = state.outcome()
    placed = state.view(None)["splicer_by"] is not None
    return outcome.winners, placed, state.turn, worst * 1000


def pairing(level: str, other: str, pairs: int, first_seed: int) -> dict[str, float]:
    """Two-player games in seeded pairs (seats swapped): ``level``'s share of wins."""
    wins = lost_all = 0.0
    for i in range(pairs):
        for seats in ((level, other), (other, level)):
            winners, _placed, _turn, _ms = play(first_seed + i, seats)
            if not winners:
                lost_all += 1
            elif seats.index(level) in winners:
                wins += 1 / len(winners)
    games = 2 * pairs
    return {"win": wins / games, "lost_all": lost_all / games, "games": games}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=10, help="seeded pairs per line")
    args = parser.parse_args(argv)
    levels = [lv.key for lv in GAME.ai_levels()]
    print(
        f"Time Splicer: each level vs the independent one-ply player and vs random, "
        f"{args.pairs} seeded pairs (seats swapped) per cell, 2 players; level's win rate "
        "(games where everyone lost in brackets)"
    )
    for level in levels:
        cells = []
        for other in ("independent", "random"):
            r = pairing(level, other, args.pairs, 31_000)
            cells.append(f"vs {other}: {r['win']:6.1%} (all lost {r['lost_all']:.0%})")
        print(f"  {level:<9} " + "   ".join(cells), flush=True)
    times = [play(31_500 + i, ("independent", "strong"))[3] for i in range(3)]
    print(f"  independent: slowest decision {statistics.mean(times):.0f} ms (mean of 3 games)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
