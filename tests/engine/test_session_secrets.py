"""No secret reaches a page: checked at every step of seeded games with hidden information.

For every registered game with ``hidden_information`` (present and future),
seeded games are played through :class:`Session` and at every step, for every
seat and for a spectator, the answer, the autosave (``view["record"]``), the
log, the exported file and the decoded link are searched for:

* the seed (as a number), and
* the text of any chance step the public log hides (a drawn card), past or
  future: these name another seat's card or the order of the pile.

And nothing in an answer but the game's own ``state`` view (which the games'
view tests check) and the log's lines for the viewer's own moves (a seat reads
its own secret move in full: ``Game.own_log_text``) may depend on who is looking.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from dataclasses import dataclass
from typing import Any

import pytest
import timegames
from timegames.core.session import Session

HIDDEN = sorted(slug for slug, game in timegames.GAMES.items() if game.hidden_information)
SEEDS = (7_314_159_265_358, 8_271_828_182_845)
MAX_STEPS = 160


def full_game(slug: str, seed: int) -> tuple[list[dict[str, Any]], list[str]]:
    """A seeded game of bots, played to the end or :data:`MAX_STEPS`: its seats and actions."""
    game = timegames.GAMES[slug]
    options = game.normalise_options({})
    level = game.ai_levels()[0].key
    seats = [{"kind": "ai", "level": level} for _ in range(game.seat_count(options))]
    session = Session(bot_seconds=0.02)
    assert session.handle({"op": "new", "game": slug, "seats": seats, "seed": seed})["ok"]
    steps = 0
    while not session.state.is_terminal() and steps < MAX_STEPS:
        assert session.handle({"op": "bot", "seconds": 0.01})["ok"]
        steps += 1
    assert session.record is not None
    return seats, list(session.record.actions)


def hidden_actions(slug: str, seed: int, actions: list[str]) -> dict[int, tuple[str, bool]]:
    """The actions whose public log line hides them, by index: (text, is a chance step).

    A chance step whose line differs from its notation (a drawn card), and a
    player's move whose line other legal moves share (a secret order).
    """
    game = timegames.GAMES[slug]
    state = game.new(game.normalise_options({}), seed)
    secret = {}
    for index, text in enumerate(actions):
        line = game.log_text(state, text)
        if line != text:
            if state.is_chance():
                secret[index] = (text, True)
            else:
                legal = [game.action_to_text(a) for a in state.legal_actions()]
                if [game.log_text(state, t) for t in legal].count(line) > 1:
                    secret[index] = (text, False)
        state = state.apply(game.parse_action(text))
    return secret


def decoded_link(fragment: str) -> dict[str, Any]:
    packed = fragment.split(".")[1]
    body = zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)))
    data: dict[str, Any] = json.loads(body)
    return data


def without_state(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("state", "viewer")}


def as_everyone_reads_it(view: dict[str, Any], viewer: int | None, session: Session) -> Any:
    """``view`` with the viewer's own moves told as everyone reads them, once each of them
    is checked to be told as the game tells a player their own move."""
    assert session.record is not None
    game = timegames.GAMES[session.record.game]
    copy = json.loads(json.dumps(view))
    for entry in copy["log"] + copy["future"]:
        before = session.states[entry["n"] - 1]
        text = session.record.actions[entry["n"] - 1]
        if viewer is not None and entry["seat"] == viewer:
            assert entry["text"] == game.own_log_text(before, text)
            entry["text"] = game.log_text(before, text)
        else:
            assert entry["text"] == game.log_text(before, text)
    return copy


@dataclass
class Seen:
    """Something that left the engine while the game ran: where, and its JSON."""

    where: str
    data: Any
    spectator_state: bool = False


def check_seen(seen: Seen, seed: int, secret: dict[int, tuple[str, bool]]) -> None:
    """``seen`` holds no seed, no hidden draw, and no hidden move where the record shows it."""
    text = json.dumps(seen.data)
    assert str(seed) not in text, f"{seen.where} carries the seed"
    for index, (raw, chance) in secret.items():
        if chance:
            # A drawn card's notation names it: it may appear nowhere, past or future.
            assert json.dumps(raw) not in text, f"{seen.where} names the draw {raw!r}"
        if seen.spectator_state:
            continue
        record = seen.data.get("record") or seen.data.get("view", {}).get("record") or {}
        actions = record.get("actions") or []
        if index < len(actions):
            assert actions[index] != raw or not record.get("sealed"), f"{seen.where}: {raw!r}"
        if seen.data.get("played_index") == index:
            assert seen.data.get("played") != raw, f"{seen.where} tells the hidden move {raw!r}"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("slug", HIDDEN)
def test_no_answer_autosave_log_or_link_carries_a_secret_while_the_game_runs(
    slug: str, seed: int
) -> None:
    """Everything the page got is kept, then checked against the finished game's secrets."""
    game = timegames.GAMES[slug]
    count = game.seat_count(game.normalise_options({}))
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": game.ai_levels()[0].key}] * (count - 1)
    rng = random.Random(seed)
    session = Session(bot_seconds=0.02)
    answer = session.handle({"op": "new", "game": slug, "seats": seats, "seed": seed})
    seen: list[Seen] = []
    steps = 0
    while answer["ok"] and not answer["view"]["outcome"] and steps < MAX_STEPS:
        steps += 1
        views = []
        for viewer in [None, *range(len(seats))]:
            shown = session.handle({"op": "view", "viewer": viewer})
            assert shown["ok"]
            outside = without_state(shown["view"])
            seen.append(Seen(f"view for seat {viewer} at step {steps}", {"view": outside}))
            views.append(as_everyone_reads_it(outside, viewer, session))
            if viewer is None:
                # A seat's own view may show its own cards; a spectator's shows none.
                seen.append(Seen(f"spectator at step {steps}", shown["view"]["state"], True))
        # Only the game's own view and the seat's own moves depend on the seat looking.
        assert all(v == views[0] for v in views)
        if steps % 5 == 1:
            exported = json.loads(session.handle({"op": "export"})["text"])
            seen.append(Seen(f"export at step {steps}", exported))
            link = decoded_link(session.handle({"op": "link"})["fragment"])
            seen.append(Seen(f"link at step {steps}", {"record": link}))
        assert session.record is not None
        index = session.record.position
        if answer["view"]["to_move_kind"] == "human":
            legal = [game.action_to_text(a) for a in session.state.legal_actions()]
            answer = session.handle({"op": "play", "action": rng.choice(legal), "viewer": 0})
        else:
            answer = session.handle({"op": "bot", "seconds": 0.01, "viewer": 0})
        assert answer["ok"]
        if not answer["view"]["outcome"]:
            outside = {**answer, "view": without_state(answer["view"]), "played_index": index}
            seen.append(Seen(f"answer at step {steps}", outside))
    assert session.record is not None
    # The engine's truth, once the game has run: every secret, past and future, by position.
    secret = hidden_actions(slug, seed, list(session.record.actions))
    for item in seen:
        check_seen(item, seed, secret)


