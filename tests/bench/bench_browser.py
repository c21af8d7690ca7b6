"""Browser benchmarks for the Time Vectors page, in Debian's Chromium.

Usage: ``python3 tests/bench/bench_browser.py [RUNS] [MOVES]`` (default 3 runs, 16 AI moves
per level).  Run ``python3 build.py build`` first (``python3 build.py bench`` does).

Everything is measured in one browser run and compared as ratios, never
against fixed times, because this machine is noisy:

* page ready (the engine answered, ``data-engine="ready"``) against a bare
  Pyodide boot in a worker, from the same origin and the same files;
* first contentful paint, and the first response to a click (click to token);
* AI think time per level inside the browser's Pyodide worker (p50, p95), and
  the longest gap between painted frames while the AI plays (the page must
  keep painting);
* random games per second in Pyodide (Node) against CPython.

Service workers are blocked in these contexts so that precaching does not
compete with the page load being measured.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "pkg"))

from timegames.core import GameRecord  # noqa: E402
from timegames.time_vectors.ai import LEVELS  # noqa: E402

import build  # noqa: E402

ARGS = build.CHROMIUM_ARGS

# Installed before any page script: timestamps of the ready marker, of AI
# think times the page reports, and of painted frames.
PROBE = """
window.__bench = {ready: null, think: [], frames: [], clicks: []};
new MutationObserver(() => {
  const html = document.documentElement;
  if (html.getAttribute('data-engine') === 'ready' && window.__bench.ready === null) {
    window.__bench.ready = performance.now();
  }
  const think = html.getAttribute('data-think-ms');
  if (think && think !== window.__bench.lastThink) {
    window.__bench.lastThink = think;
    window.__bench.think.push(Number(think));
  }
}).observe(document, {attributes: true, subtree: true,
                      attributeFilter: ['data-engine', 'data-think-ms']});
(function frame(t) { window.__bench.frames.push(t); requestAnimationFrame(frame); })(0);
document.addEventListener('click', () => window.__bench.clicks.push(performance.now()), true);
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def new_context(browser: Any) -> Any:
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    context.add_init_script(PROBE)
    return context


def bare_boot(browser: Any, root: str) -> float:
    context = new_context(browser)
    page = context.new_page()
    page.goto(root + "bench/bare_pyodide.html")
    page.wait_for_selector("html[data-ready-ms]", timeout=120_000)
    value = float(page.get_attribute("html", "data-ready-ms") or "nan")
    context.close()
    return value


def page_load(browser: Any, root: str) -> tuple[float, float, float]:
    """Ready time, first contentful paint, and click-to-token time on the game page."""
    context = new_context(browser)
    page = context.new_page()
    page.goto(root + "timegames/play/time_vectors/")
    page.wait_for_selector("html[data-engine=ready][data-turn=human]", timeout=120_000)
    ready = page.evaluate("window.__bench.ready")
    paint = page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime"
    )
    page.click("#pt-SE2b3")
    page.wait_for_selector("#pt-SE2b3.c0")
    token_at = page.evaluate("performance.now()")
    clicked = page.evaluate("window.__bench.clicks[window.__bench.clicks.length - 1]")
    context.close()
    return ready, paint, token_at - clicked


def ai_game(browser: Any, root: str, level: str, moves: int) -> tuple[list[float], float]:
    """Think times (ms, measured in the worker) and the longest frame gap while the AI plays."""
    seats = [
        {"name": f"{level} A", "kind": "ai", "level": level},
        {"name": f"{level} B", "kind": "ai", "level": level},
    ]
    record = GameRecord.from_dict(
        {
            "format": 1,
            "game": "time_vectors",
            "seed": random.Random(level).randrange(2**40),
            "options": {},
            "seats": seats,
            "actions": [],
            "position": 0,
        }
    )
    context = new_context(browser)
    context.add_init_script(
        "localStorage.setItem('timegames:time_vectors:autosave', "
        + json.dumps(json.dumps(record.to_dict()))
        + ");"
    )
    page = context.new_page()
    page.goto(root + "timegames/play/time_vectors/")
    page.wait_for_selector(READY, timeout=120_000)
    page.wait_for_function(
        f"window.__bench.think.length >= {moves} || "
        "document.documentElement.getAttribute('data-turn') === 'over'",
        timeout=300_000,
    )
    think = page.evaluate("window.__bench.think")
    # Frames painted while the AI played (from a second after the engine was ready).
    gap = page.evaluate(
        "(() => { const start = window.__bench.ready + 1000;"
        " const f = window.__bench.frames.filter(t => t > start); let g = 0;"
        " for (let i = 1; i < f.length; i++) g = Math.max(g, f[i] - f[i - 1]); return g; })()"
    )
    context.close()
    return think, gap


READY = "html[data-engine=ready]"


def main() -> None:
    from playwright.sync_api import sync_playwright

    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    moves = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    if not (build.SITE / "sw.js").exists():
        build.build()
    extra = {"/bench/": ROOT / "tests" / "bench" / "pages"}
    with build.serving(build.SITE, "/timegames/", extra=extra) as url, sync_playwright() as p:
        root = url[: -len("timegames/")]
        browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=ARGS)
        bare, ready, paint, click = [], [], [], []
        for _ in range(runs):
            bare.append(bare_boot(browser, root))
            r, f, c = page_load(browser, root)
            ready.append(r)
            paint.append(f)
            click.append(c)
        b, r = statistics.median(bare), statistics.median(ready)
        print(f"Page load, median of {runs} runs (same browser, same origin, cold cache)")
        print(f"  bare Pyodide boot in a worker   {b:8.0f} ms")
        print(f"  Time Vectors page ready         {r:8.0f} ms   ratio {r / b:5.2f} x bare boot")
        print(
            f"  first contentful paint          {statistics.median(paint):8.0f} ms"
            f"   ({statistics.median(paint) / b:5.1%} of bare boot)"
        )
        print(f"  first click to token shown      {statistics.median(click):8.0f} ms")
        print(f"\nAI think time in the browser's Pyodide worker, {moves} moves per level (ms)")
        for level in LEVELS:
            think, gap = ai_game(browser, root, level.key, moves)
            print(
                f"  {level.key:>9}: p50 {percentile(think, 0.5):7.1f}   p95 "
                f"{percentile(think, 0.95):7.1f}   max {max(think):7.1f}   longest frame gap "
                f"while thinking {gap:5.0f} ms"
            )
        browser.close()
    started = time.perf_counter()
    out = subprocess.run(
        ["node", str(ROOT / "tests" / "bench" / "pyodide_speed.mjs"), "100"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    pyodide_rate = json.loads(out.stdout.strip().splitlines()[-1])["games_per_second"]
    cpython_rate = random_games_per_second(100)
    print("\nRandom Time Vectors games per second")
    print(
        f"  CPython {cpython_rate:7.1f}   Pyodide (Node) {pyodide_rate:7.1f}   "
        f"ratio {pyodide_rate / cpython_rate:5.2f}   ({time.perf_counter() - started:.0f} s)"
    )


def random_games_per_second(games: int) -> float:
    """The loop ``pyodide_speed.mjs`` runs inside Pyodide, here in CPython."""
    sys.path.insert(0, str(ROOT / "pkg"))
    from timegames.time_vectors import GAME

    rng = random.Random(1)
    started = time.perf_counter()
    for seed in range(games):
        state = GAME.new_game({}, seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            state = state.play(actions[rng.randrange(len(actions))])
    return games / (time.perf_counter() - started)


if __name__ == "__main__":
    main()
