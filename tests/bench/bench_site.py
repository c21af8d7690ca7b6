"""Speed across the site, in Debian's Chromium: ``python3 build.py bench site``.

Usage: ``python3 tests/bench/bench_site.py [--runs N] [--skip-lighthouse]``.

Prints, for every game page and every rules page, figures measured in one run
(this machine is shared and noisy, so readiness is compared as ratios):

* Lighthouse 12 (pinned in package.json, run on /usr/bin/chromium): the median
  of N runs of performance, accessibility and best-practices, desktop and
  mobile, with total blocking time;
* game pages: page ready (the engine answered) against a bare Pyodide boot in a
  worker, with the service worker ON as on a real first visit.  Two bare boots:
  Pyodide as its npm package ships it ("stock"), and the site's own runtime
  files, whose standard library build.py has partly compiled ("site").  Then
  "engine": the site's boot followed by the work no page can skip before it
  shows a game (import the engine, describe the game, start one), in a worker
  with no page; ready/engine is what the page itself adds.  "in page" is
  Pyodide's start inside the page's worker, sharing the CPU with the page (from
  the engine snapshot on a fast connection, as on localhost).  Then a
  revisit
  (served by the service worker, offline) against that first visit; the
  longest main-thread task while the page starts under a 4x CPU slowdown
  (Lighthouse's mobile profile) and, at phone size, the layout shift until the
  engine is ready; and when precaching began, relative to the engine being ready;
* rules pages: whether reading one fetched any Python runtime at all.

The site is served gzip-compressed, as GitHub Pages serves it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

LIGHTHOUSE = build.NODE_MODULES / ".bin" / "lighthouse"
GAMES = sorted(p.parent.name for p in (ROOT / "site" / "play").glob("*/index.html"))
RULES = sorted(p.stem for p in (ROOT / "docs" / "rules").glob("*.md"))

# Installed before any page script: when the engine answered, every long task,
# the layout shift until then, and when the service worker started installing (precache).
PROBE = """
window.__bench = {ready: null, long: [], precache: null, shift: 0};
new MutationObserver(() => {
  if (document.documentElement.getAttribute('data-engine') === 'ready'
      && window.__bench.ready === null) window.__bench.ready = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-engine']});
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.long.push(e.duration);
  }).observe({type: 'longtask', buffered: true});
  // Layout shift until the engine is ready (as Lighthouse counts it, without input).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.hadRecentInput && window.__bench.ready === null) window.__bench.shift += e.value;
    }
  }).observe({type: 'layout-shift', buffered: true});
} catch (e) {}
if (navigator.serviceWorker) {
  const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
  navigator.serviceWorker.register = (...args) => {
    if (window.__bench.precache === null) window.__bench.precache = performance.now();
    return register(...args);
  };
}
"""


def lighthouse(url: str, desktop: bool) -> dict[str, float]:
    """One Lighthouse run: category scores (0-100) and total blocking time (ms)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        cmd = [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={out}",
            "--only-categories=performance,accessibility,best-practices",
            "--chrome-flags=" + " ".join(build.CHROMIUM_ARGS),
        ]
        if desktop:
            cmd.append("--preset=desktop")
        env = dict(os.environ, CHROME_PATH=str(build.CHROMIUM))
        subprocess.run(cmd, env=env, capture_output=True, check=False, timeout=300)
        if not out.exists():
            return {}
        report = json.loads(out.read_text())
    scores = {k: 100 * (v["score"] or 0) for k, v in report["categories"].items()}
    scores["tbt"] = report["audits"]["total-blocking-time"]["numericValue"]
    return scores


def lighthouse_table(root: str, runs: int) -> None:
    print(f"Lighthouse 12, median of {runs} runs (perf / accessibility / best practices; TBT)")
    print(f"  {'page':34} {'desktop':>24} {'mobile':>24}")
    pages = [f"play/{g}/" for g in GAMES] + [f"rules/{r}/" for r in RULES]
    for path in pages:
        cells = []
        for desktop in (True, False):
            results = [lighthouse(root + path, desktop) for _ in range(runs)]
            results = [r for r in results if r]
            if not results:
                cells.append(f"{'(failed)':>24}")
                continue

            def median(key: str, results: list[dict[str, float]] = results) -> float:
                return statistics.median(r[key] for r in results)

            cells.append(
                f"{median('performance'):5.0f} /{median('accessibility'):4.0f} /"
                f"{median('best-practices'):4.0f}; {median('tbt'):4.0f} ms"
            )
        print(f"  {path:34} {cells[0]:>24} {cells[1]:>24}", flush=True)


