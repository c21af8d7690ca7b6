"""Computer players for Time and Time Again.

Every level decides from :class:`Seen`, the part of the state its seat may
know (its own holdings, the public visibility rankings, everyone's present-day
forces, who controls each character, the opportunities), never from rivals'
past holdings.  Bots are deterministic functions of what they see, so a game
caught up by one long wait equals the same game stepped hour by hour.

* ``random`` takes a random affordable opportunity half the time, else waits.
* ``novice`` takes the opportunity with the largest immediate gain per turn.
* ``schemer`` values holdings by how likely their echoes climb to the present,
  guards its characters with the challenge-discard rule when a rival could win
  them, attacks the most visible rivals where it has strikes, and challenges
  when its present-day forces are clearly stronger; its bar falls as turns pile up.
* ``overlord`` values everything in present-day strength: direct gains by
  their echoes, characters by the doubling left and the shield they are (only
  while a check before the limit could find it the weakest), challenges with
  exact odds (stripping the weakest player so checks can eliminate), and no
  attacks or indirect gains (past holdings never echo).  It budgets its turns:
  a reserve only for the best offers (kept so it can take a scarce offer the
  moment it appears), a bar that falls the more turns pile above it, and it
  spends everything as the hour limit nears.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from math import comb

from ..core.protocol import AiLevel, Bot, BotContext, FormatError, State
from . import board as B
from .rules import Action, Buy, Opportunity, TataState, Wait

LEVELS: tuple[AiLevel, ...] = (
    AiLevel("random", "Random", "Takes random opportunities now and then."),
    AiLevel("novice", "Novice", "Takes whatever gives the most right now, turn for turn."),
    AiLevel(
        "schemer",
        "Schemer",
        "Plans echoes toward the present, guards its characters, attacks the visible and "
        "challenges the weak.",
    ),
    AiLevel(
        "overlord",
        "Overlord",
        "Counts only present-day strength, keeps turns in hand for the best offers, "
        "strips the weakest of their characters and leaves no turn unspent at the end.",
    ),
)


@dataclass(frozen=True)
class Seen:
    """What one seat may know: built only from public facts and the seat's own holdings."""

    seat: int
    players: int
    clock: int
    limit: int
    next_check: int
    turns: int
    alive: tuple[bool, ...]
    agents: tuple[int, ...]
    wealth: tuple[int, ...]
    vis: tuple[int, ...]
    rankings: tuple[tuple[int, ...], ...]
    present: tuple[tuple[int, int], ...]
    control: tuple[int, ...]
    opps: tuple[Opportunity, ...]

    def top_other(self, loc: int) -> int | None:
        """Whom an attack here would hit."""
        for other in self.rankings[loc]:
            if other != self.seat:
                return other
        return None

    def strength(self, seat: int) -> int:
        """Public present-day strength."""
        return self.present[seat][0] + self.present[seat][1]


def seen(state: TataState, seat: int) -> Seen:
    """The seat's knowledge (the same facts as ``state.view(seat)``)."""
    p = B.PRESENT
    return Seen(
        seat=seat,
        players=state.players,
        clock=state.clock,
        limit=state.settings.limit,
        next_check=state.next_check(),
        turns=state.turns[seat],
        alive=state.alive,
        agents=state.agents[seat],
        wealth=state.wealth[seat],
        vis=state.vis[seat],
        rankings=state.rankings,
        present=tuple((state.agents[s][p], state.wealth[s][p]) for s in range(state.players)),
        control=state.control,
        opps=state.opps,
    )


# -- shared arithmetic ------------------------------------------------------------------------


@cache
def reach(src: int, dst: int) -> float:
    """Expected number of echoes of one gain at ``src`` that land on ``dst``."""
    total = 0.0
    for n in B.LOCATIONS[src].next:
        if n == dst:
            total += 1 / 3
        elif n != B.PRESENT:
            total += reach(n, dst) / 3
    return total


def win_chance_rough(att: tuple[int, int], dfn: tuple[int, int]) -> float:
    """Challenge odds with the defence's damage taken at its average."""
    d_strikes = min(dfn)
    if d_strikes == 0:
        return 1.0
    a = att[0] - 0.2 * d_strikes
    w = att[1] - 0.2 * d_strikes
    return _tail(max(0, int(min(a, w))), d_strikes)


