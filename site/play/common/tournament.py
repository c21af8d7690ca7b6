"""A tournament panel for two-player game pages: players, rounds, pairings, standings, play-offs.

The page owns the games; this panel only keeps the tournament.  The engine's
``tournament`` tool pairs the players, adds each result, keeps the standings
and names the tie-break games, so no rule is decided here.  The panel asks
the page to start each game (``page.start_tournament_game``) and, when that
game is over, to read its result (``page.tournament_result``).
"""

from ui import Store, by_id, clear, el, on

MAX_PLAYERS = 8


class TournamentPanel:
    """The tournament form and table inside the element ``box_id``."""

    def __init__(self, page, box_id, option_names=()):
        self.page = page
        self.box_id = box_id
        self.option_names = option_names
        self.store = Store(page.slug, "tournament")
        self.data = self.store.load()
        self.rows = [
            {"name": "Player 1", "kind": "human"},
            {"name": "Player 2", "kind": "ai:" + page.default_ai},
        ]
        self.error = ""

    # -- levels and options from the game's description ------------------------------------

    def kinds(self):
        out = [("human", "Human")]
        for level in self.page.meta["ai_levels"]:
            out.append(("ai:" + level["key"], "Computer: " + level["label"]))
        return out

    def specs(self):
        return [s for s in self.page.meta["options"] if s["name"] in self.option_names]

    def save(self):
        self.store.save(self.data)

    # -- drawing ------------------------------------------------------------------------------

    def render(self):
        box = by_id(self.box_id)
        if box is None or self.page.meta is None:
            return
        clear(box)
        if self.data and self.data.get("table"):
            self.render_table(box)
        else:
            self.render_form(box)
        if self.error:
            box.appendChild(el("p", "tn-error", text=self.error, attrs={"role": "alert"}))

    def render_form(self, box):
        box.appendChild(
            el(
                "p",
                "tn-note",
                text="Enter the players. Everyone meets everyone in turn (one player sits out "
                "each round when the number is odd); leaders level on points play off.",
            )
        )
        listing = el("ol", "tn-players")
        for index, row in enumerate(self.rows):
            name = el(
                "input",
                attrs={
                    "id": "tn-name-" + str(index),
                    "maxlength": "40",
                    "value": row["name"],
                    "aria-label": "Name of player " + str(index + 1),
                },
            )
            on(name, "input", self.name_handler(index))
            kind = el(
                "select",
                attrs={"id": "tn-kind-" + str(index), "aria-label": "Who plays " + row["name"]},
            )
            for value, label in self.kinds():
                option = el("option", text=label, attrs={"value": value})
                if value == row["kind"]:
                    option.setAttribute("selected", "selected")
                kind.appendChild(option)
            on(kind, "change", self.kind_handler(index))
            drop = el(
                "button",
                "tn-drop",
                text="×",
                attrs={"type": "button", "aria-label": "Remove player " + str(index + 1)},
            )
            drop.disabled = len(self.rows) <= 2
            on(drop, "click", self.drop_handler(index))
            listing.appendChild(el("li", children=[name, kind, drop]))
        box.appendChild(listing)
        add = el("button", text="Add a player", attrs={"type": "button", "id": "tn-add"})
        add.disabled = len(self.rows) >= MAX_PLAYERS
        on(add, "click", lambda evt: self.add_row())
        box.appendChild(add)
        fields = el("div", "tn-fields")
        rounds = el(
            "input",
            attrs={
                "id": "tn-rounds",
                "type": "number",
                "min": "1",
                "max": "28",
                "placeholder": "all",
                "inputmode": "numeric",
            },
        )
        fields.appendChild(
            el(
                "label",
                "tn-field",
                children=[el("span", text="Rounds (empty: everyone meets once)"), rounds],
            )
        )
        for spec in self.specs():
            select = el("select", attrs={"id": "tn-opt-" + spec["name"]})
            for index, choice in enumerate(spec["choices"]):
                option = el("option", text=choice[1], attrs={"value": str(index)})
                if choice[0] == spec["default"]:
                    option.setAttribute("selected", "selected")
                select.appendChild(option)
            fields.appendChild(
                el("label", "tn-field", children=[el("span", text=spec["label"]), select])
            )
        fast = el("input", attrs={"id": "tn-fast", "type": "checkbox", "checked": "checked"})
        fields.appendChild(
            el(
                "label",
                "tn-check",
                children=[fast, el("span", text="Games between computers at full speed")],
            )
        )
        box.appendChild(fields)
        start = el(
            "button",
            "primary",
            text="Start the tournament",
            attrs={"type": "button", "id": "tn-start"},
        )
        on(start, "click", lambda evt: self.start())
        box.appendChild(start)

    def render_table(self, box):
        table = self.data["table"]
        kinds = {p["name"]: p["kind"] for p in self.data["players"]}
        grid = el("table", "tn-standings", attrs={"id": "tn-standings"})
        head = el("tr")
        for text in ("#", "Player", "Games", "Wins", "Points"):
            head.appendChild(el("th", text=text, attrs={"scope": "col"}))
        grid.appendChild(el("thead", children=[head]))
        body = el("tbody")
        leaders = set(table["tied"]) if table["tied"] else set()
        for index, row in enumerate(table["standings"]):
            line = el("tr")
            if table["winner"] == row["player"]:
                line.classList.add("champion")
            elif row["player"] in leaders and len(leaders) > 1:
                line.classList.add("tied")
            line.appendChild(el("td", text=str(index + 1)))
            who = el("td", text=row["player"])
            if kinds.get(row["player"], "human") != "human":
                who.appendChild(el("small", text=" (computer)"))
            line.appendChild(who)
            line.appendChild(el("td", text=str(row["played"])))
            line.appendChild(el("td", text=str(row["wins"])))
            line.appendChild(el("td", text=str(row["points"])))
            body.appendChild(line)
        grid.appendChild(body)
        box.appendChild(el("div", "tn-scroll", children=[grid]))
        status = el("p", "tn-status", attrs={"id": "tn-status", "aria-live": "polite"})
        nxt = table["next"]
        playing = self.data.get("playing")
        if table["winner"]:
            status.textContent = table["winner"] + " wins the tournament!"
            status.classList.add("done")
        elif playing:
            status.textContent = "Playing now: " + playing["first"] + " v " + playing["second"]
        elif nxt:
            label = "Tie-break" if not table["remaining"] else self.round_label(table, nxt)
            status.textContent = label + ": " + nxt[0] + " v " + nxt[1]
        box.appendChild(status)
        if table["tied"] and len(table["tied"]) > 1 and not table["remaining"]:
            box.appendChild(
                el(
                    "p",
                    "tn-note",
                    text=" and ".join(table["tied"])
                    + " are level on points: they play each other until one wins.",
                )
            )
        buttons = el("div", "tn-buttons")
        if nxt and not table["winner"]:
            text = "Play this game" if not playing else "Restart this game"
            kind = "" if playing else "primary"
            play = el("button", kind, text=text, attrs={"type": "button", "id": "tn-play"})
            on(play, "click", lambda evt: self.play_next())
            buttons.appendChild(play)
        again = el("button", text="New tournament", attrs={"type": "button", "id": "tn-new"})
        on(again, "click", lambda evt: self.reset())
        buttons.appendChild(again)
        box.appendChild(buttons)
        if table["results"]:
            details = el("details", "tn-results")
            details.appendChild(
                el("summary", text="Games played (" + str(len(table["results"])) + ")")
            )
            items = el("ol")
            for r in table["results"]:
                text = r["first"] + " v " + r["second"] + ": "
                if r["winner"]:
                    text += r["winner"] + " won, " + str(r["points"]) + " points"
                else:
                    text += "drawn"
                if r["tiebreak"]:
                    text += " (tie-break)"
                items.appendChild(el("li", text=text))
            details.appendChild(items)
            box.appendChild(details)

    def round_label(self, table, pair):
        for index, pairs in enumerate(table["schedule"]):
            if pair in pairs and pair in table["remaining"]:
                return "Round " + str(index + 1) + " of " + str(table["rounds"])
        return "Next"

    # -- handlers -------------------------------------------------------------------------------

    def name_handler(self, index):
        def handler(evt):
            self.rows[index]["name"] = str(evt.target.value)

        return handler

    def kind_handler(self, index):
        def handler(evt):
            self.rows[index]["kind"] = str(evt.target.value)

        return handler

    def drop_handler(self, index):
        def handler(evt):
            if len(self.rows) > 2:
                self.rows.pop(index)
                self.render()

        return handler

    def add_row(self):
        if len(self.rows) < MAX_PLAYERS:
            self.rows.append(
                {"name": "Player " + str(len(self.rows) + 1), "kind": "ai:" + self.page.default_ai}
            )
            self.render()

    async def ask(self, args):
        answer = await self.page.tool("tournament", args)
        if not answer.get("ok"):
            self.error = answer.get("error", "refused")
            self.render()
            return None
        self.error = ""
        return answer["result"]["tournament"]

    async def start(self):
        players = []
        for row in self.rows:
            players.append({"name": row["name"].strip()[:40], "kind": row["kind"]})
        text = str(by_id("tn-rounds").value).strip()
        rounds = 0
        if text:
            try:
                rounds = int(text)
            except ValueError:
                self.error = "Rounds must be a whole number."
                self.render()
                return
            if rounds < 1:
                self.error = "Play at least one round (or leave rounds empty)."
                self.render()
                return
        options = {}
        for spec in self.specs():
            select = by_id("tn-opt-" + spec["name"])
            options[spec["name"]] = spec["choices"][int(select.value)][0]
        names = [p["name"] for p in players]
        table = await self.ask({"players": names, "rounds": rounds, "results": []})
        if table is None:
            return
        self.data = {
            "players": players,
            "rounds": rounds,
            "options": options,
            "fast": bool(by_id("tn-fast").checked),
            "table": table,
            "playing": None,
        }
        self.save()
        self.render()
        self.page.message("The tournament starts: " + str(table["rounds"]) + " rounds.", "info")

    def reset(self):
        self.data = None
        self.store.save({})
        self.error = ""
        self.render()

    def player(self, name):
        for p in self.data["players"]:
            if p["name"] == name:
                return p
        return {"name": name, "kind": "human"}

    async def play_next(self):
        table = self.data["table"]
        nxt = table["next"]
        if not nxt:
            return
        seats = []
        for name in nxt:
            p = self.player(name)
            seat = {"name": name, "kind": "human"}
            if p["kind"].startswith("ai:"):
                seat = {"name": name, "kind": "ai", "level": p["kind"][3:]}
            seats.append(seat)
        seed = await self.page.start_tournament_game(self.data.get("options") or {}, seats)
        if seed is None:
            return
        self.data["playing"] = {"seed": seed, "first": nxt[0], "second": nxt[1]}
        self.save()
        self.render()
        await self.page.run_ai()

    def fast(self):
        """True while a tournament game between two computers runs at full speed."""
        view = self.page.view
        playing = self.data and self.data.get("playing")
        if not playing or not view or view["record"]["seed"] != playing["seed"]:
            return False
        return bool(self.data.get("fast")) and all(s["kind"] == "ai" for s in view["seats"])

    async def game_changed(self, view):
        """Record the tournament game once the page shows it finished."""
        playing = self.data and self.data.get("playing")
        if not playing or view["record"]["seed"] != playing["seed"]:
            return
        if not view["outcome"] or view["position"] != view["length"]:
            return
        winner, points = self.page.tournament_result(view)
        game = {
            "first": playing["first"],
            "second": playing["second"],
            "winner": winner,
            "points": points,
        }
        args = {
            "players": self.data["table"]["players"],
            "rounds": self.data["rounds"],
            "results": self.data["table"]["results"],
            "game": game,
        }
        # Cleared first, so a second paint of the same finished game never counts it twice.
        self.data["playing"] = None
        table = await self.ask(args)
        if table is None:
            return
        self.data["table"] = table
        self.save()
        self.render()
