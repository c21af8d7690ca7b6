"""The Time Splicer page: draws the engine's view and turns clicks into orders.

Everything a rule decides comes from the engine's view: where a tile may go
and at what cost (``me.aims``, ``previews``), which linking rule refuses a
spot, which orders a tile's menu offers and their costs (``me.orders``), the
pending orders and their total, the turn report and the longest path.  This
file only draws them and sends orders in the engine's notation.

Orders are one action each; cancelling one, or all of them (Reload), goes
back in the session's record to where the order was written and writes the
later orders again, so the engine re-checks each of them.
"""

import asyncio

import js as window
from js import document
from orders import OrderList, ReportPlayer
from ui import GamePage, by_id, clear, el, on
from widgets import ContextMenu, Zoom

SIDES = ("N", "E", "S", "W")
SIDE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
PHASE_TITLES = {
    "priority": "Priority",
    "bid": "Bids, in the turn's random order",
    "order": "Orders, in priority order",
    "points": "Points",
    "end": "End of the game",
}
AI_ORDER_PAUSE = 0.05  # the computer's orders are secret: nothing to watch one by one
AI_TURN_PAUSE = 0.2  # a moment to see whose turn it is
SVG = "http://www.w3.org/2000/svg"


class SplicerPage(GamePage):
    slug = "time_splicer"
    default_ai = "beginner"

    def __init__(self):
        super().__init__()
        self.selected = None  # {"id": tile id, "where": "bid"|"stack"|"line", "seat": owner}
        self.stack_seat = None  # whose stack is shown
        self.groups = {}
        self.menu = None
        self.zoom = None
        self.orders = None
        self.report = None
        self.centred_for = None
        self.report_seen = None
        self.tiles = {}  # every tile the view shows, by id: (tile, where, owner)
        self.drafts = {}  # tiles the viewer's orders place: id -> (x, y)
        self.highlight = []  # a rules example's spots ("1,0") and tiles ("15")
        self.last_viewer = None
        self.splicer_id = None  # the Time Splicer's tile number (the engine's tile table)
        self.bump_cost = None  # what a bump costs (the engine's cost table)
        self.end_shown_for = None  # the finished game whose longest path was scrolled into view

    # -- start-up ------------------------------------------------------------------------

    async def prepare(self):
        keys = [level["key"] for level in self.meta["ai_levels"]]
        if self.default_ai not in keys and keys:
            self.default_ai = keys[min(1, len(keys) - 1)]
        answer = await self.tool("tiles", {})
        if answer.get("ok"):
            result = answer["result"]
            for group in result.get("groups", []):
                self.groups[group["key"]] = group
            self.splicer_id = result.get("splicer")
            for row in result.get("costs") or []:
                if str(row.get("order", "")).startswith("Bump") and str(row["cost"]).isdigit():
                    self.bump_cost = int(row["cost"])

    def bind_game(self):
        self.menu = ContextMenu("Orders for this tile", self.aim_order)
        # Phones start zoomed out a little, to see more of the timeline at once.
        start = 0.75 if window.innerWidth < 600 else 1.0
        self.zoom = Zoom(
            self.slug,
            by_id("timeline-view"),
            "zoom-out",
            "zoom-in",
            "zoom-reset",
            "zoom-level",
            start,
        )
        self.orders = OrderList(by_id("orders"), by_id("meter"), "splices", "No orders yet.")
        self.report = ReportPlayer(
            by_id("report"), by_id("report-controls"), self.report_step, {"none": "—"}
        )
        on(by_id("bid-form"), "submit", self.bid_submitted)
        on(by_id("bid-amount"), "input", lambda evt: self.aim_bid())
        on(by_id("btn-reload"), "click", lambda evt: self.reload_orders())
        on(by_id("btn-submit"), "click", lambda evt: self.play("submit"))
        on(by_id("dock-submit"), "click", lambda evt: self.play("submit"))
        on(by_id("btn-bump"), "click", lambda evt: self.bump())
        on(by_id("timeline"), "click", self.timeline_click)
        on(by_id("timeline"), "mouseover", self.timeline_hover)
        on(by_id("timeline"), "focusin", self.timeline_hover)
        on(by_id("bidding"), "click", self.stack_click)
        on(by_id("stack"), "click", self.stack_click)
        on(by_id("stack-tabs"), "click", self.tab_click)
        on(by_id("players"), "click", self.player_click)
        on(document.body, "keydown", self.body_key)

    # -- reading the view -------------------------------------------------------------------

    def state(self):
        return self.view["state"] if self.view else None

    def me(self):
        """The viewer's own part of the view (orders, draft stack, aims), or None.

        None while the privacy screen waits for the next player: what is drawn
        behind it must not hold the last player's secrets either.
        """
        state = self.state()
        if not state or not by_id("privacy").hidden:
            return None
        view = self.view
        humans = [s for s in view["seats"] if s["kind"] == "human"]
        if len(humans) > 1 and state["phase"] == "orders" and view["to_move"] != view["viewer"]:
            # Hot seat: once a player has submitted, the screen keeps their orders to itself
            # while the others (computer players too) write theirs.
            return None
        return state.get("me")

    def my_turn(self):
        view = self.view
        return (
            view is not None
            and view["to_move_kind"] == "human"
            and not view["outcome"]
            and view["to_move"] is not None
            and view["to_move"] == view["viewer"]
            and by_id("privacy").hidden
            and not self.busy
        )

    def group(self, key):
        return self.groups.get(key) or {"key": key, "name": key, "glyph": "◆", "colour": "#94a3b8"}

    def index_tiles(self, state):
        """Where every tile on show is: the bidding stack, a stack, the timeline, or
        (``draft``) ordered onto the timeline by the viewer's orders."""
        tiles = {}
        self.drafts = {}
        for tile in state["bidding"]:
            tiles[tile["id"]] = (tile, "bid", None)
        for seat, stack in enumerate(state["stacks"]):
            for tile in stack:
                tiles[tile["id"]] = (tile, "stack", seat)
        me = self.me()
        if me:
            # The viewer's stack as their orders leave it (improvements shown).
            for tile in me["stack"]:
                tiles[tile["id"]] = (tile, "stack", me["seat"])
        for cell in state["timeline"]["tiles"]:
            tiles[cell["tile"]["id"]] = (cell["tile"], "line", cell["owner"])
        if me:
            for change in me["board_changes"]:
                # The engine gives the tile only with a placement that stands (not one
                # restacked by a later order), as it left the stack (improvements shown).
                tile = change.get("piece")
                if tile is not None:
                    # Out of the stack, onto the spot the order names (when the turn runs).
                    tiles[tile["id"]] = (tile, "draft", me["seat"])
                    self.drafts[tile["id"]] = (change["x"], change["y"])
        self.tiles = tiles

    def tile_info(self, tile_id):
        return self.tiles.get(tile_id, (None, None, None))

    def default_seats(self):
        # One human against the computer at every other seat of the default game.
        count = self.default_options().get("players", 2)
        return [{"kind": "human"}] + [
            {"kind": "ai", "level": self.default_ai} for _ in range(count - 1)
        ]

    # -- the rules' live examples ----------------------------------------------------------

    def show_example(self, example):
        if not example:
            return
        self.html.setAttribute("data-mode", "example")
        self.highlight = [str(h) for h in example.get("highlight") or []]
        box = by_id("example")
        box.hidden = False
        box.textContent = example["title"] + ". " + example["caption"]
        asyncio.create_task(self.example_seat())

    async def example_seat(self):
        """Show the example as the seat to move sees it, with the tile it is about selected."""
        seat = self.view["to_move"]
        if seat is None:
            self.render_state(self.view)
            return
        self.viewer = seat
        if not await self.act({"op": "view"}, quiet=True):
            return
        me = self.me()
        taken = {}
        for cell in self.state()["timeline"]["tiles"]:
            taken[str(cell["x"]) + "," + str(cell["y"])] = True
        # A spot already holding the example's tile shows the placement done: select nothing.
        spots = [h for h in self.highlight if "," in h and h not in taken]
        caption = str(by_id("example").textContent)
        best = None
        for aim in (me or {}).get("aims") or []:
            near = aim["spots"] + (aim.get("blocked") or [])
            if not any(str(s["x"]) + "," + str(s["y"]) in spots for s in near):
                continue
            named = self.tile_info(aim["tile"])[0]["name"] in caption
            if best is None or (named and not best[1]):
                best = (aim["tile"], named)
        if best is not None:
            self.select(best[0])  # the tile the caption is about, with its spots shown
        else:
            self.render_state(self.view)

    def ai_pause(self):
        state = self.state()
        if state and state.get("phase") == "orders" and self.view["log"]:
            last = self.view["log"][-1]
            if last["seat"] == self.view["to_move"]:
                return AI_ORDER_PAUSE  # the same computer player's next secret order
        return AI_TURN_PAUSE

    # -- drawing -------------------------------------------------------------------------------

    def board_parts(self):
        # While the page starts, the timeline and the rest of the board are a browser
        # task each (see GamePage.draw).
        return [self.render_head, self.render_timeline, self.render_panels]

    def render_state(self, view):
        for part in self.board_parts():
            part(view)

    def render_head(self, view):
        """The selection kept or dropped, whose stack is shown, the turn and the bidding."""
        state = view["state"]
        if not by_id("privacy").hidden:
            # The next player takes over: nothing the last one chose stays on screen.
            self.selected = None
            by_id("bid-amount").value = ""
        self.index_tiles(state)
        if self.selected:
            tile, where, owner = self.tile_info(self.selected["id"])
            ordered = {where, self.selected["where"]} == {"stack", "draft"}
            if tile is not None and owner == self.selected["seat"] and ordered:
                # Ordered onto the timeline, or the order cancelled: the same tile stays chosen.
                self.selected["where"] = where
            elif tile is None or where != self.selected["where"] or owner != self.selected["seat"]:
                self.selected = None  # the tile moved (won, placed, restacked): start afresh
        if (
            self.stack_seat is None
            or self.stack_seat >= len(view["seats"])
            or view["viewer"] != self.last_viewer
        ):
            # Each player at the screen starts with their own stack in view.
            self.stack_seat = view["viewer"] if view["viewer"] is not None else 0
            self.last_viewer = view["viewer"]
        self.html.setAttribute("data-phase", state["phase"])
        # Where the game is, for anyone waiting on the page (the browser tests).
        self.html.setAttribute("data-position", str(view["position"]))
        self.render_badge(view)
        self.render_bidding(view)

    def render_panels(self, view):
        """The stacks, the orders, the tile in detail, the turn's report and the end."""
        self.render_tabs(view)
        self.render_stack(view)
        self.render_orders(view)
        self.render_detail()
        self.render_report(view)
        self.render_end(view)
        self.aim("")

    def render_badge(self, view):
        state = view["state"]
        badge = by_id("turn-badge")
        turn = min(state["turn"], state["max_turns"])
        left = state["max_turns"] - state["turn"]
        text = "Turn " + str(turn) + " / " + str(state["max_turns"])
        if 0 <= left < 5 and not view["outcome"]:
            text += " · last turn!" if left == 0 else " · " + str(left + 1) + " left"
        badge.textContent = text
        urgency = " last" if left <= 0 else (" late" if left < 5 else "")
        badge.className = "ts-turn-badge" + urgency
        badge.setAttribute(
            "title",
            "If nobody places the Time Splicer by the end of turn "
            + str(state["max_turns"])
            + ", everyone loses.",
        )

    # tiles

    def tile_node(self, tile, where, owner=None, extra=""):
        """A tile button: level, group colour and glyph, caps on its sides, owner's border."""
        group = self.group(tile["group"])
        classes = "ts-tile" + extra
        if owner is not None and owner >= 0:
            classes += " own-" + str(owner)
        if self.selected and self.selected["id"] == tile["id"] and where != "detail":
            classes += " selected"
        if str(tile["id"]) in self.highlight and where != "detail":
            classes += " hl"
        node = el(
            "button",
            classes,
            attrs={
                "type": "button",
                "data-tile": tile["id"],
                "data-where": where,
                "aria-label": self.tile_words(tile, owner),
                "data-menu-title": "#" + str(tile["id"]) + " " + tile["name"],
            },
        )
        node.style.setProperty("--grp", group["colour"])
        hidden = {"aria-hidden": "true"}
        node.appendChild(el("span", "ts-level", text=tile["level"], attrs=hidden))
        node.appendChild(el("span", "ts-icon", text=group["glyph"], attrs=hidden))
        node.appendChild(el("span", "ts-name", text=tile["name"], attrs=hidden))
        node.appendChild(el("span", "ts-num", text="#" + str(tile["id"]), attrs=hidden))
        if tile.get("wonder"):
            node.appendChild(el("span", "ts-wonder", text="★", attrs=hidden))
        outs = el("span", "ts-outs", attrs=hidden)
        for key in tile["outputs"]:
            dot = el("i")
            dot.style.setProperty("--c", self.group(key)["colour"])
            outs.appendChild(dot)
        node.appendChild(outs)
        for side in SIDES:
            capped = tile["caps"][side]
            node.appendChild(
                el(
                    "span",
                    "ts-side " + side.lower() + (" capped" if capped else " open"),
                    attrs=hidden,
                )
            )
        return node

    def caps_words(self, tile):
        capped = [SIDE_NAMES[s] for s in SIDES if tile["caps"][s]]
        return "capped " + ", ".join(capped) if capped else "no caps"

    def tile_words(self, tile, owner=None):
        words = "#{} {}, level {}, {}, {}".format(
            tile["id"],
            tile["name"],
            tile["level"],
            self.group(tile["group"])["name"],
            self.caps_words(tile),
        )
        if tile.get("wonder"):
            words += ", wonder"
        if owner is not None and owner >= 0:
            words += ", " + self.name(owner) + "'s"
        return words

    def slot(self, tile, where, owner, note=None, note_cls=""):
        box = el("div", "ts-slot")
        node = self.tile_node(tile, where, owner)
        self.menu.attach(node, self.menu_items)
        box.appendChild(node)
        if note:
            box.appendChild(el("small", note_cls, text=note))
        return box

    def pending(self):
        me = self.me()
        return me["pending"] if me else []

    def top_bid(self, me):
        """The viewer's highest written bid this turn (0 without one)."""
        return max([o["cost"] for o in me["pending"] if o["kind"] == "bid"] or [0])

    def render_bidding(self, view):
        state = view["state"]
        box = by_id("bidding")
        clear(box)
        box.setAttribute("data-empty", "The bidding stack is empty.")
        my_bids = {}
        for order in self.pending():
            if order["kind"] == "bid":
                my_bids[order["tile"]] = order["cost"]
        for tile in state["bidding"]:
            note = self.group(tile["group"])["name"]
            cls = ""
            if tile["id"] in my_bids:
                note = "Your bid: " + str(my_bids[tile["id"]])
                cls = "ts-bid-mark"
            box.appendChild(self.slot(tile, "bid", None, note, cls))
        count = len(state["bidding"])
        by_id("bidding-note").textContent = (
            str(count) + " tile" + ("" if count == 1 else "s") + " up for grabs; bids stay sealed"
            " until the turn runs."
        )
        self.render_bid_form()

    def render_bid_form(self):
        chosen = self.selected if self.selected and self.selected["where"] == "bid" else None
        label = by_id("bid-tile-name")
        if chosen:
            label.textContent = (
                "on #" + str(chosen["id"]) + " " + self.tile_info(chosen["id"])[0]["name"]
            )
        else:
            label.textContent = "(select a tile above)"
        mine = self.my_turn()
        by_id("bid-button").disabled = not (chosen and mine)
        why = ""
        if self.view and not mine:
            why = self.not_mine_reason()
        elif not chosen:
            why = "Select a tile in the bidding stack first."
        self.set_reason("bid-button", why)
        amount = by_id("bid-amount")
        amount.disabled = not mine
        me = self.me()
        if me:
            amount.setAttribute("max", str(me["free"]))

    def render_tabs(self, view):
        box = by_id("stack-tabs")
        clear(box)
        for seat in range(len(view["seats"])):
            chosen = seat == self.stack_seat
            tab = el(
                "button",
                "own-" + str(seat),
                attrs={
                    "type": "button",
                    "role": "tab",
                    "data-seat": seat,
                    "aria-selected": "true" if chosen else "false",
                    "id": "tab-" + str(seat),
                },
                children=[el("span", "ts-dot"), el("span", text=self.name(seat))],
            )
            box.appendChild(tab)

    def stack_of(self, seat):
        me = self.me()
        if me and me["seat"] == seat:
            return me["stack"]
        return self.state()["stacks"][seat]

    def render_stack(self, view):
        box = by_id("stack")
        clear(box)
        seat = self.stack_seat
        mine = seat == view["viewer"]
        box.setAttribute(
            "data-empty",
            "Your stack is empty: win tiles in the bidding stack."
            if mine
            else self.name(seat) + "'s stack is empty.",
        )
        box.setAttribute("aria-label", "Tiles in " + self.name(seat) + "'s stack")
        by_id("stack-title").textContent = "Your stack" if mine else self.name(seat) + "'s stack"
        improving = {}
        if mine:
            for order in self.pending():
                if order["kind"] == "improve":
                    improving[order["tile"]] = True
        for tile in self.stack_of(seat):
            note = self.group(tile["group"])["name"]
            cls = ""
            if tile["id"] in improving:
                note = "Improving (your order)"
                cls = "ts-bid-mark"
            slot = self.slot(tile, "stack", seat, note, cls)
            if tile["id"] in improving:
                slot.firstChild.classList.add("improving")
            box.appendChild(slot)

    # the timeline

    def layout(self, state):
        """Columns and rows: the tiles and a spot around them (none west of the centre line)."""
        bounds = state["timeline"]["bounds"]
        box = {
            "x0": 0,
            "x1": bounds["max_x"] + 1,
            "y0": bounds["min_y"] - 1,
            "y1": bounds["max_y"] + 1,
        }
        me = self.me()
        extra = []
        if me:
            for change in me["board_changes"]:
                extra.append((change["x"], change["y"]))
        for x, y in extra:
            box["x1"] = max(box["x1"], x + 1)
            box["y0"] = min(box["y0"], y - 1)
            box["y1"] = max(box["y1"], y + 1)
        return box

    def place_cell(self, node, box, x, y):
        # North (negative rows) is up; the centre line is the west edge.
        col = x - box["x0"]
        row = y - box["y0"]
        node.style.left = "calc(var(--cell) * " + str(col) + " + var(--cell) * 0.09)"
        node.style.top = "calc(var(--cell) * " + str(row) + " + var(--cell) * 0.09)"
        node.setAttribute("data-x", x)
        node.setAttribute("data-y", y)

    def aims_for_selected(self):
        """Spots for the selected tile: legal ones with their cost, blocked ones with the rule."""
        if not self.selected:
            return [], []
        state = self.state()
        me = self.me()
        if me and self.selected["where"] == "stack" and self.selected["seat"] == me["seat"]:
            for aim in me["aims"]:
                if aim["tile"] == self.selected["id"]:
                    return aim["spots"], aim.get("blocked") or []
            return [], []
        for preview in state.get("previews") or []:
            if preview["tile"] == self.selected["id"]:
                return preview["spots"], preview.get("blocked") or []
        return [], []

    def render_timeline(self, view):
        state = view["state"]
        grid = by_id("timeline")
        clear(grid)
        box = self.layout(state)
        cols = box["x1"] - box["x0"] + 1
        rows = box["y1"] - box["y0"] + 1
        grid.style.width = "calc(var(--cell) * " + str(cols) + ")"
        grid.style.height = "calc(var(--cell) * " + str(rows) + ")"
        grid.appendChild(el("span", "ts-centre", attrs={"aria-hidden": "true"}))
        restacking = {}
        capping = {}  # tile -> {side: capped}, as the viewer's cap and uncap orders leave it
        me = self.me()
        if me:
            for change in me["board_changes"]:
                if change["kind"] == "restack":
                    restacking[(change["x"], change["y"])] = True
                elif change["kind"] in ("cap", "uncap") and change.get("side"):
                    sides = capping.setdefault(change.get("tile"), {})
                    sides[change["side"]] = change["kind"] == "cap"
        for cell in state["timeline"]["tiles"]:
            extra = " start" if cell.get("start") else ""
            if (cell["x"], cell["y"]) in restacking:
                extra += " leaving"
            tile = self.capped_by_orders(cell["tile"], capping)
            node = self.tile_node(tile, "line", cell["owner"], extra)
            self.mark_changed(node, cell["tile"], capping)
            self.place_cell(node, box, cell["x"], cell["y"])
            self.menu.attach(node, self.menu_items)
            grid.appendChild(node)
        for number in self.drafts:
            tile, where, owner = self.tile_info(number)
            if tile is None or where != "draft":
                continue
            x, y = self.drafts[number]
            placed = tile
            tile = self.capped_by_orders(tile, capping)
            node = self.tile_node(tile, "draft", owner, " draft")
            self.mark_changed(node, placed, capping)
            node.setAttribute(
                "title", "Your order: placed here at {},{} when the turn runs".format(x, y)
            )
            node.setAttribute(
                "aria-label", self.tile_words(tile) + ", ordered to {},{}".format(x, y)
            )
            self.place_cell(node, box, x, y)
            self.menu.attach(node, self.menu_items)
            grid.appendChild(node)
        spots, blocked = self.aims_for_selected()
        for spot in spots:
            label = "Spot {},{}: place here for {} splices".format(
                spot["x"], spot["y"], spot["cost"]
            )
            node = el(
                "button",
                "ts-spot legal",
                attrs={"type": "button", "aria-label": label, "title": label},
                children=[
                    el("span", "ts-spot-cost", text=str(spot["cost"])),
                    el("small", text="splices"),
                ],
            )
            self.place_cell(node, box, spot["x"], spot["y"])
            grid.appendChild(node)
        for spot in blocked:
            label = "Spot {},{}: not here ({})".format(spot["x"], spot["y"], spot["rule"])
            node = el(
                "button",
                "ts-spot blocked",
                text="✕",
                attrs={
                    "type": "button",
                    "aria-label": label,
                    "title": label,
                    "data-rule": spot["rule"],
                },
            )
            self.place_cell(node, box, spot["x"], spot["y"])
            grid.appendChild(node)
        for mark in self.highlight:
            if "," not in mark:
                continue
            x, y = mark.split(",")
            node = el("span", "ts-hl", attrs={"aria-hidden": "true"})
            self.place_cell(node, box, int(x), int(y))
            grid.appendChild(node)
        self.render_path(grid, state, box, cols, rows)
        self.render_spot_help(spots, blocked)
        key = (self.game_key(view), rows)
        if self.centred_for != key:
            # A new game, or the timeline grew a row: show its middle again.
            self.centred_for = key
            window.tgScrollToMiddle(by_id("timeline-view"))  # in the next frame (dom.js)
        if view["outcome"] and view["position"] == view["length"]:
            end = self.game_key(view) + "@" + str(view["length"])
            if self.end_shown_for != end:
                # The game is over: the banner points at the red line and the Time Splicer.
                self.end_shown_for = end
                asyncio.create_task(self.show_the_end())

    def capped_by_orders(self, tile, capping):
        """The tile with the sides the viewer's cap and uncap orders change."""
        sides = capping.get(tile["id"])
        if not sides:
            return tile
        shown = dict(tile)
        shown["caps"] = dict(tile["caps"])
        for side in sides:
            shown["caps"][side] = sides[side]
        return shown

    def mark_changed(self, node, tile, capping):
        """Outline the sides an order caps or uncaps."""
        for side in capping.get(tile["id"]) or {}:
            if capping[tile["id"]][side] != tile["caps"][side]:
                mark = node.querySelector(".ts-side." + side.lower())
                if mark:
                    mark.classList.add("changed")

    async def show_the_end(self):
        """Scroll the timeline so the longest path and the Time Splicer are in view.

        Once the page has laid itself out as a finished game; where the path is
        wider or taller than the view, the Time Splicer stays in it.
        """
        await asyncio.sleep(0)
        state = self.state()
        if not state:
            return
        grid = by_id("timeline")
        viewport = by_id("timeline-view")
        cells = [(c[0], c[1]) for c in (state.get("longest_path") or {}).get("cells") or []]
        splicer = None
        for cell in state["timeline"]["tiles"]:
            if cell["tile"]["id"] == self.splicer_id:
                splicer = (cell["x"], cell["y"])
                cells.append(splicer)
        boxes = {}
        for x, y in cells:
            node = grid.querySelector(".ts-tile[data-x='{}'][data-y='{}']".format(x, y))
            if node:
                left = grid.offsetLeft + node.offsetLeft
                top = grid.offsetTop + node.offsetTop
                boxes[(x, y)] = (left, top, left + node.offsetWidth, top + node.offsetHeight)
        if not boxes:
            return
        whole = (
            min(b[0] for b in boxes.values()),
            min(b[1] for b in boxes.values()),
            max(b[2] for b in boxes.values()),
            max(b[3] for b in boxes.values()),
        )
        keep = boxes.get(splicer) or whole
        viewport.scrollLeft = fit_view(whole[0], whole[2], keep[0], keep[2], viewport.clientWidth)
        viewport.scrollTop = fit_view(whole[1], whole[3], keep[1], keep[3], viewport.clientHeight)

    def render_path(self, grid, state, box, cols, rows):
        path = (state.get("longest_path") or {}).get("cells") or []
        if len(path) < 2:
            return
        points = []
        for point in path:
            col = point[0] - box["x0"] + 0.5
            row = point[1] - box["y0"] + 0.5
            points.append(str(col) + "," + str(row))
        svg = document.createElementNS(SVG, "svg")
        svg.setAttribute("class", "ts-path" + (" final" if self.view["outcome"] else ""))
        svg.setAttribute("id", "longest-path")
        svg.setAttribute("viewBox", "0 0 " + str(cols) + " " + str(rows))
        svg.setAttribute("role", "img")
        svg.setAttribute("aria-label", "The longest path, " + str(len(path)) + " tiles")
        svg.style.width = "calc(var(--cell) * " + str(cols) + ")"
        svg.style.height = "calc(var(--cell) * " + str(rows) + ")"
        line = document.createElementNS(SVG, "polyline")
        line.setAttribute("points", " ".join(points))
        svg.appendChild(line)
        grid.appendChild(svg)

    def render_spot_help(self, spots, blocked):
        help_box = by_id("spot-help")
        if not self.selected:
            moving = (
                "The buttons zoom; swipe to move around."
                if window.innerWidth < 600
                else "Ctrl + wheel or the buttons zoom; drag to move around."
            )
            help_box.textContent = (
                "Select a tile to see where it can go: open spots are outlined in red with "
                "their cost. " + moving
            )
            return
        tile, where = self.tile_info(self.selected["id"])[:2]
        title = "#" + str(tile["id"]) + " " + tile["name"]
        if where == "draft":
            x, y = self.drafts[tile["id"]]
            help_box.textContent = (
                title + " is ordered to {},{}: it is placed there when the turn runs. Right "
                "click or long press it for its orders; cancel the order in Your orders to "
                "place it elsewhere."
            ).format(x, y)
            return
        if not spots:
            text = title + " fits nowhere on the timeline now."
        else:
            count = len(spots)
            text = title + " fits " + str(count) + " spot" + ("" if count == 1 else "s") + " (red)."
        if blocked:
            text += " Click a ✕ spot to see which linking rule fails."
        help_box.textContent = text

    # the orders panel

    def render_orders(self, view):
        me = self.me()
        mine = self.my_turn()
        shown = []
        spent = 0
        available = 0
        note = ""
        if me:
            for order in me["pending"]:
                shown.append(
                    {
                        "text": self.order_words(order["text"]),
                        "cost": order["cost"],
                        "key": order["n"],
                    }
                )
            spent = me["committed"] + me["bids"]
            available = me["splices"]
            note = self.meter_note(me)
        self.orders.render(shown, spent, available, self.cancel_order if mine else None, note)
        idle = "" if mine else self.not_mine_reason()
        by_id("btn-submit").disabled = not mine
        by_id("dock-submit").disabled = not mine
        self.set_reason("btn-submit", idle, "Send this turn's orders")
        self.set_reason("dock-submit", idle, "Send this turn's orders")
        by_id("btn-reload").disabled = not mine or not shown
        self.set_reason(
            "btn-reload", idle or "No orders to throw away.", "Throw away this turn's orders"
        )
        bump = self.bump_order()
        by_id("btn-bump").disabled = not mine or bump is None
        cost = bump.get("cost") if bump else None
        by_id("btn-bump").textContent = "Bump" if cost is None else "Bump (" + str(cost) + ")"
        self.set_reason(
            "btn-bump",
            idle or (self.bump_reason(me) if me and bump is None else ""),
            "Bump priority: move one place up the priority order"
            + ("" if cost is None else " for " + str(cost) + " splices"),
        )
        title = "Your orders"
        if me and not mine:
            title = self.name(me["seat"]) + "'s orders"
        by_id("orders-title").textContent = title
        dock = by_id("dock-meter")
        dock.textContent = (
            str(spent)
            + " / "
            + str(available)
            + " splices · "
            + str(len(shown))
            + " order"
            + ("" if len(shown) == 1 else "s")
        )

    def meter_note(self, me):
        """What is left for more orders: a new bid, and any other order."""
        top = self.top_bid(me)
        others = max(0, me["free_orders"])
        if not top:
            return "Free for more orders: " + str(me["free"]) + "."
        note = ""
        if me["bids"] > me["free"]:
            note = (
                "Overbidding: your bids add up to more than your free splices. Bids resolve in "
                "a random order; one you cannot pay by then disqualifies you from bidding. "
            )
        return note + (
            "Free for other orders: {} (your bid of {} must stay covered). "
            "A new bid may be up to {}."
        ).format(others, top, me["free"])

    def set_reason(self, button_id, why, title=""):
        """A button's tooltip: what it does, or why it is disabled now."""
        button = by_id(button_id)
        if button.disabled and why:
            button.setAttribute("title", why)
        elif title:
            button.setAttribute("title", title)
        else:
            button.removeAttribute("title")

    def not_mine_reason(self):
        """Why the orders buttons are off when it is not the viewer's turn to write."""
        view = self.view
        if view["outcome"]:
            return "The game is over."
        if view["position"] < view["length"]:
            return "A replay: go to the last move (») to write orders."
        if view["to_move_kind"] == "ai":
            return self.name(view["to_move"]) + " is writing orders."
        return "Wait for your turn to write orders."

    def bump_reason(self, me):
        """Why no bump is on offer (the engine leaves it out of the legal orders)."""
        others = me["free_orders"]
        cost = self.bump_cost
        if cost is not None and others < cost:
            text = "A bump costs {} splices; only {} {} free for other orders".format(
                cost, max(0, others), "is" if others == 1 else "are"
            )
            top = self.top_bid(me)
            if top:
                text += " while your bid of " + str(top) + " stays covered"
            return text + "."
        return "No more bumps this turn."

    def order_words(self, text):
        """An order in words, with the tile's name (the notation stays in the tooltip)."""
        parts = text.split(" ")
        head = parts[0]
        if head == "bump":
            return "Bump priority"
        if len(parts) < 2 or not parts[1].isdigit():
            return text
        tile = self.tile_info(int(parts[1]))[0]
        name = "#" + parts[1] + (" " + tile["name"] if tile else "")
        if head == "bid" and len(parts) == 3:
            return "Bid " + parts[2] + " on " + name
        if head == "place" and len(parts) == 3:
            return "Place " + name + " at " + parts[2]
        if head == "restack":
            return "Restack " + name
        if head in ("cap", "uncap") and len(parts) == 3:
            verb = "Cap" if head == "cap" else "Uncap"
            return verb + " the " + SIDE_NAMES.get(parts[2], parts[2]) + " side of " + name
        if head == "improve" and len(parts) == 4:
            if parts[2] == "add":
                return "Improve " + name + ": feeds " + self.group(parts[3])["name"]
            side = SIDE_NAMES.get(parts[3], parts[3])
            return "Improve " + name + ": " + parts[2] + " " + side + " side"
        return text

    # the report

    def render_report(self, view):
        state = view["state"]
        report = state.get("report")
        steps = []
        if report:
            for step in report["steps"]:
                steps.append(self.report_item(step))
        key = self.game_key(view) + ":" + str(report["turn"] if report else 0)
        fresh = key != self.report_seen
        self.report_seen = key
        by_id("report-title").textContent = (
            "Turn " + str(report["turn"]) + " report" if report else "Last turn"
        )
        autoplay = fresh and bool(steps) and self.live() and self.report_seen is not None
        self.report.load(key, steps, autoplay=autoplay)

    def report_item(self, step):
        phase = step.get("phase", "")
        text = self.named(step.get("reason") or step.get("text") or "")
        if phase == "bid" and step.get("bids"):
            parts = []
            for bid in step["bids"]:
                parts.append(
                    self.name(bid["seat"]) + " " + str(bid["amount"]) + " " + bid["status"]
                )
            text += " — bids: " + ", ".join(parts)
        elif phase == "order" and step.get("seat") is not None:
            words = self.order_words(step.get("text", ""))
            text = (
                self.name(step["seat"])
                + ": "
                + words
                + (" ✓" if step["ok"] else " ✗ ")
                + ("" if step["ok"] else text)
            )
            if step["ok"] and step.get("paid"):
                text += " (" + str(step["paid"]) + " splices)"
        elif phase == "priority" and step.get("seat") is not None:
            text = (
                self.bump_words(step)
                or text
                or (self.name(step["seat"]) + ": " + step.get("text", ""))
            )
        elif phase == "points" and step.get("points"):
            gains = []
            for seat, points in enumerate(step["points"]):
                gains.append(self.name(seat) + " +" + str(points))
            text += " — " + ", ".join(gains)
        if step.get("rule") and not step["ok"]:
            text += " [rule: " + step["rule"] + "]"
        tile = step.get("tile")
        if tile is None and phase == "order":
            parts = step.get("text", "").split(" ")
            if len(parts) > 1 and parts[1].isdigit():
                tile = int(parts[1])
        return {
            "text": text,
            "kind": phase + (" ok" if step.get("ok", True) else " fail"),
            "group": PHASE_TITLES.get(phase, phase),
            "tile": tile,
            "spot": step.get("spot"),
        }

    def bump_words(self, step):
        """A bump step in words, from its fields (the step's text is ``bump`` or ``bump ×2``)."""
        words = str(step.get("text", "")).split(" ")
        if words[0] != "bump":
            return ""
        count = 1
        if len(words) > 1 and words[1][1:].isdigit():
            count = int(words[1][1:])
        text = (
            self.name(step["seat"])
            + " bumps priority "
            + str(count)
            + (" place" if count == 1 else " places")
        )
        if step.get("paid"):
            text += " for " + str(step["paid"]) + " splices"
        return text

    def live(self):
        view = self.view
        return view["position"] == view["length"] and not self.embed

    def game_key(self, view):
        """Which game this is (the seed's fingerprint where the session gives one)."""
        names = ",".join(s["name"] for s in view["seats"])
        return str(view.get("deal") or view["record"].get("seed") or "") + "/" + names

    def report_step(self, step):
        for node in document.querySelectorAll(".ts-board .marked"):
            node.classList.remove("marked")
        if not step:
            return
        if step.get("tile") is not None:
            for node in document.querySelectorAll(
                ".ts-board [data-tile='" + str(step["tile"]) + "']"
            ):
                node.classList.add("marked")
        spot = step.get("spot")
        if spot:
            selector = "#timeline [data-x='" + str(spot[0]) + "'][data-y='" + str(spot[1]) + "']"
            for node in document.querySelectorAll(selector):
                node.classList.add("marked")

    # the end

    def render_end(self, view):
        doom = by_id("doom")
        outcome = view["outcome"]
        doom.hidden = True
        win = by_id("win")
        win.hidden = True
        if not outcome or view["position"] < view["length"]:
            return
        state = view["state"]
        if not outcome["winners"]:
            doom.hidden = False
            doom.textContent = (
                "Resonance cascade failure. Nobody rebuilt the Time Splicer by the end of turn "
                + str(state["max_turns"])
                + ": the Earth is destroyed and EVERYONE LOSES. (This is not a draw.)"
            )
            return
        path = state.get("longest_path") or {}
        text = self.won_text(outcome)
        if path.get("cells"):
            text += " The longest path (the red line) runs through " + str(len(path["cells"]))
            text += " tiles"
            shares = []
            for seat, levels in enumerate(path.get("by_seat") or []):
                if levels:
                    shares.append(self.name(seat) + " +" + str(levels))
            text += (": its levels score " + ", ".join(shares) + ".") if shares else "."
        win.hidden = False
        win.textContent = text

    def won_text(self, outcome):
        names = " and ".join(self.name(w) for w in outcome["winners"])
        reason = str(outcome["reason"]).rstrip(".")
        return names + " won: " + reason + "."

    def render_controls(self, view):
        super().render_controls(view)
        me = self.me()
        # Undo stays inside this player's own order phase (further back is someone else's secret).
        can_undo = view["can_undo"] and bool(me and me["pending"]) and self.my_turn()
        by_id("btn-undo").disabled = not can_undo
        outcome = view["outcome"]
        if outcome and view["position"] == view["length"]:
            if not outcome["winners"]:
                self.status("Everyone loses: the Time Splicer was not rebuilt in time.")
            else:
                self.status(self.won_text(outcome))

    def turn_text(self, view):
        seat = view["to_move"]
        if view["to_move_kind"] == "ai":
            return self.name(seat) + " is writing secret orders…"
        return self.name(seat) + ": write your orders, then Submit."

    # the players (status panel)

    def render_players(self, view):
        box = by_id("players")
        clear(box)
        state = view["state"]
        report = state.get("report")
        order = state["priority"]
        box.appendChild(
            el(
                "li",
                "ts-players-head",
                attrs={"aria-hidden": "true"},
                children=[
                    el("span", text="#"),
                    el("span"),
                    el("span", text="Player"),
                    el("span", text="Splices"),
                    el("span", text="Score"),
                ],
            )
        )
        for seat in order:
            info = view["seats"][seat]
            player = state["players"][seat]
            if info["kind"] == "ai":
                who = "Computer (" + self.level_label(info["level"]) + ")"
            else:
                who = "Human"
            who += " · " + str(player["stack"]) + " in stack · " + str(player["placed"]) + " placed"
            if player.get("wonders"):
                who += (
                    " · "
                    + str(player["wonders"])
                    + " wonder"
                    + ("s" if player["wonders"] > 1 else "")
                )
            classes = "tg-player ts-player own-" + str(seat)
            if view["to_move"] == seat:
                classes += " to-move"
            if seat == self.stack_seat:
                classes += " viewing"
            if player.get("submitted") and state["phase"] == "orders":
                classes += " done"
            item = el(
                "li",
                classes,
                attrs={"data-seat": seat, "title": "Click to show " + self.name(seat) + "'s stack"},
                children=[
                    el("span", "ts-prio", text=str(order.index(seat) + 1)),
                    el("span", "ts-dot"),
                    el("span", "tg-player-name", text=self.name(seat)),
                    el("span", "ts-splices", text=str(player["splices"])),
                    el("span", "ts-score", text=str(player["score"])),
                    el("small", text=who),
                ],
            )
            box.appendChild(item)
        note = "Priority order this turn, highest first"
        if report and report.get("priority"):
            note += "; last turn it ran " + ", ".join(self.name(s) for s in report["priority"])
        box.setAttribute("aria-label", note)
        box.setAttribute("title", note)

    def level_label(self, key):
        for level in self.meta["ai_levels"]:
            if level["key"] == key:
                return level["label"]
        return key

    # details

    def render_detail(self):
        box = by_id("detail")
        clear(box)
        if not self.selected:
            box.appendChild(el("p", "ts-help", text="Select any tile to read about it."))
            return
        tile, where, owner = self.tile_info(self.selected["id"])
        if tile is None:
            return
        box.appendChild(self.tile_node(tile, "detail", owner))
        words = el("div")
        words.appendChild(el("h3", text="#" + str(tile["id"]) + " " + tile["name"]))
        facts = el("dl")
        group = self.group(tile["group"])
        place = {"bid": "the bidding stack", "stack": "stack", "line": "timeline"}.get(where)
        if where == "draft":
            x, y = self.drafts[tile["id"]]
            place = "ordered to {},{} on the timeline (your order, when the turn runs)".format(x, y)
        elif owner is not None and owner >= 0:
            place = self.name(owner) + "'s " + place
        elif where == "line":
            place = "the timeline (unowned)"
        rows = [
            ("Level", str(tile["level"])),
            ("Group", group["glyph"] + " " + group["name"]),
            ("Feeds", ", ".join(self.group(k)["name"] for k in tile["outputs"]) or "—"),
            ("Sides", self.caps_words(tile)),
            ("Where", place),
        ]
        if tile.get("year"):
            rows.insert(0, ("When", tile["year"]))
        if tile.get("wonder"):
            rows.append(("Wonder", "a famous first: +1 splice a turn on the timeline"))
        if tile.get("improved"):
            rows.append(("Improved", "its sides or outputs differ from the printed tile"))
        for term, value in rows:
            facts.appendChild(el("dt", text=term))
            facts.appendChild(el("dd", text=value))
        words.appendChild(facts)
        if tile.get("about"):
            words.appendChild(el("p", "ts-about", text=tile["about"]))
        box.appendChild(words)

    # -- choosing ---------------------------------------------------------------------------------

    def select(self, tile_id):
        tile, where, owner = self.tile_info(tile_id)
        if tile is None:
            return
        if self.selected and self.selected["id"] == tile_id:
            self.selected = None
        else:
            self.selected = {"id": tile_id, "where": where, "seat": owner}
        self.message("")
        self.redraw_selection()
        if self.selected and where == "bid" and self.my_turn():
            self.aim_bid()
        elif self.selected and where == "stack" and owner == self.view["viewer"]:
            self.aim("Click a red spot on the timeline to order the placement.")

    def redraw_selection(self):
        view = self.view
        self.render_bidding(view)
        self.render_stack(view)
        self.render_timeline(view)
        self.render_detail()
        node = document.querySelector("#timeline .ts-spot.legal")
        if node:
            reveal(node)

    def stack_click(self, evt):
        node = evt.target.closest(".ts-tile")
        if not node:
            return
        self.select(int(node.getAttribute("data-tile")))
        keyboard = evt.detail == 0  # Enter or Space on the tile, not a pointer
        if keyboard and self.selected and self.selected["where"] == "bid" and self.my_turn():
            by_id("bid-amount").focus()

    def tab_click(self, evt):
        node = evt.target.closest("[data-seat]")
        if node:
            self.show_stack(int(node.getAttribute("data-seat")))

    def player_click(self, evt):
        node = evt.target.closest("[data-seat]")
        if node:
            self.show_stack(int(node.getAttribute("data-seat")))

    def show_stack(self, seat):
        self.stack_seat = seat
        self.render_tabs(self.view)
        self.render_stack(self.view)
        self.render_players(self.view)

    def body_key(self, evt):
        if evt.defaultPrevented:
            return  # e.g. the Escape that closed the order menu
        key = str(evt.key)
        if key == "Escape" and self.selected and not self.menu.is_open():
            self.selected = None
            self.redraw_selection()

    async def timeline_click(self, evt):
        spot = evt.target.closest(".ts-spot")
        if not spot:
            tile = evt.target.closest(".ts-tile")
            if tile and tile.getAttribute("data-where") in ("line", "draft"):
                self.select(int(tile.getAttribute("data-tile")))
            return
        if not self.selected:
            return
        x = int(spot.getAttribute("data-x"))
        y = int(spot.getAttribute("data-y"))
        spots, blocked = self.aims_for_selected()
        for candidate in blocked:
            if candidate["x"] == x and candidate["y"] == y:
                # The linking rule that fails, in the engine's words.
                text = "Not at {},{}: {} (rule: {})".format(
                    x, y, candidate["reason"], candidate["rule"]
                )
                self.message(text, "error")
                self.aim(text, True)
                spot.classList.add("why")
                return
        if not self.can_order(self.selected):
            self.message(
                "This shows where the tile would fit; only tiles in your own stack can be placed.",
                "info",
            )
            return
        for candidate in spots:
            if candidate["x"] == x and candidate["y"] == y:
                await self.play("place " + str(self.selected["id"]) + " " + str(x) + "," + str(y))
                return

    def timeline_hover(self, evt):
        spot = evt.target.closest(".ts-spot")
        if spot:
            self.aim(str(spot.getAttribute("aria-label")), spot.classList.contains("blocked"))

    def can_order(self, selected):
        return (
            selected is not None
            and selected["where"] == "stack"
            and selected["seat"] == self.view["viewer"]
            and self.my_turn()
        )

    def aim(self, text, error=False):
        box = by_id("aim")
        box.textContent = text
        box.className = "ts-aim" + (" error" if error else "")

    def aim_order(self, item):
        """The cost of the menu order under the pointer or focus, against what is left."""
        me = self.me()
        if not me or item.get("action") is None or item.get("detail") is None:
            self.aim("")
            return
        cost = int(item["detail"])
        total = me["committed"] + me["bids"] + cost
        self.aim(
            item["label"]
            + ": "
            + str(cost)
            + " splices. Your orders would then add up to "
            + str(total)
            + " of "
            + str(me["splices"])
            + ".",
            cost > me["free_orders"],
        )

    def aim_bid(self):
        chosen = self.selected
        me = self.me()
        if not chosen or chosen["where"] != "bid" or not me:
            return
        raw = str(by_id("bid-amount").value).strip()
        if not raw:
            self.aim(
                "Type a bid for #"
                + str(chosen["id"])
                + " (up to "
                + str(me["free"])
                + " splices), then press Bid."
            )
            return
        if not raw.isdigit():
            self.aim("A bid is a whole number of splices.", True)
            return
        total = me["committed"] + me["bids"] + int(raw)
        self.aim(
            "Bid "
            + raw
            + ": you pay only if you win, at most "
            + raw
            + ". Your orders would then add up to "
            + str(total)
            + " of "
            + str(me["splices"])
            + " splices."
        )

    # -- orders -------------------------------------------------------------------------------

    def menu_items(self, node):
        """The tile's orders with their costs (from the engine's ``me.orders``), then Details."""
        tile_id = int(node.getAttribute("data-tile"))
        tile, where, owner = self.tile_info(tile_id)
        me = self.me()
        mine = self.my_turn()
        items = []
        if where == "bid" and me:
            items.append(
                {
                    "label": "Bid on this tile…",
                    "key": "bid",
                    "disabled": not mine,
                    "why": None if mine else self.not_mine_reason(),
                    "run": self.bid_runner(tile_id),
                }
            )
        if where == "stack" and me and owner == me["seat"]:
            spots = []
            for aim in me["aims"]:
                if aim["tile"] == tile_id:
                    spots = aim["spots"]
            cheapest = min([s["cost"] for s in spots]) if spots else None
            why = None
            if not spots:
                why = "No open spot on the timeline links to this tile now."
            elif not mine:
                why = self.not_mine_reason()
            items.append(
                {
                    "label": "Place on the timeline…" if spots else "Fits nowhere now",
                    "detail": ("from " + str(cheapest)) if spots else None,
                    "key": "place",
                    "disabled": not (mine and spots),
                    "why": why,
                    "run": self.select_runner(tile_id),
                }
            )
        for order in self.tile_orders(tile, where, owner):
            cost = order.get("cost")
            items.append(
                {
                    "label": order.get("label") or self.menu_words(order["text"]),
                    "detail": None if cost is None else str(cost),
                    "action": order["text"],
                    "disabled": not mine,
                    "why": None if mine else self.not_mine_reason(),
                    "run": self.order_runner(order["text"]),
                }
            )
        items.append({"label": "Details", "key": "details", "run": self.detail_runner(tile_id)})
        return items

    def menu_words(self, text):
        """An order in a tile's own menu: the tile is the menu's title, so it is left out."""
        parts = text.split(" ")
        side = SIDE_NAMES.get(parts[-1], parts[-1])
        if parts[0] == "restack":
            return "Restack into your stack"
        if parts[0] in ("cap", "uncap"):
            return ("Cap" if parts[0] == "cap" else "Uncap") + " the " + side + " side"
        if parts[0] == "improve" and len(parts) == 4:
            if parts[2] == "add":
                return "Improve: also feeds " + self.group(parts[3])["name"]
            return "Improve: " + parts[2] + " the " + side + " side"
        return self.order_words(text)

    def tile_orders(self, tile, where, owner):
        """The orders the engine offers for this tile (``me.orders``, with their costs).

        An engine without that list gets the orders' written forms for the
        tile's place instead, without costs: the engine still checks each one
        when it is written and names the rule it breaks.
        """
        me = self.me()
        if not me:
            return []
        if "orders" in me:
            return [o for o in me["orders"] if o.get("tile") == tile["id"]]
        number = str(tile["id"])
        texts = []
        if where == "line" and not tile.get("start"):
            texts.append("restack " + number)
        for side in SIDES:
            if where == "line":
                texts.append(("uncap " if tile["caps"][side] else "cap ") + number + " " + side)
            elif where == "stack" and owner == me["seat"]:
                change = "uncap " if tile["caps"][side] else "cap "
                texts.append("improve " + number + " " + change + side)
        if where == "stack" and owner == me["seat"]:
            for key in self.groups:
                if key not in tile["outputs"]:
                    texts.append("improve " + number + " add " + key)
        return [{"text": text} for text in texts]

    def order_runner(self, action):
        return lambda: self.play(action)

    def select_runner(self, tile_id):
        def run():
            if not (self.selected and self.selected["id"] == tile_id):
                self.select(tile_id)
            node = document.querySelector("#timeline .ts-spot.legal")
            if node:
                node.focus()

        return run

    def bid_runner(self, tile_id):
        def run():
            if not (self.selected and self.selected["id"] == tile_id):
                self.select(tile_id)
            by_id("bid-amount").focus()

        return run

    def detail_runner(self, tile_id):
        def run():
            if not (self.selected and self.selected["id"] == tile_id):
                self.select(tile_id)
            by_id("detail").scrollIntoView(to_js_nearest())

        return run

    async def bid_submitted(self, evt):
        chosen = self.selected
        if not chosen or chosen["where"] != "bid":
            self.message("Select a tile in the bidding stack first.", "error")
            return
        raw = str(by_id("bid-amount").value).strip()
        if not raw:
            self.message("Type how many splices you bid.", "error")
            return
        answer = await self.play_answer("bid " + str(chosen["id"]) + " " + raw)
        if answer:
            by_id("bid-amount").value = ""

    async def play_answer(self, text):
        """Like :meth:`play`, returning the engine's answer (None when refused)."""
        if self.view is None or self.busy or not self.my_turn():
            return None
        answer = await self.act({"op": "play", "action": text})
        if answer:
            await self.run_ai()
        return answer

    def phase_start(self):
        """The record position where this player's order phase began."""
        return self.view["position"] - len(self.pending())

    async def rewrite(self, keep):
        """Go back to the phase start and write ``keep`` again; the engine re-checks each."""
        if not self.my_turn():
            return
        start = self.phase_start()
        if not await self.act({"op": "goto", "position": start}, quiet=True):
            return
        for text in keep:
            answer = await self.act({"op": "play", "action": text}, quiet=True)
            if not answer:
                # It depended on the cancelled order: the refusal (with its rule) stays shown.
                return
        self.message("")

    async def cancel_order(self, number):
        keep = [o["text"] for o in self.pending() if o["n"] != number]
        await self.rewrite(keep)

    async def reload_orders(self):
        await self.rewrite([])
        self.message("This turn's orders were thrown away.", "info")

    async def step(self, op):
        if op == "undo" and not (self.pending() and self.my_turn()):
            self.message("Undo works within your own orders of this turn.", "info")
            return
        await self.act({"op": op})

    def bump_order(self):
        me = self.me()
        if me and "orders" not in me:
            return {"text": "bump", "cost": None}  # the engine checks it when written
        for order in (me or {}).get("orders") or []:
            if order["kind"] == "bump":
                return order
        return None

    async def bump(self):
        order = self.bump_order()
        if order:
            await self.play(order["text"])


