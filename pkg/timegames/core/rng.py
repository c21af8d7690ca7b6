"""A small seeded generator that lives inside game states.

Python's ``random.Random`` cannot be part of an immutable state (it mutates),
and its output could differ between Python versions.  :class:`Rng` is
SplitMix64 over a ``(seed, counter)`` pair: each draw returns a value and the
next generator, so a state that holds an ``Rng`` replays identically in
CPython and in Pyodide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    z = (x + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(frozen=True)
class Rng:
    """An immutable generator: ``seed`` fixes the stream, ``counter`` the position."""

    seed: int
    counter: int = 0

    def value(self) -> int:
        """The 64-bit value at the current position (does not advance)."""
        return _splitmix64((self.seed * 0x2545F4914F6CDD1D + self.counter) & _MASK)

    def advance(self, steps: int = 1) -> Rng:
        """The generator ``steps`` draws later."""
        return Rng(self.seed, self.counter + steps)

    def below(self, n: int) -> int:
        """A value in ``range(n)`` from the current position (does not advance).

        Rejection sampling over the 64-bit value would need extra draws; the
        bias of a plain modulo is below 2**-50 for the small ``n`` of dice and
        decks, far under anything a player could notice.
        """
        if n <= 0:
            raise ValueError("n must be positive")
        return self.value() % n

    def weighted_index(self, weights: Sequence[float]) -> int:
        """An index chosen with probability proportional to ``weights``."""
        total = float(sum(weights))
        if total <= 0:
            raise ValueError("weights must have a positive sum")
        point = (self.value() / float(1 << 64)) * total
        running = 0.0
        for index, weight in enumerate(weights):
            running += weight
            if point < running:
                return index
        return len(weights) - 1

    def shuffled(self, items: Sequence[object]) -> tuple[list[object], Rng]:
        """A Fisher-Yates shuffle of ``items`` and the generator after it."""
        result = list(items)
        rng = self
        for i in range(len(result) - 1, 0, -1):
            j = rng.below(i + 1)
            rng = rng.advance()
            result[i], result[j] = result[j], result[i]
        return result, rng

    def to_dict(self) -> dict[str, int]:
        """Plain-dict form."""
        return {"seed": self.seed, "counter": self.counter}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> Rng:
        """Inverse of :meth:`to_dict`."""
        return cls(int(data["seed"]), int(data["counter"]))
