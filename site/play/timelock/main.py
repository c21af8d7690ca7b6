"""The Timelock page: draws the engine's view and turns clicks into notation.

What can move, where it can go, what it costs and which die may pay all come
from the view's ``pieces`` and legal action texts; this file never decides a
rule.  It only offers those actions as clicks: pick a piece, pick one of its
highlighted targets, and (when two dice could pay) pick the die.
"""

import asyncio
import json

from js import document
from tournament import TournamentPanel
from ui import GamePage, Store, by_id, clear, el, h, on

FILES = "abcde"
PIECE_NAMES = {"P": "Pawn", "D": "Drone", "Q": "Queen"}
SIDE_NAMES = ("Rainbow", "Xeno")
# Which side each seat plays, per mode (only for colours and names on screen).
SIDES_OF_SEATS = {"duel": (0, 1), "solitaire": (0,), "partners": (0, 1, 1, 0)}
FACE_HELP = {
    "TIP": "Both dice count as 6, each for its own stack.",
    "SWAP": "Two pieces of one of your Time Stacks trade places.",
    "HOP": "This turn a move may jump any distance for one step's cost.",
    "DIG": "One of your covered pieces comes to the top, free.",
    "AIM": "This turn Goal pieces cost only their pips.",
    "WILD": "What is left on both dice becomes one pool for any stacks, the Goal too.",
}
# Without a board (experimental): what each cell of a column is, from the view's kinds.
KIND_NAMES = {"home0": "home", "home1": "home", "centre": "centre", "side0": "", "side1": ""}
KIND_WORDS = {
    "home0": "Rainbow home",
    "home1": "Xeno home",
    "centre": "centre, where both sides meet",
    "side0": "Rainbow's side",
    "side1": "Xeno's side",
}
STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}
ROLL_PAUSE = 0.9  # seconds the computer waits after its roll, so the dice can be read
STEP_PAUSE = 0.5  # seconds between the computer's steps
FAST_PAUSE = 0.02  # a tournament game between two computers, played at full speed


def piece_text(code):
    """``Qa1`` → ``Queen a1``."""
    return PIECE_NAMES.get(code[0].upper(), code[0]) + " " + code[1:]


def pool_text(pool):
    return "the pool" if pool == "+" else "die " + pool


def describe(text):
    """A friendly reading of one action in notation (for the last-action line)."""
    words = text.split()
    head = words[0].lower()
    if head == "roll":
        return "show " + words[1] + " and " + words[2] + ", Treehouse " + words[3]
    if head == "end":
        return "ended the turn"
    if head == "sum":
        return "added the two dice together"
    if head == "use":
        face = words[1].upper()
        if face == "SWAP" and len(words) == 4:
            return "SWAP: " + piece_text(words[2]) + " ⇄ " + piece_text(words[3])
        if face == "DIG" and len(words) == 3:
            return "DIG: " + piece_text(words[2]) + " to the top"
        if face == "AIM" and len(words) == 3:
            return "AIM: put a pyramid back on Xeno stack " + words[2]
        return "used " + face
    if head == "remove":
        return "removed the top pyramid of Xeno stack " + words[1]
    if head == "replace":
        file, _, pool = words[1].partition("/")
        return "put a pyramid back on Xeno stack " + file + " (" + pool_text(pool) + ")"
    if head == "dig":
        body, _, pool = words[1].partition("/")
        return piece_text(body) + " digs to the top (" + pool_text(pool) + ")"
    body, _, pool = text.partition("/")
    src, _, dst = body.partition("-")
    if dst.endswith("+"):
        # Without a board: a new position just north of the named one.
        dst = "a new position after " + dst[:-1]
    return piece_text(src) + " → " + dst + " (" + pool_text(pool) + ")"


def visible_from_above(stack):
    """Pieces a player looking down sees: the top one, and below it only larger ones."""
    seen = []
    biggest = 0
    for piece in reversed(stack):
        if piece["size"] > biggest:
            seen.append(piece)
            biggest = piece["size"]
    return seen


def piece_classes(piece):
    classes = "s" + str(piece["size"]) + " side" + str(piece["side"]) + " col-" + piece["colour"]
    if piece["goal"]:
        classes += " goal"
    return classes


def piece_words(piece):
    what = "Goal" if piece["goal"] else "stack " + piece["stack"]
    return (
        SIDE_NAMES[piece["side"]]
        + " "
        + piece["colour"]
        + " "
        + PIECE_NAMES[piece["letter"]]
        + " ("
        + what
        + ")"
    )


def mark_classes(name, entry, targets, movable, last, marked):
    """The classes that mark a square this paint, on the board and in the board-less columns."""
    classes = ""
    if name in movable:
        classes += " movable"
    if entry and name == entry["square"]:
        classes += " sel"
    if name in targets:
        classes += " target"
    if name in last:
        classes += " last"
    if name in marked:
        classes += " hl"
    return classes


