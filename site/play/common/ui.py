"""Shared page logic for every game page (runs on MicroPython in the main thread).

The page is thin: it renders the view the engine worker returns and sends
the player's actions back as notation.  Everything a rule decides (what is
legal, who moves, whether the game is over) comes from the engine; this
module only knows how to talk to the worker, keep the game saved, and offer
the controls every game shares: new game, undo/redo, save/load, game links,
the move log with replay, AI turns, and the hot-seat privacy screen.

No game in progress is lost: every game is kept in this browser's list of
saved games (:class:`SavedGames`, one list per game) with its name and dates;
opening a link or a file starts a new entry and leaves the others, unless it
is a game the list already holds (:meth:`GamePage.find_same`): then that entry
goes on, and is never listed twice; a save
the engine cannot read is moved aside and offered as a download, never
deleted; and when the browser refuses to store (a full quota), the page says
so plainly and keeps saying it until a save succeeds.  Two tabs playing the
same saved game never overwrite each other: the second one to save keeps its
moves as a separate entry.

A game page subclasses :class:`GamePage` and implements ``render_state``.
"""

import asyncio
import json

# The browser straight from MicroPython's own modules, as PyScript's package
# gives them on the main thread: importing that package compiled some 2,000
# lines of Python while the page started.
import js as window
from js import document
from jsffi import create_proxy, to_js

AI_PAUSE = 0.35  # seconds between AI moves, so a human can follow them
# With "Quick computer moves" ticked: still a pause, so the page draws every move.
QUICK_PAUSE = 0.05
MESSAGE_FLOATS = 6  # seconds a refusal floats in view before it goes back to its place
OPENING = ("new", "load_record", "load_text", "load_link", "example")
"""Requests that replace the game shown: each starts a new saved game, or goes on
with the one it was opened from (``entry``)."""
KEEP_FINISHED = 12  # finished games kept in the list; unfinished ones are never dropped


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


def h(tag, cls=None, text=None, attrs=None, children=None):
    """An element's description for :func:`build`, :func:`fill` and :func:`patch`.

    The same arguments as :func:`el`; a child may also be a string (a text
    node).  Describing a whole list and building it in one call into JS is far
    cheaper on MicroPython than :func:`el` node by node.  An attribute set to
    ``True`` is a boolean attribute (``disabled``, ``checked``); ``False`` or
    ``None`` leaves it out.
    """
    return [tag, cls or "", None if text is None else str(text), attrs, children]


def build(spec):
    """The element a :func:`h` description describes (text always set as text)."""
    return window.tgBuild(json.dumps(spec))


def fill(parent, specs):
    """Replace ``parent``'s children with the elements ``specs`` describe, in one call."""
    window.tgFill(parent, json.dumps(specs))


def patch(changes):
    """Change elements found by id, in one call (common/dom.js ``tgPatch``):
    ``[[id, attributes, {class: on}, {selector: [child specs]}], ...]``."""
    if changes:
        window.tgPatch(json.dumps(changes))


async def next_task():
    """Go on in a new browser task (common/dom.js): a slow phone paints and takes
    input in between, instead of waiting through one long task."""
    await window.tgNextTask()


def clear(node):
    # One call, not three proxied calls per child: boards and logs hold hundreds.
    node.textContent = ""


def scroll_to_end(box):
    """Show a list's last line, in the next frame (common/dom.js): reading its size
    now would force a layout of the half-built page in the middle of a render."""
    if box.lastChild:
        window.tgScrollToEnd(box)


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


def storage_get(key):
    """The text stored under ``key``, or None (missing, or storage is disabled)."""
    text = window.tgStorage.get(key)
    return None if text is None else str(text)


def storage_keys(prefix):
    """Every localStorage key that starts with ``prefix``."""
    keys = str(window.tgStorage.keys(prefix))
    return keys.split("\n") if keys else []


def storage_session(key):
    """This tab's own value for ``key`` (sessionStorage survives a reload, not a new tab)."""
    value = window.tgStorage.session(key)
    return None if value is None else str(value)


def set_storage_session(key, value):
    # Without sessionStorage, a reload resumes the newest unfinished game instead.
    window.tgStorage.session(key, value)


def now_iso():
    return str(window.Date.new().toISOString())


def new_id():
    # The time through common/dom.js: Date.now() read directly wraps every 49.7 days.
    return str(window.tgNowMs()) + "-" + str(int(window.Math.random() * 1000000))


class Store:
    """A JSON value in localStorage: each game's autosave, a page's match table.

    A refused write (a full quota, storage switched off) is never swallowed:
    ``save`` returns False and tells every function in ``Store.listeners``
    (the page shows a warning until a later write succeeds).
    """

    listeners = []

    def __init__(self, slug, name="autosave"):
        self.key = "timegames:" + slug + ":" + name

    def load(self):
        text = storage_get(self.key)
        try:
            return json.loads(text) if text else None
        except Exception:
            return None

    def save(self, record):
        return Store.write(self.key, json.dumps(record))

    def remove(self):
        Store.delete(self.key)

    @staticmethod
    def write(key, text):
        try:
            # common/storage.js: a JS exception would escape a MicroPython try/except.
            problem = str(window.tgStorage.set(key, text))
        except Exception as err:
            problem = str(err) or "storage is not available"
        for listener in Store.listeners:
            listener(key, problem or None)
        return not problem

    @staticmethod
    def delete(key):
        window.tgStorage.remove(key)


# The pace of computer moves, shared by every game page (a player's preference).
PACE = Store("common", "pace")


