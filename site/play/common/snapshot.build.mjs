// Build time (build.py, under Node): a Pyodide memory snapshot with the engine imported,
// gzip-compressed.
//
//   node snapshot.build.mjs PYODIDE_DIR ENGINE_ZIP STDLIB_ZIP OUT
//
// The engine's zip is put on sys.path where the page's worker puts it
// (Pyodide's home folder), so module paths match in the browser.  Python
// starts from the standard library zip the site ships: the snapshot holds
// Python's index of that zip, which must match the file the page loads.
import { readFileSync, writeFileSync } from "fs";
import { gzipSync } from "zlib";
import { pathToFileURL } from "url";

const [pyodideDir, engine, stdlib, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: stdlib });
const home = pyodide.runPython("import os; os.getcwd()");
pyodide.FS.writeFile(`${home}/engine.zip`, readFileSync(engine));
pyodide.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(`${home}/engine.zip`)})
import timegames, timegames.core.session
# Every game is loaded before the snapshot: a revisit then imports nothing.
for slug in timegames.GAMES:
    timegames.GAMES[slug]
`);
// Compressed: most of Python's memory is empty (31 MB becomes 5.8 MB).
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot(), { level: 9 }));
