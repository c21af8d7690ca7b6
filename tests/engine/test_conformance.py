"""One conformance suite for every registered game.

Each game in :data:`timegames.GAMES` is played with seeded random legal
actions (chance through ``sample_chance``) under its default options and each
single non-default option it accepts, and the protocol's promises are checked
at every step: serialisation round trips, JSON views, notation round trips,
legality, terminal behaviour, chance probabilities and exact replay from a
record, a save file and a link.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

import pytest
import timegames
from timegames.core import (
    CHANCE,
    FORMAT_VERSION,
    TERMINAL,
    BotContext,
    Budget,
    FormatError,
    GameRecord,
    IllegalAction,
    NotationError,
    RecordError,
    Seat,
    replay,
)
from timegames.core.record import (
    record_from_link,
    record_from_text,
    record_to_link,
    record_to_text,
)

MAX_STEPS = 4000
"""No game should need more actions than this, chance steps included."""

NOTATION_SAMPLE = 48
"""How many legal actions per step get the notation round trip when there are many."""

FULL_CHECK_PREFIX = 200
FULL_CHECK_EVERY = 10
"""Every step of a game gets the full checks up to FULL_CHECK_PREFIX, then every
FULL_CHECK_EVERY-th step and the final one.  Random play in a race game such as
Timelock runs into the turn limit after a thousand or more actions with costly
views; the cheap checks (seat to move, legality of the action played, chance
probabilities, terminal rules) still run at every step, and the replay compares
every state."""

DEFAULT_SEEDS = (0, 1)
VARIANT_SEEDS = (2,)


def option_sets(game: Any) -> list[tuple[str, dict[str, Any]]]:
    """Default options, plus each single non-default choice the game accepts."""
    sets: list[tuple[str, dict[str, Any]]] = [("default", {})]
    for spec in game.option_specs():
        for value, _label in spec.choices:
            if value == spec.default:
                continue
            try:
                game.normalise_options({spec.name: value})
            except FormatError:
                continue  # a combination the game refuses on purpose
            sets.append((f"{spec.name}={value}", {spec.name: value}))
    return sets


def _cases() -> list[Any]:
    cases = []
    for slug in sorted(timegames.GAMES):
        game = timegames.GAMES[slug]
        for label, options in option_sets(game):
            seeds = DEFAULT_SEEDS if label == "default" else VARIANT_SEEDS
            for seed in seeds:
                cases.append(pytest.param(slug, options, seed, id=f"{slug}-{label}-seed{seed}"))
    return cases


def roundtrip(state: Any) -> Any:
    """The state rebuilt from its dict after a trip through JSON text."""
    return state.game.from_dict(json.loads(json.dumps(state.to_dict())))


@dataclass
class Played:
    """A finished seeded random game: every state and every action's text."""

    game: Any
    options: dict[str, Any]
    seed: int
    states: list[Any]
    texts: list[str]


def check_step(state: Any, seats: int, rng: random.Random, full: bool = True) -> list[Any]:
    """The per-step promises for one state; returns its legal actions.

    ``full=False`` leaves out the serialisation, view and notation checks.
    """
    game = state.game
    full = full or state.is_terminal()
    if full:
        data = state.to_dict()
        assert data["format"] == FORMAT_VERSION
        back = roundtrip(state)
        assert back == state
        assert back.to_dict() == data
        for seat in [*range(seats), None]:
            json.dumps(state.view(seat))

    player = state.current_player()
    assert player in (CHANCE, TERMINAL) or 0 <= player < seats

    if state.is_terminal():
        assert player == TERMINAL
        assert state.legal_actions() == []
        outcome = state.outcome()
        assert outcome is not None
        assert len(outcome.returns) == seats
        assert all(0 <= w < seats for w in outcome.winners)
        json.dumps(outcome.to_dict())
        return []

    assert state.outcome() is None
    legal = state.legal_actions()
    assert legal, "a game that is not over must offer an action"

    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
        assert all(p > 0 for _, p in outcomes)
        assert {game.action_to_text(a) for a, _ in outcomes} <= {
            game.action_to_text(a) for a in legal
        }
        picked = state.sample_chance()
        assert picked == state.sample_chance(), "sampling must not depend on anything but state"
        assert picked in [a for a, _ in outcomes]
        assert state.apply(picked).rng != state.rng, "a chance step must advance the generator"
    else:
        assert state.chance_outcomes() == []

    if not full:
        return legal
    checked = legal if len(legal) <= NOTATION_SAMPLE else rng.sample(legal, NOTATION_SAMPLE)
    for action in checked:
        text = game.action_to_text(action)
        assert isinstance(text, str) and text.strip() == text and text
        assert game.parse_action(text) == action, text
    for action in legal:
        assert state.illegal_reason(action) is None, game.action_to_text(action)
    return legal