def fit_view(low, high, keep_low, keep_high, size, margin=12):
    """Where to scroll a ``size`` window so ``low…high`` is centred in it, or, where it
    is larger than the window, as much of it as fits around ``keep_low…keep_high``."""
    start = (low + high) / 2 - size / 2
    if high - low + 2 * margin > size:
        start = max(start, keep_high + margin - size)
        start = min(start, keep_low - margin)
    return max(0, start)


def reveal(node):
    """Scroll ``node`` into view, clear of the sticky status bar and of the dock
    that cover the top and the bottom of a phone's screen."""
    node.scrollIntoView(to_js_nearest())
    rect = node.getBoundingClientRect()
    top = 0
    status = by_id("status")
    if str(window.getComputedStyle(status).position) == "sticky":
        top = max(0, status.getBoundingClientRect().bottom)
    bottom = window.innerHeight
    dock = by_id("dock")
    if str(window.getComputedStyle(dock).display) != "none":
        bottom = min(bottom, dock.getBoundingClientRect().top)
    gap = 8
    if rect.top < top + gap:
        window.scrollBy(0, rect.top - top - gap)
    elif rect.bottom > bottom - gap:
        window.scrollBy(0, rect.bottom - bottom + gap)


def to_js_nearest():
    from jsffi import to_js

    return to_js({"block": "nearest", "inline": "nearest"})


asyncio.create_task(SplicerPage().start())
