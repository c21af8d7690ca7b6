"""Search for the strong Time Vectors levels: an incremental board, threat-space
search and alpha-beta.

A *threat* is a vector holding three tokens of one colour and an empty fourth
point (its *gap*): the opponent must fill the gap at once.  A move that makes
two threats with different gaps is a *fork* and wins.  Because a line has
only four points, threats are the only forcing moves, so the threat-space
search for this game is a victory-by-continuous-threats search (as in Allis's
work on Qubic): every attacking move makes a threat, every defending move is
the forced block, and the attacker wins by reaching a fork.

:class:`Board` keeps, for every line, how many tokens each colour has on it,
and from those the gaps, the "two-lines" through each point (lines with two
tokens of one colour and nothing else, which one more token turns into a
threat), a static score and a Zobrist hash, all updated move by move so the
search never rescans the 976 lines.  Only two colours are searched.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable

from . import board as B

EMPTY = -1
POINTS = B.POINTS
LINES = B.VECTORS
THROUGH = B.VECTORS_THROUGH
N_LINES = len(LINES)

WIN = 1_000_000
"""Score of a won position (minus the plies it takes, so quicker wins score higher)."""

# Static value of a line from one colour's side: k own tokens and none of the
# other colour's.  A line holding both colours is dead (worth nothing).
LINE_VALUE = (0, 2, 9, 40, 0)

# Move-ordering value of placing on a line with ``a`` own and ``b`` opposing
# tokens: building (b == 0) or spoiling (a == 0).
_BUILD = (1, 5, 30, 5000, 0)
_SPOIL = (0, 3, 20, 2000, 0)
PLACE_VALUE = tuple(
    _BUILD[a] if b == 0 else (_SPOIL[b] if a == 0 else 0) for a in range(5) for b in range(5)
)
# Static score of a line (a tokens of colour 0, b of colour 1) from colour 0's side.
SCORE = tuple(
    (LINE_VALUE[a] if b == 0 else (-LINE_VALUE[b] if a == 0 else 0))
    for a in range(5)
    for b in range(5)
)

_rng = random.Random(20260424)
ZOBRIST = (
    tuple(_rng.getrandbits(62) for _ in range(POINTS)),
    tuple(_rng.getrandbits(62) for _ in range(POINTS)),
)
SIDE_KEY = _rng.getrandbits(62)


CLOCK: list[Callable[[], float]] = [time.monotonic]
"""The clock deadlines are read from: wall-clock time; a benchmark on a shared
machine may put ``time.process_time`` here to count only its own CPU time."""


class OutOfTime(Exception):
    """Raised inside a search when its deadline has passed."""


class Board:
    """Two colours' tokens with line counts kept up to date by :meth:`put` and :meth:`take`."""

    def __init__(self, cells: Iterable[int]) -> None:
        self.cells = [c if c in (0, 1) else (EMPTY if c == EMPTY else 2) for c in cells]
        self.count = ([0] * N_LINES, [0] * N_LINES)
        self.gaps: tuple[dict[int, int], dict[int, int]] = ({}, {})
        """Per colour: gap point -> how many of that colour's threats it finishes."""
        self.twos = ([0] * POINTS, [0] * POINTS)
        """Per colour: for each point, the two-lines of that colour it lies on (as an empty)."""
        self.value = [0] * POINTS, [0] * POINTS
        """Per colour: the move-ordering value of each point."""
        self.score = 0
        self.hash = 0
        cells_now = self.cells
        self.cells = [EMPTY] * POINTS
        # Lines with a third colour's token are dead for both: mark them with 4 each.
        for n, line in enumerate(LINES):
            if any(cells_now[p] == 2 for p in line):
                self.count[0][n] = self.count[1][n] = 4
        for p in range(POINTS):
            self._value_all(p)
        self.score = sum(SCORE[self.count[0][n] * 5 + self.count[1][n]] for n in range(N_LINES))
        for p, c in enumerate(cells_now):
            if c == 2:
                self.cells[p] = 2
        for p, c in enumerate(cells_now):
            if c in (0, 1):
                self.put(p, c)

    def _value_all(self, p: int) -> None:
        c0, c1 = self.count
        v0 = v1 = 0
        for n in THROUGH[p]:
            a, b = c0[n], c1[n]
            if a < 4 and b < 4:
                v0 += PLACE_VALUE[a * 5 + b]
                v1 += PLACE_VALUE[b * 5 + a]
        self.value[0][p] = v0
        self.value[1][p] = v1

    # -- moves -------------------------------------------------------------------------

    def put(self, p: int, c: int) -> bool:
        """Place a ``c`` token on ``p``; True if it completes a line."""
        cells = self.cells
        cells[p] = c
        mine, theirs = self.count[c], self.count[1 - c]
        my_gaps, their_gaps = self.gaps[c], self.gaps[1 - c]
        my_twos, their_twos = self.twos[c], self.twos[1 - c]
        my_val, their_val = self.value[c], self.value[1 - c]
        won = False
        delta = 0
        for n in THROUGH[p]:
            a = mine[n]
            b = theirs[n]
            if a >= 4 or b >= 4:
                continue
            line = LINES[n]
            if b == 0:
                if a == 1:
                    for q in line:
                        if cells[q] == EMPTY:
                            my_twos[q] += 1
                elif a == 2:
                    my_twos[p] -= 1
                    for q in line:
                        if cells[q] == EMPTY:
                            my_twos[q] -= 1
                            my_gaps[q] = my_gaps.get(q, 0) + 1
                elif a == 3:
                    won = True
                    left = my_gaps[p] - 1
                    if left:
                        my_gaps[p] = left
                    else:
                        del my_gaps[p]
            elif a == 0:
                if b == 2:
                    their_twos[p] -= 1
                    for q in line:
                        if cells[q] == EMPTY:
                            their_twos[q] -= 1
                elif b == 3:
                    left = their_gaps[p] - 1
                    if left:
                        their_gaps[p] = left
                    else:
                        del their_gaps[p]
            mine[n] = a + 1
            old_mine = PLACE_VALUE[a * 5 + b]
            old_theirs = PLACE_VALUE[b * 5 + a]
            d_mine = PLACE_VALUE[a * 5 + 5 + b] - old_mine
            d_theirs = PLACE_VALUE[b * 5 + a + 1] - old_theirs
            for q in line:
                my_val[q] += d_mine
                their_val[q] += d_theirs
            if c == 0:
                delta += SCORE[a * 5 + 5 + b] - SCORE[a * 5 + b]
            else:
                delta += SCORE[b * 5 + a + 1] - SCORE[b * 5 + a]
        self.score += delta
        self.hash ^= ZOBRIST[c][p]
        return won

    def take(self, p: int, c: int) -> None:
        """Undo :meth:`put`."""
        cells = self.cells
        cells[p] = EMPTY
        mine, theirs = self.count[c], self.count[1 - c]
        my_gaps, their_gaps = self.gaps[c], self.gaps[1 - c]
        my_twos, their_twos = self.twos[c], self.twos[1 - c]
        my_val, their_val = self.value[c], self.value[1 - c]
        delta = 0
        for n in THROUGH[p]:
            a = mine[n] - 1
            b = theirs[n]
            if b >= 4:
                continue
            line = LINES[n]
            mine[n] = a
            if b == 0:
                if a == 1:
                    for q in line:
                        if q != p and cells[q] == EMPTY:
                            my_twos[q] -= 1
                elif a == 2:
                    for q in line:
                        if cells[q] == EMPTY:
                            my_twos[q] += 1
                            if q != p:
                                left = my_gaps[q] - 1
                                if left:
                                    my_gaps[q] = left
                                else:
                                    del my_gaps[q]
                elif a == 3:
                    my_gaps[p] = my_gaps.get(p, 0) + 1
            elif a == 0:
                if b == 2:
                    for q in line:
                        if cells[q] == EMPTY:
                            their_twos[q] += 1
                elif b == 3:
                    their_gaps[p] = their_gaps.get(p, 0) + 1
            d_mine = PLACE_VALUE[a * 5 + b] - PLACE_VALUE[a * 5 + 5 + b]
            d_theirs = PLACE_VALUE[b * 5 + a] - PLACE_VALUE[b * 5 + a + 1]
            for q in line:
                my_val[q] += d_mine
                their_val[q] += d_theirs
            if c == 0:
                delta += SCORE[a * 5 + b] - SCORE[a * 5 + 5 + b]
            else:
                delta += SCORE[b * 5 + a] - SCORE[b * 5 + a + 1]
        self.score += delta
        self.hash ^= ZOBRIST[c][p]

    # -- questions ---------------------------------------------------------------------

    def empties(self) -> list[int]:
        """Free points."""
        cells = self.cells
        return [p for p in range(POINTS) if cells[p] == EMPTY]

    def made_gaps(self, p: int, c: int) -> set[int]:
        """The gaps ``c`` would gain by playing the empty point ``p``."""
        mine, theirs = self.count[c], self.count[1 - c]
        cells = self.cells
        out: set[int] = set()
        for n in THROUGH[p]:
            if mine[n] == 2 and theirs[n] == 0:
                for q in LINES[n]:
                    if q != p and cells[q] == EMPTY:
                        out.add(q)
        return out

    def threat_moves(self, c: int) -> list[int]:
        """Empty points where ``c`` would make at least one threat."""
        twos = self.twos[c]
        cells = self.cells
        return [p for p in range(POINTS) if twos[p] and cells[p] == EMPTY]

    def fork_points(self, c: int) -> list[int]:
        """Empty points where ``c`` would make two threats with different gaps."""
        twos = self.twos[c]
        cells = self.cells
        return [
            p
            for p in range(POINTS)
            if twos[p] >= 2 and cells[p] == EMPTY and len(self.made_gaps(p, c)) >= 2
        ]

    def ranked(self, c: int, limit: int) -> list[int]:
        """The ``limit`` most promising empty points for ``c`` (building and spoiling)."""
        mine, theirs = self.value[c], self.value[1 - c]
        cells = self.cells
        scored = [(mine[p] * 4 + theirs[p] * 3, p) for p in range(POINTS) if cells[p] == EMPTY]
        scored.sort(reverse=True)
        return [p for _, p in scored[:limit]]


