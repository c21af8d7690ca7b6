// Starts the engine worker (engine.worker.mjs) as soon as the page has
// painted once, so Pyodide boots while the page's MicroPython UI loads,
// instead of after it.
//
// Not earlier: compiling Pyodide's WebAssembly takes every core of a small
// machine, and the page's first layout then became its longest task (over
// 200 ms at 4x CPU slowdown).  Waiting for the first paint costs the engine
// well under 100 ms.  A tab opened in the background, which never paints,
// starts the worker after a second.
//
// window.timegamesEngine is a promise of {request(text) -> Promise<text>}:
// the page sends one JSON request and gets the JSON answer.  It is rejected,
// with the reason, if the engine cannot start.
(function () {
  "use strict";
  var here = document.currentScript.src;
  var worker = null;
  var queued = [];
  var waiting = new Map();
  var next = 0;
  var resolveEngine, rejectEngine;
  var engine = {
    request: function (text) {
      return new Promise(function (resolve) {
        var id = next++;
        var message = { id: id, payload: String(text) };
        waiting.set(id, resolve);
        if (worker) worker.postMessage(message);
        else queued.push(message);
      });
    },
  };
  window.timegamesEngine = new Promise(function (resolve, reject) {
    resolveEngine = resolve;
    rejectEngine = reject;
  });

  function start() {
    if (worker) return;
    worker = new Worker(new URL("engine.worker.mjs", here), { type: "module" });
    worker.onmessage = function (event) {
      var message = event.data;
      if (message.ready) resolveEngine(engine);
      else if (message.failed) rejectEngine(new Error(message.failed));
      else if (waiting.has(message.id)) {
        waiting.get(message.id)(message.answer);
        waiting.delete(message.id);
      }
    };
    worker.onerror = function (event) {
      rejectEngine(new Error(event.message || "the engine worker did not load"));
    };
    queued.forEach(function (message) {
      worker.postMessage(message);
    });
    queued = [];
  }

  // The frame callback runs just before the first paint; the timer after it.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
