// Starts the engine worker (engine.worker.mjs) from the page's <head>, so
// the engine downloads while the page's MicroPython UI loads.
//
// The worker fetches the engine at once but boots Pyodide only when the page's
// UI has started (ui.py calls window.timegamesBootEngine once its controls are
// bound): compiling Pyodide's WebAssembly takes every core of a small machine,
// and alongside MicroPython's own start it made the page's main-thread tasks
// several times longer.  On two cores, booting after the first paint instead
// gave Lighthouse's mobile profile a total blocking time of 310-410 ms (medians
// of 3 runs), against 30-95 ms now.  The price: in A/B runs the page was ready
// 0-15% later, and 9-17% later at 20 Mbit/s with 150 ms round trips, where
// Pyodide's download now waits for the UI too.  A revisit, which starts
// Pyodide from its cached memory snapshot, does not wait (engine.worker.mjs).
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

  // ui.py calls it once; a second call would change nothing in the worker.
  window.timegamesBootEngine = function () {
    performance.mark("timegames:engine-boot");
    worker.postMessage({ boot: true });
  };
})();
