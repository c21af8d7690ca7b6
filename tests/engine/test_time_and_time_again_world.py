"""Time and Time Again: the locations, the rules page, hidden information, catch-up and the AI."""

from __future__ import annotations

import itertools
import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_time_and_time_again import grid, offer, present, table
from timegames.core import BotContext
from timegames.core.session import Session
from timegames.time_and_time_again import BY_ID, GAME, LOCATIONS, PRESENT, Buy, TataState, Wait
from timegames.time_and_time_again import board as B
from timegames.time_and_time_again.ai import seen
from timegames.time_and_time_again.examples import caption, load_examples

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules" / "time_and_time_again.md"
LOCATIONS_PAGE = ROOT / "docs" / "rules" / "time_and_time_again_locations.md"

# -- the locations -----------------------------------------------------------------------------


def test_twenty_four_locations_in_a_diamond_from_uruk_to_the_present() -> None:
    assert len(LOCATIONS) == 24
    assert LOCATIONS[0].id == "uruk" and LOCATIONS[-1].id == "present" and PRESENT == 23
    widths = [len(row) for row in B.ROWS]
    assert widths == [1, 2, 3, 4, 4, 4, 3, 2, 1]
    for row in B.ROWS:
        assert [LOCATIONS[i].col for i in row] == list(range(len(row)))
    assert len({loc.id for loc in LOCATIONS}) == 24
    assert len({loc.character for loc in LOCATIONS}) == 24


def test_links_go_up_one_row_at_most_two_each_and_forward_in_time() -> None:
    for loc in LOCATIONS:
        assert len(loc.next) <= 2
        if loc.index != PRESENT:
            assert loc.next, f"{loc.id} feeds nothing"
        for n in loc.next:
            assert LOCATIONS[n].row == loc.row + 1, (loc.id, LOCATIONS[n].id)
            assert LOCATIONS[n].year > loc.year, (loc.id, LOCATIONS[n].id)
            # In the picture a link joins neighbouring boxes, never crossing the diamond.
            assert abs(B._centre(LOCATIONS[n])[0] - B._centre(loc)[0]) <= 150 * 1.5


def test_the_single_links_and_the_meeting_points_are_those_the_rules_page_names() -> None:
    # Pinned because the rules page's "The diamond's shape" clarification names them.
    single = {loc.id for loc in LOCATIONS if len(loc.next) == 1}
    assert single == {
        "rome",
        "alexandria",
        "nalanda",
        "changan",
        "florence",
        "samarkand",
        "lisbon",
        "agra",
    }
    feeders = {loc.id: sum(loc.index in other.next for other in LOCATIONS) for loc in LOCATIONS}
    assert {key for key, count in feeders.items() if count == 3} == {
        "alexandria",
        "taxila",
        "samarkand",
    }
    assert max(feeders.values()) == 3


def test_everything_is_reachable_from_uruk_and_reaches_the_present() -> None:
    assert B.later(0) == frozenset(range(1, 24))
    for loc in LOCATIONS[:-1]:
        assert PRESENT in B.later(loc.index)


def test_every_location_has_its_content() -> None:
    raw = B.load_raw()["locations"]
    for item in raw:
        assert set(item) == {
            "id",
            "row",
            "col",
            "name",
            "date",
            "year",
            "place",
            "character",
            "history",
            "next",
            "because",
        }
        assert item["name"] and item["date"] and item["place"]
        assert item["character"]["name"] and item["character"]["role"]
        assert 150 < len(item["history"]) < 600
    constantinople = LOCATIONS[BY_ID["constantinople"]]
    assert constantinople.year == 1453 and "1453" in constantinople.history
    assert LOCATIONS[BY_ID["uruk"]].year < LOCATIONS[BY_ID["giza"]].year
    assert GAME.tool("locations", {})["rows"][0] == ["uruk"]


def test_ulugh_begs_catalogue_is_the_first_from_new_observations_since_ptolemy() -> None:
    # Al-Sufi's catalogue (964) came between, but it revised Ptolemy's rather than re-observing.
    history = LOCATIONS[BY_ID["samarkand"]].history
    assert "the first major catalogue from new observations since Ptolemy" in history
    assert "first major one since" not in LOCATIONS_PAGE.read_text(encoding="utf-8")


