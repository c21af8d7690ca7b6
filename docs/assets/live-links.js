// Live examples on the rules pages.  A link with target="<iframe name>" shows
// its position in that embedded board (hash-only navigation, no reload).
// When the board is scrolled out of sight, bring it into view so the reader
// sees what the link opened.  Without this script the links still work.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[target]") : null;
    if (!link) {
      return;
    }
    var frame = document.querySelector('iframe[name="' + link.getAttribute("target") + '"]');
    if (!frame) {
      return;
    }
    // Scroll only when less than about half of the board is on screen.
    var box = frame.getBoundingClientRect();
    var shown = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
    if (shown < 0.5 * Math.min(box.height, window.innerHeight)) {
      frame.scrollIntoView({ behavior: "smooth", block: "start" });
    }
  });
})();
