"""Widgets for games of secret, simultaneous orders (MicroPython, main thread).

* :class:`OrderList`: the orders a player has written but not yet sent, each
  with its cost and a button to cancel it, and a meter of the total against
  what the player has to spend.
* :class:`ReportPlayer`: a turn's resolution told step by step, with buttons
  to go back, forward, play it through or show it all at once.

The engine decides every cost and every step; these only show them.
"""

import asyncio

from ui import clear, el, on

STEP_SECONDS = 0.9  # reading time per step when a report plays by itself


class OrderList:
    """Pending orders in ``box`` and the spending meter in ``meter``."""

    def __init__(self, box, meter, unit="points", empty="No orders yet."):
        self.box = box
        box.setAttribute("tabindex", "0")  # a long list scrolls: keyboard users can scroll it too
        self.meter = meter
        self.unit = unit
        self.empty = empty

    def render(self, orders, spent, available, cancel=None, note=""):
        """Draw ``orders`` (dicts with ``text``, ``cost`` and ``key``).

        ``cancel(key)`` is called when a cancel button is pressed; without it
        the list is read-only (not this player's turn, or a replay).
        """
        clear(self.box)
        if not orders:
            self.box.appendChild(el("li", "tg-order-empty", text=self.empty))
        for number, order in enumerate(orders):
            item = el("li", "tg-order", attrs={"data-order": order["key"]})
            item.appendChild(el("span", "tg-order-n", text=str(number + 1) + "."))
            item.appendChild(el("span", "tg-order-text", text=order["text"]))
            cost = order.get("cost")
            item.appendChild(el("span", "tg-order-cost", text="" if cost is None else str(cost)))
            if cancel is not None:
                button = el(
                    "button",
                    "tg-order-cancel",
                    text="✕",
                    attrs={
                        "type": "button",
                        "data-cancel": order["key"],
                        "aria-label": "Cancel order " + str(number + 1) + ": " + order["text"],
                        "title": "Cancel this order",
                    },
                )
                on(button, "click", self.cancel_handler(cancel, order["key"]))
                item.appendChild(button)
            self.box.appendChild(item)
        self.render_meter(spent, available, note)

    def cancel_handler(self, cancel, key):
        return lambda evt: cancel(key)

    def render_meter(self, spent, available, note=""):
        clear(self.meter)
        over = spent > available
        self.meter.className = "tg-meter" + (" over" if over else "")
        self.meter.setAttribute("data-spent", str(spent))
        self.meter.setAttribute("data-available", str(available))
        words = el(
            "p",
            "tg-meter-words",
            children=[
                el("strong", text=str(spent)),
                el("span", text=" / " + str(available) + " " + self.unit),
            ],
        )
        self.meter.appendChild(words)
        bar = el("div", "tg-meter-bar", attrs={"aria-hidden": "true"})
        share = 0 if available <= 0 else min(100, int(100 * spent / available))
        fill = el("span", "tg-meter-fill")
        fill.style.width = str(share if available > 0 else (100 if spent else 0)) + "%"
        bar.appendChild(fill)
        self.meter.appendChild(bar)
        if note:
            self.meter.appendChild(el("p", "tg-meter-note", text=note))


