"""A match: an agreed number of rounds whose chips add up.

One game state is one round; the page keeps a :class:`Match` beside it and
adds each finished round's scores (the winner's chips already doubled, as
:meth:`TimelineState.outcome` reports them).  After the last round, the
player with the most chips in total wins the match; equal totals share it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

DEFAULT_ROUNDS = 4


class MatchError(ValueError):
    """A round that does not fit the match (wrong player count, match over)."""


@dataclass(frozen=True)
class Match:
    """Rounds played so far and the chips each player has collected."""

    players: int
    rounds: int = DEFAULT_ROUNDS
    results: tuple[tuple[int, ...], ...] = ()
    winners: tuple[int | None, ...] = ()

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 6:
            raise MatchError("a match has 2 to 6 players")
        if self.rounds < 1:
            raise MatchError("a match has at least one round")

    @property
    def played(self) -> int:
        """Rounds finished."""
        return len(self.results)

    @property
    def finished(self) -> bool:
        """True once every agreed round is played."""
        return self.played >= self.rounds

    def totals(self) -> tuple[int, ...]:
        """Each player's chips over all rounds played."""
        return tuple(sum(r[s] for r in self.results) for s in range(self.players))

    def add_round(self, scores: Sequence[float], winner: int | None) -> Match:
        """The match after one more round with these final ``scores``.

        ``scores`` are the round's scores with the winner's chips already
        doubled; ``winner`` is who placed the eighth card (``None`` if the
        pile ran out).
        """
        if self.finished:
            raise MatchError("the match is over")
        if len(scores) != self.players:
            raise MatchError(f"a round of this match has {self.players} scores")
        # A judge's debt of one chip can leave a round's score at -1.
        if any(s < -1 or s != int(s) for s in scores):
            raise MatchError("scores are whole numbers of chips (at least -1)")
        if winner is not None and not 0 <= winner < self.players:
            raise MatchError("no such player")
        return replace(
            self,
            results=(*self.results, tuple(int(s) for s in scores)),
            winners=(*self.winners, winner),
        )

    def leaders(self) -> tuple[int, ...]:
        """Players with the most chips so far (all of them share a final win)."""
        totals = self.totals()
        best = max(totals)
        return tuple(s for s, t in enumerate(totals) if t == best)

    def to_dict(self) -> dict[str, Any]:
        """Plain-dict form for the page's autosave."""
        return {
            "players": self.players,
            "rounds": self.rounds,
            "results": [list(r) for r in self.results],
            "winners": list(self.winners),
            "totals": list(self.totals()),
            "finished": self.finished,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Match:
        """Inverse of :meth:`to_dict`; raises :class:`MatchError` if inconsistent."""
        try:
            match = cls(int(data["players"]), int(data["rounds"]))
            for scores, winner in zip(data["results"], data["winners"], strict=True):
                match = match.add_round(scores, None if winner is None else int(winner))
        except (KeyError, TypeError, ValueError) as err:
            if isinstance(err, MatchError):
                raise
            raise MatchError(f"not a valid match: {err}") from None
        return match


MAX_ROUNDS = 8
"""The most rounds the page offers for a match."""


def match_tool(args: Mapping[str, Any]) -> dict[str, Any]:
    """The ``match`` tool: a page's stored match, updated.

    ``args``: ``match`` (a previous answer, or absent for a new match),
    ``players`` and ``rounds`` for a new match (``rounds`` also changes the
    agreed number of an unfinished one), and ``round``, the record of a
    finished round.  The engine replays the round and adds its scores, the
    winner's chips already doubled.  Each round is counted once, keyed by
    its seed, so showing the same finished round again changes nothing.
    Refuses bad data with :class:`FormatError`.
    """
    from ..core.protocol import FormatError

    try:
        return _match_tool(args)
    except MatchError as err:
        raise FormatError(str(err)) from None


def _whole(value: Any, name: str, low: int, high: int) -> int:
    from ..core.protocol import FormatError

    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise FormatError(f"'{name}' must be a whole number from {low} to {high}")
    return value


def _match_tool(args: Mapping[str, Any]) -> dict[str, Any]:
    from ..core.protocol import FormatError
    from ..core.record import GameRecord, RecordError, replay

    stored = args.get("match")
    rounds = args.get("rounds")
    counted: list[str] = []
    if stored is None:
        players = _whole(args.get("players"), "players", 2, 6)
        match = Match(players, _whole(rounds, "rounds", 1, MAX_ROUNDS))
    else:
        if not isinstance(stored, Mapping):
            raise FormatError("'match' must be a match the tool gave before")
        match = Match.from_dict(stored)
        raw = stored.get("counted", [])
        if not isinstance(raw, list) or not all(isinstance(k, str) for k in raw):
            raise FormatError("the match's 'counted' must be a list of round seeds")
        counted = list(raw)
        if rounds is not None:
            rounds = _whole(rounds, "rounds", 1, MAX_ROUNDS)
            if rounds < match.played:
                raise FormatError(f"{match.played} rounds are played already")
            match = replace(match, rounds=rounds)
    added = False
    raw_round = args.get("round")
    if raw_round is not None:
        try:
            record = GameRecord.from_dict(raw_round)
            if record.game != "timeline_cards":
                raise FormatError("the round is not a Timeline round")
            final = replay(record, len(record.actions))[-1]
        except RecordError as err:
            raise FormatError(f"the round cannot be replayed: {err}") from None
        outcome = final.outcome()
        if outcome is None:
            raise FormatError("the round is not finished yet")
        key = str(record.seed)
        if key not in counted:
            # The winner placed an eighth card; with an empty pile nobody did.
            winner = outcome.winners[0] if outcome.reason != "the pile ran out" else None
            match = match.add_round(outcome.returns, winner)
            counted.append(key)
            added = True
    data = match.to_dict()
    data["counted"] = counted
    data["leaders"] = list(match.leaders())
    data["added"] = added
    return {"match": data}