def test_every_link_has_one_reason_and_nothing_else_has_one() -> None:
    links = 0
    for item in B.load_raw()["locations"]:
        # A reason for each later location in "next", and none for a location it does not feed.
        assert set(item["because"]) == set(item["next"]), item["id"]
    for loc in LOCATIONS:
        assert len(loc.because) == len(loc.next)
        assert loc.to_dict()["because"] == {
            LOCATIONS[n].id: text for n, text in zip(loc.next, loc.because, strict=True)
        }
        for n, text in zip(loc.next, loc.because, strict=True):
            links += 1
            assert B.reason(loc.index, n) == text
        for other in range(len(LOCATIONS)):
            if other not in loc.next:
                assert B.reason(loc.index, other) is None, (loc.id, LOCATIONS[other].id)
    assert links == 38
    assert GAME.tool("locations", {})["locations"][0]["because"]["ur"].startswith("Uruk")


def test_each_reason_is_one_sentence_of_sensible_length() -> None:
    reasons = [text for loc in LOCATIONS for text in loc.because]
    assert len(set(reasons)) == len(reasons), "each link needs its own reason"
    for text in reasons:
        assert text == text.strip() and "\n" not in text
        assert 12 <= len(text.split()) <= 30, text
        assert text[0].isupper() and text.endswith("."), text
        # One sentence: no full stop, question or exclamation mark before the last character.
        assert not re.search(r"[.!?]", text[:-1]), text


def test_a_missing_or_stray_reason_is_refused_when_loading() -> None:
    item = {"id": "x", "next": ["a", "b"], "because": {"a": "A reason.", "b": "Another."}}
    assert B._because(item) == ("A reason.", "Another.")
    assert B._because({**item, "next": ["b", "a"]}) == ("Another.", "A reason.")
    for because in ({"a": "A reason."}, {**item["because"], "c": "Stray."}, {}):
        with pytest.raises(ValueError, match="because"):
            B._because({**item, "because": because})


def test_the_locations_page_gives_the_reason_for_every_link() -> None:
    page = LOCATIONS_PAGE.read_text(encoding="utf-8")
    for loc in LOCATIONS:
        section = page.split(f"{{ #{loc.id} }}")[1].split("\n## ")[0]
        for n, text in zip(loc.next, loc.because, strict=True):
            assert f"- [{LOCATIONS[n].name}](#{LOCATIONS[n].id}): {text}\n" in section
        assert section.count("\n- [") == len(loc.next), loc.id
    assert "**Leads to:** nothing (this is the apex)." in page


def test_the_rules_page_diamond_and_the_locations_page_match_the_data() -> None:
    text = RULES.read_text(encoding="utf-8")
    picture = re.search(r"<!-- diamond -->\n(.*)\n<!-- /diamond -->", text)
    assert picture is not None, "the rules page needs the diamond between <!-- diamond --> markers"
    assert picture.group(1) == B.diamond_svg("../time_and_time_again_locations/#")
    assert LOCATIONS_PAGE.read_text(encoding="utf-8") == B.locations_markdown(), (
        "regenerate: PYTHONPATH=pkg python3 -m timegames.time_and_time_again.board"
    )
    assert "<svg" in GAME.tool("diamond_svg", {})["svg"]


def test_rules_page_links_every_example() -> None:
    text = RULES.read_text(encoding="utf-8")
    for example in GAME.examples():
        assert f"#example={example['key']}" in text, example["key"]


# -- examples ---------------------------------------------------------------------------------


@pytest.mark.parametrize("entry", load_examples(), ids=lambda e: e["key"])
def test_each_example_ends_with_the_outcome_its_caption_describes(entry: dict[str, Any]) -> None:
    state = GAME.new_game(entry["options"], 0)
    for move in entry["moves"][:-1]:
        state = state.play_text(move)
    last = state.play_text(entry["moves"][-1])
    new = [e for e in last.events if e.n > state.event_no and e.kind in ("outcome", "elimination")]
    details = [json.loads(e.detail) for e in new]
    assert entry["expect"] in details
    seat = entry["highlight"][0]
    if seat.startswith("seat:"):
        assert last.view(int(seat[5:]))["last"] == entry["expect"]


