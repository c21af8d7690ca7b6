"""The Time Vectors page: draws the engine's view and turns clicks into notation.

Which points are clickable, whose turn it is and whether the game is over all
come from the engine's view; this file never decides a rule.
"""

import asyncio

from js import document
from ui import GamePage, by_id, clear, el, h, on

QUADRANTS = ("NW", "NE", "SE", "SW")
COLOUR_NAMES = ("Amber", "Teal", "Violet")
ACTION_LABELS = {
    "swap": "Swap: the first token becomes mine (Teal)",
    "pair": "I take Amber, the two tokens (the first player then moves as Teal)",
    "single": "I take Teal, the single token, and move now",
    "claim": "Claim a vector (C)",
    "cancel": "Cancel the claim (Esc)",
    "end": "End turn (E)",
}
# Seat names the new-game form fills in; a name still equal to one of these is
# replaced when the options change the seats (a seat called "Teal" must not end
# up playing Amber after a 3MEQ choice).
DEFAULT_NAMES = (
    {"First player", "Second player"}
    | set(COLOUR_NAMES)
    | {c + " " + x for c in COLOUR_NAMES for x in "ABC"}
    | {c + " (alone)" for c in COLOUR_NAMES}
)
# Keyboard shortcuts for the claim rule, shown on the buttons.
ACTION_KEYS = {"c": "claim", "e": "end", "Escape": "cancel"}


def screen_xy(name):
    """Where a point sits in its tier's 8×8 picture (x east, y north): for arrow keys."""
    quadrant, file, rank = name[:2], "abcd".index(name[3]), int(name[4]) - 1
    x = file + (4 if quadrant in ("NE", "SE") else 0)
    y = rank + (4 if quadrant in ("NW", "NE") else 0)
    return x, y


def name_at(tier, x, y):
    quadrant = ("NW" if x < 4 else "NE") if y >= 4 else ("SW" if x < 4 else "SE")
    return quadrant + str(tier) + "abcd"[x % 4] + str(y % 4 + 1)


