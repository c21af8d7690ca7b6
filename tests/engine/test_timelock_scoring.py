"""Timelock's optional scoring: a game's points, the perfect 30, matches and tournaments."""

from __future__ import annotations

from dataclasses import replace

import pytest
from timegames.core import FormatError, Outcome
from timegames.timelock import GAME, TimelockState
from timegames.timelock import board as B
from timegames.timelock.scoring import (
    MatchScore,
    Tournament,
    game_score,
    loser_points,
    stack_points,
    standings_table,
)

RAINBOW, XENO = 0, 1


def finished(
    picture: str, winners: tuple[int, ...] = (RAINBOW,), **options: object
) -> TimelockState:
    state = GAME.new_game(dict(options), 0)
    seats = state.settings.seats
    return replace(
        state, board=B.from_picture(picture), result=Outcome.win(winners, seats, "matched the Goal")
    )


def test_loser_with_no_matching_piece_gives_the_perfect_30() -> None:
    # Xeno's Goal: Drone under Pawn at home, Queen in the second row.  The Trees match it
    # nowhere: each size stands in another row or at another height.
    state = finished(
        """
        5 qdp qdp dp  qdp qdp
        4 .   .   q   .   .
        3 .   .   .   .   .
        2 D   D   D   D   D
        1 QP  QP  QP  QP  QP
        """
    )
    assert loser_points(state, XENO) == 24 + 6
    assert game_score(state) == {"winners": [RAINBOW], "points": 30, "perfect": True}


def test_matching_pieces_of_the_loser_score_nothing() -> None:
    # Xeno's Goal: Pawn at home, Drone and Queen in the second row.  Xeno's a stack has its
    # Pawn at home (matches) and its Queen and Drone in the wrong order (no match).
    state = finished(
        """
        5 p   qdp p   qdp qdp
        4 qd  .   dq  .   .
        3 .   .   .   .   .
        2 D   D   D   D   D
        1 QP  QP  QP  QP  QP
        """
    )
    goal = B.config(state.board, B.group(XENO, 2))
    assert goal == ((1,), (2, 3), ())
    assert stack_points(state, B.group(XENO, 0)) == 2 + 3
    # The b Tree: Queen at the bottom of the home row does not match the Goal's Pawn there.
    assert stack_points(state, B.group(XENO, 1)) == 6
    assert game_score(state)["points"] == 5 + 6 + 6 + 6
    assert game_score(state)["perfect"] is False


def test_a_removed_stack_counts_as_matched() -> None:
    state = finished(
        """
        5 .   qdp dp  qdp qdp
        4 .   .   q   .   .
        3 .   .   .   .   .
        2 D   D   D   D   D
        1 QP  QP  QP  QP  QP
        """,
        remove_matched=True,
    )
    state = replace(state, removed=(B.group(XENO, 0),))
    assert stack_points(state, B.group(XENO, 0)) == 0
    assert game_score(state)["points"] == 18  # no bonus: one stack matched


def test_no_score_while_playing_or_after_a_draw() -> None:
    state = GAME.new_game({}, 0)
    assert game_score(state) is None
    drawn = replace(state, result=Outcome.draw(2, "the turn limit was reached"))
    assert game_score(drawn) is None


