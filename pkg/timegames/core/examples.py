"""Rule examples: positions from a rules page that the engine replays live."""

from __future__ import annotations

from dataclasses import dataclass, field

from .protocol import JSON


@dataclass(frozen=True)
class Example:
    """A position from the rules: moves from a new game, and what to highlight.

    ``moves`` start from seed 0 with ``options`` (default options when empty);
    ``highlight`` names the points, squares or cards the caption talks about.
    """

    key: str
    title: str
    caption: str
    moves: tuple[str, ...]
    highlight: tuple[str, ...]
    options: JSON = field(default_factory=dict)

    def to_dict(self) -> JSON:
        """The plain form :meth:`Game.examples` returns."""
        data: JSON = {
            "key": self.key,
            "title": self.title,
            "caption": self.caption,
            "moves": list(self.moves),
            "highlight": list(self.highlight),
        }
        if self.options:
            data["options"] = dict(self.options)
        return data
