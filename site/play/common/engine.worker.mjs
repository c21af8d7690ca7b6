// The engine worker: Pyodide running the timegames engine off the page's main thread.
//
// The page starts this worker from its <head> (engine.js, inlined there by
// build.py), so the engine downloads while the page's MicroPython UI starts.  The
// engine's zip and engine_worker.py are fetched at once; Pyodide boots when
// the page says its UI has started (a {boot: true} message: see engine.js for
// why).  Once both are in, the zip goes on sys.path and
// engine_worker.request answers the page's JSON requests, one at a time, in
// order.
//
// One file, importing only Pyodide's own loader: each module the worker
// imports is one more request in a row before Python can start booting.
import { loadPyodide as boot } from "../../runtime/pyodide/pyodide.mjs";

const INDEX = new URL("../../runtime/pyodide/", import.meta.url).href;
// The engine's package with its bytecode, made by build.py from the wheel.
const ENGINE = new URL("engine.zip", INDEX).href;
const CODE = new URL("engine_worker.py", import.meta.url).href;

// -- Starting Pyodide -----------------------------------------------------------------
//
// A revisit should not pay for starting Python from scratch.  build.py makes
// a memory snapshot of Pyodide with the engine already imported
// (runtime/pyodide/engine.snapshot), and the service worker precaches it
// after a first visit.  When the snapshot is in the cache, Pyodide starts
// from it; when it is missing, or fails to load, Pyodide starts normally.
// A first visit never downloads the snapshot itself, so it costs nothing.
const SNAPSHOT = new URL("engine.snapshot", INDEX).href;

async function cachedSnapshot() {
  try {
    if (typeof caches === "undefined") return null;
    const hit = await caches.match(SNAPSHOT, { ignoreSearch: true });
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (err) {
    return null;
  }
}

// A snapshot that failed once is dropped, so later visits do not try it again.
async function forget() {
  try {
    for (const key of await caches.keys()) await (await caches.open(key)).delete(SNAPSHOT);
  } catch (err) {
    /* nothing cached to drop */
  }
}

async function loadPyodide(snapshot) {
  const settings = { indexURL: INDEX };
  if (snapshot) {
    try {
      const pyodide = await boot({ ...settings, _loadSnapshot: snapshot });
      pyodide.runPython("import timegames.core.session");
      globalThis.__timegamesBoot = "snapshot";
      return pyodide;
    } catch (err) {
      console.warn("timegames: the engine snapshot did not load; starting Python normally", err);
      forget();
    }
  }
  globalThis.__timegamesBoot = "plain";
  // Marks for the site benchmark: how much of the start is Pyodide's own boot.
  performance.mark("timegames:pyodide-start");
  const pyodide = await boot(settings);
  performance.mark("timegames:pyodide-done");
  return pyodide;
}

// -- The engine -----------------------------------------------------------------------

async function download(url, read) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return read(response);
}

let uiStarted;
const pageStarted = new Promise((resolve) => {
  uiStarted = resolve;
});

async function start() {
  const engine = download(ENGINE, (r) => r.arrayBuffer());
  const code = download(CODE, (r) => r.text());
  // Looked up while the page's UI starts, so the boot itself does not wait on it.
  const snapshot = cachedSnapshot();
  await pageStarted;
  const pyodide = await loadPyodide(await snapshot);
  // Written even after a snapshot: the engine reads its data files (tiles,
  // cards, locations) from the zip, which a snapshot does not hold.  Python
  // imports straight from the zip, so nothing is unpacked.
  const home = pyodide.runPython("import os; os.getcwd()");
  const zip = `${home}/engine.zip`;
  pyodide.FS.writeFile(zip, new Uint8Array(await engine));
  pyodide.runPython(`
import sys
if ${JSON.stringify(zip)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(zip)})
`);
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(await code, { globals: namespace, filename: "engine_worker.py" });
  performance.mark("timegames:engine-imported");
  return namespace.get("request");
}

const started = start();
started.then(
  () => postMessage({ ready: true }),
  (err) => postMessage({ failed: String(err && err.message ? err.message : err) }),
);

self.onmessage = async (event) => {
  if (event.data.boot) {
    uiStarted();
    return;
  }
  const { id, payload } = event.data;
  let answer;
  try {
    const request = await started;
    answer = request(payload);
  } catch (err) {
    const error = `the engine could not start: ${err && err.message ? err.message : err}`;
    answer = JSON.stringify({ ok: false, error: error.slice(0, 300), rule: "internal" });
  }
  postMessage({ id, answer });
};
