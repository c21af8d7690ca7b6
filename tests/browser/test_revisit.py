"""Revisits start Python from the precached engine snapshot, and fall back safely.

build.py makes a Pyodide memory snapshot with the engine imported; the
service worker precaches it after a first visit; the worker's loader
(site/play/common/engine.worker.mjs) starts from it when it is cached, and
starts normally when it is missing or damaged.
"""

from __future__ import annotations

from typing import Any

from conftest import READY

SNAPSHOT_CACHED = (
    "caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.match("
    "new URL('../../runtime/pyodide/engine.snapshot', location.href).href)))))"
    ".then(found => found.some(Boolean))"
)


def boot_mode(page: Any) -> str:
    modes = [w.evaluate("globalThis.__timegamesBoot || ''") for w in page.workers]
    return next((m for m in modes if m), "")


def first_visit(page: Any, site_url: str) -> None:
    page.goto(site_url + "play/time_vectors/")
    page.wait_for_selector(READY, timeout=90_000)
    assert boot_mode(page) == "plain"  # a first visit never downloads the snapshot
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    page.wait_for_function(SNAPSHOT_CACHED, timeout=90_000)


def test_revisit_starts_from_the_snapshot_and_plays(browser: Any, site_url: str) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        first_visit(page, site_url)
        context.set_offline(True)
        page.reload()
        page.wait_for_selector(READY, timeout=90_000)
        assert boot_mode(page) == "snapshot"
        page.click("#pt-SE2b3")
        page.wait_for_selector("#pt-SE2b3.c0")
    finally:
        context.close()


def test_a_damaged_snapshot_falls_back_to_a_normal_start(browser: Any, site_url: str) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        first_visit(page, site_url)
        page.evaluate(
            "caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.put("
            "new URL('../../runtime/pyodide/engine.snapshot', location.href).href,"
            " new Response(new Uint8Array(1000)))))))"
        )
        page.reload()
        page.wait_for_selector(READY, timeout=90_000)
        assert boot_mode(page) == "plain"
        page.click("#pt-SE2b3")
        page.wait_for_selector("#pt-SE2b3.c0")
        # The damaged snapshot was dropped, so the next visit does not try it again.
        page.wait_for_function(f"{SNAPSHOT_CACHED}.then(found => !found)", timeout=30_000)
    finally:
        context.close()


def test_an_engine_that_cannot_start_says_why(browser: Any, site_url: str) -> None:
    """The engine's zip is missing: the page says the engine could not start, and why."""
    context = browser.new_context(service_workers="block")
    try:
        context.route("**/engine.zip", lambda route: route.fulfill(status=404, body="gone"))
        page = context.new_page()
        page.goto(site_url + "play/time_vectors/")
        page.wait_for_selector("html[data-engine=failed]", timeout=90_000)
        text = page.inner_text("#loading-text")
        assert "The engine could not start" in text and "404" in text
        # The board stays on screen; nothing pretends to be ready.
        assert page.is_visible("#board") and page.get_attribute("html", "data-busy") == "0"
    finally:
        context.close()
