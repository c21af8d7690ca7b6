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
        if any(s < 0 or s != int(s) for s in scores):
            raise MatchError("scores are whole numbers of chips")
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
