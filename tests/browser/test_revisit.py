"""Python starts from the engine snapshot where it pays, and falls back safely.

build.py makes a Pyodide memory snapshot with the engine imported, its empty
pages left out and the rest gzip-compressed; the service worker precaches it,
inflated, after a first visit; the worker's loader
(site/play/common/engine.worker.mjs) starts from it when it is cached, downloads it
on a first visit only when the connection is fast, and starts normally when it is
missing or damaged.
"""

from __future__ import annotations

from typing import Any

from conftest import READY

import build

SNAPSHOT_CACHED = (
    "caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.match("
    "new URL('../../runtime/pyodide/engine.snapshot.gz', location.href).href)))))"
    ".then(found => found.some(Boolean))"
)
SNAPSHOT_INFLATED = (
    "caches.match(new URL('../../runtime/pyodide/engine.snapshot.gz', location.href).href)"
    ".then(r => r.arrayBuffer()).then(b => new Uint8Array(b, 0, 4).join() === '84,71,83,80')"
)  # the site's sparse snapshot starts "TGSP" (snapshot.build.mjs); gzip starts 1f 8b

# When a performance mark was made, in ms since the epoch (page and worker clocks differ).
ABSOLUTE = (
    "(name => performance.getEntriesByName(name).map(m => performance.timeOrigin + m.startTime)"
    ".pop() || 0)"
)


def boot_mode(page: Any) -> str:
    modes = [w.evaluate("globalThis.__timegamesBoot || ''") for w in page.workers]
    return next((m for m in modes if m), "")


def first_visit(page: Any, site_url: str) -> None:
    page.goto(site_url + "play/time_vectors/")
    page.wait_for_selector(READY, timeout=90_000)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    page.wait_for_function(SNAPSHOT_CACHED, timeout=90_000)


def slow_link(context: Any, page: Any, mbit: float) -> None:
    """DevTools' network emulation, which the page's workers share."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = mbit * 125_000  # bytes per second
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 40, "downloadThroughput": rate, "uploadThroughput": rate},
    )


def engine_at_once(context: Any) -> None:
    """Serve the engine's zip from memory: it arrives at once, so the connection
    measures as fast, as it would on a fast line."""
    zip_bytes = (build.SITE / "runtime" / "pyodide" / "engine.zip").read_bytes()
    context.route(
        "**/engine.zip",
        lambda route: route.fulfill(body=zip_bytes, content_type="application/zip"),
    )


def open_asking(page: Any, site_url: str) -> list[str]:
    """Open the Time Vectors page until its engine is ready: every URL it asked for."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(site_url + "play/time_vectors/")
    page.wait_for_selector(READY, timeout=180_000)
    return asked


def test_a_first_visit_on_a_slow_connection_never_downloads_the_snapshot(
    browser: Any, site_url: str
) -> None:
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        slow_link(context, page, 20)
        asked = open_asking(page, site_url)
        assert boot_mode(page) == "plain"
        assert any(url.endswith("/engine.zip") for url in asked)
        assert not any("engine.snapshot" in url for url in asked)
    finally:
        context.close()


def test_a_first_visit_on_a_fast_connection_starts_from_the_downloaded_snapshot(
    browser: Any, site_url: str
) -> None:
    """The engine's zip arrives at once (served from memory by the test), so the
    connection measures as fast: the snapshot is downloaded, inflated and used."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        engine_at_once(context)
        asked = open_asking(page, site_url)
        assert boot_mode(page) == "snapshot"
        assert any(url.endswith("/engine.snapshot.gz") for url in asked)
        page.click("#pt-SE2b3")
        page.wait_for_selector("#pt-SE2b3.c0")
    finally:
        context.close()


def test_a_host_that_sends_the_snapshot_gzip_encoded_still_serves_it(browser: Any) -> None:
    """Some hosts (Apache's AddEncoding, for one) send a .gz file gzip-encoded, so the
    browser inflates it before the page sees it: the worker takes those bytes as they
    are instead of failing to inflate them twice.  The whole site comes from such a
    host here, a real server, since a response the test fulfils is not decoded."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        engine_at_once(context)
        with build.serving(build.SITE, "/timegames/", encoded={".gz"}) as host:
            asked = open_asking(page, host)
        assert any(url.endswith("/engine.snapshot.gz") for url in asked)
        assert boot_mode(page) == "snapshot"
    finally:
        context.close()


def test_revisit_starts_from_the_snapshot_and_plays(browser: Any, site_url: str) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        first_visit(page, site_url)
        context.set_offline(True)
        page.reload()
        page.wait_for_selector(READY, timeout=90_000)
        assert boot_mode(page) == "snapshot"
        # The service worker stored it inflated: a revisit need not inflate it.
        assert page.evaluate(SNAPSHOT_INFLATED)
        # From the cached snapshot, Pyodide starts without waiting for the page's UI.
        ui_started = page.evaluate(f"{ABSOLUTE}('timegames:engine-boot')")
        pyodide = [w.evaluate(f"{ABSOLUTE}('timegames:pyodide-start')") for w in page.workers]
        assert (
            ui_started
            and [start for start in pyodide if start]
            and all(start < ui_started for start in pyodide if start)
        )
        page.click("#pt-SE2b3")
        page.wait_for_selector("#pt-SE2b3.c0")
    finally:
        context.close()


def test_a_damaged_snapshot_falls_back_to_a_normal_start(browser: Any, site_url: str) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        first_visit(page, site_url)
        # Cut short, as an interrupted write would leave it.
        page.evaluate(
            "(async () => { const url = new URL('../../runtime/pyodide/engine.snapshot.gz',"
            " location.href).href; for (const k of await caches.keys()) { const c ="
            " await caches.open(k); const r = await c.match(url); if (!r) continue;"
            " const b = await r.arrayBuffer(); await c.put(url, new Response(b.slice(0,"
            " b.byteLength >> 1))); } })()"
        )
        said: list[str] = []
        page.on("console", lambda message: said.append(message.text))
        page.reload()
        page.wait_for_selector(READY, timeout=90_000)
        assert boot_mode(page) == "plain"
        # Refused by the site's own check, before Pyodide read any of it.
        assert any("cut short" in text for text in said), said
        # The plain start after it still waits for the page's UI.
        ui_started = page.evaluate(f"{ABSOLUTE}('timegames:engine-boot')")
        pyodide = [w.evaluate(f"{ABSOLUTE}('timegames:pyodide-start')") for w in page.workers]
        assert ui_started and max(pyodide) > ui_started
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
