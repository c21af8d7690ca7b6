"""Time and Time Again: a scenario test for each rule sentence of issue 9 and each clarification."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from timegames.core import TERMINAL, FormatError, IllegalAction, NotationError, Rng
from timegames.time_and_time_again import BY_ID, GAME, PRESENT, Buy, Opportunity, TataState, Wait
from timegames.time_and_time_again import board as B
from timegames.time_and_time_again.rules import (
    ATTACK_TABLE,
    CHECK_EVERY,
    DEFENCE_TABLE,
    FEEDERS,
    MAX_WAIT,
    OFFENCE_TABLE,
    START_PRESENT,
    START_TURNS,
    START_URUK,
    VIEW_LOG,
    VIEW_RECENT,
    _Work,
    opportunity_count,
    window_order,
)

# -- helpers -----------------------------------------------------------------------------------


def grid(players: int, values: dict[tuple[int, str], int]) -> tuple[tuple[int, ...], ...]:
    """Holdings with only the given (seat, location id) entries set."""
    rows = [[0] * B.COUNT for _ in range(players)]
    for (seat, loc), value in values.items():
        rows[seat][BY_ID[loc]] = value
    return tuple(tuple(row) for row in rows)


def table(players: int = 2, seed: int = 0, owner: int = 1, **changes: Any) -> TataState:
    """A new game with empty holdings, every character with ``owner``, then ``changes``."""
    state = GAME.new_game({"players": players}, seed)
    empty = grid(players, {})
    base: dict[str, Any] = {
        "agents": empty,
        "wealth": empty,
        "vis": empty,
        "seen": empty,
        "control": tuple(owner for _ in range(B.COUNT)),
        "turns": tuple(20 for _ in range(players)),
    }
    base.update(changes)
    return replace(state, **base)


def offer(
    state: TataState,
    kind: str,
    loc: str,
    target: str | None = None,
    benefit: int = 0,
    price: int = 1,
) -> tuple[TataState, int]:
    """Put one opportunity first in the list; returns the state and its id."""
    opp = Opportunity(
        state.next_id, kind, BY_ID[loc], BY_ID[target] if target else -1, benefit, price
    )
    return replace(state, opps=(opp, *state.opps[1:]), next_id=state.next_id + 1), opp.id


def outcome(state: TataState, seat: int = 0) -> dict[str, Any]:
    """The newest outcome detail ``seat`` may read."""
    for event in reversed(state.visible_events(seat)):
        if event.kind == "outcome":
            detail: dict[str, Any] = json.loads(event.detail)
            return detail
    raise AssertionError("no outcome")


def draws(rng: Rng, sizes: list[int]) -> list[int]:
    """The values the engine will draw from ``rng`` for these range sizes, in order."""
    values = []
    for size in sizes:
        values.append(rng.below(size))
        rng = rng.advance()
    return values


def generator_where(test: Any, sizes: list[int]) -> Rng:
    """The first seeded generator whose next draws pass ``test``."""
    for seed in range(5000):
        rng = Rng(seed)
        if test(draws(rng, sizes)):
            return rng
    raise AssertionError("no generator found")


def illegal(state: TataState, text: str) -> str:
    with pytest.raises(IllegalAction) as err:
        state.play_text(text)
    return err.value.rule


# -- set-up and holdings ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 8])
def test_setup_holdings_turns_and_characters(players: int) -> None:
    state = GAME.new_game({"players": players}, 5)
    for seat in range(players):
        assert state.turns[seat] == START_TURNS
        assert state.agents[seat][0] == state.wealth[seat][0] == START_URUK
        assert state.agents[seat][PRESENT] == state.wealth[seat][PRESENT] == START_PRESENT
        assert sum(state.agents[seat]) == START_URUK + START_PRESENT
        assert not any(state.vis[seat])
    # Every character is controlled by someone, dealt out as evenly as possible.
    counts = Counter(state.control)
    assert set(counts) == set(range(players))
    assert max(counts.values()) - min(counts.values()) <= 1
    assert len(state.opps) == opportunity_count(players)
    assert state.clock == 0 and state.current_player() == 0


def test_the_deal_is_seeded() -> None:
    assert GAME.new_game({}, 1) == GAME.new_game({}, 1)
    assert GAME.new_game({}, 1).control != GAME.new_game({}, 2).control


# -- opportunities ----------------------------------------------------------------------------


def test_generator_mix_and_the_present_day_restrictions() -> None:
    work = _Work(GAME.new_game({}, 3))
    made = [work.new_opportunity() for _ in range(3000)]
    kinds = Counter(o.kind for o in made)
    assert set(kinds) == {"recruit", "acquire", "indirect", "invest", "attack", "challenge"}
    for opp in made:
        assert opp.price >= 1
        if opp.kind in ("recruit", "acquire"):
            assert opp.loc != PRESENT and 1 <= opp.benefit <= 5
        if opp.kind == "attack":
            assert opp.loc != PRESENT  # no attacks in the present
        if opp.kind in ("indirect", "invest"):
            assert opp.target != PRESENT  # nothing targets the present
            assert opp.target in B.later(opp.loc)  # the target is a later location
            assert opp.loc in FEEDERS
        else:
            assert opp.target == -1
    # Challenges can be for any character, the present day's included.
    assert PRESENT in {o.loc for o in made if o.kind == "challenge"}
    assert len({o.id for o in made}) == len(made)


def test_a_taken_opportunity_is_gone_and_replaced_by_a_new_one() -> None:
    state, ident = offer(table(), "recruit", "rome", benefit=2, price=3)
    after = state.play(Buy(ident))
    assert after.opportunity(ident) is None
    assert len(after.opps) == len(state.opps)
    fresh = after.opps[0]
    assert fresh.id == state.next_id  # a new, unrelated opportunity in the same place in the list
    assert after.turns[0] == 17
    assert illegal(after, f"b{ident}") == "no-such-opportunity"


def test_a_seat_spends_turns_whenever_its_window_is_open_several_at_once() -> None:
    state, a = offer(table(), "recruit", "rome", benefit=1, price=2)
    state = state.play(Buy(a))
    state, b = offer(state, "acquire", "rome", benefit=1, price=2)
    state = state.play(Buy(b))
    assert state.current_player() == 0 and state.turns[0] == 16


# -- direct recruiting and acquisition, echoes, doubling --------------------------------------


def test_direct_recruiting_adds_agents_and_acquisition_adds_wealth() -> None:
    no_echo = generator_where(lambda d: d[0] != 0, [3])  # Lisbon's one echo fails
    state, ident = offer(table(generator=no_echo), "recruit", "lisbon", benefit=3)
    after = state.play(Buy(ident))
    assert after.agents[0][BY_ID["lisbon"]] == 3 and after.wealth[0][BY_ID["lisbon"]] == 0
    state, ident = offer(table(generator=no_echo), "acquire", "lisbon", benefit=4)
    after = state.play(Buy(ident))
    assert after.wealth[0][BY_ID["lisbon"]] == 4 and after.agents[0][BY_ID["lisbon"]] == 0
    assert outcome(after)["echoes"] == [{"from": "lisbon", "to": "present", "ok": False}]


def test_benefit_doubled_when_you_control_the_locations_character() -> None:
    no_echo = generator_where(lambda d: d[0] != 0, [3])
    state, ident = offer(table(owner=0, generator=no_echo), "recruit", "lisbon", benefit=3)
    after = state.play(Buy(ident))
    assert after.agents[0][BY_ID["lisbon"]] == 6
    assert outcome(after)["doubled"] is True
    view = state.view(0)["opportunities"][0]
    assert view["doubled"] is True and view["gain"]["amount"] == 6


def test_echo_climbs_with_one_chance_in_three_to_the_present_with_the_same_size() -> None:
    # Samarkand feeds only Agra, Agra only the present: two successes reach the present.
    both = generator_where(lambda d: d[0] == 0 and d[1] == 0, [3, 3])
    state, ident = offer(table(generator=both), "acquire", "samarkand", benefit=2)
    after = state.play(Buy(ident))
    for loc in ("samarkand", "agra", "present"):
        assert after.wealth[0][BY_ID[loc]] == 2
    detail = outcome(after)
    assert detail["reached_present"] is True
    assert [(e["to"], e["ok"]) for e in detail["echoes"]] == [("agra", True), ("present", True)]
    # The first failure stops the chain.
    first_fails = generator_where(lambda d: d[0] != 0, [3])
    state, ident = offer(table(generator=first_fails), "acquire", "samarkand", benefit=2)
    after = state.play(Buy(ident))
    assert after.wealth[0][BY_ID["agra"]] == 0 and len(outcome(after)["echoes"]) == 1


def test_echo_tries_both_next_locations_and_the_doubled_gain_echoes() -> None:
    # Constantinople feeds Lisbon and Agra: each is tried on its own.
    pattern = generator_where(lambda d: d[0] != 0 and d[1] == 0 and d[2] != 0, [3, 3, 3])
    state, ident = offer(table(owner=0, generator=pattern), "recruit", "constantinople", benefit=2)
    after = state.play(Buy(ident))
    assert after.agents[0][BY_ID["constantinople"]] == 4
    assert after.agents[0][BY_ID["lisbon"]] == 0
    assert after.agents[0][BY_ID["agra"]] == 4  # the echo has the size of the (doubled) gain
    assert after.agents[0][PRESENT] == 0
    assert [e["to"] for e in outcome(after)["echoes"]] == ["lisbon", "agra", "present"]


def test_echo_frequency_is_one_in_three() -> None:
    hits = 0
    base, ident = offer(table(), "recruit", "lisbon", benefit=1)
    for seed in range(900):
        after = replace(base, generator=Rng(seed)).apply(Buy(ident))
        hits += after.agents[0][PRESENT]
    assert 0.28 < hits / 900 < 0.39


# -- indirect recruiting and investment -------------------------------------------------------


@pytest.mark.parametrize(
    ("here_agents", "here_wealth", "there", "gain", "limited_by"),
    [
        (2, 5, 7, 2, "agents_here"),
        (6, 3, 9, 3, "wealth_here"),
        (8, 8, 4, 4, "there"),
    ],
)
def test_indirect_recruiting_gains_the_smallest_of_three(
    here_agents: int, here_wealth: int, there: int, gain: int, limited_by: str
) -> None:
    agents = grid(2, {(0, "athens"): here_agents, (0, "rome"): there})
    wealth = grid(2, {(0, "athens"): here_wealth})
    state, ident = offer(table(agents=agents, wealth=wealth), "indirect", "athens", "rome", price=2)
    assert state.view(0)["opportunities"][0]["gain"]["amount"] == gain
    after = state.play(Buy(ident))
    assert after.agents[0][BY_ID["rome"]] == there + gain
    assert after.agents[0][BY_ID["athens"]] == here_agents  # the location itself is not affected
    detail = outcome(after)
    assert detail["gain"] == gain and detail["limited_by"] == limited_by
    assert after.vis[0][BY_ID["athens"]] == 1 and after.vis[0][BY_ID["rome"]] == 0


def test_investment_gains_the_smallest_of_agents_here_wealth_here_and_wealth_there() -> None:
    agents = grid(2, {(0, "babylon"): 5, (0, "taxila"): 50})
    wealth = grid(2, {(0, "babylon"): 4, (0, "taxila"): 3})
    state, ident = offer(table(agents=agents, wealth=wealth), "invest", "babylon", "taxila")
    after = state.play(Buy(ident))
    assert after.wealth[0][BY_ID["taxila"]] == 6 and after.agents[0][BY_ID["taxila"]] == 50


def test_indirect_gain_doubled_by_the_character_and_no_echo() -> None:
    agents = grid(2, {(0, "athens"): 3, (0, "rome"): 3})
    wealth = grid(2, {(0, "athens"): 3})
    state, ident = offer(table(owner=0, agents=agents, wealth=wealth), "indirect", "athens", "rome")
    after = state.play(Buy(ident))
    assert after.agents[0][BY_ID["rome"]] == 9
    assert after.agents[0][BY_ID["aachen"]] == 0 and "echoes" not in outcome(after)


def test_a_zero_gives_nothing_and_the_view_says_why_before_buying() -> None:
    agents = grid(2, {(0, "athens"): 3})
    wealth = grid(2, {(0, "athens"): 3})
    state, ident = offer(table(agents=agents, wealth=wealth), "invest", "athens", "rome")
    gain = state.view(0)["opportunities"][0]["gain"]
    assert gain["amount"] == 0 and gain["kind"] == "none"
    assert gain["text"] == "gives nothing: you have no wealth in Rome"
    after = state.play(Buy(ident))
    assert after.wealth[0] == state.wealth[0]
    state, ident = offer(table(), "indirect", "athens", "rome")
    text = state.view(0)["opportunities"][0]["gain"]["text"]
    assert text == "gives nothing: you have no agents or wealth in Athens, and no agents in Rome"


def test_the_reason_names_only_what_is_missing() -> None:
    # Said once per place: the list of every zero once ran to three lines on a phone.
    for held, reason in (
        ({"athens": (3, 0), "rome": (3, 0)}, "you have no wealth in Athens"),
        ({"athens": (0, 3), "rome": (3, 0)}, "you have no agents in Athens"),
        ({"athens": (3, 3)}, "you have no agents in Rome"),
        ({"athens": (0, 3)}, "you have no agents in Athens, and no agents in Rome"),
    ):
        agents = grid(2, {(0, loc): a for loc, (a, _) in held.items()})
        wealth = grid(2, {(0, loc): w for loc, (_, w) in held.items()})
        state, _ = offer(table(agents=agents, wealth=wealth), "indirect", "athens", "rome")
        gain = state.view(0)["opportunities"][0]["gain"]
        assert gain["text"] == "gives nothing: " + reason
        assert gain["amount"] == 0


def test_one_agent_is_singular_in_the_preview_and_the_outcome() -> None:
    state, ident = offer(table(), "recruit", "uruk", benefit=1)
    assert state.view(0)["opportunities"][0]["gain"]["text"].startswith("+1 agent in Uruk;")
    after = state.play(Buy(ident))
    texts = [e.text for e in after.visible_events(0) if e.kind == "outcome"]
    assert texts[-1].startswith("+1 agent in Uruk") and "agents" not in texts[-1]
    agents = grid(2, {(0, "athens"): 1, (0, "rome"): 4})
    wealth = grid(2, {(0, "athens"): 2})
    state, ident = offer(table(agents=agents, wealth=wealth), "indirect", "athens", "rome")
    assert state.view(0)["opportunities"][0]["gain"]["text"] == "+1 agent in Rome"
    after = state.play(Buy(ident))
    assert [e.text for e in after.visible_events(0) if e.kind == "outcome"][-1] == (
        "+1 agent in Rome"
    )
    # Wealth has no plural: "+1 wealth", "+3 wealth".
    state, ident = offer(table(), "acquire", "uruk", benefit=3)
    assert state.view(0)["opportunities"][0]["gain"]["text"].startswith("+3 wealth in Uruk;")


# -- visibility and attacks -------------------------------------------------------------------


def test_any_opportunity_raises_visibility_where_it_is() -> None:
    state = table(3)
    for kind, target in (
        ("recruit", None),
        ("attack", None),
        ("invest", "rome"),
        ("challenge", None),
    ):
        state, ident = offer(state, kind, "athens", target, benefit=1)
        state = state.play(Buy(ident))
    # The challenge for Athens's character was fought with present-day forces.
    assert state.vis[0][BY_ID["athens"]] == 3
    assert state.vis[0][PRESENT] == 1


def test_attack_hits_the_most_visible_other_player_ties_to_the_latest() -> None:
    vis = grid(4, {(0, "rome"): 5, (1, "rome"): 2, (2, "rome"): 2, (3, "rome"): 1})
    seen = grid(4, {(1, "rome"): 3, (2, "rome"): 7, (3, "rome"): 9})
    state = table(4, vis=vis, seen=seen)
    assert state.ranking(BY_ID["rome"]) == [0, 2, 1, 3]
    assert state.most_visible_other(0, BY_ID["rome"]) == 2  # tie at 2: seat 2 showed itself last
    # The attacker's own visibility never makes it its own target.
    assert state.most_visible_other(2, BY_ID["rome"]) == 0


def test_attack_with_nobody_visible_does_nothing() -> None:
    agents = grid(2, {(0, "rome"): 3, (1, "rome"): 9})
    wealth = grid(2, {(0, "rome"): 3, (1, "rome"): 9})
    state, ident = offer(table(agents=agents, wealth=wealth), "attack", "rome")
    assert state.view(0)["opportunities"][0]["gain"]["text"].startswith("gives nothing")
    after = state.play(Buy(ident))
    assert after.agents[1] == state.agents[1] and after.wealth[1] == state.wealth[1]
    assert outcome(after)["defender"] is None


def test_attack_strikes_are_matched_pairs_and_follow_the_table() -> None:
    agents = grid(2, {(0, "rome"): 6, (1, "rome"): 20})
    wealth = grid(2, {(0, "rome"): 4, (1, "rome"): 20})
    vis = grid(2, {(1, "rome"): 20})
    state, ident = offer(table(agents=agents, wealth=wealth, vis=vis), "attack", "rome")
    expected = [ATTACK_TABLE[v] for v in draws(state.rng, [10] * 4)]
    after = state.play(Buy(ident))
    detail = outcome(after)
    assert detail["strikes"] == expected  # four strikes: surplus agents add nothing
    assert outcome(after, 1) == detail  # the victim sees it too
    kills = expected.count("kill")
    assert after.agents[1][BY_ID["rome"]] == 20 - kills
    assert after.vis[1][BY_ID["rome"]] == 20 - kills  # each agent lost lowers visibility by one
    assert after.wealth[1][BY_ID["rome"]] == 20 - expected.count("destroy") - expected.count(
        "capture"
    )
    assert after.wealth[0][BY_ID["rome"]] == 4 + expected.count("capture")
    assert after.agents[0][BY_ID["rome"]] == 6  # attackers never die in an attack


def test_attack_table_percentages_and_doubled_strikes() -> None:
    assert Counter(ATTACK_TABLE) == {"kill": 1, "destroy": 1, "capture": 3, "none": 5}
    agents = grid(2, {(0, "rome"): 3, (1, "rome"): 30})
    wealth = grid(2, {(0, "rome"): 3, (1, "rome"): 30})
    vis = grid(2, {(1, "rome"): 1})
    state, ident = offer(table(owner=0, agents=agents, wealth=wealth, vis=vis), "attack", "rome")
    assert len(outcome(state.play(Buy(ident)))["strikes"]) == 6


def test_strikes_with_nothing_to_hit_are_wasted() -> None:
    agents = grid(2, {(0, "rome"): 30})
    wealth = grid(2, {(0, "rome"): 30})
    vis = grid(2, {(1, "rome"): 1})
    state, ident = offer(table(agents=agents, wealth=wealth, vis=vis), "attack", "rome")
    detail = outcome(state.play(Buy(ident)))
    assert {e for e in detail["effects"]} <= {"none", "wasted"}
    assert "wasted" in detail["effects"]


# -- challenges -------------------------------------------------------------------------------


def present(players: int, forces: dict[int, tuple[int, int]]) -> dict[str, Any]:
    agents = grid(players, {(s, "present"): a for s, (a, _) in forces.items()})
    wealth = grid(players, {(s, "present"): w for s, (_, w) in forces.items()})
    return {"agents": agents, "wealth": wealth}


def test_challenge_on_your_own_character_is_discarded() -> None:
    state, ident = offer(table(owner=0, **present(2, {0: (1, 1), 1: (9, 9)})), "challenge", "rome")
    gain = state.view(0)["opportunities"][0]["gain"]
    assert gain["kind"] == "discard"
    after = state.play(Buy(ident))
    assert after.control == state.control and after.agents == state.agents
    assert outcome(after)["discarded"] is True
    assert after.opportunity(ident) is None  # gone: no rival can take it now


def test_challenge_defence_first_then_surviving_strikes_neutralise() -> None:
    vis = grid(2, {(0, "present"): 3})
    state, ident = offer(table(vis=vis, **present(2, {0: (3, 3), 1: (2, 2)})), "challenge", "rome")
    # Defence: 2 strikes, a fifth kill, a fifth destroy; then the attacker's surviving strikes.
    rng = generator_where(lambda d: d[0] == 0 and d[1] == 2, [5, 5])
    after = replace(state, generator=rng).play(Buy(ident))
    detail = outcome(after)
    assert detail["defence"] == [DEFENCE_TABLE[0], DEFENCE_TABLE[2]] == ["kill", "none"]
    assert after.agents[0][PRESENT] == 2 and after.wealth[0][PRESENT] == 3
    # Taking the challenge raised visibility in the present (3 + 1), and the agent
    # lost there lowered it again; Rome, where the character is, stays as it was.
    assert after.vis[0][PRESENT] == 3
    assert after.vis[0][BY_ID["rome"]] == 0
    assert len(detail["offence"]) <= 2  # only the 2 strikes left (2 agents matched by wealth)
    assert Counter(DEFENCE_TABLE) == {"kill": 1, "destroy": 1, "none": 3}
    assert Counter(OFFENCE_TABLE) == {"neutralise": 2, "none": 3}


def test_challenge_won_takes_the_character_and_neutralisation_leaves_nothing_behind() -> None:
    forces = present(2, {0: (5, 5), 1: (2, 2)})
    state, ident = offer(table(**forces), "challenge", "rome")
    rng = generator_where(lambda d: d[0] >= 2 and d[1] >= 2 and d[2] < 2 and d[3] < 2, [5] * 4)
    after = replace(state, generator=rng).play(Buy(ident))
    detail = outcome(after, 1)
    assert detail["won"] is True and detail["neutralised"] == 2
    assert after.control[BY_ID["rome"]] == 0
    # The defender's neutralised agents and wealth are only stunned: nothing is lost.
    assert after.agents[1][PRESENT] == 2 and after.wealth[1][PRESENT] == 2
    assert detail["offence"] == ["neutralise", "neutralise"]  # no strikes once the defender is down


def test_a_challenge_is_won_once_either_side_of_the_defence_is_neutralised() -> None:
    # 4 agents and 6 wealth: 4 neutralisations empty the agents, and that is enough,
    # although 2 wealth are still standing (see "Winning a challenge" on the rules page).
    forces = present(2, {0: (9, 9), 1: (4, 6)})
    state, ident = offer(table(**forces), "challenge", "rome")
    rng = generator_where(
        lambda d: all(v >= 2 for v in d[:4]) and all(v < 2 for v in d[4:]), [5] * 8
    )
    after = replace(state, generator=rng).play(Buy(ident))
    detail = outcome(after, 1)
    assert detail["defence"] == ["none"] * 4
    assert detail["offence"] == ["neutralise"] * 4
    assert detail["won"] is True and detail["neutralised"] == 4
    assert after.control[BY_ID["rome"]] == 0


def test_challenge_lost_keeps_the_character() -> None:
    forces = present(2, {0: (2, 2), 1: (3, 3)})
    state, ident = offer(table(**forces), "challenge", "rome")
    rng = generator_where(lambda d: all(v >= 2 for v in d), [5] * 5)
    after = replace(state, generator=rng).play(Buy(ident))
    assert outcome(after)["won"] is False
    assert after.control[BY_ID["rome"]] == 1


def test_a_defender_without_present_wealth_loses_at_once_and_the_challenge_is_not_doubled() -> None:
    forces = present(2, {0: (1, 1), 1: (6, 0)})
    state, ident = offer(table(**forces), "challenge", "rome")
    after = state.play(Buy(ident))
    detail = outcome(after)
    assert detail["won"] is True and detail["defence"] == [] and detail["offence"] == []
    state, ident = offer(table(**forces), "challenge", "rome")
    assert state.view(0)["opportunities"][0]["doubled"] is False


# -- the clock, turns and prices --------------------------------------------------------------


def test_each_hour_every_living_player_earns_one_turn() -> None:
    state = GAME.new_game({"players": 3}, 1)
    state = state.play_text("t1").play_text("t1").play_text("t1")
    assert state.clock == 1 and state.turns == (START_TURNS + 1,) * 3


def test_windows_rotate_each_hour_and_a_sleeping_seat_is_skipped() -> None:
    state = GAME.new_game({"players": 3}, 1)
    order = []
    for _ in range(6):
        order.append(state.current_player())
        state = state.play_text(f"t{state.clock + 1}")
    assert order == [0, 1, 2, 1, 2, 0]  # hour 0 starts with seat 0, hour 1 with seat 1
    assert window_order(2, 3) == [2, 0, 1] and window_order(7, 4) == [3, 0, 1, 2]
    assert state.clock == 2 and state.current_player() == 2
    state = state.play_text("t3").play_text("t9")  # seat 0 sleeps until hour 9
    seats = set()
    while state.clock < 9:
        seats.add(state.current_player())
        state = state.play_text(f"t{state.clock + 1}")
    assert seats == {1, 2}
    assert state.current_player() == 0  # hour 9 starts with seat 0 again


def test_prices_fall_by_one_with_chance_one_half_and_a_zero_price_is_replaced() -> None:
    state = GAME.new_game({"players": 2}, 4)
    state = state.play_text("t1")
    before = state
    # Hour end: one draw of two per opportunity, in list order (replacements draw their own).
    after = state.play_text("t1")
    rng = before.rng
    for old, new in zip(before.opps, after.opps, strict=True):
        falls = rng.below(2) == 0
        rng = rng.advance()
        if not falls:
            assert new == old
        elif old.price > 1:
            assert new == replace(old, price=old.price - 1)
        else:
            assert new.id != old.id  # replaced
            break


def test_price_drops_are_half_the_time() -> None:
    state = GAME.new_game({"players": 2}, 9)
    drops = total = 0
    for _ in range(30):
        before = state.opps
        state = state.play_text(f"t{state.clock + 1}").play_text(f"t{state.clock + 1}")
        for old, new in zip(before, state.opps, strict=True):
            if new.id == old.id:
                total += 1
                drops += new.price < old.price
    assert 0.4 < drops / total < 0.6


def test_an_expired_opportunity_is_refused_by_its_id() -> None:
    state, ident = offer(table(), "recruit", "rome", benefit=1, price=1)
    rng = generator_where(lambda d: d[0] == 0, [2])
    state = replace(state, generator=rng, to_act=1)
    state = state.play_text("t1")  # seat 1 ends the hour; the price-1 offer falls to 0
    assert state.opportunity(ident) is None
    assert illegal(state, f"b{ident}") == "no-such-opportunity"


def test_the_buyer_sees_the_replacement_first_and_may_buy_it_in_the_same_window() -> None:
    # The clarification "New offers": the replacement is drawn at once, in the buyer's window.
    state, ident = offer(table(3), "recruit", "rome", benefit=1, price=1)
    after = state.play(Buy(ident))
    fresh = after.opps[0]
    assert fresh.id == state.next_id and fresh.price <= after.turns[0]
    assert after.current_player() == 0  # the window is still the buyer's
    assert after.view(0)["opportunities"][0]["affordable"] is True
    assert after.view(1)["opportunities"][0]["affordable"] is False  # seen, not yet buyable
    again = after.play(Buy(fresh.id))
    assert again.opportunity(fresh.id) is None and again.current_player() == 0


def test_the_log_starts_at_the_latest_purchase_or_wait() -> None:
    # A seat that only waits gets the events since its last wait, not the longest digest.
    state = GAME.new_game({"players": 2}, 7)
    while state.clock < 200:
        state = state.play(Wait(state.clock + 1))
    assert state.last_acted == (199, 199)
    assert len(state.visible_events(0)) > VIEW_LOG  # enough for the longest digest
    log = state.view(0)["log"]
    assert len(log) == VIEW_RECENT  # nothing since hour 199 beyond the newest few
    assert state.view(0)["me"]["last_acted"] == 199
    # A long wait: the log then holds everything since it began, and no more.
    state = state.play(Wait(260))
    assert state.last_acted[0] == 200
    while state.clock < 260:
        state = state.play(Wait(state.clock + 1))
    since = [e.n for e in state.visible_events(0) if e.hour >= 200]
    assert VIEW_RECENT < len(since) < VIEW_LOG
    assert [e["n"] for e in state.view(0)["log"]] == since


# -- elimination and victory ------------------------------------------------------------------


def at_check(state: TataState) -> TataState:
    """Run every seat's windows until the hour before the next check ends."""
    return replace(state, clock=CHECK_EVERY - 1, awake=tuple(CHECK_EVERY - 1 for _ in state.alive))


