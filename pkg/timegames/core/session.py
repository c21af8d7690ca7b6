"""A game session for pages: one game, its record, undo/redo, bots and views.

Pages talk to the engine worker in JSON.  The worker keeps one
:class:`Session` and passes every request to :meth:`Session.handle`, which
returns a plain dict: ``{"ok": True, "view": ...}`` or ``{"ok": False,
"error": ..., "rule": ...}``.  :meth:`Session.handle` never raises, and every
request is all-or-nothing: it is checked in full (the ``viewer`` too) before
anything changes, so a refused request, a corrupt file or an illegal click
leaves the session exactly as it was.

Requests (``op`` and its fields; every request may give ``viewer``):

* ``describe`` ``game``, ``options``: a game's options, AI levels and seat labels.
* ``new`` ``game``, ``options``, ``seats``, ``seed``: start a game.
* ``load_record`` ``record``; ``load_text`` ``text``; ``load_link`` ``fragment``:
  open a game from autosave, a save file, or a game link.  With ``game``
  (a page's own slug), another game's record is refused.
* ``example`` ``game``, ``key``: open one of the rules' examples.
* ``play`` ``action``, ``seat``: a human move, in notation.  At a chance step
  only the seed's outcome is accepted.
* ``bot`` ``seconds``: the AI seat to move makes its move.
* ``undo``, ``redo``, ``goto`` ``position``, ``view``: move through the record.
* ``export``, ``link``: the save-file text or the link fragment.
* ``peek_link`` ``fragment`` (and ``game``, as above): what a link holds, without opening it;
  ``save_text`` ``record``: a stored record's save-file text, without opening it.
* ``same_game`` ``fragment`` or ``text``, ``records``: how a link or a save file
  stands to stored games (each ``"same"``, ``"ahead"``, ``"behind"`` or ``None``),
  so that a page resumes a game it already keeps instead of listing it twice.
* ``tool`` ``name``, ``args``: a game's helper (the Time Vectors vector checker).

Every answer that changes or shows the game carries ``view``: the state as
seen by ``viewer`` (a seat, or ``None`` for a spectator), the seats, the move
log (the latest :data:`MAX_LOG_ENTRIES` lines, from ``log_from``), what can be
undone or redone, the seed's fingerprint ``deal`` and ``record``, the form of
the game that may be stored or shared.  Answers stay small: a request that
gives the ``options_key`` of the last view gets a view without ``options``
(in the view and in its record) while they are unchanged (``options_omitted``);
the page keeps them (a custom deck can be megabytes).

Secrets: in a game with hidden information that is still running,
``record``, exports and links are *sealed* (:func:`~.record.seal_record`):
the seed and the moves are scrambled and only the public log texts stand in
the clear, so no answer carries the seed, a future draw or another seat's
card.  Once the game is over, the record is plain again.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any

from .protocol import JSON, BotContext, Budget, FormatError, IllegalAction, NotationError, State
from .record import (
    MAX_DEPTH,
    GameRecord,
    RecordError,
    Seat,
    check_nesting,
    deal_code,
    record_from_link,
    record_from_text,
    record_to_link,
    record_to_text,
    replay,
    seal_record,
    short_repr,
)
from .registry import GAMES, get_game

REFUSALS = (RecordError, IllegalAction, FormatError, NotationError)

MAX_SEED = 2**63
MAX_BOT_SECONDS = 60.0
MAX_LOG_ENTRIES = 400
"""Log lines sent with each answer; a longer game sends its latest ones (``log_from``)."""


class SessionError(ValueError):
    """A request the session cannot carry out (no game yet, a human's turn for ``bot``)."""


@dataclass
class Change:
    """What an operation would make the session hold; committed only if the answer is ok."""

    record: GameRecord
    states: list[State[Any]]
    extra: JSON = field(default_factory=dict)


class Session:
    """One game as a page sees it."""

    def __init__(self, bot_seconds: float = 0.5) -> None:
        self.record: GameRecord | None = None
        self.states: list[State[Any]] = []
        self.bot_seconds = bot_seconds

    # -- dispatch ---------------------------------------------------------------

    def handle(self, request: Any) -> JSON:
        """Carry out one request; never raises, and a refusal changes nothing."""
        try:
            return self._handle(request)
        except REFUSALS as err:
            rule = getattr(err, "rule", type(err).__name__)
            return {"ok": False, "error": getattr(err, "message", str(err)), "rule": rule}
        except SessionError as err:
            return {"ok": False, "error": str(err), "rule": "session"}
        except RecursionError:
            return {"ok": False, "error": "the request is nested too deeply", "rule": "request"}
        except Exception as err:
            # A page must always get an answer; nothing was committed, so the game is unchanged.
            error = f"internal engine error: {err!r}"[:300]
            return {"ok": False, "error": error, "rule": "internal"}

    def _handle(self, request: Any) -> JSON:
        if not isinstance(request, dict):
            raise SessionError(f"a request must be a JSON object, not {short_repr(request)}")
        try:
            check_nesting(request, MAX_DEPTH)
        except RecordError as err:
            raise SessionError(f"bad request: {err}") from None
        op = request.get("op")
        known = isinstance(op, str) and op.isidentifier()
        handler = getattr(self, f"op_{op}", None) if known else None
        if handler is None:
            raise SessionError(f"unknown request {short_repr(op)}")
        viewer = request.get("viewer")
        if viewer is not None and (type(viewer) is not int or viewer < 0):
            raise SessionError("no such seat to view the game from")
        result = handler(request)
        if isinstance(result, Change):
            # Build the whole answer from the new game first; commit only if that works.
            answer = self._answer(request, result.record, result.states)
            answer.update(result.extra)
            self.record, self.states = result.record, result.states
        else:
            answer = result
        answer["ok"] = True
        return answer

    def fingerprint(self) -> str:
        """Everything the session holds, as text: equal before and after a refusal."""
        if self.record is None:
            return f"none|{self.bot_seconds!r}"
        states = [json.dumps(s.to_dict(), sort_keys=True) for s in self.states]
        record = json.dumps(self.record.to_dict(), sort_keys=True)
        return "|".join([record, repr(self.bot_seconds), *states])

    # -- the current game ---------------------------------------------------------

    @property
    def state(self) -> State[Any]:
        """The position shown now."""
        if self.record is None:
            raise SessionError("no game is open")
        return self.states[self.record.position]

    def _current(self) -> tuple[GameRecord, State[Any]]:
        state = self.state
        assert self.record is not None
        return self.record, state

    @staticmethod
    def _open(record: GameRecord) -> Change:
        """The change to ``record``, once it has replayed in full."""
        return Change(record, replay(record, len(record.actions)))

    @staticmethod
    def _settle(record: GameRecord, states: list[State[Any]]) -> Change:
        """Resolve chance steps with the seeded generator, recording each outcome."""
        state = states[-1]
        game = get_game(record.game)
        while state.is_chance():
            action = state.sample_chance()
            record = record.with_action(game.action_to_text(action))
            state = state.apply(action)
            states.append(state)
        return Change(record, states)

    def _after(self, record: GameRecord, state: State[Any]) -> Change:
        """Append ``state`` as the result of the record's newest action."""
        states = [*self.states[: record.position], state]
        return self._settle(record, states)

    # -- ops ------------------------------------------------------------------------

    def op_describe(self, request: JSON) -> JSON:
        """A game's metadata and, for ``options``, its seat labels; with no game, every game.

        Pages call this while a player edits the new-game form.  The answer
        carries the options settled (a choice another one rules out goes back to
        its default, with the reason in ``notes``), the choices to grey out and
        the options to hide; a fault no choice can mend is refused with its reason.
        """
        slug = request.get("game")
        if slug is None:
            return {"games": [g.describe() for g in GAMES.values()]}
        game = self._game(slug)
        options, notes = game.settle_options(_options(request))
        return {
            "game": game.describe(),
            "options": options,
            "notes": notes,
            "seat_labels": game.seat_labels(options),
            "unused_options": game.unused_options(options),
            "refused_choices": game.refused_choices(options),
        }

    def op_new(self, request: JSON) -> Change:
        """Start a new game."""
        game = self._game(request.get("game"))
        options = game.normalise_options(_options(request))
        seed = request.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)
        elif type(seed) is not int or not 0 <= seed < MAX_SEED:
            raise RecordError("the seed must be a whole number from 0 to 2**63 - 1")
        labels = game.seat_labels(options)
        raw = request.get("seats")
        if raw is None:
            raw = []
        if not isinstance(raw, list):
            raise RecordError("seats must be a list")
        seats = []
        for index, label in enumerate(labels):
            seat = raw[index] if index < len(raw) else {}
            if not isinstance(seat, dict):
                raise RecordError("each player must be an object with a name")
            seats.append({"name": seat.get("name") or label, **_without(seat, "name")})
        record = GameRecord.from_dict(
            {
                "format": 1,
                "game": game.slug,
                "seed": seed,
                "options": options,
                "seats": seats,
                "actions": [],
                "position": 0,
            }
        )
        opened = self._open(record)
        return self._settle(opened.record, opened.states)

    def op_load_record(self, request: JSON) -> Change:
        """Open an autosaved record (a plain dict, or a sealed one)."""
        return self._open(self._for_page(request, GameRecord.from_dict(request.get("record"))))

    def op_load_text(self, request: JSON) -> Change:
        """Open a save file's text."""
        text = request.get("text")
        if not isinstance(text, str):
            raise RecordError("no file text was given")
        return self._open(self._for_page(request, record_from_text(text)))

    def op_load_link(self, request: JSON) -> Change:
        """Open a game link's fragment."""
        fragment = request.get("fragment")
        if not isinstance(fragment, str):
            raise RecordError("no link was given")
        return self._open(self._for_page(request, record_from_link(fragment)))

    def op_peek_link(self, request: JSON) -> JSON:
        """What a game link holds (game, players, moves, deal), without opening it.

        Pages ask this before offering to open a link beside a game in progress.
        """
        fragment = request.get("fragment")
        if not isinstance(fragment, str):
            raise RecordError("no link was given")
        return {"link": _summary(self._for_page(request, record_from_link(fragment)))}

    def op_same_game(self, request: JSON) -> JSON:
        """How the game in a link (``fragment``) or a file (``text``) stands to ``records``.

        Each stored record gets ``"same"`` (the same game and the same moves),
        ``"ahead"`` (the same game; the link or file has more moves, the stored
        moves are where it began), ``"behind"`` (the stored game went on past the
        link's or file's moves) or ``None`` (another game, or another line of play
        from the same start: both are kept).  The same game is the same seed,
        options and players; a stored record that cannot be read is ``None``.
        Sealed records are compared inside their seals, so nothing secret leaves.
        """
        if isinstance(request.get("fragment"), str):
            incoming = record_from_link(request["fragment"])
        elif isinstance(request.get("text"), str):
            incoming = record_from_text(request["text"])
        else:
            raise RecordError("no link or file text was given")
        incoming = self._for_page(request, incoming)
        records = request.get("records")
        if records is None:
            records = []
        if not isinstance(records, list):
            raise RecordError("records must be a list")
        relations: list[str | None] = []
        for data in records:
            try:
                stored = GameRecord.from_dict(data)
            except REFUSALS:
                relations.append(None)
                continue
            relations.append(_relation(incoming, stored))
        return {"link": _summary(incoming), "relations": relations}

    def op_save_text(self, request: JSON) -> JSON:
        """The save-file text of a stored record (a saved game), without opening it."""
        record = GameRecord.from_dict(request.get("record"))
        data = request["record"] if "sealed" in request["record"] else record.to_dict()
        return {
            "text": record_to_text(data),
            "filename": f"{record.game}.json",
            "link": _summary(record),
        }

    def op_example(self, request: JSON) -> Change:
        """Open one of a game's rule examples as a real game with human seats.

        An example's ``options`` (default: none) pick the variant it shows.
        """
        game = self._game(request.get("game"))
        key = request.get("key")
        found = [e for e in game.examples() if isinstance(key, str) and e["key"] == key]
        if not found:
            raise FormatError(f"{game.title} has no example {short_repr(key)}")
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
        change = self._open(record)
        change.extra["example"] = example
        return change

    def op_play(self, request: JSON) -> Change:
        """A move by the seat to act, in notation; at a chance step, only the seed's outcome."""
        record, state = self._current()
        text = request.get("action")
        if not isinstance(text, str):
            raise NotationError("no move was given")
        seat = request.get("seat")
        if seat is not None and seat != state.current_player():
            raise IllegalAction("not-your-turn", "it is not that player's turn")
        game = state.game
        if state.is_chance():
            try:
                action = game.parse_action(text)
            except NotationError as err:
                raise IllegalAction("notation", str(err)) from None
            # The seed decides every roll and draw; naming its outcome is allowed, nothing else.
            if state.is_terminal() or action != state.sample_chance():
                raise IllegalAction(
                    "chance", "this step is decided by chance (the seed): press » to see it"
                )
            new_state = state.apply(action)
        else:
            self._check_branch(record)
            new_state = state.play_text(text)
            action = game.parse_action(text)
        canonical = game.action_to_text(action)
        change = self._after(record.with_action(canonical), new_state)
        change.extra["played"] = self._played(record, state, canonical)
        return change

    def op_bot(self, request: JSON) -> Change:
        """Let the AI seat to move play one action."""
        record, state = self._current()
        seconds = request.get("seconds", self.bot_seconds)
        if (
            type(seconds) not in (int, float)
            or not math.isfinite(seconds)
            or not 0 < seconds <= MAX_BOT_SECONDS
        ):
            raise SessionError(
                f"'seconds' must be a number of seconds above 0 and at most {MAX_BOT_SECONDS:g}"
            )
        if state.is_chance() and not state.is_terminal():
            raise SessionError("a roll or a draw is due here: press » to see it")
        seat = state.current_player()
        if seat < 0:
            raise SessionError("the game is over")
        player = record.seats[seat]
        if player.kind != "ai":
            raise SessionError(f"{player.name} is not a computer player")
        self._check_branch(record)
        bot = state.game.make_bot(player.level)
        rng = random.Random(record.seed * 1_000_003 + record.position)
        started = time.perf_counter()
        action = bot.choose(state, BotContext(rng, Budget(seconds=float(seconds))))
        think_ms = (time.perf_counter() - started) * 1000
        text = state.game.action_to_text(action)
        change = self._after(record.with_action(text), state.play(action))
        change.extra["played"] = self._played(record, state, text)
        change.extra["think_ms"] = round(think_ms, 2)  # for the benchmarks and the page's log
        return change

    def op_undo(self, request: JSON) -> Change:
        """Step back to the last position where a human was to move."""
        record, _ = self._current()
        return Change(replace(record, position=self._undo_target(record, self.states)), self.states)

    def op_redo(self, request: JSON) -> Change:
        """Step forward again to the next position where a human is to move."""
        record, _ = self._current()
        last = len(record.actions)
        if record.position >= last:
            raise SessionError("there is nothing to redo")
        states = self.states if len(self.states) > last else replay(record, last)
        target = record.position + 1
        while target < last and not _human_to_move(record, states, target):
            target += 1
        return Change(replace(record, position=target), states)

    def op_goto(self, request: JSON) -> Change:
        """Show the position after ``position`` actions (replays)."""
        record, _ = self._current()
        position = request.get("position")
        if type(position) is not int or not 0 <= position <= len(self.states) - 1:
            raise SessionError("there is no such position in this game")
        return Change(replace(record, position=position), self.states)

    def op_view(self, request: JSON) -> Change:
        """The current view, unchanged."""
        record, _ = self._current()
        return Change(record, self.states)

    def op_export(self, request: JSON) -> JSON:
        """The save-file text of the whole game (sealed while secrets are in play)."""
        record, _ = self._current()
        text = record_to_text(self._shareable(record, self.states))
        return {"text": text, "filename": f"{record.game}.json"}

    def op_link(self, request: JSON) -> JSON:
        """A game-link fragment for the game (sealed while secrets are in play)."""
        record, _ = self._current()
        return {"fragment": record_to_link(self._shareable(record, self.states))}

    def op_tool(self, request: JSON) -> JSON:
        """A game's helper, such as the Time Vectors vector checker."""
        game = self._game(request.get("game") or (self.record.game if self.record else None))
        name = request.get("name")
        args = request.get("args")
        if args is None:
            args = {}
        if not isinstance(name, str) or not isinstance(args, dict):
            raise FormatError("a tool request needs a name and an args object")
        return {"result": game.tool(name, args)}

    # -- helpers ----------------------------------------------------------------------

    def _for_page(self, request: JSON, record: GameRecord) -> GameRecord:
        """``record``, if it is a game of the page asking (the request's ``game``, if given).

        A page draws only its own game: another game's save or link would
        leave it unable to draw, and then to start again from its autosave.
        """
        page = request.get("game")
        if page is not None and page != record.game:
            wanted = self._game(page)
            title = get_game(record.game).title
            raise RecordError(
                f"this is a {title} game, not {wanted.title}: open it on the {title} page"
            )
        return record

    def _game(self, slug: Any) -> Any:
        if not isinstance(slug, str) or slug not in GAMES:
            raise FormatError(f"unknown game {short_repr(slug)}")
        return GAMES[slug]

    def _check_branch(self, record: GameRecord) -> None:
        """No new line from a replayed position whose moves ahead hold a secret draw.

        Branching there would replay the seed's next cards with foreknowledge.
        """
        game = get_game(record.game)
        if not game.hidden_information or record.position >= len(record.actions):
            return
        ahead = range(record.position, min(len(record.actions), len(self.states) - 1))
        if any(self.states[n].is_chance() for n in ahead):
            raise IllegalAction(
                "replay",
                "cards were drawn after this position: press » to return to the game",
            )

    @staticmethod
    def _undo_target(record: GameRecord, states: list[State[Any]]) -> int:
        """The last earlier position where a human was to move, never across a roll or draw.

        In a game with secrets, undo takes back only the moves of the person now to
        move (and the computers'): going back to another person's turn would show
        them, or the one pressing Undo, what the other must not see.
        """
        position = record.position
        if position == 0:
            raise SessionError("there is nothing to undo")
        mover = states[position].current_player()
        private = get_game(record.game).hidden_information and mover >= 0
        target = position
        while target > 0:
            if states[target - 1].is_chance():
                break  # a roll or a draw is never undone
            target -= 1
            if _human_to_move(record, states, target) and not states[target].is_terminal():
                other = states[target].current_player()
                if private and other != mover:
                    raise SessionError(
                        f"the last move was {record.seats[other].name or 'another player'}'s: "
                        "in a game with secrets, undo takes back only your own moves"
                    )
                return target
        if target == 0 and position > 0:
            raise SessionError("there is no earlier move of a human player to take back")
        # Stopping halfway through a computer's turn would leave a position nobody
        # may play from: the computer waits during replays, the human is not to move.
        raise SessionError("a roll of the dice or a drawn card cannot be undone")

    @staticmethod
    def _secret(record: GameRecord, states: list[State[Any]]) -> bool:
        """True while ``record`` must be sealed: hidden information, and not yet over."""
        if not get_game(record.game).hidden_information:
            return False
        last = len(record.actions)
        return not (len(states) > last and states[last].is_terminal())

    def _shareable(self, record: GameRecord, states: list[State[Any]]) -> GameRecord | JSON:
        """The record as it may leave the engine: plain, or sealed while secrets are in play."""
        if not self._secret(record, states):
            return record
        game = get_game(record.game)
        public = []
        for number, text in enumerate(record.actions):
            if number >= len(states) - 1:
                public.append("?")  # not replayed yet: nothing is known about it
            else:
                public.append(self._public_text(game, states[number], text))
        return seal_record(record, public)

    def _played(self, record: GameRecord, before: State[Any], text: str) -> str:
        """The move just made, as the answer may tell it: a bot's secret order stays secret."""
        if not get_game(record.game).hidden_information:
            return text
        return self._public_text(before.game, before, text)

    def _public_text(self, game: Any, before: State[Any], text: str) -> str:
        """What everyone may know of an action: its notation, or its public log line.

        A roll or a draw stands as its log line ("a card is drawn"), and so does
        a move of a game whose moves are secret (``Game.secret_moves``).  Any
        other player's move keeps its notation when the log line names it
        anyway (Timeline's "gives “…”"), and becomes the log line when that
        line hides which move it was (several legal moves share the line).
        """
        line = str(game.log_text(before, text))
        if line == text:
            return text
        if before.is_chance() or game.secret_moves:
            # A secret order stays hidden even when it is the only one its line fits.
            return line
        cache: dict[tuple[int, str], tuple[State[Any], str]] = self.__dict__.setdefault(
            "_public_cache", {}
        )
        key = (id(before), text)
        if key not in cache or cache[key][0] is not before:
            lines = [game.log_text(before, game.action_to_text(a)) for a in before.legal_actions()]
            if len(cache) > 4096:
                cache.clear()
            cache[key] = (before, text if lines.count(line) <= 1 else line)
        return cache[key][1]

    def _answer(self, request: JSON, record: GameRecord, states: list[State[Any]]) -> JSON:
        state = states[record.position]
        game = state.game
        viewer = request.get("viewer")
        if viewer is not None and viewer >= len(record.seats):
            raise SessionError("no such seat to view the game from")
        seat = state.current_player()
        # The log shows each action's public text: a drawn card's name may be a secret.
        # The viewer's own moves are theirs to read in full (Game.own_log_text); no
        # other seat's secret ever reaches this view.
        first = max(0, record.position - MAX_LOG_ENTRIES)
        last = min(len(record.actions), len(states) - 1, record.position + MAX_LOG_ENTRIES)
        log: list[JSON] = []
        future: list[JSON] = []  # the moves after the shown position (replay), as replayed
        for number in range(first, last):
            before = states[number]
            mover = before.current_player()
            text = record.actions[number]
            line = (
                game.own_log_text(before, text)
                if viewer is not None and mover == viewer
                else game.log_text(before, text)
            )
            entry = {"n": number + 1, "seat": mover, "text": line}
            (log if number < record.position else future).append(entry)
        shareable = self._shareable(record, states)
        saved = shareable.to_dict() if isinstance(shareable, GameRecord) else shareable
        outcome = state.outcome()
        undo_refused = self._undo_refusal(record, states)
        view: JSON = {
            "game": game.slug,
            "title": game.title,
            "seats": [s.to_dict() for s in record.seats],
            "options": dict(record.options),
            "to_move": seat if seat >= 0 else None,
            "to_move_kind": record.seats[seat].kind if seat >= 0 else None,
            "viewer": viewer,
            "state": state.view(viewer),
            "outcome": None if outcome is None else outcome.to_dict(),
            "log": log,
            "log_from": first + 1,
            "future": future,
            "position": record.position,
            "length": len(record.actions),
            "can_undo": not undo_refused,
            "undo_refused": undo_refused,
            "can_redo": record.position < len(record.actions),
            # Whether the game as recorded is over, wherever the replay stands.
            "finished": len(states) > len(record.actions) and states[-1].is_terminal(),
            "deal": deal_code(record.game, record.seed),
            "sealed": "sealed" in saved,
            "record": saved,
        }
        view["options_key"] = self._options_key(record.options)
        if request.get("options_key") == view["options_key"]:
            # The page holds these options already: a big custom deck is not sent again.
            del view["options"]
            saved.pop("options", None)
            view["options_omitted"] = True
        if request.get("with_examples"):
            view["examples"] = [{"key": e["key"], "title": e["title"]} for e in game.examples()]
        return {"view": view}

    def _options_key(self, options: JSON) -> str:
        cached = getattr(self, "_options_cache", None)
        if cached is not None and cached[0] is options:
            return str(cached[1])
        body = json.dumps(options, sort_keys=True, separators=(",", ":")).encode()
        key = hashlib.sha256(body).hexdigest()[:16]
        self._options_cache = (options, key)
        return key

    def _undo_refusal(self, record: GameRecord, states: list[State[Any]]) -> str:
        """Why Undo would be refused here ('' when it would not): a page's tooltip."""
        try:
            self._undo_target(record, states)
        except SessionError as err:
            return str(err)
        return ""


