"""Time and Time Again: rules, actions, notation and per-seat views.

Players are rivals in the present day who change the past by buying
*opportunities* with turns, one turn earned per hour of game time.  Holdings
(agents, wealth, visibility) live in each of 24 locations; the present day's
agents and wealth are a player's strength.  Every 20 hours the weakest player
goes, unless they control a historical character.  The last player left wins.

**The clock.** Game time is explicit: ``clock`` counts whole hours.  At each
hour every living seat whose own clock has reached it gets a *window*, in
seat order.  In it the seat takes any number of opportunities (``b17``) and
then waits until a later hour (``t40``).  When every seat has had its window
the hour ends: turns are earned, prices fall, elimination is checked.  All of
it draws from the state's seeded generator in a fixed order, so the same seed
and actions give the same game, and one wait of 100 hours equals 100 waits of
one hour.

**No chance nodes.** Combat, echoes, price drops and replacements are drawn
inside :meth:`TataState.apply`: as public log steps they would reveal the
hidden holdings that decide how many strikes or echoes there are.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any

from ..core.protocol import (
    FORMAT_VERSION,
    JSON,
    TERMINAL,
    FormatError,
    Game,
    IllegalAction,
    NotationError,
    OptionSpec,
    Outcome,
    State,
)
from ..core.rng import Rng
from . import board as B

# -- constants ---------------------------------------------------------------------------------

START_TURNS = 3
START_URUK = 3
"""Agents and wealth every player starts with at Uruk."""
START_PRESENT = 2
"""Agents and wealth every player starts with in the present day."""
CHECK_EVERY = 20
"""Hours between elimination checks."""
MAX_WAIT = 100
"""The longest single wait; longer absences are several waits."""
ECHO_CHANCE = 3
"""An echo succeeds with chance one in ``ECHO_CHANCE``."""
LOG_CAP = 600
"""Events kept in the state (the newest); enough for a long "while you were away" digest."""
VIEW_LOG = 150
"""At most this many events in a view: everything since the seat last bought or waited (its
digest)."""
VIEW_RECENT = 30
"""A view always shows at least this many of the newest events the seat may read."""

TYPES = ("recruit", "acquire", "indirect", "invest", "attack", "challenge")
TYPE_WEIGHTS = (26, 26, 14, 14, 10, 10)
TYPE_NAMES = {
    "recruit": "direct recruiting",
    "acquire": "direct acquisition",
    "indirect": "indirect recruiting",
    "invest": "investment",
    "attack": "attack",
    "challenge": "challenge",
}

ATTACK_TABLE = (
    "kill",
    "destroy",
    "capture",
    "capture",
    "capture",
    "none",
    "none",
    "none",
    "none",
    "none",
)
"""One attack strike: a tenth each kill an agent or destroy a wealth, three tenths capture one."""
DEFENCE_TABLE = ("kill", "destroy", "none", "none", "none")
"""One defending strike in a challenge: a fifth each kill an agent or destroy a wealth."""
OFFENCE_TABLE = ("neutralise", "neutralise", "none", "none", "none")
"""One challenging strike: two fifths neutralise one agent and one wealth."""

PAST = tuple(range(B.PRESENT))
"""Every location but the present day."""
FEEDERS = tuple(i for i in PAST if B.later(i) - {B.PRESENT})
"""Locations with a later past location an indirect opportunity can target."""


def opportunity_count(players: int) -> int:
    """How many opportunities are on offer at once."""
    return 4 + 2 * players


# -- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Buy:
    """Take the opportunity with this id (notation ``b17``)."""

    id: int


@dataclass(frozen=True)
class Wait:
    """Close the window and let the clock run until ``hour`` (notation ``t40``)."""

    hour: int


Action = Buy | Wait


@dataclass(frozen=True)
class Opportunity:
    """One opportunity on offer: where, what, how big, what it targets, what it costs."""

    id: int
    kind: str
    loc: int
    target: int  # -1 unless indirect or invest
    benefit: int  # printed benefit of recruit/acquire, 0 otherwise
    price: int

    def to_list(self) -> list[Any]:
        """Compact plain form."""
        return [self.id, self.kind, self.loc, self.target, self.benefit, self.price]

    def describe(self) -> str:
        """A short description, e.g. ``#17 indirect recruiting at Athens for Rome``."""
        text = f"#{self.id} {TYPE_NAMES[self.kind]} at {B.name(self.loc)}"
        if self.target >= 0:
            text += f" for {B.name(self.target)}"
        return text


@dataclass(frozen=True)
class Event:
    """One log entry; ``seats`` may see it (empty: everyone)."""

    n: int
    hour: int
    seats: tuple[int, ...]
    kind: str
    text: str
    detail: str  # JSON text, so the state stays immutable and hashable

    def to_list(self) -> list[Any]:
        """Compact plain form."""
        return [self.n, self.hour, list(self.seats), self.kind, self.text, self.detail]


@dataclass(frozen=True)
class Settings:
    """The options of one game."""

    players: int = 4
    limit: int = 480
    clock: str = "accelerated"
    hour_seconds: int = 10
    started: int = 0

    def to_dict(self) -> JSON:
        """Plain form (the same as the game's options)."""
        return {
            "players": self.players,
            "limit": self.limit,
            "clock": self.clock,
            "hour_seconds": self.hour_seconds,
            "started": self.started,
        }


def window_order(hour: int, players: int) -> list[int]:
    """The order of the windows in ``hour``: seat order, starting one seat later each hour.

    The rotation keeps any seat from having the first pick of new
    opportunities every hour.
    """
    start = hour % players
    return [(start + k) % players for k in range(players)]


