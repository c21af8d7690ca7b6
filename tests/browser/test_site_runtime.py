"""The built site's Python starts without compiling anything it needs.

build.py ships the engine as a zip with each module's bytecode beside its
source, and Pyodide's standard library with the modules the site uses
compiled (Pyodide's npm package ships source only).  Python compiling them
at start-up was most of a first visit's wait.  These tests start the built
site's runtime under Node the way the page's worker does
(tests/pyodide/site_runtime.mjs) and check where each module came from.
"""

from __future__ import annotations

import json
import subprocess
import zipfile
from functools import cache
from typing import Any

from conftest import ROOT
from timegames.core.registry import BUILTIN

import build


@cache
def site_runtime() -> dict[str, Any]:
    if not (build.SITE / "sw.js").exists():
        build.build()
    done = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide" / "site_runtime.mjs"), str(build.SITE)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


def test_every_game_starts_on_the_sites_runtime() -> None:
    answers = site_runtime()["answers"]
    assert sorted(answers) == sorted(BUILTIN)
    for slug, (described, started, error) in answers.items():
        assert described and started, (slug, error)


def test_no_standard_library_module_is_compiled_at_start_up() -> None:
    report = site_runtime()
    # Everything Pyodide and the engine imported came compiled, and that is a lot.
    assert report["stdlib_from_source"] == []
    assert len(report["stdlib_compiled"]) > 100
    assert {"asyncio", "dataclasses", "json", "typing"} <= set(report["stdlib_compiled"])


def test_the_engine_is_imported_from_bytecode_in_its_zip() -> None:
    files = site_runtime()["engine_files"]
    assert "timegames.core.session" in files and "timegames.time_splicer.rules" in files
    for name, path in files.items():
        assert "/engine.zip/timegames/" in path and path.endswith(".pyc"), (name, path)


def test_the_engine_zip_holds_source_and_bytecode_for_every_module() -> None:
    with zipfile.ZipFile(build.SITE / "runtime" / "pyodide" / "engine.zip") as archive:
        names = set(archive.namelist())
    sources = {n for n in names if n.endswith(".py")}
    package = {str(p.relative_to(ROOT / "pkg")) for p in (ROOT / "pkg" / "timegames").rglob("*.py")}
    assert sources == package
    assert {n[:-1] for n in names if n.endswith(".pyc")} == sources
    # Data files travel too: the engine reads them from the zip.
    assert "timegames/time_splicer/tiles.json" in names
