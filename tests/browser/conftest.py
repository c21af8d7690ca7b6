"""Browser test fixtures: the built site served under a sub-path, and Debian's Chromium.

Every page a test opens records its requests; at the end of the test each one
must have gone to 127.0.0.1 (the site's own origin), which proves that nothing
loads from a CDN or any other outside address.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "pkg"))

from timegames.core import GameRecord, replay  # noqa: E402

import build  # noqa: E402

CHROMIUM_ARGS = build.CHROMIUM_ARGS
BASE = "/timegames/"
READY = "html[data-engine=ready]"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The built site, served on 127.0.0.1 under /timegames/ like a GitHub Pages project."""
    if not (build.SITE / "sw.js").exists():
        build.build()
    with build.serving(build.SITE, BASE) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


class Recorder:
    """Every URL a browser context asked for."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.errors: list[str] = []

    def outside(self) -> list[str]:
        local = ("http://127.0.0.1:", "blob:http://127.0.0.1:", "data:")
        return [u for u in self.urls if not u.startswith(local)]


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def context(browser: Any, recorder: Recorder) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.on("request", lambda request: recorder.urls.append(request.url))
    yield ctx
    ctx.close()
    assert recorder.outside() == [], "requests left the site's origin"


@pytest.fixture
def page(context: Any, recorder: Recorder) -> Any:
    page = context.new_page()
    page.on("pageerror", lambda error: recorder.errors.append(str(error)))
    return page


AXE = build.NODE_MODULES / "axe-core" / "axe.min.js"


def axe_violations(page: Any) -> list[str]:
    """axe-core's WCAG 2.1 A/AA and best-practice violations on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "axe.run(document, {runOnly: {type: 'tag', values: "
        "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})"
    )
    return [
        f"{v['id']}: {v['help']} at " + json.dumps([n["target"] for n in v["nodes"][:3]])
        for v in result["violations"]
    ]


def faded(page: Any, selector: str) -> list[str]:
    """The elements matching ``selector`` (or inside them) drawn at less than full opacity.

    axe cannot judge text on a gradient (it reports it as "incomplete"), so a
    state that marks text as spent or leaving is checked here: it must be
    muted or dashed, never faded.
    """
    found: list[str] = page.eval_on_selector_all(
        selector,
        """nodes => nodes.flatMap(node => [node, ...node.querySelectorAll('*')]).filter(n => {
            let opacity = 1;
            for (let e = n; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
            return opacity < 0.999;
        }).map(n => n.className + ': ' + n.textContent.trim().slice(0, 20))""",
    )
    return found


def load_file(page: Any, path: Any) -> None:
    """Open a save file through the page's Load button; wait until the page says it loaded."""
    page.set_input_files("#file-load", str(path))
    page.wait_for_function("document.querySelector('#message').textContent.includes('loaded')")


def choose_option(page: Any, name: str, label: str) -> None:
    """Pick option ``name`` in the open new-game form by its label, and wait until the
    form's seat rows answer the change (the engine says who sits where)."""
    answered = page.get_attribute("#ng-seats", "data-answered") or "0"
    page.select_option(f"#opt-{name}", label=label)
    page.wait_for_function(
        f"+(document.querySelector('#ng-seats').dataset.answered || 0) > {answered}"
    )


def wait_turn(page: Any, *turns: str, timeout: float = 60_000) -> str:
    """Wait until the page is idle with one of ``turns`` (human, ai, over); return it."""
    selector = ", ".join(f"html[data-busy='0'][data-turn='{t}']" for t in turns)
    page.wait_for_selector(selector, timeout=timeout)
    return str(page.get_attribute("html", "data-turn"))


def saved_record(page: Any, slug: str) -> GameRecord:
    """The game the page autosaved, as the engine's record."""
    text = page.evaluate(f"localStorage.getItem('timegames:{slug}:autosave')")
    return GameRecord.from_dict(json.loads(text))


def saved_state(page: Any, slug: str) -> Any:
    """The current position of the autosaved game, replayed by the engine in CPython."""
    return replay(saved_record(page, slug))[-1]


def open_game(page: Any, site_url: str, slug: str, suffix: str = "") -> None:
    """Open a game page and wait until the engine has answered."""
    page.goto(f"{site_url}play/{slug}/{suffix}")
    page.wait_for_selector(READY, timeout=90_000)


def quick_computer(page: Any) -> None:
    """Tick "Quick computer moves", as a player who would rather not wait would: a test
    that plays a whole game against computers then spends its time on the game."""
    page.check("#pace-quick")
    page.wait_for_function("localStorage.getItem('timegames:common:pace') === '\"quick\"'")


def start_live_board(page: Any, name: str) -> Any:
    """Press "Play from here" on a rules page's live board and return its frame, once ready.

    Rules pages draw their examples at build time; the board's engine starts
    only on this press.
    """
    page.click(f".tg-live-start[data-frame='{name}']")
    frame = page.locator(f"iframe[name={name}]").element_handle().content_frame()
    frame.wait_for_selector(READY, timeout=90_000)
    return frame
