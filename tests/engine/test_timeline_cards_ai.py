"""Timeline: computer players, the rule examples, and chips over a multi-round match."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
import timegames
from test_timeline_cards_fixtures import DECK, card, play, table
from timegames.core import BotContext, FormatError, GameRecord, Seat, replay
from timegames.timeline_cards.ai import (
    JUDGE_MARGIN,
    LEVELS,
    MAX_ERROR,
    Belief,
    belief_for,
    best_gap,
    chip_margin,
    crowded_card,
    duel_target,
    gap_span,
    judgement_values,
    make_bot,
    placement_accuracy,
    placement_results,
    sigma,
)
from timegames.timeline_cards.deck import Deck, card_from_dict, packaged_deck
from timegames.timeline_cards.match import Match, MatchError
from timegames.timeline_cards.rules import GAME, START, Duel, Judge, Place, Spin, TimelineState

CARDS = Deck(card_from_dict(c, i + 1) for i, c in enumerate(DECK))


def test_levels_are_child_amateur_historian() -> None:
    assert [lv.key for lv in LEVELS] == ["child", "amateur", "historian"]
    with pytest.raises(FormatError):
        make_bot("oracle")


def test_noise_shrinks_with_knowledge_and_grows_with_age() -> None:
    assert sigma("child", 1900) > sigma("amateur", 1900) > sigma("historian", 1900)
    assert sigma("amateur", 1300) > sigma("amateur", 2000)


def test_a_child_knows_the_recent_past_and_sport_best() -> None:
    assert sigma("child", 2015) < 5 < sigma("child", 1950) < sigma("child", 1800) / 5
    assert sigma("child", 1400) == MAX_ERROR  # the Middle Ages are a blur, if a capped one
    assert sigma("child", 1990, "sport") < sigma("child", 1990, "politics")
    assert sigma("historian", 1600, "history") < sigma("historian", 1600, "sport")
    # Measured on the packaged deck: right first tries by era.
    cards = list(packaged_deck().cards)
    # Capped at three centuries, the child's error rarely misplaces the deck's few and
    # far-apart old cards, so the last decades are set against everything before 1800.
    results = placement_results("child", cards, 1500, seed=2)
    recent = [ok for card, ok in results if card.year >= 2000]
    old = [ok for card, ok in results if card.year < 1800]
    assert sum(recent) / len(recent) > sum(old) / len(old) + 0.15


def test_beliefs_are_at_most_three_centuries_off_and_never_after_the_present() -> None:
    """Uncapped, a child put Caesar's time some 17,000 years off, often after today."""
    deck = packaged_deck()
    last = deck.last_year
    for level in ("child", "amateur", "historian"):
        for item in deck.cards:
            assert sigma(level, item.year, item.category) <= MAX_ERROR
            for seat in range(6):
                belief = Belief(item, level, seat, 11, last)
                assert belief.mean < last + 1, (level, item.id)
                assert belief.mass(last + 1, math.inf) == 0.0
                assert abs(belief.mean - (item.year + 0.5)) <= MAX_ERROR, (level, item.id)
                assert belief.width <= MAX_ERROR
    # A deck of one's own may reach past this year: the present is then its latest card.
    future = card_from_dict(card("y2030", 2030), 1)
    assert Belief(future, "historian", 0, 1).mass(2026, math.inf) > 0.5


def test_judgement_values_follow_the_payouts() -> None:
    founded = GAME.settings_from(GAME.normalise_options({"super": True}))
    side = GAME.settings_from(GAME.normalise_options({"super": True, "doubt_rule": "side"}))
    values = judgement_values(0.2, 0.1, 0.7, founded)
    assert values["correct"] == pytest.approx(0.2 - 0.8)
    assert values["earlier"] == values["later"] == pytest.approx(2 * 0.8 - 0.2)
    values = judgement_values(0.2, 0.1, 0.7, side)
    assert values["earlier"] == pytest.approx(0.2 - 0.2)
    assert values["later"] == pytest.approx(1.4 - 0.2)


def _judging_table(judge_chips: int) -> TimelineState:
    rows = [["y1291", "y1798", "y1945"], ["y1536"], ["y1712"]]
    state = table(rows, chips=[5, judge_chips, 5], super=True)
    return play(state, "spin", "spinner question", "card y1971", "place 2 bet 1")