class TimelockPage(GamePage):
    slug = "timelock"
    default_ai = "greedy"

    def __init__(self):
        super().__init__()
        self.squares = {}
        self.painted = {}
        self.focus_name = "a1"
        self.selected = None  # "Pa1": the piece whose targets are shown
        self.choice = None  # (piece entry, target entry) waiting for a die
        self.tree_open = False
        self.preview = []
        self.highlight = []
        self.last_roll = None
        self.rolled_now = False
        self.match = None
        self.tournament = None

    # -- wiring ---------------------------------------------------------------------

    def bind_game(self):
        for node in document.querySelectorAll(".sq"):
            self.squares[str(node.getAttribute("data-sq"))] = node
        grid = by_id("grid")
        on(grid, "click", self.grid_click)
        on(by_id("columns"), "click", self.columns_click)
        on(by_id("board"), "keydown", self.board_key)
        self.squares[self.focus_name].setAttribute("tabindex", "0")
        on(by_id("view-side"), "click", lambda evt: self.set_view("side"))
        on(by_id("view-top"), "click", lambda evt: self.set_view("top"))
        on(by_id("match-target"), "change", self.match_target_changed)
        on(by_id("match-reset"), "click", self.match_reset)
        self.match_store = Store(self.slug, "match")
        self.match = self.match_store.load()

    async def prepare(self):
        # The tournament form lists the AI levels and options, so it waits for the description.
        self.tournament = TournamentPanel(self, "tournament", ("stacks_to_match",))
        self.tournament.render()

    def set_view(self, mode):
        by_id("board").setAttribute("data-view", mode)
        by_id("view-side").setAttribute("aria-pressed", "true" if mode == "side" else "false")
        by_id("view-top").setAttribute("aria-pressed", "true" if mode == "top" else "false")

    def grid_click(self, evt):
        node = evt.target.closest(".sq")
        if not node:
            return None
        name = str(node.getAttribute("data-sq"))
        self.move_focus(name, False)
        return self.square_chosen(name)

    def columns_click(self, evt):
        node = evt.target.closest("[data-sq]")
        if not node:
            return None
        return self.square_chosen(str(node.getAttribute("data-sq")))

    def boardless(self):
        state = self.state()
        return bool(state) and state.get("board") == "boardless"

    def board_key(self, evt):
        key = str(evt.key)
        if key == "Escape":
            self.deselect()
            return
        if self.boardless() or not evt.target.classList.contains("sq"):
            # Without a board every position is its own button: Tab moves between them.
            return
        file = FILES.index(self.focus_name[0])
        rank = int(self.focus_name[1])
        if key not in STEPS:
            return
        evt.preventDefault()
        dx, dy = STEPS[key]
        file = max(0, min(4, file + dx))
        rank = max(1, min(5, rank + dy))
        self.move_focus(FILES[file] + str(rank))

    def move_focus(self, name, focus=True):
        if name not in self.squares or self.focus_name not in self.squares:
            return
        self.squares[self.focus_name].setAttribute("tabindex", "-1")
        self.focus_name = name
        node = self.squares[name]
        node.setAttribute("tabindex", "0")
        if focus:
            node.focus()

    # -- choosing pieces, targets and dice ----------------------------------------------

    def state(self):
        return self.view["state"] if self.view else None

    def my_turn(self):
        return (
            self.view is not None
            and self.view["to_move_kind"] == "human"
            and not self.view["outcome"]
            and not self.busy
        )

    def entries_at(self, name):
        state = self.state()
        if not state or not self.my_turn():
            return []
        return [p for p in state["pieces"] if p["square"] == name]

    def selected_entry(self):
        if not self.selected or not self.state():
            return None
        for entry in self.state()["pieces"]:
            if entry["letter"] + entry["square"] == self.selected:
                return entry
        return None

    async def square_chosen(self, name):
        if not self.my_turn():
            if self.view and self.view["to_move_kind"] == "ai" and not self.view["outcome"]:
                self.message("Wait for the computer to move.", "info")
            return
        entry = self.selected_entry()
        if entry:
            for target in entry["targets"]:
                if target["square"] == name:
                    await self.target_chosen(entry, target)
                    return
        here = self.entries_at(name)
        if here:
            keys = [p["letter"] + p["square"] for p in here]
            if self.selected in keys:
                # A second click on the square picks the next of its movable pieces.
                self.select(keys[(keys.index(self.selected) + 1) % len(keys)])
            else:
                self.select(keys[0])
            return
        stack = self.state()["squares"].get(name)
        self.deselect()
        if stack:
            # Nothing here may move now: ask the engine anyway, its refusal names the rule.
            rank = int(name[1])
            step = name[0] + str(rank + 1 if rank < 5 else rank - 1)
            if self.boardless():
                step = name + "+"
            await self.play(stack[-1]["letter"] + name + "-" + step + "/1")

    def select(self, key):
        self.selected = key
        self.choice = None
        self.message("")
        self.paint()

    def deselect(self):
        if self.selected or self.choice:
            self.selected = None
            self.choice = None
            self.paint()

    async def target_chosen(self, entry, target):
        actions = target["actions"]
        pools = list(actions.keys())
        if len(pools) == 1:
            await self.play_move(entry, target, actions[pools[0]])
            return
        self.choice = (entry, target)
        self.paint()
        first = document.querySelector("#prompt [data-pool]")
        if first:
            first.focus()

    async def play_move(self, entry, target, text):
        self.choice = None
        await self.play(text)

    def action_handler(self, text):
        # The event's currentTarget is gone once the handler awaits, so bind the action now.
        return lambda evt: self.play(text)

    def move_handler(self, entry, target, text):
        return lambda evt: self.play_move(entry, target, text)

    def preview_handler(self, squares):
        def handler(evt):
            self.preview = squares
            self.paint_squares()

        return handler

    def toggle_tree(self, evt):
        self.tree_open = not self.tree_open
        self.render_turnbar(self.view)

    # -- drawing ---------------------------------------------------------------------------

    def seat_side(self, seat, view=None):
        view = view or self.view
        sides = SIDES_OF_SEATS.get(view["options"].get("mode", "duel"), (0, 1))
        return sides[seat] if seat < len(sides) else seat % 2

    def seat_badge(self, seat):
        side = self.seat_side(seat)
        return h("span", "tl-side-badge side" + str(side), attrs={"aria-hidden": "true"})

    def render_state(self, view):
        # Every change of the game starts the next choice afresh: a kept selection
        # would turn the next click on one of its targets into a move.
        self.selected = None
        if not self.my_turn():
            self.tree_open = False
        self.choice = None
        self.preview = []
        roll = None
        for entry in view["log"]:
            if entry["seat"] < 0:
                roll = entry["n"]
        self.rolled_now = roll is not None and self.last_roll is not None and roll != self.last_roll
        self.last_roll = roll
        self.render_names(view)
        self.paint()
        self.render_last(view)
        self.render_progress(view)
        self.render_score(view)
        asyncio.create_task(self.update_match(view))
        if self.tournament and not self.embed:
            asyncio.create_task(self.tournament.game_changed(view))

    def paint(self):
        if self.view is None:
            return
        self.paint_squares()
        self.render_turnbar(self.view)
        self.render_prompt(self.view)

    def render_names(self, view):
        names = ([], [])
        for seat, info in enumerate(view["seats"]):
            names[self.seat_side(seat, view)].append(info["name"])
        # Partners: each side holds one player of each partnership, so the side is
        # named by its colour ("A & B" would read as a partnership).
        south = "Rainbow: " + ", ".join(names[0]) if len(names[0]) > 1 else "".join(names[0])
        north = "Xeno: " + ", ".join(names[1]) if len(names[1]) > 1 else "".join(names[1])
        by_id("name-south").textContent = south or "Rainbow"
        # Solitaire: nobody plays Xeno; its Time Stacks are the player's lives.
        by_id("name-north").textContent = north or "Xeno: your lives"
        boardless = view["state"].get("board") == "boardless"
        by_id("home-north").textContent = (
            "north: home at the top" if boardless else "north: home row 5"
        )
        by_id("home-south").textContent = (
            "south: home at the bottom" if boardless else "south: home row 1"
        )

    def paint_squares(self):
        state = self.state()
        entry = self.selected_entry()
        targets = {}
        if entry:
            for target in entry["targets"]:
                targets[target["square"]] = target["cost"]
        movable = set()
        if self.my_turn():
            movable = {p["square"] for p in state["pieces"]}
        last = set(state["last"])
        marked = set(self.highlight) | set(self.preview)
        if self.choice:
            marked.add(self.choice[1]["square"])
        boardless = state.get("board") == "boardless"
        by_id("grid").hidden = boardless
        by_id("columns").hidden = not boardless
        if boardless:
            self.paint_columns(state, entry, targets, movable, last, marked)
            return
        for name in self.squares:
            stack = state["squares"][name]
            classes = "sq"
            if name[0] == "c":
                classes += " goal-file"
            if name[1] == "3":
                classes += " centre-row"
            classes += mark_classes(name, entry, targets, movable, last, marked)
            chosen = -1
            if entry and name == entry["square"]:
                chosen = self.chosen_index(stack, entry)
            signature = json.dumps([classes, stack, targets.get(name), chosen])
            if self.painted.get(name) == signature:
                continue
            self.painted[name] = signature
            node = self.squares[name]
            node.className = classes
            self.draw_stack(node, stack, chosen)
            cost = node.querySelector(".cost")
            cost.textContent = (str(targets[name]) + " pt") if name in targets else ""
            words = self.square_words(name, stack, name in targets, targets)
            node.setAttribute("aria-label", words)

    def paint_columns(self, state, entry, targets, movable, last, marked):
        """Without a board: each column bottom (Rainbow's home) to top, rebuilt on every paint."""
        box = by_id("columns")
        clear(box)
        for column in state["columns"]:
            col = el("div", "tl-col")
            head = el("div", "tl-col-head", text=column["file"])
            if column["file"] == "c":
                head.appendChild(el("small", text="Goals"))
            col.appendChild(head)
            cells = column["cells"]
            # Where the sides do not meet, the centre is the space between them.
            band_after = -1
            if not column["centre"]:
                for index, cell in enumerate(cells):
                    if cell["kind"] in ("home0", "side0"):
                        band_after = index
            nodes = []
            for index, cell in enumerate(cells):
                name = cell["square"]
                nodes.append(self.cell_node(state, cell, entry, targets, movable, last, marked))
                if index < len(cells) - 1:
                    gap = name + "+"
                    nodes.append(self.gap_node(gap, index == band_after, targets, marked))
            line = el("div", "tl-col-line")
            for node in reversed(nodes):
                line.appendChild(node)
            col.appendChild(line)
            box.appendChild(col)

    def cell_node(self, state, cell, entry, targets, movable, last, marked):
        name = cell["square"]
        kind = cell["kind"]
        stack = state["squares"][name]
        classes = "sq " + kind + mark_classes(name, entry, targets, movable, last, marked)
        node = el(
            "button",
            classes,
            attrs={"type": "button", "data-sq": name},
            children=[
                el("span", "side-view", attrs={"aria-hidden": "true"}),
                el("span", "top-view", attrs={"aria-hidden": "true"}),
                el("span", "sq-name", text=name, attrs={"aria-hidden": "true"}),
                el("span", "cost", attrs={"aria-hidden": "true"}),
                el("span", "kind", text=KIND_NAMES[kind], attrs={"aria-hidden": "true"}),
            ],
        )
        chosen = self.chosen_index(stack, entry) if entry and name == entry["square"] else -1
        self.draw_stack(node, stack, chosen)
        if name in targets:
            node.querySelector(".cost").textContent = str(targets[name]) + " pt"
        words = name + ", " + KIND_WORDS[kind] + ": "
        if stack:
            words += "bottom to top " + ", ".join(piece_words(p) for p in stack)
        else:
            words += "empty"
        if name in targets:
            words += ". Move here for " + str(targets[name]) + " points"
        node.setAttribute("aria-label", words)
        return node

    def gap_node(self, name, band, targets, marked):
        classes = "tl-gap"
        text = ""
        if band:
            classes += " band"
            text = "centre"
        if name in targets:
            classes += " target"
            text = "new position · " + str(targets[name]) + " pt"
        if name in marked:
            classes += " hl"
        attrs = {"type": "button", "data-sq": name}
        if name in targets:
            attrs["aria-label"] = (
                "A new position after "
                + name[:-1]
                + ": move here for "
                + str(targets[name])
                + " points"
            )
        else:
            attrs["tabindex"] = "-1"
            attrs["aria-hidden"] = "true"
        return el("button", classes, text=text, attrs=attrs)

    def chosen_index(self, stack, entry):
        """Which piece of the stack the selection means: the top one, or a covered one digging."""
        if stack and stack[-1]["letter"] == entry["letter"]:
            digs_only = all(t["square"] == "dig" for t in entry["targets"])
            if not digs_only:
                return len(stack) - 1
        for index in range(len(stack) - 2, -1, -1):
            if stack[index]["letter"] == entry["letter"]:
                return index
        return len(stack) - 1

    def draw_stack(self, node, stack, chosen):
        side_view = node.querySelector(".side-view")
        top_view = node.querySelector(".top-view")
        clear(side_view)
        clear(top_view)
        for index, piece in enumerate(stack):
            classes = "pc " + piece_classes(piece)
            if index == chosen:
                classes += " chosen"
            side_view.appendChild(
                el("span", classes, children=[el("i"), el("b", text=piece["letter"])])
            )
        seen = visible_from_above(stack)
        for piece in reversed(seen):
            top_view.appendChild(el("span", "tp " + piece_classes(piece)))

    def square_words(self, name, stack, is_target, targets):
        rank = int(name[1])
        rows = {1: "Rainbow home row", 2: "Rainbow second row", 3: "centre row"}
        rows[4] = "Xeno second row"
        rows[5] = "Xeno home row"
        words = name + ", " + rows[rank] + ": "
        if stack:
            words += "bottom to top " + ", ".join(piece_words(p) for p in stack)
        else:
            words += "empty"
        if is_target:
            words += ". Move here for " + str(targets[name]) + " points"
        return words

    def render_turnbar(self, view):
        box = by_id("turnbar")
        clear(box)
        state = view["state"]
        if not state["rolled"][0]:
            box.appendChild(el("p", "tl-waiting", text="Waiting for the roll."))
            return
        mover = state["seat"] if state["seat"] is not None else view["to_move"]
        dice = el("div", "tl-dice" + (" rolling" if self.rolled_now else ""))
        if mover is not None:
            who = view["seats"][mover]["name"]
            dice.appendChild(el("span", "tl-dice-owner", text=who + "'s roll"))
        pools = {p["pool"]: p for p in state["pools"]}
        for index in (0, 1):
            pool = pools.get(str(index + 1))
            value = state["dice"][index]
            rolled = state["rolled"][index]
            die = el("div", "tl-die", attrs={"data-die": str(index + 1)})
            die.appendChild(el("span", "tl-pips", text=str(value)))
            label = "Die " + str(index + 1)
            if rolled != value:
                label += " (rolled " + str(rolled) + ")"
            die.appendChild(el("small", text=label))
            if pool:
                left = str(pool["remaining"]) + " left"
                if pool["stack"]:
                    left += " · " + pool["stack"].replace("Rainbow ", "").replace("Xeno ", "")
                die.appendChild(el("small", "tl-left", text=left))
                if pool["remaining"] == 0:
                    die.classList.add("spent")
            else:
                die.classList.add("merged")
                die.appendChild(el("small", "tl-left", text="in the pool"))
            dice.appendChild(die)
        if "+" in pools:
            pool = pools["+"]
            where = "any stack" if pool["any_stack"] else (pool["stack"] or "one stack")
            merged = el("div", "tl-die pool", attrs={"data-die": "+"})
            merged.appendChild(el("span", "tl-pips", text=str(pool["remaining"])))
            kind = "WILD pool" if state["combined"] == "wild" else "Summed pool"
            merged.appendChild(el("small", text=kind))
            merged.appendChild(el("small", "tl-left", text="for " + where))
            dice.appendChild(merged)
        face = state["face"] or "–"
        tree = el("div", "tl-die tree" + (" spent" if state["action_used"] else ""))
        tree.appendChild(el("span", "tl-face", text=face))
        used = " (used)" if state["action_used"] else ""
        tree.appendChild(el("small", text="Treehouse" + used))
        help_text = FACE_HELP.get(face, "")
        if face == "AIM" and view["options"].get("mode") == "solitaire":
            help_text = "Put one removed pyramid back for free."
        tree.appendChild(el("small", "tl-left", text=help_text))
        dice.appendChild(tree)
        box.appendChild(dice)
        if state["pending_removals"]:
            box.appendChild(
                el(
                    "p",
                    "tl-note",
                    text="Remove "
                    + str(state["pending_removals"])
                    + " opposing pyramid(s) for the high roll first.",
                )
            )
        if not self.my_turn():
            return
        buttons = el("div", "tl-turn-actions")
        treehouse = state["treehouse"]
        if len(treehouse) == 1:
            text = treehouse[0]
            label = "Use " + text[4:] if text.startswith("use ") else text
            buttons.appendChild(self.action_button(text, label, "tree"))
        elif treehouse:
            more = el(
                "button",
                "tl-action tree",
                text="Use " + face + "…",
                attrs={
                    "type": "button",
                    "id": "btn-treehouse",
                    "aria-expanded": "true" if self.tree_open else "false",
                },
            )
            on(more, "click", self.toggle_tree)
            buttons.appendChild(more)
        for text in state["other"]:
            if text == "end":
                continue
            buttons.appendChild(self.action_button(text, self.other_label(text, state)))
        if "end" in state["other"]:
            buttons.appendChild(self.action_button("end", "End turn", "end primary"))
        box.appendChild(buttons)
        if self.tree_open and len(treehouse) > 1:
            listing = el("div", "tl-tree-list", attrs={"role": "group", "aria-label": face})
            for text in treehouse:
                button = self.action_button(text, describe(text))
                squares = [w[1:] for w in text.split()[2:] if len(w) == 3]
                on(button, "mouseenter", self.preview_handler(squares))
                on(button, "focus", self.preview_handler(squares))
                listing.appendChild(button)
            box.appendChild(listing)

    def other_label(self, text, state):
        if text == "sum":
            total = sum(p["remaining"] for p in state["pools"])
            return "Add the dice (" + str(total) + " for one stack)"
        words = text.split()
        if words[0] == "remove":
            return "Remove the top of Xeno stack " + words[1]
        if words[0] == "replace":
            file, _, pool = words[1].partition("/")
            return "Put back on Xeno stack " + file + ": 6 pt from " + pool_text(pool)
        return describe(text)[0].upper() + describe(text)[1:]

    def action_button(self, text, label, extra=""):
        button = el(
            "button",
            "tl-action " + extra,
            text=label,
            attrs={"type": "button", "data-action": text},
        )
        on(button, "click", self.action_handler(text))
        return button

    def render_prompt(self, view):
        box = by_id("prompt")
        clear(box)
        board = by_id("board")
        entry = self.selected_entry()
        board.setAttribute("data-selected", self.selected or "")
        if not self.my_turn():
            return
        state = view["state"]
        if not entry:
            if state["pieces"]:
                box.appendChild(
                    el(
                        "p",
                        text="Pick a piece to move: squares with a dashed ring hold one. "
                        "Or use the buttons above.",
                    )
                )
            return
        line = el("p")
        line.appendChild(el("strong", text=piece_text(self.selected)))
        moves = [t for t in entry["targets"] if t["square"] != "dig"]
        if moves:
            line.appendChild(
                document.createTextNode(
                    ": click a highlighted square ("
                    + ", ".join(t["square"] + ": " + str(t["cost"]) + " pt" for t in moves)
                    + ")."
                )
            )
        box.appendChild(line)
        others = [p for p in state["pieces"] if p["square"] == entry["square"] and p is not entry]
        if others:
            chips = el("p", "tl-chips", text="Also here: ")
            for other in others:
                key = other["letter"] + other["square"]
                chip = el(
                    "button",
                    "tl-chip",
                    text=piece_text(key),
                    attrs={"type": "button", "data-piece": key},
                )
                on(chip, "click", self.select_handler(key))
                chips.appendChild(chip)
            box.appendChild(chips)
        buttons = el("div", "tl-turn-actions")
        for target in entry["targets"]:
            if target["square"] != "dig":
                continue
            for pool in target["actions"]:
                text = target["actions"][pool]
                label = "Dig to the top: " + str(target["cost"]) + " pt from " + pool_text(pool)
                button = el(
                    "button",
                    "tl-action",
                    text=label,
                    attrs={"type": "button", "data-action": text, "data-pool": pool},
                )
                on(button, "click", self.move_handler(entry, target, text))
                buttons.appendChild(button)
        if self.choice:
            chosen_entry, target = self.choice
            box.appendChild(
                el(
                    "p",
                    "tl-ask",
                    text="To "
                    + target["square"]
                    + " for "
                    + str(target["cost"])
                    + " pt: which die pays?",
                )
            )
            pools = {p["pool"]: p for p in state["pools"]}
            for pool in target["actions"]:
                text = target["actions"][pool]
                left = pools[pool]["remaining"] if pool in pools else "?"
                label = "Pay with " + pool_text(pool) + " (" + str(left) + " left)"
                button = el(
                    "button",
                    "tl-action primary",
                    text=label,
                    attrs={"type": "button", "data-action": text, "data-pool": pool},
                )
                on(button, "click", self.move_handler(chosen_entry, target, text))
                buttons.appendChild(button)
        if buttons.firstChild:
            box.appendChild(buttons)
        cancel = el("button", "tl-cancel", text="Cancel (Esc)", attrs={"type": "button"})
        on(cancel, "click", lambda evt: self.deselect())
        box.appendChild(cancel)

    def select_handler(self, key):
        return lambda evt: self.select(key)

    def render_last(self, view):
        box = by_id("last-action")
        log = view["log"]
        if not log:
            box.textContent = ""
            return
        parts = []
        # A turn's end and the next roll come together, so show both.
        shown = log[-2:] if len(log) > 1 and log[-1]["seat"] < 0 else log[-1:]
        for entry in shown:
            who = "the dice" if entry["seat"] < 0 else view["seats"][entry["seat"]]["name"]
            parts.append(who + " " + describe(entry["text"]))
        text = "; ".join(parts)
        box.textContent = "Last: " + text[0].upper() + text[1:] + "."

    def render_progress(self, view):
        box = by_id("progress")
        clear(box)
        state = view["state"]
        if view["options"].get("mode") == "solitaire" and not view["outcome"]:
            # Solitaire is lost when the turn limit runs out, so show the clock.
            limit = state["turn_limit"]
            box.appendChild(
                el(
                    "p",
                    "tl-clock",
                    text="Turn "
                    + str(state["turns"] + 1)
                    + " of "
                    + str(limit)
                    + ": match before the end of turn "
                    + str(limit)
                    + " or lose.",
                )
            )
        names = self.team_names(view) or [view["seats"][0]["name"]]
        for index, team in enumerate(view["state"]["teams"]):
            side = self.seat_side(team["seats"][0], view)
            row = el("div", "tl-team")
            # Partners play from both sides: one badge per colour the team plays.
            sides = []
            for seat_side in [self.seat_side(seat, view) for seat in team["seats"]]:
                if seat_side not in sides:
                    sides.append(seat_side)
            badges = el("span", "tl-side-badges", attrs={"aria-hidden": "true"})
            for each in sides:
                badges.appendChild(el("span", "tl-side-badge side" + str(each)))
            row.appendChild(badges)
            label = names[index] if index < len(names) else SIDE_NAMES[side]
            row.appendChild(el("strong", "tl-team-name", text=label))
            # The engine counts only matches the win can use and the points the
            # win still needs; a team that has won has no distance.
            parts = [str(team["matched"]) + " of " + str(team["needed"]) + " matched"]
            for seat in team.get("waiting_on") or []:
                parts.append(self.name(seat) + " still needs a match")
            if team.get("distance") is not None:
                parts.append(str(team["distance"]) + " pts of moves away")
            row.appendChild(el("span", "tl-team-count", text=" · ".join(parts)))
            chips = el("span", "tl-stacks")
            # Partners' stacks lie on both sides: then name the side too ("Xd").
            both = len({stack["stack"][0] for stack in team["stacks"]}) > 1
            for stack in team["stacks"]:
                letter = (stack["stack"][0] if both else "") + stack["stack"][-1]
                mark = "✓" if stack["matches"] else "·"
                chip = el(
                    "span",
                    "tl-stack" + (" ok" if stack["matches"] else ""),
                    text=letter + mark,
                    attrs={
                        "title": stack["stack"]
                        + (" matches its Goal" if stack["matches"] else " does not match yet")
                    },
                )
                chips.appendChild(chip)
            row.appendChild(chips)
            box.appendChild(row)

    def render_score(self, view):
        box = by_id("score")
        score = view["state"]["score"]
        if not score:
            box.hidden = True
            return
        box.hidden = False
        if not score["winners"]:
            box.textContent = "No points this game."
            return
        names = self.team_names(view)
        team = self.team_of(view, score["winners"][0])
        who = names[team] if names else view["seats"][score["winners"][0]]["name"]
        text = who + " scores " + str(score["points"]) + " points"
        if score["perfect"]:
            text += ": a perfect game!"
        box.textContent = text + "."

    def turn_text(self, view):
        seat = view["to_move"]
        name = view["seats"][seat]["name"]
        side = SIDE_NAMES[self.seat_side(seat, view)]
        if side not in name:
            name = name + " (" + side + ")"
        if view["to_move_kind"] == "ai":
            return name + " is thinking…"
        if view["state"]["phase"] == "remove":
            return name + ": remove an opposing pyramid for the high roll."
        return name + " to play: pick a piece, use the Treehouse die, or end the turn."

    # -- the computer's turn, step by step -------------------------------------------------

    def ai_pause(self):
        if self.tournament and self.tournament.fast():
            return FAST_PAUSE
        log = self.view["log"] if self.view else []
        if log and log[-1]["seat"] < 0:
            return ROLL_PAUSE
        return STEP_PAUSE

    # -- embedded examples -------------------------------------------------------------------

    def show_example(self, example):
        if not example:
            return
        self.html.setAttribute("data-mode", "example")
        self.highlight = example["highlight"]
        box = by_id("example")
        box.hidden = False
        clear(box)
        box.appendChild(el("strong", text=example["title"] + ". "))
        box.appendChild(document.createTextNode(example["caption"]))
        self.painted = {}
        self.paint()

    async def open_embed_mode(self, mode):
        if self.view is None:
            answer = await self.act({"op": "example", "game": self.slug, "key": "setup"})
            if answer:
                self.show_example(answer.get("example"))

    # -- tournaments ---------------------------------------------------------------------------

    async def start_tournament_game(self, options, seats):
        """Start one tournament game (two players); returns its seed, or None if refused."""
        chosen = self.default_options()
        chosen.update(options)
        chosen["mode"] = "duel"
        answer = await self.act(self.new_request(chosen, seats))
        if not answer:
            return None
        self.message(seats[0]["name"] + " v " + seats[1]["name"] + ": a tournament game.", "info")
        return answer["view"]["record"]["seed"]

    def tournament_result(self, view):
        """The winner's name ("" for a draw) and the points, from the engine's score."""
        score = view["state"]["score"]
        if not score or not score["winners"]:
            return "", 0
        return view["seats"][score["winners"][0]]["name"], score["points"]

    # -- match scoring -------------------------------------------------------------------------

    def team_of(self, view, seat):
        return seat % 2 if view["options"].get("mode") == "partners" else seat

    def team_names(self, view):
        """Who plays the match: the two seats, or the two partnerships (none in solitaire)."""
        mode = view["options"].get("mode", "duel")
        names = [s["name"] for s in view["seats"]]
        if mode == "solitaire":
            return None
        if mode == "partners":
            return [names[0] + " & " + names[2], names[1] + " & " + names[3]]
        return names

    async def match_tool(self, args):
        answer = await self.tool("match", args)
        if not answer.get("ok"):
            by_id("match").textContent = answer.get("error", "")
            return None
        return answer["result"]["match"]

    async def update_match(self, view):
        if self.embed:
            return
        names = self.team_names(view)
        panel = by_id("match-panel")
        if names is None:
            panel.hidden = True
            return
        panel.hidden = False
        match = self.match
        if not match or match.get("players") != names:
            target = match["target"] if match else 30
            match = {"players": names, "target": target, "totals": [0] * len(names), "games": 0}
            match["counted"] = []
            self.match = match
            self.match_store.save(self.match)
        score = view["state"]["score"]
        seed = view["record"]["seed"]
        finished = view["outcome"] and view["position"] == view["length"]
        if finished and score and score["winners"] and seed not in match.get("counted", []):
            won = self.team_of(view, score["winners"][0])
            winner = names[won]
            args = {
                "players": names,
                "target": match["target"],
                "totals": match["totals"],
                "games": match["games"],
                "winner": winner,
                "points": score["points"],
            }
            if match.get("champion"):
                # A decided match starts over with this game.
                args["totals"] = [0] * len(names)
                args["games"] = 0
            result = await self.match_tool(args)
            if result is None:
                return
            counted = (match.get("counted", []) + [seed])[-50:]
            match = result
            match["counted"] = counted
            # The loser's team (its first seat) may start the next game (option "first").
            match["last_loser"] = 1 - won
            self.match = match
            self.match_store.save(self.match)
        self.render_match()

    def render_match(self):
        match = self.match
        box = by_id("match")
        clear(box)
        if not match:
            return
        by_id("match-target").value = str(match["target"])
        table = el("ul", "tl-match-totals")
        for index, name in enumerate(match["players"]):
            item = el("li")
            item.appendChild(el("span", text=name))
            item.appendChild(el("strong", text=str(match["totals"][index])))
            table.appendChild(item)
        box.appendChild(table)
        games = str(match["games"]) + (" game" if match["games"] == 1 else " games")
        if match.get("champion"):
            text = match["champion"] + " wins the match! (" + games + ")"
        else:
            text = games + " played; first to " + str(match["target"]) + " points wins."
            following = self.next_direction(self.view["options"]) if self.view else None
            if following:
                # Either way round, one partnership has the edge (see the rules page).
                text += (
                    " Next game: "
                    + following.replace("counterc", "counter-c")
                    + ", to even out the turn order."
                )
        box.appendChild(el("p", "tl-match-note", text=text))

    def form_defaults(self, current):
        """A partner match alternates the turn order: the form proposes the next game's."""
        following = self.next_direction(current)
        if not following:
            return current
        proposed = dict(current)  # the view's own options stay as they are
        proposed["direction"] = following
        return proposed

    def next_direction(self, options):
        """The turn order the engine names for a running partner match's next game, if any."""
        match = self.match
        if options.get("mode") != "partners" or not match or match.get("champion"):
            return None
        if not match.get("games") or options.get("direction") == "random":
            return None
        return match.get("next_direction")

    def extra_options(self, options):
        """Who starts: "the previous game's loser" is the seat that lost the match's last game."""
        loser = -1
        if options.get("first") == "loser" and self.match and options.get("mode") != "solitaire":
            loser = self.match.get("last_loser", -1)
        return {"previous_loser": loser}

    async def match_target_changed(self, evt):
        if not self.match:
            return
        text = str(by_id("match-target").value).strip()
        try:
            target = int(text)
        except ValueError:
            self.message("The match total must be a whole number of points, such as 30.", "error")
            by_id("match-target").value = str(self.match["target"])
            return
        args = dict(self.match)
        args["target"] = target
        result = await self.match_tool(args)
        if result is None:
            by_id("match-target").value = str(self.match["target"])
            return
        result["last_loser"] = self.match.get("last_loser", -1)
        result["counted"] = self.match.get("counted", [])
        self.match = result
        self.match_store.save(self.match)
        self.render_match()

    def match_reset(self, evt):
        if not self.match:
            return
        self.match["totals"] = [0] * len(self.match["players"])
        self.match["games"] = 0
        self.match["champion"] = None
        self.match_store.save(self.match)
        self.render_match()
        self.message("A new match starts: totals are back to 0.", "info")


asyncio.create_task(TimelockPage().start())