def end_hour(state: TataState) -> TataState:
    while True:
        hour = state.clock
        state = state.play(Wait(hour + 1))
        if state.clock > hour or state.is_terminal():
            return state


def test_every_twenty_hours_the_weakest_is_eliminated() -> None:
    control = tuple(0 for _ in range(B.COUNT))
    state = at_check(table(3, control=control, **present(3, {0: (1, 1), 1: (2, 0), 2: (1, 0)})))
    after = end_hour(state)
    assert after.clock == 20 and after.alive == (True, True, False)
    assert after.eliminated == ((2, 20),)
    assert after.current_player() == 0
    view = after.view(0)
    assert [row["seat"] for row in view["leaderboard"]] == [0, 1]
    # No check between checks.
    later = end_hour(after)
    assert later.alive == after.alive and later.view(1)["hours_to_check"] == 19


def test_no_one_goes_when_the_weakest_controls_a_character() -> None:
    control = (2, *(0 for _ in range(B.COUNT - 1)))
    state = at_check(table(3, control=control, **present(3, {0: (1, 1), 1: (2, 0), 2: (0, 0)})))
    after = end_hour(state)
    assert after.alive == (True, True, True)
    event = [e for e in after.events if e.kind == "elimination"][-1]
    assert json.loads(event.detail)["blocked_by"] == [2]