@pytest.mark.parametrize("level", ["child", "amateur", "historian"])
def test_bots_judge_only_when_confident_and_guard_their_last_chip(level: str) -> None:
    bot = make_bot(level)
    context = BotContext(random.Random(0))
    for chips in (0, 1, 5):
        state = _judging_table(chips)
        assert state.current_player() == 1
        belief = belief_for(state, 1, level)
        lo, hi = gap_span(state.row_cards(0), 2)
        p_correct = belief.mass(lo, hi) / belief.mass(-1e9, 1e9)
        p_earlier = belief.mass(-1e9, lo) / belief.mass(-1e9, 1e9)
        values = judgement_values(p_correct, p_earlier, 1 - p_correct - p_earlier, state.settings)
        margin = JUDGE_MARGIN[level] + chip_margin(chips)
        choice = bot.choose(state, context)
        assert (choice != Judge(None)) == (max(values.values()) > margin), (level, chips)


def test_a_historian_agrees_with_a_clear_right_placement_and_doubts_a_clear_wrong_one() -> None:
    bot = make_bot("historian")
    context = BotContext(random.Random(0))
    # 1971 between 1798 and 1945 is clearly wrong: the historian doubts, naming the side.
    assert bot.choose(_judging_table(5), context) == Judge("later")
    rows = [["y1291", "y1798", "y1945"], ["y1536"], ["y1712"]]
    state = table(rows, chips=[5, 5, 5], super=True)
    state = play(state, "spin", "spinner question", "card y1971", "place 3 bet 1")
    assert bot.choose(state, context) == Judge("correct")


def test_bots_duel_only_a_close_leader_and_keep_a_reserve() -> None:
    six = ["y1291", "y1315", "y1386", "y1415", "y1476", "y1499"]
    context = BotContext(random.Random(0))
    leader = table([["y1945", "y2016"], six, ["y1712"]], chips=[4, 0, 0])
    assert duel_target(leader, 0, "historian") == 1
    assert make_bot("historian").choose(leader, context) == Duel(1)
    poor = table([["y1945", "y2016"], six, ["y1712"]], chips=[3, 0, 0])
    assert duel_target(poor, 0, "historian") is None  # 2 chips for the duel, 2 kept back
    assert duel_target(poor, 0, "amateur") == 1
    not_the_leader = table([["y1945", "y2016"], six[:5], six[:6]], chips=[9, 0, 0])
    assert duel_target(not_the_leader, 0, "historian") == 2
    ahead = table([[*six, "y1945"][:6], six[:6], ["y1712"]], chips=[9, 0, 0])
    assert duel_target(ahead, 0, "historian") is None  # not behind the leader


def test_belief_is_fixed_per_card_and_game_and_rules_out_wrong_tries() -> None:
    card = CARDS["y1798"]
    a, b = Belief(card, "amateur", 1, 42), Belief(card, "amateur", 1, 42)
    assert a.mean == b.mean
    assert Belief(card, "amateur", 1, 43).mean != a.mean
    total = a.mass(-1e9, 1e9)
    a.exclude(1700, 1900)
    assert a.mass(-1e9, 1e9) < total
    assert a.mass(1750, 1850) == 0.0


TIGHT = [card(f"c{i}", 1000 + 20 * i) for i in range(11)]
"""The audit's deck: eleven medieval cards twenty years apart, hard for every guess."""


def _revealed_card_comes_back(seed: int) -> TimelineState:
    """Seat 0 loses a bet on c3 (1060); the pile empty, seat 1 draws it back."""
    options = {"players": 3, "super": True, "spinner": "off", "bet_cards": "any", "deck": TIGHT}
    rows = (("c0", "c4", "c8"), ("c1", "c5", "c9"), ("c2", "c6", "c10"))
    state = GAME.new_game(options, seed)
    laid = tuple(c for row in rows for c in row)
    state = replace(
        state,
        rows=rows,
        drawn=(*laid, "c7"),
        removed=("c7",),
        chips=(5, 5, 5),
        phase=START,
        active=0,
        actor=0,
    )
    state = play(state, "draw", "card c3", "place 0 bet 1", "pass", "pass")
    assert state.revealed == ("c3",)
    return play(state, "draw", "card c3")