@pytest.mark.parametrize("entry", load_examples(), ids=lambda e: e["key"])
def test_each_caption_is_the_one_written_from_its_outcome(entry: dict[str, Any]) -> None:
    assert caption(entry["key"], entry["expect"]) == (entry["title"], entry["caption"])


def test_a_caption_for_nothing_gained_says_at_least_one_number_is_zero() -> None:
    # Two or all three of the numbers are often zero (the page's own example has three).
    entry = next(e for e in load_examples() if e["key"] == "indirect_zero")
    assert list(entry["expect"]["limits"].values()) == [0, 0, 0]
    assert "At least one of the three numbers is zero" in entry["caption"]


# -- hidden information -----------------------------------------------------------------------


def perturbed(state: TataState, seat: int) -> TataState:
    """The state with every other seat's past agents and wealth changed (visibility kept)."""

    def shift(rows: tuple[tuple[int, ...], ...], k: int) -> tuple[tuple[int, ...], ...]:
        return tuple(
            row
            if s == seat
            else tuple(v + k + i % 3 if i != PRESENT else v for i, v in enumerate(row))
            for s, row in enumerate(rows)
        )

    return replace(state, agents=shift(state.agents, 5), wealth=shift(state.wealth, 2))


def bot_game(levels: list[str], seed: int, hours: int) -> list[TataState]:
    state = GAME.new_game({"players": len(levels)}, seed)
    bots = [GAME.make_bot(level) for level in levels]
    states = [state]
    while not state.is_terminal() and state.clock < hours:
        state = state.play(bots[state.current_player()].choose(state, BotContext(random.Random(0))))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", [1, 2])
def test_a_seat_never_sees_other_players_past_holdings(seed: int) -> None:
    states = bot_game(["overlord", "schemer", "novice", "random"], seed, 45)
    private_seen = 0
    for state in states:
        for seat in range(4):
            view = state.view(seat)
            # The view is the same whatever the others hold in the past...
            assert perturbed(state, seat).view(seat) == view
            # ...shows only the viewer's own numbers...
            for loc in view["locations"]:
                assert set(loc["mine"]) == {"agents", "wealth", "visibility"}
            # ...and the log holds only public entries and the viewer's own.
            for event in state.visible_events(seat):
                assert not event.seats or seat in event.seats
                private_seen += bool(event.seats)
        spectator = state.view(None)
        assert all("mine" not in loc for loc in spectator["locations"])
        assert all(not entry["private"] for entry in spectator["log"])
    assert private_seen > 0


def test_ordinary_ai_decides_only_from_what_its_seat_may_see() -> None:
    states = bot_game(["overlord", "schemer", "novice", "random"], 3, 40)
    for state in states[::3]:
        seat = state.current_player()
        if seat < 0:
            continue
        assert seen(perturbed(state, seat), seat) == seen(state, seat)
        for level in ("random", "novice", "schemer", "overlord"):
            bot = GAME.make_bot(level)
            ctx = BotContext(random.Random(0))
            assert bot.choose(perturbed(state, seat), ctx) == bot.choose(state, ctx)


def test_the_move_log_reveals_nothing_secret() -> None:
    """Waits and challenges keep their notation; any other purchase is one hidden line."""
    states = bot_game(["schemer", "novice", "overlord"], 4, 30)
    kinds = set()
    for before, after in itertools.pairwise(states):
        action = next(a for a in before.legal_actions() if before.apply(a) == after)
        text = GAME.action_to_text(action)
        line = GAME.log_text(before, text)
        if isinstance(action, Wait):
            assert line == text and re.fullmatch(r"t\d+", line)
            continue
        opp = before.opportunity(action.id)
        assert opp is not None
        kinds.add(opp.kind)
        assert line == (text if opp.kind == "challenge" else "buys an opportunity")
    assert kinds - {"challenge"}


# -- real-time catch-up -----------------------------------------------------------------------


def run(state: TataState, human_waits: list[int], levels: list[str]) -> TataState:
    """Seat 0 is the human and waits to each hour in turn; the other seats are bots."""
    bots = [GAME.make_bot(level) for level in levels[1:]]
    waits = iter(human_waits)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            hour = next(waits, None)
            if hour is None:
                return state
            state = state.play(Wait(hour))
        else:
            state = state.play(bots[seat - 1].choose(state, BotContext(random.Random(seat))))
    return state