class ReportPlayer:
    """Tell a list of steps one at a time; ``on_step(step or None)`` highlights it elsewhere.

    Each step is a dict with ``text`` and, optionally, ``kind`` (a CSS class:
    ``bid``, ``place``, ``fail``...) and ``group`` (a heading shown when the
    group changes, e.g. "Bids" then "Placements").
    """

    def __init__(self, box, controls, on_step=None, labels=None):
        self.box = box
        box.setAttribute("tabindex", "0")  # the steps scroll: keyboard users can scroll them too
        self.controls = controls
        self.on_step = on_step
        self.labels = labels or {}
        self.steps = []
        self.key = None
        self.index = -1
        self.playing = None
        self.run_id = 0
        self.buttons = {}
        for name, text, title in (
            ("first", "«", "First step"),
            ("prev", "‹", "Previous step"),
            ("play", "▶", "Play the turn step by step"),
            ("next", "›", "Next step"),
            ("all", "»", "Show every step"),
        ):
            button = el(
                "button",
                "tg-report-" + name,
                text=text,
                attrs={"type": "button", "aria-label": title, "title": title},
            )
            on(button, "click", self.button_handler(name))
            self.buttons[name] = button
            controls.appendChild(button)
        self.counter = el("span", "tg-report-count", attrs={"aria-live": "polite"})
        controls.appendChild(self.counter)

    def button_handler(self, name):
        def handler(evt):
            if name == "play":
                return self.toggle_play()
            self.stop()
            if name == "first":
                self.show(0)
            elif name == "prev":
                self.show(self.index - 1)
            elif name == "next":
                self.show(self.index + 1)
            else:
                self.show(len(self.steps) - 1)
            return None

        return handler

    def load(self, key, steps, autoplay=False):
        """Show a report; the same ``key`` again keeps the step the reader is on."""
        if key == self.key and len(steps) == len(self.steps):
            self.steps = steps
            self.draw()
            return
        self.stop()
        self.key = key
        self.steps = steps
        self.index = len(steps) - 1
        if autoplay and steps:
            self.index = 0
            self.start_playing()
            return
        self.draw()

    def show(self, index):
        if not self.steps:
            return
        self.index = max(0, min(index, len(self.steps) - 1))
        self.draw()

    def draw(self):
        clear(self.box)
        group = None
        for number, step in enumerate(self.steps):
            if step.get("group") and step["group"] != group:
                group = step["group"]
                self.box.appendChild(el("li", "tg-report-group", text=group))
            classes = "tg-report-step " + step.get("kind", "")
            if number > self.index:
                classes += " ahead"
            if number == self.index:
                classes += " current"
            item = el("li", classes, attrs={"data-step": number})
            item.appendChild(el("span", "tg-report-text", text=step["text"]))
            on(item, "click", self.step_handler(number))
            self.box.appendChild(item)
        total = len(self.steps)
        self.counter.textContent = (
            (str(self.index + 1) + " / " + str(total)) if total else self.labels.get("none", "")
        )
        self.box.setAttribute("data-index", str(self.index))
        self.box.setAttribute("data-total", str(total))
        self.buttons["first"].disabled = self.index <= 0
        self.buttons["prev"].disabled = self.index <= 0
        self.buttons["next"].disabled = self.index >= total - 1
        self.buttons["all"].disabled = self.index >= total - 1
        self.buttons["play"].disabled = total == 0
        self.buttons["play"].textContent = "❚❚" if self.playing else "▶"
        current = self.box.querySelector(".current")
        if current:
            # Keep the step in view inside the report's own scroll box only.
            top = current.offsetTop - self.box.offsetTop
            if top < self.box.scrollTop or top > self.box.scrollTop + self.box.clientHeight - 24:
                self.box.scrollTop = max(0, top - 24)
        if self.on_step:
            self.on_step(self.steps[self.index] if 0 <= self.index < total else None)

    def step_handler(self, number):
        def handler(evt):
            self.stop()
            self.show(number)

        return handler

    def toggle_play(self):
        if self.playing:
            self.stop()
            self.draw()
            return None
        if self.index >= len(self.steps) - 1:
            self.index = 0
        self.start_playing()
        return None

    def start_playing(self):
        self.run_id += 1
        self.playing = asyncio.create_task(self.run(self.run_id))

    async def run(self, run_id):
        self.draw()
        while self.index < len(self.steps) - 1:
            await asyncio.sleep(STEP_SECONDS)
            if run_id != self.run_id:
                return  # stopped, or another report was loaded
            self.index += 1
            self.draw()
        self.playing = None
        self.draw()

    def stop(self):
        self.run_id += 1
        task = self.playing
        self.playing = None
        if task is not None:
            try:
                task.cancel()
            except Exception:
                pass  # already finished