def test_bots_place_and_judge_a_card_a_lost_bet_revealed_by_its_date() -> None:
    state = _revealed_card_comes_back(seed=1)
    context = BotContext(random.Random(0))
    for level in ("child", "amateur", "historian"):
        # 1060 goes between 1020 and 1100: sure of it, each bot stakes all it may.
        assert make_bot(level).choose(state, context) == Place(1, 3), level
    # Guessing instead, the child would put it before 1020.
    assert make_bot("child").choose(replace(state, revealed=()), context) != Place(1, 3)
    judged = play(state, "place 0 bet 1")
    for level in ("child", "amateur", "historian"):
        assert make_bot(level).choose(judged, context) == Judge("later"), level
    assert make_bot("child").choose(replace(judged, revealed=()), context) == Judge("correct")


def test_children_finish_a_round_whose_last_card_a_lost_bet_revealed() -> None:
    """Once only the revealed card was left, every child bet it into the same wrong gap."""
    options = {"players": 3, "super": True, "spinner": "off", "bet_cards": "any", "deck": TIGHT}
    state = GAME.new_game(options, 31)  # a seed where the stall came about
    bots = [make_bot("child") for _ in range(3)]
    context = BotContext(random.Random(31))
    for _ in range(2000):
        if state.is_terminal():
            break
        if state.is_chance():
            state = state.play(state.sample_chance())
        else:
            state = state.play(bots[state.current_player()].choose(state, context))
    assert state.is_terminal() and state.turn < 40
    assert state.revealed  # the round had a lost bet, and it did not stall the round


def test_placement_accuracy_rises_with_level() -> None:
    cards = list(CARDS.cards)
    child = placement_accuracy("child", cards, 600, seed=1)
    amateur = placement_accuracy("amateur", cards, 600, seed=1)
    historian = placement_accuracy("historian", cards, 600, seed=1)
    assert child < amateur < historian
    assert historian > 0.8


def test_historian_places_an_easy_card_right() -> None:
    row = [CARDS["y1291"], CARDS["y1815"], CARDS["y2016"]]
    gap, chance = best_gap(row, Belief(CARDS["y1945"], "historian", 0, 1))
    assert gap == 2 and chance > 0.9


def test_historian_judges_a_clearly_wrong_bet_and_bets_when_sure() -> None:
    state = table([["y1291", "y1798", "y1945"], ["y1536"], ["y1712"]], chips=[5, 5, 5], super=True)
    state = play(state, "spin", "spinner question", "card y2016")
    bot = make_bot("historian")
    context = BotContext(random.Random(0))
    choice = bot.choose(state, context)
    assert choice == Place(3, 3)  # sure of 2016 after 1945: stakes all it may
    state = play(state, "place 0 bet 1")
    assert bot.choose(state, context) == Judge("later")


def test_grumpy_and_duel_give_up_the_card_from_the_most_crowded_stretch() -> None:
    row = [CARDS[c] for c in ("y1291", "y1798", "y1803", "y1945")]
    assert crowded_card(row).id == "y1798"


def test_a_historian_challenges_a_leader_close_to_winning() -> None:
    six = ["y1291", "y1315", "y1386", "y1415", "y1476", "y1499"]
    state = table([["y1945", "y2016"], six, ["y1712"]], chips=[6, 0, 0])
    choice = make_bot("historian").choose(state, BotContext(random.Random(0)))
    assert choice == Duel(1)
    calm = table([["y1945", "y2016"], six[:4], ["y1712"]], chips=[6, 0, 0])
    assert make_bot("historian").choose(calm, BotContext(random.Random(0))) == Spin()


@pytest.mark.parametrize("level", ["child", "amateur", "historian"])
@pytest.mark.parametrize("options", [{"players": 3}, {"players": 4, "super": True}])
def test_bots_finish_games_with_legal_moves(level: str, options: dict[str, object]) -> None:
    bot = make_bot(level)
    for seed in range(3):
        state = GAME.new_game({**options, "deck": DECK}, seed)
        context = BotContext(random.Random(seed))
        for _ in range(3000):
            if state.is_terminal():
                break
            if state.is_chance():
                state = state.apply(state.sample_chance())
            else:
                state = state.play(bot.choose(state, context))
        assert state.is_terminal()