@pytest.mark.parametrize("slug", HIDDEN)
def test_a_sealed_autosave_opens_again_and_a_finished_game_is_plain(slug: str) -> None:
    seats, truth = full_game(slug, SEEDS[0])
    session = Session(bot_seconds=0.02)
    answer = session.handle({"op": "new", "game": slug, "seats": seats, "seed": SEEDS[0]})
    record = answer["view"]["record"]
    assert answer["view"]["sealed"] and record["seed"] is None
    reopened = Session().handle({"op": "load_record", "record": record})
    assert reopened["ok"] and reopened["view"]["deal"] == answer["view"]["deal"]
    # A changed public part or seal is refused; the seal is not a checksum anyone can skip.
    for key, value in (
        ("position", 0),
        ("seats", list(reversed(record["seats"]))),
        ("deal", "0000-0000"),
    ):
        if record.get(key) != value:
            refused = Session().handle({"op": "load_record", "record": {**record, key: value}})
            assert not refused["ok"] and "seal" in refused["error"]
    for _ in range(MAX_STEPS):
        if answer["view"]["outcome"]:
            break
        answer = session.handle({"op": "bot", "seconds": 0.01})
        assert answer["view"]["sealed"] == (not answer["view"]["outcome"])
    if answer["view"]["outcome"]:
        final = answer["view"]
        assert session.record is not None and final["record"] == session.record.to_dict()
        assert final["record"]["seed"] == SEEDS[0] and final["record"]["actions"] == truth


@pytest.mark.parametrize("slug", HIDDEN)
def test_no_branching_from_a_replayed_position_before_a_draw(slug: str) -> None:
    """Going back and playing again would replay the seed's draws with foreknowledge."""
    game = timegames.GAMES[slug]
    seats = [{"kind": "human"} for _ in range(game.seat_count(game.normalise_options({})))]
    session = Session()
    assert session.handle({"op": "new", "game": slug, "seats": seats, "seed": 3})["ok"]
    rng = random.Random(3)
    back = None
    for _ in range(MAX_STEPS):
        states = session.states
        players = [n for n in range(len(states) - 1) if not states[n].is_chance()]
        if players and any(states[n].is_chance() for n in range(players[0] + 1, len(states) - 1)):
            back = players[0]
            break
        if session.state.is_terminal():
            break
        legal = list(session.state.legal_actions())
        assert session.handle({"op": "play", "action": game.action_to_text(rng.choice(legal))})[
            "ok"
        ]
    if back is None:
        pytest.skip(f"{game.title} draws inside its moves, not as chance steps")
    assert session.handle({"op": "goto", "position": back})["ok"]
    before = session.fingerprint()
    legal = list(session.state.legal_actions())
    refused = session.handle({"op": "play", "action": game.action_to_text(legal[0])})
    assert not refused["ok"] and refused["rule"] == "replay"
    assert session.fingerprint() == before


def test_an_order_stays_secret_when_it_is_the_only_one_left_to_write() -> None:
    """A Time Splicer order is hidden even when no other order shares its log line."""
    from test_time_splicer_support import scenario
    from timegames.time_splicer import GAME

    state = scenario(stacks={0: [9]}, bidding=[1, 2, 3])
    for text in ["improve 9 cap N", "improve 9 cap E", "improve 9 cap W", "bid 1 1", "bid 2 1"]:
        state = state.play_text(text)
    legal = [GAME.action_to_text(a) for a in state.legal_actions()]
    assert legal == ["bid 3 1", "submit"]  # one order left: its line is unique
    session = Session()
    assert session._public_text(GAME, state, "bid 3 1") == "writes an order"
    assert session._public_text(GAME, state, "submit") == "submits"