def _summary(record: GameRecord) -> JSON:
    game = get_game(record.game)
    return {
        "game": record.game,
        "title": game.title,
        "seats": [seat.to_dict() for seat in record.seats],
        "moves": len(record.actions),
        "deal": deal_code(record.game, record.seed),
    }


def _relation(incoming: GameRecord, stored: GameRecord) -> str | None:
    """``incoming``'s moves against ``stored``'s, if both are the same game (see op_same_game)."""
    start = (incoming.game, incoming.seed, incoming.options, incoming.seats)
    if start != (stored.game, stored.seed, stored.options, stored.seats):
        return None
    mine, theirs = incoming.actions, stored.actions
    if mine == theirs:
        return "same"
    if mine[: len(theirs)] == theirs:
        return "ahead"
    if theirs[: len(mine)] == mine:
        return "behind"
    return None  # the lines of play part: two games now, both kept


def _human_to_move(record: GameRecord, states: list[State[Any]], position: int) -> bool:
    seat = states[position].current_player()
    if seat < 0:
        return states[position].is_terminal()
    return record.seats[seat].kind == "human"


def _options(request: JSON) -> JSON:
    options = request.get("options")
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise FormatError(f"the options must be an object, not {short_repr(options)}")
    return options


def _without(data: JSON, key: str) -> JSON:
    return {k: v for k, v in data.items() if k != key}
