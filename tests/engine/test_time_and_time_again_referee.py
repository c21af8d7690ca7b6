"""Referee scenario tests for Time and Time Again (issue 9), written independently of the team's.

They use only the public protocol (``new_game``, ``to_dict``/``from_dict``, ``play``,
``legal_actions``, ``view``) and pin rule sentences the team's tests leave open:
the printed combat percentages measured through the engine, echo chances per
step, hidden past holdings on reachable positions, and refusal of tampered
states.  A test marked ``xfail(strict=True)`` states behaviour the referee
found WRONG (see /work/notes/time_and_time_again_referee.md); the fixer removes
the mark once it passes.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from timegames import GAMES
from timegames.core import FormatError, IllegalAction, NotationError
from timegames.time_and_time_again import BY_ID, LOCATIONS, PRESENT, Buy, TataState, Wait

GAME = GAMES["time_and_time_again"]
COUNT = len(LOCATIONS)
OFFER = 900
"""The id given to the one opportunity a scenario puts on offer."""


def position(
    players: int = 2,
    seed: int = 0,
    agents: dict[tuple[int, str], int] | None = None,
    wealth: dict[tuple[int, str], int] | None = None,
    vis: dict[tuple[int, str], int] | None = None,
    owner: int = 1,
    offer: tuple[str, str, str | None, int, int] | None = None,
    turns: int = 20,
) -> TataState:
    """A seeded start with chosen holdings, every character with ``owner`` and one offer."""
    data = GAME.new_game({"players": players}, seed).to_dict()
    for key, values in (("agents", agents), ("wealth", wealth), ("vis", vis)):
        if values is not None:
            data[key] = [[0] * COUNT for _ in range(players)]
            for (seat, loc), v in values.items():
                data[key][seat][BY_ID[loc]] = v
    data["control"] = [owner] * COUNT
    if offer is not None:
        kind, loc, target, benefit, price = offer
        # The offer replaces the first of the dealt opportunities (the list keeps its length).
        data["opps"][0] = [OFFER, kind, BY_ID[loc], BY_ID[target] if target else -1, benefit, price]
        data["next_id"] = OFFER + 1
    data["turns"] = [turns] * players
    state = GAME.from_dict(data)
    assert isinstance(state, TataState)
    return state


def outcome_of(state: TataState, seat: int = 0) -> dict[str, Any]:
    """The newest outcome detail ``seat`` can read."""
    for entry in reversed(state.view(seat)["log"]):
        if entry["kind"] == "outcome":
            detail: dict[str, Any] = entry["detail"]
            return detail
    raise AssertionError("no outcome in the log")


def near(count: int, total: int, chance: float) -> bool:
    """``count`` successes of ``total`` tries lie within 4 standard deviations of ``chance``."""
    spread = 4 * (total * chance * (1 - chance)) ** 0.5
    return abs(count - total * chance) <= spread


# -- combat, measured through the engine -----------------------------------------------------


def test_attack_strikes_follow_10_10_30_50_through_the_engine() -> None:
    tally: Counter[str] = Counter()
    for seed in range(20):
        state = position(
            seed=seed,
            agents={(0, "athens"): 100, (1, "athens"): 500},
            wealth={(0, "athens"): 100, (1, "athens"): 500},
            vis={(1, "athens"): 1},
            offer=("attack", "athens", None, 0, 2),
        )
        tally.update(outcome_of(state.play(Buy(OFFER)))["strikes"])
    total = sum(tally.values())
    assert total == 2000  # one strike per agent matched by wealth
    for result, chance in (("kill", 0.1), ("destroy", 0.1), ("capture", 0.3), ("none", 0.5)):
        assert near(tally[result], total, chance), (result, tally)


def test_challenge_defence_20_20_60_and_offence_40_60_through_the_engine() -> None:
    defence: Counter[str] = Counter()
    offence: Counter[str] = Counter()
    for seed in range(40):
        # 30 defending strikes; the challenger's ~34 survivors rarely reach 30
        # neutralisations, so the offence is nearly always rolled out in full.
        state = position(
            seed=seed,
            agents={(0, "present"): 40, (1, "present"): 30},
            wealth={(0, "present"): 40, (1, "present"): 30},
            offer=("challenge", "rome", None, 0, 4),
        )
        detail = outcome_of(state.play(Buy(OFFER)))
        defence.update(detail["defence"])
        if not detail["won"]:
            offence.update(detail["offence"])
    d_total, o_total = sum(defence.values()), sum(offence.values())
    assert d_total == 1200 and o_total > 1000
    assert near(defence["kill"], d_total, 0.2) and near(defence["destroy"], d_total, 0.2)
    assert near(defence["none"], d_total, 0.6)
    assert near(offence["neutralise"], o_total, 0.4)


def test_attack_kills_lower_the_victims_visibility_and_captures_move_wealth() -> None:
    for seed in range(10):
        state = position(
            seed=seed,
            agents={(0, "rome"): 12, (1, "rome"): 40},
            wealth={(0, "rome"): 12, (1, "rome"): 40},
            vis={(1, "rome"): 30},
            offer=("attack", "rome", None, 0, 2),
        )
        after = state.play(Buy(OFFER))
        effects = Counter(outcome_of(after)["effects"])
        rome = BY_ID["rome"]
        assert after.agents[1][rome] == 40 - effects["kill"]
        assert after.vis[1][rome] == 30 - effects["kill"]
        assert after.wealth[1][rome] == 40 - effects["destroy"] - effects["capture"]
        assert after.wealth[0][rome] == 12 + effects["capture"]
        assert after.agents[0][rome] == 12  # the attacker loses nothing in an attack
        assert after.vis[0][rome] == 1  # buying the attack made the attacker visible


def test_an_eliminated_or_invisible_player_is_never_the_attack_target() -> None:
    state = position(
        players=3,
        agents={(0, "rome"): 5, (1, "rome"): 5, (2, "rome"): 5},
        wealth={(0, "rome"): 5, (1, "rome"): 5, (2, "rome"): 5},
        vis={(0, "rome"): 9, (2, "rome"): 1},
        offer=("attack", "rome", None, 0, 2),
    )
    # The attacker is the most visible; the attack passes over it and over invisible seat 1.
    assert outcome_of(state.play(Buy(OFFER)))["defender"] == 2


# -- echoes ------------------------------------------------------------------------------------


def test_each_echo_step_succeeds_one_time_in_three_and_keeps_the_gain_size() -> None:
    tries = successes = reached = 0
    for seed in range(600):
        state = position(seed=seed, owner=0, offer=("recruit", "uruk", None, 2, 2))
        after = state.play(Buy(OFFER))
        detail = outcome_of(after)
        assert detail["gain"] == 4  # doubled by the character
        for echo in detail["echoes"]:
            here, there = BY_ID[echo["from"]], BY_ID[echo["to"]]
            assert there in LOCATIONS[here].next  # echoes climb only along the links
        tries += len(detail["echoes"])
        successes += sum(e["ok"] for e in detail["echoes"])
        reached += detail["reached_present"]
        landed = Counter(BY_ID[e["to"]] for e in detail["echoes"] if e["ok"])
        for loc, times in landed.items():
            start = 2 if loc == PRESENT else 0  # echoes never land back in Uruk
            assert after.agents[0][loc] == start + 4 * times
    assert near(successes, tries, 1 / 3)
    assert reached < 60  # from the base, the present is 8 steps up: rarely reached


def test_an_echo_from_lisbon_reaches_the_present_one_time_in_three() -> None:
    reached = 0
    for seed in range(900):
        state = position(seed=seed, owner=1, offer=("acquire", "lisbon", None, 1, 2))
        detail = outcome_of(state.play(Buy(OFFER)))
        assert [e["to"] for e in detail["echoes"]] == ["present"]
        reached += detail["reached_present"]
    assert near(reached, 900, 1 / 3)


# -- indirect types and the discard -----------------------------------------------------------


def test_indirect_gain_lands_only_in_the_remote_location() -> None:
    state = position(
        agents={(0, "athens"): 4, (0, "aachen"): 3},
        wealth={(0, "athens"): 6},
        offer=("indirect", "athens", "aachen", 0, 3),
    )
    after = state.play(Buy(OFFER))
    athens, aachen = BY_ID["athens"], BY_ID["aachen"]
    assert after.agents[0][aachen] == 6  # 3 + min(4, 6, 3)
    assert after.agents[0][athens] == 4 and after.wealth[0][athens] == 6
    assert after.vis[0][athens] == 1 and after.vis[0][aachen] == 0
    assert sum(map(sum, after.agents)) == sum(map(sum, state.agents)) + 3  # no echo


def test_a_discarded_challenge_costs_turns_raises_visibility_and_is_replaced() -> None:
    state = position(owner=0, offer=("challenge", "rome", None, 0, 5))
    after = state.play(Buy(OFFER))
    assert after.turns[0] == state.turns[0] - 5
    # A challenge is fought from the present day: the taker becomes visible there.
    assert after.vis[0][PRESENT] == state.vis[0][PRESENT] + 1
    assert after.vis[0][BY_ID["rome"]] == 0
    assert list(after.control) == list(state.control)
    ids = [o.id for o in after.opps]
    assert OFFER not in ids and ids[0] == OFFER + 1  # replaced in place by a fresh id
    with pytest.raises(IllegalAction) as err:
        after.play(Buy(OFFER))
    assert err.value.rule == "no-such-opportunity"


# -- hidden information, legality and records on reachable positions --------------------------


def reachable(seeds: range, steps: int) -> list[TataState]:
    """Positions from seeded random play (buys and waits mixed)."""
    found = []
    for seed in seeds:
        pick = random.Random(seed)
        state: Any = GAME.new_game({"players": 2 + seed % 5}, seed)
        for k in range(steps):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            buys = [a for a in actions if isinstance(a, Buy)]
            state = state.play(
                pick.choice(buys) if buys and pick.random() < 0.6 else Wait(state.clock + 1)
            )
            if k % 15 == 14:
                found.append(state)
    return found


POSITIONS = reachable(range(4), 90)


def test_play_accepts_exactly_the_listed_actions() -> None:
    for state in POSITIONS:
        listed = set(state.legal_actions())
        candidates = [Buy(i) for i in range(state.next_id + 2)]
        candidates += [Wait(h) for h in range(state.clock - 1, state.clock + 103)]
        for action in candidates:
            refused = state.illegal_reason(action)
            assert (refused is None) == (action in listed), action
        for action in listed:
            state.play(action)


def test_a_view_is_the_same_whatever_rivals_hold_in_the_past() -> None:
    for state in POSITIONS:
        data = state.to_dict()
        for me in range(state.players):
            changed = copy.deepcopy(data)
            for other in range(state.players):
                if other != me:
                    for loc in range(PRESENT):
                        changed["agents"][other][loc] += 5
                        changed["wealth"][other][loc] += 2
            assert GAME.from_dict(changed).view(me) == state.view(me)
        assert "me" not in state.view(None)


def test_records_round_trip_through_json_and_play_on_identically() -> None:
    for state in POSITIONS:
        copy_ = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
        assert copy_.to_dict() == state.to_dict()
        ahead = Wait(state.clock + 3)
        if not state.is_terminal():
            assert copy_.play(ahead).to_dict() == state.play(ahead).to_dict()


def test_idle_seats_jumping_100_hours_equal_100_single_hours() -> None:
    jumped: Any = GAME.new_game({"players": 3}, 11)
    stepped: Any = jumped
    while jumped.clock < 100:
        jumped = jumped.play(Wait(100))
    while stepped.clock < 100:
        stepped = stepped.play(Wait(stepped.clock + 1))
    # The same game; only where each seat's log starts (the hour of its last wait) differs.
    assert jumped.last_acted == (0, 0, 0) and stepped.last_acted == (99, 99, 99)
    assert replace(jumped, last_acted=stepped.last_acted).to_dict() == stepped.to_dict()


# -- tampered states (findings W1, fixed at 08:20) ---------------------------------------------


def tampered(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = json.loads(json.dumps(GAME.new_game({"players": 3}, 4).to_dict()))
    change(data)
    return data


def _price(value: int) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["opps"][0].__setitem__(5, value)


def _opp(kind: str, loc: str, target: str | None) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["opps"][0] = [d["opps"][0][0], kind, BY_ID[loc], BY_ID[target] if target else -1, 2, 3]

    return change


TAMPERS = {
    "zero price": _price(0),
    "negative price": _price(-5),
    "recruiting in the present": _opp("recruit", "present", None),
    "attack in the present": _opp("attack", "present", None),
    "investment targeting the present": _opp("invest", "lisbon", "present"),
    "indirect recruiting targeting the past": _opp("indirect", "lisbon", "uruk"),
    "negative turns": lambda d: d["turns"].__setitem__(0, -3),
    "duplicate ids": lambda d: d["opps"][1].__setitem__(0, d["opps"][0][0]),
    "event with a malformed detail": lambda d: d["events"][0].__setitem__(5, "{bad"),
    "an event cut short": lambda d: d.__setitem__("events", [[1]]),
}


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_a_tampered_state_is_refused_with_a_format_error(name: str) -> None:
    with pytest.raises(FormatError):
        GAME.from_dict(tampered(TAMPERS[name]))


# -- texts ---------------------------------------------------------------------------------


def test_one_turn_is_written_in_the_singular() -> None:
    state = position(turns=1, offer=("attack", "rome", None, 0, 1))
    after = state.play(Buy(OFFER))
    take = [e for e in after.view(0)["log"] if e["kind"] == "take"][-1]
    assert take["text"].endswith("for 1 turn")
    poor = position(turns=1, offer=("attack", "rome", None, 0, 2))
    with pytest.raises(IllegalAction) as err:
        poor.play(Buy(OFFER))
    assert "you have 1 turn" in err.value.message and "1 turns" not in err.value.message


@pytest.mark.parametrize("text", ["b²", "t³", "b١"])
def test_odd_digits_are_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_action(text)
    with pytest.raises(IllegalAction) as err:
        GAME.new_game({}, 1).play_text(text)
    assert err.value.rule == "notation"


def test_who_reads_which_outcome() -> None:
    """Attack details go to attacker and victim only; challenges are public; a climb to the
    present is announced without saying where in the past the gain was made."""
    attack = position(
        players=3,
        agents={(0, "rome"): 4, (1, "rome"): 4},
        wealth={(0, "rome"): 4, (1, "rome"): 4},
        vis={(1, "rome"): 2},
        offer=("attack", "rome", None, 0, 2),
    ).play(Buy(OFFER))
    for seat, reads in ((0, True), (1, True), (2, False)):
        kinds = [e["kind"] for e in attack.view(seat)["log"]]
        assert ("outcome" in kinds) == reads and "attack" in kinds
    challenge = position(players=3, offer=("challenge", "rome", None, 0, 4)).play(Buy(OFFER))
    assert outcome_of(challenge, 2)["type"] == "challenge"  # a bystander sees the fight
    for seed in range(40):
        echo = position(players=3, seed=seed, offer=("recruit", "lisbon", None, 2, 2))
        after = echo.play(Buy(OFFER))
        if after.agents[0][PRESENT] > echo.agents[0][PRESENT]:
            break
    else:
        raise AssertionError("no echo reached the present in 40 seeds")
    news = [e for e in after.view(2)["log"] if e["kind"] == "present"]
    assert news and "lisbon" not in json.dumps(news).lower()
    assert not [e for e in after.view(2)["log"] if e["kind"] == "outcome"]


def test_the_issue_examples_are_all_there() -> None:
    """Issue 9: indirect recruiting limited by each of its three numbers, an echo chain reaching
    the present, an attack, a challenge won and one lost, a check blocked by a character."""
    found: set[tuple[Any, ...]] = set()
    for entry in GAME.examples():
        state: Any = GAME.new_game(entry["options"], 0)
        for move in entry["moves"]:
            state = state.play_text(move)
        who = entry["highlight"][0]
        seat = int(who[5:]) if who.startswith("seat:") else None
        last = state.view(seat)["last"] if seat is not None else None
        if last:
            found.add(
                (last["type"], last.get("limited_by"), last.get("reached_present"), last.get("won"))
            )
        for event in state.view(None)["log"]:
            if event["kind"] == "elimination" and event["detail"].get("blocked_by"):
                found.add(("blocked",))
    for limit in ("agents_here", "wealth_here", "there"):
        assert ("indirect", limit, None, None) in found
    assert ("recruit", None, True, None) in found or ("acquire", None, True, None) in found
    assert ("attack", None, None, None) in found
    assert ("challenge", None, None, True) in found and ("challenge", None, None, False) in found
    assert ("blocked",) in found


RESIDUAL = {
    "two opportunities instead of ten": lambda d: d.__setitem__("opps", d["opps"][:2]),
    "a fractional price": lambda d: d["opps"][0].__setitem__(5, 2.7),
    "true as an id": lambda d: d["opps"][0].__setitem__(0, True),
}


@pytest.mark.parametrize("name", sorted(RESIDUAL))
def test_a_tampered_opportunity_list_is_refused(name: str) -> None:
    with pytest.raises(FormatError):
        GAME.from_dict(tampered(RESIDUAL[name]))
