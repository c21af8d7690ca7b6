"""Fuzzing ``Session.handle``: bad requests and mutated saves and links, for every game.

A seeded generator (:func:`fuzz_game`) builds requests a hostile or careless
page could send: wrong types in every field, unknown ops, deep nesting,
junk viewers and seats, bot budgets that are not numbers, moves that are
not legal, a chance outcome other than the seed's, and saved games, files
and links mutated at random (some re-signed so that the checksum passes and
the content itself is judged).  Every registered game is covered, present
and future: the cases come from :data:`timegames.GAMES`.

Each request must be answered ``ok`` or refused with a clear message (never
an internal error, never an exception), and a refusal must leave the
session exactly as it was (:meth:`Session.fingerprint`).

CI runs :data:`CASES_PER_GAME` cases per game; ``python3 build.py bench
robustness`` runs many more and prints the counts.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
import timegames
from timegames.core.record import LINK_PREFIX, _checksum
from timegames.core.session import Session

CASES_PER_GAME = 300
JUNK: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    7,
    2**70,
    1.5,
    float("inf"),
    "",
    "x",
    "fast",
    "é<b>" * 3,
    [],
    [1, 2],
    {},
    {"a": 1},
    [[[[[[]]]]]],
]
OPS = [
    "describe",
    "new",
    "load_record",
    "load_text",
    "load_link",
    "example",
    "play",
    "bot",
    "undo",
    "redo",
    "goto",
    "view",
    "export",
    "link",
    "tool",
    "peek_link",
    "save_text",
]
FIELDS = [
    "game",
    "options",
    "seats",
    "seed",
    "record",
    "text",
    "fragment",
    "key",
    "action",
    "seat",
    "seconds",
    "position",
    "name",
    "args",
    "viewer",
]


@dataclass
class Tally:
    """Counts of a fuzz run, by kind of case and by answer."""

    cases: Counter[str] = field(default_factory=Counter)
    answers: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.cases.update(other.cases)
        self.answers.update(other.answers)
        self.failures.extend(other.failures)


def deep(depth: int) -> Any:
    """A list nested ``depth`` deep, built without recursion."""
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def deep_text(depth: int) -> str:
    """JSON text of a list nested ``depth`` deep."""
    return "[" * depth + "]" * depth


def pack_link(body: bytes) -> str:
    """A link fragment around ``body`` with a valid checksum (a re-signed link)."""
    packed = base64.urlsafe_b64encode(zlib.compress(body, 9)).decode().rstrip("=")
    return f"{LINK_PREFIX}{packed}.{_checksum(body)}"


def mutate(rng: random.Random, value: Any, depth: int = 0) -> Any:
    """``value`` with one random change somewhere inside it."""
    if isinstance(value, (dict, list)) and value and rng.random() < 0.8:
        copy: Any = dict(value) if isinstance(value, dict) else list(value)
        where = rng.choice(sorted(value)) if isinstance(value, dict) else rng.randrange(len(value))
        roll = rng.random()
        if roll < 0.2:
            del copy[where]
        elif roll < 0.3 and isinstance(copy, dict):
            copy["zz" + str(rng.randrange(9))] = rng.choice(JUNK)
        elif roll < 0.3:
            copy.insert(where, rng.choice(JUNK))
        else:
            copy[where] = mutate(rng, value[where], depth + 1)
        return copy
    if isinstance(value, str) and value and rng.random() < 0.6:
        chars = list(value)
        index = rng.randrange(len(chars))
        chars[index] = rng.choice("0123456789abcxyz .-/+?WNSE")
        return "".join(chars)
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.6:
        return value + rng.choice((-1, 1, 2**40, -(2**40)))
    return rng.choice(JUNK)


def flip(rng: random.Random, text: str) -> str:
    """``text`` with a character changed, cut short, or doubled."""
    if not text:
        return "?"
    roll = rng.random()
    if roll < 0.5:
        index = rng.randrange(len(text))
        return text[:index] + rng.choice("A0_-.=x{") + text[index + 1 :]
    if roll < 0.8:
        return text[: rng.randrange(len(text))]
    return text + text


class Fuzzer:
    """One game's fuzz run: a live session, a valid baseline and a generator of bad requests."""

    def __init__(self, slug: str, seed: int) -> None:
        self.slug = slug
        self.game = timegames.GAMES[slug]
        self.rng = random.Random(f"{slug}:{seed}")
        self.session = Session(bot_seconds=0.02)
        self.tally = Tally()
        levels = [level.key for level in self.game.ai_levels()]
        self.level = levels[0]
        self.start()

    # -- a valid game to spoil -------------------------------------------------------

    def start(self) -> None:
        seats = [
            {"kind": "human"} for _ in range(self.game.seat_count(self.game.normalise_options({})))
        ]
        seats[-1] = {"kind": "ai", "level": self.level}
        answer = self.session.handle(
            {"op": "new", "game": self.slug, "seats": seats, "seed": self.rng.randrange(2**40)}
        )
        assert answer["ok"], answer
        for _ in range(self.rng.randrange(2, 12)):
            self.advance()

    def advance(self) -> None:
        """One valid step: a legal human move or the bot's (from the latest position)."""
        record = self.session.record
        assert record is not None
        assert self.session.handle({"op": "goto", "position": len(record.actions)})["ok"]
        state = self.session.state
        if state.is_terminal() or state.is_chance():
            return
        view = self.session.handle({"op": "view"})["view"]
        if view["to_move_kind"] == "ai":
            answer = self.session.handle({"op": "bot", "seconds": 0.01})
        else:
            legal = list(state.legal_actions())
            action = self.game.action_to_text(self.rng.choice(legal))
            answer = self.session.handle({"op": "play", "action": action})
        assert answer["ok"], answer

    # -- the cases ---------------------------------------------------------------------

    def case(self) -> tuple[str, Any]:
        """One bad (or odd) request and its kind."""
        rng = self.rng
        kind = rng.choice(
            [
                "not-object",
                "junk-op",
                "junk-field",
                "junk-field",
                "junk-viewer",
                "bad-move",
                "chance-move",
                "record",
                "record",
                "save-text",
                "save-text",
                "link",
                "link",
                "deep-link",
                "legal",
            ]
        )
        if kind == "not-object":
            return kind, rng.choice([None, 1, "play", [{"op": "view"}], True, deep(50)])
        if kind == "junk-op":
            return kind, {"op": rng.choice([*JUNK, deep(5000), "__init__", "op_x", "handle"])}
        if kind == "junk-field":
            request: dict[str, Any] = {"op": rng.choice(OPS), "game": self.slug}
            for name in rng.sample(FIELDS, rng.randrange(1, 4)):
                request[name] = rng.choice([*JUNK, deep(rng.choice((30, 5000)))])
            return kind, request
        if kind == "junk-viewer":
            op = rng.choice(["play", "bot", "undo", "redo", "goto", "view", "new"])
            viewer = rng.choice(
                [
                    -1,
                    99,
                    len(self.session.record.seats) if self.session.record else 9,
                    "0",
                    True,
                    1.0,
                ]
            )
            request = {"op": op, "game": self.slug, "viewer": viewer, "position": 0}
            request["action"] = self.legal_text() or "pass"
            return kind, request
        if kind == "bad-move":
            text = self.legal_text() or "x"
            return kind, {
                "op": "play",
                "action": rng.choice([flip(rng, text), text + " " + text, ""]),
            }
        if kind == "chance-move":
            return kind, self.chance_request()
        if kind == "record":
            data = self.current_record()
            return kind, {"op": "load_record", "record": mutate(rng, data)}
        if kind == "save-text":
            return kind, {"op": "load_text", "text": self.mutated_save()}
        if kind == "link":
            return kind, {"op": "load_link", "fragment": self.mutated_link()}
        if kind == "deep-link":
            body = rng.choice(
                [
                    deep_text(rng.choice((30, 3000, 20000))),
                    '{"format": 1, "extra": ' + deep_text(3000) + "}",
                    "[]",
                    "null",
                    "1e999999",
                ]
            )
            return kind, {"op": "load_link", "fragment": pack_link(body.encode())}
        return kind, {"op": "play", "action": self.legal_text() or "pass"}

    def legal_text(self) -> str | None:
        state = self.session.state
        if state.is_terminal() or state.is_chance():
            return None
        legal = list(state.legal_actions())
        return self.game.action_to_text(self.rng.choice(legal)) if legal else None

    def chance_request(self) -> dict[str, Any]:
        """Go to a chance step (a valid goto), then ask for some outcome there."""
        record = self.session.record
        assert record is not None
        steps = [
            n for n in range(len(self.session.states) - 1) if self.session.states[n].is_chance()
        ]
        if not steps:
            return {"op": "play", "action": "roll 6 6"}
        position = self.rng.choice(steps)
        assert self.session.handle({"op": "goto", "position": position})["ok"]
        state = self.session.state
        outcomes = [a for a, _ in state.chance_outcomes()]
        action = self.rng.choice(outcomes)
        return {"op": "play", "action": self.game.action_to_text(action)}

    def current_record(self) -> Any:
        answer = self.session.handle({"op": "view"})
        return answer["view"]["record"]

    def mutated_save(self) -> str:
        text = self.session.handle({"op": "export"})["text"]
        roll = self.rng.random()
        if roll < 0.3:
            return flip(self.rng, text)
        wrapper = json.loads(text)
        if roll < 0.45:
            wrapper["timegames_save"] = self.rng.choice([2, "1", None, 0, True, 1.0])
            return json.dumps(wrapper)
        # Re-signed: the checksum matches, so the record's content is judged.
        wrapper["record"] = mutate(self.rng, wrapper["record"])
        body = json.dumps(wrapper["record"], sort_keys=True, separators=(",", ":"))
        wrapper["checksum"] = _checksum(body.encode())
        return json.dumps(wrapper)

    def mutated_link(self) -> str:
        fragment = self.session.handle({"op": "link"})["fragment"]
        if self.rng.random() < 0.4:
            return flip(self.rng, fragment)
        packed = fragment.split(".")[1]
        body = zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)))
        data = mutate(self.rng, json.loads(body))
        return pack_link(json.dumps(data, sort_keys=True, separators=(",", ":")).encode())

    # -- running -----------------------------------------------------------------------

    def run(self, count: int) -> Tally:
        for number in range(count):
            kind, request = self.case()
            self.check(kind, request)
            if number % 10 == 9:
                self.advance()  # move on, so cases meet later positions too
            if self.session.state.is_terminal() and self.rng.random() < 0.2:
                self.start()
        return self.tally

    def check(self, kind: str, request: Any) -> None:
        before = self.session.fingerprint()
        self.tally.cases[kind] += 1
        try:
            answer = self.session.handle(request)
        except Exception as err:
            self.tally.answers["raised"] += 1
            self.tally.failures.append(f"{self.slug} {kind}: raised {err!r}")
            return
        if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
            self.tally.failures.append(f"{self.slug} {kind}: not an answer: {answer!r:.200}")
            return
        json.dumps(answer)  # every answer crosses the worker boundary as JSON
        if answer["ok"]:
            self.tally.answers["ok"] += 1
            if "view" in answer:
                # What the page would autosave must open again (a chosen outcome would not).
                saved = Session().handle({"op": "load_record", "record": answer["view"]["record"]})
                if not saved["ok"]:
                    self.tally.failures.append(f"{self.slug} {kind}: autosave refused: {saved}")
            return
        self.tally.answers["refused"] += 1
        error, rule = answer.get("error"), answer.get("rule")
        if not isinstance(error, str) or not error or not isinstance(rule, str):
            self.tally.failures.append(f"{self.slug} {kind}: unclear refusal {answer!r:.200}")
        elif rule == "internal":
            self.tally.failures.append(f"{self.slug} {kind}: internal error {error}")
        if self.session.fingerprint() != before:
            self.tally.failures.append(
                f"{self.slug} {kind}: a refusal changed the session: {error}"
            )