def bare_boot(browser: Any, origin: str, runtime: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    page.goto(origin + "bench/bare_pyodide.html?runtime=" + runtime)
    page.wait_for_selector("html[data-ready-ms]", timeout=120_000)
    value = float(page.get_attribute("html", "data-ready-ms") or "nan")
    context.close()
    return value


def first_and_revisit(browser: Any, root: str, slug: str) -> dict[str, float]:
    """A first visit (service worker on), then an offline revisit served by the worker."""
    context = browser.new_context()
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(f"{root}play/{slug}/")
    page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
    first = page.evaluate("window.__bench.ready")
    boot = float("nan")
    for worker in page.workers:
        marks = worker.evaluate(
            "Object.fromEntries(performance.getEntriesByType('mark')"
            ".map(m => [m.name, m.startTime]))"
        )
        if "timegames:pyodide-done" in marks:
            boot = marks["timegames:pyodide-done"] - marks["timegames:pyodide-start"]
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    # The page registers its service worker once it has settled, seconds after ready.
    precache = page.evaluate("window.__bench.precache")
    context.set_offline(True)
    page.goto("about:blank")
    page.goto(f"{root}play/{slug}/")
    page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
    revisit = page.evaluate("window.__bench.ready")
    context.close()
    return {
        "first": first,
        "revisit": revisit,
        "precache_after_ready": (precache - first) if precache is not None else float("nan"),
        "boot_in_page": boot,
    }


def longest_task_throttled(browser: Any, root: str, slug: str) -> tuple[float, float]:
    """At phone size and 4x CPU slowdown: the longest main-thread task while the page
    starts, and the layout shift until the engine is ready."""
    context = browser.new_context(service_workers="block", viewport={"width": 412, "height": 823})
    context.add_init_script(PROBE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(f"{root}play/{slug}/")
    page.wait_for_selector("html[data-engine=ready]", timeout=180_000)
    page.wait_for_timeout(500)
    longest = float(page.evaluate("Math.max(0, ...window.__bench.long)"))
    shift = float(page.evaluate("window.__bench.shift"))
    context.close()
    return longest, shift


def rules_runtime_free(browser: Any, root: str, rule: str) -> bool:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(f"{root}rules/{rule}/")
    page.wait_for_load_state("load")
    page.wait_for_timeout(1000)
    context.close()
    return not any("/runtime/" in u for u in urls)


def browser_figures(root: str, origin: str, runs: int) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        print(f"\nGame pages, median of {runs} runs (service worker on, as on a first visit)")
        print(
            f"  {'page':22} {'bare: stock':>11} {'site':>6} {'engine':>6} {'in page':>7} "
            f"{'ready':>6} {'ready/stock':>11} {'ready/site':>10} {'ready/engine':>12} "
            f"{'revisit':>8} {'rev/first':>9} {'precache-ready':>14} {'longest task 4x':>16} "
            f"{'CLS phone':>9}"
        )
        for slug in GAMES:
            stock, bare, alone, visits, longest, shifts = [], [], [], [], [], []
            for _ in range(runs):
                stock.append(bare_boot(browser, origin, "stock"))
                bare.append(bare_boot(browser, origin, "site"))
                alone.append(bare_boot(browser, origin, "engine&game=" + slug))
                visits.append(first_and_revisit(browser, root, slug))
                task, shift = longest_task_throttled(browser, root, slug)
                longest.append(task)
                shifts.append(shift)
            s, b, e = statistics.median(stock), statistics.median(bare), statistics.median(alone)
            first = statistics.median(v["first"] for v in visits)
            revisit = statistics.median(v["revisit"] for v in visits)
            gap = statistics.median(v["precache_after_ready"] for v in visits)
            in_page = statistics.median(v["boot_in_page"] for v in visits)
            print(
                f"  {slug:22} {s:9.0f}ms {b:4.0f}ms {e:4.0f}ms {in_page:5.0f}ms {first:4.0f}ms "
                f"{first / s:10.2f}x {first / b:9.2f}x {first / e:11.2f}x "
                f"{revisit:6.0f}ms "
                f"{revisit / first:8.2f}x {gap:+12.0f}ms {statistics.median(longest):14.0f}ms "
                f"{statistics.median(shifts):9.3f}",
                flush=True,
            )
        print("\nRules pages: Python runtime fetched while reading (goal: none)")
        for rule in RULES:
            free = rules_runtime_free(browser, root, rule)
            print(f"  rules/{rule + '/':30} {'none' if free else 'LOADED A RUNTIME'}")
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-lighthouse", action="store_true")
    parser.add_argument("--only", nargs="*", help="only pages whose slug contains one of these")
    args = parser.parse_args()
    if args.only:
        GAMES[:] = [g for g in GAMES if any(o in g for o in args.only)]
        RULES[:] = [r for r in RULES if any(o in r for o in args.only)]
    if not (build.SITE / "sw.js").exists():
        build.build()
    extra = {
        "/bench/": ROOT / "tests" / "bench" / "pages",
        "/stock-pyodide/": build.NODE_MODULES / "pyodide",
    }
    with build.serving(build.SITE, "/timegames/", extra=extra) as root:
        origin = root[: -len("timegames/")]
        if not args.skip_lighthouse:
            lighthouse_table(root, args.runs)
        browser_figures(root, origin, args.runs)


if __name__ == "__main__":
    main()
