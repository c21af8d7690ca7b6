"""Fetch the pinned pure-Python wheels that pytest needs inside Pyodide.

The npm ``pyodide`` package ships the interpreter and the standard library
but no packages, and micropip cannot reach an index offline, so the Node
runner (``run_engine_tests.mjs``) unpacks these wheels into site-packages
itself.  Usage::

    python3 tests/pyodide/wheels.py _build/wheels
    node tests/pyodide/run_engine_tests.mjs --wheels _build/wheels
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REQUIREMENTS = Path(__file__).with_name("requirements.txt")


def pinned() -> list[tuple[str, str]]:
    """``(name, version)`` of every wheel listed in ``requirements.txt``."""
    pins: list[tuple[str, str]] = []
    for raw in REQUIREMENTS.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        if not sep:
            raise ValueError(f"{REQUIREMENTS}: {line!r} must pin an exact version (name==x.y)")
        pins.append((name.strip(), version.strip()))
    return pins


def _wheel_for(dest: Path, name: str, version: str) -> Path | None:
    # Wheel file names normalise the project name: lower case, "-" -> "_".
    stem = name.lower().replace("-", "_")
    for path in dest.glob("*.whl"):
        parts = path.name.split("-")
        if len(parts) >= 2 and parts[0].lower() == stem and parts[1] == version:
            return path
    return None


def ensure_wheels(dest: Path) -> list[Path]:
    """Download each pinned wheel into ``dest`` unless it is already there.

    Only pure-Python (``py3-none-any``) wheels are accepted, since they are
    the only ones that load in Pyodide without a build for emscripten.
    Returns the wheel paths, in ``requirements.txt`` order.
    """
    dest.mkdir(parents=True, exist_ok=True)
    found: list[Path] = []
    for name, version in pinned():
        wheel = _wheel_for(dest, name, version)
        if wheel is None:
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--quiet",
                    "--only-binary=:all:",
                    "--no-deps",
                    "--dest",
                    str(dest),
                    f"{name}=={version}",
                ],
                check=True,
            )
            wheel = _wheel_for(dest, name, version)
        if wheel is None:
            raise RuntimeError(f"pip did not leave a wheel for {name}=={version} in {dest}")
        if not wheel.name.endswith("-none-any.whl"):
            raise RuntimeError(f"{wheel.name} is not a pure-Python wheel; Pyodide cannot load it")
        found.append(wheel)
    return found


def main(argv: list[str]) -> int:
    """``wheels.py [DEST]``: fetch the wheels (default ``_build/wheels``) and list them."""
    root = Path(__file__).resolve().parents[2]
    dest = Path(argv[0]) if argv else root / "_build" / "wheels"
    for wheel in ensure_wheels(dest):
        print(wheel)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
