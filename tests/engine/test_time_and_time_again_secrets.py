"""Time and Time Again: who took which opportunity in the past is the taker's secret.

Rivals and spectators see an offer vanish and the visibility rankings move, the
public attack event (being struck is observable) and challenges (fought in the
present); they never see a take event, its outcome or the ``bNN`` of another
seat's purchase.  The game still replays from its seed and actions, and saves
made when purchases were public still load.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_time_and_time_again import grid, offer, table
from timegames.core.record import replay, seal_record
from timegames.core.session import Session
from timegames.time_and_time_again import GAME, Buy, TataState
from timegames.time_and_time_again.rules import SECRET_PURCHASE

PAST_KINDS = {
    "recruit": ("lisbon", None, 2),
    "acquire": ("lisbon", None, 2),
    "indirect": ("athens", "rome", 0),
    "invest": ("athens", "rome", 0),
    "attack": ("rome", None, 0),
}


def scenario(kind: str, seed: int = 0) -> tuple[TataState, int]:
    """Three players; seat 0 holds enough in the opportunity's location to gain or strike,
    and seat 1 is visible there (an attack has a victim)."""
    loc, target, benefit = PAST_KINDS.get(kind, ("rome", None, 0))
    holdings: dict[tuple[int, str], int] = {(0, loc): 3, (1, loc): 3}
    if target:
        holdings[(0, target)] = 2
    state = table(
        players=3,
        seed=seed,
        agents=grid(3, holdings),
        wealth=grid(3, holdings),
        vis=grid(3, {(1, loc): 1}),
    )
    return offer(state, kind, loc, target, benefit, price=2)


def new_events(before: TataState, after: TataState, seat: int | None) -> list[dict[str, Any]]:
    """The log entries ``seat`` sees in ``after`` that ``before`` did not have."""
    last = before.event_no
    return [e for e in after.view(seat)["log"] if e["n"] > last]


def names_purchase(entry: dict[str, Any], ident: int) -> bool:
    """Whether a log entry says who took opportunity ``ident``, or what it gave."""
    detail = entry["detail"] or {}
    return (
        entry["kind"] in ("take", "outcome")
        or detail.get("id") == ident
        or f"#{ident}" in entry["text"]
        or "took" in entry["text"]
    )


@pytest.mark.parametrize("kind", sorted(PAST_KINDS))
def test_a_rivals_purchase_in_the_past_is_hidden_from_others_and_spectators(kind: str) -> None:
    before, ident = scenario(kind)
    after = before.play(Buy(ident))
    assert after.opportunity(ident) is None  # the offer vanishes for everyone
    # The buyer reads the take event and its outcome, privately.
    mine = new_events(before, after, 0)
    take = next(e for e in mine if e["kind"] == "take")
    assert take["private"] and take["detail"]["seat"] == 0 and take["detail"]["id"] == ident
    assert any(e["kind"] == "outcome" for e in mine)
    for viewer in (1, 2, None):
        seen = new_events(before, after, viewer)
        if kind == "attack" and viewer == 1:
            # The victim learns of the strikes on it, not which offer bought them.
            seen = [e for e in seen if not (e["kind"] == "outcome" and e["detail"]["defender"])]
        assert not [e for e in seen if names_purchase(e, ident)], (viewer, seen)
        assert str(ident) not in json.dumps([e["detail"] for e in seen])
        # Only the public attack event and present-day news may follow a past purchase.
        assert {e["kind"] for e in seen} <= {"attack", "present"}
        if kind == "attack":
            attack = next(e for e in seen if e["kind"] == "attack")
            assert attack["detail"] == {"seat": 0, "location": "rome", "defender": 1}
            assert not attack["private"]
    assert all(not e["private"] for e in after.view(None)["log"])


def test_an_attack_that_hits_nobody_is_the_attackers_secret() -> None:
    before, ident = offer(table(players=3), "attack", "rome", price=2)
    after = before.play(Buy(ident))
    assert [e["kind"] for e in new_events(before, after, 0)] == ["take", "attack", "outcome"]
    for viewer in (1, 2, None):
        assert new_events(before, after, viewer) == []


def test_a_challenge_stays_public() -> None:
    before, ident = scenario("challenge")
    after = before.play(Buy(ident))
    for viewer in (0, 1, 2, None):
        seen = new_events(before, after, viewer)
        take = next(e for e in seen if e["kind"] == "take")
        assert not take["private"] and take["detail"]["id"] == ident
        fight = next(e for e in seen if e["kind"] == "outcome")
        assert fight["detail"]["type"] == "challenge" and fight["detail"]["seat"] == 0
    assert GAME.log_text(before, f"b{ident}") == f"b{ident}"


def test_the_move_log_hides_past_purchases_only() -> None:
    for kind in PAST_KINDS:
        state, ident = scenario(kind)
        assert GAME.log_text(state, f"b{ident}") == SECRET_PURCHASE
    state, ident = scenario("challenge")
    assert GAME.log_text(state, f"b{ident}") == f"b{ident}"
    assert GAME.log_text(state, "t5") == "t5"
    assert GAME.log_text(state, "b99999") == SECRET_PURCHASE  # nothing said of a bad id either
    assert GAME.log_text(state, "nonsense") == "nonsense"
    assert GAME.secret_moves


def session_with_purchases() -> tuple[Session, list[int]]:
    """Three humans at one device; the first cheap past offers are bought as windows open.

    Returns the session and the record positions of the purchases of past offers."""
    session = Session()
    seats = [{"kind": "human", "name": n} for n in ("Ada", "Bob", "Cy")]
    answer = session.handle({"op": "new", "game": GAME.slug, "seats": seats, "seed": 11})
    assert answer["ok"]
    bought = []
    for _ in range(60):
        state = session.state
        assert isinstance(state, TataState)
        seat = state.current_player()
        cheap = [o for o in state.opps if o.kind != "challenge" and o.price <= state.turns[seat]]
        if cheap and len(bought) < 6:
            action = f"b{cheap[0].id}"
            assert session.record is not None
            bought.append(session.record.position)
        else:
            action = f"t{state.clock + 1}"
        assert session.handle({"op": "play", "action": action, "viewer": seat})["ok"]
    assert len(bought) >= 3
    return session, bought


def own_line(session: Session, position: int) -> str:
    """How the buyer's own move log tells the purchase at record ``position``."""
    assert session.record is not None
    before = session.states[position]
    assert isinstance(before, TataState)
    opp = before.opportunity(int(session.record.actions[position][1:]))
    assert opp is not None
    return f"buys {opp.describe()}"


