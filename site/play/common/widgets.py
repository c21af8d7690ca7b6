"""Widgets several game pages can share (MicroPython, main thread).

* :class:`ContextMenu`: a pop-up list of orders for one thing on the board,
  opened by right click, long press (touch) or the keyboard (the Menu key,
  Shift+F10 or M), and walked with the arrow keys.
* :class:`Zoom`: zoom buttons, Ctrl+wheel and mouse-drag panning for a board
  that is larger than its scrolling viewport.

They only draw and report choices; what a choice does is the page's business,
and what is offered comes from the engine.
"""

import asyncio

import js as window
from js import document
from jsffi import create_proxy, to_js
from ui import Store, clear, el, on

LONG_PRESS_MS = 550  # a touch held this long opens the menu, as on phones' own menus
MENU_KEYS = ("ContextMenu", "m", "M")


class ContextMenu:
    """One pop-up menu for the page; :meth:`attach` makes a node open it.

    ``provider(node)`` returns the items for that node when the menu opens:
    dicts with ``label``, optional ``detail`` (shown on the right, e.g. a cost),
    ``disabled`` and ``run`` (called, or scheduled if it returns a coroutine,
    when the item is chosen).
    """

    def __init__(self, label="Orders", on_aim=None):
        self.on_aim = on_aim  # called with the item a pointer or the focus rests on
        self.node = el("div", "tg-menu", attrs={"role": "menu", "aria-label": label})
        self.node.hidden = True
        document.body.appendChild(self.node)
        self.opener = None
        self.items = []
        self.buttons = []
        self.timer = None
        self.press_at = None
        self.suppress_click = False
        self.opened_ms = 0
        self.anchor = (0, 0)
        on(self.node, "keydown", self.menu_key)
        on(document.body, "pointerdown", self.outside)
        try:
            # Scrolling the page or a board moves the tile away from a menu fixed on screen.
            document.addEventListener("scroll", create_proxy(self.scrolled), True)
        except Exception:
            pass  # the menu still closes on a click elsewhere or Escape

    # -- attaching -------------------------------------------------------------------

    def attach(self, node, provider):
        """Make ``node`` open the menu (right click, long press, Menu key, Shift+F10, M)."""
        node.setAttribute("aria-haspopup", "menu")

        def context(evt):
            evt.preventDefault()  # before anything else: the browser's own menu must not open
            self.open(node, provider, evt.clientX, evt.clientY)

        def key(evt):
            name = str(evt.key)
            if name in MENU_KEYS or (name == "F10" and evt.shiftKey):
                if evt.ctrlKey or evt.altKey or evt.metaKey:
                    return
                evt.preventDefault()
                rect = node.getBoundingClientRect()
                self.open(node, provider, rect.left + 8, rect.bottom - 4)

        def down(evt):
            self.suppress_click = False  # a new press: only its own long press may swallow a click
            if str(evt.pointerType) != "touch":
                return
            self.cancel_press()
            self.press_at = (evt.clientX, evt.clientY)
            x, y = evt.clientX, evt.clientY

            def fire():
                self.timer = None
                self.suppress_click = True
                self.open(node, provider, x, y)

            self.timer = window.setTimeout(create_proxy(fire), LONG_PRESS_MS)

        def moved(evt):
            if self.press_at is None:
                return
            if abs(evt.clientX - self.press_at[0]) + abs(evt.clientY - self.press_at[1]) > 12:
                self.cancel_press()

        def click(evt):
            # The click that ends a long press must not also select or play.
            if self.suppress_click:
                self.suppress_click = False
                evt.preventDefault()
                evt.stopImmediatePropagation()

        for name, handler in (
            ("contextmenu", context),
            ("keydown", key),
            ("pointerdown", down),
            ("pointermove", moved),
            ("pointerup", lambda evt: self.cancel_press()),
            ("pointercancel", lambda evt: self.cancel_press()),
        ):
            node.addEventListener(name, create_proxy(handler))
        node.addEventListener("click", create_proxy(click), True)

    def cancel_press(self):
        self.press_at = None
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    # -- showing -----------------------------------------------------------------------

    def open(self, node, provider, x, y):
        now = window.performance.now()
        if not self.node.hidden and self.opener is node and now - self.opened_ms < 400:
            return  # a long press may also raise contextmenu: open once
        items = provider(node) or []
        if not items:
            return
        self.opened_ms = now
        self.opener = node
        rect = node.getBoundingClientRect()
        self.anchor = (rect.left, rect.top)
        self.items = items
        self.buttons = []
        clear(self.node)
        title = node.getAttribute("data-menu-title")
        if title:
            self.node.appendChild(el("p", "tg-menu-title", text=title))
        for index, item in enumerate(items):
            button = el(
                "button",
                "tg-menu-item",
                attrs={"type": "button", "role": "menuitem", "tabindex": "-1"},
            )
            button.appendChild(el("span", "tg-menu-label", text=item["label"]))
            if item.get("detail") is not None:
                button.appendChild(el("span", "tg-menu-detail", text=item["detail"]))
            if item.get("action"):
                button.setAttribute("data-action", item["action"])
            if item.get("key"):
                button.setAttribute("data-item", item["key"])
            if item.get("disabled"):
                button.setAttribute("aria-disabled", "true")
                button.classList.add("disabled")
                if item.get("why"):
                    button.setAttribute("title", item["why"])
            on(button, "click", self.chosen_handler(index))
            if self.on_aim:
                on(button, "mouseenter", self.aim_handler(index))
                on(button, "focus", self.aim_handler(index))
            self.buttons.append(button)
            self.node.appendChild(button)
        self.node.hidden = False
        width = self.node.offsetWidth
        height = self.node.offsetHeight
        left = max(4, min(x, window.innerWidth - width - 4))
        top = y if y + height + 4 < window.innerHeight else max(4, y - height)
        self.node.style.left = str(left) + "px"
        self.node.style.top = str(top) + "px"
        self.focus_item(0)

    def aim_handler(self, index):
        return lambda evt: self.on_aim(self.items[index])

    def chosen_handler(self, index):
        return lambda evt: self.choose(index)

    def choose(self, index):
        item = self.items[index]
        if item.get("disabled"):
            return None
        self.close(True)
        run = item.get("run")
        if run is None:
            return None
        result = run()
        if result is not None and hasattr(result, "send"):
            asyncio.create_task(result)
        return None

    def focus_item(self, index):
        if not self.buttons:
            return
        index = index % len(self.buttons)
        self.buttons[index].focus()

    def current_index(self):
        active = document.activeElement
        for index, button in enumerate(self.buttons):
            if button == active:
                return index
        return -1

    def menu_key(self, evt):
        name = str(evt.key)
        if name == "ArrowDown":
            evt.preventDefault()
            self.focus_item(self.current_index() + 1)
        elif name == "ArrowUp":
            evt.preventDefault()
            self.focus_item(self.current_index() - 1)
        elif name == "Home":
            evt.preventDefault()
            self.focus_item(0)
        elif name == "End":
            evt.preventDefault()
            self.focus_item(len(self.buttons) - 1)
        elif name in ("Escape", "Tab"):
            evt.preventDefault()
            self.close(True)

    def scrolled(self, evt):
        if self.node.hidden or self.node.contains(evt.target) or not self.opener:
            return
        # Close only once the tile has really moved: a scroll that happened just before the
        # menu opened (bringing the tile into view) may report after it.
        rect = self.opener.getBoundingClientRect()
        if abs(rect.left - self.anchor[0]) + abs(rect.top - self.anchor[1]) > 8:
            self.close(False)

    def outside(self, evt):
        if self.node.hidden:
            return
        if self.node.contains(evt.target) or (self.opener and self.opener.contains(evt.target)):
            return
        self.close(False)

    def close(self, refocus):
        if self.node.hidden:
            return
        self.node.hidden = True
        opener = self.opener
        if refocus and opener and opener.isConnected:
            opener.focus()

    def is_open(self):
        return not self.node.hidden