class Searcher:
    """Threat-space search and alpha-beta over one :class:`Board`, within a deadline."""

    def __init__(self, board: Board, deadline: float) -> None:
        self.board = board
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[int, tuple[int, int, int, int]] = {}
        self.vcf_fails: dict[int, int] = {}

    def restore(self, cells: list[int]) -> None:
        """Rebuild the board if a search stopped by the clock left tokens on it."""
        if self.board.cells != cells:
            self.board = Board(cells)

    def check_time(self) -> None:
        self.nodes += 1
        if self.nodes & 63 == 0 and CLOCK[0]() > self.deadline:
            raise OutOfTime

    # -- threat-space search -------------------------------------------------------------

    def vcf(self, att: int, depth: int, line: list[int] | None = None) -> int | None:
        """First move of a forced win for ``att`` (to move) by continuous threats, or None.

        ``line`` collects every point the winning sequence uses (threats,
        blocks and gaps), which the defence takes as its candidate moves.
        """
        board = self.board
        gaps = board.gaps
        if gaps[att]:
            p = min(gaps[att])
            if line is not None:
                line.append(p)
            return p
        dfd = 1 - att
        if len(gaps[dfd]) >= 2 or depth <= 0:
            return None
        key = board.hash ^ (SIDE_KEY if att else 0)
        if self.vcf_fails.get(key, -1) >= depth:
            return None
        self.check_time()
        if gaps[dfd]:
            moves = [p for p in gaps[dfd] if board.twos[att][p]]
        else:
            moves = board.threat_moves(att)
        singles: list[tuple[int, int]] = []
        for p in moves:
            made = board.made_gaps(p, att)
            if len(made) >= 2:
                if line is not None:
                    line.extend([p, *made])
                return p
            if made:
                singles.append((board.value[att][p], p))
        singles.sort(reverse=True)
        for _, p in singles:
            board.put(p, att)
            (block,) = tuple(board.gaps[att])
            board.put(block, dfd)
            found = self.vcf(att, depth - 1, line)
            board.take(block, dfd)
            board.take(p, att)
            if found is not None:
                if line is not None:
                    line.extend([p, block])
                return p
        self.vcf_fails[key] = depth
        return None

    # -- alpha-beta --------------------------------------------------------------------------

    def alphabeta(self, side: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax value for ``side`` to move, searching ``depth`` plies (forced moves free)."""
        board = self.board
        gaps = board.gaps
        if gaps[side]:
            return WIN - ply
        other = 1 - side
        their = gaps[other]
        if len(their) >= 2:
            return -(WIN - ply - 1)
        self.check_time()
        if their:
            moves = list(their)
        else:
            if depth <= 0:
                return self.leaf(side, ply)
            moves = []
        key = board.hash ^ (SIDE_KEY if side else 0)
        entry = self.table.get(key)
        best_move = -1
        if entry is not None:
            e_depth, e_value, e_flag, e_move = entry
            if e_depth >= depth:
                if e_flag == 0:
                    return e_value
                if e_flag > 0 and e_value >= beta:
                    return e_value
                if e_flag < 0 and e_value <= alpha:
                    return e_value
            best_move = e_move
        if not moves:
            forks = board.fork_points(side)
            if forks:
                return WIN - ply - 2
            moves = board.ranked(side, WIDTH[min(depth, len(WIDTH) - 1)])
            if not moves:
                return 0
            if best_move in moves:
                moves.remove(best_move)
                moves.insert(0, best_move)
            next_depth = depth - 1
        else:
            next_depth = depth  # a forced block costs no depth
        start_alpha = alpha
        best = -WIN - 1
        chosen = moves[0]
        for p in moves:
            board.put(p, side)
            value = -self.alphabeta(other, next_depth, -beta, -alpha, ply + 1)
            board.take(p, side)
            if value > best:
                best, chosen = value, p
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = 0 if start_alpha < best < beta else (1 if best >= beta else -1)
        if len(self.table) > 300_000:
            self.table.clear()
        self.table[key] = (depth, best, flag, chosen)
        return best

    def leaf(self, side: int, ply: int) -> int:
        """Static value for ``side`` to move: a fork point wins; the other side's forks hurt."""
        board = self.board
        if board.fork_points(side):
            return WIN - ply - 2
        score = board.score if side == 0 else -board.score
        theirs = board.fork_points(1 - side)
        if len(theirs) >= 2:
            score -= 600
        elif theirs:
            score -= 150
        return score + 15  # the move is worth something


WIDTH = (0, 9, 8, 7, 6, 6, 5)
"""Moves searched at a node, by the depth still to go."""


class Strength:
    """How hard a level searches."""

    def __init__(self, vcf_depth: int, max_depth: int, root_width: int, defend: bool) -> None:
        self.vcf_depth = vcf_depth
        self.max_depth = max_depth
        self.root_width = root_width
        self.defend = defend
        """Refute the opponent's forced wins, now and after its likely replies."""


EXPERT = Strength(vcf_depth=3, max_depth=2, root_width=10, defend=False)
MASTER = Strength(vcf_depth=12, max_depth=12, root_width=14, defend=True)


def best_point(cells: Iterable[int], me: int, seconds: float, strength: Strength) -> int:
    """The move for colour ``me`` (0 or 1) with two colours on the board.

    In order: win at once; block the opponent's only threat; start a forced
    win by continuous threats; if the opponent (were it their move) has such
    a win, keep only moves that refute it; then iterative-deepening
    alpha-beta over the candidates until the time is used.
    """
    started = CLOCK[0]()
    board = Board(cells)
    original = list(board.cells)
    opp = 1 - me
    if board.gaps[me]:
        return min(board.gaps[me])
    if board.gaps[opp]:
        # One block saves the game; with several the game is lost anyway.
        return max(sorted(board.gaps[opp]), key=lambda p: board.value[me][p])
    searcher = Searcher(board, started + seconds * 0.25)
    try:
        found = searcher.vcf(me, strength.vcf_depth)
    except OutOfTime:
        found = None
    if found is not None:
        return found
    # A search the clock stops leaves its tokens down: each stage starts clean.
    searcher.restore(original)
    candidates = searcher.board.ranked(me, strength.root_width)
    if strength.defend:
        searcher.deadline = started + seconds * 0.6
        candidates = _defend(searcher, me, candidates, strength.vcf_depth)
        searcher.restore(original)
    searcher.deadline = started + seconds * (0.45 if strength.defend else 0.85)
    order = _deepen(searcher, me, candidates, strength.max_depth)
    if not strength.defend:
        return order[0]
    searcher.restore(original)
    searcher.deadline = started + seconds * 0.7
    choice = _first_safe(searcher, me, order, strength.vcf_depth)
    # Time left over (the check often ends at once): search deeper, and take a
    # new best move only if it passes the same check.
    searcher.restore(original)
    searcher.deadline = started + seconds * 0.88
    if CLOCK[0]() < searcher.deadline - seconds * 0.1:
        order.remove(choice)
        deeper = _deepen(searcher, me, [choice, *order], strength.max_depth)
        searcher.restore(original)
        try:
            if deeper[0] != choice and not _loses_to_a_reply(
                searcher, me, deeper[0], strength.vcf_depth
            ):
                choice = deeper[0]
        except OutOfTime:
            pass
    return choice


def _refutes(searcher: Searcher, me: int, move: int, depth: int) -> int:
    """How well ``move`` refutes the opponent's forced threat win.

    2: the opponent has none after it, even if we made a threat, they block
    it and we then wait.  1: only because ``move`` makes a threat the
    opponent must block without a threat of their own (the attack may come
    back next turn).  0: the opponent still wins by force.
    """
    board = searcher.board
    opp = 1 - me
    board.put(move, me)
    try:
        if searcher.vcf(opp, depth) is not None:
            return 0
        if not board.gaps[me]:
            return 2
        block = min(board.gaps[me])
        board.put(block, opp)
        try:
            return 1 if searcher.vcf(opp, depth) is not None else 2
        finally:
            board.take(block, opp)
    finally:
        board.take(move, me)


def _defend(searcher: Searcher, me: int, candidates: list[int], depth: int) -> list[int]:
    """Candidates that refute the opponent's forced win, if it has one (else unchanged)."""
    board = searcher.board
    opp = 1 - me
    plan: list[int] = []
    try:
        if searcher.vcf(opp, depth, plan) is None:
            return candidates
    except OutOfTime:
        return candidates
    # The points of the winning sequence, our own threats (they win a tempo),
    # and the best-looking moves.
    pool: list[int] = []
    for p in [*plan, *board.threat_moves(me), *candidates, *board.ranked(me, 40)]:
        if board.cells[p] == EMPTY and p not in pool:
            pool.append(p)
    pool.sort(key=lambda p: -(board.value[me][p] * 4 + board.value[opp][p] * 3))
    # If every move loses to some long sequence, at least stop the short ones:
    # the opponent has to find the long win.  But a threat of ours that stops
    # every win of the full depth for now (the opponent must block it) beats a
    # quiet move that stops only the shorter wins: measured against a
    # threat-space player (tests/bench/referee_tv.py), the quiet move lost
    # games the threat held.
    delaying: list[int] = []
    for limit in (depth, 6, 4, 2):
        if limit < depth and delaying:
            return delaying
        sound: list[int] = []
        try:
            for p in pool:
                grade = _refutes(searcher, me, p, limit)
                if grade == 2:
                    sound.append(p)
                    if len(sound) >= 8:
                        break
                elif grade == 1 and limit == depth:
                    delaying.append(p)
        except OutOfTime:
            return sound or delaying or candidates
        if sound:
            return sound
    return delaying or candidates


def _deepen(searcher: Searcher, me: int, candidates: list[int], max_depth: int) -> list[int]:
    """Iterative-deepening alpha-beta at the root.

    Returns the candidates best first: the best move of the deepest search,
    then the best of the searches before it, then the rest.
    """
    board = searcher.board
    opp = 1 - me
    order = list(candidates)
    for depth in range(1, max_depth + 1):
        alpha = -WIN - 1
        round_best: int | None = None
        try:
            for p in order:
                board.put(p, me)
                try:
                    value = -searcher.alphabeta(opp, depth - 1, -WIN - 1, -alpha, 1)
                finally:
                    board.take(p, me)
                if value > alpha:
                    alpha, round_best = value, p
        except OutOfTime:
            if round_best is not None:
                order.remove(round_best)
                order.insert(0, round_best)
            break
        assert round_best is not None
        order.remove(round_best)
        order.insert(0, round_best)
        if abs(alpha) >= WIN - 1000:
            break  # a forced result: deeper search changes nothing
    return order


def _first_safe(searcher: Searcher, me: int, order: list[int], depth: int) -> int:
    """The first move in ``order`` that no likely reply turns into a forced loss.

    After our move and each of the opponent's most promising replies, the
    opponent must not have a forced threat win that we cannot refute: this
    catches attacks one move before they become forcing.
    """
    checked = 0
    try:
        for move in order:
            if not _loses_to_a_reply(searcher, me, move, depth):
                return move
            checked += 1
    except OutOfTime:
        # Out of time: a move not yet examined beats one known to lose.
        return order[min(checked, len(order) - 1)]
    return order[0]


def _loses_to_a_reply(searcher: Searcher, me: int, move: int, depth: int) -> bool:
    board = searcher.board
    board.put(move, me)
    try:
        return _opponent_breaks_through(searcher, me, depth, chain=1)
    finally:
        board.take(move, me)


def _opponent_breaks_through(searcher: Searcher, me: int, depth: int, chain: int) -> bool:
    """The opponent to move: True if one of its likely moves leaves us lost.

    Lost means a forced threat win we cannot refute, or two forks we cannot
    both stop.  A threat of the opponent's (up to ``chain`` of them in a row)
    is answered by the forced block and the question asked again.
    """
    board = searcher.board
    opp = 1 - me
    if board.gaps[me]:
        replies = sorted(board.gaps[me])[:1]  # our threat: the block is forced
    else:
        replies = board.ranked(opp, 8)
        if chain:
            threats = sorted(board.threat_moves(opp), key=lambda p: -board.value[opp][p])
            replies += [p for p in threats[:4] if p not in replies]
    for reply in replies:
        board.put(reply, opp)
        try:
            gaps = board.gaps[opp]
            if chain and gaps and not board.gaps[me]:
                if len(gaps) >= 2:
                    return True
                block = min(gaps)
                board.put(block, me)
                try:
                    if _opponent_breaks_through(searcher, me, depth, chain - 1):
                        return True
                finally:
                    board.take(block, me)
                continue
            if _forks_unstoppable(searcher, me):
                return True
            if searcher.vcf(opp, depth) is not None and not _can_refute(searcher, me, depth):
                return True
        finally:
            board.take(reply, opp)
    return False


def _forks_unstoppable(searcher: Searcher, me: int) -> bool:
    """True if the opponent has two fork points, we have no threat to make, and no
    single move of ours takes away both (so a double threat follows)."""
    board = searcher.board
    opp = 1 - me
    forks = board.fork_points(opp)
    if len(forks) < 2 or board.threat_moves(me):
        return False
    for p in forks:
        board.put(p, me)
        left = len(board.fork_points(opp))
        board.take(p, me)
        if left == 0:
            return False
    return True


def _can_refute(searcher: Searcher, me: int, depth: int, delays: int = 2) -> bool:
    """True if some move of ours (of a small pool) stops the opponent's forced win.

    A threat of ours that only delays the win (the opponent blocks it and
    still wins by force) refutes nothing by itself: after the block we must
    find a refutation again, up to ``delays`` threats in a row.  After the last
    of them, a threat that holds for now is given the benefit of the doubt.
    """
    board = searcher.board
    opp = 1 - me
    plan: list[int] = []
    searcher.vcf(opp, depth, plan)
    pool = {
        p for p in [*plan, *board.threat_moves(me), *board.ranked(me, 6)] if board.cells[p] == EMPTY
    }
    delaying: list[int] = []
    for p in sorted(pool):
        grade = _refutes(searcher, me, p, depth)
        if grade == 2:
            return True
        if grade == 1:
            delaying.append(p)
    if not delays:
        # At the horizon a threat that stops every win for now counts: calling the
        # position lost would make the caller drop a sound move for a worse one.
        return bool(delaying)
    for p in delaying:
        board.put(p, me)
        block = min(board.gaps[me])
        board.put(block, opp)
        try:
            if board.gaps[opp] or not _can_refute(searcher, me, depth, delays - 1):
                continue
            return True
        finally:
            board.take(block, opp)
            board.take(p, me)
    return False