def test_jumping_the_clock_100_hours_equals_100_single_hours() -> None:
    levels = ["human", "overlord", "schemer", "random"]
    start = GAME.new_game({"players": 4}, 11)
    jumped = run(start, [100], levels)
    stepped = run(start, list(range(1, 101)), levels)
    assert jumped.clock == stepped.clock == 100
    # The same game; only where the human's log starts (the hour of their last wait) differs.
    assert jumped.last_acted[0] == 0 and stepped.last_acted[0] == 99
    assert jumped.last_acted[1:] == stepped.last_acted[1:]
    assert replace(jumped, last_acted=stepped.last_acted).to_dict() == stepped.to_dict()
    assert jumped.current_player() == 0
    assert any(e.kind == "take" for e in jumped.events)  # the AIs went on meanwhile
    assert any(e.kind == "elimination" for e in jumped.events)  # checks at hours 20..100


# -- bad input through a session --------------------------------------------------------------


def test_a_refused_move_or_a_tampered_save_loses_nothing() -> None:
    session = Session()
    answer = session.handle(
        {"op": "new", "game": GAME.slug, "seed": 3, "options": {"players": 2}, "viewer": 0}
    )
    assert answer["ok"]
    before = session.handle({"op": "view", "viewer": 0})["view"]
    for move, rule in (
        ("b9999", "no-such-opportunity"),
        ("t0", "clock-backwards"),
        ("zz", "notation"),
    ):
        refused = session.handle({"op": "play", "action": move, "viewer": 0})
        assert not refused["ok"] and refused["rule"] == rule
    cheap = min(before["state"]["opportunities"], key=lambda o: o["price"])
    text = session.handle({"op": "export"})["text"]
    tampered = text.replace('"players": 2', '"players": 9')
    assert not session.handle({"op": "load_text", "text": tampered})["ok"]
    assert session.handle({"op": "view", "viewer": 0})["view"] == before
    if cheap["price"] > 3:
        assert (
            session.handle({"op": "play", "action": f"b{cheap['id']}"})["rule"] == "too-few-turns"
        )


# -- the AI -----------------------------------------------------------------------------------


def test_three_or_more_levels() -> None:
    assert [lv.key for lv in GAME.ai_levels()] == ["random", "novice", "schemer", "overlord"]


@pytest.mark.parametrize("level", ["schemer", "overlord"])
def test_ai_guards_its_character_with_the_discard_rule(level: str) -> None:
    forces = present(2, {0: (2, 2), 1: (12, 12)})
    state, ident = offer(table(owner=0, turns=(6, 6), **forces), "challenge", "agra", price=3)
    assert GAME.make_bot(level).choose(state, BotContext(random.Random(0))) == Buy(ident)


@pytest.mark.parametrize("level", ["schemer", "overlord"])
def test_ai_plans_echoes_toward_the_present(level: str) -> None:
    state, low = offer(table(turns=(4, 4)), "recruit", "uruk", benefit=3, price=3)
    opps = state.opps
    state, high = offer(
        replace(state, opps=opps[1:] + opps[:1]), "recruit", "agra", benefit=3, price=3
    )
    assert state.opportunity(low) is not None
    assert GAME.make_bot(level).choose(state, BotContext(random.Random(0))) == Buy(high)


def attack_on_the_leader(players: int) -> tuple[TataState, int]:
    """Seat 1, the strongest in the present, is visible in Agra; seat 0 can strike it there."""
    agents = grid(players, {(0, "agra"): 30, (1, "agra"): 30})
    wealth = grid(players, {(0, "agra"): 30, (1, "agra"): 30})
    vis = grid(players, {(1, "agra"): 3})
    forces = present(players, {0: (9, 9), 1: (30, 30)} | {s: (5, 5) for s in range(2, players)})
    state = table(players, turns=(3,) * players, vis=vis, **forces)
    state = replace(
        state,
        agents=tuple(
            tuple(a + f for a, f in zip(row, frow, strict=True))
            for row, frow in zip(agents, state.agents, strict=True)
        ),
        wealth=tuple(
            tuple(a + f for a, f in zip(row, frow, strict=True))
            for row, frow in zip(wealth, state.wealth, strict=True)
        ),
    )
    return offer(replace(state, opps=state.opps[:1]), "attack", "agra", price=2)


