"""Stretch: proof-number search on small openings of cyclic 4^4.

Run with ``python3 tests/bench/bench_time_vectors.py --only pns``.

Qubic (4x4x4) is a first-player win (Patashnik 1980; Allis 1994, with
proof-number search over threat sequences).  Here the same idea is tried on
the Time Vectors board: from an opening, can the side to move (the attacker)
be *proved* to win?

* OR nodes (attacker to move) try the attacker's threats and its most
  promising quiet moves; one proved child proves the node.  Restricting the
  attacker's moves keeps proofs sound (a proof needs only one winning move),
  but a failure to prove is only "not proved", never a proof of a draw.
* AND nodes (defender to move) consider every empty point (or just the forced
  block), so a proof covers every defence.
* A leaf where the attacker to move has a win by continuous threats (the
  threat search of ``timegames.time_vectors.search``, sound because every
  defending reply in it is forced) is proved; one where the defender
  completes a vector first is disproved.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parents[2] / "pkg"))

from timegames.time_vectors import search  # noqa: E402
from timegames.time_vectors.board import name  # noqa: E402

INF = 10**9
QUIET = 6  # quiet attacking moves tried per OR node, besides every threat


class Node:
    __slots__ = ("children", "dn", "move", "or_node", "pn")

    def __init__(self, move: int, or_node: bool) -> None:
        self.move = move
        self.or_node = or_node
        self.pn = 1
        self.dn = 1
        self.children: list[Node] | None = None


class Prover:
    def __init__(self, cells: list[int], attacker: int, vcf_depth: int = 8) -> None:
        self.board = search.Board(cells)
        self.attacker = attacker
        self.searcher = search.Searcher(self.board, float("inf"))
        self.vcf_depth = vcf_depth
        self.nodes = 0

    def evaluate(self, node: Node) -> None:
        """Set a new node's numbers from the position on the board."""
        board, att = self.board, self.attacker
        dfd = 1 - att
        mover = att if node.or_node else dfd
        other = 1 - mover
        if board.gaps[mover]:
            won = mover == att
        elif len(board.gaps[other]) >= 2:
            won = other == att
        elif node.or_node and self.searcher.vcf(att, self.vcf_depth) is not None:
            won = True
        elif not board.empties():
            won = False
        else:
            return
        node.pn, node.dn = (0, INF) if won else (INF, 0)

    def expand(self, node: Node) -> None:
        board, att = self.board, self.attacker
        mover = att if node.or_node else 1 - att
        other = 1 - mover
        if board.gaps[other]:
            moves = sorted(board.gaps[other])[:1]  # the block is forced
        elif node.or_node:
            ranked = board.ranked(mover, QUIET)
            moves = ranked + [p for p in board.threat_moves(mover) if p not in ranked]
        else:
            moves = board.empties()
        node.children = []
        for p in moves:
            child = Node(p, not node.or_node)
            board.put(p, mover)
            self.evaluate(child)
            board.take(p, mover)
            node.children.append(child)
            self.nodes += 1
        self.update(node)

    @staticmethod
    def update(node: Node) -> None:
        kids = node.children or []
        if node.or_node:
            node.pn = min(c.pn for c in kids) if kids else INF
            node.dn = min(INF, sum(c.dn for c in kids)) if kids else 0
        else:
            node.pn = min(INF, sum(c.pn for c in kids)) if kids else 0
            node.dn = min(c.dn for c in kids) if kids else INF

    def prove(self, limit: int, seconds: float) -> tuple[str, Node]:
        root = Node(-1, True)
        self.evaluate(root)
        deadline = time.monotonic() + seconds
        while root.pn and root.dn and self.nodes < limit and time.monotonic() < deadline:
            self.descend(root)
        if root.pn == 0:
            return "proved win", root
        if root.dn == 0:
            return "disproved", root
        return "open", root

    def descend(self, node: Node) -> None:
        """Walk to the most-proving node, expand it, and update on the way back."""
        if node.children is None:
            self.expand(node)
            return
        mover = self.attacker if node.or_node else 1 - self.attacker
        key = (lambda c: c.pn) if node.or_node else (lambda c: c.dn)
        child = min(node.children, key=key)
        self.board.put(child.move, mover)
        self.descend(child)
        self.board.take(child.move, mover)
        self.update(node)


def openings(count: int, tokens: int) -> list[list[int]]:
    """Seeded random openings: ``tokens`` points, alternately Amber and Teal."""
    out = []
    for seed in range(count):
        rng = random.Random(4444 + seed)
        points = rng.sample(range(256), tokens)
        out.append(points)
    return out


def main(count: int = 4, limit: int = 40_000, seconds: float = 30.0) -> None:
    print(
        "\nProof-number search (stretch): can the player to move be proved to win?"
        f"\n{count} seeded openings per size, at most {limit} nodes or {seconds:.0f} s each"
    )
    for tokens in (2, 4, 6):
        tally: dict[str, int] = {}
        for points in openings(count, tokens):
            cells = [-1] * 256
            for i, p in enumerate(points):
                cells[p] = i % 2
            prover = Prover(cells, attacker=tokens % 2)
            started = time.monotonic()
            result, root = prover.prove(limit, seconds)
            tally[result] = tally.get(result, 0) + 1
            first = ""
            if result == "proved win" and root.children:
                first = " with " + name(min(root.children, key=lambda c: c.pn).move)
            print(
                f"  {tokens} tokens {' '.join(name(p) for p in points)}: {result}{first}"
                f" ({prover.nodes} nodes, {time.monotonic() - started:.1f} s)"
            )
        print(f"  {tokens} tokens on the board: " + ", ".join(f"{k} {v}" for k, v in tally.items()))


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
