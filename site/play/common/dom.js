// Layout helpers for the MicroPython page controller (common/ui.py).
// Reading a scroll size in the middle of a render forces the browser to lay
// out the half-built page there and then; on a slow phone two such reads made
// a game's first render its longest task.  These wait for the next frame,
// when the page is laid out anyway.
(function () {
  "use strict";
  window.tgScrollToEnd = function (node) {
    requestAnimationFrame(function () {
      node.scrollTop = node.scrollHeight;
    });
  };
  window.tgScrollToMiddle = function (node) {
    requestAnimationFrame(function () {
      node.scrollTop = (node.scrollHeight - node.clientHeight) / 2;
    });
  };
})();
