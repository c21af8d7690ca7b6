"""Time Splicer rule examples: each shows what its caption says."""

from __future__ import annotations

from typing import Any

import pytest
from timegames.time_splicer import GAME, SplicerState
from timegames.time_splicer import board as B


def _example(key: str) -> tuple[dict[str, Any], SplicerState]:
    example = next(e for e in GAME.examples() if e["key"] == key)
    state = GAME.new_game(example.get("options") or {}, 0)
    for move in example["moves"]:
        state = state.play_text(move)  # type: ignore[assignment]
    return example, state


def test_the_examples_cover_every_linking_rule_both_ways() -> None:
    keys = [e["key"] for e in GAME.examples()]
    for rule in ("caps", "groups", "levels", "connection"):
        assert f"{rule}_legal" in keys and f"{rule}_illegal" in keys
    assert "vickrey_overbid" in keys and "priority_conflict" in keys


@pytest.mark.parametrize("rule", ["caps", "groups", "levels", "connection"])
def test_legal_examples_end_with_a_placement_at_the_highlight(rule: str) -> None:
    example, state = _example(f"{rule}_legal")
    spot = example["highlight"][0]
    x, y = (int(v) for v in spot.split(","))
    assert state.board_map[(x, y)].owner == 0
    assert state.report is not None
    placed = [s for s in state.report["steps"] if s["text"].endswith(f" {spot}")]
    assert placed and placed[0]["ok"] and placed[0]["paid"] == 3


@pytest.mark.parametrize("rule", ["caps", "groups", "levels", "connection"])
def test_illegal_examples_break_exactly_their_rule(rule: str) -> None:
    example, state = _example(f"{rule}_illegal")
    x, y = (int(v) for v in example["highlight"][0].split(","))
    draft = state.draft
    failing = {
        B.link_problem(draft.board, p, x, y)[0]  # type: ignore[index]
        for p in draft.stack
        if p.info.name in example["caption"]
    }
    assert failing == {rule}
    # The page shows the same rule for that spot.
    aims = state.view(0)["me"]["aims"]
    blocked = [b["rule"] for a in aims for b in a["blocked"] if (b["x"], b["y"]) == (x, y)]
    assert rule in blocked


def test_the_bid_example_shows_vickrey_and_a_disqualification() -> None:
    _, state = _example("vickrey_overbid")
    assert state.report is not None
    bid_steps = [s for s in state.report["steps"] if s["phase"] == "bid"]
    assert any(s["rule"] == "overbid" and s["seat"] == 0 for s in bid_steps)
    won = [s for s in bid_steps if s.get("winner") == 0]
    assert won and won[0]["paid"] in (4, 5)  # second bid + 1
    assert any(s.get("winner") == 1 and s["paid"] == 1 for s in bid_steps)


def test_the_conflict_example_shows_a_priority_failure() -> None:
    _, state = _example("priority_conflict")
    assert state.report is not None
    fails = [s for s in state.report["steps"] if s["phase"] == "order" and not s["ok"]]
    assert [s["rule"] for s in fails] == ["priority"]
    assert state.board_map[(1, 0)].owner == state.report["priority"][0]