@cache
def win_chance_exact(att: tuple[int, int], dfn: tuple[int, int]) -> float:
    """Exact challenge odds: every defence result, then the binomial tail of neutralisations."""
    d_strikes = min(dfn)
    if d_strikes == 0:
        return 1.0
    # dist[(kills, destroys)] after the defender's strikes
    dist: dict[tuple[int, int], float] = {(0, 0): 1.0}
    for _ in range(d_strikes):
        nxt: dict[tuple[int, int], float] = {}
        for (k, d), pr in dist.items():
            for key, q in (((k + 1, d), 0.2), ((k, d + 1), 0.2), ((k, d), 0.6)):
                nxt[key] = nxt.get(key, 0.0) + pr * q
        dist = nxt
    total = 0.0
    for (k, d), pr in dist.items():
        strikes = min(max(0, att[0] - k), max(0, att[1] - d))
        total += pr * _tail(strikes, d_strikes)
    return total


@cache
def _tail(strikes: int, need: int) -> float:
    """P(at least ``need`` successes of chance 0.4 in ``strikes`` tries)."""
    if need <= 0:
        return 1.0
    if strikes < need:
        return 0.0
    return sum(comb(strikes, j) * 0.4**j * 0.6 ** (strikes - j) for j in range(need, strikes + 1))


# -- bots -------------------------------------------------------------------------------------


def _wait(me: Seen) -> Wait:
    return Wait(me.clock + 1)


class RandomishBot(Bot[Action]):
    """Half the time a random affordable opportunity, otherwise wait an hour."""

    def choose(self, state: State[Action], context: BotContext) -> Action:
        """Deterministic in what the seat sees (seeded from the clock, the seat and its turns)."""
        assert isinstance(state, TataState)
        me = seen(state, state.current_player())
        pick = random.Random(f"{me.clock}:{me.seat}:{me.turns}:{state.next_id}")
        options = [o for o in me.opps if o.price <= me.turns]
        if options and pick.random() < 0.5:
            return Buy(pick.choice(options).id)
        return _wait(me)


class NoviceBot(Bot[Action]):
    """Greedy: the biggest immediate gain per turn, holdings counted wherever they land."""

    def choose(self, state: State[Action], context: BotContext) -> Action:
        """The best affordable opportunity if it gives at least half a unit per turn."""
        assert isinstance(state, TataState)
        me = seen(state, state.current_player())
        best, best_score = None, 0.5
        for opp in me.opps:
            if opp.price > me.turns:
                continue
            mult = 2 if me.control[opp.loc] == me.seat else 1
            if opp.kind in ("recruit", "acquire"):
                gain = float(opp.benefit * mult)
            elif opp.kind == "indirect":
                gain = float(
                    min(me.agents[opp.loc], me.wealth[opp.loc], me.agents[opp.target]) * mult
                )
            elif opp.kind == "invest":
                gain = float(
                    min(me.agents[opp.loc], me.wealth[opp.loc], me.wealth[opp.target]) * mult
                )
            else:
                continue
            score = gain / opp.price
            if score > best_score:
                best, best_score = opp, score
        return Buy(best.id) if best is not None else _wait(me)


PAST_UNIT = 0.005
"""What one agent or wealth in the past is worth, in present-day units: ammunition only."""
AMMUNITION = 8
"""Past holdings above this many in one location are not counted."""
SCHEMER_BANK = 20
"""Above this many turns in hand the schemer's bar falls in proportion (twice as many: half)."""
ATTACK_UNIT = 0.03
"""What one strike against a rival's past is worth (it slows their indirect gains and attacks)."""


@cache
def echo_value(loc: int) -> float:
    """Expected present-day units from a gain of one at ``loc``, counting every echo."""
    return sum(reach(loc, m) * (1.0 if m == B.PRESENT else PAST_UNIT) for m in B.later(loc))


