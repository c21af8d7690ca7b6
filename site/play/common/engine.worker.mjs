// The engine worker: Pyodide running the timegames engine off the page's main thread.
//
// The page starts this worker from its <head> (engine.js, inlined there by
// build.py), so the engine downloads while the page's MicroPython UI starts.
// The engine's zip and engine_worker.py are fetched at once; Pyodide boots
// when the page says its UI has started (a {boot: true} message: see
// engine.js for why), or at once on a revisit (below).  Once both are in, the
// zip goes on sys.path and engine_worker.request answers the page's JSON
// requests, one at a time, in order.
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
// Starting Python from scratch, then importing the engine, is most of a first
// start.  build.py makes a memory snapshot of Pyodide with the engine already
// imported, and Pyodide can start from it instead:
// - a revisit starts from the copy the service worker precached;
// - a first visit downloads it only on a fast connection (below), where it
//   arrives sooner than Python would have started;
// - when it is missing, or fails to load, Pyodide starts normally.
// It has each game's first requests already answered once (data files read,
// caches filled), and travels without its empty pages, gzip-compressed
// (runtime/pyodide/engine.snapshot.gz, 6.2 MB for 31 MB of Python's memory):
// hosts such as GitHub Pages send a file of unknown type as it is.
const SNAPSHOT = new URL("engine.snapshot.gz", INDEX).href;

// The connection's speed, in bytes per millisecond, as the engine's own
// download measured it: its size over the time its body took to arrive.  No
// extra request to time; and on a connection fast enough for the snapshot,
// the engine (1 MB) is in long before the page's UI has started, so an engine
// still downloading then reads as slow.
function measuredRate(url) {
  const entry = performance.getEntriesByName(url).pop();
  if (!entry || !entry.encodedBodySize) return 0;
  return entry.encodedBodySize / Math.max(1, entry.responseEnd - entry.responseStart);
}

// A first visit downloads the snapshot at this rate or faster (64 Mbit/s).
// On two cores the page was ready as soon with it as without at 100 Mbit/s
// (40 ms round trips), sooner at 200 Mbit/s, later below; there, sharing
// the line with the page's own downloads, the engine measured 5,100-6,100 at
// 100 Mbit/s and 5,600-9,400 at 200.
const FAST = 8000;

// The snapshot's bytes.  The service worker stores it inflated (sw.js), and a
// host that sends a .gz file as gzip-encoded has the browser inflate it on
// the way: only bytes that still start as gzip does (1f 8b) are inflated here.
async function unpack(response) {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  const bytes = await response.arrayBuffer();
  const head = new Uint8Array(bytes, 0, 2);
  if (head[0] !== 0x1f || head[1] !== 0x8b) return expand(bytes);
  const inflated = new Response(bytes).body.pipeThrough(new DecompressionStream("gzip"));
  return expand(await new Response(inflated).arrayBuffer());
}

// The snapshot without its empty pages (snapshot.build.mjs, sparse) made whole
// again: a new buffer is all zeros, so only the kept pages are copied in.
// Anything that does not add up is refused, and Python starts normally.
function expand(bytes) {
  const head = new DataView(bytes);
  if (bytes.byteLength < 12 || head.getUint32(0) !== 0x54475350) {
    throw new Error("the engine snapshot is not in the site's format"); // "TGSP"
  }
  const length = head.getUint32(4, true);
  const size = head.getUint32(8, true);
  const pages = size ? Math.ceil(length / size) : 0;
  if (!pages || 12 + pages > bytes.byteLength) throw new Error("the engine snapshot is cut short");
  const kept = new Uint8Array(bytes, 12, pages);
  const whole = new Uint8Array(length);
  let from = 12 + pages;
  for (let page = 0; page < pages; page++) {
    if (!kept[page]) continue;
    const count = Math.min(size, length - page * size);
    if (from + count > bytes.byteLength) throw new Error("the engine snapshot is cut short");
    whole.set(new Uint8Array(bytes, from, count), page * size);
    from += count;
  }
  if (from !== bytes.byteLength) throw new Error("the engine snapshot has bytes to spare");
  return whole;
}

// The snapshot to start from: {bytes}, a promise Pyodide awaits once it has
// loaded its JavaScript (so the download overlaps that, and the wasm's
// download), or null to start normally.  With none cached, it is called once
// the page's UI has started: downloading and inflating it take a core.
async function snapshotFor(cached) {
  if (typeof DecompressionStream === "undefined") return null;
  const hit = await cached;
  const connection = self.navigator.connection;
  const fast = !(connection && connection.saveData) && measuredRate(ENGINE) >= FAST;
  if (!hit && !fast) return null;
  const bytes = hit ? unpack(hit) : fetch(SNAPSHOT).then(unpack);
  bytes.catch(() => null); // a failure is Pyodide's to report, when it awaits them
  return { bytes };
}

async function cachedSnapshot() {
  try {
    if (typeof caches === "undefined") return null;
    return (await caches.match(SNAPSHOT, { ignoreSearch: true })) || null;
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

// Marks for the site benchmark: how long Pyodide's own start takes in the page.
async function timed(settings) {
  performance.mark("timegames:pyodide-start");
  const pyodide = await boot(settings);
  performance.mark("timegames:pyodide-done");
  return pyodide;
}

async function loadPyodide(snapshot) {
  const settings = { indexURL: INDEX };
  if (snapshot) {
    try {
      const pyodide = await timed({ ...settings, _loadSnapshot: snapshot.bytes });
      pyodide.runPython("import timegames.core.session");
      globalThis.__timegamesBoot = "snapshot";
      return pyodide;
    } catch (err) {
      console.warn("timegames: the engine snapshot did not load; starting Python normally", err);
      forget();
    }
  }
  globalThis.__timegamesBoot = "plain";
  // After a cached snapshot failed, too: a plain start waits for the UI (engine.js).
  await pageStarted;
  return timed(settings);
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
  const cached = cachedSnapshot();
  // With the snapshot in the cache (a revisit), Pyodide starts at once: from
  // it, Pyodide's start is light enough not to hold up the page's UI.  In A/B
  // runs the revisit was ready in 693 ms against 879 (Time Vectors) and 772
  // against 932 (Timelock), and at 4x slowdown its longest main-thread task
  // stayed under 100 ms.  Otherwise Pyodide waits for the UI (engine.js says why).
  if (!(await cached)) await pageStarted;
  const pyodide = await loadPyodide(await snapshotFor(cached));
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
