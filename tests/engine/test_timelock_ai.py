"""Timelock's computer players: legal play, whole-turn plans, wins, spoiling, speed."""

from __future__ import annotations

import random
from dataclasses import replace

from timegames.core import BotContext, Budget, Outcome
from timegames.timelock import GAME, EndTurn, TimelockState, UseFace
from timegames.timelock import board as B
from timegames.timelock.ai import (
    LEVELS,
    WIN,
    GreedyBot,
    Planner,
    PlannerBot,
    lookahead_choice,
    make_bot,
    position_value,
)
from timelock_support import SET_UP, boardless_position, play, position

RAINBOW, XENO = 0, 1


def play_turn(bot: object, state: TimelockState) -> TimelockState:
    """Let ``bot`` act until the turn passes or the game ends."""
    seat = state.current_player()
    context = BotContext(random.Random(0), Budget(seconds=0.5))
    for _ in range(40):
        if state.is_terminal() or state.current_player() != seat:
            return state
        action = bot.choose(state, context)  # type: ignore[attr-defined]
        assert state.illegal_reason(action) is None
        state = state.play(action)  # type: ignore[assignment]
    raise AssertionError("the turn never ended")


def test_three_levels_weakest_first() -> None:
    assert [lv.key for lv in LEVELS] == ["random", "greedy", "planner"]
    assert [lv.key for lv in GAME.ai_levels()] == ["random", "greedy", "planner"]


def test_every_level_plays_legal_turns_in_every_mode() -> None:
    for mode in ("duel", "solitaire", "partners"):
        for level in ("random", "greedy", "planner"):
            state = GAME.new_game({"mode": mode}, 4)
            bot = GAME.make_bot(level)
            for _ in range(6):
                state = state.advance_chance()
                if state.is_terminal():
                    break
                state = play_turn(bot, state)


