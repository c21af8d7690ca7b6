"""The protocol every game implements.

A game is a :class:`Game` object (metadata, options, a factory for new states,
notation) plus an immutable :class:`State`.  States never change: ``apply``
returns a new one.  The shape follows OpenSpiel: ``current_player()`` names a
seat, :data:`CHANCE` when dice, cards or a spinner decide, or :data:`TERMINAL`
once the game is over.

Two entry points change a state:

* :meth:`State.play` is the checked one.  It raises :class:`IllegalAction`
  naming the rule that forbids the action.  Pages, records and tests use it.
* :meth:`State.apply` is the unchecked fast path for search.  It trusts that
  the action came from :meth:`State.legal_actions`.

Chance is explicit.  At a chance node :meth:`State.chance_outcomes` lists the
outcomes with their probabilities, and :meth:`State.sample_chance` picks one
with the seeded generator stored in the state, so the same seed and the same
player actions always give the same game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .rng import Rng

CHANCE = -1
"""``current_player()`` at a chance node: the seeded generator moves next."""

TERMINAL = -2
"""``current_player()`` once the game is over."""

FORMAT_VERSION = 1
"""Version of the plain-dict format written by :meth:`State.to_dict`."""

JSON = dict[str, Any]

A = TypeVar("A")
S = TypeVar("S", bound="State[Any]")


class IllegalAction(ValueError):
    """An action the rules forbid.

    ``rule`` is a short stable identifier (``"occupied"``, ``"not-your-turn"``)
    that tests and pages can match on; the message explains it to a player.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


class NotationError(ValueError):
    """Text that is not an action in the game's notation."""


