// The engine worker's Pyodide loader (imported by engine.worker.mjs).
//
// A revisit should not pay for starting Python from scratch.  build.py makes
// a memory snapshot of Pyodide with the engine already imported
// (runtime/pyodide/engine.snapshot), and the service worker precaches it
// after a first visit.  When the snapshot is in the cache, Pyodide starts
// from it; when it is missing, or fails to load, Pyodide starts normally.
// A first visit never downloads the snapshot itself, so it costs nothing.
import { loadPyodide as boot, version } from "../../runtime/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("../../runtime/pyodide/", import.meta.url).href;
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

export async function loadPyodide(options) {
  const settings = { ...options, indexURL: INDEX };
  const snapshot = await cachedSnapshot();
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
