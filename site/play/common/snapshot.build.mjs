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

# Then each page's first requests (describe; the tools its prepare() asks for,
# in site/play/<game>/main.py; a new game; its view), in a session thrown
# away: the snapshot then holds the data files already read and parsed
# (cards, tiles, locations) and the engine's caches filled, so a page's first
# answers come sooner.  Only those caches stay; the session and its game go.
from timegames.core.session import Session
FIRST_TOOLS = {
    "timeline_cards": [("labels", {"lang": "en"})],
    "time_splicer": [("tiles", {})],
    "time_and_time_again": [("locations", {})],
}
for slug in timegames.GAMES:
    session = Session()
    answers = [session.handle({"op": "describe", "game": slug})]
    for name, args in FIRST_TOOLS.get(slug, []):
        answers.append(session.handle({"op": "tool", "game": slug, "name": name, "args": args}))
    answers.append(session.handle({"op": "new", "game": slug, "seed": 0}))
    answers.append(session.handle({"op": "view", "viewer": 0}))
    refused = [answer for answer in answers if not answer.get("ok")]
    assert not refused, (slug, refused)
del session, answers
`);
// Half of Python's memory is empty pages.  They are left out (the worker puts
// them back: engine.worker.mjs, expand), so the page unpacks 16 MB, not 31:
// 80 ms instead of 145 in Chromium's DecompressionStream on two cores.
//   "TGSP", the snapshot's length and the page size (uint32, little-endian);
//   one byte per page, 1 if it is kept; then the kept pages in order.
const PAGE = 4096;
function sparse(memory) {
  const pages = Math.ceil(memory.length / PAGE);
  const head = Buffer.alloc(12 + pages);
  head.write("TGSP", 0, "latin1");
  head.writeUInt32LE(memory.length, 4);
  head.writeUInt32LE(PAGE, 8);
  const kept = [];
  for (let i = 0; i < pages; i++) {
    const page = memory.subarray(i * PAGE, (i + 1) * PAGE);
    if (page.some((byte) => byte !== 0)) {
      head[12 + i] = 1;
      kept.push(page);
    }
  }
  return Buffer.concat([head, ...kept]);
}

// Compressed too: 31 MB of memory becomes 6.2 MB.
writeFileSync(out, gzipSync(sparse(pyodide.makeMemorySnapshot()), { level: 9 }));
