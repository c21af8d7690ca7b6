// Register the site's service worker (at the site root, two levels up from
// play/common/), so game pages work offline after one visit.
// Registration installs the worker, which downloads the whole site into its
// cache: on a first visit that competes with the page's own downloads and its
// first render, so it waits until the engine has answered
// (html[data-engine=ready]), then until the page has settled: the first game
// drawn and laid out, the player's first look at it.
(function () {
  if (!("serviceWorker" in navigator) || !document.currentScript) return;
  var root = new URL("../../", document.currentScript.src);
  var html = document.documentElement;
  var done = false;
  var SETTLE_MS = 3000;
  function register() {
    if (done) return;
    done = true;
    try {
      navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname })
        .catch(function () { /* offline use is a bonus; the page works without it */ });
    } catch (err) { /* insecure context: the page still works online */ }
  }
  function ready() { return html.getAttribute("data-engine") === "ready"; }
  if (navigator.serviceWorker.controller || ready()) {
    // Already installed (a revisit): registering again only checks for an update.
    window.addEventListener("load", register);
    return;
  }
  function settled() {
    setTimeout(function () {
      if (window.requestIdleCallback) window.requestIdleCallback(register, { timeout: 2000 });
      else register();
    }, SETTLE_MS);
  }
  var watch = new MutationObserver(function () {
    if (ready()) { watch.disconnect(); settled(); }
  });
  watch.observe(html, { attributes: true, attributeFilter: ["data-engine"] });
})();