def test_through_a_session_others_see_the_hidden_line_not_the_notation() -> None:
    session, bought = session_with_purchases()
    assert session.record is not None
    actions = list(session.record.actions)
    buyer = {p: session.states[p].current_player() for p in bought}
    for viewer in (None, 0, 1, 2):
        view = session.handle({"op": "view", "viewer": viewer})["view"]
        assert view["sealed"]
        lines = {e["n"]: e for e in view["log"]}
        for position in bought:
            entry = lines[position + 1]
            # The buyer's own move log tells the purchase; nobody else's does.
            mine = buyer[position] == viewer
            assert entry["text"] == (own_line(session, position) if mine else SECRET_PURCHASE)
            assert view["record"]["actions"][position] == SECRET_PURCHASE
        # No purchase notation of a past offer anywhere in the answer outside the seat's
        # own state view, and no other seat's purchase told in words either.
        outside = json.dumps({k: v for k, v in view.items() if k != "state"})
        for position in bought:
            assert f'"{actions[position]}"' not in outside
            if buyer[position] != viewer:
                assert own_line(session, position) not in outside
        # The state view shows a seat its own takes only.
        takes = [e for e in view["state"]["log"] if e["kind"] == "take"]
        assert all(e["detail"]["seat"] == viewer for e in takes)
    # The answer to a purchase does not tell it either.
    state = session.state
    assert isinstance(state, TataState)
    seat = state.current_player()
    cheap = [o for o in state.opps if o.kind != "challenge" and o.price <= state.turns[seat]]
    if cheap:
        answer = session.handle({"op": "play", "action": f"b{cheap[0].id}", "viewer": seat})
        assert answer["ok"] and f'"b{cheap[0].id}"' not in json.dumps(
            {k: v for k, v in answer["view"].items() if k != "state"}
        )


def test_the_buyer_sees_their_own_purchases_in_full_and_nobody_else_does() -> None:
    session, bought = session_with_purchases()
    record = session.record
    assert record is not None
    buyer = {p: session.states[p].current_player() for p in bought}
    assert len(set(buyer.values())) >= 2, "every purchase was the same seat's"
    for position, seat in buyer.items():
        line = own_line(session, position)
        opp_id = record.actions[position][1:]
        assert line.startswith(f"buys #{opp_id} ") and " at " in line  # its place, too
        for viewer in (0, 1, 2, None):
            # At the latest position, and replayed from the start (the moves ahead).
            for request in ({"op": "view"}, {"op": "goto", "position": 0}):
                answer = session.handle({**request, "viewer": viewer})
                assert answer["ok"]
                view = answer["view"]
                entries = {e["n"]: e for e in view["log"] + view["future"]}
                expected = line if viewer == seat else SECRET_PURCHASE
                assert entries[position + 1]["text"] == expected, (viewer, seat, view["position"])
            assert session.handle({"op": "goto", "position": len(record.actions)})["ok"]
    # The shared forms of the game still hide every purchase: the save file and the link
    # (sealed while the game runs) hold the hidden line, never a buyer's own words.
    exported = session.handle({"op": "export"})["text"]
    link = session.handle({"op": "link"})["fragment"]
    for position in bought:
        assert own_line(session, position) not in exported
        assert f'"{record.actions[position]}"' not in exported
    reopened = Session()
    view = reopened.handle({"op": "load_link", "fragment": link, "viewer": None})["view"]
    assert [e["text"] for e in view["log"] if e["n"] - 1 in buyer] == [SECRET_PURCHASE] * len(buyer)


