"""Options in combination, for every registered game.

The conformance suite plays each single non-default option; a variant can
still break another one.  Here every pair of choices two options offer (each
accepted alone and together) is played in at least one seeded random game,
with the conformance suite's checks and exact replay from the game's record.
A greedy all-pairs cover keeps that to a few dozen games instead of the
product of every option.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
import timegames
from test_conformance import play_bots, play_random
from timegames.core import FormatError, GameRecord, Seat, replay

Choice = tuple[str, str]
"""An option's name and the repr of one of its values (values may be unhashable)."""
Pair = tuple[Choice, Choice]


def accepted(game: Any, options: dict[str, Any]) -> bool:
    try:
        game.normalise_options(options)
    except FormatError:
        return False
    return True


def all_pairs(game: Any) -> list[Pair]:
    """Every pair of choices of two options, besides both defaults, that the game accepts."""
    specs = [spec for spec in game.option_specs() if len(spec.choices) > 1]
    pairs: list[Pair] = []
    for one, other in itertools.combinations(specs, 2):
        for a, _ in one.choices:
            for b, _ in other.choices:
                if (a, b) != (one.default, other.default) and accepted(
                    game, {one.name: a, other.name: b}
                ):
                    pairs.append(((one.name, repr(a)), (other.name, repr(b))))
    return pairs


def pairs_in(options: dict[str, Any]) -> set[Pair]:
    choices = sorted((name, repr(value)) for name, value in options.items())
    return set(itertools.combinations(choices, 2))


def covering_sets(game: Any) -> list[dict[str, Any]]:
    """Option sets (non-default values only) that hold every pair of :func:`all_pairs`.

    Each set starts from the first pair not yet held and then takes, option by
    option, the choice that holds the most pairs still missing and that the
    game accepts with the rest.
    """
    specs = [spec for spec in game.option_specs() if len(spec.choices) > 1]
    values = {spec.name: {repr(v): v for v, _ in spec.choices} for spec in specs}
    defaults = {spec.name: spec.default for spec in specs}
    missing = {tuple(sorted(pair)) for pair in all_pairs(game)}
    sets: list[dict[str, Any]] = []
    while missing:
        (name_a, a), (name_b, b) = min(missing)
        options = {**defaults, name_a: values[name_a][a], name_b: values[name_b][b]}
        for spec in specs:
            if spec.name in (name_a, name_b):
                continue
            best, held = options[spec.name], -1
            for value in values[spec.name].values():
                trial = {**options, spec.name: value}
                if accepted(game, trial) and len(pairs_in(trial) & missing) > held:
                    best, held = value, len(pairs_in(trial) & missing)
            options[spec.name] = best
        assert accepted(game, options)
        held_now = pairs_in(options) & missing
        assert held_now, "every set holds the pair it started from"
        missing -= held_now
        sets.append({k: v for k, v in options.items() if v != defaults[k]})
    return sets


def _cases() -> list[Any]:
    return [
        pytest.param(slug, options, id=f"{slug}-{number}")
        for slug in sorted(timegames.GAMES)
        for number, options in enumerate(covering_sets(timegames.GAMES[slug]))
    ]


def test_the_cover_holds_every_accepted_pair() -> None:
    for slug, game in sorted(timegames.GAMES.items()):
        defaults = {spec.name: spec.default for spec in game.option_specs()}
        held: set[Pair] = set()
        for options in covering_sets(game):
            held |= pairs_in({**defaults, **options})
        for pair in all_pairs(game):
            assert tuple(sorted(pair)) in held, (slug, pair)


def test_games_with_several_options_are_covered() -> None:
    # Not vacuous: every game with two or more variant options gets combined sets.
    for slug, game in sorted(timegames.GAMES.items()):
        if sum(len(spec.choices) > 1 for spec in game.option_specs()) >= 2:
            sets = covering_sets(game)
            assert sets, slug
            assert max(len(options) for options in sets) >= 2, slug


@pytest.mark.parametrize(("slug", "options"), _cases())
def test_random_games_under_combined_options_keep_the_protocol(
    slug: str, options: dict[str, Any]
) -> None:
    played = play_random(slug, options, 3)
    game = played.game
    record = GameRecord(
        game.slug,
        played.seed,
        played.options,
        tuple(Seat(label) for label in game.seat_labels(played.options)),
        tuple(played.texts),
        len(played.texts),
    )
    assert replay(record)[-1] == played.states[-1]


@pytest.mark.parametrize(("slug", "options"), _cases())
def test_computer_players_finish_games_under_combined_options(
    slug: str, options: dict[str, Any]
) -> None:
    play_bots(slug, options)


def _unused_cases() -> list[Any]:
    cases = []
    for slug in sorted(timegames.GAMES):
        game = timegames.GAMES[slug]
        for number, options in enumerate([{}, *covering_sets(game)][:4]):
            for name in game.unused_options(game.normalise_options(options)):
                cases.append(pytest.param(slug, options, name, id=f"{slug}-{number}-{name}"))
    return cases


