"""The Timeline card game page: draws the engine's view and turns clicks into notation.

Whose turn it is, which gaps can be marked, who may be challenged and what a
bet may be all come from the engine's view (its legal actions in notation);
this file never decides a rule.  Texts come from the engine's ``labels`` tool
in the player's language; card texts carry their four languages themselves.
"""

import asyncio

import js as window
from js import document
from ui import GamePage, Store, by_id, clear, el, on

LANGS = ("de", "fr", "it", "en")
LANG_KEY = "timegames:timeline_cards:lang"
DEFAULT_ROUNDS = 4

# Only for drawing the dial: the slots of each spinner design, in the
# proportions the rules page gives (standard: ? 4/8, two tries 2/8, star and
# grumpy 1/8 each).  Which symbol comes up is the engine's chance step.
SPINNER_SLOTS = {
    "standard": (
        "question",
        "twice",
        "question",
        "star",
        "question",
        "twice",
        "question",
        "grumpy",
    ),
    "even": ("question", "twice", "star", "grumpy"),
}
SYMBOL_ICONS = {"question": "?", "twice": "2×", "star": "★", "grumpy": "☹"}
SYMBOL_COLOURS = {"question": "#6366f1", "twice": "#0d9488", "star": "#f59e0b", "grumpy": "#e11d48"}
DICE = ("⚀", "⚁", "⚂", "⚃", "⚄", "⚅")
CALLS = ("earlier", "correct", "later")

PAUSE_NEWS = 1.1  # seconds to read a reveal or watch the spinner before the computer goes on
PAUSE_PLAIN = 0.35


