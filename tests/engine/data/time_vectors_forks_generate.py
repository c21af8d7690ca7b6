"""Generate ``time_vectors_forks.json``: positions where the player to move faces a
threat-then-fork (the opponent threatens, the forced block lets them fork).

Run ``python3 tests/engine/data/time_vectors_forks_generate.py [COUNT]``.  Games
are seeded and played by a light random heuristic; every position kept is
checked with the independent threat search in ``tests/bench/independent_tv.py``
(no code shared with the AI under test):

* neither side has a point that wins at once (so the defender is not simply
  forced to block a threat);
* the opponent has no fork now, but wins by threat-then-fork if the defender
  does nothing about it;
* the defender has no forced win of their own;
* at least one defending move leaves the opponent with no forced win, and the
  moves that do are recorded.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

from independent_tv import CELLS, CHECK_DEPTH, CHECK_NODES, Position, forced_win  # noqa: E402
from timegames.time_vectors import GAME  # noqa: E402
from timegames.time_vectors.board import name  # noqa: E402

OUT = Path(__file__).with_name("time_vectors_forks.json")
OPTIONS = {"supply": 0}


def wins_by_force(pos: Position, att: int, depth: int) -> bool:
    return forced_win(pos, att, depth, [CHECK_NODES]) is not None


def defences(pos: Position, me: int) -> list[int]:
    """Every move of ``me`` after which the opponent has no forced win."""
    good = []
    for p in range(CELLS):
        if pos.cells[p] >= 0:
            continue
        pos.put(p, me)
        if not wins_by_force(pos, 1 - me, CHECK_DEPTH):
            good.append(p)
        pos.take(p, me)
    return good


def candidate(pos: Position, me: int) -> list[int] | None:
    """The defending moves if this is a threat-then-fork position, else None."""
    att = 1 - me
    if pos.gaps(me) or pos.gaps(att):
        return None
    if wins_by_force(pos, att, 1) or not wins_by_force(pos, att, 2):
        return None
    if wins_by_force(pos, me, CHECK_DEPTH):
        return None
    good = defences(pos, me)
    free = sum(1 for c in pos.cells if c < 0)
    # Keep positions where most moves lose: a real test of defence.
    return good if good and len(good) <= free // 4 else None


def generate(count: int) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        rng = random.Random(seed)
        state = GAME.new_game(OPTIONS, seed)
        moves: list[str] = []
        for _ in range(40):
            if state.is_terminal():
                break
            me = state.colour_of(state.current_player())
            pos = Position(state.cells)
            if len(moves) >= 8:
                good = candidate(pos, me)
                if good is not None:
                    found.append(
                        {
                            "moves": list(moves),
                            "to_move": me,
                            "defences": [name(p) for p in good],
                            "seed": seed,
                        }
                    )
                    print(f"{len(found)}: seed {seed}, {len(moves)} moves, {len(good)} defences")
                    break
            free = [p for p in range(CELLS) if pos.cells[p] < 0]
            urgent = sorted(pos.gaps(me) or pos.gaps(1 - me))
            if urgent:
                move = urgent[0]
            else:
                ranked = sorted(free, key=lambda p: -pos.worth(p, me))
                move = ranked[rng.randrange(6)]
            moves.append(name(move))
            state = state.play_text(name(move))
    return found


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    data = {"options": OPTIONS, "positions": generate(count)}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