class SchemerBot(Bot[Action]):
    """Plans echoes, guards characters, attacks the visible, challenges with odds.

    Everything is valued in present-day units (what strength is counted in);
    an opportunity is bought when it gives enough per turn.
    """

    threshold = 0.12
    """Present-day units per turn an opportunity must promise."""
    doubling_weight = 1.0
    """How much the doubling a character gives counts, against its shield value."""

    def chance(self, att: tuple[int, int], dfn: tuple[int, int]) -> float:
        """Challenge odds (rough for the schemer)."""
        return win_chance_rough(att, dfn)

    def threat(self, me: Seen) -> float:
        """The best odds any living rival has of winning a challenge against us."""
        return max(
            (
                self.chance(me.present[s], me.present[me.seat])
                for s in range(me.players)
                if s != me.seat and me.alive[s]
            ),
            default=0.0,
        )

    def shield_value(self, me: Seen, seat: int, owned: int) -> float:
        """How much one more character protects ``seat`` from elimination."""
        living = [s for s in range(me.players) if me.alive[s]]
        lower = sum(1 for s in living if me.strength(s) < me.strength(seat))
        if owned == 0:
            return 6.0 if lower <= 1 else 2.0
        if owned == 1:
            return 3.0 if lower <= 1 else 0.8
        return 0.2

    def character_value(self, me: Seen, seat: int, loc: int) -> float:
        """Present-day units a character at ``loc`` is worth to ``seat``: doubling plus shield."""
        owned = sum(1 for c in me.control if c == seat)
        if me.control[loc] == seat:
            owned -= 1  # what losing it would leave
        doubling = self.doubling_weight * 1.5 * echo_value(loc) * 3 + 0.05
        return doubling + self.shield_value(me, seat, owned)

    def value(self, me: Seen, opp: Opportunity) -> float:
        """Expected worth of taking ``opp`` now, in present-day units."""
        mult = 2 if me.control[opp.loc] == me.seat and opp.kind != "challenge" else 1
        loc = opp.loc
        if opp.kind in ("recruit", "acquire"):
            gain = opp.benefit * mult
            own = me.agents if opp.kind == "recruit" else me.wealth
            other = me.wealth if opp.kind == "recruit" else me.agents
            balance = 1.5 if own[loc] < other[loc] else 1.0
            useful = max(0, min(gain, AMMUNITION - own[loc]))
            return gain * echo_value(loc) + useful * PAST_UNIT * balance
        if opp.kind in ("indirect", "invest"):
            grid = me.agents if opp.kind == "indirect" else me.wealth
            gain = min(me.agents[loc], me.wealth[loc], grid[opp.target]) * mult
            # Past holdings are only ammunition: beyond a few, more are worth nothing.
            useful = max(0, min(gain, AMMUNITION - grid[opp.target]))
            return useful * PAST_UNIT * 1.5
        if opp.kind == "attack":
            victim = me.top_other(loc)
            if victim is None:
                return 0.0
            strikes = min(me.agents[loc], me.wealth[loc], 12) * mult
            living = [s for s in range(me.players) if me.alive[s]]
            leader = max(living, key=me.strength)
            spite = 2.0 if victim == leader else 1.0
            # Damage to a rival's past is worth less than our own gains: half a unit each.
            return strikes * 0.5 * ATTACK_UNIT * spite
        owner = me.control[loc]
        if owner == me.seat:
            # Guard: discard it before a rival with good odds can take it.
            return self.threat(me) * self.character_value(me, me.seat, loc)
        odds = self.chance(me.present[me.seat], me.present[owner])
        loss = 0.4 * min(me.present[owner])  # the defence's expected damage to our present
        prize = self.character_value(me, me.seat, loc) + 0.5 * self.character_value(me, owner, loc)
        return odds * prize - loss

    def choose(self, state: State[Action], context: BotContext) -> Action:
        """The best opportunity per turn among those that clear their bar; otherwise wait."""
        assert isinstance(state, TataState)
        me = seen(state, state.current_player())
        best, best_score = None, 0.0
        for opp in me.opps:
            if opp.price > me.turns:
                continue
            score = self.value(me, opp) / opp.price
            if score > self.bar_for(me, opp.price) and score > best_score:
                best, best_score = opp, score
        return Buy(best.id) if best is not None else _wait(me)

    def bar_for(self, me: Seen, price: int) -> float:
        """The per-turn threshold for spending ``price`` turns: lower the more turns pile up.

        A bank that keeps growing means the bar is too high for the offers on
        the table, and a turn left at the hour limit is worth nothing.
        """
        return self.threshold * min(1.0, SCHEMER_BANK / max(1, me.turns))


