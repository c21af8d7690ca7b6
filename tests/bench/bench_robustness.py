"""Fuzz ``Session.handle`` at length and print the counts.

Usage: ``python3 tests/bench/bench_robustness.py [CASES_PER_GAME] [SEEDS]``
(default 4,000 cases per game over 2 seeds, so at least 10,000 in all with
three games).  The cases are those of ``tests/engine/test_session_fuzz.py``
(bad requests, mutated saves, files and links, chance outcomes, junk
viewers), for every registered game.  Every request must be answered ``ok``
or refused clearly, and a refusal must leave the session unchanged; any
failure is printed.  Then seeded games with hidden information are checked
at every step for secrets in answers, autosaves, exports and links.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

import test_session_secrets  # noqa: E402
import timegames  # noqa: E402
from test_session_fuzz import Tally, fuzz_game  # noqa: E402

HIDDEN = test_session_secrets.HIDDEN
secrets_check = (
    test_session_secrets.test_no_answer_autosave_log_or_link_carries_a_secret_while_the_game_runs
)


def main() -> int:
    per_game = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    total = Tally()
    print(f"{'game':<22}{'cases':>8}{'ok':>8}{'refused':>9}{'failed':>8}{'seconds':>9}")
    for slug in sorted(timegames.GAMES):
        started = time.perf_counter()
        tally = Tally()
        for seed in range(seeds):
            tally.add(fuzz_game(slug, per_game // seeds, seed=100 + seed))
        seconds = time.perf_counter() - started
        cases = sum(tally.cases.values())
        print(
            f"{slug:<22}{cases:>8}{tally.answers['ok']:>8}{tally.answers['refused']:>9}"
            f"{len(tally.failures):>8}{seconds:>9.1f}"
        )
        total.add(tally)
    cases = sum(total.cases.values())
    print(
        f"{'all games':<22}{cases:>8}{total.answers['ok']:>8}{total.answers['refused']:>9}"
        f"{len(total.failures):>8}"
    )
    print("cases by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(total.cases.items())))
    for failure in total.failures[:40]:
        print("FAILURE", failure)
    checked = 0
    for slug in HIDDEN:
        for seed in range(10):
            secrets_check(slug, 1_000_000_007 * (seed + 3))
            checked += 1
    print(
        f"hidden information: {checked} seeded games over {len(HIDDEN)} games checked at every "
        "step (views for every seat, autosave, log, export, link): no secret found"
    )
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
