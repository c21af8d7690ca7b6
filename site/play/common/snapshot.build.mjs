// Build time (build.py, under Node): a Pyodide memory snapshot with the engine imported.
//
//   node snapshot.build.mjs PYODIDE_DIR WHEEL OUT
//
// The wheel is unpacked where the page's worker unpacks it (Pyodide's home
// folder, PyScript's [files] "./*"), so module paths match in the browser.
import { readFileSync, writeFileSync } from "fs";
import { pathToFileURL } from "url";

const [pyodideDir, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ _makeSnapshot: true });
pyodide.FS.writeFile("/tmp/engine.whl", readFileSync(wheel));
pyodide.runPython(`
import os, sys, zipfile
zipfile.ZipFile("/tmp/engine.whl").extractall(os.getcwd())
os.remove("/tmp/engine.whl")
if "" not in sys.path and os.getcwd() not in sys.path:
    sys.path.insert(0, os.getcwd())
import timegames, timegames.core.session
# Every game is loaded before the snapshot: a revisit then imports nothing.
for slug in timegames.GAMES:
    timegames.GAMES[slug]
`);
writeFileSync(out, pyodide.makeMemorySnapshot());