def test_solitaire_scores_opposing_pyramids_left() -> None:
    full = finished(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 .   .   .   .   .
        1 PDQ PDQ PDQ PDQ PDQ
        """,
        winners=(0,),
        mode="solitaire",
    )
    assert game_score(full) == {"winners": [0], "points": 30, "perfect": True}
    some = replace(full, board=B.from_picture(B.to_picture(full.board).replace("5 qdp", "5 q  ")))
    assert game_score(some)["points"] == 21
    lost = replace(full, result=Outcome.win((), 1, "every opposing pyramid was removed"))
    assert game_score(lost)["points"] == 0


def test_view_reports_the_score_at_the_end() -> None:
    state = GAME.new_game({}, 0)
    assert state.view(None)["score"] is None


def test_match_to_a_target_total() -> None:
    match = MatchScore(("Ann", "Ben"), target=30)
    match = match.add_game("Ann", 18)
    assert match.champion() is None
    match = match.add_game("Ben", 30)
    assert match.champion() == "Ben"
    assert match.to_dict()["totals"] == [18, 30]
    with pytest.raises(ValueError):
        match.add_game("Ann", 5)
    with pytest.raises(ValueError):
        MatchScore(("Ann", "Ben")).add_game("Cat", 3)


@pytest.mark.parametrize("target", [1, 5, 19, 60, 200])
def test_any_positive_match_target_is_accepted(target: int) -> None:
    # "20-50 points may be a good total to start with" is a suggestion, not a limit.
    match = MatchScore(("Ann", "Ben"), target=target).add_game("Ann", min(target, 30))
    assert match.target == target
    assert (match.champion() == "Ann") == (target <= 30)


@pytest.mark.parametrize("target", [0, -5])
def test_a_match_target_must_be_positive(target: int) -> None:
    with pytest.raises(ValueError):
        MatchScore(("Ann", "Ben"), target=target)


def test_round_robin_schedule_meets_everyone_once() -> None:
    t = Tournament(("A", "B", "C", "D", "E"))
    pairs = t.pairings()
    assert len(pairs) == 10
    assert {frozenset(p) for p in pairs} == {
        frozenset((a, b)) for i, a in enumerate("ABCDE") for b in "ABCDE"[i + 1 :]
    }
    for rnd in t.schedule():
        seen = [p for pair in rnd for p in pair]
        assert len(seen) == len(set(seen))


def test_tournament_standings_and_tie_break_until_one_wins() -> None:
    t = Tournament(("A", "B", "C"))
    t = t.record("A", "B", "A", 20)
    t = t.record("B", "C", "B", 12)
    t = t.record("A", "C", "C", 8)
    assert t.standings() == [("A", 20), ("B", 12), ("C", 8)]
    assert t.winner() == "A" and t.tiebreak_pairings() == []
    t2 = Tournament(("A", "B", "C"))
    t2 = t2.record("A", "B", "A", 12).record("B", "C", "C", 12).record("A", "C", "A", 1)
    assert t2.standings()[0] == ("A", 13)
    assert t2.winner() == "A"
    tied = Tournament(("A", "B", "C")).record("A", "B", "A", 10)
    tied = tied.record("B", "C", "B", 3).record("A", "C", "C", 10)
    assert tied.standings()[:2] == [("A", 10), ("C", 10)]
    assert tied.tiebreak_pairings() == [("A", "C")]
    assert tied.winner() is None
    with pytest.raises(ValueError):
        tied.record("A", "B", "A", 5)  # B is not tied for the lead
    done = tied.record("C", "A", "C", 7)
    assert done.winner() == "C"
    assert done.totals()["C"] == 10  # tie-break games decide, they add no points
    # The champion heads the table even when entered after the player it beat.
    assert done.standings() == [("C", 10), ("A", 10), ("B", 3)]
    assert done.to_dict()["standings"][0]["player"] == "C"


def test_a_three_way_tie_is_ranked_by_the_order_of_knock_outs() -> None:
    t = Tournament(("A", "B", "C"))
    t = t.record("A", "B", "A", 5).record("B", "C", "B", 5).record("A", "C", "C", 5)
    assert t.tied_leaders() == ["A", "B", "C"] and t.standings()[0] == ("A", 5)
    t = t.record("A", "B", "B", 4)  # A is out first
    assert t.tied_leaders() == ["B", "C"] and t.winner() is None
    assert [p for p, _ in t.standings()] == ["B", "C", "A"]
    t = t.record("B", "C", "", 0)  # a drawn tie-break knocks nobody out
    assert t.tied_leaders() == ["B", "C"]
    t = t.record("C", "B", "C", 9)  # then B
    assert t.winner() == "C"
    assert [p for p, _ in t.standings()] == ["C", "B", "A"]
    with pytest.raises(ValueError):
        Tournament(("A", "B")).record("A", "B", "A", 5).record("B", "A", "B", 5).record(
            "A", "C", "A", 1
        )


def test_tournament_refuses_a_repeat_before_the_round_robin_ends() -> None:
    t = Tournament(("A", "B", "C")).record("A", "B", "A", 5)
    with pytest.raises(ValueError):
        t.record("B", "A", "B", 5)
    table = standings_table(["A", "B"], [("A", "B", "B", 9)])
    assert table["winner"] == "B"
    assert [(r["player"], r["points"]) for r in table["standings"]] == [("B", 9), ("A", 0)]


def test_untouched_trees_against_an_untouched_nest_give_the_perfect_30() -> None:
    # Tree Q-D-P against Nest P-D-Q: the Drones share row and height but stand on
    # different pieces, so no piece matches: a loser who never moved scores the winner 30.
    state = finished(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 D   D   D   D   D
        1 QP  QP  QP  QP  QP
        """
    )
    assert stack_points(state, B.group(XENO, 0)) == 6
    assert game_score(state) == {"winners": [RAINBOW], "points": 30, "perfect": True}


