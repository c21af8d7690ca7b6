"""Shared page logic for every game page (runs on MicroPython in the main thread).

The page is thin: it renders the view the engine worker returns and sends
the player's actions back as notation.  Everything a rule decides (what is
legal, who moves, whether the game is over) comes from the engine; this
module only knows how to talk to the worker, keep the game saved, and offer
the controls every game shares: new game, undo/redo, save/load, game links,
the move log with replay, AI turns, and the hot-seat privacy screen.

A game page subclasses :class:`GamePage` and implements ``render_state``.
"""

import asyncio
import json

from pyscript import document, window, workers
from pyscript.ffi import create_proxy, to_js

AI_PAUSE = 0.35  # seconds between AI moves, so a human can follow them


def by_id(name):
    return document.getElementById(name)


def el(tag, cls=None, text=None, attrs=None, children=None):
    """Build an element; ``text`` is always set as text, never parsed as HTML."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = str(text)
    if attrs:
        for key in attrs:
            node.setAttribute(key, str(attrs[key]))
    if children:
        for child in children:
            node.appendChild(child)
    return node


def clear(node):
    while node.firstChild:
        node.removeChild(node.firstChild)


def on(node, event, handler):
    """Attach ``handler``; an ``async`` handler is scheduled as a task."""

    def call(evt):
        if event == "submit":
            # Must happen before any await: the browser would otherwise reload the page.
            evt.preventDefault()
        result = handler(evt)
        if result is not None and hasattr(result, "send"):
            asyncio.create_task(result)

    node.addEventListener(event, create_proxy(call))


def download(filename, text):
    blob = window.Blob.new([text], to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = el("a", attrs={"href": url, "download": filename})
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.URL.revokeObjectURL(url)


class Store:
    """A JSON value in localStorage: each game's autosave, a page's match table."""

    def __init__(self, slug, name="autosave"):
        self.key = "timegames:" + slug + ":" + name

    def load(self):
        try:
            text = window.localStorage.getItem(self.key)
            return json.loads(text) if text else None
        except Exception:
            return None

    def save(self, record):
        try:
            window.localStorage.setItem(self.key, json.dumps(record))
        except Exception:
            pass  # private mode or a full quota: play on without saving


class GamePage:
    """The controller every game page shares."""

    slug = ""
    default_ai = ""

    def __init__(self):
        self.engine = None
        self.view = None
        self.meta = None
        self.busy = False
        self.viewer = None
        self.revealed_for = None
        self.store = Store(self.slug)
        self.embed = "embed=1" in str(window.location.search)
        self.html = document.documentElement

    # -- talking to the engine ---------------------------------------------------

    async def call(self, request):
        text = await self.engine.request(json.dumps(request))
        return json.loads(text)

    async def tool(self, name, args):
        """Call one of the game's engine tools; the answer has ``ok`` and ``result``/``error``."""
        return await self.call({"op": "tool", "game": self.slug, "name": name, "args": args})

    async def act(self, request, quiet=False):
        """Send a request that changes the game; refusals leave everything as it was."""
        if self.busy:
            self.message(self.tr("ui.busy", "Please wait: the engine is busy."), "info")
            return None
        self.set_busy(True)
        try:
            request["viewer"] = self.viewer
            answer = await self.call(request)
        finally:
            self.set_busy(False)
        if not answer.get("ok"):
            self.refused(answer)
            return None
        if not quiet:
            self.message("")
        self.show(answer["view"])
        return answer

    def refused(self, answer):
        rule = answer.get("rule")
        text = answer.get("error", "refused")
        if rule and rule not in ("session", "RecordError", "FormatError", "internal"):
            text = text + " (" + self.tr("ui.rule", "rule") + ": " + rule + ")"
        self.message(text, "error")

    # -- start-up ---------------------------------------------------------------------

    async def start(self):
        self.html.setAttribute("data-embed", "1" if self.embed else "0")
        self.bind_common()
        self.bind_game()
        ticker = asyncio.create_task(self.loading_ticker())
        self.engine = await workers["engine"]
        described = await self.call({"op": "describe", "game": self.slug})
        self.meta = described["game"]
        await self.prepare()
        ticker.cancel()
        by_id("loading").hidden = True
        if self.embed:
            await self.open_hash()
        else:
            await self.open_initial()
        self.html.setAttribute("data-engine", "ready")
        # Assigning the handler property works where addEventListener on the
        # proxied window raises "Illegal invocation" in MicroPython.
        window.onhashchange = create_proxy(lambda evt: asyncio.create_task(self.open_hash()))
        await self.run_ai()

    async def loading_ticker(self):
        seconds = 0
        label = by_id("loading-text")
        while True:
            label.textContent = self.tr(
                "ui.loading", "Loading the Python engine in your browser… {n} s", n=seconds
            )
            await asyncio.sleep(1)
            seconds += 1

    async def prepare(self):
        """Game pages fetch what they need before the first game is shown (labels)."""

    async def open_initial(self):
        hash_text = str(window.location.hash)
        if hash_text.startswith("#g=") and await self.open_link(hash_text[3:]):
            return
        saved = self.store.load()
        if saved:
            answer = await self.act({"op": "load_record", "record": saved}, quiet=True)
            if answer:
                self.message(
                    self.tr("ui.welcome_back", "Welcome back: your last game was restored."), "info"
                )
                return
        await self.act(self.new_request(self.default_options(), self.default_seats()))

    async def open_hash(self):
        """Embedded pages (the rules' live examples) and pasted game links."""
        hash_text = str(window.location.hash)
        if hash_text.startswith("#g="):
            await self.open_link(hash_text[3:])
        elif hash_text.startswith("#example="):
            answer = await self.act({"op": "example", "game": self.slug, "key": hash_text[9:]})
            if answer:
                self.show_example(answer.get("example"))
        elif self.embed:
            await self.open_embed_mode(hash_text[1:])

    async def open_link(self, fragment):
        answer = await self.act({"op": "load_link", "fragment": fragment}, quiet=True)
        if answer:
            self.message(self.tr("ui.link_opened", "Game opened from the link."), "info")
            if not self.embed:
                window.history.replaceState(None, "", str(window.location.pathname))
            await self.run_ai()
        return answer is not None

    async def open_embed_mode(self, mode):
        pass

    def show_example(self, example):
        pass

    # -- the shared controls -------------------------------------------------------------

    def bind_common(self):
        on(by_id("btn-new"), "click", lambda evt: self.open_new_dialog())
        on(by_id("btn-undo"), "click", lambda evt: self.step("undo"))
        on(by_id("btn-redo"), "click", lambda evt: self.step("redo"))
        on(by_id("btn-save"), "click", lambda evt: self.export())
        on(by_id("file-load"), "change", self.import_file)
        on(by_id("btn-link"), "click", lambda evt: self.make_link())
        on(by_id("link-form"), "submit", self.paste_link)
        on(by_id("move-form"), "submit", self.typed_move)
        on(by_id("btn-first"), "click", lambda evt: self.goto(0))
        on(by_id("btn-prev"), "click", lambda evt: self.goto(self.view["position"] - 1))
        on(by_id("btn-next"), "click", lambda evt: self.goto(self.view["position"] + 1))
        on(by_id("btn-last"), "click", lambda evt: self.goto(self.view["length"]))
        on(by_id("ng-form"), "submit", self.start_new_game)
        on(by_id("ng-cancel"), "click", lambda evt: by_id("new-game").close())
        on(by_id("ng-options"), "change", lambda evt: self.refresh_seats())
        on(by_id("privacy-ok"), "click", lambda evt: self.reveal())

    def bind_game(self):
        pass

    async def step(self, op):
        await self.act({"op": op})

    async def goto(self, position):
        if self.view is None:
            return
        position = max(0, min(position, self.view["length"]))
        await self.act({"op": "goto", "position": position})
        await self.run_ai()

    async def play(self, text):
        """Send a move in notation; the engine checks it."""
        if self.view is None or self.busy:
            return
        if self.view["to_move_kind"] != "human":
            self.message(self.tr("ui.wait_computer", "Wait for the computer to move."), "info")
            return
        answer = await self.act({"op": "play", "action": text})
        if answer:
            await self.run_ai()

    async def typed_move(self, evt):
        box = by_id("move-input")
        text = str(box.value).strip()
        if text:
            box.value = ""
            await self.play(text)

    async def run_ai(self):
        """Let computer players move, one action at a time, while the page keeps painting."""
        while self.view and self.view["to_move_kind"] == "ai" and not self.view["outcome"]:
            if self.view["position"] < self.view["length"]:
                self.status(
                    self.tr(
                        "ui.replay_waiting",
                        "Replay: press » to return to the game; the computer waits.",
                    )
                )
                return
            self.html.setAttribute("data-thinking", "1")
            self.status(self.turn_text(self.view))
            await asyncio.sleep(self.ai_pause())
            answer = await self.act({"op": "bot"}, quiet=True)
            self.html.setAttribute("data-thinking", "0")
            if not answer:
                return
            self.html.setAttribute("data-think-ms", str(answer.get("think_ms")))

    def ai_pause(self):
        """Seconds to wait before the next AI action; pages may vary it (e.g. after a roll)."""
        return AI_PAUSE

    async def export(self):
        answer = await self.call({"op": "export"})
        if answer.get("ok"):
            download(answer["filename"], answer["text"])
            self.message(self.tr("ui.saved", "Saved: the game file is in your downloads."), "info")
        else:
            self.refused(answer)

    async def import_file(self, evt):
        files = evt.target.files
        if not files or files.length == 0:
            return
        text = await files.item(0).text()
        evt.target.value = ""
        answer = await self.act({"op": "load_text", "text": str(text)}, quiet=True)
        if answer:
            self.message(self.tr("ui.file_loaded", "Game loaded from the file."), "info")
            await self.run_ai()

    async def make_link(self):
        answer = await self.call({"op": "link"})
        if not answer.get("ok"):
            self.refused(answer)
            return
        url = str(window.location.href).split("#")[0] + "#g=" + answer["fragment"]
        box = by_id("link-output")
        box.value = url
        by_id("link-box").open = True
        try:
            await window.navigator.clipboard.writeText(url)
            self.message(
                self.tr(
                    "ui.link_copied", "Link copied: open it on any device to continue this game."
                ),
                "info",
            )
        except Exception:
            box.select()
            self.message(
                self.tr(
                    "ui.link_copy_below", "Copy the link below to continue this game elsewhere."
                ),
                "info",
            )

    async def paste_link(self, evt):
        text = str(by_id("link-input").value).strip()
        if "#g=" in text:
            text = text.split("#g=", 1)[1]
        if not text:
            return
        if await self.open_link(text):
            by_id("link-input").value = ""

    # -- new game dialog -------------------------------------------------------------------

    def default_options(self):
        options = {}
        for spec in self.meta["options"]:
            options[spec["name"]] = spec["default"]
        return options

    def default_seats(self):
        return [{"kind": "human"}, {"kind": "ai", "level": self.default_ai}]

    def new_request(self, options, seats):
        return {"op": "new", "game": self.slug, "options": options, "seats": seats}

    def open_new_dialog(self):
        box = by_id("ng-options")
        clear(box)
        current = self.view["options"] if self.view else self.default_options()
        for spec in self.meta["options"]:
            if not spec["choices"]:
                continue  # free-form options (lists, decks) get their fields from the page
            select = el("select", attrs={"id": "opt-" + spec["name"], "data-name": spec["name"]})
            key = "opt." + spec["name"]
            for index, choice in enumerate(spec["choices"]):
                text = self.tr(key + "." + str(choice[0]).lower(), choice[1])
                option = el("option", text=text, attrs={"value": str(index)})
                if choice[0] == current.get(spec["name"]):
                    option.setAttribute("selected", "selected")
                select.appendChild(option)
            title = el("span", text=self.tr(key, spec["label"]))
            label = el("label", "tg-field", children=[title, select])
            if spec["help"]:
                label.appendChild(el("small", text=self.tr(key + ".help", spec["help"])))
            box.appendChild(label)
        self.extra_option_fields(box, current)
        asyncio.create_task(self.refresh_seats())
        by_id("new-game").showModal()

    def chosen_options(self):
        options = {}
        current = self.view["options"] if self.view else {}
        for spec in self.meta["options"]:
            if not spec["choices"]:
                options[spec["name"]] = current.get(spec["name"], spec["default"])
                continue
            select = by_id("opt-" + spec["name"])
            options[spec["name"]] = spec["choices"][int(select.value)][0]
        options.update(self.extra_options(options))
        return options

    def extra_option_fields(self, box, current):
        """Add fields for options without choices to the new-game form (page hook)."""

    def extra_options(self, options):
        """Values of the page's own option fields, given the chosen ones (page hook)."""
        return {}

    def extra_seat_fields(self, row, index, before):
        """Add controls to one seat's row in the new-game form (page hook)."""

    async def refresh_seats(self):
        answer = await self.call(
            {"op": "describe", "game": self.slug, "options": self.chosen_options()}
        )
        error = by_id("ng-error")
        box = by_id("ng-seats")
        if not answer.get("ok"):
            error.textContent = answer.get("error", "")
            by_id("ng-start").disabled = True
            return
        error.textContent = ""
        by_id("ng-start").disabled = False
        old = self.view["seats"] if self.view else []
        clear(box)
        for index, label in enumerate(answer["seat_labels"]):
            label = self.tr("ui.seat_label", label, n=index + 1)
            before = (
                old[index]
                if index < len(old)
                else {"kind": "ai" if index else "human", "level": self.default_ai}
            )
            name = el(
                "input",
                attrs={
                    "id": "seat-name-" + str(index),
                    "maxlength": "40",
                    "value": before.get("name") or label,
                    "aria-label": self.tr("ui.name_for", "Name for {a}", a=label),
                },
            )
            kind = el(
                "select",
                attrs={
                    "id": "seat-kind-" + str(index),
                    "aria-label": self.tr("ui.who_plays", "Who plays {a}", a=label),
                },
            )
            kind.appendChild(el("option", text=self.tr("human", "Human"), attrs={"value": "human"}))
            for level in self.meta["ai_levels"]:
                option = el(
                    "option",
                    text=self.tr(
                        "computer",
                        "Computer: {a}",
                        a=self.tr("level." + level["key"], level["label"]),
                    ),
                    attrs={"value": "ai:" + level["key"]},
                )
                if before.get("kind") == "ai" and before.get("level") == level["key"]:
                    option.setAttribute("selected", "selected")
                kind.appendChild(option)
            row = el(
                "div", "tg-seat", children=[el("span", "tg-seat-label", text=label), name, kind]
            )
            self.extra_seat_fields(row, index, before)
            box.appendChild(row)

    async def start_new_game(self, evt):
        seats = []
        index = 0
        while by_id("seat-name-" + str(index)):
            kind = str(by_id("seat-kind-" + str(index)).value)
            seat = {"name": str(by_id("seat-name-" + str(index)).value).strip()[:40]}
            if kind.startswith("ai:"):
                seat["kind"] = "ai"
                seat["level"] = kind[3:]
            else:
                seat["kind"] = "human"
            seats.append(seat)
            index += 1
        request = self.new_request(self.chosen_options(), seats)
        by_id("new-game").close()
        if await self.act(request):
            self.message(self.tr("ui.new_game_started", "New game started."), "info")
            await self.run_ai()

    # -- showing the game -----------------------------------------------------------------

    def show(self, view):
        self.view = view
        if not self.embed:
            self.store.save(view["record"])
        self.update_viewer()
        self.render_state(view)
        self.render_players(view)
        self.render_log(view)
        self.render_controls(view)

    def update_viewer(self):
        """Hot-seat privacy: with hidden information, show only the human to move's view."""
        if not self.meta or not self.meta["hidden_information"]:
            return
        seat = self.view["to_move"]
        humans = [i for i, s in enumerate(self.view["seats"]) if s["kind"] == "human"]
        if seat is None or self.view["seats"][seat]["kind"] != "human":
            return
        if len(humans) > 1 and self.revealed_for != seat:
            by_id("privacy-name").textContent = self.view["seats"][seat]["name"]
            by_id("privacy").hidden = False
            self.pending_viewer = seat
        else:
            self.viewer = seat

    async def reveal(self):
        by_id("privacy").hidden = True
        self.viewer = self.pending_viewer
        self.revealed_for = self.viewer
        await self.act({"op": "view"}, quiet=True)

    def render_state(self, view):
        pass

    def seat_badge(self, seat):
        """A small token showing a seat's colour; games override."""
        return el("span", "tg-badge")

    def render_players(self, view):
        box = by_id("players")
        clear(box)
        for index, seat in enumerate(view["seats"]):
            who = "Computer (" + seat["level"] + ")" if seat["kind"] == "ai" else "Human"
            item = el(
                "li",
                "tg-player",
                children=[
                    self.seat_badge(index),
                    el("span", "tg-player-name", text=seat["name"]),
                    el("small", text=who),
                ],
            )
            if view["to_move"] == index:
                item.classList.add("to-move")
            box.appendChild(item)

    def render_log(self, view):
        box = by_id("log")
        clear(box)
        for entry in view["log"]:
            seat = entry["seat"]
            who = view["seats"][seat]["name"] if seat >= 0 else self.tr("chance", "Chance")
            item = el("li", "tg-log-entry", attrs={"value": entry["n"]})
            button = el(
                "button",
                text=who + ": " + entry["text"],
                attrs={
                    "type": "button",
                    "data-n": entry["n"],
                    "aria-label": self.tr("ui.go_to_move", "Go to move {n}", n=entry["n"]),
                },
            )
            on(button, "click", self.goto_handler(entry["n"]))
            item.appendChild(button)
            box.appendChild(item)
        # The engine's public texts for the moves ahead, where it gives them.
        future = {entry["n"]: entry["text"] for entry in view.get("future") or []}
        for entry_index in range(view["position"], view["length"]):
            item = el("li", "tg-log-entry future", attrs={"value": entry_index + 1})
            text = future.get(entry_index + 1, view["record"]["actions"][entry_index])
            button = el("button", text=text, attrs={"type": "button", "data-n": entry_index + 1})
            on(button, "click", self.goto_handler(entry_index + 1))
            item.appendChild(button)
            box.appendChild(item)
        if box.lastChild:
            box.scrollTop = box.scrollHeight

    def goto_handler(self, position):
        # The event's currentTarget is gone once the handler awaits, so bind the position now.
        return lambda evt: self.goto(position)

    def render_controls(self, view):
        by_id("btn-undo").disabled = not view["can_undo"]
        by_id("btn-redo").disabled = not view["can_redo"]
        by_id("btn-first").disabled = view["position"] == 0
        by_id("btn-prev").disabled = view["position"] == 0
        by_id("btn-next").disabled = view["position"] >= view["length"]
        by_id("btn-last").disabled = view["position"] >= view["length"]
        outcome = view["outcome"]
        # Whose turn it is, for styling and for the browser tests to wait on.
        turn = "over" if outcome else (view["to_move_kind"] or "over")
        self.html.setAttribute("data-turn", turn)
        if outcome:
            if outcome["winners"]:
                names = [view["seats"][w]["name"] for w in outcome["winners"]]
                who = self.tr("ui.and", " and ").join(names)
                reason = outcome["reason"]
                self.status(self.tr("ui.won", "{player} won: {a}.", player=who, a=reason))
            else:
                self.status(self.tr("ui.draw", "Draw: {a}.", a=outcome["reason"]))
        elif view["position"] < view["length"]:
            self.status(
                self.tr(
                    "ui.replay_at",
                    "Replay: move {n} of {d}. Play a move here to branch off, or press ».",
                    n=view["position"],
                    d=view["length"],
                )
            )
        elif view["to_move"] is not None:
            self.status(self.turn_text(view))

    def turn_text(self, view):
        seat = view["to_move"]
        name = view["seats"][seat]["name"]
        if view["to_move_kind"] == "ai":
            return self.tr("thinking", "{player} is thinking…", player=name)
        return self.tr("ui.to_move", "{player} to move.", player=name)

    def translation(self, key, english):
        """The text for ``key`` in the player's language; pages with translations override.

        The shared controls ask for every text they show through :meth:`tr`, so
        a page can offer its languages; by default the English text is used.
        """
        return english

    def tr(self, key, english, **fill):
        """A shared control's text with its ``{placeholders}`` filled in."""
        text = self.translation(key, english)
        for name in fill:
            text = text.replace("{" + name + "}", str(fill[name]))
        return text

    def status(self, text):
        by_id("status").textContent = text

    def message(self, text, kind="info"):
        box = by_id("message")
        box.textContent = text
        box.className = "tg-message " + kind if text else "tg-message"

    def set_busy(self, busy):
        self.busy = busy
        self.html.setAttribute("data-busy", "1" if busy else "0")