def test_planner_takes_a_win_that_needs_the_whole_turn() -> None:
    # Rainbow needs six points on stack e: only die 1 (6) can pay, in the right order.
    state = position(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 D   D   D   D   .
        1 QP  QP  QP  QP  QDP
        """,
        dice=(6, 2),
        face="SWAP",
    )
    done = play_turn(PlannerBot(), state)
    assert done.is_terminal() and done.outcome().winners == (RAINBOW,)


def test_planner_uses_swap_to_win() -> None:
    state = position(
        """
        5 qdp qdp pdq qdp qdp
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 D   D   D   D   P
        1 QP  QP  QP  QP  QD
        """,
        dice=(1, 1),
        face="SWAP",
    )
    done = play_turn(PlannerBot(), state)
    assert done.is_terminal() and done.outcome().winners == (RAINBOW,)


def test_planner_spoils_a_goal_the_opponent_is_about_to_match() -> None:
    # Xeno's stacks all match its Goal but one, which needs a single Pawn step.
    state = position(
        """
        5 qp  qp  qp  qp  qdp
        4 d   d   d   d   .
        3 .   .   .   .   .
        2 .   .   .   .   .
        1 QDP QDP PDQ QDP QDP
        """,
        dice=(6, 1),
        face="SWAP",
    )
    before = state.team_distance(XENO)
    after = play_turn(PlannerBot(), state)
    assert not after.is_terminal()
    assert after.team_distance(XENO) > before
    assert B.config(after.board, B.group(XENO, 2)) != ((3, 1), (2,), ())


def test_planner_never_hands_the_opponent_a_match() -> None:
    # Any move of Xeno's Goal Pawn back onto its Queen would complete Xeno's match.
    state = position(
        """
        5 qp  qp  q   qp  qp
        4 d   d   dp  d   d
        3 .   .   .   .   .
        2 .   .   .   .   .
        1 QDP QDP PDQ QDP QDP
        """,
        dice=(6, 6),
        face="HOP",
    )
    after = play_turn(PlannerBot(), state)
    assert not after.is_terminal() or after.outcome().winners != (XENO,)


def test_planner_caches_its_plan_for_the_rest_of_the_turn() -> None:
    state = GAME.new_game({}, 2).advance_chance()
    bot = PlannerBot()
    context = BotContext(random.Random(0))
    first = bot.choose(state, context)
    nxt = state.play(first)
    if not isinstance(first, EndTurn):
        assert nxt in bot.plans
        planned = bot.plans[nxt][0]
        assert bot.choose(nxt, context) == planned


def test_planner_plan_is_legal_from_start_to_end() -> None:
    for seed in range(6):
        state = GAME.new_game({}, seed).advance_chance()
        plan = Planner(state).best()
        for action in plan.actions:
            if state.is_terminal():
                break
            assert state.illegal_reason(action) is None, GAME.action_to_text(action)
            state = state.play(action)


def test_planner_beats_random_in_seeded_games() -> None:
    wins = 0
    for seed in range(3):
        state = GAME.new_game({}, seed)
        bots = [make_bot("planner"), make_bot("random")]
        context = BotContext(random.Random(seed))
        while not state.is_terminal():
            if state.is_chance():
                state = state.apply(state.sample_chance())
                continue
            state = state.play(bots[state.current_player()].choose(state, context))
        wins += state.outcome().winners == (RAINBOW,)
    assert wins == 3


# -- greedy in solitaire -------------------------------------------------------------------------

NEARLY_DONE = """
    5 qdp qdp pdq qdp qdp
    4 .   .   .   .   .
    3 .   .   .   .   .
    2 .   .   .   .   Q
    1 PDQ PDQ PDQ PDQ PD
    """
"""Solitaire: three Time Stacks are Nests like the Goal; the fourth needs its Queen back (3)."""


def greedy_choice(state: TimelockState) -> object:
    return GreedyBot().choose(state, BotContext(random.Random(0), Budget(seconds=0.5)))


def test_greedy_uses_hop_and_wild_at_once_in_solitaire_too() -> None:
    for face in ("HOP", "WILD"):
        state = position(SET_UP, dice=(2, 1), face=face, mode="solitaire")
        assert greedy_choice(state) == UseFace(face)
    # The board-less planner plays like greedy, so it does the same.
    loose = boardless_position(
        ["QDP/qdp", "QDP/qdp", "PDQ/pdq", "QDP/qdp", "QDP/qdp"], (2, 1), "HOP", mode="solitaire"
    )
    assert lookahead_choice(loose) == UseFace("HOP")


def test_greedy_weighs_tip_against_the_removals_it_costs_in_solitaire() -> None:
    # Two 5s remove nothing more when they become 6s: TIP only adds points.
    free = position(SET_UP, dice=(5, 5), face="TIP", mode="solitaire")
    assert greedy_choice(free) == UseFace("TIP")
    # Two 1s raised to 6 cost two removals, but the 3 points the last stack needs win the game.
    winning = position(NEARLY_DONE, dice=(1, 1), face="TIP", mode="solitaire")
    assert greedy_choice(winning) == UseFace("TIP")
    assert play_turn(GreedyBot(), winning).outcome().winners == (RAINBOW,)
    # With one opposing pyramid left the same two removals would lose at once: no TIP.
    last_life = """
        5 .   .   pdq .   q
        4 .   .   .   .   .
        3 .   .   .   .   .
        2 .   .   .   .   .
        1 QDP QDP PDQ QDP QDP
        """
    risky = position(last_life, dice=(1, 1), face="TIP", mode="solitaire")
    assert greedy_choice(risky) != UseFace("TIP")
    assert not play_turn(GreedyBot(), risky).is_terminal()
    # TIP is weighed only before a point is spent: afterwards greedy just moves.
    spent = play(free, "Pa1-a2/1")
    assert greedy_choice(spent) != UseFace("TIP")


def test_a_lost_solitaire_game_is_the_worst_position_not_a_draw() -> None:
    lost = replace(position(SET_UP, mode="solitaire"), result=Outcome.win((), 1, "lost"))
    assert position_value(lost) == -WIN
    drawn = replace(position(SET_UP), result=Outcome.draw(2, "the turn limit was reached"))
    assert position_value(drawn) == 0.0


# -- the race evaluation ---------------------------------------------------------------------------


def opponent_finish_chance(state: TimelockState, mover: int) -> float:
    """The exact chance that the player after ``mover`` completes its match with its next roll."""
    from timegames.timelock.race import lane_of, race_for, shape

    race = race_for(state.settings, mover, 1 - mover)
    assert race is not None
    lanes = [lane_of(state.board, g) for g in range(10)]
    return race._finish(1 - mover, lanes, [shape(lane) for lane in lanes])


def test_finish_chance_counts_every_way_a_roll_pays() -> None:
    from timegames.timelock.race import FAR, finish_chance

    assert finish_chance(((1, 1, 1, 1),)) == 1.0
    # Two stacks needing 6 each: TIP (36 rolls) or a double six with another face (5).
    assert abs(finish_chance(((6, 6, 6, 6), (6, 6, 6, 6))) - 41 / 216) < 1e-12
    assert finish_chance(((FAR, FAR, FAR, FAR),)) == 0.0
    # A free SWAP alone finishes a stack: every roll with the SWAP face does it.
    assert finish_chance(((7, 7, 0, 7),)) >= 36 / 216


def test_dice_to_go_is_zero_at_the_goal_and_grows_with_distance() -> None:
    from timegames.timelock.race import dice_to_go

    nest = B.CONFIG_INDEX[B.NEST]
    table = dice_to_go(nest)
    assert table[nest] == 0.0
    tree = table[B.CONFIG_INDEX[B.TREE]]
    # The Queen's first step (3 points) needs a die of 3 or more: 36/26 dice on average.
    assert min(v for v in table if v > 0) == 36 / 26
    assert 3.0 < tree < 8.0


def test_planner_spoils_when_the_opponent_would_likely_finish() -> None:
    # From a seeded planner game: Rainbow finishes next turn with 56% if Xeno
    # only builds; Xeno's 6 moves Rainbow's Goal Drone instead (chance 10%).
    state = position(
        """
        5 qd   .    qd   qd   .
        4 .    q    .    .    dpq
        3 p    pd   p    p    .
        2 .    .    .    DQ   D
        1 PQD  PQD  PQD  P    PQ
        """,
        dice=(4, 6),
        face="SWAP",
        seat=XENO,
    )
    assert opponent_finish_chance(state, XENO) > 0.5
    after = play_turn(PlannerBot(), state)
    assert B.config(after.board, B.group(RAINBOW, 2)) != B.config(state.board, B.group(RAINBOW, 2))
    assert opponent_finish_chance(after, XENO) < 0.15


def test_planner_covers_a_piece_the_opponent_needs_to_move() -> None:
    # From a seeded planner game: Rainbow's Queen on e3 must go home.  Xeno's
    # Queen steps onto it, so it must be dug out first: Rainbow's chance to
    # finish next turn falls from about 70% to about 20%.
    state = position(
        """
        5 pd   pdq  p    pd   p
        4 q    .    d    q    dq
        3 .    .    q    .    Q
        2 D    D    D    D    D
        1 PQ   PQ   PQ   PQ   P
        """,
        dice=(4, 3),
        face="SWAP",
        seat=XENO,
    )
    assert opponent_finish_chance(state, XENO) > 0.6
    after = play_turn(PlannerBot(), state)
    assert opponent_finish_chance(after, XENO) < 0.3
