// Accessibility touches for MkDocs-Material's own widgets.
// Each code block's toolbar is a <nav>; with several on a page they need
// distinct names to be told apart as landmarks (axe: landmark-unique).
(function () {
  "use strict";
  // A wide table scrolls sideways in its wrapper; keyboard users need to reach
  // it to scroll it (axe: scrollable-region-focusable).
  function label() {
    document.querySelectorAll(".md-code__nav").forEach(function (nav, i) {
      if (!nav.hasAttribute("aria-label")) {
        nav.setAttribute("aria-label", "Code block " + (i + 1) + " tools");
      }
    });
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap, i) {
      if (!wrap.hasAttribute("tabindex")) {
        wrap.setAttribute("tabindex", "0");
        wrap.setAttribute("role", "region");
        wrap.setAttribute("aria-label", "Table " + (i + 1) + " (scrolls sideways)");
      }
    });
  }
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function () { setTimeout(label, 0); });
  } else {
    window.addEventListener("load", label);
  }
})();
