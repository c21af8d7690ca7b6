"""Timelock: who starts, the AI levels' own progress, solitaire settings, tournaments, texts."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest
from timegames.core import BotContext, Budget, FormatError, GameRecord, Seat, replay
from timegames.timelock import GAME, EndTurn, TimelockState
from timegames.timelock.ai import GreedyBot, position_value, team_weights
from timegames.timelock.rules import SOLITAIRE_LEVELS
from timegames.timelock.scoring import Tournament
from timelock_support import SET_UP, boardless_position, play, position, refused

RAINBOW, XENO = 0, 1

# -- who starts ------------------------------------------------------------------------------


def test_the_first_player_is_random_by_default_and_fixed_by_the_seed() -> None:
    starters = {GAME.new_game({}, seed).seat for seed in range(40)}
    assert starters == {0, 1}
    for seed in range(10):
        assert GAME.new_game({}, seed).seat == GAME.new_game({}, seed).seat
    partners = {GAME.new_game({"mode": "partners"}, seed).seat for seed in range(60)}
    assert partners == {0, 1, 2, 3}
    assert {GAME.new_game({"mode": "solitaire"}, seed).seat for seed in range(10)} == {0}


def test_the_dice_of_a_seed_do_not_depend_on_who_starts() -> None:
    for seed in range(5):
        rolls = {
            GAME.action_to_text(GAME.new_game({"first": first}, seed).sample_chance())
            for first in ("random", 0, 1)
        }
        assert len(rolls) == 1


def test_a_chosen_player_starts_and_rolls_first() -> None:
    for seed in range(6):
        state = GAME.new_game({"first": 1}, seed)
        assert state.seat == 1
        rolled = state.advance_chance()
        assert rolled.current_player() == 1
    assert GAME.new_game({"mode": "partners", "first": 3}, 0).seat == 3


def test_the_previous_loser_starts_the_next_game_of_a_match() -> None:
    assert GAME.new_game({"first": "loser", "previous_loser": 1}, 0).seat == 1
    assert GAME.new_game({"first": "loser", "previous_loser": 0}, 5).seat == 0
    # The first game of a match has no loser yet: the start is random, as by default.
    for seed in range(10):
        fresh = GAME.new_game({"first": "loser"}, seed).seat
        assert fresh == GAME.new_game({}, seed).seat


@pytest.mark.parametrize(
    "options",
    [
        {"first": 2},
        {"first": 1, "mode": "solitaire"},
        {"first": "loser", "previous_loser": 2},
        {"first": "nobody"},
    ],
)
def test_a_starting_seat_outside_the_game_is_refused(options: dict[str, object]) -> None:
    with pytest.raises(FormatError):
        GAME.new_game(options, 0)


def test_who_starts_survives_a_save() -> None:
    state = GAME.new_game({"first": "loser", "previous_loser": 1}, 3)
    back = GAME.from_dict(state.to_dict())
    assert back == state and back.settings.first == "loser" and back.seat == 1


# -- the greedy level improves its own stacks ----------------------------------------------------


def test_greedy_moves_its_own_stacks_when_no_goal_move_is_possible() -> None:
    # Dice of 2 and 1 cannot pay for a Goal move (6): only Rainbow's own stacks can improve.
    state = position(
        SET_UP,
        dice=(2, 1),
        face="SWAP",
    )
    before = state.team_distance(RAINBOW)
    context = BotContext(random.Random(0), Budget(seconds=0.5))
    bot = GreedyBot()
    for _ in range(10):
        action = bot.choose(state, context)
        if isinstance(action, EndTurn):
            break
        state = state.play(action)
    assert state.team_distance(RAINBOW) < before


def test_greedy_judges_a_step_with_the_weights_of_the_position_before_it() -> None:
    # From the set-up, a Pawn step of Rainbow's own is progress.  Weights recomputed after
    # the step favour Rainbow's lead and shrink the opponent's share, so the same step
    # would look like a loss: the bug that kept greedy from ever moving its own stacks.
    state = position(
        SET_UP,
        dice=(2, 1),
    )
    after = play(state, "Pa1-a2/1")
    assert after.team_distance(RAINBOW) < state.team_distance(RAINBOW)
    fixed = team_weights(state)
    assert position_value(after, fixed) > position_value(state, fixed)
    assert position_value(after) < position_value(state)


# -- solitaire settings ------------------------------------------------------------------------


def test_solitaire_settings_are_offered_options_easiest_first() -> None:
    keys = [key for key, _, _ in SOLITAIRE_LEVELS]
    assert keys[0] == "standard" and len(set(keys)) == len(keys)
    for _, label, options in SOLITAIRE_LEVELS:
        state = GAME.new_game({"mode": "solitaire", **options}, 0)
        assert state.settings.mode == "solitaire" and label


def test_short_turn_limits_are_for_solitaire_against_the_clock() -> None:
    with pytest.raises(FormatError):
        GAME.new_game({"turn_limit": 8}, 0)
    clock = GAME.new_game({"mode": "solitaire", "turn_limit": 8}, 0)
    clock = replace(clock.advance_chance(), turns=7)
    while clock.phase == "remove":
        clock = clock.play(clock.legal_actions()[0])
    done = clock.play(EndTurn())
    assert done.is_terminal() and done.outcome().returns == (-1.0,)
    assert done.outcome().reason == "the turn limit was reached"


# -- tournaments -----------------------------------------------------------------------------


def test_three_players_play_three_rounds_with_one_bye_each() -> None:
    t = Tournament(("Ann", "Ben", "Cat"))
    assert t.full_rounds() == 3 and len(t.schedule()) == 3
    assert sorted(b for b in t.byes() if b) == ["Ann", "Ben", "Cat"]
    assert all(len(rnd) == 1 for rnd in t.schedule())
    assert Tournament(("A", "B", "C", "D")).full_rounds() == 3


def test_a_chosen_number_of_rounds_cuts_or_repeats_the_circle() -> None:
    short = Tournament(("A", "B", "C", "D"), rounds=1)
    assert len(short.pairings()) == 2
    double = Tournament(("A", "B"), rounds=2)
    assert double.pairings() == [("A", "B"), ("B", "A")]
    played = double.record("A", "B", "A", 10)
    assert played.remaining() == [("B", "A")]
    with pytest.raises(ValueError):
        Tournament(("A", "B"), rounds=99)


def test_a_drawn_game_scores_nothing_and_a_drawn_tiebreak_is_replayed() -> None:
    t = Tournament(("A", "B")).record("A", "B", "", 0)
    assert t.totals() == {"A": 0, "B": 0}
    assert t.winner() is None and t.tiebreak_pairings() == [("A", "B")]
    again = t.record("B", "A", "", 0)
    assert again.winner() is None and again.next_game() == ("A", "B")
    done = again.record("A", "B", "B", 12)
    assert done.winner() == "B" and done.next_game() is None
    with pytest.raises(ValueError):
        done.record("A", "B", "A", 3)
    with pytest.raises(ValueError):
        Tournament(("A", "B")).record("A", "B", "", 5)


def test_tournament_tool_pairs_plays_and_refuses_tampering() -> None:
    t = GAME.tool("tournament", {"players": ["Ann", "Ben", "Cat"], "rounds": 0})["tournament"]
    assert t["rounds"] == 3 and t["next"] == t["remaining"][0]
    first, second = t["next"]
    game = {"first": first, "second": second, "winner": first, "points": 30}
    after = GAME.tool("tournament", {**t, "game": game})["tournament"]
    assert after["standings"][0] == {"player": first, "points": 30, "played": 1, "wins": 1}
    assert len(after["remaining"]) == 2
    tampered = {**after, "results": [{**after["results"][0], "points": 31}]}
    with pytest.raises(FormatError):
        GAME.tool("tournament", tampered)
    with pytest.raises(FormatError):
        GAME.tool("tournament", {"players": ["Ann", "Ann"]})


# -- the board-less variant lists exactly what play() accepts ------------------------------------


def test_boardless_a_piece_never_moves_onto_its_own_cell() -> None:
    # A covered Rainbow Pawn in the centre could dig, which is listed as a step from a3 to a3:
    # that must not let the Drone on top "move" from a3 to a3.
    state = boardless_position(["QD/pPd/q", "QDP/qdp", "PDQ/pdq", "QDP/qdp", "QDP/qdp"], seat=1)
    texts = {GAME.action_to_text(a) for a in state.legal_actions()}
    assert "Da2-a2/1" not in texts
    assert refused(state, "Da2-a2/1") == "stay"


def test_every_candidate_move_play_accepts_is_listed() -> None:
    for board in ("standard", "boardless"):
        rng = random.Random(4)
        state = GAME.new_game({"board": board}, 4)
        for _ in range(50):
            if state.is_terminal():
                break
            if state.is_chance():
                state = state.apply(state.sample_chance())
                continue
            listed = {GAME.action_to_text(a) for a in state.legal_actions()}
            accepted = {
                GAME.action_to_text(a)
                for a in GAME.candidate_actions(state)
                if state.illegal_reason(a) is None
            }
            assert accepted <= listed
            state = state.apply(rng.choice(state.legal_actions()))


# -- texts: captions and turn counts say what the engine does ------------------------------------


@pytest.mark.parametrize("example", GAME.examples(), ids=lambda e: e["key"])
def test_each_example_caption_names_the_side_to_move_and_its_roll(example: dict[str, Any]) -> None:
    state = GAME.new_game(example.get("options") or {}, 0)
    for move in example["moves"]:
        state = state.play_text(move)
    side = ("Rainbow", "Xeno")[state.settings.side_of_seat(state.seat)]
    caption = example["caption"]
    assert side in caption
    rolled = re.search(r"(?:rolled |\(|'s )(\d) and (\d)", caption)
    if rolled:
        assert (int(rolled.group(1)), int(rolled.group(2))) == state.rolled
    if "Treehouse" in caption or "moves first" in caption:
        assert GAME.new_game(example.get("options") or {}, 0).seat == 0


def test_the_turn_limit_counts_every_players_turn() -> None:
    # "200 turns in all": with four players that is 50 turns each.
    state = GAME.new_game({"mode": "partners", "first": 0}, 0)
    seen = [0, 0, 0, 0]
    while not state.is_terminal():
        state = state.advance_chance()
        while state.phase == "remove":
            state = state.play(state.legal_actions()[0])
        seen[state.seat] += 1
        state = state.play(EndTurn())
    assert seen == [50, 50, 50, 50] and state.turns == 200
    assert state.outcome().winners == ()


def test_a_save_from_before_who_starts_existed_keeps_rainbow_first() -> None:
    old = {
        "mode": "duel",
        "stacks_to_match": 4,
        "remove_matched": False,
        "removal_from": 5,
        "extra_removal": False,
        "turn_limit": 200,
        "board": "standard",
    }
    assert GAME.normalise_options(old)["first"] == 0
    assert GAME.new_game(old, 1).seat == 0  # seed 1 starts Xeno when the start is random
    assert GAME.new_game({}, 1).seat == 1


# -- the turn order of the partnership game --------------------------------------------------------

CLOCKWISE = [0, 1, 2, 3, 0, 1]
COUNTER = [0, 3, 2, 1, 0, 3]


def seats_in_turn(state: TimelockState, turns: int = 6) -> list[int]:
    """The seats that play the next ``turns`` turns, each ending its turn at once."""
    seen = []
    for _ in range(turns):
        state = state.advance_chance()
        while state.phase == "remove":
            state = state.play(state.legal_actions()[0])
        seen.append(state.seat)
        state = state.play(EndTurn())
    return seen


def test_partners_play_clockwise_by_default_and_the_option_turns_it_round() -> None:
    assert seats_in_turn(GAME.new_game({"mode": "partners", "first": 0}, 0)) == CLOCKWISE
    counter = GAME.new_game({"mode": "partners", "first": 0, "direction": "counterclockwise"}, 0)
    assert seats_in_turn(counter) == COUNTER
    assert counter.view(0)["direction"] == "counterclockwise"
    # Starting elsewhere keeps the direction.
    late = GAME.new_game({"mode": "partners", "first": 1, "direction": "counterclockwise"}, 0)
    assert seats_in_turn(late, 4) == [1, 0, 3, 2]


def test_a_random_turn_order_is_drawn_from_the_seed_and_changes_no_dice() -> None:
    orders = set()
    for seed in range(12):
        options = {"mode": "partners", "first": 0, "direction": "random"}
        state = GAME.new_game(options, seed)
        order = seats_in_turn(state)
        assert order in (CLOCKWISE, COUNTER)
        assert order == seats_in_turn(GAME.new_game(options, seed))
        shown = state.view(None)["direction"]
        assert shown == ("clockwise" if order == CLOCKWISE else "counterclockwise")
        orders.add(tuple(order))
        # The direction is drawn apart from the dice and the first player.
        plain = GAME.new_game({"mode": "partners"}, seed)
        drawn = GAME.new_game({"mode": "partners", "direction": "random"}, seed)
        assert plain.seat == drawn.seat and plain.sample_chance() == drawn.sample_chance()
    assert len(orders) == 2


def test_the_turn_order_changes_nothing_for_two_players_or_solitaire() -> None:
    for mode, order in (("duel", [0, 1, 0, 1]), ("solitaire", [0, 0, 0, 0])):
        for direction in ("clockwise", "counterclockwise", "random"):
            state = GAME.new_game({"mode": mode, "first": 0, "direction": direction}, 3)
            assert seats_in_turn(state, 4) == order
            assert state.view(0)["direction"] is None


def test_saves_from_before_the_turn_order_option_play_clockwise() -> None:
    old = GAME.new_game({"mode": "partners", "first": 2}, 7).to_dict()
    del old["settings"]["direction"]
    back = GAME.from_dict(old)
    assert back.settings.direction == "clockwise"
    assert seats_in_turn(back, 4) == [2, 3, 0, 1]


@pytest.mark.parametrize(
    "extra",
    [
        {"board": "boardless"},
        {"stacks_to_match": 2},
        {"remove_matched": True},
        {"stacks_to_match": 3, "remove_matched": True, "board": "boardless"},
    ],
    ids=["boardless", "two-to-match", "remove-matched", "all-three"],
)
@pytest.mark.parametrize("direction", ["counterclockwise", "random"])
def test_the_turn_order_with_the_other_options(extra: dict[str, Any], direction: str) -> None:
    """A whole game under each combination: the order holds, states load, a record replays."""
    options = {"mode": "partners", "first": 1, "direction": direction, **extra}
    seed = 11
    state = GAME.new_game(options, seed)
    step = -1 if state.view(None)["direction"] == "counterclockwise" else 1
    bots = [GAME.make_bot("greedy") for _ in range(4)]
    context = BotContext(random.Random(seed), Budget(seconds=0.5))
    texts: list[str] = []
    while not state.is_terminal():
        if state.is_chance():
            action = state.sample_chance()
        else:
            action = bots[state.current_player()].choose(state, context)
        after = state.play(action)
        if isinstance(action, EndTurn) and not after.is_terminal():
            assert after.seat == (state.seat + step) % 4
        texts.append(GAME.action_to_text(action))
        state = after
        assert GAME.from_dict(state.to_dict()) == state
    record = GameRecord(
        GAME.slug,
        seed,
        GAME.normalise_options(options),
        tuple(Seat(label) for label in GAME.seat_labels(options)),
        tuple(texts),
        len(texts),
    )
    assert replay(record)[-1] == state


def test_a_match_of_partner_games_alternates_the_turn_order() -> None:
    match = GAME.tool("match", {"players": ["Ann & Cat", "Ben & Dan"], "target": 40})["match"]
    assert match["next_direction"] == "clockwise"
    directions = []
    for _ in range(3):
        match = GAME.tool("match", {**match, "winner": "Ben & Dan", "points": 10})["match"]
        directions.append(match["next_direction"])
    assert directions == ["counterclockwise", "clockwise", "counterclockwise"]
    for direction in directions:
        GAME.new_game({"mode": "partners", "direction": direction}, 0)