def play_random(slug: str, options: dict[str, Any], seed: int) -> Played:
    """Play one seeded random game, checking every step; returns the whole game."""
    game = timegames.GAMES[slug]
    normal = game.normalise_options(options)
    seats = game.seat_count(normal)
    assert len(game.seat_labels(normal)) == seats
    rng = random.Random(seed)
    state = game.new_game(options, seed)
    assert state == game.new_game(options, seed)
    states, texts = [state], []
    last_action = None
    for step in range(MAX_STEPS):
        full = step < FULL_CHECK_PREFIX or step % FULL_CHECK_EVERY == 0
        legal = check_step(state, seats, rng, full)
        if state.is_terminal():
            break
        action = state.sample_chance() if state.is_chance() else rng.choice(legal)
        texts.append(game.action_to_text(action))
        state = state.apply(action) if state.is_chance() else state.play(action)
        states.append(state)
        last_action = action
    else:
        pytest.fail(f"{slug} {options} seed {seed}: no end after {MAX_STEPS} actions")
    assert last_action is not None
    with pytest.raises(IllegalAction):
        state.play(last_action)
    return Played(game, normal, seed, states, texts)


@pytest.mark.parametrize(("slug", "options", "seed"), _cases())
def test_random_games_keep_the_protocol(slug: str, options: dict[str, Any], seed: int) -> None:
    played = play_random(slug, options, seed)
    game = played.game
    labels = game.seat_labels(played.options)
    record = GameRecord(
        game.slug,
        seed,
        played.options,
        tuple(Seat(label) for label in labels),
        tuple(played.texts),
        len(played.texts),
    )
    # Replaying seed + actions through the checked path gives the same game.
    states = replay(record)
    assert len(states) == len(played.states)
    for ours, theirs in zip(played.states, states, strict=True):
        assert ours == theirs
    assert played.states[-1].to_dict() == states[-1].to_dict()

    assert record_from_text(record_to_text(record)) == record
    assert record_from_link(record_to_link(record)) == record
    assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record

    # A record stopped part-way is a position, with the rest to redo.
    middle = replace(record, position=len(record.actions) // 2)
    assert replay(middle)[-1] == played.states[len(record.actions) // 2]
    assert record_from_link(record_to_link(middle)) == middle


def _option_cases() -> list[Any]:
    return [
        pytest.param(slug, options, id=f"{slug}-{label}")
        for slug in sorted(timegames.GAMES)
        for label, options in option_sets(timegames.GAMES[slug])
    ]


@pytest.mark.parametrize(("slug", "options"), _option_cases())
def test_games_between_computer_players_end_and_every_seat_sees_the_end(
    slug: str, options: dict[str, Any]
) -> None:
    # Random play in a race game mostly reaches the turn limit; bots win, so the
    # views and scores of a decided game get checked under every option too.
    play_bots(slug, options)


def play_bots(slug: str, options: dict[str, Any]) -> None:
    """A seeded game between the game's computer levels (all but random), to its end."""
    game = timegames.GAMES[slug]
    settings = game.normalise_options(options)
    seats = game.seat_count(settings)
    levels = [level.key for level in game.ai_levels() if level.key != "random"]
    bots = [game.make_bot(levels[seat % len(levels)]) for seat in range(seats)]
    state = game.new_game(settings, 7)
    rng = random.Random(7)
    for _ in range(20 * MAX_STEPS):  # long clocks with eight players take many steps
        if state.is_terminal():
            break
        player = state.current_player()
        if player == CHANCE:
            state = state.apply(state.sample_chance())
        else:
            action = bots[player].choose(state, BotContext(rng, Budget(seconds=0.02)))
            state = state.play(action)
    assert state.is_terminal()
    assert state.outcome() is not None
    for seat in [*range(seats), None]:
        json.dumps(state.view(seat))
    assert roundtrip(state) == state


def _first_chance(played: Played) -> int | None:
    """Index of the first chance step with more than one possible outcome."""
    for number, state in enumerate(played.states[:-1]):
        if state.is_chance() and len(state.chance_outcomes()) > 1:
            return number
    return None


@pytest.mark.parametrize("slug", sorted(timegames.GAMES))
def test_records_refuse_a_changed_seed_or_move(slug: str) -> None:
    played = play_random(slug, {}, 7)
    game = played.game
    labels = tuple(Seat(label) for label in game.seat_labels(played.options))
    record = GameRecord(slug, 7, played.options, labels, tuple(played.texts), len(played.texts))

    # A move replaced by another move of the same game that the rules refuse
    # at that point (a point already taken, a card not in hand) is found and
    # named by replay.
    broken = None
    for number, state in enumerate(played.states[:-1]):
        if state.is_chance():
            continue
        for text in played.texts[:number] + played.texts[number + 1 :]:
            try:
                action = game.parse_action(text)
            except NotationError:
                continue
            if state.illegal_reason(action) is not None:
                texts = list(played.texts)
                texts[number] = text
                broken = replace(record, actions=tuple(texts))
                break
        if broken is not None:
            break
    assert broken is not None, "some recorded move should be illegal somewhere else"
    with pytest.raises(RecordError, match=f"move {number + 1} "):
        record_from_link(record_to_link(broken))
    with pytest.raises(RecordError, match=f"move {number + 1} "):
        record_from_text(record_to_text(broken))

    # A different seed gives different chance outcomes, which replay refuses.
    number = _first_chance(played)
    if number is not None:
        recorded = played.texts[number]
        for other in range(8, 200):
            # Before the first real chance step the seed changes nothing else.
            state = game.new(played.options, other)
            for text in played.texts[:number]:
                state = state.apply(game.parse_action(text))
            if game.action_to_text(state.sample_chance()) != recorded:
                break
        else:
            pytest.fail("no other seed changes the first chance outcome")
        with pytest.raises(RecordError, match="seed"):
            record_from_link(record_to_link(replace(record, seed=other)))


def test_every_game_is_registered_under_its_slug() -> None:
    assert "time_vectors" in timegames.GAMES
    for slug, game in timegames.GAMES.items():
        assert game.slug == slug
        assert timegames.get_game(slug) is game


@pytest.mark.parametrize("slug", sorted(timegames.GAMES))
def test_describe_and_options_are_plain_json(slug: str) -> None:
    game = timegames.GAMES[slug]
    described = json.loads(json.dumps(game.describe()))
    assert described["slug"] == slug
    assert described["ai_levels"], "every game offers at least one AI level"
    for spec in game.option_specs():
        if spec.choices:
            assert spec.default in [value for value, _ in spec.choices], spec.name
    with pytest.raises(FormatError):
        game.normalise_options({"no_such_option": 1})
    # Options that are not an object at all (a tampered save) are refused the same way.
    for wrong in ([], "players", 3, None):
        with pytest.raises(FormatError):
            game.normalise_options(wrong)  # type: ignore[arg-type]
    # A value that only looks like a choice (True for 1, 20.0 for 20) is refused.
    for spec in game.option_specs():
        for value, _label in spec.choices:
            try:
                game.normalise_options({spec.name: value})
            except FormatError:
                continue  # refused alone on purpose (it needs another option)
            if type(value) is bool:
                look_alike: Any = int(value)
            elif type(value) is int:
                look_alike = float(value)
            else:
                continue
            with pytest.raises(FormatError):
                game.normalise_options({spec.name: look_alike})
    saved = game.new_game(game.normalise_options({}), 0).to_dict()
    for key in ("options", "settings"):
        if key in saved:
            with pytest.raises(FormatError):
                game.from_dict({**saved, key: []})
    defaults = game.normalise_options({})
    assert game.seat_count(defaults) >= 1
    for level in game.ai_levels():
        assert game.make_bot(level.key) is not None
    with pytest.raises(FormatError):
        game.make_bot("no-such-level")
    with pytest.raises(NotationError):
        game.parse_action("!! not a move !!")


@pytest.mark.parametrize("slug", sorted(timegames.GAMES))
def test_examples_replay_from_a_new_game(slug: str) -> None:
    game = timegames.GAMES[slug]
    keys = set()
    for example in game.examples():
        json.dumps(example)
        assert {"key", "title", "caption", "moves", "highlight"} <= set(example)
        assert example["key"] not in keys, "example keys are unique"
        keys.add(example["key"])
        # An example may need a variant (the card game's bets need its super version).
        options = game.normalise_options(example.get("options") or {})
        seats = tuple(Seat(label) for label in game.seat_labels(options))
        moves = tuple(example["moves"])
        record = GameRecord(slug, 0, options, seats, moves, len(moves))
        states = replay(record)  # raises RecordError if any move is illegal
        assert len(states) == len(moves) + 1


# -- Time Vectors examples: the highlighted line is of the kind the key names ------


def _time_vectors_examples() -> list[Any]:
    game = timegames.GAMES["time_vectors"]
    return [pytest.param(e, id=e["key"]) for e in game.examples()]


@pytest.mark.parametrize("example", _time_vectors_examples())
def test_time_vectors_example_kinds(example: dict[str, Any]) -> None:
    from timegames.time_vectors import vector_dimensions

    game = timegames.GAMES["time_vectors"]
    state = game.new_game({}, 0)
    for move in example["moves"]:
        state = state.play_text(move)
    amber = [m for i, m in enumerate(example["moves"]) if i % 2 == 0]
    key = example["key"]
    if key == "not_a_vector":
        # The amber tokens sit on a diagonal but skip a tier: no vector, no win.
        assert sorted(amber) == sorted(example["highlight"])
        assert vector_dimensions(example["highlight"]) is None
        assert not state.is_terminal()
    elif key == "centre_post_error":
        # Amber's centre-post reading is no vector; Teal's compass reading wins.
        assert vector_dimensions(amber) is None
        assert vector_dimensions(example["highlight"]) == {1, 2, 4}
        assert state.outcome() is not None and state.outcome().winners == (1,)
    else:
        assert key.startswith("dim")
        expected = {int(d) for d in key[3:]}
        assert vector_dimensions(example["highlight"]) == expected
        assert sorted(amber) == sorted(example["highlight"])
        outcome = state.outcome()
        assert outcome is not None and outcome.winners == (0,)
        assert sorted(state.view(None)["winning_line"]) == sorted(example["highlight"])


def test_time_vectors_examples_cover_all_fifteen_kinds() -> None:
    from timegames.time_vectors import vector_dimensions

    kinds = set()
    for example in timegames.GAMES["time_vectors"].examples():
        dims = vector_dimensions(example["highlight"])
        if dims is not None:
            kinds.add(frozenset(dims))
    assert len(kinds) == 15


# -- play() accepts exactly what legal_actions() lists ------------------------------

FUZZ_STATES = 3
"""Player states sampled per option set from one seeded random playout."""
FUZZ_CANDIDATES = 300
"""Mutated notations tried per sampled state."""
FUZZ_ALPHABET = "0123456789+-/ "


def _fuzz_states(game: Any, options: dict[str, Any], seed: int) -> list[Any]:
    """Up to FUZZ_STATES player states from a seeded random playout, spread over the game."""
    rng = random.Random(seed)
    state = game.new_game(options, seed)
    seen: list[Any] = []
    for _ in range(600):
        if state.is_terminal():
            break
        if state.is_chance():
            state = state.apply(state.sample_chance())
            continue
        seen.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
    if len(seen) <= FUZZ_STATES:
        return seen
    return [seen[int(i * (len(seen) - 1) / (FUZZ_STATES - 1))] for i in range(FUZZ_STATES)]


def _mutations(texts: list[str], rng: random.Random) -> set[str]:
    """Notations near the listed ones: a character changed, dropped or added, words swapped.

    The alphabet is every character of the listed texts (plus digits and the
    usual separators), so squares, sizes, dice and flags all get varied.
    """
    alphabet = sorted(
        set("".join(texts)) | set(FUZZ_ALPHABET) | set("".join(t.upper() for t in texts))
    )
    words = sorted({w for t in texts for w in t.split()})
    out: set[str] = set()
    for _ in range(FUZZ_CANDIDATES * 4):
        if len(out) >= FUZZ_CANDIDATES:
            break
        text = rng.choice(texts)
        kind = rng.randrange(4)
        i = rng.randrange(len(text) + 1)
        if kind == 0 and i < len(text):
            text = text[:i] + rng.choice(alphabet) + text[i + 1 :]
        elif kind == 1 and i < len(text):
            text = text[:i] + text[i + 1 :]
        elif kind == 2:
            text = text[:i] + rng.choice(alphabet) + text[i:]
        else:
            parts = text.split()
            parts[rng.randrange(len(parts))] = rng.choice(words)
            text = " ".join(parts)
        out.add(text.strip())
    return out - set(texts) - {""}


def _field_variants(value: Any) -> list[Any]:
    """Values of the wrong type or out of range for a field holding ``value``."""
    out: list[Any] = [None, "bogus", "", 2.5, True, -1, 10**6]
    if isinstance(value, bool):
        out += [0, 1, "true"]
    elif isinstance(value, int):
        out += [float(value), str(value), value + 1, value - 1]
    elif isinstance(value, str):
        out += [value.upper(), value + "x", " " + value]
    elif isinstance(value, tuple):
        out += [list(value), value[:-1], value + value[-1:]]
    return out


def _object_mutants(action: Any) -> list[Any]:
    """Action objects built by hand near ``action``: one field changed (type or value)."""
    if not is_dataclass(action):
        return _field_variants(action)
    out = []
    for spec in fields(action):
        for value in _field_variants(getattr(action, spec.name)):
            out.append(replace(action, **{spec.name: value}))
    return out


@pytest.mark.parametrize("slug", sorted(timegames.GAMES))
def test_play_refuses_hand_built_actions_it_does_not_list(slug: str) -> None:
    """Objects with a field of the wrong type or value (``True`` for 1, ``2.5``, ``None``)
    are refused with IllegalAction, never accepted or crashing, even where they compare
    equal to a listed action (``True == 1``): a game holding one could not be saved."""
    game = timegames.GAMES[slug]
    rng = random.Random(13)
    for _label, options in option_sets(game)[:4]:
        for state in _fuzz_states(game, options, 5):
            legal = state.legal_actions()
            listed = {repr(a) for a in legal}
            for action in rng.sample(legal, min(len(legal), 10)):
                for mutant in _object_mutants(action):
                    if repr(mutant) in listed:
                        continue
                    with pytest.raises(IllegalAction):
                        state.play(mutant)


@pytest.mark.parametrize("slug", sorted(timegames.GAMES))
def test_play_accepts_exactly_the_listed_actions(slug: str) -> None:
    """Fuzz: every listed action is accepted; every other action that parses is refused.

    Candidates come from mutated notation of the listed actions and, when a
    game offers one, its own ``candidate_actions(state)`` generator (actions
    the notation can express near the listed ones).
    """
    game = timegames.GAMES[slug]
    rng = random.Random(11)
    for label, options in option_sets(game):
        for state in _fuzz_states(game, options, 5):
            legal = state.legal_actions()
            listed = {game.action_to_text(a) for a in legal}
            for action in rng.sample(legal, min(len(legal), 12)):
                state.play(action)  # raises IllegalAction if a listed action is refused
            candidates: list[Any] = []
            for text in _mutations(sorted(listed), rng):
                try:
                    candidates.append(game.parse_action(text))
                except (NotationError, ValueError):
                    continue
            extra = getattr(game, "candidate_actions", None)
            if extra is not None:
                candidates.extend(extra(state))
            for action in candidates:
                if game.action_to_text(action) in listed:
                    continue
                try:
                    state.play(action)
                except IllegalAction:
                    continue
                pytest.fail(
                    f"{slug} {label}: play() accepted {game.action_to_text(action)!r}, "
                    "which legal_actions() does not list"
                )