class OverlordBot(SchemerBot):
    """Counts only what decides the game: present-day strength and characters.

    Past holdings never add to strength and never echo (only a direct gain
    does), so it buys direct gains by their chance of reaching the present
    (favouring the short side of its present, which makes its defence strike
    more often) and never buys indirect gains, investments or attacks: an
    attack only moves holdings in the past, which nobody's present ever feels.
    Characters are priced by their real worth: the doubling left (hours left
    times the present-day reach of the location's direct offers) plus the
    shield against elimination, counted only when the holder could be the
    weakest at a check still to come.  It guards a character only against a
    rival for whom the challenge would pay; challenges use exact odds, weigh
    the present-day forces the defence will cost, and strip the weakest player
    of their characters so elimination checks can bite.

    Turns are budgeted rather than hoarded: a turn left at the hour limit is
    worth nothing, so the bar for the turns above a reserve falls the more of
    them pile up, the reserve itself goes only on the best offers (a fresh
    offer is seen first by the seat whose purchase drew it, so turns in hand
    are what wins the scarce ones near the present), and both bars fall to
    nothing as the hour limit nears.
    """

    threshold = 0.13
    """Present-day units per turn a purchase must promise when it dips into the reserve."""

    def chance(self, att: tuple[int, int], dfn: tuple[int, int]) -> float:
        """Exact challenge odds."""
        return win_chance_exact(att, dfn)

    def doubling(self, me: Seen, loc: int) -> float:
        """Present-day units the doubling at ``loc`` should bring over the hours left."""
        hours = max(0, me.limit - me.clock)
        return DIRECT_RATE * hours * 3.0 * present_reach(loc)

    def shield(self, me: Seen, seat: int, owned: int) -> float:
        """How much a character protects ``seat`` from elimination (``owned`` = the others).

        Only when a check is still to come before the hour limit (the check at
        the limit itself decides nothing: the strongest wins either way), and
        only when ``seat`` is, or is close to, the weakest.
        """
        if me.next_check >= me.limit:
            return 0.0
        living = [s for s in range(me.players) if me.alive[s]]
        lower = sum(1 for s in living if me.strength(s) < me.strength(seat))
        if owned == 0:
            return 12.0 if lower == 0 else 4.0 if lower == 1 else 0.5
        if owned == 1 and lower == 0:
            return 2.0
        return 0.0

    def worth(self, me: Seen, seat: int, loc: int) -> float:
        """What the character at ``loc`` is worth to ``seat``: doubling left plus shield."""
        others = sum(1 for c in me.control if c == seat) - (me.control[loc] == seat)
        return self.doubling(me, loc) + self.shield(me, seat, others)

    def danger(self, me: Seen, loc: int) -> float:
        """The best odds of a rival who would gain by challenging us for ``loc``.

        A rival whose expected prize does not cover what our defence costs it
        leaves the challenge alone, so a character worth little is not guarded.
        """
        mine = me.present[me.seat]
        cost = 0.4 * min(mine)
        # Stripping us of our last characters while we are the weakest lets a check
        # eliminate us: that is worth a challenge to a rival even for a poor character.
        living = [s for s in range(me.players) if me.alive[s]]
        owned = sum(1 for c in me.control if c == me.seat)
        weakest = me.strength(me.seat) <= min(me.strength(s) for s in living)
        strip = STRIP / owned if weakest and owned <= STRIP_FROM and me.next_check < me.limit else 0
        worst = 0.0
        for s in living:
            if s == me.seat:
                continue
            odds = self.chance(me.present[s], mine)
            if odds * (self.worth(me, s, loc) + strip) > cost:
                worst = max(worst, odds)
        return worst

    def value(self, me: Seen, opp: Opportunity) -> float:
        """Expected present-day units from taking ``opp`` now."""
        loc = opp.loc
        mult = 2 if me.control[loc] == me.seat and opp.kind != "challenge" else 1
        if opp.kind in ("recruit", "acquire"):
            agents, wealth = me.present[me.seat]
            short = agents < wealth if opp.kind == "recruit" else wealth < agents
            # A balanced present makes more strikes in challenges, for and against.
            return opp.benefit * mult * present_reach(loc) * (BALANCE if short else 1.0)
        if opp.kind != "challenge":
            # Indirect gains, investments and attacks change only holdings in the
            # past, which never echo: nobody's present strength moves.
            return 0.0
        owner = me.control[loc]
        owned = sum(1 for c in me.control if c == me.seat)
        if owner == me.seat:
            return self.danger(me, loc) * self.worth(me, me.seat, loc)
        odds = self.chance(me.present[me.seat], me.present[owner])
        if odds < 0.5:
            return 0.0
        loss = 0.4 * min(me.present[owner])
        theirs = sum(1 for c in me.control if c == owner)
        living = [s for s in range(me.players) if me.alive[s]]
        weakest = min(me.strength(s) for s in living if s != me.seat)
        strip = 0.0
        if (
            me.strength(owner) <= weakest
            and odds >= 0.8
            and theirs <= STRIP_FROM
            and me.next_check < me.limit
        ):
            # Taking the weakest player's last characters lets the next check eliminate them.
            strip = STRIP / theirs
        prize = self.doubling(me, loc) + self.shield(me, me.seat, owned) + strip
        return odds * prize - loss

    def bar_for(self, me: Seen, price: int) -> float:
        """The per-turn bar for spending ``price`` of the seat's turns now.

        Spending that keeps the reserve needs at most :data:`SPARE_BAR`, less
        the more turns would still be left above the reserve (a bank that keeps
        growing is a bar set too high: every turn left at the limit is lost);
        eating into the reserve needs the full threshold.  The reserve shrinks
        and both bars fall over the last :data:`END_RAMP` hours, and in the
        last :data:`END_HOURS` anything of present-day value is bought.
        """
        hours = me.limit - me.clock
        if hours <= END_HOURS:
            return 0.0
        reserve = min(RESERVE, hours // 4)
        ramp = min(1.0, hours / END_RAMP)
        spare = me.turns - price - reserve
        if spare >= 0:
            return SPARE_BAR * ramp * SPARE_SLACK / (SPARE_SLACK + spare)
        return self.threshold * ramp


@cache
def present_reach(loc: int) -> float:
    """Expected present-day units from a direct gain of one at ``loc`` (its echoes)."""
    return reach(loc, B.PRESENT)


DIRECT_RATE = 0.01
"""Direct opportunities per hour the overlord expects to buy at one location it doubles."""
STRIP = 3.0
"""Worth of leaving the weakest player one character closer to elimination."""
BALANCE = 1.2
"""Extra weight of a direct gain on the short side of the present (agents vs wealth)."""
STRIP_FROM = 2
"""The overlord strips the weakest player once they hold this many characters or fewer."""
RESERVE = 12
"""Turns the overlord keeps in hand to take a valuable offer the moment it appears."""
SPARE_BAR = 0.065
"""Present-day units per turn that turns just above the reserve must buy (half the threshold)."""
SPARE_SLACK = 8
"""Turns above the reserve that halve the spare bar (twice as many: a third of it, ...)."""
END_RAMP = 40
"""Over this many last hours the bars fall toward zero, so no turns are left at the limit."""
END_HOURS = 3
"""In the last hours before the limit the overlord buys anything with present-day value."""


def make_bot(level: str) -> Bot[Action]:
    """The bot for one of :data:`LEVELS`."""
    bots: dict[str, type[Bot[Action]]] = {
        "random": RandomishBot,
        "novice": NoviceBot,
        "schemer": SchemerBot,
        "overlord": OverlordBot,
    }
    if level not in bots:
        raise FormatError(f"Time and Time Again has no AI level {level!r}")
    return bots[level]()