def fuzz_game(slug: str, cases: int, seed: int = 0) -> Tally:
    """Run ``cases`` fuzz cases against ``slug``; the tally lists any failure."""
    return Fuzzer(slug, seed).run(cases)


@pytest.mark.parametrize("slug", sorted(timegames.GAMES))
def test_fuzzed_requests_are_answered_or_refused_and_refusals_change_nothing(slug: str) -> None:
    tally = fuzz_game(slug, CASES_PER_GAME)
    assert tally.failures == []
    assert sum(tally.cases.values()) == CASES_PER_GAME
    # The generator reaches both sides: some cases are accepted, most refused.
    assert tally.answers["refused"] > CASES_PER_GAME // 2 and tally.answers["ok"] > 0


def test_non_object_requests_and_deep_ops_are_refused_clearly() -> None:
    session = Session()
    for request in (None, 3, "new", [], True, {"op": deep(5000)}, {"op": ["new"]}):
        answer = session.handle(request)
        assert answer["ok"] is False and answer["rule"] in ("session", "request")
        assert len(answer["error"]) < 200


@pytest.mark.parametrize("options", [True, [1], "x", 3])
def test_options_that_are_not_an_object_are_refused(options: Any) -> None:
    answer = Session().handle({"op": "new", "game": "time_vectors", "options": options})
    assert answer == {"ok": False, "error": answer["error"], "rule": "FormatError"}
    assert "options must be an object" in answer["error"]


@pytest.mark.parametrize("seconds", [None, "fast", True, -1, 0, float("nan"), 1e9, [1]])
def test_bot_seconds_must_be_a_sensible_number(seconds: Any) -> None:
    session = Session()
    seats = [{"kind": "ai", "level": "beginner"}, {"kind": "ai", "level": "beginner"}]
    assert session.handle({"op": "new", "game": "time_vectors", "seats": seats, "seed": 1})["ok"]
    before = session.fingerprint()
    answer = session.handle({"op": "bot", "seconds": seconds})
    assert not answer["ok"] and "seconds" in answer["error"]
    assert session.fingerprint() == before
    assert session.handle({"op": "bot", "seconds": 0.05})["ok"]


def test_a_deeply_nested_link_with_a_valid_checksum_is_refused() -> None:
    session = Session()
    for body in (deep_text(20000), '{"format":1,"extra":' + deep_text(20000) + "}"):
        answer = session.handle({"op": "load_link", "fragment": pack_link(body.encode())})
        assert not answer["ok"] and "nested too deeply" in answer["error"]
        assert session.record is None