class TimelinePage(GamePage):
    slug = "timeline_cards"
    default_ai = "amateur"

    def __init__(self):
        super().__init__()
        self.lang = "en"
        self.labels = {}
        self.label_cache = {}
        self.stake = 0
        self.spin_key = None
        self.spin_angle = 0
        self.custom_deck = None
        self.highlight = []
        self.news_key = None
        self.paused_for = None
        self.match = None
        # Short event texts by card id for the log's picks and discards (all four languages).
        self.card_texts = {}
        self.card_texts_deck = ""
        self.texts_asked = set()
        self.missing_texts = []

    # -- language ---------------------------------------------------------------------

    async def prepare(self):
        # The shared dialog has a slot for notes: here, how seat order works.
        by_id("ng-notes").appendChild(el("p", "tc-help", attrs={"data-l": "order_help"}))
        lang = None
        try:
            lang = window.localStorage.getItem(LANG_KEY)
        except Exception:
            lang = None
        if not lang:
            lang = str(window.navigator.language or "en")[:2].lower()
        await self.load_labels(lang if lang in LANGS else "en")

    async def load_labels(self, lang):
        if lang not in self.label_cache:
            answer = await self.tool("labels", {"lang": lang})
            if not answer.get("ok"):
                self.refused(answer)
                return
            self.label_cache[lang] = answer["result"]["labels"]
        self.lang = lang
        self.labels = self.label_cache[lang]
        self.html.setAttribute("lang", lang)
        by_id("lang").value = lang
        for node in document.querySelectorAll("[data-l]"):
            node.textContent = self.t(str(node.getAttribute("data-l")))
        for node in document.querySelectorAll("[data-l-aria]"):
            node.setAttribute("aria-label", self.t(str(node.getAttribute("data-l-aria"))))
        for node in document.querySelectorAll("[data-l-placeholder]"):
            key = str(node.getAttribute("data-l-placeholder"))
            node.setAttribute("placeholder", self.t(key))
        self.label_shared_controls()
        if self.view is None:
            self.status(self.t("shuffling"))

    def translation(self, key, english):
        """The shared controls' texts (common/ui.py) in the chosen language."""
        return self.labels.get(key, english)

    async def change_language(self, evt):
        lang = str(by_id("lang").value)
        try:
            window.localStorage.setItem(LANG_KEY, lang)
        except Exception:
            pass  # private mode: the choice lasts for this visit
        await self.load_labels(lang)
        if self.view:
            self.render_state(self.view)
            self.render_players(self.view)
            self.render_log(self.view)
            self.render_controls(self.view)
            self.render_match()

    def t(self, key, player=None, n=None, stake=None, a=None, d=None):
        """A label in the current language with its placeholders filled in."""
        text = self.labels.get(key, key)
        for name, value in (("player", player), ("n", n), ("stake", stake), ("a", a), ("d", d)):
            if value is not None:
                text = text.replace("{" + name + "}", str(value))
        return text

    def year_text(self, year):
        return self.t("bc", n=-year) if year < 0 else str(year)

    def date_text(self, label):
        """A card's date label (``1291``, ``-58``, ``1848-09-12``) in words: "12 September 1848".

        Fills the engine's ``date.*`` and ``month.*`` label templates, the same
        ones ``timeline_cards.i18n.date_words`` uses, so the month is never a
        number that one country reads as the day.
        """
        negative = label.startswith("-")
        parts = (label[1:] if negative else label).split("-")
        year = int(parts[0])
        year_text = self.year_text(-year if negative else year)
        if len(parts) == 1:
            return year_text
        month = self.labels.get("month." + str(int(parts[1])), parts[1])
        if len(parts) == 2:
            template = self.labels.get("date.month_year", "{m} {y}")
            return template.replace("{m}", month).replace("{y}", year_text)
        day = int(parts[2])
        day_text = self.labels.get("date.first_day", "1") if day == 1 else str(day)
        template = self.labels.get("date.day_month_year", "{d} {m} {y}")
        return template.replace("{d}", day_text).replace("{m}", month).replace("{y}", year_text)

    def symbol_text(self, symbol):
        icon, words = SYMBOL_ICONS[symbol], self.t("spinner." + symbol)
        return words if words == icon else icon + " " + words

    def category_text(self, category):
        key = "category." + category
        return self.labels.get(key, category)

    # -- wiring -----------------------------------------------------------------------

    def bind_game(self):
        on(by_id("lang"), "change", self.change_language)
        on(by_id("match-next"), "click", self.next_round)
        on(by_id("match-new"), "click", self.new_match_clicked)
        on(by_id("match-rounds"), "change", self.rounds_changed)
        self.match_store = Store(self.slug, "match")
        self.match = self.match_store.load()

    def ai_pause(self):
        """Give people time to read a reveal, follow the spinner or see a card passed on."""
        state = self.view["state"]
        key = (self.view["position"], state["turn"], state["phase"], len(state["attempts"]))
        news = state["reveal"] is not None and str(state["reveal"]) != self.news_key
        worth_seeing = news or state["attempts"] or (state["spin"] and state["phase"] != "start")
        if worth_seeing and self.paused_for != key:
            self.paused_for = key
            self.news_key = str(state["reveal"])
            return PAUSE_NEWS
        return PAUSE_PLAIN

    def play_handler(self, text):
        # currentTarget is gone once the handler awaits, so bind the move now.
        return lambda evt: self.play(text)

    # -- embedded examples ---------------------------------------------------------------

    def show_example(self, example):
        if not example:
            return
        self.html.setAttribute("data-mode", "example")
        self.highlight = example.get("highlight") or []
        box = by_id("example")
        box.hidden = False
        box.textContent = example["title"] + ". " + example["caption"]
        self.render_state(self.view)

    # -- drawing the table ------------------------------------------------------------------

    def human_turn(self, view):
        return view["to_move_kind"] == "human" and not view["outcome"] and self.live(view)

    def live(self, view):
        return view["position"] == view["length"] or view["to_move_kind"] == "human"

    def render_state(self, view):
        state = view["state"]
        if state["phase"] != "place":
            self.stake = 0
        self.render_spinner(state)
        self.render_current(view)
        self.render_turn(view)
        self.render_scoring(view)
        self.render_reveal(view)
        self.render_rows(view)
        by_id("pile").textContent = (
            self.t("pile")
            + ": "
            + str(state["pile"])
            + " · "
            + self.t("removed")
            + ": "
            + str(state["removed"])
        )

    def card_node(self, card, cls="tc-card", face_up=True):
        """One event card; face down it shows the event and category, never the date."""
        classes = cls + " cat-" + card["category"]
        if card.get("id") in self.highlight:
            classes += " tc-hl"
        node = el("div", classes)
        if card.get("id"):
            node.setAttribute("data-card", card["id"])
        node.appendChild(el("span", "tc-cat", text=self.category_text(card["category"])))
        if face_up:
            node.appendChild(el("span", "tc-year", text=self.year_text(card["year"])))
            if card["date"]:
                node.appendChild(el("span", "tc-date", text=self.date_text(card["date"])))
        else:
            node.appendChild(el("span", "tc-year hidden-year", text="?"))
            node.appendChild(el("span", "tc-date", text=self.t("year_hidden")))
        node.appendChild(el("span", "tc-text", text=card["text"][self.lang]))
        return node

    def render_spinner(self, state):
        box = by_id("spinner")
        design = state["spinner"]
        if design not in SPINNER_SLOTS:
            box.hidden = True
            return
        box.hidden = False
        slots = SPINNER_SLOTS[design]
        width = 360 / len(slots)
        dial = by_id("spinner-dial")
        if dial.getAttribute("data-design") != design:
            stops = []
            for index, symbol in enumerate(slots):
                colour = SYMBOL_COLOURS[symbol]
                stops.append(
                    colour + " " + str(index * width) + "deg " + str((index + 1) * width) + "deg"
                )
            dial.style.background = "conic-gradient(" + ", ".join(stops) + ")"
            clear(dial)
            for index, symbol in enumerate(slots):
                angle = (index + 0.5) * width
                mark = el(
                    "span", "tc-slot", text=SYMBOL_ICONS[symbol], attrs={"aria-hidden": "true"}
                )
                mark.style.transform = (
                    "rotate("
                    + str(angle)
                    + "deg) translateY(-2.6rem) rotate("
                    + str(-angle)
                    + "deg)"
                )
                dial.appendChild(mark)
            dial.setAttribute("data-design", design)
        spin = state["spin"]
        result = by_id("spin-result")
        if not spin:
            result.textContent = ""
            box.classList.remove("has-result")
            return
        box.classList.add("has-result")
        result.textContent = self.symbol_text(spin)
        key = str(state["turn"]) + ":" + spin
        if key == self.spin_key:
            return
        arrow = by_id("spinner-arrow")
        first = self.spin_key is None
        self.spin_key = key
        # The arrow turns at least once round and stops in one of the symbol's slots.
        choices = [i for i, s in enumerate(slots) if s == spin]
        slot = choices[state["turn"] % len(choices)]
        target = (slot + 0.5) * width
        turned = self.spin_angle - self.spin_angle % 360
        self.spin_angle = turned + (0 if first else 720) + target
        if first:
            arrow.classList.add("no-anim")
        else:
            arrow.classList.remove("no-anim")
        arrow.style.transform = "rotate(" + str(self.spin_angle) + "deg)"

    def render_current(self, view):
        state = view["state"]
        box = by_id("current")
        clear(box)
        card = state["current"]
        if card:
            box.appendChild(el("p", "tc-label", text=self.t("card_to_place")))
            # A card whose date a lost bet showed comes back open: the engine sends its year.
            box.appendChild(self.card_node(card, "tc-card big", face_up="year" in card))
            if state["tries_left"] and state["actor"] is not None:
                box.appendChild(
                    el("p", "tc-tries", text=self.t("tries_left", n=state["tries_left"]))
                )
        else:
            box.appendChild(el("div", "tc-card big tc-back", text="Timeline"))

    def render_turn(self, view):
        state = view["state"]
        actor = state["actor"]
        phase = state["phase"]
        prompt = by_id("prompt")
        if view["outcome"]:
            prompt.textContent = self.t("phase.over")
        elif view["to_move_kind"] == "ai" and view["to_move"] is not None:
            # Not "Player 2: spin, or challenge…": that read as an instruction to the human.
            prompt.textContent = self.t("thinking", player=self.name(view["to_move"]))
        elif actor is not None and "phase." + phase in self.labels:
            prompt.textContent = self.t("phase." + phase, player=self.name(actor))
        else:
            prompt.textContent = ""
        # A wrong placement: say who tries the card next (or that a second try follows).
        passing = by_id("passing")
        attempts = state["attempts"]
        if attempts and actor is not None and phase == "place":
            last = attempts[-1]["seat"]
            key = "try_again" if last == actor else "passes_on"
            passing.textContent = self.t(key, player=self.name(actor))
            passing.setAttribute("data-to", str(actor))
            passing.hidden = False
        else:
            passing.hidden = True
        box = by_id("attempts")
        clear(box)
        for attempt in attempts:
            box.appendChild(el("li", text=self.attempt_text(attempt)))
        self.render_dice(view)
        self.render_stakes(view)
        self.render_buttons(view)

    def where_text(self, after, before):
        if after is None and before is None:
            return ""
        if after is None:
            return self.t("before", a=self.date_text(before))
        if before is None:
            return self.t("after", a=self.date_text(after))
        return self.t("between", a=self.date_text(after), d=self.date_text(before))

    def attempt_text(self, attempt):
        where = self.where_text(attempt["after"], attempt["before"])
        return self.t("wrong_try", player=self.name(attempt["seat"]), a=where)

    def render_dice(self, view):
        state = view["state"]
        box = by_id("dice")
        clear(box)
        duel = state["duel"]
        reveal = state["reveal"]
        if duel and duel["dice"]:
            attacker, defender, dice = duel["attacker"], duel["defender"], duel["dice"]
        elif reveal and reveal["dice"] and state["phase"] == "start" and reveal["seat"] is not None:
            # Just after a duel (before the attacker spins): show both dice again.
            attacker, dice = reveal["seat"], reveal["dice"]
            defender = None
            for entry in reversed(view["log"]):
                if entry["text"].startswith("duel p"):
                    defender = int(entry["text"][6:]) - 1  # the challenge just rolled for
                    break
        else:
            box.hidden = True
            return
        box.hidden = False
        title = self.t("dice")
        if defender is not None:
            title = self.t("duel_between", a=self.name(attacker), d=self.name(defender))
        box.appendChild(el("p", "tc-dice-title", text=title))
        for index, value in enumerate(dice):
            who = (
                self.name(attacker)
                if index == 0
                else (self.name(defender) if defender is not None else "")
            )
            die = el(
                "span",
                "tc-die",
                attrs={"data-value": value, "aria-label": who + ": " + str(value)},
                children=[
                    el("span", "tc-die-face", text=DICE[value - 1], attrs={"aria-hidden": "true"}),
                    el("small", text=who + " " + str(value)),
                ],
            )
            box.appendChild(die)

    def render_stakes(self, view):
        state = view["state"]
        box = by_id("stakes")
        clear(box)
        gaps = state["gaps"]
        if not (self.human_turn(view) and gaps and gaps[0]["bets"]):
            box.hidden = True
            return
        box.hidden = False
        box.appendChild(el("span", "tc-stakes-label", text=self.t("your_bet")))
        for stake in range(len(gaps[0]["bets"]) + 1):
            text = self.t("no_bet") if stake == 0 else self.t("bet", stake=stake)
            button = el(
                "button",
                "tc-stake" + (" chosen" if stake == self.stake else ""),
                text=text,
                attrs={
                    "type": "button",
                    "role": "radio",
                    "aria-checked": "true" if stake == self.stake else "false",
                    "data-stake": stake,
                },
            )
            on(button, "click", self.stake_handler(stake))
            box.appendChild(button)

    def stake_handler(self, stake):
        def choose(evt):
            self.stake = stake
            self.render_stakes(self.view)
            self.render_rows(self.view)

        return choose

    def render_buttons(self, view):
        box = by_id("tc-actions")
        clear(box)
        if not self.human_turn(view):
            return
        state = view["state"]
        for text in state["legal"]:
            head = text.split(" ")[0]
            label = None
            if text in ("spin", "draw"):
                label = self.t(text)
            elif head == "duel":
                seat = int(text.split(" ")[1][1:]) - 1
                label = self.t("duel", player=self.name(seat))
            if label is None:
                continue  # gaps, judgements and cards have their own places on the table
            cls = "tg-action primary" if head != "duel" else "tg-action"
            button = el("button", cls, text=label, attrs={"type": "button", "data-action": text})
            on(button, "click", self.play_handler(text))
            box.appendChild(button)

    def render_scoring(self, view):
        state = view["state"]
        box = by_id("scoring")
        reveal = state["reveal"]
        bet = state["bet"]
        judgements = state["judgements"]
        if bet is None and reveal and reveal["kind"] in ("bet_won", "bet_lost"):
            bet = {"seat": reveal["seat"], "stake": reveal["stake"], "gap": reveal["gap"]}
            judgements = reveal["judgements"]
        if not state["super"] or bet is None:
            box.hidden = True
            return
        box.hidden = False
        where = ""
        if state["phase"] == "judge":
            row = state["rows"][bet["seat"]]
            gap = bet["gap"]
            after = row[gap - 1]["label"] if gap > 0 else None
            before = row[gap]["label"] if gap < len(row) else None
            where = self.where_text(after, before)
        text = self.t("stake_on", player=self.name(bet["seat"]), stake=bet["stake"], a=where)
        by_id("scoring-bet").textContent = text.rstrip(" :")
        fields = by_id("scoring-fields")
        clear(fields)
        judging = self.human_turn(view) and state["phase"] == "judge"
        for call in CALLS:
            names = [self.name(j["seat"]) for j in judgements if j["call"] == call]
            field = el(
                "div",
                "tc-field",
                attrs={"data-call": call},
                children=[el("h3", text=self.t("call." + call))],
            )
            field.appendChild(el("p", "tc-judges", text=", ".join(names) if names else "—"))
            action = "judge " + call
            if judging and action in state["legal"]:
                button = el(
                    "button",
                    "tg-action",
                    text=self.t("call." + call),
                    attrs={"type": "button", "data-action": action},
                )
                on(button, "click", self.play_handler(action))
                field.appendChild(button)
            fields.appendChild(field)
        if judging and "pass" in state["legal"]:
            button = el(
                "button",
                "tg-action tc-pass",
                text=self.t("pass"),
                attrs={"type": "button", "data-action": "pass"},
            )
            on(button, "click", self.play_handler("pass"))
            fields.appendChild(button)

    def render_reveal(self, view):
        state = view["state"]
        reveal = state["reveal"]
        box = by_id("reveal")
        body = by_id("reveal-body")
        clear(body)
        if reveal is None:
            box.hidden = True
            return
        box.hidden = False
        box.setAttribute("data-kind", reveal["kind"])
        seat = reveal["seat"]
        dice = reveal["dice"] or [None, None]
        headline = self.t(
            "reveal." + reveal["kind"],
            player=self.name(seat) if seat is not None else "",
            a=dice[0],
            d=dice[1],
        )
        body.appendChild(el("p", "tc-headline", text=headline))
        for attempt in reveal["attempts"]:
            body.appendChild(el("p", "tc-wrong", text=self.attempt_text(attempt)))
        for judgement in reveal["judgements"]:
            body.appendChild(
                el(
                    "p",
                    "tc-judged",
                    text=self.name(judgement["seat"]) + ": " + self.t("call." + judgement["call"]),
                )
            )
        changes = []
        for index, delta in enumerate(reveal["deltas"]):
            if delta:
                sign = "+" if delta > 0 else ""
                changes.append(self.name(index) + " " + sign + str(delta))
        if changes:
            body.appendChild(el("p", "tc-deltas", text=self.t("chips") + ": " + ", ".join(changes)))
        card = reveal["card"]
        if card:
            detail = el("div", "tc-detail")
            detail.appendChild(self.card_node(card, "tc-card big revealed"))
            words = el("div", "tc-words")
            explanation = card["explanation"][self.lang]
            if explanation:
                words.appendChild(el("h3", text=self.t("explanation")))
                words.appendChild(el("p", "tc-explanation", text=explanation))
            if card["reference"]:
                words.appendChild(
                    el("p", "tc-reference", text=self.t("reference") + ": " + card["reference"])
                )
            detail.appendChild(words)
            body.appendChild(detail)

    def render_rows(self, view):
        state = view["state"]
        box = by_id("rows")
        clear(box)
        human = self.human_turn(view)
        actor = state["actor"]
        wrong = {}
        for attempt in state["attempts"]:
            wrong[(attempt["seat"], attempt["gap"])] = True
        picks = set(t[5:] for t in state["legal"] if t.startswith("pick ")) if human else set()
        discards = (
            set(t[8:] for t in state["legal"] if t.startswith("discard ")) if human else set()
        )
        for seat in range(state["players"]):
            row = state["rows"][seat]
            classes = "tc-seat"
            if seat == state["active"] and not view["outcome"]:
                classes += " active"
            if seat == actor:
                classes += " actor"
            section = el(
                "section",
                classes,
                attrs={"data-seat": seat, "aria-label": self.t("row") + ": " + self.name(seat)},
            )
            head = el("header", "tc-seat-head")
            head.appendChild(el("span", "tc-seat-name", text=self.name(seat)))
            head.appendChild(
                el(
                    "span",
                    "tc-chips",
                    text="● " + str(state["chips"][seat]),
                    attrs={
                        "title": self.t("chips"),
                        "aria-label": self.t("chips") + " " + str(state["chips"][seat]),
                    },
                )
            )
            head.appendChild(el("span", "tc-count", text=str(len(row)) + "/8"))
            if state["kids"][seat]:
                head.appendChild(el("span", "tc-badge kid", text=self.t("kid")))
            if seat == state["reader"] and state["phase"] == "place":
                head.appendChild(el("span", "tc-badge", text=self.t("reader")))
            if state["scores"]:
                head.appendChild(
                    el(
                        "span",
                        "tc-badge score",
                        text=self.t("score") + " " + str(state["scores"][seat]),
                    )
                )
            section.appendChild(head)
            line = el("ol", "tc-row")
            gaps = state["gaps"] if human and seat == actor else []
            for index in range(len(row) + 1):
                if gaps:
                    line.appendChild(self.gap_node(gaps[index], seat))
                elif (seat, index) in wrong:
                    line.appendChild(
                        el("li", "tc-gap wrong", text="✗", attrs={"aria-hidden": "true"})
                    )
                if index < len(row):
                    card = row[index]
                    item = el("li", "tc-slot-card")
                    item.appendChild(self.card_node(card))
                    choice = None
                    if card["id"] in picks:
                        choice = ("pick " + card["id"], self.t("pick"))
                    elif card["id"] in discards:
                        choice = ("discard " + card["id"], self.t("discard"))
                    if choice:
                        button = el(
                            "button",
                            "tg-action tc-card-choice",
                            text=choice[1],
                            attrs={"type": "button", "data-action": choice[0]},
                        )
                        on(button, "click", self.play_handler(choice[0]))
                        item.appendChild(button)
                    line.appendChild(item)
            section.appendChild(line)
            box.appendChild(section)

    def gap_node(self, gap, seat):
        where = self.where_text(gap["after"], gap["before"])
        action = gap["action"]
        if self.stake and gap["bets"] and self.stake <= len(gap["bets"]):
            action = gap["bets"][self.stake - 1]
        tried = False
        for attempt in self.view["state"]["attempts"]:
            if attempt["seat"] == seat and attempt["gap"] == gap["gap"]:
                tried = True
        label = self.t("place_here") + ": " + where
        item = el("li", "tc-gap open" + (" wrong" if tried else ""))
        button = el(
            "button",
            "tc-gap-button",
            text="✗" if tried else "+",
            attrs={
                "type": "button",
                "data-gap": gap["gap"],
                "data-action": action,
                "aria-label": label,
                "title": label,
            },
        )
        on(button, "click", self.play_handler(action))
        item.appendChild(button)
        return item

    # -- the side panel ---------------------------------------------------------------

    def render_players(self, view):
        box = by_id("players")
        clear(box)
        state = view["state"]
        for index, seat in enumerate(view["seats"]):
            if seat["kind"] == "ai":
                who = self.t("computer", a=self.t("level." + seat["level"]))
            else:
                who = self.t("human")
            item = el(
                "li",
                "tg-player",
                children=[
                    el("span", "tc-chip-dot", text="●", attrs={"aria-hidden": "true"}),
                    el("span", "tg-player-name", text=seat["name"]),
                    el("span", "tc-player-chips", text=str(state["chips"][index])),
                    el("small", text=who),
                ],
            )
            if view["to_move"] == index:
                item.classList.add("to-move")
            box.appendChild(item)

    def log_text(self, text, action=""):
        """A log line in the player's language; ``action`` is the move's full notation."""
        public = {"a card is dealt": "log.dealt", "a card is drawn": "log.drawn"}
        if text in public:
            return self.t(public[text])
        # Chance steps in the players' words: "↻ ?" or "roll 1 4" meant nothing to them.
        if text.startswith("spinner ") and text[8:] in SYMBOL_ICONS:
            return self.t("log.spinner", a=self.symbol_text(text[8:]))
        dice = text.split(" ")
        if (
            len(dice) == 3
            and dice[0] == "roll"
            and all(len(d) == 1 and d in "123456" for d in dice[1:])
        ):
            shown = " ".join(DICE[int(d) - 1] + " " + d for d in dice[1:])
            return self.t("log.roll", a=shown)
        parts = action.split(" ")
        if len(parts) == 2 and parts[0] in ("pick", "discard") and self.lang != "en":
            # The engine names the card's event in English; other languages ask it once.
            texts = self.card_texts.get(parts[1])
            if texts:
                key = "log.discard"
                if parts[0] == "pick":
                    # Who chooses the card follows the engine's own line: gives or takes.
                    key = "log.take" if text.startswith("takes") else "log.give"
                return self.t(key, a=texts[self.lang])
            self.missing_texts.append(parts[1])
        return text

    async def fetch_card_texts(self, view, ids):
        answer = await self.tool(
            "card_texts", {"ids": ids, "deck": view["options"].get("deck") or []}
        )
        if not answer.get("ok"):
            return  # the English line from the engine stays
        for card_id in answer["result"]["texts"]:
            self.card_texts[card_id] = answer["result"]["texts"][card_id]
        if self.view is view:
            self.render_log(view)

    def check_card_texts_deck(self, view):
        # Custom decks may reuse ids: the cached texts belong to one deck.
        deck = view["options"].get("deck") or []
        key = str(len(deck)) + ":" + (str(deck[0].get("id")) if deck else "swiss")
        if key != self.card_texts_deck:
            self.card_texts_deck = key
            self.card_texts = {}
            self.texts_asked = set()

    def render_log(self, view):
        self.check_card_texts_deck(view)
        self.missing_texts = []
        actions = view["record"]["actions"]
        entries = [(e, "tg-log-entry") for e in view["log"]]
        entries += [(e, "tg-log-entry future") for e in view.get("future") or []]
        items = []
        for entry, cls in entries:
            seat = entry["seat"]
            who = view["seats"][seat]["name"] if seat >= 0 else self.t("chance")
            action = actions[entry["n"] - 1] if entry["n"] <= len(actions) else ""
            text = who + ": " + self.log_text(entry["text"], action)
            items.append(self.log_item(entry["n"], text, cls))
        self.fill_log(items)
        ids = [i for i in self.missing_texts if i not in self.texts_asked]
        if ids:
            for card_id in ids:
                self.texts_asked.add(card_id)
            asyncio.create_task(self.fetch_card_texts(view, ids))

    def render_controls(self, view):
        super().render_controls(view)
        outcome = view["outcome"]
        if outcome and view["position"] == view["length"]:
            if outcome["winners"] and outcome["reason"] != "the pile ran out":
                self.status(self.t("winner", player=self.name(outcome["winners"][0])))
            else:
                names = " & ".join(self.name(w) for w in outcome["winners"])
                self.status(self.t("pile_empty") + ": " + names)

    def turn_text(self, view):
        seat = view["to_move"]
        state = view["state"]
        if view["to_move_kind"] == "ai":
            return self.t("thinking", player=self.name(seat))
        key = "phase." + state["phase"]
        if key not in self.labels:
            return self.name(seat)
        text = self.t(key, player=self.name(seat))
        card = state["current"]
        if state["phase"] == "place" and card:
            # On a phone the card scrolls away while the player looks for a gap in
            # their row; the status line, which stays in view, names the event.
            text += " — " + card["text"][self.lang]
        return text

    # -- the new-game dialog: kids rule, seat order, custom deck -----------------------------

    def extra_option_fields(self, box, current):
        if self.custom_deck is None and current.get("deck"):
            self.custom_deck = current["deck"]
        select = el("select", attrs={"id": "opt-deck-choice"})
        select.appendChild(el("option", text=self.t("deck_swiss"), attrs={"value": "swiss"}))
        custom = el("option", attrs={"value": "custom", "id": "opt-deck-custom"})
        select.appendChild(custom)
        self.describe_custom(custom)
        if current.get("deck") and self.custom_deck:
            select.value = "custom"
        box.appendChild(el("label", "tg-field", children=[el("span", text=self.t("deck")), select]))
        upload = el(
            "input",
            attrs={
                "id": "deck-file",
                "type": "file",
                "accept": ".csv,.json,.txt,text/csv,application/json",
            },
        )
        on(upload, "change", self.load_deck_file)
        box.appendChild(
            el(
                "label",
                "tg-file tc-deck-file",
                children=[el("span", text=self.t("load_deck")), upload],
            )
        )
        box.appendChild(el("p", "tg-message error", attrs={"id": "deck-error", "role": "alert"}))

    def describe_custom(self, option):
        if self.custom_deck:
            option.textContent = self.t("deck_custom", n=len(self.custom_deck))
            option.disabled = False
        else:
            option.textContent = self.t("deck_custom", n=0)
            option.disabled = True

    async def load_deck_file(self, evt):
        files = evt.target.files
        if not files or files.length == 0:
            return
        chosen = files.item(0)
        text = str(await chosen.text())
        filename = str(chosen.name)
        evt.target.value = ""
        answer = await self.tool("parse_deck", {"text": text, "filename": filename})
        error = by_id("deck-error")
        if not answer.get("ok"):
            # Nothing changes: the deck chosen before and the game on the table stay.
            error.textContent = self.t("deck_refused", a=answer.get("error", ""))
            return
        error.textContent = ""
        self.custom_deck = answer["result"]["deck"]
        self.describe_custom(by_id("opt-deck-custom"))
        by_id("opt-deck-choice").value = "custom"
        await self.refresh_seats()

    def extra_options(self, options):
        players = int(options.get("players", 3))
        kids = []
        for index in range(players):
            box = by_id("seat-kid-" + str(index))
            kids.append(bool(box and box.checked))
        choice = by_id("opt-deck-choice")
        custom = choice and str(choice.value) == "custom" and self.custom_deck
        return {"kids": kids if True in kids else [], "deck": self.custom_deck if custom else []}

    def default_seat_name(self, index, label, before):
        name = super().default_seat_name(index, label, before)
        if name == "Player " + str(index + 1):
            # The engine's default seat name, in the player's language.
            return self.t("ui.seat_label", n=index + 1)
        return name

    def extra_seat_fields(self, row, index, before):
        kids = self.view["options"].get("kids") if self.view else []
        kid = el("input", attrs={"type": "checkbox", "id": "seat-kid-" + str(index)})
        kid.checked = bool(kids and index < len(kids) and kids[index])
        extra = el(
            "span",
            "tc-seat-extra",
            children=[
                el(
                    "label",
                    "tc-kid",
                    children=[
                        kid,
                        el("span", text=self.t("kid") + " (" + self.t("under_12") + ")"),
                    ],
                )
            ],
        )
        if index > 0:
            up = el(
                "button",
                "tc-up",
                text="↑",
                attrs={
                    "type": "button",
                    "id": "seat-up-" + str(index),
                    "aria-label": self.t("move_up"),
                    "title": self.t("move_up"),
                },
            )
            on(up, "click", self.swap_handler(index))
            extra.appendChild(up)
        row.appendChild(extra)

    async def refresh_seats(self):
        # A tick the player changed survives an option change, as a typed name does.
        ticked = []
        while by_id("seat-kid-" + str(len(ticked))):
            ticked.append(bool(by_id("seat-kid-" + str(len(ticked))).checked))
        await super().refresh_seats()
        for index, checked in enumerate(ticked):
            box = by_id("seat-kid-" + str(index))
            if box:
                box.checked = checked

    def swap_handler(self, index):
        def swap(evt):
            # Seat order is play order: swap everything this seat and the one above hold.
            for prefix, prop in (
                ("seat-name-", "value"),
                ("seat-kind-", "value"),
                ("seat-kid-", "checked"),
            ):
                upper = by_id(prefix + str(index - 1))
                lower = by_id(prefix + str(index))
                first = getattr(upper, prop)
                setattr(upper, prop, getattr(lower, prop))
                setattr(lower, prop, first)

        return swap

    def default_seats(self):
        return [
            {"kind": "human"},
            {"kind": "ai", "level": self.default_ai},
            {"kind": "ai", "level": self.default_ai},
        ]

    # -- the match: rounds whose chips add up (the arithmetic is the engine's) ---------------

    def render_parts(self):
        return super().render_parts() + [self.follow_match]

    def follow_match(self, view):
        asyncio.create_task(self.update_match(view))

    def round_over(self, view):
        return bool(view["outcome"]) and view["position"] == view["length"]

    async def match_tool(self, args):
        answer = await self.tool("match", args)
        if not answer.get("ok"):
            self.message(answer.get("error", ""), "error")
            return None
        return answer["result"]["match"]

    def keep_match(self, match, names):
        match["names"] = names
        self.match = match
        self.match_store.save(self.match)

    async def update_match(self, view):
        """Count a finished round once (by its seed); new players start a new match."""
        if self.embed:
            return
        names = [s["name"] for s in view["seats"]]
        match = self.match
        if not match or match.get("names") != names:
            rounds = match["rounds"] if match else DEFAULT_ROUNDS
            match = await self.match_tool({"players": len(names), "rounds": rounds})
            if match is None:
                return
            self.keep_match(match, names)
        seed = str(view["record"]["seed"])
        if self.round_over(view) and seed not in match["counted"]:
            args = {"match": match, "round": view["record"]}
            if match["finished"]:
                # A round after a decided match opens the next match.
                args = {"players": len(names), "rounds": match["rounds"], "round": view["record"]}
            result = await self.match_tool(args)
            if result is not None:
                self.keep_match(result, names)
        if self.view is view:
            self.render_match()

    def render_match(self):
        match = self.match
        panel = by_id("match-panel")
        button = by_id("match-next")
        if not match or self.embed or self.view is None:
            panel.hidden = True
            button.hidden = True
            return
        panel.hidden = False
        played = len(match["results"])
        panel.setAttribute("data-played", str(played))
        panel.setAttribute("data-finished", "1" if match["finished"] else "0")
        by_id("match-rounds").value = str(match["rounds"])
        table = by_id("match-table")
        clear(table)
        head = el("tr", children=[el("th", text=self.t("players"), attrs={"scope": "col"})])
        for number in range(played):
            title = self.t("round", n=number + 1)
            head.appendChild(
                el("th", text=str(number + 1), attrs={"title": title, "aria-label": title})
            )
        head.appendChild(el("th", text=self.t("match_total")))
        table.appendChild(head)
        leaders = match["leaders"] if played else []
        for seat, name in enumerate(match["names"]):
            row = el("tr", "lead" if seat in leaders else None, attrs={"data-seat": seat})
            row.appendChild(el("th", text=name))
            for number in range(played):
                cell = el("td", text=str(match["results"][number][seat]))
                if match["winners"][number] == seat:
                    cell.className = "doubled"
                    cell.setAttribute("title", self.t("winner", player=name))
                row.appendChild(cell)
            row.appendChild(
                el("td", "total", text=str(match["totals"][seat]), attrs={"data-total": seat})
            )
            table.appendChild(row)
        note = by_id("match-note")
        if match["finished"]:
            names = " & ".join(match["names"][s] for s in leaders)
            key = "match_winner" if len(leaders) == 1 else "match_shared"
            note.textContent = self.t(key, player=names)
            note.className = "tc-match-note done"
        else:
            note.textContent = self.t("match_played", n=played, d=match["rounds"])
            note.className = "tc-match-note"
        button.hidden = not self.round_over(self.view)
        button.textContent = self.t("new_match" if match["finished"] else "next_round")

    async def next_round(self, evt):
        """The next round: same players, seat order and options; a new seed."""
        if self.view is None or self.busy:
            return
        if self.match and self.match["finished"]:
            await self.start_match(self.match["rounds"], False)
        seats = [
            {"name": s["name"], "kind": s["kind"], "level": s["level"]} for s in self.view["seats"]
        ]
        if await self.act(self.new_request(dict(self.view["options"]), seats)):
            self.message(self.t("round", n=len(self.match["results"]) + 1), "info")
            await self.run_ai()

    async def start_match(self, rounds, skip_current):
        """A new match; ``skip_current`` keeps a round already finished out of it."""
        names = [s["name"] for s in self.view["seats"]]
        match = await self.match_tool({"players": len(names), "rounds": rounds})
        if match is None:
            return
        if skip_current and self.round_over(self.view):
            match["counted"] = [str(self.view["record"]["seed"])]
        self.keep_match(match, names)
        self.render_match()

    async def new_match_clicked(self, evt):
        if self.view is None:
            return
        await self.start_match(int(by_id("match-rounds").value), True)
        rounds = self.match["rounds"]
        self.message(self.t("new_match") + ": " + self.t("match_played", n=0, d=rounds))

    async def rounds_changed(self, evt):
        if not self.match:
            return
        rounds = int(by_id("match-rounds").value)
        result = await self.match_tool({"match": self.match, "rounds": rounds})
        if result is not None:
            result["counted"] = self.match["counted"]
            self.keep_match(result, self.match["names"])
        self.render_match()


asyncio.create_task(TimelinePage().start())
