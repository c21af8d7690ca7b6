// Register the site's service worker (at the site root, two levels up from
// play/common/), so game pages work offline after one visit.
(function () {
  if (!("serviceWorker" in navigator)) return;
  var root = new URL("../../", document.currentScript.src);
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname })
    .catch(function () { /* offline use is a bonus; the page works without it */ });
})();