class SavedGames:
    """One game's list of saved games in this browser.

    Each game has a small entry (``timegames:<slug>:game:<id>``: name, dates,
    moves, finished, and ``rev``, bumped on every save) and its record
    (``...:record:<id>``).  A save that cannot be read is moved to
    ``...:unreadable:<id>`` with the reason, for download; nothing is deleted
    unless the player asks.
    """

    def __init__(self, slug):
        self.slug = slug
        self.base = "timegames:" + slug + ":"

    def entries(self):
        """Every saved game, newest first; an unreadable entry is moved aside."""
        found = []
        for key in storage_keys(self.base + "game:"):
            text = storage_get(key)
            try:
                entry = json.loads(text)
                entry["id"]
            except Exception:
                self.set_aside(
                    key[len(self.base + "game:") :], text or "", "the list entry is damaged"
                )
                Store.delete(key)
                continue
            found.append(entry)
        found.sort(key=lambda e: str(e.get("updated", "")), reverse=True)
        return found

    def entry(self, game_id):
        try:
            return json.loads(storage_get(self.base + "game:" + game_id) or "null")
        except Exception:
            return None

    def record_text(self, game_id):
        return storage_get(self.base + "record:" + game_id)

    def put(self, entry, record_text):
        """Store a game; False if the browser refused (the page is told through Store)."""
        if record_text is not None and not Store.write(
            self.base + "record:" + entry["id"], record_text
        ):
            return False
        return Store.write(self.base + "game:" + entry["id"], json.dumps(entry))

    def remove(self, game_id):
        Store.delete(self.base + "game:" + game_id)
        Store.delete(self.base + "record:" + game_id)

    def set_aside(self, game_id, text, reason):
        """Keep a save that cannot be opened, with the reason; the player may download it."""
        aside = {"id": game_id, "saved": now_iso(), "reason": reason, "text": text}
        return Store.write(self.base + "unreadable:" + game_id, json.dumps(aside))

    def unreadable(self):
        found = []
        for key in storage_keys(self.base + "unreadable:"):
            try:
                found.append(json.loads(storage_get(key)))
            except Exception:
                found.append(
                    {
                        "id": key.split(":")[-1],
                        "saved": "",
                        "reason": "damaged",
                        "text": storage_get(key) or "",
                    }
                )
        return found

    def remove_unreadable(self, game_id):
        Store.delete(self.base + "unreadable:" + game_id)

    def prune_finished(self, keep=KEEP_FINISHED):
        """Drop the oldest finished games beyond ``keep``; unfinished games always stay."""
        finished = [e for e in self.entries() if e.get("finished")]
        for entry in finished[keep:]:
            self.remove(entry["id"])