def test_some_games_have_options_a_form_may_hide() -> None:
    hidden = {
        slug: game.unused_options(game.normalise_options({}))
        for slug, game in timegames.GAMES.items()
    }
    assert hidden["timelock"] == ["removal_from", "extra_removal", "direction"]
    assert timegames.GAMES["timelock"].unused_options({"mode": "partners"}) == [
        "removal_from",
        "extra_removal",
    ]
    bets = {"bet_cards", "doubt_rule", "broke_judges", "bet_payout"}
    assert set(hidden["timeline_cards"]) == bets
    assert timegames.GAMES["timelock"].unused_options({"mode": "solitaire"}) == ["direction"]
    assert timegames.GAMES["timeline_cards"].unused_options({"super": True, "players": 3}) == []


@pytest.mark.parametrize(("slug", "options", "name"), _unused_cases())
def test_an_unused_option_changes_nothing(slug: str, options: dict[str, Any], name: str) -> None:
    """The same seed and moves give the same game whatever an unused option says."""
    game = timegames.GAMES[slug]
    spec = next(spec for spec in game.option_specs() if spec.name == name)
    base = game.normalise_options(options)
    for value, _ in spec.choices:
        if value == base[name]:
            continue
        rng = random.Random(5)
        one = game.new_game(base, 5)
        other = game.new_game({**base, name: value}, 5)
        for _ in range(3000):
            texts = [game.action_to_text(a) for a in one.legal_actions()]
            assert texts == [game.action_to_text(a) for a in other.legal_actions()]
            if one.is_terminal():
                break
            action = one.sample_chance() if one.is_chance() else rng.choice(one.legal_actions())
            one, other = one.apply(action), other.apply(action)
        assert (one.outcome() is None) == (other.outcome() is None)
        if one.outcome() is not None:
            assert one.outcome().returns == other.outcome().returns  # type: ignore[union-attr]


# -- the new-game form: settling a change, greying out what cannot be kept ----------------


def _settle_cases() -> list[Any]:
    return [
        pytest.param(slug, options, id=f"{slug}-{number}")
        for slug in sorted(timegames.GAMES)
        for number, options in enumerate([{}, *covering_sets(timegames.GAMES[slug])])
    ]


@pytest.mark.parametrize(("slug", "options"), _settle_cases())
def test_settling_keeps_what_the_rules_take_and_greys_out_exactly_the_rest(
    slug: str, options: dict[str, Any]
) -> None:
    """From each accepted set, change one option to each of its choices, as a form does."""
    game = timegames.GAMES[slug]
    base = game.normalise_options(options)
    assert game.settle_options(base) == (base, [])
    refused = game.refused_choices(base)
    unused = set(game.unused_options(base))
    order = [spec.name for spec in game.option_specs()]
    for spec in game.option_specs():
        for index, (value, _) in enumerate(spec.choices):
            trial = {**base, spec.name: value}
            settled, notes = game.settle_options(trial)
            assert accepted(game, settled)
            kept = settled[spec.name] == value
            if accepted(game, trial):
                assert (settled, notes) == (game.normalise_options(trial), [])
            else:
                # Options listed before the changed one never move; a note says why.
                earlier = order[: order.index(spec.name)]
                assert all(settled[name] == base[name] for name in earlier)
                assert notes and all(notes)
            if spec.name not in unused:
                assert (index in refused.get(spec.name, [])) == (not kept), (spec.name, value)


def test_settling_examples_from_the_rules() -> None:
    tv = timegames.GAMES["time_vectors"]
    settled, notes = tv.settle_options({"players": "3", "opening": "swap"})
    assert (settled["players"], settled["opening"]) == ("3", "none")
    assert len(notes) == 1 and "two-player games only" in notes[0]
    assert tv.refused_choices(settled) == {"opening": [1, 2]}
    tc = timegames.GAMES["timeline_cards"]
    settled, notes = tc.settle_options({"players": 2, "super": True})
    assert (settled["players"], settled["super"]) == (2, False)
    assert "3 to 6 players" in notes[0]
    # The page fits the kids' ticks to the number of players: a tick greys out no count.
    ticked = tc.normalise_options({"players": 4, "kids": [False, True, False, False]})
    assert tc.refused_choices(ticked) == {}
    timelock = timegames.GAMES["timelock"]
    settled, notes = timelock.settle_options({"mode": "duel", "turn_limit": 8, "first": 3})
    assert (settled["first"], settled["turn_limit"]) == ("random", 200)
    assert len(notes) == 2
    limits = [value for value, _ in timelock.option_specs()[-1].choices]
    refused = timelock.refused_choices(settled)
    assert [limits[i] for i in refused["turn_limit"]] == [10, 9, 8, 7]
    assert (
        timelock.refused_choices(timelock.normalise_options({"mode": "solitaire"})).get(
            "turn_limit"
        )
        is None
    )
    # A fault in an option without choices (a custom deck) is still refused outright.
    with pytest.raises(FormatError, match="custom deck"):
        tc.settle_options({"players": 3, "deck": [{"nonsense": 1}]})