@pytest.mark.parametrize("players", [2, 3])
def test_schemer_attacks_the_visible(players: int) -> None:
    state, ident = attack_on_the_leader(players)
    assert GAME.make_bot("schemer").choose(state, BotContext(random.Random(0))) == Buy(ident)
    hidden = replace(state, vis=grid(players, {}))
    assert GAME.make_bot("schemer").choose(hidden, BotContext(random.Random(0))) != Buy(ident)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_overlord_does_not_attack_when_no_rivals_present_can_be_affected(players: int) -> None:
    # Past holdings never echo (only a direct gain does), so striking even the leader's
    # visible past changes nobody's present strength: the turns are kept for echoes.
    state, ident = attack_on_the_leader(players)
    bot = GAME.make_bot("overlord")
    assert bot.choose(state, BotContext(random.Random(0))) != Buy(ident)
    rich = replace(state, turns=(40,) * players)
    assert bot.choose(rich, BotContext(random.Random(0))) != Buy(ident)


def lone_offer(state: TataState, kind: str, loc: str, **kw: Any) -> tuple[TataState, int]:
    """``state`` with a single opportunity on the table."""
    return offer(replace(state, opps=state.opps[:1]), kind, loc, **kw)


def test_overlord_spends_a_bank_above_its_reserve_on_a_worthwhile_direct_offer() -> None:
    # Hour 120 with 60 turns banked: two units at Aachen reach the present one time in
    # nine, a modest offer, but turns piled far above the reserve are worth less still.
    bot = GAME.make_bot("overlord")
    base = replace(table(players=4, turns=(60, 3, 3, 3)), clock=120)
    state, ident = lone_offer(base, "recruit", "aachen", benefit=2, price=4)
    assert bot.choose(state, BotContext(random.Random(0))) == Buy(ident)
    # With only the reserve in hand the same offer is not good enough.
    poor = replace(state, turns=(14, 3, 3, 3))
    assert bot.choose(poor, BotContext(random.Random(0))) != Buy(ident)


def test_overlord_spends_its_bank_as_the_hour_limit_nears() -> None:
    # Twenty hours from the limit, 40 turns in hand: they will be worth nothing soon.
    bot = GAME.make_bot("overlord")
    base = replace(table(players=4, turns=(40, 3, 3, 3)), clock=460)
    state, ident = lone_offer(base, "acquire", "baghdad", benefit=1, price=4)
    assert bot.choose(state, BotContext(random.Random(0))) == Buy(ident)


def test_overlord_does_not_discard_a_challenge_on_a_character_worth_little() -> None:
    # Seat 0 is weak in the present: a rival would win Giza easily, but its doubling
    # barely reaches the present, seat 0 has other characters to shield it and so has
    # every rival, so no rival gains by the challenge and nothing is guarded.
    bot = GAME.make_bot("overlord")
    mine = {"giza", "agra", "uruk", "ur", "lisbon"}
    owners = tuple(0 if loc.id in mine else 1 + loc.index % 3 for loc in LOCATIONS)
    forces = present(4, {0: (2, 2), 1: (12, 12), 2: (10, 10), 3: (10, 10)})
    base = replace(table(players=4, control=owners, turns=(30, 3, 3, 3), **forces), clock=52)
    state, ident = lone_offer(base, "challenge", "giza", price=2)
    assert bot.choose(state, BotContext(random.Random(0))) != Buy(ident)
    # Agra's doubling is worth a rival's challenge: that one is discarded.
    state, ident = lone_offer(base, "challenge", "agra", price=2)
    assert bot.choose(state, BotContext(random.Random(0))) == Buy(ident)


def test_overlord_counts_the_shield_only_while_a_check_can_still_eliminate_it() -> None:
    # Giza is seat 0's only character and seat 0 is the weakest: it blocks the next
    # check, and stripping it would pay a rival, so it is guarded...
    bot = GAME.make_bot("overlord")
    owners = tuple(0 if loc.id == "giza" else 1 for loc in LOCATIONS)
    forces = present(4, {0: (2, 2), 1: (12, 12), 2: (10, 10), 3: (10, 10)})
    early = replace(table(players=4, control=owners, turns=(30, 3, 3, 3), **forces), clock=52)
    state, ident = lone_offer(early, "challenge", "giza", price=3)
    assert bot.choose(state, BotContext(random.Random(0))) == Buy(ident)
    # ...but after the last check before the limit it shields nothing (the check at
    # the limit itself decides no winner), and the turns are not thrown away on it.
    late = replace(state, clock=465)
    assert bot.choose(late, BotContext(random.Random(0))) != Buy(ident)


