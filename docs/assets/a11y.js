// Accessibility touches for MkDocs-Material's own widgets.
// Each code block's toolbar is a <nav>; with several on a page they need
// distinct names to be told apart as landmarks (axe: landmark-unique).
(function () {
  "use strict";
  function label() {
    document.querySelectorAll(".md-code__nav").forEach(function (nav, i) {
      if (!nav.hasAttribute("aria-label")) {
        nav.setAttribute("aria-label", "Code block " + (i + 1) + " tools");
      }
    });
  }
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function () { setTimeout(label, 0); });
  } else {
    window.addEventListener("load", label);
  }
})();