def plural(count: int, word: str) -> str:
    """``1 turn``, ``3 turns``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def amount_of(count: int, what: str) -> str:
    """``1 agent``, ``3 agents``, ``1 wealth``: ``what`` is "agents" or "wealth"."""
    return plural(count, "agent") if what == "agents" else f"{count} {what}"


def _missing_text(limits: dict[str, int], here: str, what: str, there: str) -> str:
    """Why an indirect purchase gives nothing, in one short line: "you have no
    agents or wealth in Uruk, and no wealth in Babylon" (a list of every zero
    ran to three lines on a phone)."""
    held = [name for name in ("agents", "wealth") if limits[name + "_here"] == 0]
    parts = [" or ".join(held) + " in " + here] if held else []
    if limits["there"] == 0:
        parts.append(f"{what} in {there}")
    return "you have no " + ", and no ".join(parts)


SECRET_PURCHASE = "buys an opportunity"
"""How the move log shows a purchase of anything but a challenge (it is the buyer's secret)."""


def player_name(seat: int) -> str:
    """How log texts name a seat (pages may substitute the players' own names)."""
    return f"Player {seat + 1}"


# -- the state --------------------------------------------------------------------------------

Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class TataState(State[Action]):
    """A position: the clock, every player's holdings, characters, opportunities and the log."""

    settings: Settings
    generator: Rng
    clock: int
    to_act: int
    awake: tuple[int, ...]
    last_acted: tuple[int, ...]
    alive: tuple[bool, ...]
    turns: tuple[int, ...]
    agents: Grid
    wealth: Grid
    vis: Grid
    seen: Grid
    control: tuple[int, ...]
    opps: tuple[Opportunity, ...]
    next_id: int
    serial: int
    events: tuple[Event, ...]
    event_no: int
    eliminated: tuple[tuple[int, int], ...]
    result: Outcome | None = field(default=None)

    # -- protocol ------------------------------------------------------------------------------

    @property
    def game(self) -> TataGame:
        """The game object."""
        return GAME

    @property
    def rng(self) -> Rng:
        """The seeded generator (advanced by every hour and every random effect)."""
        return self.generator

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.settings.players

    def current_player(self) -> int:
        """The seat whose window is open, or TERMINAL."""
        return TERMINAL if self.result is not None else self.to_act

    def outcome(self) -> Outcome | None:
        """The result once one player is left or the hour limit is reached."""
        return self.result

    def max_wait(self) -> int:
        """The latest hour a wait may name now."""
        return min(self.clock + MAX_WAIT, self.settings.limit)

    def legal_actions(self) -> list[Action]:
        """Affordable opportunities, then every allowed wait."""
        if self.result is not None:
            return []
        money = self.turns[self.to_act]
        actions: list[Action] = [Buy(o.id) for o in self.opps if o.price <= money]
        actions.extend(Wait(h) for h in range(self.clock + 1, self.max_wait() + 1))
        return actions

    def illegal_reason(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is refused here, naming the rule, or None."""
        if self.result is not None:
            return IllegalAction("game-over", "the game is over")
        if isinstance(action, Wait):
            if action.hour <= self.clock:
                return IllegalAction(
                    "clock-backwards",
                    f"the clock is at hour {self.clock} and only runs forward: "
                    f"hour {action.hour} is not later",
                )
            if action.hour > self.max_wait():
                return IllegalAction(
                    "wait-too-long",
                    f"wait at most {MAX_WAIT} hours at once, and not past the hour limit "
                    f"({self.max_wait()} is the latest now)",
                )
            return None
        if isinstance(action, Buy):
            opp = self.opportunity(action.id)
            if opp is None:
                if 0 < action.id < self.next_id:
                    return IllegalAction(
                        "no-such-opportunity",
                        f"opportunity #{action.id} is gone: someone took it or its price ran out",
                    )
                return IllegalAction("no-such-opportunity", f"there is no opportunity #{action.id}")
            if opp.price > self.turns[self.to_act]:
                return IllegalAction(
                    "too-few-turns",
                    f"#{opp.id} costs {plural(opp.price, 'turn')} and you have "
                    f"{plural(self.turns[self.to_act], 'turn')}",
                )
            return None
        return IllegalAction("notation", "not an action of this game")

    def apply(self, action: Action) -> TataState:
        """Unchecked: the state after ``action``."""
        work = _Work(self)
        if isinstance(action, Buy):
            opp = self.opportunity(action.id)
            assert opp is not None
            work.take(self.to_act, opp)
        else:
            work.wait(self.to_act, action.hour)
        return work.freeze()

    def opportunity(self, ident: int) -> Opportunity | None:
        """The open opportunity with this id, if any."""
        for opp in self.opps:
            if opp.id == ident:
                return opp
        return None

    # -- derived public facts ------------------------------------------------------------------

    def strength(self, seat: int) -> int:
        """Present-day strength: agents plus wealth in the present."""
        return self.agents[seat][B.PRESENT] + self.wealth[seat][B.PRESENT]

    def ranking(self, loc: int) -> list[int]:
        """Living seats with visibility at ``loc``, most visible first.

        Ties go to the seat that most recently took an opportunity there.
        """
        return list(self.rankings[loc])

    @cached_property
    def rankings(self) -> tuple[tuple[int, ...], ...]:
        """Every location's visibility ranking (computed once per state)."""
        result = []
        for loc in range(B.COUNT):
            seats = [s for s in range(self.players) if self.alive[s] and self.vis[s][loc] > 0]
            seats.sort(key=lambda s: (-self.vis[s][loc], -self.seen[s][loc]))
            result.append(tuple(seats))
        return tuple(result)

    def most_visible_other(self, seat: int, loc: int) -> int | None:
        """Whom an attack by ``seat`` at ``loc`` would hit."""
        for other in self.ranking(loc):
            if other != seat:
                return other
        return None

    def characters(self, seat: int) -> list[int]:
        """Locations whose character ``seat`` controls."""
        return [i for i, c in enumerate(self.control) if c == seat]

    def next_check(self) -> int:
        """The hour of the next elimination check."""
        return (self.clock // CHECK_EVERY + 1) * CHECK_EVERY

    def gain_preview(self, seat: int, opp: Opportunity) -> JSON:
        """What ``seat`` would get from ``opp`` now, with the reason when it is nothing."""
        loc, target = opp.loc, opp.target
        mult = 2 if self.control[loc] == seat and opp.kind != "challenge" else 1
        here = B.name(loc)
        if opp.kind in ("recruit", "acquire"):
            what = "agents" if opp.kind == "recruit" else "wealth"
            amount = opp.benefit * mult
            return {
                "kind": what,
                "amount": amount,
                "where": B.LOCATIONS[loc].id,
                "text": f"+{amount_of(amount, what)} in {here}"
                + (" (doubled by your character)" if mult == 2 else "")
                + "; may echo upward",
            }
        if opp.kind in ("indirect", "invest"):
            what = "agents" if opp.kind == "indirect" else "wealth"
            grid = self.agents if opp.kind == "indirect" else self.wealth
            limits = {
                "agents_here": self.agents[seat][loc],
                "wealth_here": self.wealth[seat][loc],
                "there": grid[seat][target],
            }
            amount = min(limits.values()) * mult
            there = B.name(target)
            if amount == 0:
                text = "gives nothing: " + _missing_text(limits, here, what, there)
            else:
                text = f"+{amount_of(amount, what)} in {there}" + (
                    " (doubled by your character)" if mult == 2 else ""
                )
            return {
                "kind": what if amount else "none",
                "amount": amount,
                "where": B.LOCATIONS[target].id,
                "text": text,
                "limits": limits,
            }
        if opp.kind == "attack":
            strikes = min(self.agents[seat][loc], self.wealth[seat][loc]) * mult
            victim = self.most_visible_other(seat, loc)
            if victim is None:
                text = f"gives nothing: no other player is visible in {here}"
            elif strikes == 0:
                missing = "agents" if self.agents[seat][loc] == 0 else "wealth"
                text = f"gives nothing: you have no {missing} in {here} to strike with"
            else:
                text = f"{strikes} strike(s) against {player_name(victim)} in {here}"
            return {
                "kind": "strikes" if victim is not None and strikes else "none",
                "amount": strikes if victim is not None else 0,
                "where": B.LOCATIONS[loc].id,
                "text": text,
                "victim": victim,
            }
        owner = self.control[loc]
        if owner == seat:
            return {
                "kind": "discard",
                "amount": 0,
                "where": B.LOCATIONS[loc].id,
                "text": f"discards it: you already control {B.LOCATIONS[loc].character} "
                "(this keeps it from rivals)",
            }
        return {
            "kind": "challenge",
            "amount": min(self.agents[seat][B.PRESENT], self.wealth[seat][B.PRESENT]),
            "where": B.LOCATIONS[loc].id,
            "text": f"challenge {player_name(owner)} for {B.LOCATIONS[loc].character}: your "
            f"{amount_of(self.agents[seat][B.PRESENT], 'agents')} / "
            f"{self.wealth[seat][B.PRESENT]} wealth "
            "against "
            f"{self.agents[owner][B.PRESENT]} / {self.wealth[owner][B.PRESENT]}",
        }

    # -- views ---------------------------------------------------------------------------------

    def visible_events(self, seat: int | None) -> list[Event]:
        """Log events ``seat`` may read (a spectator sees the public ones)."""
        return [e for e in self.events if not e.seats or (seat is not None and seat in e.seats)]

    def digest(self, seat: int | None) -> list[Event]:
        """The log a view shows: every event since ``seat`` last bought or waited, at least the
        newest few."""
        events = self.visible_events(seat)
        since = self.last_acted[seat] if seat is not None else self.clock
        recent = len(events) - VIEW_RECENT
        start = next((k for k, e in enumerate(events) if e.hour >= since), len(events))
        return events[max(0, min(start, recent), len(events) - VIEW_LOG) :]

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may see: own holdings, public rankings, present strength, characters."""
        n = self.players
        me = seat if seat is not None and 0 <= seat < n else None
        locations = []
        for loc in B.LOCATIONS:
            i = loc.index
            ranking = self.ranking(i)
            entry: JSON = {
                "id": loc.id,
                "row": loc.row,
                "col": loc.col,
                "present": i == B.PRESENT,
                "controller": self.control[i],
                "ranking": ranking,
            }
            if me is not None:
                entry["mine"] = {
                    "agents": self.agents[me][i],
                    "wealth": self.wealth[me][i],
                    "visibility": self.vis[me][i],
                }
                entry["top_other"] = self.most_visible_other(me, i)
            if i == B.PRESENT:
                entry["forces"] = [
                    {"agents": self.agents[s][i], "wealth": self.wealth[s][i]} for s in range(n)
                ]
            locations.append(entry)
        board = sorted((s for s in range(n) if self.alive[s]), key=lambda s: (-self.strength(s), s))
        leaderboard = []
        for s in board:
            rank = 1 + sum(1 for o in board if self.strength(o) > self.strength(s))
            leaderboard.append(
                {
                    "seat": s,
                    "strength": self.strength(s),
                    "agents": self.agents[s][B.PRESENT],
                    "wealth": self.wealth[s][B.PRESENT],
                    "characters": len(self.characters(s)),
                    "rank": rank,
                }
            )
        window_open = me is not None and self.result is None and self.to_act == me
        opportunities = []
        for opp in self.opps:
            item: JSON = {
                "id": opp.id,
                "type": opp.kind,
                "type_name": TYPE_NAMES[opp.kind],
                "location": B.LOCATIONS[opp.loc].id,
                "target": B.LOCATIONS[opp.target].id if opp.target >= 0 else None,
                "benefit": opp.benefit if opp.kind in ("recruit", "acquire") else None,
                "price": opp.price,
                "text": opp.describe(),
            }
            if opp.kind == "challenge":
                item["defender"] = self.control[opp.loc]
            if me is not None:
                item["affordable"] = window_open and opp.price <= self.turns[me]
                item["doubled"] = self.control[opp.loc] == me and opp.kind != "challenge"
                item["gain"] = self.gain_preview(me, opp)
                if opp.kind == "attack":
                    item["defender"] = self.most_visible_other(me, opp.loc)
            opportunities.append(item)
        log = [
            {
                "n": e.n,
                "hour": e.hour,
                "kind": e.kind,
                "text": e.text,
                "detail": _detail(e.detail),
                "private": bool(e.seats),
            }
            for e in self.digest(me)
        ]
        last = None
        if me is not None:
            for e in reversed(self.events):
                found = _detail(e.detail)
                if e.kind == "outcome" and found is not None and found.get("seat") == me:
                    last = found
                    break
        data: JSON = {
            "clock": self.clock,
            "to_act": self.current_player(),
            "players": n,
            "limit": self.settings.limit,
            "next_check": self.next_check(),
            "hours_to_check": self.next_check() - self.clock,
            "alive": list(self.alive),
            "eliminated": [{"seat": s, "hour": h} for s, h in self.eliminated],
            "locations": locations,
            "leaderboard": leaderboard,
            "opportunities": opportunities,
            "log": log,
            "last": last,
            "outcome": self.result.to_dict() if self.result else None,
        }
        if me is not None:
            data["me"] = {
                "seat": me,
                "turns": self.turns[me],
                "awake_at": self.awake[me],
                "last_acted": self.last_acted[me],
                "alive": self.alive[me],
                "characters": [B.LOCATIONS[i].id for i in self.characters(me)],
                "window_open": window_open,
            }
        return data

    # -- serialisation -------------------------------------------------------------------------

    def to_dict(self) -> JSON:
        """Full state as plain data."""
        return {
            "format": FORMAT_VERSION,
            "game": GAME.slug,
            "options": self.settings.to_dict(),
            "rng": self.generator.to_dict(),
            "clock": self.clock,
            "to_act": self.to_act,
            "awake": list(self.awake),
            "last_acted": list(self.last_acted),
            "alive": list(self.alive),
            "turns": list(self.turns),
            "agents": [list(r) for r in self.agents],
            "wealth": [list(r) for r in self.wealth],
            "vis": [list(r) for r in self.vis],
            "seen": [list(r) for r in self.seen],
            "control": list(self.control),
            "opps": [o.to_list() for o in self.opps],
            "next_id": self.next_id,
            "serial": self.serial,
            "events": [e.to_list() for e in self.events],
            "event_no": self.event_no,
            "eliminated": [list(x) for x in self.eliminated],
            "result": self.result.to_dict() if self.result else None,
        }


# -- the mutable working copy used by apply ---------------------------------------------------


class _Work:
    """A mutable copy of a state while one action is carried out."""

    def __init__(self, state: TataState) -> None:
        self.s = state
        self.rng = state.generator
        self.clock = state.clock
        self.to_act = state.to_act
        self.awake = list(state.awake)
        self.last_acted = list(state.last_acted)
        self.alive = list(state.alive)
        self.turns = list(state.turns)
        self.agents = [list(r) for r in state.agents]
        self.wealth = [list(r) for r in state.wealth]
        self.vis = [list(r) for r in state.vis]
        self.seen = [list(r) for r in state.seen]
        self.control = list(state.control)
        self.opps = list(state.opps)
        self.next_id = state.next_id
        self.serial = state.serial
        self.events = list(state.events)
        self.event_no = state.event_no
        self.eliminated = list(state.eliminated)
        self.result = state.result

    @property
    def n(self) -> int:
        return self.s.players

    # -- chance --------------------------------------------------------------------------------

    def below(self, k: int) -> int:
        """A seeded draw in ``range(k)``."""
        value = self.rng.below(k)
        self.rng = self.rng.advance()
        return value

    def new_opportunity(self) -> Opportunity:
        """A fresh opportunity from the seeded generator (see the rules page for the mix)."""
        kind = TYPES[_weighted(self.below(sum(TYPE_WEIGHTS)), TYPE_WEIGHTS)]
        target, benefit = -1, 0
        if kind in ("recruit", "acquire"):
            loc = PAST[self.below(len(PAST))]
            benefit = 1 + self.below(3) + self.below(3)
            price = benefit + 1 + self.below(3)
        elif kind in ("indirect", "invest"):
            loc = FEEDERS[self.below(len(FEEDERS))]
            targets = sorted(B.later(loc) - {B.PRESENT})
            target = targets[self.below(len(targets))]
            price = 3 + self.below(5)
        elif kind == "attack":
            loc = PAST[self.below(len(PAST))]
            price = 2 + self.below(4)
        else:
            loc = self.below(B.COUNT)
            price = 4 + self.below(5)
        ident = self.next_id
        self.next_id += 1
        return Opportunity(ident, kind, loc, target, benefit, price)

    # -- log -----------------------------------------------------------------------------------

    def log(
        self, kind: str, text: str, seats: Sequence[int] = (), detail: JSON | None = None
    ) -> None:
        self.event_no += 1
        body = json.dumps(detail, sort_keys=True) if detail is not None else ""
        self.events.append(
            Event(self.event_no, self.clock, tuple(sorted(set(seats))), kind, text, body)
        )

    # -- taking an opportunity -----------------------------------------------------------------

    def take(self, seat: int, opp: Opportunity) -> None:
        self.turns[seat] -= opp.price
        loc = opp.loc
        # A challenge is listed at its character's location, but the taker's forces
        # are deployed in the present day, so that is where taking it makes them visible.
        seen_at = B.PRESENT if opp.kind == "challenge" else loc
        self.vis[seat][seen_at] += 1
        self.serial += 1
        self.seen[seat][seen_at] = self.serial
        self.last_acted[seat] = self.clock
        mult = 2 if self.control[loc] == seat and opp.kind != "challenge" else 1
        who = player_name(seat)
        # Who took what in the past is the taker's secret (rivals see only the offer
        # vanish and the visibility rankings move); a challenge is fought in the
        # present, in front of everyone.
        self.log(
            "take",
            f"{who} took {opp.describe()} for {plural(opp.price, 'turn')}",
            () if opp.kind == "challenge" else (seat,),
            {
                "seat": seat,
                "id": opp.id,
                "type": opp.kind,
                "location": B.LOCATIONS[loc].id,
                "target": B.LOCATIONS[opp.target].id if opp.target >= 0 else None,
                "price": opp.price,
            },
        )
        if opp.kind in ("recruit", "acquire"):
            self._direct(seat, opp, mult)
        elif opp.kind in ("indirect", "invest"):
            self._indirect(seat, opp, mult)
        elif opp.kind == "attack":
            self._attack(seat, opp, mult)
        else:
            self._challenge(seat, opp)
        index = self.opps.index(opp)
        self.opps[index] = self.new_opportunity()

    def _direct(self, seat: int, opp: Opportunity, mult: int) -> None:
        grid = self.agents if opp.kind == "recruit" else self.wealth
        what = "agents" if opp.kind == "recruit" else "wealth"
        gain = opp.benefit * mult
        grid[seat][opp.loc] += gain
        echoes: list[JSON] = []
        queue = deque([opp.loc])
        reached = False
        while queue:
            here = queue.popleft()
            for there in B.LOCATIONS[here].next:
                ok = self.below(ECHO_CHANCE) == 0
                echoes.append({"from": B.LOCATIONS[here].id, "to": B.LOCATIONS[there].id, "ok": ok})
                if ok:
                    grid[seat][there] += gain
                    if there == B.PRESENT:
                        reached = True
                    else:
                        queue.append(there)
        landed = [e["to"] for e in echoes if e["ok"]]
        text = f"+{amount_of(gain, what)} in {B.name(opp.loc)}"
        if mult == 2:
            text += " (doubled)"
        if landed:
            text += "; echoes: " + ", ".join(B.name(B.BY_ID[t]) for t in landed)
        self.log(
            "outcome",
            text,
            (seat,),
            {
                "seat": seat,
                "type": opp.kind,
                "location": B.LOCATIONS[opp.loc].id,
                "gain": gain,
                "doubled": mult == 2,
                "echoes": echoes,
                "reached_present": reached,
            },
        )
        if reached:
            # Present-day strength is public, so its growth is announced.
            self.log(
                "present",
                f"{player_name(seat)}'s present-day {what} grew by an echo",
                (),
                {
                    "seat": seat,
                    "what": what,
                },
            )

    def _indirect(self, seat: int, opp: Opportunity, mult: int) -> None:
        grid = self.agents if opp.kind == "indirect" else self.wealth
        what = "agents" if opp.kind == "indirect" else "wealth"
        limits = {
            "agents_here": self.agents[seat][opp.loc],
            "wealth_here": self.wealth[seat][opp.loc],
            "there": grid[seat][opp.target],
        }
        smallest = min(limits.values())
        limited_by = next(k for k, v in limits.items() if v == smallest)
        gain = smallest * mult
        grid[seat][opp.target] += gain
        self.log(
            "outcome",
            f"+{amount_of(gain, what)} in {B.name(opp.target)}",
            (seat,),
            {
                "seat": seat,
                "type": opp.kind,
                "location": B.LOCATIONS[opp.loc].id,
                "target": B.LOCATIONS[opp.target].id,
                "gain": gain,
                "doubled": mult == 2,
                "limits": limits,
                "limited_by": limited_by,
            },
        )

    def _attack(self, seat: int, opp: Opportunity, mult: int) -> None:
        loc = opp.loc
        victim = _ranking_of(self, loc, seat)
        strikes = min(self.agents[seat][loc], self.wealth[seat][loc]) * mult
        place = B.name(loc)
        if victim is None:
            # Nobody was struck, so nobody saw it: like the purchase, the attacker's secret.
            self.log(
                "attack",
                f"{player_name(seat)} attacked in {place}, but nobody else was visible",
                (seat,),
                {
                    "seat": seat,
                    "location": B.LOCATIONS[loc].id,
                    "defender": None,
                },
            )
            self.log(
                "outcome",
                "no target: nobody else is visible there",
                (seat,),
                {
                    "seat": seat,
                    "type": "attack",
                    "location": B.LOCATIONS[loc].id,
                    "defender": None,
                    "strikes": [],
                    "effects": [],
                },
            )
            return
        rolls, effects = [], []
        for _ in range(strikes):
            roll = ATTACK_TABLE[self.below(len(ATTACK_TABLE))]
            effect = roll
            if roll == "kill":
                if self.agents[victim][loc] > 0:
                    self.agents[victim][loc] -= 1
                    self.vis[victim][loc] = max(0, self.vis[victim][loc] - 1)
                else:
                    effect = "wasted"
            elif roll in ("destroy", "capture"):
                if self.wealth[victim][loc] > 0:
                    self.wealth[victim][loc] -= 1
                    if roll == "capture":
                        self.wealth[seat][loc] += 1
                else:
                    effect = "wasted"
            rolls.append(roll)
            effects.append(effect)
        self.log(
            "attack",
            f"{player_name(seat)} attacked {player_name(victim)} in {place}",
            (),
            {
                "seat": seat,
                "location": B.LOCATIONS[loc].id,
                "defender": victim,
            },
        )
        summary = {k: effects.count(k) for k in ("kill", "destroy", "capture") if effects.count(k)}
        text = (
            f"{player_name(seat)} struck {player_name(victim)} in {place} "
            f"{plural(strikes, 'time')}: "
            + (", ".join(f"{k} {v}" for k, v in summary.items()) or "no effect")
        )
        self.log(
            "outcome",
            text,
            (seat, victim),
            {
                "seat": seat,
                "type": "attack",
                "location": B.LOCATIONS[loc].id,
                "defender": victim,
                "doubled": mult == 2,
                "strikes": rolls,
                "effects": effects,
            },
        )

    def _challenge(self, seat: int, opp: Opportunity) -> None:
        loc = opp.loc
        owner = self.control[loc]
        person = B.LOCATIONS[loc].character
        if owner == seat:
            self.log(
                "outcome",
                f"{player_name(seat)} discarded a challenge for their own {person}",
                (),
                {
                    "seat": seat,
                    "type": "challenge",
                    "location": B.LOCATIONS[loc].id,
                    "discarded": True,
                },
            )
            return
        p = B.PRESENT
        before = {
            "attacker": [self.agents[seat][p], self.wealth[seat][p]],
            "defender": [self.agents[owner][p], self.wealth[owner][p]],
        }
        defence = []
        for _ in range(min(self.agents[owner][p], self.wealth[owner][p])):
            roll = DEFENCE_TABLE[self.below(len(DEFENCE_TABLE))]
            if roll == "kill" and self.agents[seat][p] > 0:
                self.agents[seat][p] -= 1
                self.vis[seat][p] = max(0, self.vis[seat][p] - 1)
            elif roll == "destroy" and self.wealth[seat][p] > 0:
                self.wealth[seat][p] -= 1
            elif roll != "none":
                roll = "wasted"
            defence.append(roll)
        d_agents, d_wealth = self.agents[owner][p], self.wealth[owner][p]
        neutralised = 0
        offence = []
        for _ in range(min(self.agents[seat][p], self.wealth[seat][p])):
            if d_agents - neutralised <= 0 or d_wealth - neutralised <= 0:
                break  # the defender is already stunned: no target is left
            roll = OFFENCE_TABLE[self.below(len(OFFENCE_TABLE))]
            if roll == "neutralise":
                neutralised += 1
            offence.append(roll)
        won = d_agents - neutralised <= 0 or d_wealth - neutralised <= 0
        if won:
            self.control[loc] = seat
        verdict = "took" if won else "failed to take"
        text = f"{player_name(seat)} challenged {player_name(owner)} and {verdict} {person}"
        self.log(
            "outcome",
            text,
            (),
            {
                "seat": seat,
                "type": "challenge",
                "location": B.LOCATIONS[loc].id,
                "defender": owner,
                "before": before,
                "defence": defence,
                "offence": offence,
                "neutralised": neutralised,
                "won": won,
                "discarded": False,
            },
        )

    # -- the clock -----------------------------------------------------------------------------

    def wait(self, seat: int, hour: int) -> None:
        self.awake[seat] = hour
        # Closing a window is acting too: the seat has seen everything up to now, so its
        # "while you were away" digest starts here (a seat that only waits would otherwise
        # always get the longest digest).  Views only: no draw depends on it.
        self.last_acted[seat] = self.clock
        order = window_order(self.clock, self.n)
        for other in order[order.index(seat) + 1 :]:
            if self._due(other):
                self.to_act = other
                return
        while self.result is None:
            self.tick()
            for other in window_order(self.clock, self.n):
                if self.result is None and self._due(other):
                    self.to_act = other
                    return

    def _due(self, seat: int) -> bool:
        return self.alive[seat] and self.awake[seat] <= self.clock

    def tick(self) -> None:
        """End the hour: turns, prices, the elimination check, the hour limit."""
        self.clock += 1
        for s in range(self.n):
            if self.alive[s]:
                self.turns[s] += 1
        dropped, replaced = [], []
        for i, opp in enumerate(self.opps):
            if self.below(2) == 0:
                if opp.price <= 1:
                    fresh = self.new_opportunity()
                    self.opps[i] = fresh
                    replaced.append([opp.id, fresh.id])
                else:
                    self.opps[i] = replace(opp, price=opp.price - 1)
                    dropped.append(opp.id)
        if dropped or replaced:
            parts = []
            if dropped:
                parts.append("prices fell for " + ", ".join(f"#{i}" for i in dropped))
            if replaced:
                parts.append("; ".join(f"#{a} ran out and #{b} replaced it" for a, b in replaced))
            self.log("prices", "; ".join(parts), (), {"dropped": dropped, "replaced": replaced})
        if self.clock % CHECK_EVERY == 0:
            self.check_elimination()
        living = [s for s in range(self.n) if self.alive[s]]
        if len(living) == 1:
            self.finish(living, f"{player_name(living[0])} is the last player left")
        elif self.clock >= self.s.settings.limit:
            best = max(self._strength(s) for s in living)
            top = [s for s in living if self._strength(s) == best]
            names = " and ".join(player_name(s) for s in top)
            self.finish(top, f"hour limit reached: {names} strongest in the present day")

    def _strength(self, seat: int) -> int:
        return self.agents[seat][B.PRESENT] + self.wealth[seat][B.PRESENT]

    def check_elimination(self) -> None:
        living = [s for s in range(self.n) if self.alive[s]]
        if len(living) <= 1:
            return
        low = min(self._strength(s) for s in living)
        lowest = [s for s in living if self._strength(s) == low]
        guarded = [s for s in lowest if s in self.control]
        names = ", ".join(player_name(s) for s in lowest)
        if guarded:
            self.log(
                "elimination",
                f"hour {self.clock} check: lowest {names}; "
                f"{player_name(guarded[0])} controls a character, so nobody goes",
                (),
                {
                    "hour": self.clock,
                    "lowest": lowest,
                    "strength": low,
                    "blocked_by": guarded,
                    "eliminated": None,
                },
            )
            return
        victim = lowest[self.below(len(lowest))] if len(lowest) > 1 else lowest[0]
        self.alive[victim] = False
        for grid in (self.agents, self.wealth, self.vis, self.seen):
            grid[victim] = [0] * B.COUNT
        self.turns[victim] = 0
        self.eliminated.append((victim, self.clock))
        self.log(
            "elimination",
            f"hour {self.clock} check: {player_name(victim)} is eliminated",
            (),
            {
                "hour": self.clock,
                "lowest": lowest,
                "strength": low,
                "blocked_by": [],
                "eliminated": victim,
            },
        )

    def finish(self, winners: list[int], reason: str) -> None:
        self.result = Outcome.win(winners, self.n, reason)
        self.to_act = TERMINAL
        self.log("end", reason, (), {"winners": winners})

    def freeze(self) -> TataState:
        events = tuple(self.events[-LOG_CAP:])
        return TataState(
            settings=self.s.settings,
            generator=self.rng,
            clock=self.clock,
            to_act=self.to_act,
            awake=tuple(self.awake),
            last_acted=tuple(self.last_acted),
            alive=tuple(self.alive),
            turns=tuple(self.turns),
            agents=tuple(tuple(r) for r in self.agents),
            wealth=tuple(tuple(r) for r in self.wealth),
            vis=tuple(tuple(r) for r in self.vis),
            seen=tuple(tuple(r) for r in self.seen),
            control=tuple(self.control),
            opps=tuple(self.opps),
            next_id=self.next_id,
            serial=self.serial,
            events=events,
            event_no=self.event_no,
            eliminated=tuple(self.eliminated),
            result=self.result,
        )


@lru_cache(maxsize=8192)
def _detail_cached(text: str) -> Any:
    return json.loads(text)


def _detail(text: str) -> Any:
    """An event's detail as JSON data (parsed once; views copy it through JSON anyway)."""
    return _detail_cached(text) if text else None


def _ranking_of(work: _Work, loc: int, seat: int) -> int | None:
    seats = [s for s in range(work.n) if work.alive[s] and work.vis[s][loc] > 0 and s != seat]
    if not seats:
        return None
    return min(seats, key=lambda s: (-work.vis[s][loc], -work.seen[s][loc]))


def _weighted(point: int, weights: Sequence[int]) -> int:
    for index, weight in enumerate(weights):
        if point < weight:
            return index
        point -= weight
    return len(weights) - 1


# -- the game ---------------------------------------------------------------------------------


class TataGame(Game[TataState, Action]):
    """Rivals in the present change the past: opportunities, echoes, combat and elimination."""

    slug = "time_and_time_again"
    title = "Time and Time Again"
    summary = (
        "Change the past to rule the present: buy opportunities on a running clock across 24 "
        "historical locations, echo your gains up to the present day, and outlast every rival."
    )
    hidden_information = True
    secret_moves = True
    """Who bought which opportunity in the past is the buyer's secret (see :meth:`log_text`)."""

    def option_specs(self) -> Sequence[OptionSpec]:
        """Players, the hour limit and the clock mode (the last three are for pages)."""
        return (
            OptionSpec("players", "Players", 4, tuple((n, f"{n} players") for n in range(2, 9))),
            OptionSpec(
                "limit",
                "Hour limit",
                480,
                (
                    (240, "240 hours (10 days)"),
                    (480, "480 hours (20 days)"),
                    (960, "960 hours (40 days)"),
                ),
                "If several players are left at the limit, the strongest in the present day wins.",
            ),
            OptionSpec(
                "clock",
                "Clock",
                "accelerated",
                (
                    ("accelerated", "Accelerated: an hour every few seconds or on a button"),
                    ("realtime", "Real time: an hour is an hour"),
                    ("hotseat", "Hot-seat: players at one device advance the clock by hand"),
                ),
                "Only changes how the page runs the clock; the rules are the same.",
            ),
            OptionSpec(
                "hour_seconds",
                "Seconds per hour (accelerated)",
                10,
                ((5, "5 seconds"), (10, "10 seconds"), (30, "30 seconds"), (60, "1 minute")),
            ),
            OptionSpec(
                "started",
                "Start time (real time, set by the page)",
                0,
                (),
                "Unix seconds at hour 0.",
            ),
        )

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """The ``players`` option."""
        return int(options.get("players", 4))

    def unused_options(self, options: Mapping[str, Any]) -> list[str]:
        """The length of an hour, unless the clock is accelerated; the wall-clock start,
        unless it is real time."""
        clock = options.get("clock", "accelerated")
        unused = [] if clock == "accelerated" else ["hour_seconds"]
        return unused if clock == "realtime" else [*unused, "started"]

    def new(self, options: Mapping[str, Any], seed: int) -> TataState:
        """Deal the characters, hand out starting holdings and draw the first opportunities."""
        settings = Settings(
            players=int(options.get("players", 4)),
            limit=int(options.get("limit", 480)),
            clock=str(options.get("clock", "accelerated")),
            hour_seconds=int(options.get("hour_seconds", 10)),
            started=int(options.get("started", 0)),
        )
        n = settings.players
        order, rng = Rng(seed).shuffled(range(B.COUNT))
        control = [0] * B.COUNT
        for k, loc in enumerate(order):
            assert isinstance(loc, int)
            control[loc] = k % n
        zero = tuple(0 for _ in range(B.COUNT))
        start = tuple(
            START_URUK if i == 0 else START_PRESENT if i == B.PRESENT else 0 for i in range(B.COUNT)
        )
        state = TataState(
            settings=settings,
            generator=rng,
            clock=0,
            to_act=0,
            awake=tuple(0 for _ in range(n)),
            last_acted=tuple(0 for _ in range(n)),
            alive=tuple(True for _ in range(n)),
            turns=tuple(START_TURNS for _ in range(n)),
            agents=tuple(start for _ in range(n)),
            wealth=tuple(start for _ in range(n)),
            vis=tuple(zero for _ in range(n)),
            seen=tuple(zero for _ in range(n)),
            control=tuple(control),
            opps=(),
            next_id=1,
            serial=0,
            events=(),
            event_no=0,
            eliminated=(),
        )
        work = _Work(state)
        work.opps = [work.new_opportunity() for _ in range(opportunity_count(n))]
        work.log(
            "start",
            f"The game begins with {n} players; characters are dealt",
            (),
            {
                "control": control,
            },
        )
        return work.freeze()

    def check_options(self, options: Mapping[str, Any]) -> None:
        """The start time may not be negative."""
        if int(options.get("started", 0)) < 0:
            raise FormatError("the start time cannot be negative")

    def action_to_text(self, action: Action) -> str:
        """``b17`` or ``t40``."""
        if isinstance(action, Buy):
            return f"b{action.id}"
        return f"t{action.hour}"

    def log_text(self, state: TataState, text: str) -> str:
        """The move log's line for ``text`` played in ``state``.

        A purchase in the past is the buyer's secret: it reads "buys an opportunity"
        (the offer's vanishing and the visibility rankings are all rivals see).  A
        challenge is fought in public and keeps its notation, and so does a wait.
        """
        try:
            action = self.parse_action(text)
        except NotationError:
            return text
        if isinstance(action, Wait):
            return text
        opp = state.opportunity(action.id)
        if opp is not None and opp.kind == "challenge":
            return text
        return SECRET_PURCHASE

    def own_log_text(self, state: TataState, text: str) -> str:
        """The buyer's own line for ``text``: a purchase in the past in full
        ("buys #17 indirect recruiting at Athens for Rome"), where the others read
        "buys an opportunity"; any other move as :meth:`log_text` gives it."""
        line = self.log_text(state, text)
        if line != SECRET_PURCHASE:
            return line
        action = self.parse_action(text)
        opp = state.opportunity(action.id) if isinstance(action, Buy) else None
        return line if opp is None else f"buys {opp.describe()}"

    def parse_action(self, text: str) -> Action:
        """Read ``b<id>`` (take an opportunity) or ``t<hour>`` (wait until that hour)."""
        t = text.strip().lower()
        digits = t[1:]
        if 2 <= len(t) <= 9 and t[0] in "bt" and digits.isascii() and digits.isdigit():
            number = int(t[1:])
            return Buy(number) if t[0] == "b" else Wait(number)
        raise NotationError(
            f"{text!r} is not a move: write b<id> to take an opportunity "
            "or t<hour> to wait until that hour"
        )

    def tool(self, name: str, args: JSON) -> JSON:
        """``locations``: the static content; ``diamond_svg``: the diamond picture."""
        if name == "locations":
            return B.locations_json()
        if name == "diamond_svg":
            link = args.get("link", "")
            return {"svg": B.diamond_svg(link if isinstance(link, str) else "")}
        return super().tool(name, args)

    def examples(self) -> Sequence[JSON]:
        """Positions from the rules page (see :mod:`.examples`)."""
        from .examples import EXAMPLES

        return [e.to_dict() for e in EXAMPLES]

    def from_dict(self, data: Mapping[str, Any]) -> TataState:
        """Rebuild a state; refuses anything malformed with :class:`FormatError`."""
        try:
            if data.get("format") != FORMAT_VERSION or data.get("game") != self.slug:
                raise FormatError("not a Time and Time Again state of this format")
            options = self.normalise_options(data["options"])
            settings = Settings(**options)
            n = settings.players

            def ints(value: Any, length: int) -> tuple[int, ...]:
                if not isinstance(value, list) or len(value) != length:
                    raise FormatError("a list has the wrong length")
                if not all(type(v) is int for v in value):
                    raise FormatError("a list holds something other than whole numbers")
                return tuple(value)

            def grid(value: Any) -> Grid:
                if not isinstance(value, list) or len(value) != n:
                    raise FormatError("holdings must have one row per player")
                rows = tuple(ints(row, B.COUNT) for row in value)
                if any(v < 0 for row in rows for v in row):
                    raise FormatError("holdings cannot be negative")
                return rows

            opps = []
            if not isinstance(data["opps"], list) or len(data["opps"]) != opportunity_count(n):
                raise FormatError(f"there must be {opportunity_count(n)} opportunities on offer")
            for item in data["opps"]:
                ident, kind, loc, target, benefit, price = item
                # bool is an int subclass: a save holding true as an id or a 2.7 price is tampered.
                if not all(type(v) is int for v in (ident, loc, target, benefit, price)):
                    raise FormatError("an opportunity holds something other than whole numbers")
                if kind not in TYPES or not 0 <= loc < B.COUNT or not -1 <= target < B.COUNT:
                    raise FormatError("an opportunity is malformed")
                opps.append(
                    Opportunity(int(ident), kind, int(loc), int(target), int(benefit), int(price))
                )
            events = tuple(
                Event(
                    int(e[0]),
                    int(e[1]),
                    tuple(int(s) for s in e[2]),
                    str(e[3]),
                    str(e[4]),
                    str(e[5]),
                )
                for e in data["events"]
            )
            alive = data["alive"]
            if (
                not isinstance(alive, list)
                or len(alive) != n
                or not all(isinstance(a, bool) for a in alive)
            ):
                raise FormatError("alive must list a true/false per player")
            control = ints(data["control"], B.COUNT)
            if not all(0 <= c < n for c in control):
                raise FormatError("every character needs a controlling player")
            result = Outcome.from_dict(data["result"]) if data["result"] is not None else None
            to_act = int(data["to_act"])
            if result is None and not (0 <= to_act < n and alive[to_act]):
                raise FormatError("the seat to act must be a living player")
            state = TataState(
                settings=settings,
                generator=Rng.from_dict(data["rng"]),
                clock=int(data["clock"]),
                to_act=to_act,
                awake=ints(data["awake"], n),
                last_acted=ints(data["last_acted"], n),
                alive=tuple(alive),
                turns=ints(data["turns"], n),
                agents=grid(data["agents"]),
                wealth=grid(data["wealth"]),
                vis=grid(data["vis"]),
                seen=grid(data["seen"]),
                control=control,
                opps=tuple(opps),
                next_id=int(data["next_id"]),
                serial=int(data["serial"]),
                events=events,
                event_no=int(data["event_no"]),
                eliminated=tuple((int(a), int(b)) for a, b in data["eliminated"]),
                result=result,
            )
            for event in events:
                if event.detail:
                    json.loads(event.detail)
            problem = _inconsistency(state)
            if problem:
                raise FormatError(f"not a possible Time and Time Again position: {problem}")
            return state
        except FormatError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise FormatError(f"not a valid Time and Time Again state: {err}") from None


def _inconsistency(state: TataState) -> str:
    """Why ``state`` could never arise in play (a tampered save), or ``""``."""
    n, clock = state.players, state.clock
    ids = [o.id for o in state.opps]
    if len(set(ids)) != len(ids) or any(not 0 < i < state.next_id for i in ids):
        return "opportunity ids must be unique and already issued"
    for o in state.opps:
        if o.price < 1:
            return f"opportunity #{o.id} has no positive price"
        if o.kind in ("recruit", "acquire", "attack") and o.loc == B.PRESENT:
            return f"opportunity #{o.id}: no {TYPE_NAMES[o.kind]} in the present day"
        if o.kind in ("indirect", "invest"):
            if o.target == B.PRESENT or o.target not in B.later(o.loc):
                return f"opportunity #{o.id} must target a later location before the present"
        elif o.target != -1:
            return f"opportunity #{o.id} has a target it cannot have"
        if o.benefit < (1 if o.kind in ("recruit", "acquire") else 0):
            return f"opportunity #{o.id} has a benefit it cannot have"
    if any(t < 0 for t in state.turns):
        return "turns cannot be negative"
    if not 0 <= clock <= state.settings.limit:
        return "the clock is outside the game"
    if any(a < 0 or a > clock + MAX_WAIT for a in state.awake):
        return "a seat sleeps to an impossible hour"
    if any(not 0 <= h <= clock for h in state.last_acted):
        return "a seat acted at an impossible hour"
    dead = {s for s, _ in state.eliminated}
    if dead != {s for s in range(n) if not state.alive[s]} or len(dead) != len(state.eliminated):
        return "the eliminated players do not match who is alive"
    if any(h % CHECK_EVERY or not 0 < h <= clock for _, h in state.eliminated):
        return "an elimination happened at an impossible hour"
    if any(not state.alive[c] for c in state.control):
        return "an eliminated player controls a character"
    if any(s < 0 or s >= n for e in state.events for s in e.seats):
        return "a log entry names a seat that does not exist"
    if state.result is None:
        if sum(state.alive) < 2:
            return "a game with one player left is over"
        if state.awake[state.to_act] > clock:
            return "the seat to act is asleep"
    return ""


GAME = TataGame()
"""The registered game object."""
