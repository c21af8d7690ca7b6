"""Time Splicer: the referee's scenario tests (findings in notes/time_splicer_referee.md).

Rule sentences the team's tests leave uncovered.  Tests of behaviour the
referee found WRONG or MISSING are written as the behaviour should be and
marked ``xfail(strict=True)`` with the finding's id: whoever fixes a finding
removes the mark.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from test_time_splicer_support import refused, scenario, steps, tile_at, turn, write
from timegames.core import BotContext, FormatError, IllegalAction
from timegames.time_splicer import GAME, SPLICER_ID, TILES, SplicerState
from timegames.time_splicer.orders import Bid, Bump, Cap, Improve, Place, Restack, Submit
from timegames.time_splicer.rules import MAX_TURNS

FREE = ""
AXE = 1  # level 0 tools
CAVE = 2  # level 0 writing, a wonder; the starting tile feeds writing
POTTERY = 9  # level 1 tools
WEAVING = 12  # level 1 tools
CLOCK = 133  # Optical lattice clock, level 17 time
SATNAV = 125  # level 16 time


def _splicer_position(turn_no: int = 1) -> SplicerState:
    """A made-up board: the clock (level 17, feeds time) east of the start, seat 1 owns it."""
    return scenario(
        board={(1, 0): ((CLOCK, FREE, ("time",)), 1)},
        stacks={0: [SPLICER_ID]},
        turn=turn_no,
    )


# -- players, turns, wonders -------------------------------------------------------------


def test_R_A6_a_wonders_splice_follows_the_tile_to_its_new_owner() -> None:
    state = turn(scenario(stacks={0: [(CAVE, FREE)]}), ["place 2 1,0"], [])
    assert state.splices == (11, 10)  # 10 + 1 for the wonder seat 0 now owns
    state = turn(state, [], ["restack 2"])  # turn 2: seat 1 has priority; 8 splices
    assert state.splices == (10, 10)
    assert [p.id for p in state.stacks[1]] == [CAVE]
    state = turn(state, [], ["place 2 1,0"])  # turn 3
    assert tile_at(state, 1, 0).owner == 1  # type: ignore[union-attr]
    assert state.splices == (10, 11)


def test_R_B10_a_tile_won_this_turn_cannot_be_placed_this_turn() -> None:
    state = scenario(bidding=[POTTERY])
    refused(state.play_text("bid 9 3"), "place 9 1,0", "not-in-stack")
    state = turn(state, ["bid 9 3"], [])
    assert [p.id for p in state.stacks[0]] == [POTTERY]
    state = turn(state, ["place 9 1,0"], [])
    assert tile_at(state, 1, 0) is not None


def test_R_I3_a_tile_restacked_and_placed_again_in_one_turn_earns_no_level_points() -> None:
    state = turn(scenario(stacks={0: [(WEAVING, FREE)]}), ["place 12 1,0"], [])
    assert state.scores == (1 + 1, 0)
    # Turn 2: seat 0 takes it back (4) and puts it in again (3, next to the start).
    state = turn(state, ["restack 12", "place 12 1,0"], [])
    assert tile_at(state, 1, 0) is not None
    assert state.scores == (2 + 1, 0)  # only the per-turn point
    assert [s["paid"] for s in steps(state, "order")] == [4, 3]


# -- secrecy and the report -------------------------------------------------------------


def test_R_B1_once_everyone_has_submitted_no_view_shows_another_seats_orders() -> None:
    state = scenario(players=3, stacks={0: [(POTTERY, FREE)], 2: [(WEAVING, FREE)]}, bidding=[1])
    state = write(state, "improve 9 cap N", "bid 1 4")
    state = write(state, "bump")
    state = write(state, "place 12 1,0")
    assert state.is_chance()
    secrets = {0: ("improve 9", "bid 1 4"), 1: ("bump",), 2: ("place 12",)}
    for viewer in (0, 1, 2, None):
        text = json.dumps(state.view(viewer))
        for seat, words in secrets.items():
            if seat != viewer:
                assert not any(w in text for w in words), (viewer, seat)
    for viewer in (1, 2, None):
        assert state.view(viewer)["stacks"][0][0]["caps"]["N"] is False
    assert "me" not in state.view(None)


def test_R_B6_the_report_runs_priority_then_bids_then_orders_in_priority_order() -> None:
    stacks = {0: [(POTTERY, FREE)], 1: [(AXE, FREE)], 2: [(CAVE, FREE)]}
    state = scenario(players=3, stacks=stacks, bidding=[4, 5])
    state = turn(
        state,
        ["bid 4 2", "place 9 1,0"],
        ["place 1 0,1", "bid 5 1"],
        ["bump", "bump", "bump", "place 2 0,-1"],
        seed=3,
    )
    report = state.report
    assert report is not None and report["priority"] == [2, 0, 1]
    phases = [s["phase"] for s in report["steps"]]
    assert phases == sorted(phases, key=["priority", "bid", "order", "points"].index)
    seats = [s["seat"] for s in report["steps"] if s["phase"] == "order"]
    assert seats == sorted(seats, key=report["priority"].index)
    assert [s["n"] for s in report["steps"]] == list(range(1, len(report["steps"]) + 1))


def test_R_G3_a_placement_on_the_spot_a_higher_priority_player_emptied_fails() -> None:
    # Turn 2: seat 1 has priority and takes Weaving off 2,0; seat 0 meant to take it
    # back itself and put Potter's wheel there.
    state = scenario(
        board={(1, 0): ((POTTERY, FREE), 0), (2, 0): ((WEAVING, FREE), 0)},
        stacks={0: [(20, FREE)]},
        turn=2,
    )
    state = turn(state, ["restack 12", "place 20 2,0"], ["restack 12"])
    fails = [(s["seat"], s["rule"]) for s in steps(state, "order") if not s["ok"]]
    # Seat 0's restack finds Weaving gone; its placement on the spot a higher
    # priority emptied fails on priority and costs nothing.
    assert fails == [(0, "gone"), (0, "priority")]
    assert tile_at(state, 2, 0) is None
    assert [p.id for p in state.stacks[0]] == [20]


# -- the end -------------------------------------------------------------------------------


def test_R_J5_the_splicer_placed_in_turn_40_wins_the_game() -> None:
    state = turn(_splicer_position(MAX_TURNS), ["place 138 2,0"], [])
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.returns == (1.0, -1.0)
    assert state.view(1)["outcome"]["everyone_loses"] is False


def test_R_I4_longest_path_levels_go_to_whoever_placed_the_tile_last() -> None:
    state = scenario(
        board={(1, 0): ((CLOCK, FREE, ("time",)), 0)},
        stacks={1: [SPLICER_ID]},
        turn=2,
        start=(SATNAV, FREE, ("time",)),  # a made-up start of level 16
    )
    state = turn(state, [], ["restack 133"])  # turn 2: seat 1 first, takes the clock
    state = turn(state, [], [])
    state = turn(state, [], ["place 133 1,0"])  # turn 4: seat 1 first
    assert tile_at(state, 1, 0).owner == 1  # type: ignore[union-attr]
    state = turn(state, [], [])
    state = turn(state, [], ["place 138 2,0"])
    end = steps(state, "end")[0]
    assert end["path"] == [[0, 0], [1, 0], [2, 0]]
    assert end["points"] == [0, 17 + 18]


def test_R_J4_the_game_does_not_end_on_a_splicer_that_left_the_timeline() -> None:
    state = _splicer_position().play_text("place 138 2,0")
    try:
        state = state.play_text("restack 138")
    except IllegalAction:
        return  # refusing to take the Splicer back is a fine fix too
    state = write(write(state))  # seat 0 submits, then seat 1
    state = state.play(state.sample_chance())
    assert [p.id for p in state.stacks[0]] == [SPLICER_ID]
    assert not state.is_terminal(), "the game ended with the Time Splicer in a stack"


# -- protocol ------------------------------------------------------------------------------


def _pool(s: SplicerState) -> set[object]:
    """Orders to try: every legal one and many near misses."""
    draft = s.draft
    free = s.free()
    pool: set[object] = {Bump(), Submit()}
    for p in s.bidding:
        pool.update(Bid(p.id, a) for a in range(0, free + 3))
    spots = {(x, y) for x, y in draft.board}
    spots |= {(x + dx, y + dy) for x, y in draft.board for dx, dy in ((1, 0), (0, 1), (0, -1))}
    spots.add((-1, 0))
    for p in draft.stack:
        pool.update(Place(p.id, x, y) for x, y in spots)
        pool.update(Improve(p.id, k, side) for k in ("cap", "uncap") for side in "NESW")
        pool.update(Improve(p.id, "add", g) for g in ("tools", "time", "metal"))
        pool.add(Restack(p.id))
    for cell in draft.board.values():
        pool.add(Restack(cell.piece.id))
        pool.update(Cap(cell.piece.id, side, c) for side in "NESW" for c in (True, False))
    return pool


def test_R_N1_play_accepts_exactly_the_listed_actions_on_random_states() -> None:
    checked = 0
    for seed in (11, 12):
        rng = random.Random(seed)
        players = 2 + seed % 3
        bots = [GAME.make_bot("planner") for _ in range(players)]
        state = GAME.new_game({"players": players}, seed).advance_chance()
        while not state.is_terminal() and state.turn <= 14:
            if state.is_chance():
                state = state.play(state.sample_chance())
                continue
            legal = state.legal_actions()
            if rng.random() < 0.12:
                listed = set(legal)
                for action in _pool(state):
                    assert (state.illegal_reason(action) is None) == (action in listed), action
                checked += 1
            if rng.random() < 0.3:
                action = rng.choice(legal)
            else:
                action = bots[state.to_move].choose(state, BotContext(rng))
            state = state.play(action)
    assert checked >= 5


def test_R_N3_a_tampered_state_is_refused() -> None:
    state = turn(scenario(stacks={0: [(POTTERY, FREE)]}), ["place 9 1,0"], [])
    good = state.to_dict()
    tampered = []
    dup = copy.deepcopy(good)  # the same tile on the timeline and in a stack
    dup["stacks"][1].append(dup["board"][-1][2:5])
    tampered.append(dup)
    owner = copy.deepcopy(good)  # an owner who is not at the table
    owner["board"][-1][5] = 9
    tampered.append(owner)
    supply = copy.deepcopy(good)  # a tile that does not exist
    supply["supply"].append(999)
    tampered.append(supply)
    stacked = copy.deepcopy(good)  # two tiles on one spot
    stacked["board"].append([1, 0, *stacked["board"][0][2:]])
    tampered.append(stacked)
    for data in tampered:
        with pytest.raises(FormatError):
            GAME.from_dict(data)


# -- what the page needs from the engine (contract requests) ---------------------------------


def test_R_E8_the_view_lists_each_tiles_menu_orders_with_their_costs() -> None:
    board = {(1, 0): ((POTTERY, FREE), 0)}
    state = scenario(board=board, stacks={0: [(WEAVING, FREE)]})
    orders = {o["text"]: o["cost"] for o in state.view(0)["me"]["orders"]}
    assert orders["restack 9"] == 4
    assert orders["cap 9 E"] == 3
    assert orders["improve 12 add metal"] == 4
    assert orders["improve 12 cap N"] == 3
    assert orders["bump"] == 2
    assert not any(text.startswith(("bid", "place")) for text in orders)


def test_R_B11_a_failed_order_step_names_its_tile_and_spot() -> None:
    state = scenario(stacks={0: [(POTTERY, FREE)], 1: [(WEAVING, FREE)]})
    state = turn(state, ["place 9 1,0"], ["place 12 1,0"])
    (fail,) = [s for s in steps(state, "order") if not s["ok"]]
    assert fail["tile"] == WEAVING and fail["spot"] == [1, 0]


# -- content ---------------------------------------------------------------------------------


def test_R_K8_a_tiles_name_and_year_agree_with_history() -> None:
    by_name = {t.name: t for t in TILES.values()}
    # A technology's year is its first working example, not a later famous one.
    if "Steam locomotive" in by_name:
        assert "1804" in by_name["Steam locomotive"].year  # Trevithick, not the 1829 Rocket
    if "Satellite navigation" in by_name:
        assert "196" in by_name["Satellite navigation"].year  # Transit, not the first GPS
    if "Space telescope" in by_name:
        assert "196" in by_name["Space telescope"].year  # OAO-2 (1968), not Hubble


def test_R_J4b_only_the_placer_can_order_the_splicer_back_in_its_turn() -> None:
    state = write(_splicer_position(), "place 138 2,0")
    # Seat 1 writes against the board as it was: the Splicer is not on it.
    refused(state, "restack 138", "not-placed")


def test_R_K8b_a_blast_furnace_is_dated_from_its_first_use() -> None:
    # China smelted cast iron in blast furnaces by the 5th century BC; c. 1150 is Europe's first.
    furnace = [t for t in TILES.values() if t.name == "Blast furnace"]
    assert all("BC" in t.year for t in furnace)


def test_R_K9_every_group_glyph_renders_without_an_emoji_font() -> None:
    import unicodedata

    # Wide (emoji-presentation) characters show as empty boxes in Debian's Chromium
    # without a colour-emoji font; the page draws these glyphs on every tile.
    for group in GAME.tool("tiles", {})["groups"]:
        for char in group["glyph"]:
            assert unicodedata.east_asian_width(char) != "W", (group["key"], char)


def test_R_I5_the_longest_path_reading_is_a_clarification() -> None:
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "rules" / "time_splicer.md"
    text = page.read_text(encoding="utf-8")
    section = text.split("## Clarifications", 1)[1].split("\n## ", 1)[0]
    terms = [line for line in section.splitlines() if line and not line[0].isspace()]
    assert any("path" in term.lower() for term in terms if not term.startswith(":"))


# Glyphs the referee saw drawn (not as empty boxes) by Debian's Chromium with Debian's
# default fonts (DejaVu); extend the set only after looking at a screenshot.
SEEN_DRAWN = set("♨✎⚙❀⌂⚒✈∑⚕☏⌨◷")


def test_R_K9b_every_group_glyph_is_one_seen_drawn_in_debian_chromium() -> None:
    for group in GAME.tool("tiles", {})["groups"]:
        assert set(group["glyph"]) <= SEEN_DRAWN, (group["key"], group["glyph"])
