#!/usr/bin/env node
// Start the built site's Python the way the page's worker does, under Node,
// and report where each module came from (tests/browser/test_site_runtime.py).
//
//   node tests/pyodide/site_runtime.mjs SITE_DIR
//
// Loads Pyodide from SITE_DIR/runtime/pyodide (with the standard library
// build.py partly compiled), puts the engine's zip on sys.path, describes and
// starts every game, and prints one JSON object.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const site = resolve(process.argv[2]);
const runtime = join(site, "runtime", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + "/" });
const home = pyodide.runPython("import os; os.getcwd()");
pyodide.FS.writeFile(`${home}/engine.zip`, readFileSync(join(runtime, "engine.zip")));
const report = pyodide.runPython(`
import json, sys
sys.path.insert(0, ${JSON.stringify(`${home}/engine.zip`)})
import timegames
from timegames.core.session import Session

answers = {}
for slug in timegames.GAMES:
    session = Session()
    described = session.handle({"op": "describe", "game": slug})
    started = session.handle({"op": "new", "game": slug, "seats": [{"kind": "human"}] * 2})
    answers[slug] = [described.get("ok"), started.get("ok"), started.get("error")]

STDLIB = next(p for p in sys.path if p.endswith(".zip") and "/lib/python" in p) + "/"
files = {name: getattr(m, "__file__", None) or "" for name, m in list(sys.modules.items())}
json.dumps({
    "answers": answers,
    "stdlib_from_source": sorted(n for n, f in files.items() if f.startswith(STDLIB) and f.endswith(".py")),
    "stdlib_compiled": sorted(n for n, f in files.items() if f.startswith(STDLIB) and f.endswith(".pyc")),
    "engine_files": {n: f for n, f in files.items() if n.split(".")[0] == "timegames"},
})
`);
console.log(report);
