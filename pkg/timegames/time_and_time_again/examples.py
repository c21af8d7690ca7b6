"""Rule examples for the rules page: real positions reached from a new game with seed 0.

The moves live in ``examples.json`` (they were found by letting the computer
players play from seed 0 until each situation happened).  ``highlight`` starts
with ``seat:N``, the seat whose view shows the example's private outcome,
followed by the locations the caption talks about.  ``expect`` in the file is
the outcome detail the last move produces; the tests check it.
"""

from __future__ import annotations

import json
from typing import Any

from ..core.data import read_text
from ..core.examples import Example


def load_examples() -> list[dict[str, Any]]:
    """The raw entries of ``examples.json``, ``expect`` included."""
    text = read_text(__name__, "examples.json")
    entries: list[dict[str, Any]] = json.loads(text)["examples"]
    return entries


EXAMPLES: tuple[Example, ...] = tuple(
    Example(
        key=e["key"],
        title=e["title"],
        caption=e["caption"],
        moves=tuple(e["moves"]),
        highlight=tuple(e["highlight"]),
        options=dict(e["options"]),
    )
    for e in load_examples()
)
"""Every example, in the order the rules page uses them."""


# -- regenerating examples.json (a maintainer's helper, run after a rules change) -------------

WANTED: dict[str, tuple[str, str]] = {
    "indirect_agents_here": ("indirect", "agents_here"),
    "indirect_wealth_here": ("indirect", "wealth_here"),
    "indirect_there": ("indirect", "there"),
    "indirect_zero": ("zero", ""),
    "echo_present": ("echo", ""),
    "attack": ("attack", ""),
    "challenge_won": ("challenge", "won"),
    "challenge_lost": ("challenge", "lost"),
    "challenge_discard": ("challenge", "discard"),
    "blocked": ("check", "blocked"),
    "eliminated": ("check", "eliminated"),
}


def _matches(key: str, d: dict[str, Any]) -> bool:
    kind, sub = WANTED[key]
    t = d.get("type")
    if kind in ("indirect", "invest"):
        distinct = "limits" in d and len(set(d["limits"].values())) == 3
        return bool(t == kind and distinct and d["limited_by"] == sub and d["gain"] > 0)
    if kind == "zero":
        return t in ("indirect", "invest") and d["gain"] == 0
    if kind == "echo":
        return bool(d.get("reached_present")) and sum(e["ok"] for e in d["echoes"]) >= 3
    if kind == "attack":
        hits = d.get("effects", [])
        return t == "attack" and len(hits) >= 4 and "kill" in hits and "capture" in hits
    if kind == "challenge":
        if t != "challenge":
            return False
        if sub == "discard":
            return bool(d["discarded"])
        if d["discarded"] or not d["defence"]:
            return False
        return bool(d["won"]) if sub == "won" else not d["won"] and bool(d["offence"])
    if "blocked_by" not in d:
        return False
    return bool(d["blocked_by"]) if sub == "blocked" else d["eliminated"] is not None


