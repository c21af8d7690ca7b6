"""Game records: seed, options, players and actions.

One record format serves save files, autosave, game links and replays.
Replaying checks every action with the checked entry point and checks that
every chance outcome is the one the seed produces, so a tampered file or link
is refused with the reason instead of producing an impossible game.

What a record guarantees, and what it does not:

* The checksum on files and links catches damage (a cut-off link, an edited
  byte).  It is not a signature: anyone can recompute it, so it cannot prove
  who made a record.
* Replay enforces the rules: an edited record can never produce an illegal
  position or a chance outcome its seed does not give.
* An edited *seed* changes the dice or the cards.  The seed's fingerprint,
  :func:`deal_code`, is shown with every game, so players comparing a shared
  challenge see at once when a link's seed was changed.
* A game with hidden information is *sealed* (:func:`seal_record`) while it
  runs: its seed and moves are scrambled under a key that is part of this open
  engine, so nobody reads the pile or a hand by looking at an autosave or a
  link, but a programmer who takes the engine apart could.  A seal keeps
  honest players honest; it is not a lock.  Once the game is over, records
  are plain again.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import zlib
from dataclasses import dataclass, field, replace
from typing import Any

from .protocol import FORMAT_VERSION, JSON, FormatError, IllegalAction, NotationError, State
from .registry import get_game

RECORD_FORMAT = 1
"""Version of the record format written by :meth:`GameRecord.to_dict`."""

READABLE_FORMATS = (1,)
"""Every record format (and save-file version) this engine reads."""

MAX_NAME_LENGTH = 40
MAX_ACTIONS = 20_000
MAX_DEPTH = 24
"""How deeply lists and objects may nest in a record (a real one nests 4 deep)."""
MAX_LINK_CHARS = 1_900_000
"""The longest link fragment written or read (browsers keep URLs up to 2 MB)."""
MAX_RECORD_BYTES = 8_000_000
"""The largest record a file or link may unpack to (a 1,000-card deck takes ~0.5 MB)."""
LINK_PREFIX = "tg1."
SEAL_PREFIX = "s1."

# The sealing key is public (this file): a seal hides, it does not lock.
_SEAL_KEY = hashlib.sha256(b"timegames seal v1: keeps honest players honest").digest()


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
        """Validate the shape of a record; replaying it is :func:`replay`'s job.

        A sealed record (see :func:`seal_record`) is opened first.
        """
        if not isinstance(data, dict):
            raise RecordError("a saved game must be a JSON object")
        check_nesting(data)
        if "sealed" in data:
            return unseal_record(data)
        check_format(data.get("format"), "saved game")
        slug = data.get("game")
        if not isinstance(slug, str):
            raise RecordError("the saved game does not say which game it is")
        try:
            game = get_game(slug)
        except KeyError:
            raise RecordError(f"unknown game {short_repr(slug)}") from None
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


# -- checks shared by every way in ---------------------------------------------------------


def short_repr(value: Any, limit: int = 40) -> str:
    """``value`` for an error message: short, and safe for any nesting."""
    if value is None or isinstance(value, (bool, int, float)):
        text = repr(value)
    elif isinstance(value, str):
        text = repr(value[:limit])
    else:
        return f"a {type(value).__name__}"
    return text if len(text) <= limit + 3 else text[:limit] + "…"


def check_format(value: Any, what: str) -> None:
    """Refuse a format version this engine does not read, naming it."""
    if type(value) is not int or value not in READABLE_FORMATS:
        if value is None:
            raise RecordError(f"this {what} does not say its format version")
        hint = f"this version of timegames reads format {RECORD_FORMAT}"
        if type(value) is int and value > RECORD_FORMAT:
            hint = "it was written by a newer version of timegames; reload the page to update it"
        shown = short_repr(value)
        raise RecordError(f"this {what} has format {shown}, which cannot be read: {hint}")


def check_nesting(data: Any, limit: int = MAX_DEPTH) -> None:
    """Refuse lists and objects nested deeper than ``limit`` (without recursing)."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            if depth >= limit:
                raise RecordError(f"the data is nested too deeply (more than {limit} levels)")
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def loads(text: str | bytes, limit: int = MAX_DEPTH) -> Any:
    """``json.loads``, refusing lists and objects nested deeper than ``limit``.

    The depth is measured on the text first: in Pyodide, parsing a deeply
    nested text overflows the browser's stack before Python can raise
    ``RecursionError``, and that kills the engine worker.
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    depth = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub("", text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > limit:
            raise RecordError(f"the data is nested too deeply (more than {limit} levels)")
    return json.loads(text)


def _body(data: JSON) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def _checksum(payload: bytes) -> str:
    return hashlib.sha256(b"timegames:" + payload).hexdigest()[:12]


def _load_checked(data: Any) -> GameRecord:
    record = GameRecord.from_dict(data)
    replay(record, len(record.actions))
    return record


def _as_data(record: GameRecord | JSON) -> JSON:
    return record.to_dict() if isinstance(record, GameRecord) else dict(record)


# -- the seed's fingerprint and sealed records ------------------------------------------------


def deal_code(game: str, seed: int) -> str:
    """A short fingerprint of a game's seed, such as ``7F3A-91C2``.

    Pages show it with every game: players comparing a shared challenge see
    at once if a link's seed (and so its dice or cards) was changed.  It
    reveals nothing usable about the seed itself.
    """
    digest = hashlib.sha256(f"timegames deal:{game}:{seed}".encode()).hexdigest().upper()
    return f"{digest[:4]}-{digest[4:8]}"


def _keystream(nonce: bytes, size: int) -> bytes:
    blocks = []
    for counter in range((size + 31) // 32):
        blocks.append(hashlib.sha256(_SEAL_KEY + nonce + counter.to_bytes(4, "big")).digest())
    return b"".join(blocks)[:size]


def _xor(data: bytes, key: bytes) -> bytes:
    if not data:
        return b""
    mixed = int.from_bytes(data, "big") ^ int.from_bytes(key, "big")
    return mixed.to_bytes(len(data), "big")


def _seal_tag(public: JSON, nonce: bytes, cipher: bytes) -> str:
    return hmac.new(_SEAL_KEY, _body(public) + nonce + cipher, hashlib.sha256).hexdigest()[:32]


def seal_record(record: GameRecord, public_actions: list[str]) -> JSON:
    """A record whose seed and moves are scrambled, for a game with secrets.

    ``public_actions`` (one text per action, e.g. the public log lines) stand
    in the clear where the moves were, so a page can still count the moves
    and show the players and options.  :meth:`GameRecord.from_dict` opens it.
    """
    public = record.to_dict()
    public["seed"] = None  # inside the seal; the key stays for pages that read it
    public["actions"] = list(public_actions)
    public["deal"] = deal_code(record.game, record.seed)
    secret = _body({"seed": record.seed, "actions": list(record.actions)})
    nonce = hmac.new(_SEAL_KEY, secret, hashlib.sha256).digest()[:16]
    packed = zlib.compress(secret, 6)
    cipher = _xor(packed, _keystream(nonce, len(packed)))
    token = base64.urlsafe_b64encode(nonce + cipher).decode().rstrip("=")
    return {**public, "sealed": f"{SEAL_PREFIX}{token}.{_seal_tag(public, nonce, cipher)}"}


def unseal_record(data: JSON) -> GameRecord:
    """Open a sealed record; refuses one whose seal or public part was changed."""
    sealed = data.get("sealed")
    public = {k: v for k, v in data.items() if k != "sealed"}
    damaged = "the sealed game is damaged (its seal cannot be read)"
    raw, tag = _unpack(sealed, SEAL_PREFIX, damaged, damaged)
    nonce, cipher = raw[:16], raw[16:]
    if len(nonce) != 16 or not hmac.compare_digest(_seal_tag(public, nonce, cipher), tag):
        raise RecordError("the sealed game was changed or damaged (its seal does not match)")
    try:
        secret = loads(_inflate(_xor(cipher, _keystream(nonce, len(cipher)))))
    except (ValueError, zlib.error, RecursionError):
        raise RecordError("the sealed game is damaged (its seal cannot be read)") from None
    if not isinstance(secret, dict) or set(secret) != {"seed", "actions"}:
        raise RecordError("the sealed game is damaged (its seal holds no game)")
    plain = {k: v for k, v in public.items() if k not in ("deal", "seed")}
    plain.update(secret)
    if "sealed" in plain:
        raise RecordError("the sealed game is damaged (a seal inside a seal)")
    record = GameRecord.from_dict(plain)
    if data.get("deal") != deal_code(record.game, record.seed):
        raise RecordError("the sealed game was changed (its deal code does not match its seed)")
    return record


def _unpack(text: Any, prefix: str, foreign: str, damaged: str) -> tuple[bytes, str]:
    """``<prefix><base64>.<tag>`` as bytes and tag; refuses anything else with a reason."""
    if not isinstance(text, str) or not text.startswith(prefix) or text.count(".") != 2:
        raise RecordError(foreign)
    _, packed, tag = text.split(".")
    try:
        return base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)), tag
    except ValueError:
        raise RecordError(damaged) from None


def _inflate(raw: bytes) -> bytes:
    """Decompress at most :data:`MAX_RECORD_BYTES`; refuse more as too large."""
    obj = zlib.decompressobj()
    body = obj.decompress(raw, MAX_RECORD_BYTES)
    if obj.unconsumed_tail:
        raise RecordError(
            f"this game is too large to open (more than {MAX_RECORD_BYTES:,} bytes unpacked)"
        )
    return body


# -- save files and links ---------------------------------------------------------------------


def record_to_text(record: GameRecord | JSON) -> str:
    """A save file: pretty JSON with a checksum line over the record.

    ``record`` is a :class:`GameRecord` or its dict form (also a sealed one).
    """
    data = _as_data(record)
    wrapper = {
        "timegames_save": FORMAT_VERSION,
        "checksum": _checksum(_body(data)),
        "record": data,
    }
    return json.dumps(wrapper, indent=1, sort_keys=True)


def record_from_text(text: str) -> GameRecord:
    """Read a save file; raises :class:`RecordError` for anything corrupt."""
    if len(text) > MAX_RECORD_BYTES:
        limit = f"{MAX_RECORD_BYTES:,}"
        raise RecordError(f"this file is too large to open (more than {limit} characters)")
    try:
        wrapper = loads(text)
    except RecordError:
        raise
    except (ValueError, RecursionError):
        raise RecordError("this file is not a timegames save (it is not valid JSON)") from None
    if not isinstance(wrapper, dict) or "record" not in wrapper:
        raise RecordError("this file is not a timegames save")
    check_format(wrapper.get("timegames_save"), "save file")
    check_nesting(wrapper)
    if wrapper.get("checksum") != _checksum(_body(wrapper["record"])):
        raise RecordError("the save file was changed or damaged (its checksum does not match)")
    return _load_checked(wrapper["record"])


def record_to_link(record: GameRecord | JSON) -> str:
    """A compact URL-fragment form of a record, for game links.

    Raises :class:`RecordError` when the game is too large for a link (the
    same limit :func:`record_from_link` applies): save a file instead.
    """
    body = _body(_as_data(record))
    if len(body) > MAX_RECORD_BYTES:
        raise RecordError(_too_large_for_link(len(body), "bytes", MAX_RECORD_BYTES))
    packed = base64.urlsafe_b64encode(zlib.compress(body, 9)).decode().rstrip("=")
    fragment = f"{LINK_PREFIX}{packed}.{_checksum(body)}"
    if len(fragment) > MAX_LINK_CHARS:
        raise RecordError(_too_large_for_link(len(fragment), "characters", MAX_LINK_CHARS))
    return fragment


def _too_large_for_link(size: int, unit: str, limit: int) -> str:
    return (
        f"this game is too large for a link ({size:,} {unit}; a link holds at most "
        f"{limit:,}): use Save file instead"
    )


def record_from_link(fragment: str) -> GameRecord:
    """Read a game link; raises :class:`RecordError` if it was altered."""
    text = fragment.strip()
    if len(text) > MAX_LINK_CHARS:
        raise RecordError(_too_large_for_link(len(text), "characters", MAX_LINK_CHARS))
    raw, checksum = _unpack(
        text,
        LINK_PREFIX,
        "this is not a timegames game link",
        "the game link is damaged (it cannot be decoded)",
    )
    try:
        body = _inflate(raw)
    except zlib.error:
        raise RecordError("the game link is damaged (it cannot be decoded)") from None
    if _checksum(body) != checksum:
        raise RecordError("the game link was changed or damaged (its checksum does not match)")
    try:
        data = loads(body)
    except RecordError:
        raise
    except (ValueError, RecursionError):
        raise RecordError("the game link is damaged (it holds no game)") from None
    return _load_checked(data)
