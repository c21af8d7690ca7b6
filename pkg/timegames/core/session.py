"""A game session for pages: one game, its record, undo/redo, bots and views.

Pages talk to the engine worker in JSON.  The worker keeps one
:class:`Session` and passes every request to :meth:`Session.handle`, which
returns a plain dict: ``{"ok": True, "view": ...}`` or ``{"ok": False,
"error": ..., "rule": ...}``.  A refused request never changes the session,
so a corrupt file or an illegal click loses nothing.

Requests (``op`` and its fields):

* ``describe`` ``game``: a game's options and AI levels.
* ``new`` ``game``, ``options``, ``seats``, ``seed``: start a game.
* ``load_record`` ``record``; ``load_text`` ``text``; ``load_link`` ``fragment``:
  open a game from autosave, a save file, or a game link.
* ``play`` ``action``: a human move, in notation.
* ``bot``: the AI seat to move makes its move.
* ``undo``, ``redo``, ``goto`` ``position``: move through the record.
* ``export``, ``link``: the save-file text or the link fragment.
* ``tool`` ``name``, ``args``: a game's helper (the Time Vectors vector checker).

Every answer that changes or shows the game carries ``view``: the state as
seen by ``viewer`` (a seat, or ``None`` for a spectator), the seats, the move
log, the record (for autosave) and what can be undone or redone.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

from .protocol import JSON, BotContext, Budget, FormatError, IllegalAction, NotationError, State
from .record import (
    GameRecord,
    RecordError,
    Seat,
    record_from_link,
    record_from_text,
    record_to_link,
    record_to_text,
    replay,
)
from .registry import GAMES, get_game

REFUSALS = (RecordError, IllegalAction, FormatError, NotationError)


class SessionError(ValueError):
    """A request the session cannot carry out (no game yet, a human's turn for ``bot``)."""


class Session:
    """One game as a page sees it."""

    def __init__(self, bot_seconds: float = 0.5) -> None:
        self.record: GameRecord | None = None
        self.states: list[State[Any]] = []
        self.bot_seconds = bot_seconds

    # -- dispatch ---------------------------------------------------------------

    def handle(self, request: JSON) -> JSON:
        """Carry out one request; never raises for bad input."""
        op = request.get("op")
        handler = getattr(self, f"op_{op}", None) if isinstance(op, str) else None
        if handler is None:
            return {"ok": False, "error": f"unknown request {op!r}", "rule": "request"}
        try:
            result: JSON = handler(request)
        except REFUSALS as err:
            rule = getattr(err, "rule", type(err).__name__)
            return {"ok": False, "error": getattr(err, "message", str(err)), "rule": rule}
        except SessionError as err:
            return {"ok": False, "error": str(err), "rule": "session"}
        result["ok"] = True
        return result

    # -- the current game ---------------------------------------------------------

    @property
    def state(self) -> State[Any]:
        """The position shown now."""
        if self.record is None:
            raise SessionError("no game is open")
        return self.states[self.record.position]

    def _open(self, record: GameRecord) -> None:
        """Replace the game, only once ``record`` has replayed in full."""
        states = replay(record, len(record.actions))
        self.record, self.states = record, states

    def _settle(self, record: GameRecord, states: list[State[Any]]) -> None:
        """Resolve chance steps with the seeded generator, recording each outcome."""
        state = states[-1]
        game = get_game(record.game)
        while state.is_chance():
            action = state.sample_chance()
            record = record.with_action(game.action_to_text(action))
            state = state.apply(action)
            states.append(state)
        self.record, self.states = record, states

    def _after(self, record: GameRecord, state: State[Any]) -> None:
        """Append ``state`` as the result of the record's newest action."""
        states = [*self.states[: record.position], state]
        self._settle(record, states)

    # -- ops ------------------------------------------------------------------------

    def op_describe(self, request: JSON) -> JSON:
        """A game's metadata and, for ``options``, its seat labels; with no game, every game.

        Pages call this while a player edits the new-game form, so an option
        combination the rules forbid is refused with the reason before it is used.
        """
        slug = request.get("game")
        if slug is None:
            return {"games": [g.describe() for g in GAMES.values()]}
        game = self._game(slug)
        options = game.normalise_options(request.get("options") or {})
        return {"game": game.describe(), "seat_labels": game.seat_labels(options)}

    def op_new(self, request: JSON) -> JSON:
        """Start a new game."""
        game = self._game(request.get("game"))
        options = game.normalise_options(request.get("options") or {})
        seed = request.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)
        labels = game.seat_labels(options)
        raw = request.get("seats") or []
        if not isinstance(raw, list):
            raise RecordError("seats must be a list")
        seats = [raw[i] if i < len(raw) else {"name": labels[i]} for i in range(len(labels))]
        data = {
            "format": 1,
            "game": game.slug,
            "seed": seed,
            "options": options,
            "seats": [
                {
                    "name": (s.get("name") or labels[i]) if isinstance(s, dict) else labels[i],
                    "kind": s.get("kind", "human") if isinstance(s, dict) else "human",
                    "level": s.get("level", "") if isinstance(s, dict) else "",
                }
                for i, s in enumerate(seats)
            ],
            "actions": [],
            "position": 0,
        }
        record = GameRecord.from_dict(data)
        self._open(record)
        self._settle(self.record, self.states)  # type: ignore[arg-type]
        return self._answer(request)

    def op_load_record(self, request: JSON) -> JSON:
        """Open an autosaved record (a plain dict)."""
        self._open(GameRecord.from_dict(request.get("record")))
        return self._answer(request)

    def op_load_text(self, request: JSON) -> JSON:
        """Open a save file's text."""
        text = request.get("text")
        if not isinstance(text, str):
            raise RecordError("no file text was given")
        self._open(record_from_text(text))
        return self._answer(request)

    def op_load_link(self, request: JSON) -> JSON:
        """Open a game link's fragment."""
        fragment = request.get("fragment")
        if not isinstance(fragment, str):
            raise RecordError("no link was given")
        self._open(record_from_link(fragment))
        return self._answer(request)

    def op_example(self, request: JSON) -> JSON:
        """Open one of a game's rule examples as a real game with human seats.

        An example's ``options`` (default: none) pick the variant it shows.
        """
        game = self._game(request.get("game"))
        key = request.get("key")
        found = [e for e in game.examples() if e["key"] == key]
        if not found:
            raise FormatError(f"{game.title} has no example {key!r}")
        example = found[0]
        options = game.normalise_options(example.get("options") or {})
        labels = game.seat_labels(options)
        record = GameRecord(
            game.slug,
            0,
            options,
            tuple(Seat(label) for label in labels),
            tuple(example["moves"]),
            len(example["moves"]),
        )
        self._open(record)
        answer = self._answer(request)
        answer["example"] = example
        return answer

    def op_play(self, request: JSON) -> JSON:
        """A move by the seat to act, in notation."""
        state = self.state
        assert self.record is not None
        text = request.get("action")
        if not isinstance(text, str):
            raise NotationError("no move was given")
        seat = request.get("seat")
        if seat is not None and seat != state.current_player():
            raise IllegalAction("not-your-turn", "it is not that player's turn")
        new_state = state.play_text(text)
        canonical = state.game.action_to_text(state.game.parse_action(text))
        self._after(self.record.with_action(canonical), new_state)
        return self._answer(request, played=canonical)

    def op_bot(self, request: JSON) -> JSON:
        """Let the AI seat to move play one action."""
        state = self.state
        record = self.record
        assert record is not None
        seat = state.current_player()
        if seat < 0:
            raise SessionError("the game is over")
        player = record.seats[seat]
        if player.kind != "ai":
            raise SessionError(f"{player.name} is not a computer player")
        bot = state.game.make_bot(player.level)
        rng = random.Random(record.seed * 1_000_003 + record.position)
        budget = Budget(seconds=float(request.get("seconds", self.bot_seconds)))
        started = time.perf_counter()
        action = bot.choose(state, BotContext(rng, budget))
        think_ms = (time.perf_counter() - started) * 1000
        text = state.game.action_to_text(action)
        self._after(record.with_action(text), state.play(action))
        answer = self._answer(request, played=text)
        answer["think_ms"] = round(think_ms, 2)  # for the benchmarks and the page's log
        return answer

    def op_undo(self, request: JSON) -> JSON:
        """Step back to the last position where a human was to move."""
        self._move_to(self._undo_target())
        return self._answer(request)

    def op_redo(self, request: JSON) -> JSON:
        """Step forward again to the next position where a human is to move."""
        self._move_to(self._redo_target())
        return self._answer(request)

    def op_goto(self, request: JSON) -> JSON:
        """Show the position after ``position`` actions (replays)."""
        self.state  # noqa: B018 - raises when no game is open
        position = request.get("position")
        if not isinstance(position, int) or not 0 <= position <= len(self.states) - 1:
            raise SessionError("there is no such position in this game")
        self._move_to(position)
        return self._answer(request)

    def op_view(self, request: JSON) -> JSON:
        """The current view, unchanged."""
        self.state  # noqa: B018 - raises when no game is open
        return self._answer(request)

    def op_export(self, request: JSON) -> JSON:
        """The save-file text of the whole game."""
        self.state  # noqa: B018
        assert self.record is not None
        return {"text": record_to_text(self.record), "filename": f"{self.record.game}.json"}

    def op_link(self, request: JSON) -> JSON:
        """A game-link fragment for the game."""
        self.state  # noqa: B018
        assert self.record is not None
        return {"fragment": record_to_link(self.record)}

    def op_tool(self, request: JSON) -> JSON:
        """A game's helper, such as the Time Vectors vector checker."""
        game = self._game(request.get("game") or (self.record.game if self.record else None))
        name = request.get("name")
        args = request.get("args") or {}
        if not isinstance(name, str) or not isinstance(args, dict):
            raise FormatError("a tool request needs a name and an args object")
        return {"result": game.tool(name, args)}

    # -- helpers ----------------------------------------------------------------------

    def _game(self, slug: Any) -> Any:
        if not isinstance(slug, str) or slug not in GAMES:
            raise FormatError(f"unknown game {slug!r}")
        return GAMES[slug]

    def _human_to_move(self, position: int) -> bool:
        assert self.record is not None
        seat = self.states[position].current_player()
        if seat < 0:
            return self.states[position].is_terminal()
        return self.record.seats[seat].kind == "human"

    def _is_chance_step(self, position: int) -> bool:
        """True if the action leading to ``position`` was a chance outcome."""
        return position > 0 and self.states[position - 1].is_chance()

    def _undo_target(self) -> int:
        assert self.record is not None
        position = self.record.position
        if position == 0:
            raise SessionError("there is nothing to undo")
        target = position
        while target > 0:
            if self._is_chance_step(target):
                break  # a roll or a draw is never undone
            target -= 1
            if self._human_to_move(target) and not self.states[target].is_terminal():
                return target
        if target == position:
            raise SessionError("a roll of the dice or a drawn card cannot be undone")
        return target

    def _redo_target(self) -> int:
        assert self.record is not None
        last = len(self.record.actions)
        position = self.record.position
        if position >= last:
            raise SessionError("there is nothing to redo")
        if len(self.states) <= last:
            self.states = replay(self.record, last)
        target = position + 1
        while target < last and not self._human_to_move(target):
            target += 1
        return target

    def _move_to(self, position: int) -> None:
        assert self.record is not None
        self.record = replace(self.record, position=position)

    def _answer(self, request: JSON, played: str | None = None) -> JSON:
        state = self.state
        record = self.record
        assert record is not None
        game = state.game
        viewer = request.get("viewer")
        if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < len(record.seats)):
            raise SessionError("no such seat to view the game from")
        seat = state.current_player()
        # The log shows each action's public text: a drawn card's name may be a secret.
        log = []
        for number, text in enumerate(record.actions[: record.position]):
            before = self.states[number]
            log.append(
                {
                    "n": number + 1,
                    "seat": before.current_player(),
                    "text": game.log_text(before, text),
                }
            )
        future = []  # actions after the shown position (replay), as far as they are replayed
        for number in range(record.position, min(len(record.actions), len(self.states) - 1)):
            before = self.states[number]
            text = game.log_text(before, record.actions[number])
            future.append({"n": number + 1, "seat": before.current_player(), "text": text})
        undo_possible = True
        try:
            self._undo_target()
        except SessionError:
            undo_possible = False
        view: JSON = {
            "game": game.slug,
            "title": game.title,
            "seats": [s.to_dict() for s in record.seats],
            "options": dict(record.options),
            "to_move": seat if seat >= 0 else None,
            "to_move_kind": record.seats[seat].kind if seat >= 0 else None,
            "viewer": viewer,
            "state": state.view(viewer),
            "outcome": None if state.outcome() is None else state.outcome().to_dict(),  # type: ignore[union-attr]
            "log": log,
            "future": future,
            "position": record.position,
            "length": len(record.actions),
            "can_undo": undo_possible,
            "can_redo": record.position < len(record.actions),
            "record": record.to_dict(),
        }
        if request.get("with_examples"):
            view["examples"] = [{"key": e["key"], "title": e["title"]} for e in game.examples()]
        answer: JSON = {"view": view}
        if played is not None:
            answer["played"] = played
        return answer
