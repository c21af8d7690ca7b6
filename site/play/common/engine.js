// Starts the engine worker (engine.worker.mjs) from the page's <head>, so
// Python boots while the page's MicroPython UI loads, instead of after it.
//
// The worker fetches the engine at once but boots Pyodide only once the page
// has painted: compiling Pyodide's WebAssembly takes every core of a small
// machine, and the page's first layout then became its longest task (over
// 200 ms at 4x CPU slowdown).  A tab opened in the background, which never
// paints, lets it boot after a second.
//
// build.py writes this file into each game page's <head> (one request fewer
// before the worker starts), so the worker's URL is relative to the page:
// every game page is play/<game>/.
//
// window.timegamesEngine is a promise of {request(text) -> Promise<text>}:
// the page sends one JSON request and gets the JSON answer.  It is rejected,
// with the reason, if the engine cannot start.
(function () {
  "use strict";
  var url = new URL("../common/engine.worker.mjs", document.baseURI);
  var worker = new Worker(url, { type: "module" });
  var waiting = new Map();
  var next = 0;
  var engine = {
    request: function (text) {
      return new Promise(function (resolve) {
        var id = next++;
        waiting.set(id, resolve);
        worker.postMessage({ id: id, payload: String(text) });
      });
    },
  };
  window.timegamesEngine = new Promise(function (resolve, reject) {
    worker.onmessage = function (event) {
      var message = event.data;
      if (message.ready) resolve(engine);
      else if (message.failed) reject(new Error(message.failed));
      else if (waiting.has(message.id)) {
        waiting.get(message.id)(message.answer);
        waiting.delete(message.id);
      }
    };
    worker.onerror = function (event) {
      reject(new Error(event.message || "the engine worker did not load"));
    };
  });

  // A second "boot" changes nothing in the worker, so both triggers may send it.
  function boot() {
    worker.postMessage({ boot: true });
  }
  // The frame callback runs just before the first paint; the timer after it.
  requestAnimationFrame(function () {
    setTimeout(boot, 0);
  });
  setTimeout(boot, 1000);
})();
