"""Rules pages: examples drawn at build time, and no Python runtime until the reader asks.

Every live-board iframe of a rules page is replaced at build time by the
drawings of its examples (from the real engine) and a "Play from here"
button; the engine starts only on that press.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from conftest import start_live_board
from playwright.sync_api import TimeoutError as PlaywrightTimeout


def runtime_requests(urls: list[str]) -> list[str]:
    return [u for u in urls if "/runtime/" in u or "/play/" in u]


@pytest.mark.parametrize("slug", ["time_vectors", "timelock", "timeline_cards"])
def test_reading_a_rules_page_loads_no_runtime(page: Any, site_url: str, slug: str) -> None:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(site_url + f"rules/{slug}/")
    page.wait_for_load_state("load")
    boxes = page.locator(".tg-live-box")
    assert boxes.count() >= 1
    # The first example is drawn, with its title, before anything runs.
    first = boxes.first.locator(".tg-example-figure:not([hidden]), .tg-live-poster")
    assert first.count() >= 1
    # Choosing another example shows its drawing and still boots nothing.
    name = boxes.first.get_attribute("data-frame")
    links = page.locator(f"a[target='{name}'][href*='#example=']")
    assert links.count() >= 2
    link = links.nth(1)
    key = link.get_attribute("href").split("#example=")[1]
    link.click()
    figure = boxes.first.locator(f".tg-example-figure[data-example='{key}']")
    assert figure.is_visible()
    assert boxes.first.locator(".tg-example-figure:visible").count() == 1
    page.wait_for_timeout(500)
    assert runtime_requests(urls) == []


def test_play_from_here_starts_one_board_at_the_chosen_example(page: Any, site_url: str) -> None:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(site_url + "rules/time_vectors/")
    page.click("a[target=tv-live][href$='example=dim14']")
    frame = start_live_board(page, "tv-live")
    frame.wait_for_function(
        "document.querySelector('#example').textContent.includes('dimensions 1 and 4')"
    )
    # One engine worker for the page's board: the Pyodide runtime was fetched once.
    assert sum(u.endswith("pyodide.asm.wasm") for u in urls) == 1
    assert page.is_hidden(".tg-live-start[data-frame=tv-live]")


def test_a_rules_page_runs_one_engine_at_a_time(page: Any, site_url: str) -> None:
    """The Time Vectors rules have two live boxes; starting the second stops the first."""
    page.goto(site_url + "rules/time_vectors/")
    start_live_board(page, "tv-live")
    checker = start_live_board(page, "tv-checker")
    checker.wait_for_selector("html[data-mode=checker]")
    running = page.locator(".tg-live-box iframe.tg-live[src]")
    assert running.count() == 1 and running.get_attribute("name") == "tv-checker"
    # The stopped box shows its drawing and its button again, ready to restart.
    assert page.is_visible(".tg-live-start[data-frame=tv-live]")
    assert page.locator(".tg-live-box[data-frame=tv-live] .tg-example-figure:visible").count() == 1
    assert len([f for f in page.frames if "/play/" in f.url]) == 1
    for point in ("NE1a4", "SE2b3", "SW3c2", "NW4d1"):
        checker.click(f"#pt-{point}")
    checker.wait_for_function(
        "document.querySelector('#example').textContent.includes('1, 2, 3, 4')"
    )
    # And back: the board restarts, and the checker stops.
    start_live_board(page, "tv-live")
    assert page.locator(".tg-live-box iframe.tg-live[src]").count() == 1
    assert len([f for f in page.frames if "/play/" in f.url]) == 1


RULES_PAGES = sorted(p.stem for p in (Path(__file__).parents[2] / "docs" / "rules").glob("*.md"))


def test_no_rules_page_scrolls_sideways_on_a_phone(browser: Any, site_url: str) -> None:
    # A long live-example link that never wrapped made the Timelock page 404 px wide.
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        page = context.new_page()
        wide = {}
        for slug in RULES_PAGES:
            page.goto(site_url + f"rules/{slug}/")
            page.wait_for_load_state("load")
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 390:
                wide[slug] = width
        assert wide == {}
    finally:
        context.close()


def test_the_embedded_diamond_keeps_its_cells_apart(page: Any, site_url: str) -> None:
    """Embedded at desktop width, the board took a side column and its diamond piled
    32 pairs of location cells on each other; it has the frame's whole width now."""
    page.goto(site_url + "rules/time_and_time_again/")
    frame = start_live_board(page, "tata-live")
    frame.wait_for_selector(".tt-diamond .tt-cell")
    overlaps = frame.evaluate(
        """() => {
            const cells = [...document.querySelectorAll('.tt-diamond .tt-cell')]
                .map(c => [c.id, c.getBoundingClientRect()]);
            const found = [];
            cells.forEach(([a, r], i) => cells.slice(i + 1).forEach(([b, s]) => {
                const x = Math.min(r.right, s.right) - Math.max(r.left, s.left);
                const y = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
                if (x > 1 && y > 1) found.push(a + '/' + b);
            }));
            return [cells.length, found];
        }"""
    )
    assert overlaps == [24, []]


# (rules page, live board, viewports): a board taller than the old fixed frame on a
# desktop, then on a phone (the frame follows the page as the window narrows), a
# tall one, and one shorter than that frame.
FITTED = [
    ("timelock", "tl-live", [(1280, 900), (390, 844)]),
    ("timeline_cards", "tc-live", [(1280, 900)]),
    ("time_vectors", "tv-live", [(1280, 900)]),
]
FRAME_FIT = """f => ({
    frame: f.clientHeight,
    content: f.contentDocument.documentElement.getBoundingClientRect().height,
    scrolls: f.contentDocument.documentElement.scrollHeight > f.clientHeight,
    scrollTop: f.contentWindow.scrollY,
    top: f.getBoundingClientRect().top,
    header: document.querySelector('.md-header').getBoundingClientRect().bottom,
})"""


@pytest.mark.parametrize(("slug", "name", "sizes"), FITTED)
def test_a_live_board_frame_fits_its_board_and_opens_at_its_top(
    page: Any, site_url: str, slug: str, name: str, sizes: list[tuple[int, int]]
) -> None:
    page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
    page.goto(site_url + f"rules/{slug}/")
    # The reader has scrolled down to the button: the box's top is off the screen.
    page.eval_on_selector(
        f".tg-live-start[data-frame='{name}']", "b => b.scrollIntoView({block: 'start'})"
    )
    start_live_board(page, name)
    handle = page.locator(f"iframe[name={name}]").element_handle()
    fitted = f"""f => {{ const m = ({FRAME_FIT})(f);
        return !m.scrolls && m.frame - m.content < 2 && m.top >= m.header; }}"""
    for index, (width, height) in enumerate(sizes):
        if index:
            page.set_viewport_size({"width": width, "height": height})
            handle.evaluate("f => f.scrollIntoView({block: 'start'})")
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(fitted, arg=handle, timeout=10_000)
        found = handle.evaluate(FRAME_FIT)
        # The whole board shows (nothing to scroll inside the frame, no empty space
        # under it), from its top, below the rules page's header.
        assert not found["scrolls"] and found["frame"] - found["content"] < 2, (width, found)
        assert found["scrollTop"] == 0, (width, found)
        assert found["top"] >= found["header"], (width, found)