def test_the_buyers_own_line_names_only_a_purchase_in_the_past() -> None:
    for kind in PAST_KINDS:
        state, ident = scenario(kind)
        opp = state.opportunity(ident)
        assert opp is not None
        assert GAME.own_log_text(state, f"b{ident}") == f"buys {opp.describe()}"
        assert f"#{ident}" in GAME.own_log_text(state, f"b{ident}")
    state, ident = scenario("challenge")
    assert GAME.own_log_text(state, f"b{ident}") == f"b{ident}"  # public anyway
    assert GAME.own_log_text(state, "t5") == "t5"
    assert GAME.own_log_text(state, "b99999") == SECRET_PURCHASE  # no such offer: nothing said
    assert GAME.own_log_text(state, "nonsense") == "nonsense"


def test_a_computers_purchase_stays_hidden_from_the_human_and_in_its_answer() -> None:
    session = Session()
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "ai", "level": "novice", "name": "Bob"}]
    options = {"players": 2}
    new = {"op": "new", "game": GAME.slug, "options": options, "seats": seats, "seed": 3}
    assert session.handle(new)["ok"]
    hidden = []  # (what the bot's answer said it played, its notation)
    for _ in range(200):
        state = session.state
        assert isinstance(state, TataState) and session.record is not None
        position = session.record.position
        if state.current_player() == 0:
            answer = session.handle({"op": "play", "action": f"t{state.clock + 1}", "viewer": 0})
        else:
            answer = session.handle({"op": "bot", "viewer": 0})
            action = session.record.actions[position]
            if GAME.log_text(state, action) == SECRET_PURCHASE:
                hidden.append((answer["played"], action))
        assert answer["ok"], answer
        if len(hidden) >= 2:
            break
    assert hidden, "the computer bought nothing in the past"
    assert all(played == SECRET_PURCHASE for played, _ in hidden)
    view = session.handle({"op": "view", "viewer": 0})["view"]
    bob = [e["text"] for e in view["log"] if e["seat"] == 1 and not e["text"].startswith("t")]
    assert bob and not [t for t in bob if t.startswith("buys #")]
    outside = json.dumps({k: v for k, v in view.items() if k != "state"})
    assert not [a for _, a in hidden if f'"{a}"' in outside]


def test_the_game_replays_identically_from_its_record() -> None:
    session, _ = session_with_purchases()
    record = session.record
    assert record is not None
    state: Any = GAME.new_game(record.options, record.seed)
    for text in record.actions:
        state = state.play_text(text)
    assert state.to_dict() == session.state.to_dict()
    assert replay(record)[-1].to_dict() == session.state.to_dict()


def test_old_saves_with_public_purchases_still_load() -> None:
    session, bought = session_with_purchases()
    record = session.record
    assert record is not None
    # A sealed autosave from before purchases were secret shows every move's notation.
    old = seal_record(record, list(record.actions))
    reopened = Session()
    answer = reopened.handle({"op": "load_record", "record": old})
    assert answer["ok"], answer
    assert reopened.state.to_dict() == session.state.to_dict()
    assert answer["view"]["record"]["actions"][bought[0]] == SECRET_PURCHASE  # sealed anew
    # A state saved then has public take events: it loads, and they stay as they were.
    data = session.state.to_dict()
    for event in data["events"]:
        if event[3] == "take":
            event[2] = []
    state = GAME.from_dict(data)
    assert any(e.kind == "take" and not e.seats for e in state.events)
    assert GAME.from_dict(state.to_dict()) == state


def test_everyone_sees_each_locations_visibility_ranking_but_only_their_own_numbers() -> None:
    # The rules page: the offers and each location's ranking are in plain sight, the
    # numbers behind the ranking are not.
    before, ident = scenario("acquire")  # seat 0 buys at Lisbon, where seat 1 is visible
    state = before.play(Buy(ident))
    rankings = []
    for viewer in (0, 1, 2, None):
        view = state.view(viewer)
        index, lisbon = next(
            (i, loc) for i, loc in enumerate(view["locations"]) if loc["id"] == "lisbon"
        )
        rankings.append(lisbon["ranking"])
        mine = lisbon.pop("mine", None)
        if viewer is None:
            assert mine is None
        else:
            assert mine["visibility"] == state.vis[viewer][index]
        assert "visibility" not in json.dumps(lisbon)  # nobody else's number
    assert rankings == [rankings[0]] * 4 and set(rankings[0]) == {0, 1}