class Zoom:
    """Zoom and pan a board inside a scrolling ``viewport``.

    The board's size follows the CSS variable ``--zoom`` set on the viewport;
    the level is remembered per page.  Buttons with the given ids zoom out, in
    and reset; Ctrl+wheel zooms; dragging with the mouse pans.
    """

    LEVELS = (0.4, 0.5, 0.6, 0.75, 0.9, 1.0, 1.2, 1.45, 1.75)

    def __init__(self, slug, viewport, out_id, in_id, reset_id, label_id=None, start=1.0):
        self.viewport = viewport
        self.store = Store(slug, "zoom")
        saved = self.store.load()
        self.level = saved if saved in self.LEVELS else start
        self.label = document.getElementById(label_id) if label_id else None
        self.drag = None
        self.dragged = False
        on(document.getElementById(out_id), "click", lambda evt: self.step(-1))
        on(document.getElementById(in_id), "click", lambda evt: self.step(1))
        on(document.getElementById(reset_id), "click", lambda evt: self.set(start))
        viewport.addEventListener("wheel", create_proxy(self.wheel))
        viewport.addEventListener("pointerdown", create_proxy(self.down))
        viewport.addEventListener("pointermove", create_proxy(self.move))
        viewport.addEventListener("pointerup", create_proxy(self.up))
        viewport.addEventListener("click", create_proxy(self.click), True)
        self.apply()

    def step(self, direction):
        levels = self.LEVELS
        index = 0
        for i, value in enumerate(levels):
            if abs(value - self.level) < 1e-6:
                index = i
        index = max(0, min(len(levels) - 1, index + direction))
        self.set(levels[index])

    def set(self, level):
        # Keep the middle of what is shown in the middle.
        view = self.viewport
        cx = (view.scrollLeft + view.clientWidth / 2) / self.level
        cy = (view.scrollTop + view.clientHeight / 2) / self.level
        self.level = level
        self.store.save(level)
        self.apply()
        view.scrollLeft = cx * level - view.clientWidth / 2
        view.scrollTop = cy * level - view.clientHeight / 2

    def apply(self):
        self.viewport.style.setProperty("--zoom", str(self.level))
        self.viewport.setAttribute("data-zoom", str(self.level))
        if self.label:
            self.label.textContent = str(int(self.level * 100 + 0.5)) + "%"

    def wheel(self, evt):
        if not (evt.ctrlKey or evt.metaKey):
            return
        evt.preventDefault()
        self.step(-1 if evt.deltaY > 0 else 1)

    def down(self, evt):
        if str(evt.pointerType) != "mouse" or evt.button != 0:
            return
        self.drag = (evt.clientX, evt.clientY, self.viewport.scrollLeft, self.viewport.scrollTop)
        self.dragged = False

    def move(self, evt):
        if self.drag is None:
            return
        dx = evt.clientX - self.drag[0]
        dy = evt.clientY - self.drag[1]
        if not self.dragged and abs(dx) + abs(dy) < 6:
            return
        self.dragged = True
        self.viewport.classList.add("panning")
        self.viewport.scrollLeft = self.drag[2] - dx
        self.viewport.scrollTop = self.drag[3] - dy

    def up(self, evt):
        self.drag = None
        self.viewport.classList.remove("panning")

    def click(self, evt):
        # A drag that panned the board is not a click on the spot under the mouse.
        if self.dragged:
            self.dragged = False
            evt.preventDefault()
            evt.stopImmediatePropagation()

    def show(self, node):
        """Scroll so that ``node`` (a tile or spot) is in view."""
        node.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}))
