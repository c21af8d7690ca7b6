"""Timelock's optional scoring: single games, matches to a target, round-robin tournaments.

All of it is plain bookkeeping that a page can call: no state is kept except in
the small value objects below, which serialise to plain dicts.

* A finished game scores the pips of the loser's Time Stack pieces that do not
  match the Goal; if none of them match, the winner also gets the Goal's 6
  pips, for a perfect 30.  In solitaire the player scores the opposing
  pyramids left on the board, again with the 6-point bonus when none were lost.
* A match is played to an agreed total (20 to 50): the first to reach it wins.
* A tournament is a round robin; players tied at the top play each other again
  until one of them wins.
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
    """Pips of the opposing pyramids still on the board, plus 6 if none was removed."""
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
    """A series of games played to ``target`` points (the rules suggest 20 to 50)."""

    players: tuple[str, ...]
    target: int = 30
    totals: tuple[int, ...] = ()
    games: int = 0

    def __post_init__(self) -> None:
        if not 20 <= self.target <= 50:
            raise ValueError("a match is played to a total from 20 to 50 points")
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

    def to_dict(self) -> dict[str, Any]:
        """Plain-dict form for pages."""
        return {
            "players": list(self.players),
            "target": self.target,
            "totals": list(self.totals),
            "games": self.games,
            "champion": self.champion(),
        }


# -- tournaments --------------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentGame:
    """One finished tournament game."""

    first: str
    second: str
    winner: str
    points: int
    tiebreak: bool = False


@dataclass(frozen=True)
class Tournament:
    """A round robin: everyone plays everyone once; ties at the top play again."""

    players: tuple[str, ...]
    results: tuple[TournamentGame, ...] = field(default=())

    def __post_init__(self) -> None:
        if len(set(self.players)) != len(self.players) or len(self.players) < 2:
            raise ValueError("a tournament needs two or more differently named players")

    def schedule(self) -> list[list[tuple[str, str]]]:
        """Rounds of pairings by the circle method; an odd field gives a bye each round."""
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

    def pairings(self) -> list[tuple[str, str]]:
        """Every round-robin pairing, in schedule order."""
        return [pair for rnd in self.schedule() for pair in rnd]

    def _played(self, a: str, b: str) -> bool:
        return any(not r.tiebreak and {r.first, r.second} == {a, b} for r in self.results)

    def remaining(self) -> list[tuple[str, str]]:
        """Round-robin games not yet played."""
        return [(a, b) for a, b in self.pairings() if not self._played(a, b)]

    def record(self, first: str, second: str, winner: str, points: int) -> Tournament:
        """The tournament after one game (a tie-break game once the round robin is over)."""
        if first == second or first not in self.players or second not in self.players:
            raise ValueError("a game is between two different players of the tournament")
        if winner not in (first, second):
            raise ValueError("the winner must be one of the two players")
        tiebreak = not self.remaining()
        if tiebreak:
            tied = set(self.tied_leaders())
            if not {first, second} <= tied:
                raise ValueError("after the round robin only players tied at the top play")
        elif self._played(first, second):
            raise ValueError(f"{first} and {second} have already played")
        game = TournamentGame(first, second, winner, points, tiebreak)
        return Tournament(self.players, (*self.results, game))

    def totals(self) -> dict[str, int]:
        """Round-robin points per player (tie-break games do not add points)."""
        totals = dict.fromkeys(self.players, 0)
        for r in self.results:
            if not r.tiebreak:
                totals[r.winner] += r.points
        return totals

    def tied_leaders(self) -> list[str]:
        """Players sharing the top score who have not been separated by tie-break games."""
        totals = self.totals()
        best = max(totals.values())
        tied = [p for p in self.players if totals[p] == best]
        # Tie-break games knock out their losers until one player is left.
        for r in self.results:
            if r.tiebreak:
                loser = r.second if r.winner == r.first else r.first
                if loser in tied and len(tied) > 1:
                    tied.remove(loser)
        return tied

    def tiebreak_pairings(self) -> list[tuple[str, str]]:
        """Games the tied leaders still have to play (empty when there is a clear winner)."""
        if self.remaining():
            return []
        tied = self.tied_leaders()
        return list(combinations(tied, 2)) if len(tied) > 1 else []

    def winner(self) -> str | None:
        """The champion once the round robin and any tie-breaks are over."""
        if self.remaining():
            return None
        tied = self.tied_leaders()
        return tied[0] if len(tied) == 1 else None

    def standings(self) -> list[tuple[str, int]]:
        """Players by score, best first (ties keep the order of entry)."""
        totals = self.totals()
        return sorted(((p, totals[p]) for p in self.players), key=lambda item: -item[1])

    def to_dict(self) -> dict[str, Any]:
        """Plain-dict form for pages."""
        return {
            "players": list(self.players),
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
            "standings": [[p, t] for p, t in self.standings()],
            "remaining": [list(p) for p in self.remaining()],
            "tiebreaks": [list(p) for p in self.tiebreak_pairings()],
            "winner": self.winner(),
        }


def standings_table(players: Sequence[str], games: Sequence[tuple[str, str, str, int]]) -> Any:
    """Convenience: a tournament's plain dict from ``(first, second, winner, points)`` games."""
    t = Tournament(tuple(players))
    for first, second, winner, points in games:
        t = t.record(first, second, winner, points)
    return t.to_dict()
