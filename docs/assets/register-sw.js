// Register the site's service worker, which lets timegames work offline.
// The worker (sw.js) sits at the site root, the parent of this assets/ folder.
// Computing the root from this script's own URL keeps the site working from
// any sub-path (GitHub Pages project sites, a local folder server, ...).
// The worker precaches the whole site, so on a first visit it starts only
// once the page has loaded and the browser is idle: the reader's page comes first.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !document.currentScript) {
    return;
  }
  var root = new URL("../", document.currentScript.src);
  var worker = new URL("sw.js", root);
  function register() {
    try {
      navigator.serviceWorker
        .register(worker.href, { scope: root.pathname })
        .catch(function () {
          // No worker (e.g. plain file server, private mode): the site still works online.
        });
    } catch (err) {
      // Some browsers throw synchronously (insecure context); ignore as above.
    }
  }
  window.addEventListener("load", function () {
    if (navigator.serviceWorker.controller || !("requestIdleCallback" in window)) {
      setTimeout(register, 1000);
    } else {
      window.requestIdleCallback(register, { timeout: 5000 });
    }
  });
})();
