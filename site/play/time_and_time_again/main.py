"""The Time and Time Again page: the diamond of time, the five views and the clock.

Everything a rule decides comes from the engine's view of the player's seat:
which opportunities can be bought (``affordable``), what each would gain, who
is most visible where, who controls each character, the leader board and the
log of what this seat could know.  The page draws that, sends ``bN`` (buy
opportunity N) and ``tH`` (let the clock run until hour H), and keeps the
clock going in the chosen mode:

* accelerated: an hour every few seconds (a setting) or on the button;
* real time: an hour is an hour; on return the page asks the engine for the
  hours that passed and shows a "while you were away" digest;
* hot-seat: each person closes their own hour; a privacy screen between them.

A game opened from a link or a file shows its position first: its clock waits until
the person there acts or presses "Start the clock" (:meth:`TimeAgainPage.hold_clock`).
"""

import asyncio

import js as window
from js import document
from jsffi import create_proxy
from ui import GamePage, Store, build, by_id, clear, el, fill, h, on, patch
from views import Views, route_hash

ROUTES = ("opportunities", "player", "location", "leaders", "log")
TYPE_NAMES = {
    "recruit": "Direct recruiting",
    "acquire": "Direct acquisition",
    "indirect": "Indirect recruiting",
    "invest": "Investment",
    "attack": "Attack",
    "challenge": "Challenge",
}
TYPE_ICONS = {
    "recruit": "♟",
    "acquire": "◆",
    "indirect": "⇡♟",
    "invest": "⇡◆",
    "attack": "⚔",
    "challenge": "♛",
}
SYMBOL_WORDS = {"♟": "Agents", "◆": "Wealth", "◉": "Visibility", "♛": "Characters"}
MODE_NAMES = {"accelerated": "Accelerated", "realtime": "Real time", "hotseat": "Hot-seat"}
STRIKES = {
    "kill": ("☠", "kill", "killed an agent"),
    "destroy": ("✷", "destroy", "destroyed a wealth"),
    "capture": ("◆", "capture", "captured a wealth"),
    "kill_agent": ("☠", "kill", "killed an agent"),
    "destroy_wealth": ("✷", "destroy", "destroyed a wealth"),
    "neutralise": ("⊘", "neutralise", "neutralised an agent and a wealth"),
    "none": ("·", "", "no effect"),
    "wasted": ("∅", "", "found nothing to hit"),
}
STRIKE_KEY = (
    "☠ kills an agent · ✷ destroys a wealth · ◆ captures a wealth · ⊘ neutralises an agent and a"
    " wealth · · no effect; a struck-through strike found nothing to hit."
)
HOUR_MS = 3600000
CATCH_UP_CHUNK = 100  # the engine lets a seat wait at most 100 hours at once
HOLDINGS = (("agents", "♟"), ("wealth", "◆"), ("visibility", "◉"))
AI_PAUSE_ACCELERATED = 0.05  # the AIs act between hours; keep the clock brisk
AI_PAUSE_HOTSEAT = 0.3
HISTORY = 300  # log events the Log view keeps from this visit
MOVES_SHOWN = 80  # the Moves panel lists the latest actions (a long game has thousands)
ARROWS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")
HOLDING_OPENINGS = ("load_link", "load_text")
"""A game opened from a link or a file: its clock waits until the person there starts it."""
RUNNING_CLOCKS = ("accelerated", "realtime")  # the modes whose clock runs by itself


def plural(n, word):
    return str(n) + " " + word + ("" if n == 1 else "s")


def now_ms():
    # Through common/dom.js: Date.now() read directly wraps every 49.7 days here.
    return float(window.tgNowMs())


# Real-time games saved before that was fixed hold a start time read from the
# wrapped clock: far before 2001, which no real start is.
WRAPPED_BEFORE_MS = 10**12
WRAP_MS = 2**32


