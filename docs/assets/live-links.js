// Live examples on the rules pages.
//
// build.py draws every example at build time and leaves each live board as an
// iframe without a src (its address waits in data-src), so reading a rules
// page loads no Python runtime at all.  Until the reader presses "Play from
// here", an example link only shows that example's drawing; the press starts
// one live board (one engine) for the whole box, at the chosen example, and
// stops any other board of the page, so a page never runs two engines.
// Once started, a link with target="<iframe name>" moves that board to its
// position (hash-only navigation, no reload).  Without this script the
// drawings still show and the links open the game page.
//
// A started board's frame is as tall as the page it shows, so the reader
// scrolls the rules page and never a second page inside it (a fixed height
// cut Timelock's board on phones and left empty space under Time Vectors').
(function () {
  "use strict";
  // A guard: a page that sized itself by its frame's height would grow for ever.
  var TALLEST = 6000;
  function box(name) {
    return document.querySelector('.tg-live-box[data-frame="' + name + '"]');
  }
  function frameOf(name) {
    return document.querySelector('iframe[name="' + name + '"]');
  }
  function started(frame) {
    return frame.hasAttribute("src");
  }
  function bringIntoView(element) {
    // Scroll only when less than about half of it is on screen.
    var rect = element.getBoundingClientRect();
    var shown = Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, 0);
    if (shown < 0.5 * Math.min(rect.height, window.innerHeight)) {
      element.scrollIntoView({ behavior: "smooth", block: "start" });
    }
  }
  function showTop(element) {
    // Scroll only when its top is hidden above the screen (or under the header).
    var margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    if (element.getBoundingClientRect().top < margin) {
      element.scrollIntoView({ behavior: "smooth", block: "start" });
    }
  }
  function fit(frame) {
    // The board is on this site's origin, so its document is measured from here
    // and the game pages need no code for this.  Only once its engine is ready:
    // a page still loading fills its screen (min-height: 100vh), which would
    // chase the frame's height.  The html element's height is its content's,
    // never stretched to the frame as the document's scrollHeight is.
    var doc = frame.contentDocument;
    if (!doc || !doc.documentElement || doc.documentElement.getAttribute("data-engine") !== "ready") return;
    var content = Math.ceil(doc.documentElement.getBoundingClientRect().height);
    var border = frame.offsetHeight - frame.clientHeight;
    var height = Math.min(content, TALLEST) + border + "px";
    if (frame.style.getPropertyValue("--tg-live-height") !== height) {
      frame.style.setProperty("--tg-live-height", height);
    }
  }
  function follow(frame) {
    // Each page the frame loads is watched with its own window's observers, so
    // they live and end with that page.  Another origin (or no ResizeObserver)
    // leaves the frame at its CSS height.
    frame.addEventListener("load", function () {
      var doc = frame.contentDocument;
      var win = frame.contentWindow;
      if (!doc || !win || !win.ResizeObserver) return;
      var update = function () { fit(frame); };
      new win.ResizeObserver(update).observe(doc.documentElement);
      new win.MutationObserver(update).observe(doc.documentElement, {
        attributes: true,
        attributeFilter: ["data-engine"],
      });
      update();
    });
  }
  function showFigure(holder, key) {
    // Drawings wait in <template>s; the chosen one is brought in on first use.
    var place = holder.querySelector(".tg-live-figures");
    var found = place.querySelector('.tg-example-figure[data-example="' + key + '"]');
    var template = place.querySelector('template[data-example="' + key + '"]');
    if (!found && template) {
      found = template.content.firstElementChild.cloneNode(true);
      place.appendChild(found);
    }
    place.querySelectorAll(".tg-example-figure").forEach(function (figure) {
      figure.hidden = figure !== found;
    });
    var poster = holder.querySelector(".tg-live-poster");
    if (poster) poster.hidden = !!found;
  }
  function stop(frame) {
    // A fresh iframe without a src replaces the running one: taking the old
    // one out of the document ends its page and its engine worker.
    var holder = box(frame.getAttribute("name"));
    var idle = frame.cloneNode(false);
    idle.removeAttribute("src");
    idle.hidden = true;
    frame.replaceWith(idle);
    holder.classList.remove("tg-live-on");
    holder.querySelector(".tg-live-figures").hidden = false;
    holder.querySelector(".tg-live-start").hidden = false;
  }
  function start(name, address) {
    var frame = frameOf(name);
    var holder = box(name);
    if (!frame || started(frame)) return;
    // One engine per rules page: starting a board stops any other one.
    document.querySelectorAll(".tg-live-box iframe.tg-live[src]").forEach(stop);
    follow(frame);
    frame.setAttribute("src", address || holder.getAttribute("data-next") || frame.getAttribute("data-src"));
    frame.hidden = false;
    holder.classList.add("tg-live-on");
    holder.querySelector(".tg-live-figures").hidden = true;
    holder.querySelector(".tg-live-start").hidden = true;
    frame.focus({ preventScroll: true });
    // The board opens at its top: the press may come with the box's top
    // scrolled away (after reading the example links below it).
    showTop(holder);
  }
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    var button = target.closest(".tg-live-start");
    if (button) {
      start(button.getAttribute("data-frame"));
      return;
    }
    var link = target.closest("a[target]");
    if (!link) return;
    var name = link.getAttribute("target");
    var frame = frameOf(name);
    if (!frame) return;
    var holder = box(name);
    if (holder && !started(frame)) {
      // Not started yet: show the drawing instead of booting the engine.
      event.preventDefault();
      var key = (link.hash.match(/example=([A-Za-z0-9_-]+)/) || [])[1];
      holder.setAttribute("data-next", link.href);
      if (key) showFigure(holder, key);
      bringIntoView(holder);
      return;
    }
    bringIntoView(frame);
  });
})();