def test_ties_for_weakest_a_character_among_them_blocks_else_a_seeded_draw() -> None:
    control = (1, *(0 for _ in range(B.COUNT - 1)))
    tied = present(3, {0: (5, 5), 1: (1, 1), 2: (1, 1)})
    assert end_hour(at_check(table(3, control=control, **tied))).alive == (True, True, True)
    control = tuple(0 for _ in range(B.COUNT))
    gone = set()
    for seed in range(12):
        after = end_hour(at_check(table(3, seed=seed, control=control, **tied)))
        assert after.alive.count(False) == 1 and after.alive[0]
        gone.add(after.alive.index(False))
    assert gone == {1, 2}


def test_the_last_player_left_wins() -> None:
    control = tuple(0 for _ in range(B.COUNT))
    state = at_check(table(2, control=control, **present(2, {0: (1, 1), 1: (1, 0)})))
    after = end_hour(state)
    assert after.current_player() == TERMINAL
    result = after.outcome()
    assert result is not None and result.winners == (0,) and result.returns == (1.0, -1.0)
    assert after.legal_actions() == []
    assert illegal(after, "t30") == "game-over"


def test_at_the_hour_limit_the_strongest_wins_and_ties_share() -> None:
    state = GAME.new_game({"players": 2, "limit": 240}, 0)
    state = replace(state, clock=239, awake=(239, 239), **present(2, {0: (4, 4), 1: (3, 5)}))
    after = end_hour(state)
    assert after.outcome() is not None and after.outcome().winners == (0, 1)  # type: ignore[union-attr]
    state = replace(state, **present(2, {0: (4, 4), 1: (3, 6)}))
    assert end_hour(state).outcome().winners == (1,)  # type: ignore[union-attr]