class TimeVectorsPage(GamePage):
    slug = "time_vectors"
    default_ai = "casual"

    def __init__(self):
        super().__init__()
        self.points = {}
        self.cells = {}
        self.focus_name = "NW4a4"
        self.selection = []
        self.checker = False
        self.highlight = []

    # -- wiring ---------------------------------------------------------------------

    def bind_game(self):
        for node in document.querySelectorAll(".pt"):
            self.points[str(node.getAttribute("data-p"))] = node
        board = by_id("board")
        on(board, "click", self.board_click)
        on(board, "keydown", self.board_key)
        on(document, "keydown", self.shortcut_key)
        self.points[self.focus_name].setAttribute("tabindex", "0")

    def shortcut_key(self, evt):
        """C claims, E ends the turn, Esc cancels a claim (not while typing in a field)."""
        tag = str(evt.target.tagName).lower() if evt.target else ""
        if tag in ("input", "select", "textarea") or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        key = str(evt.key)
        action = ACTION_KEYS.get(key if key == "Escape" else key.lower())
        if action is None or self.view is None or self.view["to_move_kind"] != "human":
            return
        if action in self.view["state"]["legal"]:
            evt.preventDefault()
            asyncio.create_task(self.play(action))

    async def board_click(self, evt):
        target = evt.target
        if not target.classList.contains("pt"):
            return
        name = str(target.getAttribute("data-p"))
        self.move_focus(name, False)
        await self.point_chosen(name)

    async def point_chosen(self, name):
        if self.checker:
            await self.toggle_selection(name)
            return
        if self.view is None:
            return
        if self.view["state"]["phase"] == "naming":
            # A claim under way: clicking a token names it (the engine refuses others).
            await self.play("mark " + name)
            return
        if name not in self.view["state"]["legal"]:
            if self.view["to_move_kind"] == "human" and not self.view["outcome"]:
                # Ask the engine anyway: its refusal names the rule.
                await self.play(name)
            return
        await self.play(name)

    def board_key(self, evt):
        key = str(evt.key)
        name = self.focus_name
        tier = int(name[2])
        x, y = screen_xy(name)
        moves = {
            "ArrowLeft": (-1, 0),
            "ArrowRight": (1, 0),
            "ArrowUp": (0, 1),
            "ArrowDown": (0, -1),
        }
        if key in moves:
            dx, dy = moves[key]
            self.move_focus(name_at(tier, max(0, min(7, x + dx)), max(0, min(7, y + dy))))
        elif key == "PageUp":
            self.move_focus(name_at(min(4, tier + 1), x, y))
        elif key == "PageDown":
            self.move_focus(name_at(max(1, tier - 1), x, y))
        elif key in ("Enter", " "):
            evt.preventDefault()
            asyncio.create_task(self.point_chosen(name))
            return
        else:
            return
        evt.preventDefault()

    def move_focus(self, name, focus=True):
        self.points[self.focus_name].setAttribute("tabindex", "-1")
        self.focus_name = name
        node = self.points[name]
        node.setAttribute("tabindex", "0")
        if focus:
            node.focus()

    async def refresh_seats(self):
        await super().refresh_seats()
        answer = await self.call(
            {"op": "describe", "game": self.slug, "options": self.chosen_options()}
        )
        if not answer.get("ok"):
            return
        for index, label in enumerate(answer["seat_labels"]):
            box = by_id("seat-name-" + str(index))
            if box is not None and str(box.value) in DEFAULT_NAMES:
                box.value = label

    # -- claims and the vector checker -------------------------------------------------

    async def toggle_selection(self, name):
        if name in self.selection:
            self.selection.remove(name)
        elif len(self.selection) < 4:
            self.selection.append(name)
        self.paint_cells()
        await self.check_selection()

    async def check_selection(self):
        box = by_id("example")
        box.hidden = False
        if len(self.selection) < 4:
            box.textContent = (
                "Vector checker: choose four points (" + str(len(self.selection)) + " of 4 chosen)."
            )
            return
        answer = await self.tool("vector_dimensions", {"points": self.selection})
        if not answer.get("ok"):
            box.textContent = answer.get("error", "")
            return
        result = answer["result"]
        if result["dimensions"] is None:
            box.textContent = " ".join(self.selection) + ": not a vector."
        else:
            box.textContent = (
                " → ".join(result["ordered"])
                + " is "
                + result["described"]
                + " (dimensions "
                + ", ".join(str(d) for d in result["dimensions"])
                + ")."
            )

    async def open_embed_mode(self, mode):
        if mode == "checker":
            self.checker = True
            self.selection = []
            if self.view is None:
                await self.act(
                    self.new_request(self.default_options(), [{"kind": "human"}, {"kind": "human"}])
                )
            self.html.setAttribute("data-mode", "checker")
            self.status("Click any four points; the engine says whether they form a vector.")
            await self.check_selection()
        elif self.view is None:
            await self.open_hash_example("dim1")

    async def open_hash_example(self, key):
        answer = await self.act({"op": "example", "game": self.slug, "key": key})
        if answer:
            self.show_example(answer.get("example"))

    def show_example(self, example):
        if not example:
            return
        self.checker = False
        self.html.setAttribute("data-mode", "example")
        self.highlight = example["highlight"]
        box = by_id("example")
        box.hidden = False
        box.textContent = example["title"] + ". " + example["caption"]
        self.paint_cells()

    # -- drawing ---------------------------------------------------------------------------

    def seat_badge(self, seat):
        colour = self.view["state"]["colour_of_seat"][seat]
        return h("span", "tv-token c" + str(colour), attrs={"aria-hidden": "true"})

    def render_state(self, view):
        state = view["state"]
        if not self.checker:
            self.selection = []
        self.paint_cells()
        self.render_supply(view)
        self.render_actions(view)
        if state.get("notice"):
            self.message(state["notice"], "error")

    def name_of(self, index):
        quadrant = QUADRANTS[index // 64]
        return quadrant + str(index // 16 % 4 + 1) + "abcd"[index // 4 % 4] + str(index % 4 + 1)

    def paint_cells(self):
        if self.view is None:
            return
        state = self.view["state"]
        legal = set(state["legal"])
        human = self.view["to_move_kind"] == "human" and not self.view["outcome"]
        winning = set(state["winning_line"] or []) | set(self.highlight)
        last = state["last"]
        selected = set(self.selection) | set(state.get("marked") or [])
        for index, colour in enumerate(state["cells"]):
            name = self.name_of(index)
            classes = "pt"
            if colour >= 0:
                classes += " c" + str(colour)
            if human and name in legal and not self.checker:
                classes += " legal"
            if name == last:
                classes += " last"
            if name in winning:
                classes += " win"
            if name in selected:
                classes += " sel"
            if self.cells.get(name) == classes:
                continue
            self.cells[name] = classes
            node = self.points[name]
            node.className = classes
            owner = COLOUR_NAMES[colour] + " token" if colour >= 0 else "empty"
            node.setAttribute("aria-label", name + ", " + owner)
            # A pointer shows the name the log and the move box use (NW1a2).
            node.setAttribute("title", name)

    def render_supply(self, view):
        box = by_id("supply")
        clear(box)
        state = view["state"]
        colours = len(set(state["colour_of_seat"]))
        for colour in range(colours):
            left = state["tokens_left"][colour]
            amount = "unlimited" if state.get("supply") == 0 else str(left) + " left"
            box.appendChild(
                el(
                    "span",
                    "tv-supply-item",
                    children=[
                        el("span", "tv-token c" + str(colour), attrs={"aria-hidden": "true"}),
                        el("span", text=COLOUR_NAMES[colour] + ": " + amount),
                    ],
                )
            )

    def render_actions(self, view):
        box = by_id("actions")
        clear(box)
        if view is None or view["to_move_kind"] != "human" or view["outcome"]:
            return
        state = view["state"]
        for text in state["legal"]:
            if text in ACTION_LABELS:
                classes = "tg-action"
                if text == "claim":
                    classes += " primary tv-claim"
                button = el(
                    "button",
                    classes,
                    text=ACTION_LABELS[text],
                    attrs={"type": "button", "data-action": text, "id": "btn-" + text},
                )
                for key, action in ACTION_KEYS.items():
                    if action == text:
                        button.setAttribute(
                            "aria-keyshortcuts", key.upper() if len(key) == 1 else key
                        )
                on(button, "click", self.action_handler(text))
                box.appendChild(button)
        if state["phase"] == "naming":
            named = len(state["marked"])
            box.appendChild(
                el(
                    "p",
                    "tv-claim-help",
                    text="Click the four tokens of your vector (" + str(named) + " of 4 named). "
                    "A wrong claim costs a placement.",
                )
            )

    def action_handler(self, text):
        # The event's currentTarget is gone once the handler awaits, so bind the move now.
        return lambda evt: self.play(text)

    def turn_text(self, view):
        seat = view["to_move"]
        name = view["seats"][seat]["name"]
        colour = COLOUR_NAMES[view["state"]["colour_of_seat"][seat]]
        if not name.startswith(colour):
            name = name + " (" + colour + ")"
        phase = view["state"]["phase"]
        if view["to_move_kind"] == "ai":
            return name + " is thinking…"
        if phase == "opening":
            return name + ": place the three opening tokens (two Amber, then one Teal)."
        if phase == "choose":
            return (
                name + ": choose your colour: Amber (the two tokens; the first player moves next)"
                " or Teal (the single token; you move now)."
            )
        if phase == "claim":
            if "claim" not in view["state"]["legal"]:
                return name + ": end your turn (E)."  # fewer than four tokens down
            return name + ": claim a vector (C), or end your turn (E)."
        if phase == "naming":
            return name + ": name the four tokens of your vector, or cancel (Esc)."
        # The legal list says what to offer: a claim needs four tokens down, and once
        # any colour has run out under the claim rule nobody places (the engine's rule).
        legal = view["state"]["legal"]
        if view["state"].get("claim_rule") and not any(
            t not in ("claim", "end", "swap") for t in legal
        ):
            return name + ": no more tokens are placed: claim a vector (C), or end your turn (E)."
        text = name + " to move: click a free point"
        if "swap" in legal:
            text += ", or swap: take the first token as yours"
        if "claim" in legal:
            text += ", or claim a vector (C)"
        return text + "."


asyncio.create_task(TimeVectorsPage().start())