class FormatError(ValueError):
    """A plain dict that is not a valid serialised state or record."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` lists the winning seats (several for a team); an empty tuple
    is a draw.  ``returns`` gives each seat's result (+1 win, -1 loss, 0 draw,
    or a game's own score), which bots and benchmarks use.
    """

    winners: tuple[int, ...]
    reason: str
    returns: tuple[float, ...]

    def to_dict(self) -> JSON:
        """Plain-dict form for views and records."""
        return {"winners": list(self.winners), "reason": self.reason, "returns": list(self.returns)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        """Inverse of :meth:`to_dict`."""
        return cls(
            tuple(int(w) for w in data["winners"]),
            str(data["reason"]),
            tuple(float(r) for r in data["returns"]),
        )

    @classmethod
    def win(cls, winners: Sequence[int], seats: int, reason: str) -> Outcome:
        """A win for ``winners``; every other seat loses."""
        won = set(winners)
        returns = tuple(1.0 if s in won else -1.0 for s in range(seats))
        return cls(tuple(sorted(won)), reason, returns)

    @classmethod
    def draw(cls, seats: int, reason: str) -> Outcome:
        """A draw: nobody wins."""
        return cls((), reason, tuple(0.0 for _ in range(seats)))


@dataclass(frozen=True)
class OptionSpec:
    """One option a new game takes (a seat count, a variant switch).

    Pages build their new-game form from these, so no page hard-codes a
    game's variants.
    """

    name: str
    label: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    help: str = ""

    def to_dict(self) -> JSON:
        """Plain-dict form for pages."""
        return {
            "name": self.name,
            "label": self.label,
            "default": self.default,
            "choices": [[value, label] for value, label in self.choices],
            "help": self.help,
        }


@dataclass(frozen=True)
class AiLevel:
    """A named AI strength offered by a game."""

    key: str
    label: str
    description: str


class Game(ABC, Generic[S, A]):
    """A game's metadata, options, notation and factory.

    One instance per game lives in :data:`timegames.GAMES`.
    """

    slug: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    hidden_information: ClassVar[bool] = False
    """True when players must not see each other's views (hot-seat privacy)."""
    secret_moves: ClassVar[bool] = False
    """True when a player's move that :meth:`log_text` describes otherwise is itself
    a secret (Time Splicer's orders): while secrets are in play, records and
    answers then always show the log line, never the move."""

    @abstractmethod
    def option_specs(self) -> Sequence[OptionSpec]:
        """The options :meth:`new` accepts, with defaults."""

    def upgrade_options(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """An older save's options in today's names (a game with old saves overrides this)."""
        return options

    def normalise_options(self, options: Mapping[str, Any]) -> JSON:
        """Fill defaults and refuse unknown names or values.

        Raises :class:`FormatError` naming the option.
        """
        if not isinstance(options, Mapping):  # a tampered save
            raise FormatError(f"the options for {self.title} must be an object of names and values")
        options = self.upgrade_options(options)
        specs = {spec.name: spec for spec in self.option_specs()}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            raise FormatError(f"unknown option {unknown[0]!r} for {self.title}")
        result: JSON = {}
        for name, spec in specs.items():
            value = options.get(name, spec.default)
            allowed = [choice for choice, _ in spec.choices]
            # Typed: True is not the choice 1, nor 20.0 the choice 20 (a tampered save).
            if allowed and not any(type(value) is type(c) and value == c for c in allowed):
                raise FormatError(f"option {name!r} cannot be {value!r}; choose one of {allowed}")
            if not allowed and type(value) is not type(spec.default):
                raise FormatError(f"option {name!r} must be a {type(spec.default).__name__}")
            result[name] = value
        self.check_options(result)
        return result

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Refuse combinations of options that do not go together.

        Override to add checks; raise :class:`FormatError`.
        """

    @abstractmethod
    def seat_count(self, options: Mapping[str, Any]) -> int:
        """How many seats (players) a game with these options has."""

    def seat_labels(self, options: Mapping[str, Any]) -> list[str]:
        """A default name for each seat, shown until players type their own."""
        return [f"Player {i + 1}" for i in range(self.seat_count(options))]

    def unused_options(self, options: Mapping[str, Any]) -> list[str]:
        """Options that change nothing in a game with these ``options`` (a solitaire
        setting in a two-player game, say): the new-game form hides them and sends
        their defaults.  The rules still accept any value for them."""
        return []

    def _refusal(self, options: Mapping[str, Any]) -> str:
        """'' when the rules take ``options``, else the reason they refuse them."""
        try:
            self.normalise_options(options)
        except FormatError as err:
            return str(err)
        return ""

    def settle_options(self, options: Mapping[str, Any]) -> tuple[JSON, list[str]]:
        """The nearest combination the rules take, and why each change was made.

        A new-game form calls this after every change.  When one choice rules out
        another (three players and the swap opening, say), the option listed first
        wins and the later one goes back to its default, with the reason, instead
        of the form being stuck on a refusal.  Options without choices (a custom
        deck) are kept as given, so a fault in one of them still raises
        :class:`FormatError`.
        """
        if not isinstance(options, Mapping) or not self._refusal(options):
            return self.normalise_options(options), []
        options = self.upgrade_options(options)
        specs = [spec for spec in self.option_specs() if spec.choices]
        settled = {**options, **{spec.name: spec.default for spec in specs}}
        notes = []
        for spec in specs:
            if spec.name not in options:
                continue
            trial = {**settled, spec.name: options[spec.name]}
            reason = self._refusal(trial)
            if not reason:
                settled = trial
            elif options[spec.name] != spec.default:
                default = dict(spec.choices)[spec.default]
                notes.append(f"{spec.label} is back to “{default}”, because {reason}.")
        return self.normalise_options(settled), notes

    def refused_choices(self, options: Mapping[str, Any]) -> dict[str, list[int]]:
        """For each option, the positions of the choices the rules would not keep.

        ``options`` is a combination the rules take.  A choice is refused when
        picking it would have to be undone by :meth:`settle_options`: the form
        shows it greyed out.  Picking a choice that instead resets a later
        option is not refused, nor one that only clashes with an option without
        choices: the page fits those to the choices (Timeline's list of kids
        follows the number of players).
        """
        unused = set(self.unused_options(options))
        refused: dict[str, list[int]] = {}
        for spec in self.option_specs():
            if spec.name in unused:
                continue
            for index, (value, _label) in enumerate(spec.choices):
                trial = {**options, spec.name: value}
                if not self._refusal(trial):
                    continue
                try:
                    kept = self.settle_options(trial)[0][spec.name] == value
                except FormatError:
                    kept = True
                if not kept:
                    refused.setdefault(spec.name, []).append(index)
        return refused

    @abstractmethod
    def new(self, options: Mapping[str, Any], seed: int) -> S:
        """A new game with the given options, driven by ``seed``."""

    def new_game(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> S:
        """Checked :meth:`new`: fills in defaults and validates the options."""
        return self.new(self.normalise_options(options or {}), seed)

    @abstractmethod
    def from_dict(self, data: Mapping[str, Any]) -> S:
        """Rebuild a state from :meth:`State.to_dict`; raises :class:`FormatError`."""

    @abstractmethod
    def action_to_text(self, action: A) -> str:
        """The action in the game's notation."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """Read an action written in the game's notation; raises :class:`NotationError`."""

    def log_text(self, state: S, text: str) -> str:
        """How the move log shows ``text``, the action played in ``state``.

        Records keep every action in full notation, because replay checks each
        chance outcome against the seed.  A chance action can name a secret,
        though (the card drawn from a hidden pile), so games with such actions
        override this to give the public description instead.  Default: the
        notation itself.
        """
        return text

    def own_log_text(self, state: S, text: str) -> str:
        """How the move log shows ``text``, played in ``state``, to the seat that played it.

        A seat may read its own secret moves in full: a game whose :meth:`log_text`
        hides a player's move from the others (Time and Time Again's purchases in the
        past) overrides this to tell the player what they did.  Only the view of the
        seat that played the move uses it; records, links, saves and every other seat's
        view keep :meth:`log_text`.  Default: :meth:`log_text`.
        """
        return self.log_text(state, text)

    _bot_levels: tuple[AiLevel, ...] = ()
    _bot_factory: Callable[[str], Bot[Any]] | None = None

    def set_bots(self, levels: Sequence[AiLevel], factory: Callable[[str], Bot[Any]]) -> None:
        """Attach the game's computer players.

        Called where a game's package is assembled (its ``__init__``), so that
        the rules never import the AI that searches them.
        """
        self._bot_levels = tuple(levels)
        self._bot_factory = factory

    def ai_levels(self) -> Sequence[AiLevel]:
        """The AI strengths this game offers, weakest first."""
        return self._bot_levels

    def make_bot(self, level: str) -> Bot[Any]:
        """A bot playing at ``level`` (one of :meth:`ai_levels`)."""
        if self._bot_factory is None or level not in {lv.key for lv in self._bot_levels}:
            raise FormatError(f"{self.title} has no AI level {level!r}")
        return self._bot_factory(level)

    def examples(self) -> Sequence[JSON]:
        """Positions from the rules, each ``{"key", "title", "caption", "moves", "highlight"}``.

        ``moves`` reach the position from a new game with seed 0 and the
        example's ``options`` (default options when it has none), so an
        example is a real, playable game.
        """
        return ()

    def tool(self, name: str, args: JSON) -> JSON:
        """A game-specific helper for pages and docs (such as a vector checker)."""
        raise FormatError(f"{self.title} has no tool {name!r}")

    def describe(self) -> JSON:
        """Metadata for pages: options, levels, seat labels."""
        return {
            "slug": self.slug,
            "title": self.title,
            "summary": self.summary,
            "hidden_information": self.hidden_information,
            "options": [spec.to_dict() for spec in self.option_specs()],
            "ai_levels": [
                {"key": lv.key, "label": lv.label, "description": lv.description}
                for lv in self.ai_levels()
            ],
        }


class State(ABC, Generic[A]):
    """An immutable game position.

    Subclasses are frozen dataclasses; equality is value equality, so a state
    rebuilt from its dict compares equal to the original.
    """

    @property
    @abstractmethod
    def game(self) -> Game[Any, A]:
        """The game this state belongs to."""

    @property
    @abstractmethod
    def rng(self) -> Rng:
        """The seeded generator that drives this game's chance steps."""

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE`, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """Every action allowed now (chance outcomes at a chance node)."""

    @abstractmethod
    def apply(self, action: A) -> State[A]:
        """Unchecked: the state after ``action``, which must be legal."""

    @abstractmethod
    def illegal_reason(self, action: A) -> IllegalAction | None:
        """Why ``action`` is not allowed here, or ``None`` if it is."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may see, as plain JSON data (``None``: a spectator).

        Secrets of other seats are removed here, before anything reaches a
        page.
        """

    @abstractmethod
    def to_dict(self) -> JSON:
        """Full state as plain data, including ``"format": FORMAT_VERSION``."""

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.outcome() is not None

    def is_chance(self) -> bool:
        """True when the seeded generator, not a player, moves next."""
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[A, float]]:
        """At a chance node, each outcome with its probability."""
        return []

    def sample_chance(self) -> A:
        """The chance outcome that this state's seeded generator picks."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("not-chance", "no chance step is due here")
        index = self.rng.weighted_index([p for _, p in outcomes])
        return outcomes[index][0]

    def play(self, action: A) -> State[A]:
        """Checked :meth:`apply`: raises :class:`IllegalAction` with the reason."""
        if self.is_terminal():
            raise IllegalAction("game-over", "the game is over; no more moves can be made")
        self.check_form(action)
        problem = self.illegal_reason(action)
        if problem is not None:
            raise problem
        return self.apply(action)

    def check_form(self, action: A) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is exactly an action the game's
        notation writes, field types included.

        Rules compare actions by equality, and ``True == 1 == 1.0`` in Python:
        without this, an action object built by hand (``Bid(12, 2.5)``, a field
        of ``None``) could be accepted although ``legal_actions`` never lists it,
        or fail with a ``TypeError``, and a game holding it could not be saved.
        Text input is parsed already, so only objects built in code meet this.
        """
        game = self.game
        try:
            back = game.parse_action(game.action_to_text(action))
            same = back == action and repr(back) == repr(action)
        except (NotationError, ValueError, TypeError, KeyError, IndexError, AttributeError):
            same = False
        if not same:
            shown = repr(action)
            shown = shown if len(shown) <= 60 else shown[:59] + "…"
            raise IllegalAction("notation", f"{shown} is not an action of {game.title}")

    def play_text(self, text: str) -> State[A]:
        """Parse ``text`` in the game's notation and :meth:`play` it."""
        try:
            action = self.game.parse_action(text)
        except NotationError as err:
            raise IllegalAction("notation", str(err)) from err
        return self.play(action)

    def advance_chance(self) -> State[A]:
        """Resolve every pending chance step with the seeded generator."""
        state: State[A] = self
        while state.is_chance():
            state = state.apply(state.sample_chance())
        return state


@dataclass(frozen=True)
class Budget:
    """How long a bot may think: wall-clock seconds and/or search iterations."""

    seconds: float | None = None
    iterations: int | None = None


@dataclass
class BotContext:
    """What a bot gets besides the state: a random generator and a budget.

    The generator is injected so that a seeded benchmark or test replays the
    bot's choices exactly.
    """

    rng: Any
    budget: Budget = field(default_factory=Budget)


class Bot(ABC, Generic[A]):
    """A computer player."""

    @abstractmethod
    def choose(self, state: State[A], context: BotContext) -> A:
        """An action for the seat to move in ``state``."""