def test_a_single_matching_piece_removes_its_value_and_the_bonus() -> None:
    # Xeno's a stack has only its Pawn where the Goal's Pawn is (alone in the second row):
    # the Pawn's 1 point is not scored, and with one match there is no 6-point bonus.
    state = finished(
        """
        5 qd  qdp dq  qdp qdp
        4 p   .   p   .   .
        3 .   .   .   .   .
        2 D   D   D   D   D
        1 QP  QP  QP  QP  QP
        """
    )
    assert B.config(state.board, B.group(XENO, 2)) == ((2, 3), (1,), ())
    assert stack_points(state, B.group(XENO, 0)) == 2 + 3
    assert game_score(state) == {"winners": [RAINBOW], "points": 5 + 18, "perfect": False}


def test_a_piece_matches_only_on_the_same_own_pieces() -> None:
    # Same row and height is not enough: the Queen under the Drone must be the Goal's too.
    goal = ((3, 2, 1), (), ())
    assert B.matching_sizes(((3, 2, 1), (), ()), goal) == {1, 2, 3}
    assert B.matching_sizes(((3, 1, 2), (), ()), goal) == {3}
    assert B.matching_sizes(((2, 3, 1), (), ()), goal) == set()
    assert B.matching_sizes(((3,), (2, 1), ()), goal) == {3}


def test_match_tool_adds_a_game_and_names_the_champion() -> None:
    start = GAME.tool("match", {"players": ["Ann", "Ben"], "target": 20})["match"]
    assert start["totals"] == [0, 0] and start["champion"] is None
    after = GAME.tool("match", {**start, "winner": "Ben", "points": 12})["match"]
    assert after["totals"] == [0, 12] and after["games"] == 1 and after["champion"] is None
    final = GAME.tool("match", {**after, "winner": "Ben", "points": 8})["match"]
    assert final["totals"] == [0, 20] and final["champion"] == "Ben"
    # No game to add: the stored match comes back unchanged (a new target is checked).
    assert GAME.tool("match", {**after, "target": 25})["match"]["totals"] == [0, 12]


@pytest.mark.parametrize(
    "args",
    [
        {"players": ["Ann", "Ann"]},
        {"players": ["Ann", "Ben"], "target": 0},
        {"players": ["Ann", "Ben"], "totals": [1]},
        {"players": ["Ann", "Ben"], "winner": "Cat", "points": 5},
        {"players": ["Ann", "Ben"], "winner": "Ann", "points": 31},
        {"players": ["Ann", "Ben"], "totals": [0, 30], "target": 30, "winner": "Ann", "points": 1},
        {"target": 30},
    ],
)
def test_match_tool_refuses_bad_matches(args: dict[str, object]) -> None:
    with pytest.raises(FormatError):
        GAME.tool("match", args)