def _round(levels: list[str], seed: int) -> TimelineState:
    bots = [make_bot(lv) for lv in levels]
    state = GAME.new_game({"players": len(levels), "deck": DECK}, seed)
    context = BotContext(random.Random(seed))
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply(state.sample_chance())
        else:
            state = state.play(bots[state.current_player()].choose(state, context))
    return state


def test_historians_outscore_children() -> None:
    historian = child = 0
    for seed in range(30):
        levels = ["historian", "child"] if seed % 2 == 0 else ["child", "historian"]
        scores = _round(levels, seed).scores
        assert scores is not None
        h = levels.index("historian")
        historian += scores[h]
        child += scores[1 - h]
    assert historian > 2 * child


# -- a match over several rounds --------------------------------------------------------------


def test_chips_add_up_over_a_match_with_the_winner_doubled() -> None:
    match = Match(players=3, rounds=4)
    expected = [0, 0, 0]
    for number in range(4):
        state = _round(["historian", "amateur", "child"], seed=100 + number)
        outcome = state.outcome()
        assert outcome is not None
        winner = outcome.winners[0] if outcome.reason == "placed an eighth card" else None
        if winner is not None:
            # The round's score is the chips on the table, the winner's doubled.
            assert state.scores is not None
            assert state.scores[winner] == 2 * state.chips[winner]
            others = [s for s in range(3) if s != winner]
            assert all(state.scores[s] == state.chips[s] for s in others)
        match = match.add_round(outcome.returns, winner)
        for seat in range(3):
            expected[seat] += int(outcome.returns[seat])
        assert match.totals() == tuple(expected)
    assert match.finished
    assert match.leaders() == tuple(s for s in range(3) if expected[s] == max(expected))
    with pytest.raises(MatchError):
        match.add_round([0, 0, 0], None)
    assert Match.from_dict(match.to_dict()) == match


def test_match_arithmetic_by_hand() -> None:
    match = Match(players=2, rounds=2)
    match = match.add_round([14, 3], 0)  # winner had 7 chips, doubled
    match = match.add_round([2, 10], 1)
    assert match.totals() == (16, 13)
    assert match.leaders() == (0,)
    tie = Match(players=2, rounds=1).add_round([4, 4], None)
    assert tie.leaders() == (0, 1)
    with pytest.raises(MatchError):
        Match(players=2).add_round([1, 2, 3], None)
    with pytest.raises(MatchError):
        Match(players=7)


# -- the rule examples -----------------------------------------------------------------------


def _examples() -> list[dict[str, object]]:
    return list(GAME.examples())


def test_examples_cover_placement_duel_spinner_and_bet() -> None:
    keys = {e["key"] for e in _examples()}
    if len(GAME.settings_from(GAME.normalise_options({})).cards) < 20:
        pytest.skip("the packaged deck is too small for the examples")
    assert {"placement", "duel", "star", "grumpy", "twice", "bet", "bet_lost"} <= keys


def _replayed(example: dict[str, object]) -> TimelineState:
    options = GAME.normalise_options(example.get("options", {}))  # type: ignore[arg-type]
    seats = tuple(Seat(label) for label in GAME.seat_labels(options))
    moves = tuple(example["moves"])  # type: ignore[arg-type]
    record = GameRecord(GAME.slug, 0, options, seats, moves, len(moves))
    state = replay(record)[-1]
    assert isinstance(state, TimelineState)
    return state


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("placement", "placed"),
        ("passed_on", "follower"),
        ("nobody", "reader"),
        ("twice", "placed"),
        ("star", "star"),
        ("grumpy", "grumpy"),
        ("duel", "duel_won"),
        ("bet", "bet_won"),
        ("bet_lost", "bet_lost"),
    ],
)
def test_each_example_replays_to_its_rule(key: str, kind: str) -> None:
    found = [e for e in _examples() if e["key"] == key]
    if not found:
        pytest.skip("the packaged deck is too small for this example")
    state = _replayed(found[0])
    assert state.reveal is not None and state.reveal.kind == kind
    if key == "bet":
        assert state.reveal.stake == 2 and len(state.reveal.judgements) == 2
        assert sorted(state.reveal.deltas[1:]) == [-1, 1]
    if key == "grumpy":
        assert state.reveal.card is not None
    if key == "twice":
        # The reveal lists the first, wrong try; the second was right.
        assert [a.seat for a in state.reveal.attempts] == [state.reveal.seat]
    assert "timeline_cards" in timegames.GAMES
