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
  // DOM from a description, in one call: MicroPython pays for every call into
  // JS, and a list or board built node by node was hundreds of them (the
  // largest part of a first render on a slow phone).  A description is
  // [tag, className, text, attributes, children]; a child may be a string
  // (a text node).  Text is only ever set as text, never parsed as HTML, and
  // no event-handler attribute is set.
  function make(spec) {
    if (typeof spec === "string") return document.createTextNode(spec);
    var node = document.createElement(spec[0]);
    if (spec[1]) node.className = spec[1];
    if (spec[2] !== null && spec[2] !== undefined) node.textContent = spec[2];
    setAttributes(node, spec[3]);
    var children = spec[4];
    if (children) for (var i = 0; i < children.length; i++) node.appendChild(make(children[i]));
    return node;
  }
  // true: a boolean attribute set; false or null: removed; anything else as text.
  function setAttributes(node, attrs) {
    if (!attrs) return;
    for (var name in attrs) {
      if (/^on/i.test(name)) continue;
      var value = attrs[name];
      if (value === true) node.setAttribute(name, "");
      else if (value === false || value === null) node.removeAttribute(name);
      else node.setAttribute(name, String(value));
    }
  }
  function fill(parent, specs) {
    var part = document.createDocumentFragment();
    for (var i = 0; i < specs.length; i++) part.appendChild(make(specs[i]));
    parent.textContent = "";
    parent.appendChild(part);
  }
  window.tgBuild = function (json) {
    return make(JSON.parse(json));
  };
  window.tgFill = function (parent, json) {
    fill(parent, JSON.parse(json));
  };
  // Changes to elements found by id, in one call: [[id, attributes, classes,
  // parts], ...] where classes maps a class to on/off and parts maps a CSS
  // selector inside the element to the children it now holds.
  window.tgPatch = function (json) {
    var changes = JSON.parse(json);
    for (var i = 0; i < changes.length; i++) {
      var change = changes[i];
      var node = document.getElementById(change[0]);
      if (!node) continue;
      setAttributes(node, change[1]);
      var classes = change[2];
      if (classes) for (var cls in classes) node.classList.toggle(cls, !!classes[cls]);
      var parts = change[3];
      if (parts) {
        for (var selector in parts) {
          var inner = node.querySelector(selector);
          if (inner) fill(inner, parts[selector]);
        }
      }
    }
  };
  // A promise that resolves in a new browser task (a message to ourselves:
  // unlike a chain of timers, never clamped to 4 ms).  MicroPython's asyncio
  // runs every task that is ready in one browser task, so only awaiting
  // this really lets the page paint and take input in between.
  var channel = new MessageChannel();
  var waiting = [];
  channel.port1.onmessage = function () {
    waiting.shift()();
  };
  window.tgNextTask = function () {
    return new Promise(function (resolve) {
      waiting.push(resolve);
      channel.port2.postMessage(0);
    });
  };
  // The time in milliseconds, as text: MicroPython turns a whole JS number into
  // a 32-bit integer, so Date.now() read from Python wraps every 49.7 days.
  window.tgNowMs = function () {
    return String(Date.now());
  };
  window.tgScrollToMiddle = function (node) {
    requestAnimationFrame(function () {
      node.scrollTop = (node.scrollHeight - node.clientHeight) / 2;
    });
  };
})();