def test_an_eliminated_player_earns_nothing_and_gets_no_window() -> None:
    control = tuple(0 for _ in range(B.COUNT))
    state = at_check(table(3, control=control, **present(3, {0: (1, 1), 1: (2, 0), 2: (1, 0)})))
    after = end_hour(end_hour(state))
    assert after.turns[2] == 0 and not any(after.agents[2])
    seats = set()
    for _ in range(4):
        seats.add(after.current_player())
        after = after.play(Wait(after.clock + 1))
    assert seats == {0, 1}


# -- bad input --------------------------------------------------------------------------------


def test_buying_with_too_few_turns_is_refused_and_nothing_changes() -> None:
    state, ident = offer(table(turns=(2, 2)), "recruit", "rome", benefit=1, price=3)
    assert illegal(state, f"b{ident}") == "too-few-turns"
    assert Buy(ident) not in state.legal_actions()
    assert state.turns == (2, 2)


def test_the_clock_cannot_be_set_backwards_or_jump_too_far() -> None:
    state = GAME.new_game({}, 0).play_text("t3")
    for _ in range(3):
        state = state.play_text("t3")
    assert state.clock == 3 and state.current_player() == 3  # hour 3 starts with seat 3
    assert illegal(state, "t3") == "clock-backwards"
    assert illegal(state, "t1") == "clock-backwards"
    assert illegal(state, f"t{3 + MAX_WAIT + 1}") == "wait-too-long"
    waits = [a for a in state.legal_actions() if isinstance(a, Wait)]
    assert [w.hour for w in waits] == list(range(4, 4 + MAX_WAIT))


