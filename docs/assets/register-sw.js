// Register the site's service worker, which lets timegames work offline.
// The worker (sw.js) sits at the site root, the parent of this assets/ folder.
// Computing the root from this script's own URL keeps the site working from
// any sub-path (GitHub Pages project sites, a local folder server, ...).
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !document.currentScript) {
    return;
  }
  var root = new URL("../", document.currentScript.src);
  var worker = new URL("sw.js", root);
  window.addEventListener("load", function () {
    try {
      navigator.serviceWorker
        .register(worker.href, { scope: root.pathname })
        .catch(function () {
          // No worker (e.g. plain file server, private mode): the site still works online.
        });
    } catch (err) {
      // Some browsers throw synchronously (insecure context); ignore as above.
    }
  });
})();
