"""Timelock's optional scoring: single games, matches to a target, round-robin tournaments.

All of it is plain bookkeeping that a page can call: no state is kept except in
the small value objects below, which serialise to plain dicts.

* A finished game scores the pips of the loser's Time Stack pieces that do not
  match the Goal; if none of them match, the winner also gets the Goal's 6
  pips, for a perfect 30.  In solitaire the player scores the opposing
  pyramids left on the board, again with the 6-point bonus when none were lost.
* A match is played to an agreed total (the rules suggest 20 to 50; any
  positive total is accepted): the first to reach it wins.  In partner games
  the turn order should alternate from game to game (:meth:`MatchScore.next_direction`).
* A tournament is a round robin (by default as many rounds as the field
  needs for everyone to meet once); players tied at the top play each other
  again until one of them wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from . import board as B
from . import boardless as L

if TYPE_CHECKING:
    from .rules import TimelockState

GOAL_BONUS = 6
PERFECT = 30


def stack_points(state: TimelockState, g: int) -> int:
    """Pips of the pieces of Time Stack ``g`` that do not match its Goal (0 if removed)."""
    if g in state.removed:
        return 0
    if state.settings.boardless:
        matching = L.matching_sizes(
            L.config(state.columns, g), L.config(state.columns, state.goal_of(g))
        )
    else:
        cfg = B.config(state.board, g)
        goal = B.config(state.board, state.goal_of(g))
        matching = B.matching_sizes(cfg, goal)
    return sum(s for s in (B.PAWN, B.DRONE, B.QUEEN) if s not in matching)


def loser_points(state: TimelockState, team: int) -> int:
    """What the winner scores from a losing team: unmatched pips, plus the bonus for none."""
    stacks = state.settings.team_stacks(team)
    points = sum(stack_points(state, g) for g in stacks)
    all_pips = sum(B.PAWN + B.DRONE + B.QUEEN for _ in stacks)
    if points == all_pips:
        points += GOAL_BONUS
    return points


def solitaire_points(state: TimelockState) -> int:
    """Pips of the opposing pyramids on the board, plus 6 if all of them are there."""
    pips = sum(B.size_of(p) for f in B.STACK_FILES for p in state.home_stack(B.group(1, f)))
    return pips + GOAL_BONUS if pips == 4 * (B.PAWN + B.DRONE + B.QUEEN) else pips


def game_score(state: TimelockState) -> dict[str, Any] | None:
    """The optional score of a finished game, or ``None`` while it runs or after a draw.

    ``{"winners": [...], "points": n, "perfect": bool}``.
    """
    result = state.result
    if result is None:
        return None
    s = state.settings
    if s.mode == "solitaire":
        if not result.winners:
            return {"winners": [], "points": 0, "perfect": False}
        points = solitaire_points(state)
        return {"winners": [0], "points": points, "perfect": points == PERFECT}
    if not result.winners:
        return None
    winning_team = s.team_of(result.winners[0])
    losers = [t for t in range(s.teams) if t != winning_team]
    points = sum(loser_points(state, t) for t in losers)
    return {"winners": list(result.winners), "points": points, "perfect": points == PERFECT}


# -- matches ----------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchScore:
    """A series of games played to ``target`` points (the rules suggest 20 to 50, any is fine)."""

    players: tuple[str, ...]
    target: int = 30
    totals: tuple[int, ...] = ()
    games: int = 0

    def __post_init__(self) -> None:
        if self.target < 1:
            raise ValueError("a match is played to a total of 1 point or more (20 to 50 suggested)")
        if len(set(self.players)) != len(self.players) or len(self.players) < 2:
            raise ValueError("a match needs two or more differently named players")
        if not self.totals:
            object.__setattr__(self, "totals", (0,) * len(self.players))

    def add_game(self, winner: str, points: int) -> MatchScore:
        """The match after a game that ``winner`` won with ``points``."""
        if self.champion() is not None:
            raise ValueError("the match is already decided")
        if winner not in self.players:
            raise ValueError(f"{winner!r} does not play in this match")
        if not 0 <= points <= PERFECT:
            raise ValueError("a game scores from 0 to 30 points")
        totals = list(self.totals)
        totals[self.players.index(winner)] += points
        return MatchScore(self.players, self.target, tuple(totals), self.games + 1)

    def champion(self) -> str | None:
        """The first player to reach the target (only the last winner can have reached it)."""
        for name, total in zip(self.players, self.totals, strict=True):
            if total >= self.target:
                return name
        return None

    def next_direction(self) -> str:
        """Partner games: the turn order (option ``direction``) for the match's next game.

        Whichever way turns go, one partnership has the edge (see the rules
        page), so a match alternates: clockwise first, then counter-clockwise.
        """
        return "clockwise" if self.games % 2 == 0 else "counterclockwise"

    def to_dict(self) -> dict[str, Any]:
        """Plain-dict form for pages."""
        return {
            "players": list(self.players),
            "target": self.target,
            "totals": list(self.totals),
            "games": self.games,
            "champion": self.champion(),
            "next_direction": self.next_direction(),
        }


# -- tournaments --------------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentGame:
    """One finished tournament game; ``winner`` is empty for a drawn game (no points)."""

    first: str
    second: str
    winner: str
    points: int
    tiebreak: bool = False


@dataclass(frozen=True)
class Tournament:
    """A round robin: everyone meets everyone in turn; ties at the top play again.

    The rules give no pairing method; they only say the number of rounds is
    fixed beforehand and depends on how many take part.  This uses the circle method: with ``n``
    players, ``n - 1`` rounds (``n`` when ``n`` is odd, one player sitting out
    each round) make everyone meet once.  ``rounds`` may ask for fewer or more;
    more go round the circle again.
    """

    players: tuple[str, ...]
    results: tuple[TournamentGame, ...] = field(default=())
    rounds: int = 0
    """Rounds to play; 0 means one full round robin."""

    def __post_init__(self) -> None:
        if len(set(self.players)) != len(self.players) or len(self.players) < 2:
            raise ValueError("a tournament needs two or more differently named players")
        if any(not p.strip() for p in self.players):
            raise ValueError("every player needs a name")
        if not 0 <= self.rounds <= 4 * self.full_rounds():
            most = 4 * self.full_rounds()
            raise ValueError(f"a tournament of this size plays 1 to {most} rounds")

    def full_rounds(self) -> int:
        """Rounds in which everyone meets everyone once."""
        n = len(self.players)
        return n if n % 2 else n - 1

    def _circle(self) -> list[list[tuple[str, str]]]:
        names: list[str | None] = list(self.players)
        if len(names) % 2:
            names.append(None)
        rounds = []
        n = len(names)
        for _ in range(n - 1):
            pairs = [(names[i], names[n - 1 - i]) for i in range(n // 2)]
            rounds.append([(a, b) for a, b in pairs if a is not None and b is not None])
            names = [names[0], names[-1], *names[1:-1]]
        return rounds

    def schedule(self) -> list[list[tuple[str, str]]]:
        """The pairings of every round; an odd field gives one player a bye each round."""
        circle = self._circle()
        count = self.rounds or len(circle)
        out = []
        for i in range(count):
            # On the second time round the circle the seats swap, so each starts once.
            pairs = circle[i % len(circle)]
            out.append(pairs if (i // len(circle)) % 2 == 0 else [(b, a) for a, b in pairs])
        return out

    def byes(self) -> list[str | None]:
        """Who sits out each round (``None`` with an even field)."""
        out: list[str | None] = []
        for pairs in self.schedule():
            playing = {p for pair in pairs for p in pair}
            idle = [p for p in self.players if p not in playing]
            out.append(idle[0] if idle else None)
        return out

    def pairings(self) -> list[tuple[str, str]]:
        """Every scheduled pairing, in schedule order."""
        return [pair for rnd in self.schedule() for pair in rnd]

    def remaining(self) -> list[tuple[str, str]]:
        """Scheduled games not yet played, in order (a pairing met twice is played twice)."""
        played = [frozenset((r.first, r.second)) for r in self.results if not r.tiebreak]
        out = []
        for a, b in self.pairings():
            key = frozenset((a, b))
            if key in played:
                played.remove(key)
            else:
                out.append((a, b))
        return out

    def record(self, first: str, second: str, winner: str, points: int) -> Tournament:
        """The tournament after one game (a tie-break game once the schedule is played).

        ``winner`` is empty for a draw, which scores nothing; a drawn tie-break
        is simply played again.
        """
        if first == second or first not in self.players or second not in self.players:
            raise ValueError("a game is between two different players of the tournament")
        if winner not in (first, second, ""):
            raise ValueError("the winner must be one of the two players (empty for a draw)")
        if not 0 <= points <= PERFECT or (not winner and points):
            raise ValueError("a game scores from 0 to 30 points, and a draw none")
        tiebreak = not self.remaining()
        if tiebreak:
            if self.winner() is not None:
                raise ValueError("the tournament is over")
            tied = set(self.tied_leaders())
            if not {first, second} <= tied:
                raise ValueError("after the scheduled rounds only players tied at the top play")
        elif frozenset((first, second)) not in {frozenset(p) for p in self.remaining()}:
            raise ValueError(f"{first} and {second} have no game left to play")
        game = TournamentGame(first, second, winner, points, tiebreak)
        return Tournament(self.players, (*self.results, game), self.rounds)

    def totals(self) -> dict[str, int]:
        """Points per player from the scheduled games (tie-break games add none)."""
        totals = dict.fromkeys(self.players, 0)
        for r in self.results:
            if not r.tiebreak and r.winner:
                totals[r.winner] += r.points
        return totals

    def _knockouts(self) -> tuple[list[str], list[str]]:
        """Players tied on top points, and those tie-break games knocked out, in order."""
        totals = self.totals()
        best = max(totals.values())
        tied = [p for p in self.players if totals[p] == best]
        knocked: list[str] = []
        # Each tie-break game knocks out its loser until one player is left.
        for r in self.results:
            if r.tiebreak and r.winner:
                loser = r.second if r.winner == r.first else r.first
                if loser in tied and loser not in knocked and len(tied) - len(knocked) > 1:
                    knocked.append(loser)
        return tied, knocked

    def tied_leaders(self) -> list[str]:
        """Players sharing the top score who have not been knocked out by tie-break games."""
        tied, knocked = self._knockouts()
        return [p for p in tied if p not in knocked]

    def tiebreak_pairings(self) -> list[tuple[str, str]]:
        """The next tie-break game(s) (empty while the schedule runs or once there is a winner)."""
        if self.remaining():
            return []
        tied = self.tied_leaders()
        return list(combinations(tied, 2)) if len(tied) > 1 else []

    def next_game(self) -> tuple[str, str] | None:
        """The game to play next: the schedule's, then the first tie-break; ``None`` at the end."""
        left = self.remaining() or self.tiebreak_pairings()
        return left[0] if left else None

    def winner(self) -> str | None:
        """The champion once the schedule and any tie-breaks are over."""
        if self.remaining():
            return None
        tied = self.tied_leaders()
        return tied[0] if len(tied) == 1 else None

    def standings(self) -> list[tuple[str, int]]:
        """Players by score, best first.

        Among players level on points, tie-break games order those at the top:
        whoever is still in ranks above whoever was knocked out, and a later
        knock-out above an earlier one, so the champion always heads the table.
        Other ties keep the order of entry.
        """
        totals = self.totals()
        tied, knocked = self._knockouts()
        # The top players' places: those still in, then the knocked out, latest first.
        still_in = [p for p in tied if p not in knocked]
        place = {p: i for i, p in enumerate(still_in + knocked[::-1])}
        ranked = sorted(self.players, key=lambda p: (-totals[p], place.get(p, 0)))
        return [(p, totals[p]) for p in ranked]

    def to_dict(self) -> dict[str, Any]:
        """Plain-dict form for pages."""
        played = dict.fromkeys(self.players, 0)
        wins = dict.fromkeys(self.players, 0)
        for r in self.results:
            if not r.tiebreak:
                played[r.first] += 1
                played[r.second] += 1
                if r.winner:
                    wins[r.winner] += 1
        nxt = self.next_game()
        return {
            "players": list(self.players),
            "rounds": len(self.schedule()),
            "full_rounds": self.full_rounds(),
            "schedule": [[list(p) for p in rnd] for rnd in self.schedule()],
            "byes": self.byes(),
            "results": [
                {
                    "first": r.first,
                    "second": r.second,
                    "winner": r.winner,
                    "points": r.points,
                    "tiebreak": r.tiebreak,
                }
                for r in self.results
            ],
            "standings": [
                {"player": p, "points": t, "played": played[p], "wins": wins[p]}
                for p, t in self.standings()
            ],
            "remaining": [list(p) for p in self.remaining()],
            "tiebreaks": [list(p) for p in self.tiebreak_pairings()],
            "tied": self.tied_leaders() if not self.remaining() else [],
            "next": None if nxt is None else list(nxt),
            "winner": self.winner(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Tournament:
        """Rebuild a tournament from :meth:`to_dict` (or just players, rounds and results).

        Every game is recorded again, so a tampered result is refused.
        """
        t = cls(tuple(str(p) for p in data["players"]), (), int(data.get("rounds") or 0))
        for r in data.get("results") or []:
            winner = str(r["winner"] or "")
            t = t.record(str(r["first"]), str(r["second"]), winner, int(r["points"]))
        return t


def standings_table(
    players: Sequence[str], games: Sequence[tuple[str, str, str, int]], rounds: int = 0
) -> Any:
    """Convenience: a tournament's plain dict from ``(first, second, winner, points)`` games."""
    t = Tournament(tuple(players), (), rounds)
    for first, second, winner, points in games:
        t = t.record(first, second, winner, points)
    return t.to_dict()
