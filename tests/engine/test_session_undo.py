"""Undo against the computer lands only where a human is to move, in every game."""

from __future__ import annotations

import random

import pytest
import timegames  # noqa: F401 - registers every game
from timegames.core import GAMES, get_game, replay
from timegames.core.session import Session


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_undo_never_stops_on_a_computers_turn(slug: str) -> None:
    # Timeline's undo once stopped halfway through a computer's turn (before its
    # draw): the computer waits during a replay, so nobody could move.
    game = get_game(slug)
    options = game.normalise_options({})
    seats = [{"name": "Me"}] + [
        {"name": f"Bot {n}", "kind": "ai", "level": game.ai_levels()[0].key}
        for n in range(1, game.seat_count(options))
    ]
    rng = random.Random(slug)
    undone = 0
    for seed in range(4):
        session = Session(bot_seconds=0.01)
        view = session.handle({"op": "new", "game": slug, "seed": seed, "seats": seats})["view"]
        for _ in range(400):
            if view["outcome"] or undone >= 6 * (seed + 1):
                break
            if view["to_move_kind"] == "ai":
                view = session.handle({"op": "bot"})["view"]
                continue
            if view["can_undo"]:
                answer = session.handle({"op": "undo"})
                assert answer["ok"], answer
                back = answer["view"]
                assert back["to_move_kind"] == "human", (seed, back["position"])
                undone += 1
                view = session.handle({"op": "redo"})["view"]
            assert session.record is not None
            state = replay(session.record, len(session.record.actions))[-1]
            action = rng.choice(list(state.legal_actions()))
            text = game.action_to_text(action)
            view = session.handle({"op": "play", "action": text})["view"]
    assert undone > 0


def test_a_view_says_whether_the_recorded_game_is_over_wherever_the_replay_stands() -> None:
    # Stepping back in a finished game said "the computer waits"; nothing waits there.
    session = Session(bot_seconds=0.01)
    seats = [{"name": name, "kind": "ai", "level": "beginner"} for name in ("A", "B")]
    view = session.handle({"op": "new", "game": "time_vectors", "seed": 3, "seats": seats})["view"]
    assert view["finished"] is False
    while not view["outcome"]:
        assert view["finished"] is False
        view = session.handle({"op": "bot"})["view"]
    assert view["finished"] is True
    back = session.handle({"op": "goto", "position": 3})["view"]
    assert back["outcome"] is None and back["finished"] is True


@pytest.mark.parametrize("slug", sorted(s for s in GAMES if get_game(s).hidden_information))
def test_with_secrets_undo_never_takes_back_another_persons_move(slug: str) -> None:
    # Hot-seat: going back into another person's turn would show their secrets
    # (a hand, sealed orders) to whoever pressed Undo.
    game = get_game(slug)
    options = game.normalise_options({})
    seats = [{"name": name} for name in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus")]
    seats = seats[: game.seat_count(options)]
    rng = random.Random(slug)
    crossings = own = 0
    for seed in range(6):
        session = Session()
        session.handle({"op": "new", "game": slug, "seed": seed, "seats": seats})
        for _ in range(300):
            state = session.states[session.record.position]  # type: ignore[union-attr]
            if state.is_terminal():
                break
            mover = state.current_player()
            action = game.action_to_text(rng.choice(state.legal_actions()))
            answer = session.handle({"op": "play", "action": action})
            assert answer["ok"], answer
            position = session.record.position  # type: ignore[union-attr]
            after = session.states[position]
            if after.is_terminal():
                break
            if session.states[position - 1].is_chance():
                continue  # a draw came between: undo stops there anyway
            if after.current_player() != mover:
                assert answer["view"]["can_undo"] is False
                refused = session.handle({"op": "undo"})
                assert refused["ok"] is False and "only your own moves" in refused["error"]
                assert seats[mover]["name"] in refused["error"]
                crossings += 1
            elif answer["view"]["can_undo"]:
                back = session.handle({"op": "undo"})
                assert back["ok"], back
                assert session.states[session.record.position].current_player() == mover  # type: ignore[union-attr]
                session.handle({"op": "redo"})
                own += 1
    assert crossings and own, (crossings, own)
