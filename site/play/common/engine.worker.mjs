// The engine worker: Pyodide running the timegames engine off the page's main thread.
//
// The page starts this worker from its <head> (engine.js), so Python boots
// while the page's MicroPython UI starts.  The engine's zip and
// engine_worker.py are fetched at once; Pyodide boots when the page says it
// has painted (a {boot: true} message: see engine.js for why).  Once
// both are in, the zip goes on sys.path and engine_worker.request answers
// the page's JSON requests, one at a time, in order.
import { loadPyodide } from "./pyodide_boot.mjs";

// The engine's package with its bytecode, made by build.py from the wheel.
const ENGINE = new URL("../../runtime/pyodide/engine.zip", import.meta.url).href;
const CODE = new URL("engine_worker.py", import.meta.url).href;

async function download(url, read) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return read(response);
}

let painted;
const pagePainted = new Promise((resolve) => {
  painted = resolve;
});

async function start() {
  const engine = download(ENGINE, (r) => r.arrayBuffer());
  const code = download(CODE, (r) => r.text());
  await pagePainted;
  const pyodide = await loadPyodide({});
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
    painted();
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