@pytest.mark.parametrize("level", ["random", "novice", "schemer", "overlord"])
def test_every_level_plays_only_legal_actions(level: str) -> None:
    state = GAME.new_game({"players": 3}, 6)
    bot = GAME.make_bot(level)
    for _ in range(200):
        action = bot.choose(state, BotContext(random.Random(1)))
        assert state.illegal_reason(action) is None
        state = state.apply(action)


def test_challenge_odds_helpers_agree_with_the_rules() -> None:
    from timegames.time_and_time_again.ai import win_chance_exact, win_chance_rough

    assert win_chance_exact((0, 0), (3, 0)) == 1.0  # a defender without wealth has already lost
    assert win_chance_exact((0, 5), (2, 2)) == 0.0  # no agents, no strikes
    # One strike each way: the defence must miss (60%), then the attacker hit (40%).
    assert win_chance_exact((1, 1), (1, 1)) == pytest.approx(0.6 * 0.4)
    assert win_chance_exact((8, 8), (2, 2)) > win_chance_exact((4, 4), (2, 2)) > 0.2
    assert abs(win_chance_rough((8, 8), (2, 2)) - win_chance_exact((8, 8), (2, 2))) < 0.2


def test_overlord_strips_the_weakest_player_so_checks_can_eliminate() -> None:
    # Seat 2 is the weakest and holds only Uruk: taking it lets the next check eliminate them.
    # Seat 0 holds two characters of its own, so Uruk is no shield for it: only stripping pays.
    owners = {"uruk": 2, "agra": 0, "lisbon": 0}
    control = tuple(owners.get(loc.id, 1) for loc in LOCATIONS)
    forces = present(3, {0: (10, 10), 1: (12, 12), 2: (1, 0)})
    state = table(players=3, turns=(6, 6, 6), control=control, **forces)
    state, ident = offer(replace(state, opps=state.opps[:1]), "challenge", "uruk", price=4)
    bot = GAME.make_bot("overlord")
    assert bot.choose(state, BotContext(random.Random(0))) == Buy(ident)
    # The same challenge against a stronger defender (worse than even odds) is left alone.
    stronger = replace(state, control=tuple(0 if c == 0 else 1 for c in control))
    assert bot.choose(stronger, BotContext(random.Random(0))) != Buy(ident)


def test_the_rules_pages_four_to_one_advice_matches_the_odds() -> None:
    # The document: challenges need about 4:1 in both agents and wealth to be safe.
    from timegames.time_and_time_again.ai import win_chance_exact

    page = (ROOT / "docs" / "rules" / "time_and_time_again.md").read_text(encoding="utf-8")
    assert "at least **four times**" in page and "three times in ten" in page
    assert "one time in six" in page and "one time in thirty against ten of each" in page
    for d in range(1, 21):
        assert 0.65 <= win_chance_exact((3 * d, 3 * d), (d, d)) <= 0.76, d
        assert win_chance_exact((4 * d, 4 * d), (d, d)) >= 0.83, d
    # Four to one: lost about one time in six against one agent and one wealth...
    assert 1 / 7 < 1 - win_chance_exact((4, 4), (1, 1)) < 1 / 5
    # ...less often the larger the defence, about one time in thirty against ten of each.
    losses = [1 - win_chance_exact((4 * d, 4 * d), (d, d)) for d in range(1, 21)]
    assert losses == sorted(losses, reverse=True)
    assert 1 / 40 < losses[9] < 1 / 25


def test_the_length_of_an_hour_and_the_wall_clock_start_are_used_by_their_clock_alone() -> None:
    assert GAME.unused_options({"clock": "accelerated"}) == ["started"]
    assert GAME.unused_options({"clock": "realtime"}) == ["hour_seconds"]
    assert GAME.unused_options({"clock": "hotseat"}) == ["hour_seconds", "started"]