def caption(key: str, d: dict[str, Any]) -> tuple[str, str]:
    """A title and caption written from an outcome's numbers."""
    from . import board as B
    from .rules import TYPE_NAMES, player_name, plural

    def place(ident: str) -> str:
        return B.LOCATIONS[B.BY_ID[ident]].name

    def person(ident: str) -> str:
        return B.LOCATIONS[B.BY_ID[ident]].character

    kind = WANTED[key][0]
    if kind == "check":
        low = " and ".join(player_name(s) for s in d["lowest"])
        if d["eliminated"] is None:
            return (
                "An elimination check blocked by a character",
                f"At hour {d['hour']} {low} has the lowest present-day strength ({d['strength']}) "
                "but controls a character, so nobody is eliminated at this check.",
            )
        who = player_name(d["eliminated"])
        return (
            "An elimination",
            f"At hour {d['hour']} {who} is the weakest in the present day (strength "
            f"{d['strength']}) and controls no character: {who} is eliminated.",
        )
    me = player_name(d["seat"])
    if kind in ("indirect", "invest", "zero"):
        what = "agents" if d["type"] == "indirect" else "wealth"
        lim = d["limits"]
        numbers = (
            f"{lim['agents_here']} agents and {lim['wealth_here']} wealth "
            f"in {place(d['location'])} "
            f"and {lim['there']} {what} in {place(d['target'])}"
        )
        head = (
            f"{me} takes {TYPE_NAMES[d['type']]} at {place(d['location'])} "
            f"for {place(d['target'])} with {numbers}"
        )
        if kind == "zero":
            return (
                "An investment that gives nothing"
                if d["type"] == "invest"
                else "Indirect recruiting that gives nothing",
                # "At least one": often two or all three numbers are zero.
                f"{head}. At least one of the three numbers is zero, so nothing is gained (the "
                f"page says so before you buy); visibility in {place(d['location'])} still rises.",
            )
        names = {
            "agents_here": f"the agents in {place(d['location'])}",
            "wealth_here": f"the wealth in {place(d['location'])}",
            "there": f"the {what} in {place(d['target'])}",
        }
        text = f"{head}. The smallest number, {names[d['limited_by']]}, sets the gain"
        if d["doubled"]:
            text += f", doubled by controlling {person(d['location'])} to {d['gain']}"
        else:
            text += f": {d['gain']}"
        title = {
            "agents_here": "agents here",
            "wealth_here": "wealth here",
            "there": f"{what} there",
        }[d["limited_by"]]
        return f"{TYPE_NAMES[d['type']].capitalize()} limited by {title}", text + "."
    if kind == "echo":
        what = "agents" if d["type"] == "recruit" else "wealth"
        landed = [
            place(e["to"]) if e["to"] != "present" else "the present day"
            for e in d["echoes"]
            if e["ok"]
        ]
        missed = sum(1 for e in d["echoes"] if not e["ok"])
        return (
            "An echo chain that reaches the present",
            f"{me}'s {TYPE_NAMES[d['type']]} of {d['gain']} {what} in {place(d['location'])}"
            f"{' (doubled by its character)' if d['doubled'] else ''} echoes "
            f"(one chance in three each time) to {', '.join(landed)}, adding {d['gain']} {what} at "
            f"each; {missed} other tr{'y' if missed == 1 else 'ies'} failed.",
        )
    if kind == "attack":
        effects = d["effects"]
        counts = ", ".join(
            f"{effects.count(k)} {k}"
            for k in ("kill", "destroy", "capture", "wasted")
            if effects.count(k)
        )
        doubled = f" (doubled by controlling {person(d['location'])})" if d["doubled"] else ""
        return (
            "An attack, strike by strike",
            f"{me} attacks in {place(d['location'])} with {len(effects)} strikes{doubled} "
            f"against the most visible other player, {player_name(d['defender'])}: {counts}, "
            "the rest no effect.",
        )
    if d["discarded"]:
        return (
            "A challenge on your own character is discarded",
            f"{me} buys a challenge for {person(d['location'])}, whom {me} already controls: it is "
            "simply discarded, so no rival can use it.",
        )
    them = player_name(d["defender"])
    a, w = d["before"]["attacker"]
    da, dw = d["before"]["defender"]
    hits = [x for x in d["defence"] if x in ("kill", "destroy")]
    text = (
        f"{me} ({a} agents, {w} wealth in the present) challenges {them} "
        f"({da} agents, {dw} wealth) "
        f"for {person(d['location'])}. {them} strikes first, {plural(len(d['defence']), 'time')}, "
        f"with {plural(len(hits), 'hit')}; {me} then strikes {plural(len(d['offence']), 'time')} "
        "and neutralises "
        f"{d['neutralised']}. "
    )
    if d["won"]:
        return (
            "A challenge won",
            text + f"{them} has nothing un-neutralised left on one side, "
            "so the character changes hands.",
        )
    return "A challenge lost", text + f"That is not enough: {them} keeps the character."


def regenerate(path: str) -> None:
    """Let the computer players play from seed 0; keep the shortest game reaching each situation."""
    import random

    from ..core.protocol import BotContext
    from .rules import GAME, TataState

    found: dict[str, dict[str, Any]] = {}
    mixes = (
        ["schemer", "novice", "overlord", "random"],
        ["random", "schemer", "novice", "overlord"],
    )
    for players in (4, 3, 2, 5):
        for mix in mixes:
            options = {"players": players}
            bots = [GAME.make_bot(level) for level in (mix * 3)[:players]]
            state: TataState = GAME.new_game(options, 0)
            moves: list[str] = []
            while not state.is_terminal():
                action = bots[state.current_player()].choose(state, BotContext(random.Random(0)))
                moves.append(GAME.action_to_text(action))
                before = state.event_no
                state = state.apply(action)
                for event in state.events:
                    if event.n <= before or event.kind not in ("outcome", "elimination"):
                        continue
                    detail = json.loads(event.detail)
                    for key in WANTED:
                        shorter = key not in found or len(moves) < len(found[key]["moves"])
                        if shorter and _matches(key, detail):
                            title, text = caption(key, detail)
                            seat = [f"seat:{detail['seat']}"] if "seat" in detail else []
                            where = [detail[k] for k in ("location", "target") if detail.get(k)]
                            where = where or ["present"]
                            found[key] = {
                                "key": key,
                                "title": title,
                                "caption": text,
                                "options": options,
                                "highlight": seat + where,
                                "expect": detail,
                                "moves": list(moves),
                            }
    missing = set(WANTED) - set(found)
    if missing:
        raise SystemExit(f"not found: {sorted(missing)}")
    data = {
        "about": "Rule examples for docs/rules/time_and_time_again.md: each replays from "
        "a new game "
        "with seed 0 and the given options; 'expect' is the outcome the last move produces. "
        "Regenerate with: PYTHONPATH=pkg python3 -m timegames.time_and_time_again.examples",
        "examples": [found[k] for k in WANTED],
    }
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
        handle.write("\n")


if __name__ == "__main__":  # pragma: no cover - a maintainer's helper
    regenerate("pkg/timegames/time_and_time_again/examples.json")
    for entry in load_examples():
        print(entry["key"], len(entry["moves"]), "-", entry["caption"])
