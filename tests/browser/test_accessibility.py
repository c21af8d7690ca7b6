"""axe-core (pinned in package.json) on every page of the site: no violations.

Docs pages are checked as loaded; game pages once the engine has answered,
so the checked page is the one a player uses.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import READY, axe_violations

import build

DOCS = [
    "",
    "guide/",
    "about/",
    *sorted(f"rules/{p.stem}/" for p in (build.ROOT / "docs" / "rules").glob("*.md")),
]
GAMES = sorted(p.parent.name for p in (build.ROOT / "site" / "play").glob("*/index.html"))


@pytest.mark.parametrize("path", DOCS)
def test_docs_page_has_no_axe_violations(page: Any, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    page.wait_for_load_state("load")
    assert axe_violations(page) == []


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("width", [1280, 390])
def test_game_page_has_no_axe_violations(
    browser: Any, site_url: str, slug: str, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 844})
    try:
        page = context.new_page()
        page.goto(site_url + f"play/{slug}/")
        page.wait_for_selector(READY, timeout=90_000)
        assert axe_violations(page) == []
    finally:
        context.close()
