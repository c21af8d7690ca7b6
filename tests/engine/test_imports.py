"""The import graph has no circles: rules never import the AI, the protocol never imports bots.

Each check runs in a fresh interpreter.  Package ``__init__`` files are
replaced by empty stand-ins (a module with only ``__path__``), so the only
imports that happen are the ones the module under test makes itself; a
package's ``__init__`` attaching its bots would otherwise load the AI anyway.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[2] / "pkg"
GAMES = sorted(p.parent.name for p in (PKG / "timegames").glob("*/rules.py"))

# Each check needs a fresh interpreter; Pyodide cannot start processes.
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses")

PROBE = """
import importlib, json, sys, types
root, target, *packages = sys.argv[1:]
for name in packages:
    stand_in = types.ModuleType(name)
    stand_in.__path__ = [root + "/" + name.replace(".", "/")]
    sys.modules[name] = stand_in
importlib.import_module(target)
print(json.dumps(sorted(m for m in sys.modules if m.startswith("timegames"))))
"""


def loaded_by(target: str, *packages: str) -> list[str]:
    """The timegames modules loaded by importing ``target`` with ``packages`` stubbed."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(PKG), target, *packages],
        capture_output=True,
        text=True,
        check=True,
    )
    modules: list[str] = json.loads(done.stdout)
    return modules


@pytest.mark.parametrize("game", GAMES)
def test_rules_do_not_import_the_ai(game: str) -> None:
    loaded = loaded_by(f"timegames.{game}.rules", "timegames", f"timegames.{game}")
    assert f"timegames.{game}.rules" in loaded
    assert f"timegames.{game}.ai" not in loaded


def test_the_protocol_does_not_import_the_shared_bots() -> None:
    loaded = loaded_by("timegames.core.protocol", "timegames", "timegames.core")
    assert "timegames.core.protocol" in loaded
    assert "timegames.core.bots" not in loaded


@pytest.mark.parametrize("game", GAMES)
def test_the_package_attaches_its_bots(game: str) -> None:
    # The other half of the arrangement: importing the package registers the levels.
    probe = (
        f"import importlib, json; g = importlib.import_module('timegames.{game}').GAME; "
        f"ai = importlib.import_module('timegames.{game}.ai'); "
        "print(json.dumps([[lv.key for lv in g.ai_levels()], [lv.key for lv in ai.LEVELS]]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(PKG)!r}); {probe}"],
        capture_output=True,
        text=True,
        check=True,
    )
    attached, own = json.loads(done.stdout)
    assert attached == own
    assert len(own) >= 2


def imported_games(code: str) -> list[str]:
    """The timegames subpackages a fresh interpreter has loaded after running ``code``."""
    probe = code + (
        "\nimport sys"
        "\nprint(sorted({m.split('.')[1] for m in sys.modules if m.startswith('timegames.')}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(PKG)},
    )
    games: list[str] = json.loads(done.stdout.replace("'", '"'))
    return games


def test_the_session_imports_no_game_until_one_is_asked_for() -> None:
    """A game page imports only its own engine: the others would slow its start."""
    assert imported_games("import timegames.core.session") == ["core"]
    assert imported_games("import timegames; assert 'timelock' in timegames.GAMES") == ["core"]
    asked = "import timegames; timegames.GAMES['timelock'].new_game({}, seed=1)"
    assert imported_games(asked) == ["core", "timelock"]


def test_data_files_are_read_from_a_zip_without_reopening_it(tmp_path: Path) -> None:
    """The browser imports the engine from a zip: every game reads its data files
    (tiles, cards, locations, examples) from there through the import loader, and
    none goes through importlib.resources, which opens the archive a second time."""
    archive = tmp_path / "engine.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for path in sorted((PKG / "timegames").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                out.write(path, path.relative_to(PKG).as_posix())
    probe = (
        "import json, sys; import timegames; from timegames.core.session import Session\n"
        "from timegames.core.data import read_text\n"
        "s = Session()\n"
        "for slug in timegames.GAMES:\n"
        "    assert s.handle({'op': 'describe', 'game': slug})['ok'], slug\n"
        "    assert s.handle({'op': 'new', 'game': slug})['ok'], slug\n"
        "    assert timegames.GAMES[slug].examples(), slug\n"
        "try:\n"
        "    read_text('timegames.timelock.rules', 'no-such-file.json')\n"
        "except OSError:\n"
        "    missing = 'refused'\n"
        "print(json.dumps([timegames.__file__, sorted(timegames.GAMES), missing,\n"
        "                  'importlib.resources' in sys.modules]))"
    )
    done = subprocess.run(
        [sys.executable, "-S", "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(archive)},
    )
    where, games, missing, resources = json.loads(done.stdout)
    assert where.startswith(str(archive))
    assert games == GAMES
    assert missing == "refused"
    assert resources is False
