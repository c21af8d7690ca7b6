"""Game records: seed, options, players and actions.

One record format serves save files, autosave, game links and replays.
Replaying checks every action with the checked entry point and checks that
every chance outcome is the one the seed produces, so a tampered file or link
is refused with the reason instead of producing an impossible game.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from dataclasses import dataclass, field, replace
from typing import Any

from .protocol import FORMAT_VERSION, JSON, FormatError, IllegalAction, NotationError, State
from .registry import get_game

RECORD_FORMAT = 1
"""Version of the record format written by :meth:`GameRecord.to_dict`."""

MAX_NAME_LENGTH = 40
MAX_ACTIONS = 20_000
LINK_PREFIX = "tg1."


class RecordError(ValueError):
    """A record (file, link, autosave) that cannot be loaded, with the reason."""


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a name, human or AI, and the AI level."""

    name: str
    kind: str = "human"
    level: str = ""

    def to_dict(self) -> JSON:
        """Plain-dict form."""
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any, levels: set[str]) -> Seat:
        """Validated inverse of :meth:`to_dict`."""
        if not isinstance(data, dict):
            raise RecordError("each player must be an object with a name")
        name = data.get("name", "")
        kind = data.get("kind", "human")
        level = data.get("level", "")
        if not isinstance(name, str) or not name.strip():
            raise RecordError("every player needs a name")
        if len(name) > MAX_NAME_LENGTH:
            raise RecordError(f"a player's name may have at most {MAX_NAME_LENGTH} characters")
        if kind not in ("human", "ai"):
            raise RecordError(f"a player is 'human' or 'ai', not {kind!r}")
        if kind == "ai" and level not in levels:
            raise RecordError(f"unknown AI level {level!r}")
        return cls(name.strip(), kind, str(level) if kind == "ai" else "")


@dataclass(frozen=True)
class GameRecord:
    """A whole game: enough to rebuild every position exactly.

    ``actions`` may run past ``position`` (moves that were undone and can be
    redone); the game shown is the one after ``actions[:position]``.
    """

    game: str
    seed: int
    options: JSON
    seats: tuple[Seat, ...]
    actions: tuple[str, ...] = ()
    position: int = 0
    extra: JSON = field(default_factory=dict)

    def to_dict(self) -> JSON:
        """Plain-dict form, with the record format version."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": [seat.to_dict() for seat in self.seats],
            "actions": list(self.actions),
            "position": self.position,
            "extra": dict(self.extra),
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Validate the shape of a record; replaying it is :func:`replay`'s job."""
        if not isinstance(data, dict):
            raise RecordError("a saved game must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"unsupported save format {data.get('format')!r}")
        slug = data.get("game")
        try:
            game = get_game(str(slug))
        except KeyError:
            raise RecordError(f"unknown game {slug!r}") from None
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise RecordError("the seed must be a whole number from 0 to 2**63 - 1")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("the options must be an object")
        try:
            options = game.normalise_options(options)
        except FormatError as err:
            raise RecordError(str(err)) from None
        levels = {level.key for level in game.ai_levels()}
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or len(raw_seats) != game.seat_count(options):
            raise RecordError(f"this game needs {game.seat_count(options)} players")
        seats = tuple(Seat.from_dict(s, levels) for s in raw_seats)
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("the moves must be a list of texts")
        if len(actions) > MAX_ACTIONS:
            raise RecordError("too many moves")
        position = data.get("position", len(actions))
        if not isinstance(position, int) or isinstance(position, bool):
            raise RecordError("the position must be a whole number")
        if not 0 <= position <= len(actions):
            raise RecordError("the position lies outside the list of moves")
        extra = data.get("extra", {})
        if not isinstance(extra, dict):
            raise RecordError("'extra' must be an object")
        return cls(str(slug), seed, options, seats, tuple(actions), position, extra)

    def with_action(self, text: str) -> GameRecord:
        """The record after one more action at ``position`` (drops any redo tail)."""
        kept = self.actions[: self.position]
        return replace(self, actions=(*kept, text), position=self.position + 1)


def replay(record: GameRecord, upto: int | None = None) -> list[State[Any]]:
    """Every state of ``record`` from the start to ``upto`` (default: ``position``).

    Raises :class:`RecordError` naming the first move that breaks a rule or a
    chance outcome the seed does not produce.
    """
    game = get_game(record.game)
    state: State[Any] = game.new(record.options, record.seed)
    states = [state]
    end = record.position if upto is None else upto
    for number, text in enumerate(record.actions[:end], start=1):
        try:
            action = game.parse_action(text)
        except NotationError as err:
            raise RecordError(f"move {number} ({text!r}) cannot be read: {err}") from None
        if state.is_chance():
            expected = state.sample_chance()
            if action != expected:
                raise RecordError(
                    f"move {number} ({text!r}) is not what the seed gives "
                    f"({game.action_to_text(expected)!r}); the record was altered"
                )
            state = state.apply(action)
        else:
            try:
                state = state.play(action)
            except IllegalAction as err:
                raise RecordError(f"move {number} ({text!r}) is illegal: {err.message}") from None
        states.append(state)
    return states


def _checksum(payload: bytes) -> str:
    return hashlib.sha256(b"timegames:" + payload).hexdigest()[:12]


def record_to_text(record: GameRecord) -> str:
    """A save file: pretty JSON with a checksum line over the record."""
    body = json.dumps(record.to_dict(), sort_keys=True, separators=(",", ":"))
    wrapper = {
        "timegames_save": FORMAT_VERSION,
        "checksum": _checksum(body.encode()),
        "record": record.to_dict(),
    }
    return json.dumps(wrapper, indent=1, sort_keys=True)


def record_from_text(text: str) -> GameRecord:
    """Read a save file; raises :class:`RecordError` for anything corrupt."""
    try:
        wrapper = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError("this file is not a timegames save (it is not valid JSON)") from None
    if not isinstance(wrapper, dict) or "record" not in wrapper:
        raise RecordError("this file is not a timegames save")
    body = json.dumps(wrapper["record"], sort_keys=True, separators=(",", ":"))
    if wrapper.get("checksum") != _checksum(body.encode()):
        raise RecordError("the save file was changed or damaged (its checksum does not match)")
    record = GameRecord.from_dict(wrapper["record"])
    replay(record, len(record.actions))
    return record


def record_to_link(record: GameRecord) -> str:
    """A compact URL-fragment form of a record, for game links."""
    body = json.dumps(record.to_dict(), sort_keys=True, separators=(",", ":")).encode()
    packed = base64.urlsafe_b64encode(zlib.compress(body, 9)).decode().rstrip("=")
    return f"{LINK_PREFIX}{packed}.{_checksum(body)}"


def record_from_link(fragment: str) -> GameRecord:
    """Read a game link; raises :class:`RecordError` if it was altered."""
    text = fragment.strip()
    if not text.startswith(LINK_PREFIX) or text.count(".") != 2:
        raise RecordError("this is not a timegames game link")
    _, packed, checksum = text.split(".")
    try:
        raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        obj = zlib.decompressobj()
        body = obj.decompress(raw, 1_000_000)
        if obj.unconsumed_tail:
            raise RecordError("this game link is too large")
    except (ValueError, zlib.error):
        raise RecordError("the game link is damaged (it cannot be decoded)") from None
    if _checksum(body) != checksum:
        raise RecordError("the game link was changed or damaged (its checksum does not match)")
    try:
        data = json.loads(body)
    except ValueError:
        raise RecordError("the game link is damaged (it holds no game)") from None
    record = GameRecord.from_dict(data)
    replay(record, len(record.actions))
    return record