def test_unknown_opportunity_and_bad_notation() -> None:
    state = GAME.new_game({}, 0)
    assert illegal(state, "b999") == "no-such-opportunity"
    for text in ("x3", "b", "t-1", "b1.5", "", "t12345678901"):
        with pytest.raises(NotationError):
            GAME.parse_action(text)
    assert GAME.parse_action(" B17 ") == Buy(17)
    assert GAME.action_to_text(Wait(40)) == "t40"


def test_a_tampered_state_is_refused() -> None:
    data = GAME.new_game({}, 0).to_dict()
    bad = [
        {**data, "agents": [[-1] * B.COUNT] * 4},
        {**data, "control": [9] * B.COUNT},
        {**data, "alive": [True]},
        {**data, "opps": [[1, "steal", 0, -1, 0, 1]]},
        {**data, "format": 99},
        {k: v for k, v in data.items() if k != "turns"},
    ]
    for item in bad:
        with pytest.raises(FormatError):
            GAME.from_dict(item)
    assert GAME.from_dict(json.loads(json.dumps(data))) == GAME.new_game({}, 0)


def test_options() -> None:
    assert GAME.seat_count(GAME.normalise_options({"players": 8})) == 8
    with pytest.raises(FormatError):
        GAME.normalise_options({"players": 9})
    with pytest.raises(FormatError):
        GAME.normalise_options({"started": -5})
    assert GAME.normalise_options({})["limit"] == 480