def start_ms(started):
    """A real-time game's start (its ``started`` option, in seconds) in milliseconds.

    A start read from the wrapped clock is taken as the latest time, up to now,
    that the wrapped clock showed as that start: right for any game younger than
    49.7 days.
    """
    ms = started * 1000
    if ms < WRAPPED_BEFORE_MS:
        now = now_ms()
        ms += ((now - ms) // WRAP_MS) * WRAP_MS
    return ms


def sentence(text):
    """``text`` as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


class TimeAgainPage(GamePage):
    slug = "time_and_time_again"
    default_ai = "schemer"

    def __init__(self):
        super().__init__()
        self.views = Views(ROUTES, "opportunities")
        self.cells_drawn = {}  # location id -> what its diamond cell shows now
        self.marks_drawn = None  # the highlights last sent to the diamond
        self.locs = {}  # id -> static content (name, date, history, next, prev, because...)
        self.order = []  # ids, Uruk first
        self.selected = None  # the opportunity id picked, waiting for confirmation
        self.tick_store = Store(self.slug, "clock")
        self.tick_seconds = None  # accelerated mode: seconds per hour chosen on this device
        self.tick_due = None  # wall-clock ms when the next accelerated hour is due
        self.tick_left = None  # ms left of that countdown when the clock stopped (paused)
        self.catching_up = False
        self.catch_up_target = 0
        self.backwards_for = None  # the game (deal) whose backwards clock was already reported
        self.focus_loc = "uruk"
        self.history = {}  # "deal:viewer" -> {event number: event}, see remember()
        self.example_marks = []  # locations a rules example points at
        self.panels_for = None  # (deal, viewer) the result and selection panels belong to
        self.result_at = None  # (game opened, position) the result card describes
        self.clock_held = False  # opened from a link or a file: the clock waits (hold_clock)

    # -- start-up ------------------------------------------------------------------------------

    async def prepare(self):
        answer = await self.tool("locations", {})
        if not answer.get("ok"):
            self.refused(answer)
            return
        for loc in answer["result"]["locations"]:
            self.locs[loc["id"]] = loc
            self.order.append(loc["id"])
        asyncio.create_task(self.ticker())

    async def open_initial(self):
        # The route first, so that the game's first render draws the view asked for.
        self.views.read()
        self.views.show()
        await super().open_initial()
        await self.catch_up(True)

    async def open_hash(self):
        if self.views.read():
            self.views.show()
            if self.view:
                self.render_route(self.view)
            return
        await super().open_hash()

    def bind_game(self):
        on(by_id("btn-advance"), "click", self.advance_clicked)
        on(by_id("btn-clock-start"), "click", self.start_clock_clicked)
        on(by_id("btn-sleep"), "click", self.sleep_clicked)
        on(by_id("tick-seconds"), "change", self.tick_changed)
        on(by_id("opp-list"), "change", self.opportunity_picked)
        on(by_id("opp-cancel"), "click", lambda evt: self.pick(None))
        on(by_id("opp-take"), "click", self.take_selected)
        on(by_id("away-ok"), "click", lambda evt: by_id("away").close())
        on(by_id("diamond"), "keydown", self.diamond_key)
        on(by_id("diamond"), "focusin", self.diamond_focus)
        on(by_id("opp-list"), "keydown", self.opportunity_key)
        # One cell of the diamond is in the tab order; the arrow keys walk the rest.
        by_id("cell-" + self.focus_loc).setAttribute("tabindex", "0")
        self.watch_status()

    def watch_status(self):
        """Phones: the clock's figures stick just below the sticky status bar, whose height
        changes with its text (the CSS reads it as ``--tt-status-h``)."""
        status = by_id("status")
        style = self.html.style

        def resized(*args):
            style.setProperty("--tt-status-h", str(status.offsetHeight) + "px")

        window.ResizeObserver.new(create_proxy(resized)).observe(status)

    # -- the engine's view ---------------------------------------------------------------------

    def st(self):
        return self.view["state"]

    def me(self):
        return self.st().get("me")

    def my_seat(self):
        me = self.me()
        return me["seat"] if me else None

    def mode(self):
        options = self.view["options"] if self.view else {}
        return options.get("clock", "accelerated")

    def loc_name(self, loc_id):
        loc = self.locs.get(loc_id)
        return loc["name"] if loc else str(loc_id)

    def live(self):
        """True when the shown position is the game's latest and it is still running."""
        view = self.view
        return bool(view) and view["position"] == view["length"] and not view["outcome"]

    def my_window(self):
        """True when the clock may run by itself for the human to move (the latest position)."""
        view = self.view
        return self.live() and view["to_move_kind"] == "human" and not self.busy

    def can_act(self):
        """True when the human whose view is shown may buy or let the clock run.

        At the latest position, or at an earlier one (after Undo, or in a replay)
        where a move branches off, as a typed order does.  The clock never runs by
        itself there (:meth:`my_window`); a click is the player's own choice.
        """
        view = self.view
        return (
            bool(view)
            and not view["outcome"]
            and view["to_move_kind"] == "human"
            and view["to_move"] == view["viewer"]
            and not self.busy
            and bool(by_id("privacy").hidden)
            and not self.wall_clock_held()
        )

    def who(self, seat, me_word="you"):
        """A player's name with their colour dot (always as text)."""
        return build(self.who_spec(seat, me_word))

    def who_spec(self, seat, me_word="you"):
        """:meth:`who` as a description, for lists built in one call."""
        if seat is None:
            return h("span", "tt-who", text="nobody")
        label = me_word if seat == self.my_seat() else self.name(seat)
        alive = self.st().get("alive") or []
        out = " out" if seat < len(alive) and not alive[seat] else ""
        return h("span", "tt-who p" + str(seat) + out, children=[h("span", "tt-dot"), label])

    def loc_link(self, loc_id, text=None):
        label = text if text is not None else self.loc_name(loc_id)
        return el("a", text=label, attrs={"href": route_hash("location", loc_id)})

    def seat_badge(self, seat):
        return h("span", "tt-dot p" + str(seat))

    # -- showing the game ----------------------------------------------------------------------

    def board_parts(self):
        # The diamond and the open view are the largest steps: a browser task each.
        return [self.render_state, self.render_open_view]

    def render_state(self, view):
        """The clock and the diamond (the open view: :meth:`render_open_view`)."""
        if not self.locs:
            return
        self.guard_panels(view)
        self.render_clock(view)
        self.remember(view)
        if self.catching_up:
            return  # hundreds of AI moves go by: draw the board once, at the end
        self.render_diamond(view)

    def render_open_view(self, view):
        """The view the tabs show, and the tab's count of what can be bought."""
        if not self.locs or self.catching_up:
            return
        self.render_route(view)
        count = len([o for o in self.st()["opportunities"] if o.get("affordable")])
        tab = by_id("tab-opportunities")
        clear(tab)
        tab.appendChild(document.createTextNode("Opportunities"))
        if count and self.can_act():
            tab.appendChild(el("span", "tt-count", text=count, attrs={"title": "you can buy"}))

    def guard_panels(self, view):
        """Hot-seat: one player's result card and selection never stay for the next one.

        A result card also goes once the position it describes is no longer shown: an
        Undo or a step back in the replay goes back before the purchase, another game
        opens.  Going on from it (the clock runs, others act) keeps the card.
        """
        at = self.result_at
        if at is not None and (at[0] != self.games_opened or view["position"] < at[1]):
            self.close_result(None)
        owner = (view.get("deal"), view["viewer"])
        if by_id("privacy").hidden and owner == self.panels_for:
            return
        self.panels_for = owner if by_id("privacy").hidden else None
        self.selected = None
        by_id("opp-confirm").hidden = True
        self.close_result(None)
        if by_id("away").open:
            by_id("away").close()

    def render_route(self, view):
        name = self.views.name
        if name == "opportunities":
            self.render_opportunities(view)
        elif name == "player":
            self.render_player(view)
        elif name == "location":
            self.render_location(view)
        elif name == "leaders":
            self.render_leaders(view)
        else:
            self.render_events(view)
        self.mark_diamond()

    # -- the clock bar -------------------------------------------------------------------------

    def render_clock(self, view):
        st = self.st()
        me = self.me()
        mode = self.mode()
        by_id("clock-hour").textContent = str(st["clock"])
        out = me and not me.get("alive", True)
        by_id("clock-turns").textContent = "out" if out else (str(me["turns"]) if me else "–")
        hours = st["hours_to_check"]
        check = "hour " + str(st["next_check"]) + " (in " + plural(hours, "hour") + ")"
        by_id("clock-check").textContent = "none: the game is over" if view["outcome"] else check
        by_id("dial-hand").style.transform = "rotate(" + str((st["clock"] % 12) * 30) + "deg)"
        by_id("clock-mode").textContent = MODE_NAMES.get(mode, mode)
        advance = by_id("btn-advance")
        advance.hidden = mode == "realtime"
        clear(advance)
        label = "End my hour" if mode == "hotseat" else "Advance the clock"
        advance.appendChild(document.createTextNode(label + " "))
        advance.appendChild(el("span", text="»", attrs={"aria-hidden": "true"}))
        advance.disabled = not self.can_act()
        sleep = by_id("btn-sleep")
        sleep.hidden = mode == "realtime"
        sleep.textContent = "Sleep to hour " + str(self.sleep_hour())
        sleep.disabled = not self.can_act()
        by_id("tick-box").hidden = mode != "accelerated"
        if mode == "accelerated":
            by_id("tick-seconds").value = str(self.seconds_per_hour())
        self.render_countdown()

    def sleep_hour(self):
        """Where Sleep lets the clock run: the next check, never past the hour limit."""
        st = self.st()
        return min(st["next_check"], st.get("limit") or st["next_check"])

    def wait_action(self, hour):
        """The notation for "let the clock run for me until ``hour``" (the engine checks it)."""
        return "t" + str(hour)

    def seconds_per_hour(self):
        if self.tick_seconds is None:
            saved = self.tick_store.load()
            deal = self.view.get("deal") if self.view else None
            if saved and saved.get("deal") == deal:
                self.tick_seconds = int(saved.get("seconds", 0))
            elif self.view:
                self.tick_seconds = int(self.view["options"].get("hour_seconds", 10))
            else:
                return 10
        return self.tick_seconds

    def tick_changed(self, evt):
        self.tick_seconds = int(by_id("tick-seconds").value)
        self.tick_store.save({"deal": self.view.get("deal"), "seconds": self.tick_seconds})
        self.tick_due = None
        self.render_countdown()

    def render_countdown(self):
        box = by_id("clock-next")
        start = by_id("btn-clock-start")
        held = bool(self.view) and self.clock_held and self.live()
        if bool(start.hidden) == held:
            # The button takes the countdown's place (the status says why the clock waits).
            start.hidden = not held
            box.hidden = held
        if not self.view:
            box.textContent = ""
            return
        mode = self.mode()
        if self.view["outcome"]:
            box.textContent = "The game is over."
        elif self.embed:
            box.textContent = "Example: the clock waits."
        elif not self.live():
            box.textContent = "Replay: the clock waits."
        elif self.clock_held:
            box.textContent = "The clock waits."
        elif mode == "accelerated":
            seconds = self.seconds_per_hour()
            if not seconds:
                box.textContent = "Clock paused."
            elif self.tick_due is None or not self.my_window():
                box.textContent = "Next hour soon."
            else:
                left = max(0, int((self.tick_due - now_ms()) / 1000 + 0.99))
                box.textContent = "Next hour in " + str(left) + " s"
        elif mode == "realtime":
            due = (self.started_ms() + (self.st()["clock"] + 1) * HOUR_MS) - now_ms()
            minutes = max(0, int(due / 60000 + 0.99))
            box.textContent = "Next hour in " + plural(minutes, "minute")
        else:
            box.textContent = "Each player ends their own hour."

    async def advance_clicked(self, evt):
        await self.advance()

    # -- a game opened from a link or a file: the clock waits for the person there ------------

    def begin_game(self, view, entry=None):
        self.hold_clock(view)
        super().begin_game(view, entry)

    def hold_clock(self, view):
        """A game opened from a link or a file shows its position with the clock still: it
        runs once the person there acts (a purchase, Advance, Sleep, a typed order) or
        presses "Start the clock".  In real time nothing can be bought until then: the wall
        clock has moved on, and Start catches up with it first, with its digest."""
        options = view.get("options") or {}
        self.clock_held = (
            self.opened_by in HOLDING_OPENINGS
            and not self.embed
            and not view["outcome"]
            and options.get("clock", "accelerated") in RUNNING_CLOCKS
        )
        self.tick_due = None

    def wall_clock_held(self):
        """True while a real-time game just opened waits for Start at its latest position
        (nothing to buy there yet: the wall clock has moved on)."""
        return self.clock_held and self.mode() == "realtime" and self.live()

    def release_clock(self):
        """The person has acted: the clock runs from now (a whole hour's wait first)."""
        if not self.clock_held:
            return
        self.clock_held = False
        self.tick_due = None
        if self.view:
            self.render_clock(self.view)
            self.render_controls(self.view)

    async def start_clock_clicked(self, evt):
        if not self.clock_held or self.busy:
            return
        realtime = self.wall_clock_held()
        self.release_clock()
        if realtime:
            self.render_view(self.view)  # the cards take clicks again
            await self.catch_up(True)

    async def sleep_clicked(self, evt):
        """Let the clock run for this player until the next elimination check."""
        if self.can_act():
            self.tick_due = None
            await self.play(self.wait_action(self.sleep_hour()))

    async def advance(self):
        """Let one hour pass for the player whose window is open; then the AIs act."""
        if not self.can_act():
            return
        self.tick_due = None
        await self.play(self.wait_action(self.st()["clock"] + 1))

    async def ticker(self):
        """The page's clock: accelerated hours and real-time catch-up, never while busy."""
        while True:
            await asyncio.sleep(0.5)
            try:
                await self.tick()
            except Exception as err:  # noqa: BLE001 - the clock must keep running
                self.message("Clock: " + str(err), "error")

    def paused(self):
        """Dialogs, the privacy screen, replays, the rules' examples and a game just opened
        from a link or a file (:meth:`hold_clock`) stop the clock."""
        return (
            self.embed
            or self.busy
            or self.catching_up
            or self.clock_held
            or not by_id("privacy").hidden
            or bool(document.querySelector("dialog[open]"))
            or str(self.html.getAttribute("data-engine")) != "ready"
        )

    async def tick(self):
        if not self.view or self.paused():
            # An accelerated hour's countdown stands still while the clock is stopped, and
            # goes on from there: the hour never falls due behind a dialog.
            if self.tick_due is not None and self.tick_left is None:
                self.tick_left = max(0, self.tick_due - now_ms())
            return
        if self.tick_left is not None:
            if self.tick_due is not None:
                self.tick_due = now_ms() + self.tick_left
            self.tick_left = None
        mode = self.mode()
        if mode == "realtime":
            await self.catch_up(False)
        elif mode == "accelerated":
            seconds = self.seconds_per_hour()
            if not seconds or not self.my_window():
                self.tick_due = None
            elif self.tick_due is None:
                self.tick_due = now_ms() + seconds * 1000
            elif now_ms() >= self.tick_due:
                await self.advance()
        self.render_countdown()

    def ai_pause(self):
        if self.catching_up:
            return 0
        if self.mode() == "hotseat":
            return AI_PAUSE_HOTSEAT
        return AI_PAUSE_ACCELERATED

    # -- real time: catching up with the wall clock --------------------------------------------

    def started_ms(self):
        """When this real-time game's hour 0 began, in wall-clock milliseconds."""
        return start_ms(int(self.view["options"].get("started", 0)))

    def due_hour(self):
        return int((now_ms() - self.started_ms()) // HOUR_MS)

    async def catch_up(self, opening):
        """Real time: play the hours the wall clock says have passed; report them."""
        if self.mode() != "realtime" or not self.live() or self.catching_up or self.clock_held:
            return
        target = self.due_hour()
        clock = self.st()["clock"]
        if target == clock:
            return
        if target < clock:
            # The device's clock reads earlier than the game's: the engine refuses the
            # wait and the game stays as it is.  Say so once per game, not every tick.
            if self.backwards_for == self.view.get("deal") or not self.my_window():
                return
            self.backwards_for = self.view.get("deal")
            await self.play(self.wait_action(max(0, target)))
            return
        before = self.snapshot()
        self.catching_up = True
        self.catch_up_target = target
        try:
            await self.run_ai()
            for _ in range(200):
                if not self.my_window():
                    break
                clock = self.st()["clock"]
                if clock >= target:
                    break
                answer = await self.act(
                    {"op": "play", "action": self.wait_action(min(target, clock + CATCH_UP_CHUNK))},
                    quiet=True,
                )
                if not answer:
                    break
                await self.run_ai()
        finally:
            self.catching_up = False
        self.render_view(self.view)
        if opening or self.st()["clock"] - before["clock"] > 1:
            self.show_digest(before)

    def snapshot(self):
        st = self.st()
        log = st.get("log") or []
        return {
            "clock": st["clock"],
            "log_n": log[-1]["n"] if log else 0,
            "prices": {o["id"]: o for o in st["opportunities"]},
        }

    def show_digest(self, before):
        """'While you were away': challenges others took, attacks on you, price drops,
        eliminations.  Only what the engine's log gives this seat: others' purchases in the past
        are their secret and never reach it."""
        st = self.st()
        me = self.my_seat()
        taken, attacks, eliminations, others = [], [], [], []
        for entry in self.remember(self.view):
            if entry["n"] <= before["log_n"]:
                continue
            kind = entry.get("kind")
            detail = entry.get("detail") or {}
            seat = entry.get("seat", detail.get("seat"))
            if kind == "elimination":
                eliminations.append(entry)
            elif detail.get("defender") == me and me is not None:
                attacks.append(entry)
            elif kind == "take" and seat != me:
                taken.append(entry)
            elif seat != me and kind not in ("hour", "prices", "start"):
                others.append(entry)
        drops = []
        for opp in st["opportunities"]:
            old = before["prices"].get(opp["id"])
            if old and opp["price"] < old["price"]:
                drops.append((opp, old["price"]))
        hours = st["clock"] - before["clock"]
        by_id("away-span").textContent = (
            plural(hours, "hour")
            + " passed (hour "
            + str(before["clock"])
            + " to hour "
            + str(st["clock"])
            + ")."
        )
        box = by_id("away-list")
        clear(box)
        self.digest_part(box, "Elimination checks", eliminations, "elim")
        self.digest_part(box, "Attacks on you", attacks, "bad")
        self.digest_part(box, "Challenges others took", taken, "")
        if drops:
            box.appendChild(el("li", "tt-away-head", children=[el("h3", text="Price drops")]))
            for opp, old in drops:
                text = (
                    "#"
                    + str(opp["id"])
                    + " "
                    + TYPE_NAMES.get(opp["type"], opp["type"])
                    + " at "
                    + self.loc_name(opp["location"])
                    + ": "
                    + str(old)
                    + " → "
                    + plural(opp["price"], "turn")
                )
                box.appendChild(el("li", text=text))
        self.digest_part(box, "Other news", others, "")
        if not box.firstChild:
            box.appendChild(el("li", text="Nothing you could see happened."))
        by_id("away").showModal()

    def digest_part(self, box, title, entries, cls):
        if not entries:
            return
        box.appendChild(el("li", "tt-away-head", children=[el("h3", text=title)]))
        for entry in entries[-40:]:
            item = el("li", cls)
            item.appendChild(el("span", "tt-ev-hour", text="h" + str(entry["hour"])))
            item.appendChild(document.createTextNode(self.named(entry["text"])))
            if entry.get("seat") is not None and entry.get("seat", -1) >= 0:
                item.classList.add("p" + str(entry["seat"]))
            box.appendChild(item)

    # -- the rules' live examples --------------------------------------------------------------

    def show_example(self, example):
        if not example:
            return
        self.html.setAttribute("data-mode", "example")
        box = by_id("example")
        box.hidden = False
        box.textContent = example["title"] + ". " + example["caption"]
        marks = [str(h) for h in example.get("highlight") or []]
        self.example_marks = [h for h in marks if h in self.locs]
        for mark in marks:
            if mark.startswith("seat:"):
                self.viewer = int(mark[5:])
        asyncio.create_task(self.show_example_view(example))

    async def show_example_view(self, example):
        await self.act({"op": "view"}, quiet=True)
        log = self.st().get("log") or []
        outcomes = [e for e in log if e.get("kind") in ("outcome", "elimination")]
        if outcomes:
            self.result_card(outcomes[-1], example["title"])

    # -- the diamond ---------------------------------------------------------------------------

    def render_diamond(self, view):
        st = self.st()
        me = self.my_seat()
        at = {}
        for opp in st["opportunities"]:
            at[opp["location"]] = True
        changes = []
        for loc in st["locations"]:
            static = self.locs.get(loc["id"], {})
            mine = loc.get("mine")
            controller = loc.get("controller")
            ranking = loc.get("ranking") or []
            words = [static.get("name", loc["id"]) + ", " + static.get("date", "")]
            counts = [(key, icon, mine[key]) for key, icon in HOLDINGS] if mine else []
            words += [str(value) + " " + key for key, _, value in counts]
            if controller is not None:
                words.append("character: " + self.controller_words(controller))
            if ranking:
                words.append("most visible: " + self.controller_words(ranking[0]))
            drawn = ("; ".join(words), controller, ranking[:1], loc["id"] in at, me)
            # A purchase changes a cell or two: the other cells are left as they are, and
            # the changed ones go to the page in one call (every call into JS costs).
            if self.cells_drawn.get(loc["id"]) == drawn:
                continue
            self.cells_drawn[loc["id"]] = drawn
            hold = [
                h("span", "has" if value else "", text=icon + str(value))
                for _, icon, value in counts
            ]
            marks = []
            if controller is not None:
                marks.append(h("span", "tt-ctrl p" + str(controller)))
            if ranking:
                marks.append(h("span", "tt-top1 p" + str(ranking[0])))
            changes.append(
                [
                    "cell-" + loc["id"],
                    {"aria-label": drawn[0], "title": drawn[0]},
                    {
                        "mine-char": controller is not None and controller == me,
                        "has-opp": loc["id"] in at,
                    },
                    {".tt-hold": hold, ".tt-marks": marks},
                ]
            )
        patch(changes)

    def controller_words(self, seat):
        return "you" if seat == self.my_seat() else self.name(seat)

    def mark_diamond(self):
        """Highlight the selected opportunity's places, or the location being viewed."""
        opp = self.selected_opportunity()
        source = opp["location"] if opp else None
        target = (opp.get("target") or (opp.get("gain") or {}).get("where")) if opp else None
        here = self.views.arg if self.views.name == "location" else None
        marked = self.example_marks
        changes = []
        for loc_id in self.order:
            classes = {
                "sel": loc_id == source,
                "target": loc_id == target and target != source,
                "here": loc_id == here or loc_id in marked,
            }
            changes.append(["cell-" + loc_id, None, classes, None])
            for up in self.locs[loc_id].get("next") or []:
                hot = bool(source and target) and loc_id == source and up == target
                if here:
                    hot = here in (loc_id, up)
                changes.append(["link-" + loc_id + "-" + up, None, {"hot": hot}, None])
        # Sent only when something changed (a tick of the clock changes nothing here).
        if changes != self.marks_drawn:
            self.marks_drawn = changes
            patch(changes)

    def diamond_focus(self, evt):
        loc_id = evt.target.getAttribute("data-loc") if evt.target else None
        if loc_id:
            self.focus_loc = str(loc_id)

    def diamond_key(self, evt):
        """Arrow keys walk the diamond: up and down follow the links, left and right the row."""
        key = str(evt.key)
        if key not in ARROWS or self.focus_loc not in self.locs:
            return
        evt.preventDefault()
        loc = self.locs[self.focus_loc]
        row = [i for i in self.order if self.locs[i]["row"] == loc["row"]]
        pick = None
        if key == "ArrowUp":
            pick = (loc.get("next") or [None])[0]
        elif key == "ArrowDown":
            pick = (loc.get("prev") or [None])[0]
        else:
            index = row.index(self.focus_loc) + (1 if key == "ArrowRight" else -1)
            if 0 <= index < len(row):
                pick = row[index]
        if pick:
            self.move_focus(pick)

    def move_focus(self, loc_id):
        old = by_id("cell-" + self.focus_loc)
        if old:
            old.setAttribute("tabindex", "-1")
        self.focus_loc = loc_id
        node = by_id("cell-" + loc_id)
        node.setAttribute("tabindex", "0")
        node.focus()

    # -- opportunities -------------------------------------------------------------------------

    def selected_opportunity(self):
        if self.selected is None or not self.view:
            return None
        for opp in self.st()["opportunities"]:
            if opp["id"] == self.selected:
                return opp
        return None

    def render_opportunities(self, view):
        st = self.st()
        me = self.me()
        by_id("opp-turns").textContent = (
            "You have " + plural(me["turns"], "turn") if me else "Spectating"
        )
        if self.selected is not None and not self.selected_opportunity():
            self.message(
                "Opportunity #"
                + str(self.selected)
                + " is gone: someone took it or its price ran out.",
                "info",
            )
            self.selected = None
        can_buy = self.can_act()
        fill(by_id("opp-list"), [self.opportunity_card(o, can_buy) for o in st["opportunities"]])
        self.render_confirm()

    def opportunity_card(self, opp, can_buy):
        """One opportunity as a description (the list is built in one call)."""
        kind = opp["type"]
        ok = bool(opp.get("affordable")) and can_buy
        oid = str(opp["id"])
        radio = h(
            "input",
            attrs={
                "type": "radio",
                "name": "opp",
                "value": oid,
                "id": "opp-" + oid,
                "aria-describedby": "opp-gain-" + oid,
                "disabled": not ok,
                "checked": ok and opp["id"] == self.selected,
            },
        )
        price = h(
            "span",
            "tt-price",
            attrs={"aria-label": "price " + plural(opp["price"], "turn")},
            children=[h("span", text=opp["price"]), h("small", text="turns")],
        )
        label = TYPE_ICONS.get(kind, "") + " " + TYPE_NAMES.get(kind, kind)
        head = h(
            "span",
            "tt-opp-type",
            children=[
                h("span", "tt-kind k-" + kind, text=label),
                h("span", text=self.benefit_text(opp)),
            ],
        )
        # The place names are text: a tap anywhere on the card selects it.  The location
        # has its own small link at the card's edge (a link inside the label takes the tap).
        name = self.loc_name(opp["location"])
        place = "#" + oid + " · at " + name
        if opp.get("target"):
            place += " → " + self.loc_name(opp["target"])
        where = [place]
        if opp.get("defender") is not None:
            where += [" · against ", self.who_spec(opp["defender"])]
        main = h("span", "tt-opp-main", children=[head, h("span", "tt-opp-where", children=where)])
        link = h(
            "a",
            "tt-opp-loc",
            text="↗",
            attrs={
                "href": route_hash("location", opp["location"]),
                "title": "Open " + name,
                "aria-label": "Open " + name,
            },
        )
        attrs = {"for": "opp-" + oid, "data-opp": oid, "data-type": kind}
        if not opp.get("affordable") and self.me():
            attrs["title"] = "Needs " + plural(opp["price"], "turn")
        return h(
            "label",
            "tt-opp" + ("" if ok else " off"),
            attrs=attrs,
            children=[radio, price, main, self.gain_node(opp), link],
        )

    def benefit_text(self, opp):
        benefit = opp.get("benefit")
        kind = opp["type"]
        if benefit is None:
            return ""
        unit = "agent" if kind == "recruit" else "wealth"
        if kind == "acquire":
            return "+" + str(benefit) + " wealth"
        return "+" + plural(benefit, unit)

    def gain_node(self, opp):
        """What buying ``opp`` gains this seat, as a description."""
        gain = opp.get("gain") or {}
        amount = gain.get("amount")
        kind = gain.get("kind", "none")
        cls = "tt-gain"
        if kind in ("agents", "wealth"):
            shown = "+" + str(amount) + " " + ("♟" if kind == "agents" else "◆")
            cls += " good" if amount else " zero"
        elif kind == "strikes":
            shown = plural(amount, "strike")
        elif kind == "challenge":
            shown = "♛ fight"
        elif kind == "discard":
            shown = "guard"
        else:
            shown = "nothing"
            cls += " zero"
        children = [h("span", text=shown)]
        if self.gives_nothing(gain):
            # Nothing doubled is nothing: say why instead.
            children.append(h("small", "tt-why", text=self.nothing_reason(gain)))
        elif opp.get("doubled"):
            children.append(h("small", text="×2 your character"))
        elif gain.get("text"):
            children.append(h("small", "sr-only", text=self.named(gain["text"])))
        return h("span", cls, attrs={"id": "opp-gain-" + str(opp["id"])}, children=children)

    def gives_nothing(self, gain):
        return gain.get("kind") in ("agents", "wealth", "none") and not gain.get("amount")

    def nothing_reason(self, gain):
        """The engine's reason a purchase gives nothing, without its "gives nothing:"."""
        text = self.named(gain.get("text") or "")
        if text.startswith("gives nothing:"):
            text = text[len("gives nothing:") :].strip()
        return text or "no gain"

    def opportunity_key(self, evt):
        """Enter on a selected opportunity confirms it, as the button does."""
        if str(evt.key) == "Enter" and self.selected_opportunity():
            evt.preventDefault()
            return self.take_selected(evt)
        return None

    def opportunity_picked(self, evt):
        target = evt.target
        if str(target.name) != "opp":
            return
        self.pick(int(target.value))

    def pick(self, opp_id):
        self.selected = opp_id
        for radio in document.querySelectorAll("#opp-list input[name=opp]"):
            radio.checked = opp_id is not None and int(radio.value) == opp_id
        self.render_confirm()
        self.mark_diamond()

    def render_confirm(self):
        opp = self.selected_opportunity()
        box = by_id("opp-confirm")
        if not opp:
            box.hidden = True
            return
        box.hidden = False
        gain = opp.get("gain") or {}
        summary = (
            "Spend "
            + plural(opp["price"], "turn")
            + " on #"
            + str(opp["id"])
            + ": "
            + TYPE_NAMES.get(opp["type"], opp["type"])
            + " at "
            + self.loc_name(opp["location"])
        )
        if opp.get("target"):
            summary += " for " + self.loc_name(opp["target"])
        summary += "."
        warning = by_id("opp-warning")
        if self.gives_nothing(gain):
            # The reason is said once, in the warning.
            warning.hidden = False
            warning.textContent = "⚠ This gives you nothing: " + self.nothing_reason(gain) + "."
        else:
            warning.hidden = True
            summary += " " + sentence(self.named(gain.get("text") or ""))
        by_id("opp-summary").textContent = summary
        by_id("opp-take").disabled = not (opp.get("affordable") and self.can_act())

    async def take_selected(self, evt):
        """Confirm selection: buy the opportunity picked (not ``confirm``: that is the
        shared yes/no question of GamePage)."""
        opp = self.selected_opportunity()
        if not opp:
            return
        self.selected = None
        by_id("opp-confirm").hidden = True
        await self.play("b" + str(opp["id"]))

    def last_log_n(self):
        log = self.st().get("log") if self.view else None
        return log[-1]["n"] if log else 0

    def show_result(self, opp, before):
        """The outcome of the player's purchase, from the engine's log: echoes, strikes."""
        if not by_id("privacy").hidden:
            return  # the next player is at the device: a purchase's result is a secret
        found = None
        for entry in self.st().get("log") or []:
            if entry["n"] > before and entry.get("kind") == "outcome":
                found = entry
                break
        title = "#" + str(opp["id"]) + " " + TYPE_NAMES.get(opp["type"], opp["type"])
        self.result_card(found, title + " at " + self.loc_name(opp["location"]))

    def result_card(self, entry, title):
        box = by_id("result")
        clear(box)
        if not entry:
            self.close_result(None)
            return
        box.hidden = False
        self.result_at = (self.games_opened, self.view["position"])
        head = el("div", "tt-result-head")
        head.appendChild(el("b", text=title))
        close = el("button", "tt-close", text="×", attrs={"type": "button", "aria-label": "Close"})
        on(close, "click", self.close_result)
        head.appendChild(close)
        box.appendChild(head)
        box.appendChild(el("p", text=self.named(entry.get("text", ""))))
        detail = entry.get("detail") or {}
        self.detail_nodes(box, detail)
        if detail.get("strikes") is not None or detail.get("defence") is not None:
            box.appendChild(el("p", "tt-strike-key", text=STRIKE_KEY))
        self.flash(detail)

    def close_result(self, evt):
        """Take the result card away (its close button, or its position gone)."""
        self.result_at = None
        box = by_id("result")
        box.hidden = True
        clear(box)

    def flash(self, detail):
        """Make the places a purchase changed light up on the diamond."""
        places = [detail.get("location"), detail.get("target")]
        for echo in detail.get("echoes") or []:
            if echo.get("ok"):
                places.append(echo.get("to"))
        for loc_id in places:
            node = by_id("cell-" + str(loc_id)) if loc_id else None
            if node:
                node.classList.remove("flash")
                node.offsetWidth  # noqa: B018 - restart the animation
                node.classList.add("flash")

    # -- the player's own diamond --------------------------------------------------------------

    def render_player(self, view):
        st = self.st()
        me = self.me()
        body = by_id("player-body")
        clear(body)
        if not me:
            by_id("player-turns").textContent = ""
            body.appendChild(
                el(
                    "p",
                    "tt-empty",
                    text="A spectator has no holdings. Start a game with a human seat.",
                )
            )
            return
        by_id("player-title").textContent = self.name(me["seat"]) + "'s diamond"
        by_id("player-turns").textContent = plural(me["turns"], "turn") + " to spend"
        present = [loc for loc in st["locations"] if loc.get("present")]
        strength = 0
        if present and present[0].get("mine"):
            mine = present[0]["mine"]
            strength = mine["agents"] + mine["wealth"]
        agents = sum(loc["mine"]["agents"] for loc in st["locations"] if loc.get("mine"))
        wealth = sum(loc["mine"]["wealth"] for loc in st["locations"] if loc.get("mine"))
        stats = el("div", "tt-stats")
        for value, label in (
            (me["turns"], "turns"),
            (strength, "present strength"),
            (len(me["characters"]), "characters"),
            (agents, "agents in all"),
            (wealth, "wealth in all"),
        ):
            stats.appendChild(
                el("div", "tt-stat", children=[el("b", text=value), el("small", text=label)])
            )
        body.appendChild(stats)
        body.appendChild(el("h3", text="Your characters"))
        chars = el("ul", "tt-chars")
        for loc_id in me["characters"]:
            static = self.locs.get(loc_id, {})
            character = (static.get("character") or {}).get("name", "")
            link = el("a", attrs={"href": route_hash("location", loc_id)})
            link.appendChild(el("b", text=character))
            link.appendChild(document.createTextNode(" · " + self.loc_name(loc_id)))
            chars.appendChild(el("li", children=[link]))
        if not me["characters"]:
            chars.appendChild(
                el(
                    "li",
                    "tt-danger",
                    text="None: you can be eliminated at the next check if you are the weakest.",
                )
            )
        body.appendChild(chars)
        body.appendChild(el("h3", text="Holdings, present day first"))
        table = el("table", "tt-table")
        table.appendChild(self.table_head(("Location", "♟", "◆", "◉", "Most visible"), (1, 2, 3)))
        rows = el("tbody")
        for loc in reversed(st["locations"]):
            mine = loc.get("mine") or {}
            ranking = loc.get("ranking") or []
            top = el("td")
            if ranking:
                top.appendChild(self.who(ranking[0]))
            row = el(
                "tr",
                children=[
                    el("td", children=[self.loc_link(loc["id"])]),
                    el("td", "num", text=mine.get("agents", 0)),
                    el("td", "num", text=mine.get("wealth", 0)),
                    el("td", "num", text=mine.get("visibility", 0)),
                    top,
                ],
            )
            rows.appendChild(row)
        table.appendChild(rows)
        body.appendChild(el("div", "tt-table-wrap", children=[table]))

    def table_head(self, names, numeric):
        """Column heads; the symbols of the diamond stand for their words (shown on hover)."""
        row = el("tr")
        for index, name in enumerate(names):
            attrs = {"scope": "col"}
            if name in SYMBOL_WORDS:
                attrs["title"] = SYMBOL_WORDS[name]
                attrs["aria-label"] = SYMBOL_WORDS[name]
            row.appendChild(el("th", "num" if index in numeric else None, text=name, attrs=attrs))
        return el("thead", children=[row])

    # -- one location --------------------------------------------------------------------------

    def render_location(self, view):
        st = self.st()
        loc_id = self.views.arg
        body = by_id("loc-body")
        clear(body)
        if loc_id not in self.locs:
            by_id("loc-title").textContent = "Locations"
            by_id("loc-when").textContent = "24 times and places"
            if loc_id:
                body.appendChild(
                    el(
                        "p",
                        "tg-message error",
                        text="There is no location called “" + loc_id + "”. Pick one:",
                    )
                )
            picker = el("div", "tt-loc-picker tt-links-nav")
            for index in range(len(self.order) - 1, -1, -1):
                static = self.locs[self.order[index]]
                picker.appendChild(
                    self.loc_link(static["id"], static["name"] + " · " + static["date"])
                )
            body.appendChild(picker)
            return
        static = self.locs[loc_id]
        live = None
        for loc in st["locations"]:
            if loc["id"] == loc_id:
                live = loc
        by_id("loc-title").textContent = static["name"]
        by_id("loc-when").textContent = static["date"] + " · " + static["place"]
        body.appendChild(el("p", "tt-history", text=static["history"]))
        character = static.get("character") or {}
        controller = live.get("controller") if live else None
        card = el(
            "div", "tt-character" + (" p" + str(controller) if controller is not None else "")
        )
        card.appendChild(el("b", text=character.get("name", "")))
        card.appendChild(el("p", text=character.get("role", "")))
        held = el("p")
        held.appendChild(document.createTextNode("Controlled by "))
        held.appendChild(self.who(controller))
        if controller is not None and controller == self.my_seat():
            held.appendChild(
                document.createTextNode(
                    ": your gains here (except challenges) are doubled, and you cannot be"
                    " eliminated while you hold a character."
                )
            )
        card.appendChild(held)
        body.appendChild(card)
        mine = live.get("mine") if live else None
        if mine:
            body.appendChild(el("h3", text="Your holdings here"))
            body.appendChild(
                el(
                    "p",
                    "tt-mine",
                    children=[
                        el("span", text="♟ " + plural(mine["agents"], "agent")),
                        el("span", text="◆ " + str(mine["wealth"]) + " wealth"),
                        el("span", text="◉ visibility " + str(mine["visibility"])),
                    ],
                )
            )
        body.appendChild(el("h3", text="Most visible players"))
        ranking = (live.get("ranking") if live else None) or []
        if ranking:
            ranks = el("ol", "tt-ranking")
            for seat in ranking:
                ranks.appendChild(el("li", children=[self.who(seat)]))
            body.appendChild(ranks)
            body.appendChild(
                el(
                    "p",
                    "tt-help",
                    text="Only the order is known, never how many agents anyone has here."
                    " An attack here strikes the most visible other player.",
                )
            )
        else:
            body.appendChild(el("p", "tt-empty", text="Nobody has been seen here yet."))
        forces = live.get("forces") if live else None
        if forces:
            body.appendChild(el("h3", text="Forces in the present (public)"))
            table = el("table", "tt-table")
            table.appendChild(self.table_head(("Player", "♟", "◆"), (1, 2)))
            rows = el("tbody")
            for seat, force in enumerate(forces):
                rows.appendChild(
                    el(
                        "tr",
                        children=[
                            el("td", children=[self.who(seat)]),
                            el("td", "num", text=force["agents"]),
                            el("td", "num", text=force["wealth"]),
                        ],
                    )
                )
            table.appendChild(rows)
            body.appendChild(el("div", "tt-table-wrap", children=[table]))
        here = [
            o for o in st["opportunities"] if o["location"] == loc_id or o.get("target") == loc_id
        ]
        if here:
            body.appendChild(el("h3", text="Opportunities here"))
            nav = el("div", "tt-links-nav")
            for opp in here:
                link = el(
                    "a",
                    text="#"
                    + str(opp["id"])
                    + " "
                    + TYPE_NAMES.get(opp["type"], opp["type"])
                    + " · "
                    + plural(opp["price"], "turn"),
                    attrs={"href": route_hash("opportunities"), "data-pick": opp["id"]},
                )
                on(link, "click", self.pick_handler(opp["id"]))
                nav.appendChild(link)
            body.appendChild(nav)
        body.appendChild(el("h3", text="Up the diamond: it shapes"))
        body.appendChild(
            self.link_row(static.get("next") or [], "▲", "the present day is the apex")
        )
        because = static.get("because") or {}
        reasons = [
            el(
                "li",
                children=[el("b", text=self.loc_name(up) + ": "), el("span", text=because[up])],
            )
            for up in static.get("next") or []
            if because.get(up)
        ]
        if reasons:
            body.appendChild(el("ul", "tt-because", children=reasons))
        body.appendChild(el("h3", text="Down the diamond: shaped by"))
        body.appendChild(
            self.link_row(static.get("prev") or [], "▼", "the dawn of civilisation: nothing before")
        )

    def link_row(self, ids, arrow, empty):
        nav = el("nav", "tt-links-nav")
        for loc_id in ids:
            static = self.locs.get(loc_id, {})
            nav.appendChild(
                self.loc_link(
                    loc_id,
                    arrow + " " + static.get("name", loc_id) + " · " + static.get("date", ""),
                )
            )
        if not ids:
            nav.appendChild(el("span", "tt-empty", text=empty))
        return nav

    def pick_handler(self, opp_id):
        def handler(evt):
            self.selected = opp_id

        return handler

    # -- leader board --------------------------------------------------------------------------

    def render_leaders(self, view):
        st = self.st()
        me = self.my_seat()
        if view["outcome"]:
            by_id("lead-check").textContent = "The game is over: no more elimination checks"
        else:
            by_id("lead-check").textContent = "Next elimination check in " + plural(
                st["hours_to_check"], "hour"
            )
        body = by_id("lead-body")
        clear(body)
        board = st["leaderboard"]
        top = max([row["strength"] for row in board] + [1])
        table = el("table", "tt-table")
        table.appendChild(self.table_head(("#", "Player", "Strength", "♟", "◆", "♛"), (2, 3, 4, 5)))
        rows = el("tbody")
        lowest = board[-1]["strength"] if board else 0
        for row in board:
            seat = row["seat"]
            bar = el("span", "tt-bar p" + str(seat))
            bar.style.width = str(int(100 * row["strength"] / top)) + "%"
            status = el("td", "num")
            status.appendChild(document.createTextNode(str(row["characters"])))
            if row["strength"] == lowest and len(board) > 1:
                if row["characters"]:
                    status.appendChild(el("small", "tt-safe", text=" safe"))
                else:
                    status.appendChild(el("small", "tt-danger", text=" at risk"))
            line = el(
                "tr",
                "me" if seat == me else None,
                children=[
                    el("td", "tt-rank", text=row["rank"]),
                    el("td", children=[self.who(seat)]),
                    el("td", "num", children=[el("b", text=row["strength"]), bar]),
                    el("td", "num", text=row["agents"]),
                    el("td", "num", text=row["wealth"]),
                    status,
                ],
            )
            rows.appendChild(line)
        for gone in st.get("eliminated") or []:
            rows.appendChild(
                el(
                    "tr",
                    "out",
                    children=[
                        el("td", text="–"),
                        el("td", children=[self.who(gone["seat"])]),
                        el(
                            "td",
                            text="eliminated at hour " + str(gone["hour"]),
                            attrs={"colspan": "4"},
                        ),
                    ],
                )
            )
        table.appendChild(rows)
        body.appendChild(el("div", "tt-table-wrap", children=[table]))
        body.appendChild(
            el(
                "p",
                "tt-help",
                text="Strength is agents plus wealth in the present day. Every 20 hours the"
                " weakest player is eliminated, unless they control a character; then nobody"
                " goes at that check.",
            )
        )

    # -- the log of what this seat could know --------------------------------------------------

    def remember(self, view):
        """Keep this visit's log: each answer carries only the latest events of the seat's log."""
        key = str(view.get("deal")) + ":" + str(view["viewer"])
        log = view["state"].get("log") or []
        known = self.history.get(key) or {}
        for entry in log:
            old = known.get(entry["n"])
            if old is not None and old.get("text") != entry.get("text"):
                known = {}  # an undo or a replay took another path: start again from this log
                break
        for entry in log:
            known[entry["n"]] = entry
        self.history = {key: known}
        return [known[n] for n in sorted(known)][-HISTORY:]

    def render_events(self, view):
        box = by_id("events")
        clear(box)
        shown = self.remember(view)
        for index in range(len(shown) - 1, -1, -1):
            box.appendChild(self.event_node(shown[index]))
        if not shown:
            box.appendChild(el("li", "tt-empty", text="Nothing has happened yet."))

    def event_node(self, entry):
        kind = entry.get("kind", "")
        detail = entry.get("detail") or {}
        cls = "tt-event k-" + kind
        seat = entry.get("seat", detail.get("seat"))
        if seat is not None and seat >= 0:
            cls += " p" + str(seat)
        me = self.my_seat()
        if kind == "elimination":
            cls += " elim"
        elif kind == "prices":
            cls += " quiet"
        elif (
            detail.get("defender") == me
            and me is not None
            and detail.get("type") in ("attack", "challenge")
        ):
            cls += " bad"
        item = el("li", cls, attrs={"data-kind": kind})
        item.appendChild(el("span", "tt-ev-hour", text="h" + str(entry.get("hour", ""))))
        item.appendChild(document.createTextNode(self.named(entry.get("text", ""))))
        self.detail_nodes(item, detail)
        return item

    def detail_nodes(self, item, detail):
        """Echoes and fights, shown step by step."""
        echoes = detail.get("echoes")
        if echoes:
            row = el("div", "tt-echo", children=[el("b", text="Echoes:")])
            for echo in echoes:
                cls = "ok" if echo.get("ok") else "no"
                gain = echo.get("gain", detail.get("gain", ""))
                mark = "✓ +" + str(gain) if echo.get("ok") else "✗"
                row.appendChild(
                    el(
                        "span",
                        cls,
                        text=self.loc_name(echo["from"])
                        + " → "
                        + self.loc_name(echo["to"])
                        + " "
                        + mark,
                    )
                )
            if detail.get("reached_present"):
                row.appendChild(el("b", text="reached the present!"))
            item.appendChild(row)
        before = detail.get("before")
        if before:
            item.appendChild(
                el(
                    "p",
                    "tt-forces",
                    text="Present-day forces before the fight: challenger "
                    + self.forces_text(before.get("attacker"))
                    + ", defender "
                    + self.forces_text(before.get("defender")),
                )
            )
        if detail.get("defence") is not None and detail.get("type") == "challenge":
            item.appendChild(self.strike_row("The defender strikes first", detail["defence"]))
            item.appendChild(
                self.strike_row(
                    "Then the challenger's surviving strikes", detail.get("offence") or []
                )
            )
            won = detail.get("won")
            verdict = "The character changes hands." if won else "The defender keeps the character."
            item.appendChild(el("p", "tt-verdict " + ("won" if won else "lost"), text=verdict))
        if detail.get("strikes") is not None:
            item.appendChild(self.strike_row("Strikes", detail["strikes"], detail.get("effects")))

    def forces_text(self, pair):
        if not pair:
            return "?"
        return "♟" + str(pair[0]) + " ◆" + str(pair[1])

    def strike_row(self, title, strikes, effects=None):
        """One strike per square, in order; one that found nothing to hit is struck through."""
        row = el("ul", "tt-strikes", attrs={"aria-label": title})
        row.appendChild(
            el("li", "tt-strike-phase", text=title + " (" + plural(len(strikes), "strike") + "):")
        )
        if not strikes:
            row.appendChild(el("li", "tt-strike-none", text="none survived"))
        for index, strike in enumerate(strikes):
            icon, cls, words = STRIKES.get(strike, ("?", "", strike))
            effect = effects[index] if effects and index < len(effects) else strike
            if effect == "wasted":
                cls += " wasted"
                words += ", but found nothing to hit"
            row.appendChild(
                el(
                    "li",
                    "tt-strike " + cls,
                    text=icon,
                    attrs={
                        "title": "Strike " + str(index + 1) + ": " + words,
                        "aria-label": "strike " + str(index + 1) + ": " + words,
                    },
                )
            )
        return row

    # -- the shared panels: moves in words, the latest only ------------------------------------

    def move_words(self, text):
        """The engine's move line in words: ``b17`` (a challenge, public) and ``t40``.  Any
        other purchase arrives in words already: the viewer's own in full ("buys #17 direct
        recruiting at Rome"), another seat's as the hidden line ("buys an opportunity")."""
        if text[1:].isdigit() and text[:1] == "b":
            return "buys #" + text[1:]
        if text[1:].isdigit() and text[:1] == "t":
            return "waits → h" + text[1:]
        return text

    def render_log(self, view):
        if self.catching_up:
            return
        entries = [(e, "tg-log-entry") for e in view["log"][-MOVES_SHOWN:]]
        entries += [(e, "tg-log-entry future") for e in (view.get("future") or [])[:MOVES_SHOWN]]
        items = []
        for entry, cls in entries:
            seat = entry["seat"]
            who = self.name(seat) if seat is not None and seat >= 0 else "Clock"
            text = who + ": " + self.move_words(entry["text"])
            items.append(self.log_item(entry["n"], text, cls))
        self.fill_log(items)

    async def play(self, text):
        """Send a move; a purchase, clicked or typed, shows its result card."""
        view = self.view
        order = str(text).strip().lower()
        opp = None
        if order[:1] == "b" and order[1:].isdigit() and view:
            for offered in self.st()["opportunities"]:
                if offered["id"] == int(order[1:]):
                    opp = offered
        if self.wall_clock_held():
            self.message(
                "The clock waits: press “Start the clock” to catch up with the wall clock first.",
                "info",
            )
            return
        before = self.last_log_n()
        await super().play(text)
        if self.view is not view:
            self.release_clock()  # the person has played: the clock runs again
        if opp and self.last_log_n() > before:
            self.show_result(opp, before)

    def undo_blocked(self, view):
        """Hot-seat with several humans: Undo waits for the device to be handed over.

        The engine itself never takes back another person's moves (their secrets).
        """
        humans = [s for s in view["seats"] if s["kind"] == "human"]
        return len(humans) > 1 and not view["outcome"] and not self.can_act()

    def render_controls(self, view):
        super().render_controls(view)
        if self.catching_up:
            self.html.setAttribute("data-turn", "ai")
        if view["outcome"] and view["position"] == view["length"]:
            self.status(self.named(str(by_id("status").textContent)))
        if view["can_undo"] and self.undo_blocked(view):
            by_id("btn-undo").disabled = True

    async def step(self, op):
        if op == "undo" and self.view and self.undo_blocked(self.view):
            self.message("Undo takes back only your own moves, once you have the device.", "info")
            return
        await super().step(op)

    async def typed_move(self, evt):
        """Typed orders go to the engine as they are, except a wait past the wall clock."""
        box = by_id("move-input")
        text = str(box.value).strip()
        if self.view and self.mode() == "realtime" and text[:1] in ("t", "T"):
            try:
                hour = int(text[1:])
            except ValueError:
                hour = None
            if hour is not None and hour > self.due_hour():
                # The engine would let the clock run; in real time only the wall clock may.
                self.message(
                    "In real time the clock follows the wall clock: hour "
                    + str(hour)
                    + " has not come yet.",
                    "error",
                )
                return
        await super().typed_move(evt)

    def turn_text(self, view):
        seat = view["to_move"]
        if self.catching_up:
            hour = str(self.st()["clock"])
            return "Catching up with the clock: hour " + hour + " of " + str(self.catch_up_target)
        me = self.me()
        if me and not me.get("alive", True) and view["to_move_kind"] == "ai":
            return (
                "You are out of the game; the others play on (hour "
                + str(self.st()["clock"])
                + ")."
            )
        if view["to_move_kind"] == "ai":
            return self.name(seat) + " is acting in hour " + str(self.st()["clock"]) + "…"
        if self.clock_held and self.live():
            if self.wall_clock_held():
                return (
                    "Opened at hour "
                    + str(self.st()["clock"])
                    + ": press “Start the clock” to catch up with the wall clock and play."
                )
            return (
                "Hour "
                + str(self.st()["clock"])
                + ": the clock waits. Buy, advance it or press “Start the clock”."
            )
        if self.mode() == "hotseat":
            return (
                self.name(seat)
                + ": your hour "
                + str(self.st()["clock"])
                + ". Buy, then end your hour."
            )
        return "Hour " + str(self.st()["clock"]) + ": buy opportunities whenever you like."

    # -- new games: the clock mode's options ---------------------------------------------------

    def extra_options(self, options):
        # Real time: hour 0 is now; the page catches up from this anchor on every visit.
        if options.get("clock") == "realtime":
            return {"started": int(now_ms() // 1000)}
        return {"started": 0}

    async def start_new_game(self, evt):
        self.selected = None
        self.tick_seconds = None
        self.tick_due = None
        await super().start_new_game(evt)

    def default_seats(self):
        return [
            {"kind": "human"},
            {"kind": "ai", "level": self.default_ai},
            {"kind": "ai", "level": self.default_ai},
            {"kind": "ai", "level": "novice"},
        ]


asyncio.create_task(TimeAgainPage().start())
