// Starts the engine worker (engine.worker.mjs) as soon as the page's <head>
// is read, so Pyodide boots while the rest of the page and its MicroPython UI
// load, instead of after them.
//
// window.timegamesEngine is a promise of {request(text) -> Promise<text>}:
// the page sends one JSON request and gets the JSON answer.  It is rejected,
// with the reason, if the engine cannot start.
(function () {
  "use strict";
  var here = document.currentScript.src;
  var worker = new Worker(new URL("engine.worker.mjs", here), { type: "module" });
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
})();