class GamePage:
    """The controller every game page shares."""

    slug = ""
    default_ai = ""

    def __init__(self):
        self.engine = None
        self.view = None
        self.meta = None
        self.busy = False
        self.quick = False  # "Quick computer moves" (see bind_pace)
        self.games_opened = 0  # a computer loop stops when another game opens (run_ai)
        self.opened_by = None  # the request (OPENING) that opened the game shown
        self.ai_running = False
        self.messages_shown = 0
        self.form_changes = 0  # only the newest answer to a new-game form change counts
        self.viewer = None
        self.revealed_for = None
        self.store = Store(self.slug)
        self.embed = "embed=1" in str(window.location.search)
        self.html = document.documentElement
        # The saved game this tab shows: its id, the revision it last wrote, its start date.
        self.saved = SavedGames(self.slug)
        self.game_id = None
        self.game_rev = 0
        self.game_created = None
        self.game_note = ""
        self.tab_key = "timegames:" + self.slug + ":tab-game"
        # A big custom deck is sent once: later answers leave the options out.
        self.options_cache = None
        self.options_key = None
        self.storage_problem = None
        self.confirm_answer = None
        self.last_refusal = None  # the engine's last refusal of an act (None: busy, or ok)
        # The position shown was reached by Undo or Redo, not by the move list: the moves
        # ahead are ones taken back, not a replay (render_controls words the status so).
        self.stepped_back = False
        self.started = False  # the first game is drawn (until then, in steps: see draw)

    # -- talking to the engine ---------------------------------------------------

    async def call(self, request):
        text = await self.engine.request(json.dumps(request))
        return json.loads(text)

    async def tool(self, name, args):
        """Call one of the game's engine tools; the answer has ``ok`` and ``result``/``error``."""
        return await self.call({"op": "tool", "game": self.slug, "name": name, "args": args})

    async def act(self, request, quiet=False, entry=None):
        """Send a request that changes the game; refusals leave everything as it was.

        The page adopts an answer only when it is ok: the view, the saved game
        and the engine always show the same game.  A request that opens
        another game (``OPENING``) starts a new saved game, or continues the
        saved game ``entry`` it was opened from.
        """
        opening = request.get("op") in OPENING
        if opening:
            # Another game replaces this one: the computer stops playing it, and the
            # request it may have in flight is waited for, not a reason to refuse.
            self.games_opened += 1
            self.html.setAttribute("data-thinking", "0")
            await self.until_idle()
        if self.busy:
            self.message(self.tr("ui.busy", "Please wait: the engine is busy."), "info")
            return None
        self.last_refusal = None
        self.set_busy(True)
        try:
            # A new game may have fewer seats: its first view is a spectator's.
            request["viewer"] = None if opening else self.viewer
            if self.options_key:
                request["options_key"] = self.options_key
            answer = await self.call(request)
        finally:
            self.set_busy(False)
        if not answer.get("ok"):
            self.last_refusal = answer
            self.refused(answer)
            return None
        view = answer["view"]
        self.restore_options(view)
        if request["op"] != "view":  # a redrawn view (privacy screen) keeps the wording
            self.stepped_back = request["op"] in ("undo", "redo")
        if opening:
            self.viewer = None
            self.revealed_for = None
            self.opened_by = request["op"]
            self.begin_game(view, entry)
        if not quiet:
            self.message("")
        self.adopt(view)
        if self.viewer is not None and view.get("viewer") != self.viewer:
            # The view came for another seat than the one now at the screen (a lone
            # human whose turn has just come): they see their own view at once, and
            # the other view is never drawn (a whole render, at every start).
            again = await self.call(
                {"op": "view", "viewer": self.viewer, "options_key": self.options_key}
            )
            if again.get("ok"):
                self.restore_options(again["view"])
                view = again["view"]
                self.view = view  # saved already: both views hold the same record
                self.update_viewer()
        if self.started:
            self.render_view(view)
        else:
            await self.draw(view)
        return answer

    def restore_options(self, view):
        """Put back the options an answer left out because the page holds them."""
        if view.get("options_omitted"):
            view["options"] = self.options_cache
            view["record"]["options"] = self.options_cache
        else:
            self.options_cache = view.get("options")
            self.options_key = view.get("options_key")

    def refused(self, answer):
        rule = answer.get("rule")
        text = answer.get("error", "refused")
        if rule and rule not in ("session", "RecordError", "FormatError", "internal"):
            text = text + " (" + self.tr("ui.rule", "rule") + ": " + rule + ")"
        self.message(text, "error")

    # -- start-up ---------------------------------------------------------------------

    async def start(self):
        self.html.setAttribute("data-embed", "1" if self.embed else "0")
        Store.listeners.append(self.storage_result)
        # Each start-up step runs in its own browser task, so the browser can paint
        # and take input in between: no step makes one long task.  (A short
        # asyncio.sleep would not do: on a slow phone it is over before the step
        # returns, and the next step runs in the same task.)
        await next_task()
        self.bind_common()
        await next_task()
        self.bind_game()
        await next_task()
        # Pyodide boots only now: its compile beside MicroPython's start made this
        # page's own start-up tasks several times longer (see engine.js).
        window.timegamesBootEngine()
        ticker = asyncio.create_task(self.loading_ticker())
        try:
            # The worker was started by engine.js from the page's <head>.
            self.engine = await window.timegamesEngine
        except Exception as err:  # noqa: BLE001 - any failure to start is shown, not raised
            ticker.cancel()
            by_id("loading-text").textContent = self.tr(
                "ui.engine_failed", "The engine could not start: {why}", why=str(err)
            )
            self.html.setAttribute("data-engine", "failed")
            return
        described = await self.call({"op": "describe", "game": self.slug})
        self.meta = described["game"]
        await next_task()
        await self.prepare()
        await next_task()
        ticker.cancel()
        by_id("loading").hidden = True
        if self.embed:
            await self.open_hash()
        else:
            await self.open_initial()
        self.started = True
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
        """Resume this tab's game (or the latest unfinished one), then open a link if given.

        A link opened beside a game in progress asks first, and keeps both.
        """
        self.adopt_autosave()
        hash_text = str(window.location.hash)
        resumed = False
        for entry in self.resume_order():
            answer = await self.open_entry(entry)
            if answer:
                resumed = True
                if not hash_text.startswith("#g="):
                    self.message(
                        self.tr("ui.welcome_back", "Welcome back: your last game was restored."),
                        "info",
                    )
                break
        if resumed:
            if hash_text.startswith("#g="):
                await self.open_link(hash_text[3:])
            return
        note = self.game_note
        if hash_text.startswith("#g=") and await self.open_link(hash_text[3:]):
            return
        await self.act(self.new_request(self.default_options(), self.default_seats()), quiet=True)
        if note:
            self.message(note, "error")

    def adopt_autosave(self):
        """A last game no saved game holds (an older page's autosave) joins the list."""
        text = storage_get(self.store.key)
        if not text:
            return
        owner = storage_get(self.store.key + "-id")
        if owner and self.saved.record_text(owner) == text:
            return
        game_id = new_id()
        try:
            record = json.loads(text)
            names = [s["name"] for s in record["seats"]]
            moves = len(record["actions"])
        except Exception:
            self.saved.set_aside(game_id, text, "the saved game is not valid JSON")
            self.game_note = self.unreadable_note("the saved game is not valid JSON")
            Store.write(self.store.key + "-id", game_id)
            return
        entry = {
            "id": game_id,
            "name": self.tr("ui.vs", " vs ").join(names),
            "created": now_iso(),
            "updated": now_iso(),
            "finished": False,
            "moves": moves,
            "rev": 1,
        }
        if self.saved.put(entry, text):
            Store.write(self.store.key + "-id", game_id)

    def resume_order(self):
        """Games to try on start: this tab's own (even if over), then the newest unfinished."""
        entries = self.saved.entries()
        own = storage_session(self.tab_key)
        # MicroPython's sort is not stable: build the order instead of sorting it.
        first = [e for e in entries if e["id"] == own]
        return first + [e for e in entries if e["id"] != own and not e.get("finished")]

    async def open_entry(self, entry):
        """Open a saved game; one the engine refuses is moved aside, never deleted."""
        text = self.saved.record_text(entry["id"])
        try:
            record = json.loads(text)
        except Exception:
            record = None
        answer = None
        if record is not None:
            self.game_note = ""
            answer = await self.act(
                {"op": "load_record", "game": self.slug, "record": record}, quiet=True, entry=entry
            )
            if answer:
                return answer
            if self.last_refusal is None:
                return None  # the engine was busy: the saved game is fine, try again later
        reason = "the saved game is not valid JSON"
        if record is not None:
            reason = self.last_refusal.get("error", "refused")
        self.saved.set_aside(entry["id"], text or "", reason)
        self.saved.remove(entry["id"])
        self.game_note = self.unreadable_note(reason)
        self.message(self.game_note, "error")
        return None

    def unreadable_note(self, reason):
        return self.tr(
            "ui.unreadable",
            "A saved game could not be opened ({a}). It is kept under Saved games, "
            "where you can download it.",
            a=reason,
        )

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
        """Open a game link; beside a game in progress, ask first (both games are kept).

        A link to a game already under Saved games goes on with that entry
        (:meth:`find_same`); a link to exactly the game on screen opens nothing.
        """
        request = {"op": "load_link", "game": self.slug, "fragment": fragment}
        if self.embed:
            return await self.open_source(request, None, self.link_opened)
        found = await self.find_same({"fragment": fragment})
        if not found.get("ok"):
            self.refused(found)
            self.forget_hash()
            return False
        entry = found["entry"]
        on_screen = entry is not None and entry["id"] == self.game_id
        if on_screen and found["relation"] == "same":
            self.forget_hash()
            self.message(
                self.tr("ui.link_is_this_game", "This link is the game you are playing."), "info"
            )
            return True
        if self.in_progress() and not on_screen:
            info = found["link"]
            names = self.tr("ui.vs", " vs ").join([s["name"] for s in info["seats"]])
            question = self.tr(
                "ui.link_ask",
                "Open the game from this link ({a}, {m})? The game you are playing "
                "stays under Saved games.",
                a=names,
                m=self.moves_text(info["moves"]),
            )
            if not await self.confirm(
                question,
                self.tr("ui.open_link_yes", "Open the link"),
                self.tr("ui.open_link_no", "Keep playing"),
            ):
                self.message(
                    self.tr("ui.link_not_opened", "The link was not opened; your game goes on."),
                    "info",
                )
                self.forget_hash()
                return False
        answer = await self.open_source(request, found, self.link_opened)
        if not answer and self.last_refusal is not None:
            self.forget_hash()  # a refused link is not tried again at every reload
        if answer:
            self.forget_hash()
        return answer

    def link_opened(self, view):
        return (
            self.tr("ui.link_opened", "Game opened from the link.")
            + " "
            + self.tr("ui.deal_code", "Deal {a}.", a=view.get("deal", ""))
        )

    async def find_same(self, source):
        """The saved game that a link or a file (``source``: ``fragment`` or ``text``) is.

        The engine decides whether two records are the same game ("same",
        "ahead": the source has more moves, "behind": the saved game went on
        past it; sealed records are compared inside their seals); the page only
        picks the entry: the game on screen first, then the newest.  Answers the
        engine's ``ok``/``error``, with ``entry`` and ``relation`` (None: a game
        not kept here) and ``link``, what the source holds.
        """
        request = {"op": "same_game", "game": self.slug, "records": []}
        request.update(source)
        answer = await self.call(request)  # first what it holds: its deal picks the candidates
        if not answer.get("ok"):
            return answer
        found = {"ok": True, "entry": None, "relation": None, "link": answer["link"]}
        deal = answer["link"].get("deal")
        entries = [e for e in self.saved.entries() if deal and e.get("deal") == deal]
        # MicroPython's sort is not stable: the game on screen is put first by hand.
        entries = [e for e in entries if e["id"] == self.game_id] + [
            e for e in entries if e["id"] != self.game_id
        ]
        records = []
        for entry in entries:
            try:
                records.append(json.loads(self.saved.record_text(entry["id"]) or "null"))
            except Exception:
                records.append(None)  # the engine calls it another game
        if not records:
            return found
        request["records"] = records
        answer = await self.call(request)
        if answer.get("ok"):
            for index, relation in enumerate(answer["relations"]):
                if relation:
                    found["entry"], found["relation"] = entries[index], relation
                    break
        return found

    async def open_source(self, request, found, opened_text):
        """Open a link or a file (``request``), going on with the saved game it is, if any.

        "same" and "ahead" open it into that saved game (nothing there is lost:
        its moves are the source's first ones); "behind" opens the saved game,
        which went on past the source, at the source's last move, so the later
        moves stay (» or Redo).  Answers the opening answer, or None.
        """
        entry = found["entry"] if found else None
        relation = found["relation"] if found else None
        if relation == "behind":
            if entry["id"] != self.game_id and not await self.open_entry(entry):
                return None
            moves = found["link"]["moves"]
            answer = await self.act({"op": "goto", "position": moves}, quiet=True)
            if answer:
                self.message(
                    self.tr(
                        "ui.source_behind",
                        "This game is already under Saved games, with more moves: it is "
                        "shown at move {n}; press » for the rest.",
                        n=moves,
                    ),
                    "info",
                )
                await self.run_ai()
            return answer
        answer = await self.act(request, quiet=True, entry=entry)
        if answer:
            text = opened_text(answer["view"])
            if entry is not None:
                text += " " + self.tr(
                    "ui.source_kept",
                    "It was already under Saved games: that game goes on there.",
                )
            self.message(text, "info")
            await self.run_ai()
        return answer

    def forget_hash(self):
        if not self.embed and str(window.location.hash).startswith("#g="):
            window.history.replaceState(None, "", str(window.location.pathname))

    def in_progress(self):
        """True when the game shown has moves by players and is not over."""
        view = self.view
        if not view or view["outcome"]:
            return False
        return any(entry["seat"] >= 0 for entry in view["log"]) or view.get("log_from", 1) > 1

    async def confirm(self, question, yes, no):
        """Ask a yes/no question in a dialog; True for ``yes``."""
        box = by_id("confirm")
        by_id("confirm-text").textContent = question
        by_id("confirm-yes").textContent = yes
        by_id("confirm-no").textContent = no
        self.confirm_answer = None
        box.showModal()
        while self.confirm_answer is None:
            await asyncio.sleep(0.05)
        if box.open:
            box.close()
        return self.confirm_answer

    def confirmed(self, value):
        self.confirm_answer = value

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
        on(by_id("log"), "click", self.log_clicked)
        self.bind_saved_games()
        self.bind_pace()
        self.label_shared_controls()

    def bind_pace(self):
        """The "Quick computer moves" box: one choice for every game page, kept in this
        browser, for people who would rather not wait through each computer move."""
        box = by_id("pace-quick")
        if box is None:
            return
        self.quick = PACE.load() == "quick"
        box.checked = self.quick

        def changed(evt):
            self.quick = bool(box.checked)
            PACE.save("quick" if self.quick else "steady")

        on(box, "change", changed)

    def label_shared_controls(self):
        """Write the texts of the shared controls that have no text of their own in the
        page, through ``tr``: a page with languages calls this again after each change."""
        texts = {
            "btn-saved": self.tr("ui.saved_games", "Saved games"),
            "sg-title": self.tr("ui.saved_games", "Saved games"),
            # The list keeps finished games too (the newest KEEP_FINISHED): the note says so.
            "sg-note": self.tr(
                "ui.saved_note",
                "Your games are kept here, in this browser only: every unfinished game until "
                "you delete it, and the {n} latest finished ones.",
                n=KEEP_FINISHED,
            ),
            "sg-close": self.tr("ui.close", "Close"),
            "pace-label": self.tr("ui.quick_pace", "Quick computer moves"),
        }
        for node_id, text in texts.items():
            node = by_id(node_id)
            if node:
                node.textContent = text

    def bind_saved_games(self):
        """The saved-games list and the yes/no dialog."""
        button = by_id("btn-saved")
        if button is None:
            return
        on(button, "click", lambda evt: self.open_saved_games())
        on(by_id("sg-close"), "click", lambda evt: by_id("saved-games").close())
        on(by_id("confirm-yes"), "click", lambda evt: self.confirmed(True))
        on(by_id("confirm-no"), "click", lambda evt: self.confirmed(False))
        # Escape closes the dialog: that is a "no".
        on(by_id("confirm"), "cancel", lambda evt: self.confirmed(False))

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
        if self.view["outcome"] and self.view["position"] == self.view["length"]:
            self.message(
                self.tr("ui.game_over", "The game is over: undo, or start a new game."), "info"
            )
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
            if self.last_refusal is not None and not str(box.value):
                box.value = text  # a refused move stays in the box, to be corrected

    async def until_idle(self):
        """Wait for the request in flight (a computer's move, the player's own) to end."""
        while self.busy:
            await asyncio.sleep(0.02)

    async def run_ai(self):
        """Let computer players move, one action at a time, while the page keeps painting.

        One loop runs at a time: a second call waits for it, then carries on
        if a computer is still to move.  Opening another game stops the loop,
        which checks again after every pause: it must not play into a game (or
        a position) it was not started for.
        """
        while self.ai_running:
            await asyncio.sleep(0.02)
        self.ai_running = True
        try:
            await self.ai_loop(self.games_opened)
        finally:
            self.ai_running = False

    async def ai_loop(self, game):
        while self.ai_may_play(game):
            self.html.setAttribute("data-thinking", "1")
            self.status(self.turn_text(self.view))
            # The pause lets the player see each move; everything is checked again after it.
            pause = self.ai_pause()  # once: a page's ai_pause may note what it paused for
            if self.quick:
                pause = min(pause, QUICK_PAUSE)
            # What the loop waited, for the browser tests (they never time the page).
            self.html.setAttribute("data-pause-ms", str(int(pause * 1000)))
            await asyncio.sleep(pause)
            await self.until_idle()
            if not self.ai_may_play(game):
                return
            answer = await self.act({"op": "bot"}, quiet=True)
            self.html.setAttribute("data-thinking", "0")
            if not answer:
                return
            self.html.setAttribute("data-think-ms", str(answer.get("think_ms")))

    def ai_may_play(self, game):
        """True while the loop's game is shown, unfinished, at its latest position, and a
        computer is to move; otherwise the loop ends and the page says why."""
        if self.games_opened != game:
            return False  # the loop that plays the game now shows its own state
        view = self.view
        if not view or view["to_move_kind"] != "ai" or view["outcome"]:
            self.html.setAttribute("data-thinking", "0")
            return False
        if view["position"] < view["length"]:
            self.html.setAttribute("data-thinking", "0")
            if view.get("finished"):
                # Nothing waits in a game that is over: the replay only leads to its end.
                text = self.tr(
                    "ui.replay_finished", "Replay of a finished game: press » to go to its end."
                )
            else:
                text = self.tr(
                    "ui.replay_waiting",
                    "Replay: press » to return to the game; the computer waits.",
                )
            self.status(text)
            return False
        return True

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
        text = str(await files.item(0).text())
        evt.target.value = ""
        request = {"op": "load_text", "game": self.slug, "text": text}
        found = await self.find_same({"text": text})
        if not found.get("ok"):
            found = None  # opening it gives the engine's reason
        elif found["relation"] == "same" and found["entry"]["id"] == self.game_id:
            # The file is the game on screen, move for move: nothing to open or to keep.
            self.message(
                self.tr("ui.file_is_this_game", "This file is the game you are playing."), "info"
            )
            return
        await self.open_source(
            request, found, lambda view: self.tr("ui.file_loaded", "Game loaded from the file.")
        )

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
        current = self.form_defaults(self.view["options"] if self.view else self.default_options())
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
        # The rows start from the game on the table, not from a form left earlier.
        clear(by_id("ng-seats"))
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
            if select.parentElement.hidden:
                # Hidden because it changes nothing with the other choices.
                options[spec["name"]] = spec["default"]
            else:
                options[spec["name"]] = spec["choices"][int(select.value)][0]
        options.update(self.extra_options(options))
        return options

    def form_defaults(self, current):
        """The options the new-game form starts from: the game on the table (page hook)."""
        return current

    def extra_option_fields(self, box, current):
        """Add fields for options without choices to the new-game form (page hook)."""

    def extra_options(self, options):
        """Values of the page's own option fields, given the chosen ones (page hook)."""
        return {}

    def extra_seat_fields(self, row, index, before):
        """Add controls to one seat's row in the new-game form (page hook)."""

    async def refresh_seats(self):
        self.form_changes += 1
        change = self.form_changes
        sent = self.chosen_options()
        answer = await self.call({"op": "describe", "game": self.slug, "options": sent})
        if change != self.form_changes:
            return  # the player changed the form again: only the newest answer counts
        error = by_id("ng-error")
        box = by_id("ng-seats")
        # Which change the form now answers (tests wait for it: rows may stay in place).
        box.setAttribute("data-answered", str(change))
        if not answer.get("ok"):
            by_id("ng-settled").textContent = ""
            error.textContent = answer.get("error", "")
            by_id("ng-start").disabled = True
            return
        error.textContent = ""
        # A choice another one rules out went back to its default: say why, next to it.
        by_id("ng-settled").textContent = " ".join(answer.get("notes") or [])
        by_id("ng-start").disabled = False
        self.show_settled_options(answer, sent)
        old = self.view["seats"] if self.view else []
        # What the player typed or picked in the form wins over the current game's
        # seats: changing an option rebuilds the rows and must not undo those edits.
        # A name left as it was still follows the options (3MEQ: "Second player").
        typed = self.form_seats()
        for index, seat in enumerate(typed):
            field = by_id("seat-name-" + str(index))
            if str(field.value) == str(field.defaultValue):
                del seat["name"]
        labels = [
            self.tr("ui.seat_label", label, n=index + 1)
            for index, label in enumerate(answer["seat_labels"])
        ]
        befores = []
        for index in range(len(labels)):
            before = (
                old[index]
                if index < len(old)
                else {"kind": "ai" if index else "human", "level": self.default_ai}
            )
            if index < len(typed):
                before = dict(before)
                before.update(typed[index])
            befores.append(before)
        if len(typed) != len(labels):
            self.build_seat_rows(box, labels, befores)
        else:
            # Same seats: the rows change in place.  Rebuilt rows would take the keyboard
            # away from a name being typed, and the answer comes late while a computer thinks.
            self.relabel_seats(labels, befores)

    def relabel_seats(self, labels, befores):
        for index, label in enumerate(labels):
            self.relabel_seat(index, label, befores[index])

    def build_seat_rows(self, box, labels, befores):
        """New rows for a new number of seats; the name being typed keeps the keyboard
        and its caret."""
        active = document.activeElement
        focused = str(active.id or "") if active else ""
        caret = active.selectionStart if focused.startswith("seat-name-") else None
        clear(box)
        for index, before in enumerate(befores):
            name = el("input", attrs={"id": "seat-name-" + str(index), "maxlength": "40"})
            kind = el("select", attrs={"id": "seat-kind-" + str(index)})
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
            row = el("div", "tg-seat", children=[el("span", "tg-seat-label"), name, kind])
            self.extra_seat_fields(row, index, before)
            box.appendChild(row)
        self.relabel_seats(labels, befores)
        if focused.startswith("seat-") and by_id(focused):
            by_id(focused).focus()
            if caret is not None:
                by_id(focused).setSelectionRange(caret, caret)

    def relabel_seat(self, index, label, before):
        """Give a seat row the label the options now call it; a name the player has
        not typed follows it."""
        name = by_id("seat-name-" + str(index))
        name.parentElement.querySelector(".tg-seat-label").textContent = label
        name.setAttribute("aria-label", self.tr("ui.name_for", "Name for {a}", a=label))
        by_id("seat-kind-" + str(index)).setAttribute(
            "aria-label", self.tr("ui.who_plays", "Who plays {a}", a=label)
        )
        if str(name.value) == str(name.defaultValue):
            default = self.default_seat_name(index, label, before)
            name.setAttribute("value", default)
            name.value = default

    def default_seat_name(self, index, label, before):
        """The name a seat row shows until the player types one (page hook)."""
        return before.get("name") or label

    def show_settled_options(self, answer, sent):
        """Set the form's choices to the engine's settled options: hide options the
        others make pointless (solitaire settings in a duel), grey out choices they
        rule out, and show the choice that replaced one ruled out (only those: a
        hidden option was sent as its default but keeps its choice for later)."""
        unused = answer.get("unused_options") or []
        refused = answer.get("refused_choices") or {}
        settled = answer.get("options") or {}
        for spec in self.meta["options"]:
            select = by_id("opt-" + spec["name"])
            if not select:
                continue
            select.parentElement.hidden = spec["name"] in unused
            gone = refused.get(spec["name"]) or []
            for node in select.querySelectorAll("option"):
                node.disabled = int(node.value) in gone
            value = settled.get(spec["name"], sent.get(spec["name"]))
            if value == sent.get(spec["name"]):
                continue
            for index, choice in enumerate(spec["choices"]):
                if choice[0] == value:
                    select.value = str(index)

    def form_seats(self):
        """The seats as the new-game form's rows hold them now: name, kind, level."""
        seats = []
        while by_id("seat-name-" + str(len(seats))):
            index = str(len(seats))
            kind = str(by_id("seat-kind-" + index).value)
            seat = {"name": str(by_id("seat-name-" + index).value), "kind": "human"}
            if kind.startswith("ai:"):
                seat["kind"] = "ai"
                seat["level"] = kind[3:]
            seats.append(seat)
        return seats

    async def start_new_game(self, evt):
        seats = self.form_seats()
        for seat in seats:
            seat["name"] = seat["name"].strip()[:40]
        named = [seat["name"].lower() for seat in seats if seat["name"]]  # MicroPython: no casefold
        if len(set(named)) < len(named):
            # The log, the reports and the privacy screen name players by name only.
            by_id("ng-error").textContent = self.tr(
                "ui.same_name", "Two players have the same name: give each one their own."
            )
            return
        request = self.new_request(self.chosen_options(), seats)
        by_id("new-game").close()
        self.focus_board()
        if await self.act(request):
            self.message(self.tr("ui.new_game_started", "New game started."), "info")
            await self.run_ai()

    def focus_board(self):
        """A new game starts with focus on the board, at the top of the page.  The dialog
        hands focus back to the New game button, which on a phone sits at the foot of
        the page: the page scrolled down there, away from the game just started."""
        board = by_id("board")
        if not board:
            return
        if not board.hasAttribute("tabindex"):
            board.setAttribute("tabindex", "-1")
        board.focus(to_js({"preventScroll": True}))
        window.scrollTo(0, 0)

    # -- showing the game -----------------------------------------------------------------

    def show(self, view):
        """Take ``view`` as the game's state, and draw it."""
        self.adopt(view)
        self.render_view(view)

    def adopt(self, view):
        """Take ``view`` as the game's state: save it, and see who is at the screen."""
        self.view = view
        if not self.embed:
            self.autosave(view)
        self.update_viewer()

    def board_parts(self):
        """The steps that draw the game's own board (each takes the view); a page whose
        board is large splits it, so that :meth:`draw` gives each step a browser task."""
        return [self.render_state]

    def render_parts(self):
        """The steps that draw a view, in order: the board, the players, the log and
        the controls (each takes the view)."""
        return self.board_parts() + [self.render_players, self.render_log, self.render_controls]

    def render_view(self, view):
        """Draw ``view`` at once."""
        for part in self.render_parts():
            part(view)

    async def draw(self, view):
        """Draw ``view`` as :meth:`render_view` does, a step per browser task: the page's
        first game, drawn while the page starts, so that a slow phone never waits
        through one long task then.  (Later views are drawn at once: a step drawn
        apart would show, say, the new hour beside the old list.)  Another answer
        adopted meanwhile is drawn instead: no step draws a view older than the game's."""
        for part in self.render_parts():
            await next_task()
            if self.view is not view:
                return
            part(view)

    def update_viewer(self):
        """Hot-seat privacy: with hidden information, show only the human to move's view."""
        # The rules' live examples seat only humans; a privacy screen there would hide them.
        if not self.meta or not self.meta["hidden_information"] or self.embed:
            return
        seat = self.view["to_move"]
        humans = [i for i, s in enumerate(self.view["seats"]) if s["kind"] == "human"]
        if seat is None or self.view["seats"][seat]["kind"] != "human":
            return
        replaying = self.view["position"] < self.view["length"]
        if len(humans) > 1 and replaying and (self.viewer is not None or self.view["finished"]):
            # Replaying a hot-seat game: the person at the screen keeps their own view;
            # passing to whoever was to move back then would show that player's secrets.
            # A game just opened at a replayed position (saved after an Undo) has nobody
            # at the screen yet: the human to move there gets the curtain, as at a start.
            return
        if len(humans) > 1 and self.revealed_for != seat:
            by_id("privacy-name").textContent = self.name(seat)
            by_id("privacy").hidden = False
            self.pending_viewer = seat
        else:
            self.viewer = seat

    async def reveal(self):
        by_id("privacy").hidden = True
        self.viewer = self.pending_viewer
        self.revealed_for = self.viewer
        await self.act({"op": "view"}, quiet=True)
        # The next person starts at the top, as the game first showed: the page behind
        # the screen is still scrolled where the last player left it (say, down to
        # their own row), which showed them a page with its header pushed off the top.
        window.scrollTo(0, 0)

    # -- saved games -----------------------------------------------------------------------

    def begin_game(self, view, entry=None):
        """The game just opened gets its place in the list (``entry``: the one it came from)."""
        if self.embed:
            return
        previous = self.game_id
        leaving = previous and (entry is None or entry["id"] != previous)
        untouched = self.view is not None and not self.view["outcome"] and not self.in_progress()
        if leaving and untouched:
            self.saved.remove(previous)  # an untouched new game: nothing to keep
        if entry is not None:
            self.game_id = entry["id"]
            self.game_rev = entry.get("rev", 0)
            self.game_created = entry.get("created") or now_iso()
        else:
            self.game_id = new_id()
            self.game_rev = 0
            self.game_created = now_iso()
        set_storage_session(self.tab_key, self.game_id)

    def name(self, seat):
        """A seat's name; two seats of one name (an old save) are told apart by number."""
        seats = self.view["seats"]
        if seat is None or seat < 0 or seat >= len(seats):
            return "nobody"
        name = seats[seat]["name"]
        if sum(1 for s in seats if s["name"] == name) > 1:
            return name + " (" + str(seat + 1) + ")"
        return name

    def named(self, text):
        """The engine's texts call seats "Player 1"...; say the players' names instead.

        One pass over the engine's text: a name put in is never read again, so a
        player named "Player 1" is not taken for seat 1.
        """
        marker = "Player "
        out = []
        start = 0
        while True:
            at = text.find(marker, start)
            if at < 0:
                break
            end = at + len(marker)
            while end < len(text) and text[end].isdigit():
                end += 1
            number = text[at + len(marker) : end]
            if number and 1 <= int(number) <= len(self.view["seats"]):
                out.append(text[start:at])
                out.append(self.name(int(number) - 1))
            else:
                out.append(text[start:end])
            start = end if end > at + len(marker) else at + len(marker)
        out.append(text[start:])
        return "".join(out)

    def game_name(self, view):
        return self.tr("ui.vs", " vs ").join([seat["name"] for seat in view["seats"]])

    def autosave(self, view):
        """Save the game shown into its place in the list (and the last-game autosave)."""
        if self.game_id is None:
            self.begin_game(view)
        stored = self.saved.entry(self.game_id)
        if stored is not None and stored.get("rev", 0) != self.game_rev:
            # Another tab saved this game since: keep both lines of play.
            self.game_id = new_id()
            self.game_rev = 0
            set_storage_session(self.tab_key, self.game_id)
            self.message(
                self.tr(
                    "ui.other_tab",
                    "This game was also played in another tab: the moves made here are kept "
                    "as a separate saved game.",
                ),
                "info",
            )
        finished = bool(view["outcome"]) and view["position"] == view["length"]
        text = json.dumps(view["record"])
        if (
            stored is not None
            and stored.get("finished") == finished
            and self.same_record(self.saved.record_text(self.game_id), view["record"])
        ):
            # Nothing new (a tab that only opened the game, say from its link): no new
            # revision, or a tab playing it would take that for moves made elsewhere and
            # keep its next moves apart, a copy of the same game under Saved games.
            if Store.write(self.store.key, text):
                Store.write(self.store.key + "-id", self.game_id)
            return
        entry = {
            "id": self.game_id,
            "name": self.game_name(view),
            "created": self.game_created or now_iso(),
            "updated": now_iso(),
            "finished": finished,
            "moves": view["length"],
            "deal": view.get("deal", ""),
            "rev": self.game_rev + 1,
        }
        if self.saved.put(entry, text):
            self.game_rev = entry["rev"]
            # The last game played in this browser, as before saved games had a list.
            if Store.write(self.store.key, text):
                Store.write(self.store.key + "-id", self.game_id)
            if finished:
                self.saved.prune_finished()

    def same_record(self, text, record):
        """Whether stored ``text`` holds ``record`` (as data: the keys' order may differ)."""
        try:
            return text is not None and json.loads(text) == record
        except Exception:
            return False

    def storage_result(self, key, err):
        """Store's report: say plainly when the browser refuses to keep the game."""
        box = by_id("storage-warning")
        if box is None:
            return
        if err is None:
            if self.storage_problem and key.endswith(":game:" + str(self.game_id)):
                self.storage_problem = None
                box.hidden = True
            return
        self.storage_problem = str(err)
        box.textContent = self.tr(
            "ui.storage_failed",
            "This browser refused to save the game ({a}): moves from now on are NOT kept "
            "here. Free some space under Saved games, or use Save file.",
            a=self.storage_problem.split(":")[0][:60],
        )
        box.hidden = False
        self.html.setAttribute("data-storage", "failed")

    async def open_saved_games(self):
        self.render_saved_games()
        by_id("saved-games").showModal()

    def render_saved_games(self):
        box = by_id("sg-list")
        clear(box)
        entries = self.saved.entries()
        for entry in entries:
            box.appendChild(self.saved_item(entry))
        for aside in self.saved.unreadable():
            box.appendChild(self.unreadable_item(aside))
        if not box.firstChild:
            box.appendChild(
                el("li", "tg-saved-empty", text=self.tr("ui.no_saved", "No saved games yet."))
            )

    def when(self, iso):
        """A stored date in the reader's own style, to the minute."""
        if not iso:
            return ""
        style = to_js({"dateStyle": "medium", "timeStyle": "short"})
        return str(window.Date.new(iso).toLocaleString(self.html.lang or "en", style))

    def saved_item(self, entry):
        current = entry["id"] == self.game_id
        state = (
            self.tr("ui.finished", "finished")
            if entry.get("finished")
            else self.tr("ui.in_progress", "in progress")
        )
        details = [
            state,
            self.moves_text(entry.get("moves", 0)),
            self.tr("ui.saved_when", "saved {a}", a=self.when(entry.get("updated"))),
        ]
        begun = self.when(entry.get("created"))
        started = el("small", text=self.tr("ui.started_when", "started {a}", a=begun))
        if entry.get("deal"):
            deal = self.tr("ui.deal_code", "Deal {a}.", a=entry["deal"]).rstrip(".")
            started.appendChild(el("span", "tg-deal", text=" · " + deal))
        title = el("strong", text=entry.get("name") or "?")
        if current:
            title.appendChild(
                el("span", "tg-saved-badge", text=self.tr("ui.playing_now", "playing now"))
            )
        main = el(
            "div",
            "tg-saved-main",
            children=[
                title,
                el("small", text=" · ".join(details)),
                started,
            ],
        )
        open_button = el(
            "button", "primary", text=self.tr("ui.open", "Open"), attrs={"type": "button"}
        )
        open_button.disabled = current
        on(open_button, "click", self.saved_handler("open", entry))
        download_button = el(
            "button", text=self.tr("ui.download", "Download"), attrs={"type": "button"}
        )
        on(download_button, "click", self.saved_handler("download", entry))
        delete_button = el("button", text=self.tr("ui.delete", "Delete"), attrs={"type": "button"})
        delete_button.disabled = current
        on(delete_button, "click", self.saved_handler("delete", entry))
        actions = el(
            "div", "tg-saved-actions", children=[open_button, download_button, delete_button]
        )
        cls = "tg-saved-item" + (" current" if current else "")
        cls += " finished" if entry.get("finished") else ""
        return el("li", cls, attrs={"data-id": entry["id"]}, children=[main, actions])

    def moves_text(self, n):
        """A count of moves in words: "1 move", "2 moves" (the list once said "1 moves")."""
        if n == 1:
            return self.tr("ui.moves_count_one", "{n} move", n=n)
        return self.tr("ui.moves_count", "{n} moves", n=n)

    def unreadable_item(self, aside):
        main = el(
            "div",
            "tg-saved-main",
            children=[
                el("strong", text=self.tr("ui.unreadable_title", "A save that cannot be opened")),
                el("small", text=str(aside.get("reason", ""))[:200]),
                el(
                    "small",
                    text=self.tr("ui.kept_when", "kept {a}", a=self.when(aside.get("saved"))),
                ),
            ],
        )
        download_button = el(
            "button", "primary", text=self.tr("ui.download", "Download"), attrs={"type": "button"}
        )
        on(download_button, "click", self.saved_handler("download_unreadable", aside))
        delete_button = el("button", text=self.tr("ui.delete", "Delete"), attrs={"type": "button"})
        on(delete_button, "click", self.saved_handler("delete_unreadable", aside))
        actions = el("div", "tg-saved-actions", children=[download_button, delete_button])
        return el(
            "li",
            "tg-saved-item unreadable",
            attrs={"data-id": aside.get("id", "")},
            children=[main, actions],
        )

    def saved_handler(self, what, entry):
        # The entry is bound now: the event's target is gone once the handler awaits.
        return lambda evt: self.saved_action(what, entry)

    async def saved_action(self, what, entry):
        if what == "open":
            by_id("saved-games").close()
            if await self.open_entry(entry):
                self.message(self.tr("ui.saved_opened", "Saved game opened."), "info")
                await self.run_ai()
        elif what == "download":
            text = self.saved.record_text(entry["id"])
            answer = await self.call({"op": "save_text", "record": json.loads(text or "null")})
            if answer.get("ok"):
                download(answer["filename"], answer["text"])
            else:
                download(self.slug + "-saved-game.json", text or "")
        elif what == "download_unreadable":
            download(self.slug + "-unreadable-save.json", entry.get("text", ""))
        elif what in ("delete", "delete_unreadable"):
            by_id("saved-games").close()
            question = self.tr(
                "ui.delete_ask",
                "Delete “{a}” from this browser for good?",
                a=entry.get("name") or entry.get("reason", ""),
            )
            if await self.confirm(
                question, self.tr("ui.delete", "Delete"), self.tr("cancel", "Cancel")
            ):
                if what == "delete":
                    self.saved.remove(entry["id"])
                    if storage_get(self.store.key + "-id") == entry["id"]:
                        # The last-game autosave must not bring it back on the next visit.
                        Store.delete(self.store.key)
                else:
                    self.saved.remove_unreadable(entry["id"])
            await self.open_saved_games()

    def render_state(self, view):
        pass

    def seat_badge(self, seat):
        """A small token showing a seat's colour (an :func:`h` description); games override."""
        return h("span", "tg-badge")

    def render_players(self, view):
        items = []
        for index, seat in enumerate(view["seats"]):
            who = "Computer (" + seat["level"] + ")" if seat["kind"] == "ai" else "Human"
            cls = "tg-player to-move" if view["to_move"] == index else "tg-player"
            children = [
                self.seat_badge(index),
                h("span", "tg-player-name", text=seat["name"]),
                h("small", text=who),
            ]
            items.append(h("li", cls, children=children))
        fill(by_id("players"), items)

    def render_log(self, view):
        items = []
        for entry in view["log"]:
            seat = entry["seat"]
            who = view["seats"][seat]["name"] if seat >= 0 else self.tr("chance", "Chance")
            items.append(self.log_item(entry["n"], who + ": " + entry["text"]))
        # The engine's public texts for the moves ahead, where it gives them.
        future = {entry["n"]: entry["text"] for entry in view.get("future") or []}
        for entry_index in range(view["position"], view["length"]):
            text = future.get(entry_index + 1, view["record"]["actions"][entry_index])
            items.append(self.log_item(entry_index + 1, text, "tg-log-entry future"))
        self.fill_log(items)

    def fill_log(self, items):
        """Show the log's items (:meth:`log_item`) and scroll to the latest."""
        box = by_id("log")
        fill(box, items)
        scroll_to_end(box)

    def log_item(self, n, text, cls="tg-log-entry"):
        """One move of the log (a description): a button that replays the game to just
        after move ``n`` (clicks are taken by :meth:`log_clicked`)."""
        # The visible text names the button (label in name); the title says what it does.
        title = self.tr("ui.go_to_move", "Go to move {n}", n=n)
        button = h("button", text=text, attrs={"type": "button", "data-n": n, "title": title})
        return h("li", cls, attrs={"value": n}, children=[button])

    def log_clicked(self, evt):
        button = evt.target.closest("button[data-n]") if evt.target else None
        if button:
            return self.goto(int(button.getAttribute("data-n")))
        return None

    def render_controls(self, view):
        undo = by_id("btn-undo")
        undo.disabled = not view["can_undo"]
        # Why Undo is greyed out (a roll, another player's secret), on hover.
        if view.get("undo_refused") and view["position"] > 0:
            undo.setAttribute("title", view["undo_refused"])
        else:
            undo.removeAttribute("title")
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
        elif (
            view["position"] < view["length"]
            and self.stepped_back
            and view["to_move_kind"] == "human"
        ):
            # Undo keeps the moves it takes back, for Redo: that is no replay to leave.
            ahead = view["length"] - view["position"]
            if ahead == 1:
                undone = self.tr(
                    "ui.undone_one",
                    "The move taken back returns with Redo; a new move replaces it.",
                )
            else:
                undone = self.tr(
                    "ui.undone",
                    "The {n} moves taken back return with Redo; a new move replaces them.",
                    n=ahead,
                )
            self.status(self.turn_text(view) + " " + undone)
        elif view["position"] < view["length"]:
            replay = self.tr(
                "ui.replay_at",
                "Replay: move {n} of {d}. Play a move here to branch off, or press ».",
                n=view["position"],
                d=view["length"],
            )
            if view["to_move_kind"] == "human":
                # After an undo the player plays on from here: say whose turn it is first
                # ("Replay" alone read as if they could not).
                replay = self.turn_text(view) + " " + replay
            self.status(replay)
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
        self.messages_shown += 1
        if text and kind == "error" and self.out_of_view(box):
            # A refusal must be seen where the player clicked: with the board scrolled,
            # the message's own place is off screen (or under the sticky status bar).
            box.classList.add("floating")
            asyncio.create_task(self.settle_message(self.messages_shown))

    def out_of_view(self, box):
        rect = box.getBoundingClientRect()
        status = by_id("status").getBoundingClientRect()
        top = status.bottom if status.top >= 0 and status.top < 1 else 0
        return rect.top < top or rect.bottom > window.innerHeight

    async def settle_message(self, shown):
        """A floating message goes back to its place after a while (unless replaced)."""
        await asyncio.sleep(MESSAGE_FLOATS)
        if self.messages_shown == shown:
            by_id("message").classList.remove("floating")

    def set_busy(self, busy):
        self.busy = busy
        self.html.setAttribute("data-busy", "1" if busy else "0")
