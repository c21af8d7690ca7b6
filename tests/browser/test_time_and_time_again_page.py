"""The Time and Time Again page in real Chromium: playing against the computer in accelerated
mode up to an elimination, deep links to locations, hidden holdings, refusals, the real-time
catch-up with its digest, hot-seat privacy and phone width."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from conftest import READY, axe_violations, faded, open_game, wait_turn
from conftest import load_file as load_file_of
from conftest import saved_record as saved_record_of
from conftest import saved_state as saved_state_of
from timegames.core import BotContext, Budget, GameRecord
from timegames.core.record import Seat, record_to_link, record_to_text
from timegames.time_and_time_again import GAME

SLUG = "time_and_time_again"
AUTOSAVE = f"timegames:{SLUG}:autosave"
HOUR_MS = 3_600_000


def saved_record(page: Any) -> GameRecord:
    return saved_record_of(page, SLUG)


def saved_state(page: Any) -> Any:
    return saved_state_of(page, SLUG)


def pick_label(page: Any, select: str, prefix: str) -> None:
    labels = page.eval_on_selector_all(f"{select} option", "os => os.map(o => o.textContent)")
    page.select_option(select, label=next(x for x in labels if x.startswith(prefix)))


def start_game(
    page: Any,
    kinds: tuple[str, ...] = ("human", "ai:overlord", "ai:schemer", "ai:novice"),
    names: tuple[str, ...] = ("Ada", "Bob", "Cleo", "Dan"),
    clock: str = "Accelerated",
) -> None:
    """Start a new game through the New game dialog, then stop the accelerated clock."""
    players = len(kinds)
    page.click("#btn-new")
    page.wait_for_selector("#opt-players")
    pick_label(page, "#opt-players", f"{players} players")
    pick_label(page, "#opt-clock", clock)
    page.wait_for_selector(f"#seat-kind-{players - 1}")
    for seat in range(players):
        page.fill(f"#seat-name-{seat}", names[seat])
        page.select_option(f"#seat-kind-{seat}", kinds[seat])
    page.click("#ng-start")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).seats[0].name === {json.dumps(names[0])}"
    )
    if clock == "Accelerated":
        page.select_option("#tick-seconds", "0")  # the test moves the clock by hand
    wait_idle(page)


def open_still(page: Any, site_url: str) -> Any:
    """Open the page's first game with the accelerated clock paused, once it is idle."""
    open_game(page, site_url, SLUG)
    page.select_option("#tick-seconds", "0")
    wait_idle(page)
    return page


def wait_idle(page: Any) -> None:
    wait_turn(page, "human", "over", timeout=90_000)


def hour(page: Any) -> int:
    return int(page.inner_text("#clock-hour"))


def advance(page: Any) -> None:
    """Press "Advance the clock" and wait until the computer players have had their hour."""
    before = hour(page)
    page.click("#btn-advance")
    page.wait_for_function(f"Number(document.querySelector('#clock-hour').textContent) > {before}")
    wait_idle(page)


def cell_holdings(page: Any) -> dict[str, str]:
    return dict(
        page.eval_on_selector_all(
            ".tt-cell",
            "cs => cs.map(c => [c.dataset.loc, c.querySelector('.tt-hold').textContent])",
        )
    )


def own_holdings(state: Any, seat: int) -> dict[str, str]:
    """What the diamond should show: the seat's own agents, wealth and visibility."""
    return {
        loc["id"]: "♟{agents}◆{wealth}◉{visibility}".format(**loc["mine"])
        for loc in state.view(seat)["locations"]
    }


def checkpoint(levels: tuple[str, ...], hours_before: int) -> tuple[GameRecord, int, int]:
    """A seeded game in which seat 0 (a human) only lets the clock run, stopped a few hours
    before the first elimination: (record, the eliminated seat, the hour of that check).

    The computer players move exactly as the page's engine worker moves them (same
    session seed formula), so the page reaches the same elimination.
    """
    computers = [Seat(f"AI {i + 1}", "ai", level) for i, level in enumerate(levels)]
    seats = (Seat("Ada", "human"), *computers)
    options = GAME.normalise_options({"players": len(seats)})
    for seed in range(12):
        state = GAME.new(options, seed)
        actions: list[str] = []
        windows: dict[int, int] = {}  # hour -> position where seat 0's window opened
        while not state.is_terminal() and not state.view(None)["eliminated"]:
            seat = state.current_player()
            if seat == 0:
                windows.setdefault(state.clock, len(actions))
                text = f"t{state.clock + 1}"
                state = state.play_text(text)
            else:
                rng = random.Random(seed * 1_000_003 + len(actions))
                bot = GAME.make_bot(seats[seat].level)
                action = bot.choose(state, BotContext(rng, Budget(seconds=0.5)))
                text = GAME.action_to_text(action)
                state = state.play(action)
            actions.append(text)
        gone = state.view(None)["eliminated"]
        if gone and gone[0]["seat"] != 0 and gone[0]["hour"] - hours_before in windows:
            stop = windows[gone[0]["hour"] - hours_before]
            record = GameRecord(SLUG, seed, options, seats, tuple(actions[:stop]), stop)
            return record, gone[0]["seat"], gone[0]["hour"]
    raise AssertionError("no seeded game reached an elimination of a computer player")


def load_file(page: Any, path: Any) -> None:
    load_file_of(page, path)
    wait_idle(page)


def test_play_against_the_computer_in_accelerated_mode_until_an_elimination(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    open_game(page, site_url, SLUG)
    start_game(page)
    assert page.inner_text("#clock-mode") == "Accelerated"
    assert hour(page) == 0
    # What Ada holds is on every location; a holding of nothing is muted, not faded.
    assert page.locator(".tt-cell .tt-hold span:not(.has)").count() > 0
    assert faded(page, ".tt-cell .tt-hold") == []
    advance(page)
    advance(page)
    state = saved_state(page)
    assert hour(page) == state.clock == 2
    assert page.inner_text("#clock-turns") == str(state.view(0)["me"]["turns"]) == "5"
    # The computer players act in their own windows: the record holds their moves.
    assert any(a.startswith("t") for a in saved_record(page).actions[1:])

    # Buy a direct gain: select, read what the engine says it gives, confirm. The deal is
    # random, so let the clock run on until one is affordable.
    for _ in range(12):
        offered = page.eval_on_selector_all(
            "#opp-list .tt-opp:has(input:not([disabled]))",
            "os => os.map(o => [o.dataset.opp, o.dataset.type])",
        )
        legal = {
            GAME.action_to_text(a)
            for a in state.legal_actions()
            if GAME.action_to_text(a).startswith("b")
        }
        assert {f"b{opp}" for opp, _ in offered} == legal
        direct = [int(opp) for opp, kind in offered if kind in ("recruit", "acquire")]
        if direct:
            break
        advance(page)
        state = saved_state(page)
    assert direct, "no direct gain was affordable in 14 hours"
    turns = state.view(0)["me"]["turns"]
    opp = next(o for o in state.view(0)["opportunities"] if o["id"] == direct[0])
    page.check(f"#opp-{opp['id']}")
    page.wait_for_selector("#opp-confirm:not([hidden])")
    assert opp["gain"]["text"] in page.inner_text("#opp-summary")
    before = len(saved_record(page).actions)
    page.click("#opp-take")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).actions.length > {before}"
    )
    wait_idle(page)
    page.wait_for_selector("#result:not([hidden])")
    after = saved_state(page)
    assert after.view(0)["me"]["turns"] == turns - opp["price"]
    here = next(loc for loc in after.view(0)["locations"] if loc["id"] == opp["location"])
    assert here["mine"]["visibility"] >= 1
    assert cell_holdings(page) == own_holdings(after, 0)
    outcome = [e for e in after.view(0)["log"] if e["kind"] == "outcome"][-1]
    assert outcome["text"] in page.inner_text("#result")

    # The clock also runs by itself: an hour every 3 seconds.
    page.select_option("#tick-seconds", "3")
    start = hour(page)
    page.wait_for_function(
        f"Number(document.querySelector('#clock-hour').textContent) > {start}", timeout=20_000
    )
    page.select_option("#tick-seconds", "0")
    wait_idle(page)

    # Play on from a saved game a few hours before the first elimination check.
    record, victim, check = checkpoint(("overlord", "overlord", "random"), 3)
    path = tmp_path / "near-elimination.json"
    path.write_text(record_to_text(record))
    load_file(page, path)
    assert hour(page) == check - 3
    page.click("#tab-leaders")
    page.wait_for_selector("#view-leaders:not([hidden])")
    assert "in 3 hours" in page.inner_text("#lead-check")
    for _ in range(3):
        assert "eliminated at hour" not in page.inner_text("#lead-body")
        advance(page)
    state = saved_state(page)
    assert state.view(None)["eliminated"] == [{"seat": victim, "hour": check}]
    name = record.seats[victim].name
    page.wait_for_function(
        "document.querySelector('#lead-body').textContent.includes('eliminated')"
    )
    assert f"eliminated at hour {check}" in page.inner_text("#lead-body")
    rows = page.inner_text("#lead-body")
    assert name in rows
    # An eliminated player is marked, not faded below readable contrast.
    assert axe_violations(page) == []
    page.click("#tab-log")
    page.wait_for_selector("#events [data-kind=elimination]")
    assert f"{name} is eliminated" in page.inner_text("#events [data-kind=elimination]")


def test_deep_links_to_a_location_and_the_keyboard_walk(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG, "#/location/constantinople")
    wait_idle(page)
    page.wait_for_selector("#view-location:not([hidden])")
    assert page.inner_text("#loc-title") == "Constantinople"
    assert "1453" in page.inner_text("#loc-when")
    body = page.inner_text("#loc-body")
    assert "Constantine XI Palaiologos" in body
    state = saved_state(page)
    controller = next(
        loc["controller"] for loc in state.view(0)["locations"] if loc["id"] == "constantinople"
    )
    who = "you" if controller == 0 else saved_record(page).seats[controller].name
    assert f"Controlled by {who}" in body
    assert page.get_attribute("#cell-constantinople", "class").count("here") == 1
    # Up the diamond to Lisbon, and back with the browser's back button.
    page.click("#loc-body a[href='#/location/lisbon']")
    page.wait_for_function("document.querySelector('#loc-title').textContent === 'Lisbon'")
    assert "Present" in page.inner_text("#loc-body")
    page.go_back()
    page.wait_for_function("document.querySelector('#loc-title').textContent === 'Constantinople'")
    # Down the diamond by the keyboard: arrow keys walk the cells, Enter opens one.
    page.focus("#cell-uruk")
    page.keyboard.press("ArrowUp")
    focused = page.evaluate("document.activeElement.dataset.loc")
    assert focused in ("giza", "ur")
    page.keyboard.press("Enter")
    page.wait_for_function(f"location.hash === '#/location/{focused}'")
    page.wait_for_function("document.querySelector('#loc-title').textContent !== 'Constantinople'")
    # An unknown name in the address is shown as text, with the list of real places.
    page.evaluate("location.hash = '#/location/<img src=x onerror=document.title=1>'")
    page.wait_for_selector("#loc-body .tt-loc-picker")
    assert "<img src=x" in page.inner_text("#loc-body")
    assert page.locator("#loc-body img").count() == 0
    assert page.locator("#loc-body .tt-loc-picker a").count() == 24


def test_the_page_never_shows_another_players_past_holdings(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    open_game(page, site_url, SLUG)
    record, _, _ = checkpoint(("overlord", "overlord", "random"), 3)
    path = tmp_path / "midgame.json"
    path.write_text(record_to_text(record))
    page.select_option("#tick-seconds", "0")
    load_file(page, path)
    state = saved_state(page)
    # The diamond shows seat 0's own holdings, never anyone else's.
    assert cell_holdings(page) == own_holdings(state, 0)
    # An indirect purchase that would give nothing says so before it is bought.
    empty = [
        o
        for o in state.view(0)["opportunities"]
        if o["type"] in ("indirect", "invest") and o["gain"]["amount"] == 0 and o["affordable"]
    ]
    assert empty, "no indirect opportunity that gives nothing"
    page.check(f"#opp-{empty[0]['id']}")
    page.wait_for_selector("#opp-warning:not([hidden])")
    assert "gives you nothing" in page.inner_text("#opp-warning")
    assert empty[0]["gain"]["text"].split(":")[-1].strip() in page.inner_text("#opp-warning")
    page.click("#opp-cancel")
    page.wait_for_selector("#opp-confirm", state="hidden")
    secrets = set()
    for seat in range(1, len(record.seats)):
        for entry in state.view(seat)["log"]:
            if entry.get("private") and entry.get("kind") == "outcome":
                secrets.add(entry["text"])
        theirs = own_holdings(state, seat)
        assert theirs != own_holdings(state, 0)
    assert secrets, "the computer players gained nothing in secret"
    for route in ("log", "player", "leaders", "location/rome", "location/present"):
        page.evaluate(f"location.hash = '#/{route}'")
        page.wait_for_selector(f"#view-{route.split('/')[0]}:not([hidden])")
        text = page.inner_text("body")
        leaked = [s for s in secrets if s in text]
        assert leaked == [], f"#{route} shows another player's secret: {leaked[:2]}"
    # Present-day forces are public; the past is not: a location's view lists who is most
    # visible there, never how many agents or how much wealth they hold.
    page.evaluate("location.hash = '#/location/rome'")
    page.wait_for_function("document.querySelector('#loc-title').textContent === 'Rome'")
    assert "Forces in the present" not in page.inner_text("#loc-body")
    # What the page stores and what a save file holds are sealed while the game runs.
    stored = json.loads(page.evaluate(f"localStorage.getItem('{AUTOSAVE}')"))
    assert "sealed" in stored and stored.get("seed") is None
    with page.expect_download() as download:
        page.click("#btn-save")
    saved = tmp_path / "saved.json"
    download.value.save_as(saved)
    exported = json.loads(saved.read_text())["record"]
    assert "sealed" in exported and exported.get("seed") is None


def test_bad_input_is_refused_and_the_game_kept(page: Any, site_url: str, tmp_path: Any) -> None:
    open_game(page, site_url, SLUG)
    evil = "<img src=x onerror=document.title=1>"  # within the 40 characters a name may have
    start_game(page, names=(evil, "Bob", "Cleo", "Dan"))
    advance(page)
    state = saved_state(page)
    before = saved_record(page).actions

    def refused(order: str, rule: str) -> None:
        page.evaluate("document.querySelector('#message').className = 'tg-message'")
        page.fill("#move-input", order)
        page.press("#move-input", "Enter")
        page.wait_for_selector("#message.error")
        assert rule in page.inner_text("#message")
        assert saved_record(page).actions == before

    too_dear = [o for o in state.view(0)["opportunities"] if o["price"] > 4]
    assert too_dear, "every opportunity was affordable"
    refused(f"b{too_dear[0]['id']}", "too-few-turns")
    gone = max(o["id"] for o in state.view(0)["opportunities"]) + 50
    refused(f"b{gone}", "no-such-opportunity")
    refused("t0", "clock-backwards")
    # A save file that was edited is refused; the game on the screen stays.
    with page.expect_download() as download:
        page.click("#btn-save")
    good = tmp_path / "good.json"
    download.value.save_as(good)
    bad = tmp_path / "bad.json"
    bad.write_text(good.read_text().replace('"Bob"', '"Bobby"'))
    page.set_input_files("#file-load", str(bad))
    page.wait_for_selector("#message.error")
    assert "checksum" in page.inner_text("#message")
    assert saved_record(page).actions == before
    # Names are text, never HTML.
    page.click("#tab-leaders")
    assert evil[:20] in page.inner_text("#players")
    assert page.locator("#players img, #lead-body img, #opp-list img").count() == 0
    assert page.title() != "1"


def test_real_time_catches_up_with_a_digest_and_refuses_a_clock_set_back(
    browser: Any, site_url: str
) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    # The page's wall clock, moved by the test: localStorage 'test:offset' in milliseconds.
    ctx.add_init_script(
        "(() => { const real = Date.now.bind(Date);"
        " Date.now = () => real() + Number(localStorage.getItem('test:offset') || 0); })()"
    )
    try:
        page = ctx.new_page()
        open_game(page, site_url, SLUG)
        start_game(page, clock="Real time")
        assert page.inner_text("#clock-mode") == "Real time"
        assert page.locator("#btn-advance").is_hidden()
        assert "minute" in page.inner_text("#clock-next")
        # Three hours later the game has moved on by itself.
        page.evaluate(f"localStorage.setItem('test:offset', {3 * HOUR_MS + 60_000})")
        page.reload()
        page.wait_for_selector(READY, timeout=90_000)
        page.wait_for_selector("#away[open]", timeout=60_000)
        assert "3 hours passed" in page.inner_text("#away")
        state = saved_state(page)
        assert state.clock == 3 and hour(page) == 3
        assert state.view(0)["me"]["turns"] == 6
        page.click("#away-ok")
        wait_idle(page)
        # Only the wall clock moves a real-time game on: a typed wait ahead of it is refused.
        before = saved_record(page).actions
        page.fill("#move-input", "t9")
        page.press("#move-input", "Enter")
        page.wait_for_selector("#message.error")
        assert "wall clock" in page.inner_text("#message")
        assert saved_record(page).actions == before
        # A device clock set back before the game's time: refused, the game kept.
        page.evaluate(f"localStorage.setItem('test:offset', {-2 * HOUR_MS})")
        page.reload()
        page.wait_for_selector(READY, timeout=90_000)
        page.wait_for_selector("#message.error", timeout=30_000)
        assert "clock-backwards" in page.inner_text("#message")
        assert saved_record(page).actions == before
        assert hour(page) == 3
    finally:
        ctx.close()


def start_clock_after_three_hours(page: Any) -> None:
    """Press "Start the clock" on a real-time game three hours old: the page plays
    those hours, tells what happened in them and is at hour 3."""
    page.click("#btn-clock-start")
    page.wait_for_selector("#away[open]", timeout=60_000)
    assert "3 hours passed" in page.inner_text("#away")
    page.click("#away-ok")
    wait_idle(page)
    assert hour(page) == 3


def test_a_real_time_game_starts_on_the_real_clock_and_an_old_wrapped_start_still_runs(
    browser: Any, site_url: str
) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    later = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        open_game(page, site_url, SLUG)
        start_game(page, kinds=("human", "ai:novice"), names=("Ada", "Bob"), clock="Real time")
        # MicroPython reads a whole JS number as a 32-bit integer: the page once
        # took its start time from Date.now() wrapped to a day in 1970.
        record = saved_record(page)
        now = page.evaluate("Date.now()")
        assert abs(record.options["started"] * 1000 - now) < 120_000
        # A game saved with such a wrapped start three hours ago, opened from its
        # link, still runs: Start catches up three hours, not fifty years of them.
        wrapped = ((now - 3 * HOUR_MS - 60_000) % 2**32) // 1000
        old = GameRecord.from_dict(
            {**record.to_dict(), "options": {**record.options, "started": wrapped}}
        )
        other = later.new_page()
        other.goto(f"{site_url}play/{SLUG}/#g=" + record_to_link(old))
        other.wait_for_selector(READY, timeout=90_000)
        wait_idle(other)
        start_clock_after_three_hours(other)
    finally:
        later.close()
        ctx.close()


def pass_device(page: Any, name: str) -> None:
    """The privacy screen names the next player; they press to see their own view."""
    page.wait_for_selector("#privacy:not([hidden])")
    assert page.inner_text("#privacy-name") == name
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    wait_idle(page)


def test_hot_seat_privacy_and_phone_width(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = ctx.new_page()
        open_game(page, site_url, SLUG)
        page.click("#btn-new")
        page.wait_for_selector("#opt-players")
        pick_label(page, "#opt-players", "2 players")
        pick_label(page, "#opt-clock", "Hot-seat")
        page.wait_for_selector("#seat-kind-1")
        for seat, name in enumerate(("Ada", "Bob")):
            page.fill(f"#seat-name-{seat}", name)
            page.select_option(f"#seat-kind-{seat}", "human")
        page.click("#ng-start")
        pass_device(page, "Ada")
        assert "End my hour" in page.inner_text("#btn-advance")
        page.click("#btn-advance")
        pass_device(page, "Bob")
        page.click("#tab-player")
        page.wait_for_function(
            "document.querySelector('#player-title').textContent.includes('Bob')"
        )
        assert cell_holdings(page) == own_holdings(saved_state(page), 1)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0
        size = page.evaluate("document.querySelector('#cell-uruk').getBoundingClientRect().width")
        assert size >= 60  # cells stay tappable
    finally:
        ctx.close()


def test_a_rules_example_opens_embedded_from_its_players_seat(page: Any, site_url: str) -> None:
    example = next(e for e in GAME.examples() if e["key"] == "attack")
    seat = int(next(h for h in example["highlight"] if h.startswith("seat:"))[5:])
    places = [h for h in example["highlight"] if not h.startswith("seat:")]
    open_game(page, site_url, SLUG, "?embed=1#example=attack")
    page.wait_for_selector("#example:not([hidden])")
    assert example["title"] in page.inner_text("#example")
    assert page.locator("#privacy:not([hidden])").count() == 0
    # The fight is shown strike by strike, from the seat the example is about.
    page.wait_for_selector("#result .tt-strike")
    state = GAME.new_game(example.get("options") or {}, 0)
    for move in example["moves"]:
        state = state.play_text(move)
    fight = [e for e in state.view(seat)["log"] if e["kind"] == "outcome"][-1]["detail"]
    assert page.locator("#result .tt-strike").count() == len(fight["strikes"])
    assert axe_violations(page) == []
    assert cell_holdings(page) == own_holdings(state, seat)
    for place in places:
        assert "here" in page.get_attribute(f"#cell-{place}", "class")


# -- fixes from the QA pass ------------------------------------------------------------------


def gives_nothing(opp: Any) -> bool:
    gain = opp["gain"]
    return gain["kind"] in ("agents", "wealth", "none") and not gain["amount"]


def fresh_record(
    kinds: tuple[str, ...], test: Any, clock: str = "accelerated", seeds: int = 200
) -> GameRecord:
    """A new game (no moves yet) whose first seed passes ``test(state)``; a name per seat."""
    names = ("Ada", "Bob", "Cleo", "Dan")
    seats = tuple(
        Seat(names[i], "human") if kind == "human" else Seat(names[i], "ai", kind[3:])
        for i, kind in enumerate(kinds)
    )
    options = GAME.normalise_options({"players": len(seats), "clock": clock})
    for seed in range(seeds):
        if test(GAME.new(options, seed)):
            return GameRecord(SLUG, seed, options, seats, (), 0)
    raise AssertionError("no seed passes the test")


def open_record(page: Any, tmp_path: Any, record: GameRecord, name: str = "game.json") -> None:
    path = tmp_path / name
    path.write_text(record_to_text(record))
    load_file(page, path)


def affordable(state: Any, seat: int) -> list[Any]:
    return [o for o in state.view(seat)["opportunities"] if o["affordable"]]


def test_a_game_link_and_a_delete_ask_the_shared_question(page: Any, site_url: str) -> None:
    # The page's own "Confirm selection" handler once shadowed the shared yes/no question:
    # both of these crashed with "confirm() takes 2 positional arguments but 4 were given".
    open_game(page, site_url, SLUG)
    start_game(page, kinds=("human", "ai:novice"), names=("Ada", "Bob"))
    advance(page)
    page.click("#btn-link")
    page.wait_for_function("document.querySelector('#link-output').value.includes('#g=')")
    link = page.input_value("#link-output")
    # A second game: the first stays under Saved games.  Its link, opened beside the
    # second game, asks first (the link of the game on screen would ask nothing).
    start_game(page, kinds=("human", "ai:novice"), names=("Cleo", "Dan"))
    advance(page)
    page.fill("#link-input", link)
    page.press("#link-input", "Enter")
    page.wait_for_selector("#confirm[open]")
    assert "Open the game from this link" in page.inner_text("#confirm-text")
    assert "Ada vs Bob" in page.inner_text("#confirm-text")
    page.click("#confirm-no")
    page.wait_for_function(
        "document.querySelector('#message').textContent.includes('link was not opened')"
    )
    # The first game can be deleted from the list.
    page.click("#btn-saved")
    page.wait_for_selector("#saved-games[open]")
    assert page.locator("#sg-list .tg-saved-item").count() == 2
    page.click("#sg-list .tg-saved-item:not(.current) button:has-text('Delete')")
    page.wait_for_selector("#confirm[open]")
    assert "Ada vs Bob" in page.inner_text("#confirm-text")
    page.click("#confirm-yes")
    page.wait_for_selector("#saved-games[open]")
    page.wait_for_function("document.querySelectorAll('#sg-list .tg-saved-item').length === 1")
    assert "Cleo vs Dan" in page.inner_text("#sg-list")


def test_hot_seat_results_stay_private_and_undo_stays_in_ones_own_hour(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    def both_can_buy(state: Any) -> bool:
        mine = affordable(state, 0)
        if not mine:
            return False
        state = state.play_text(f"b{mine[0]['id']}").play_text(f"t{state.clock + 1}")
        return bool(affordable(state, 1))  # in Bob's window

    record = fresh_record(("human", "human", "human"), both_can_buy, clock="hotseat")
    state = GAME.new(record.options, record.seed)
    ada_buys = affordable(state, 0)[0]["id"]
    open_game(page, site_url, SLUG)
    open_record(page, tmp_path, record)
    pass_device(page, "Ada")
    assert page.is_disabled("#btn-undo")
    page.check(f"#opp-{ada_buys}")
    page.click("#opp-take")
    page.wait_for_selector("#result:not([hidden])")
    secret = page.inner_text("#result")
    assert f"#{ada_buys}" in secret
    assert page.is_enabled("#btn-undo")  # Ada may take back her own purchase
    # Ada ends her hour: her result card is gone before the device passes to Bob.
    page.click("#btn-advance")
    page.wait_for_selector("#privacy:not([hidden])")
    assert page.locator("#result").is_hidden()
    assert page.inner_text("#result") == ""
    assert page.locator("#opp-confirm").is_hidden()
    pass_device(page, "Bob")
    assert page.locator("#result").is_hidden()
    assert page.locator("#opp-list input:checked").count() == 0
    # Undo would take back Ada's wait and purchase: not from Bob's window.
    assert page.is_disabled("#btn-undo")
    assert "own moves" in str(page.get_attribute("#btn-undo", "title"))
    # Bob may take back his own purchase, and no further.
    state = saved_state(page)
    bob_buys = affordable(state, 1)[0]["id"]
    moves = len(saved_record(page).actions)
    page.check(f"#opp-{bob_buys}")
    page.click("#opp-take")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).actions.length > {moves}"
    )
    wait_idle(page)
    assert page.is_enabled("#btn-undo")
    page.click("#btn-undo")
    page.wait_for_function("document.querySelector('#status').textContent.includes('Redo')")
    wait_idle(page)
    assert saved_record(page).position == moves
    assert page.locator("#privacy").is_hidden()
    assert page.is_disabled("#btn-undo")
    assert page.is_enabled(f"#opp-{bob_buys}")  # Bob buys again from here if he likes


def test_a_rivals_purchase_shows_in_the_move_log_without_its_number_or_details(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    """Ada lets the clock run; the computer buys in the past in its window.  The move list
    says only that Bob bought an opportunity; neither it nor Ada's log names the offer."""

    def rival_buy(state: Any) -> Any:
        state = state.play_text(f"t{state.clock + 1}")  # Ada waits: Bob's window opens
        action = GAME.make_bot("novice").choose(state, BotContext(random.Random(0)))
        opp = state.opportunity(getattr(action, "id", -1))
        return opp if opp is not None and opp.kind != "challenge" else None

    record = fresh_record(("human", "ai:novice"), lambda s: rival_buy(s) is not None)
    bought = rival_buy(GAME.new(record.options, record.seed))
    open_game(page, site_url, SLUG)
    page.select_option("#tick-seconds", "0")
    open_record(page, tmp_path, record)
    advance(page)
    page.wait_for_function(
        "document.querySelector('#log').textContent.includes('Bob: buys an opportunity')"
    )
    moves = str(page.text_content("#log"))
    assert f"#{bought.id}" not in moves and f"b{bought.id}" not in moves
    # The engine gave the page nothing more: Ada's log never names Bob's purchase.
    page.evaluate("location.hash = '#/log'")
    page.wait_for_selector("#view-log:not([hidden])")
    events = str(page.text_content("#events"))
    assert f"#{bought.id}" not in events and "Bob took" not in events
    state = saved_state(page)
    assert state.opportunity(bought.id) is None  # it was bought all the same
    assert not [e for e in state.view(0)["log"] if e["kind"] == "take"]
    # A save made while the game runs shows the hidden line in place of Bob's move.
    stored = json.loads(page.evaluate(f"localStorage.getItem('{AUTOSAVE}')"))
    assert "sealed" in stored and f"b{bought.id}" not in stored["actions"]
    assert "buys an opportunity" in stored["actions"]


def test_after_undo_against_the_computer_the_cards_and_the_clock_take_clicks(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    record = fresh_record(("human", "ai:novice"), lambda s: len(affordable(s, 0)) >= 2)
    state = GAME.new(record.options, record.seed)
    first, second = (o["id"] for o in affordable(state, 0)[:2])
    open_game(page, site_url, SLUG)
    page.select_option("#tick-seconds", "0")
    open_record(page, tmp_path, record)
    page.check(f"#opp-{first}")
    page.click("#opp-take")
    page.wait_for_selector("#result:not([hidden])")
    wait_idle(page)
    page.click("#btn-undo")
    page.wait_for_function("document.querySelector('#status').textContent.includes('Redo')")
    wait_idle(page)
    assert "a new move replaces" in page.inner_text("#status")  # Undo, not a replay
    # The status invites a move here: the cards and the clock's buttons take it.
    assert page.is_enabled(f"#opp-{second}")
    assert page.is_enabled("#btn-advance") and page.is_enabled("#btn-sleep")
    page.check(f"#opp-{second}")
    page.wait_for_selector("#opp-confirm:not([hidden])")
    assert page.is_enabled("#opp-take")
    page.click("#opp-take")
    # The sealed autosave shows a purchase only as "buys an opportunity": wait for the position.
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).position === 1")
    wait_idle(page)
    assert saved_record(page).actions == (f"b{second}",)
    assert "Replay" not in page.inner_text("#status")
    page.wait_for_selector("#result:not([hidden])")
    assert f"#{second}" in page.inner_text("#result")
    # A typed purchase shows the same result card as a clicked one.
    page.click("#result .tt-close")
    state = saved_state(page)
    typed = affordable(state, 0)
    if typed:
        page.fill("#move-input", f"b{typed[0]['id']}")
        page.press("#move-input", "Enter")
        page.wait_for_selector("#result:not([hidden])")
        assert f"#{typed[0]['id']}" in page.inner_text("#result")
        outcome = [e for e in saved_state(page).view(0)["log"] if e["kind"] == "outcome"][-1]
        assert outcome["text"] in page.inner_text("#result")


def test_a_card_that_gives_nothing_says_why_once(page: Any, site_url: str, tmp_path: Any) -> None:
    def wanted(state: Any) -> bool:
        offers = state.view(0)["opportunities"]
        doubled = [o for o in offers if o.get("doubled") and gives_nothing(o)]
        return bool(doubled) and any(gives_nothing(o) for o in affordable(state, 0))

    record = fresh_record(("human", "ai:novice"), wanted)
    state = GAME.new(record.options, record.seed)
    offers = state.view(0)["opportunities"]
    doubled = next(o for o in offers if o.get("doubled") and gives_nothing(o))
    empty = next(o for o in affordable(state, 0) if gives_nothing(o))
    open_game(page, site_url, SLUG)
    page.select_option("#tick-seconds", "0")
    open_record(page, tmp_path, record)
    # Nothing doubled is nothing: the card gives the reason, not "×2 your character".
    gain = page.inner_text(f"#opp-gain-{doubled['id']}")
    assert "×2" not in gain
    assert doubled["gain"]["text"].removeprefix("gives nothing:").strip() in gain
    # The confirmation says what gives nothing once, in sentences.
    page.check(f"#opp-{empty['id']}")
    page.wait_for_selector("#opp-warning:not([hidden])")
    summary = page.inner_text("#opp-summary")
    warning = page.inner_text("#opp-warning")
    reason = empty["gain"]["text"].removeprefix("gives nothing:").strip()
    assert warning == f"⚠ This gives you nothing: {reason}."
    assert "gives nothing" not in summary and reason not in summary
    assert summary.endswith(".") and ". g" not in summary
    assert page.get_attribute("#move-input", "placeholder").startswith("b")


def test_phone_a_tap_on_a_card_selects_it_and_its_place_has_its_own_link(
    browser: Any, site_url: str, tmp_path: Any
) -> None:
    record = fresh_record(("human", "ai:novice"), lambda s: bool(affordable(s, 0)))
    state = GAME.new(record.options, record.seed)
    opp = affordable(state, 0)[0]
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        page = ctx.new_page()
        open_game(page, site_url, SLUG)
        page.select_option("#tick-seconds", "0")
        open_record(page, tmp_path, record)
        card = page.locator(f"#opp-list .tt-opp[data-opp='{opp['id']}']")
        card.scroll_into_view_if_needed()
        card.tap()  # the middle of the card
        page.wait_for_selector("#opp-confirm:not([hidden])")
        assert page.is_checked(f"#opp-{opp['id']}")
        assert "location" not in page.evaluate("location.hash")
        link = card.locator(".tt-opp-loc")
        box = link.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24
        link.tap()
        page.wait_for_function(f"location.hash === '#/location/{opp['location']}'")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0
    finally:
        ctx.close()


def test_a_finished_game_has_no_next_check_and_refuses_moves_plainly(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    options = GAME.normalise_options({"players": 2, "limit": 240})
    state = GAME.new(options, 0)
    actions = []
    while not state.is_terminal():
        actions.append(f"t{min(state.clock + 100, 240)}")
        state = state.play_text(actions[-1])
    assert state.clock == 240
    seats = (Seat("Ada", "human"), Seat("Bob", "ai", "novice"))
    record = GameRecord(SLUG, 0, options, seats, tuple(actions), len(actions))
    open_game(page, site_url, SLUG)
    open_record(page, tmp_path, record)
    assert page.get_attribute("html", "data-turn") == "over"
    page.click("#tab-leaders")
    page.wait_for_selector("#view-leaders:not([hidden])")
    assert "Next elimination" not in page.inner_text("#lead-check")
    assert "over" in page.inner_text("#lead-check")
    sleep = page.inner_text("#btn-sleep")
    assert int(sleep.split()[-1]) <= 240 and page.is_disabled("#btn-sleep")
    page.fill("#move-input", "t241")
    page.press("#move-input", "Enter")
    page.wait_for_function("document.querySelector('#message').textContent.includes('over')")
    assert "computer" not in page.inner_text("#message")
    assert "game is over" in page.inner_text("#message")


def test_a_rules_example_keeps_its_clock_still(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    # Time runs twenty times faster for the page: ten seconds of a game hour pass in half a
    # second, so a running clock shows within the wait below.
    ctx.add_init_script(
        "(() => { const real = Date.now.bind(Date); const start = real();"
        " Date.now = () => start + (real() - start) * 20; })()"
    )
    try:
        page = ctx.new_page()
        open_game(page, site_url, SLUG, "?embed=1#example=challenge_won")
        page.wait_for_selector("#example:not([hidden])")
        page.wait_for_selector("#result:not([hidden])")
        before = hour(page)
        page.wait_for_timeout(4_000)
        assert hour(page) == before
        assert page.locator("#result:not([hidden])").count() == 1
        assert "waits" in page.inner_text("#clock-next")
    finally:
        ctx.close()


CUT_NAMES = """[...document.querySelectorAll('#diamond .tt-cname')]
  .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
  .map(e => e.textContent)"""


def test_every_name_on_the_diamond_is_shown_whole(browser: Any, site_url: str) -> None:
    # "Constantinople", "The Present Day" and "Akhetaten (Amarna)" were cut short
    # with an ellipsis at both widths.
    for width, height in ((1280, 800), (390, 844)):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        try:
            page = ctx.new_page()
            page.goto(site_url + f"play/{SLUG}/")
            page.wait_for_selector(READY, timeout=90_000)
            assert page.evaluate(CUT_NAMES) == [], width
            names = page.eval_on_selector_all("#diamond .tt-cname", "ns => ns.map(n => n.title)")
            assert "Akhetaten (Amarna)" in names and "The Present Day" in names
        finally:
            ctx.close()


# -- fixes from the second play-through -------------------------------------------------------


def buy(page: Any, opp_id: int) -> None:
    """Select an opportunity, confirm it, and wait until the purchase is saved."""
    moves = saved_record(page).position
    page.check(f"#opp-{opp_id}")
    page.click("#opp-take")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).position > {moves}")
    wait_idle(page)


def test_the_result_card_goes_once_its_position_is_no_longer_shown(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    # The card of a purchase that Undo had taken back stayed on the screen.
    record = fresh_record(("human", "ai:novice"), lambda s: len(affordable(s, 0)) >= 2)
    first, second = (o["id"] for o in affordable(GAME.new(record.options, record.seed), 0)[:2])
    open_game(page, site_url, SLUG)
    page.select_option("#tick-seconds", "0")
    open_record(page, tmp_path, record)
    buy(page, first)
    page.wait_for_selector("#result:not([hidden])")
    assert f"#{first}" in page.inner_text("#result")
    page.click("#btn-undo")
    page.wait_for_selector("#result", state="hidden")
    assert page.inner_text("#result") == ""
    # Stepping back in the replay takes it away too, and going forward does not bring it back.
    buy(page, second)
    page.wait_for_selector("#result:not([hidden])")
    page.click("#btn-prev")
    page.wait_for_selector("#result", state="hidden")
    page.click("#btn-last")
    page.wait_for_function("document.querySelector('#btn-last').disabled")
    wait_idle(page)
    assert page.locator("#result").is_hidden()
    # Going on from the purchase keeps it: the card tells what the player's own move did.
    page.click("#btn-undo")
    page.wait_for_function("document.querySelector('#status').textContent.includes('Redo')")
    wait_idle(page)
    buy(page, first)
    page.wait_for_selector("#result:not([hidden])")
    advance(page)
    assert page.locator("#result:not([hidden])").count() == 1
    # Another game opened: the card was about the other game.  (Not the same file
    # again: that is this game, kept under Saved games, and is only shown at its start.)
    open_record(page, tmp_path, dataclasses.replace(record, seed=record.seed + 1), "other.json")
    page.wait_for_selector("#result", state="hidden")


def test_a_hot_seat_game_opened_at_a_replayed_position_starts_behind_the_curtain(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    # Ada bought, took it back with Undo, and the page was reloaded: the game opened on the
    # spectator's view with no curtain, and nobody could play the move the status asked for.
    record = fresh_record(("human", "human"), lambda s: bool(affordable(s, 0)), clock="hotseat")
    bought = affordable(GAME.new(record.options, record.seed), 0)[0]["id"]
    open_game(page, site_url, SLUG)
    open_record(page, tmp_path, record)
    pass_device(page, "Ada")
    buy(page, bought)
    page.click("#btn-undo")
    page.wait_for_function("document.querySelector('#status').textContent.includes('Redo')")
    wait_idle(page)
    assert page.locator("#privacy").is_hidden()  # Ada stays at the screen after her Undo
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    wait_idle(page)
    assert saved_record(page).position < len(saved_record(page).actions)
    pass_device(page, "Ada")
    # Ada's own view of the replayed position: her turns, and her purchase to branch off.
    assert page.inner_text("#clock-turns") == "3"
    assert page.is_enabled(f"#opp-{bought}")
    assert "Ada: buys #" in page.inner_text("#log")  # the move ahead is her own


def test_phone_the_clock_figures_are_never_under_the_status_bar(
    browser: Any, site_url: str
) -> None:
    # The sticky status bar slid over the hour, the turns and the next check as soon as
    # the page scrolled; they now stick just below it.
    figures = ("#clock-hour", "#clock-turns", "#clock-check")
    uncovered = """ids => ids.map(id => {
        const box = document.querySelector(id).getBoundingClientRect();
        const status = document.querySelector('#status').getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return [id, box.top >= status.bottom - 0.5 && box.bottom <= innerHeight
                && !!hit && hit.closest(id) !== null];
    })"""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = open_still(ctx.new_page(), site_url)
        for y in (0, 40, 120, 400, 1500):
            page.evaluate(f"window.scrollTo(0, {y})")
            page.wait_for_timeout(150)
            assert page.evaluate(uncovered, list(figures)) == [[f, True] for f in figures], y
        # A status of three lines is taller: the figures move down with its edge.
        page.evaluate(
            "document.querySelector('#status').textContent = 'Hour 0: a long status that "
            "takes three lines on a phone, as a replay or a hand-over in a hot-seat game does.'"
        )
        page.wait_for_timeout(300)
        assert page.evaluate(uncovered, list(figures)) == [[f, True] for f in figures]
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0
    finally:
        ctx.close()


FAST_CLOCK = (
    "(() => { const real = Date.now.bind(Date); const start = real();"
    " Date.now = () => start + (real() - start) * 20; })()"
)


def test_a_game_opened_from_a_link_waits_until_its_player_starts_the_clock(
    browser: Any, site_url: str
) -> None:
    # The accelerated clock ran as soon as the link opened, before anyone had looked.
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(FAST_CLOCK)  # an hour of 5 s passes in a quarter of a second
    options = GAME.normalise_options({"players": 2, "hour_seconds": 5})
    seats = (Seat("Ada", "human"), Seat("Bob", "ai", "novice"))
    record = GameRecord(SLUG, 5, options, seats, (), 0)
    try:
        page = ctx.new_page()
        open_game(page, site_url, SLUG, "#g=" + record_to_link(record))
        wait_idle(page)
        page.wait_for_timeout(3_000)
        assert hour(page) == 0
        assert page.is_visible("#btn-clock-start")
        assert "the clock waits" in page.inner_text("#status")
        assert page.is_enabled("#btn-advance")  # acting is starting: Advance still works
        page.click("#btn-clock-start")
        page.wait_for_selector("#btn-clock-start", state="hidden")
        page.wait_for_function(
            "Number(document.querySelector('#clock-hour').textContent) > 0", timeout=20_000
        )
    finally:
        ctx.close()


def test_a_real_time_game_opened_from_a_link_catches_up_on_start(
    browser: Any, site_url: str
) -> None:
    # A real-time game's link, opened three hours later on another device: the position as
    # it was shared first; the hours since are played (and told) only when asked for.
    shift = (
        "(() => { const real = Date.now.bind(Date);"
        " Date.now = () => real() + Number(localStorage.getItem('test:offset') || 0); })()"
    )
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(shift)
    later = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    later.add_init_script(shift.replace("localStorage.getItem('test:offset') || 0", "10860000"))
    try:
        page = ctx.new_page()
        open_game(page, site_url, SLUG)
        start_game(page, kinds=("human", "ai:novice"), names=("Ada", "Bob"), clock="Real time")
        page.click("#btn-link")
        page.wait_for_function("document.querySelector('#link-output').value.includes('#g=')")
        link = page.input_value("#link-output")
        other = later.new_page()
        other.goto(link)
        other.wait_for_selector(READY, timeout=90_000)
        wait_idle(other)
        other.wait_for_timeout(2_000)
        assert hour(other) == 0
        assert not other.evaluate("document.querySelector('#away').open")
        assert "catch up" in other.inner_text("#status")
        assert other.locator("#opp-list input:not([disabled])").count() == 0
        start_clock_after_three_hours(other)
    finally:
        later.close()
        ctx.close()


def test_your_own_purchases_show_in_full_in_your_move_list(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    # Ada's own purchase read "Ada: buys an opportunity", as a rival's does.
    def ada_buys_then_bob(state: Any) -> bool:
        mine = [o for o in affordable(state, 0) if o["type"] != "challenge"]
        if not mine:
            return False
        state = state.play_text(f"b{mine[0]['id']}").play_text(f"t{state.clock + 1}")
        action = GAME.make_bot("novice").choose(state, BotContext(random.Random(0)))
        opp = state.opportunity(getattr(action, "id", -1))
        return opp is not None and opp.kind != "challenge"

    record = fresh_record(("human", "ai:novice"), ada_buys_then_bob)
    state = GAME.new(record.options, record.seed)
    mine = next(o for o in affordable(state, 0) if o["type"] != "challenge")
    open_game(page, site_url, SLUG)
    page.select_option("#tick-seconds", "0")
    open_record(page, tmp_path, record)
    offer = state.opportunity(mine["id"])
    assert offer is not None
    told = f"Ada: buys {offer.describe()}"  # "#7 direct recruiting at Rome": where, too
    buy(page, mine["id"])
    assert told in page.inner_text("#log")
    advance(page)
    page.wait_for_function(
        "document.querySelector('#log').textContent.includes('Bob: buys an opportunity')"
    )
    assert told in page.inner_text("#log")
    # What is stored and shared still hides every purchase, Ada's own included.
    stored = json.loads(page.evaluate(f"localStorage.getItem('{AUTOSAVE}')"))
    assert "sealed" in stored and f"b{mine['id']}" not in stored["actions"]
    assert stored["actions"][0] == "buys an opportunity"


SHIFTED_CLOCK = (
    "(() => { const real = Date.now.bind(Date);"
    " Date.now = () => real() + (window.__testShift || 0); })()"
)


def test_an_accelerated_hour_never_falls_due_behind_a_dialog(browser: Any, site_url: str) -> None:
    # The countdown ran on while a dialog stopped the clock, so the hour fell due the
    # moment the dialog closed; it now stands still and goes on from where it stood.
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(SHIFTED_CLOCK)
    try:
        page = open_still(ctx.new_page(), site_url)
        start = hour(page)
        page.select_option("#tick-seconds", "60")
        page.wait_for_function(
            "document.querySelector('#clock-next').textContent.startsWith('Next hour in')"
        )
        page.click("#btn-new")
        page.wait_for_selector("#new-game[open]")
        page.wait_for_timeout(1_000)  # the clock sees the dialog
        page.evaluate("window.__testShift = 120000")  # two hours' worth pass behind it
        page.wait_for_timeout(1_500)
        page.click("#ng-cancel")
        page.wait_for_selector("#new-game", state="hidden")
        page.wait_for_timeout(2_000)
        assert hour(page) == start
        left = page.inner_text("#clock-next")
        assert left.startswith("Next hour in") and int(left.split()[3]) > 40, left
        # The countdown goes on: once its time is up the hour passes as before.
        page.evaluate("window.__testShift = 300000")
        page.wait_for_function(
            f"Number(document.querySelector('#clock-hour').textContent) > {start}",
            timeout=20_000,
        )
    finally:
        ctx.close()


def test_phone_a_new_game_starts_at_the_top_with_focus_on_the_board(
    browser: Any, site_url: str
) -> None:
    # The dialog gave focus back to the New game button at the foot of the page, and the
    # phone scrolled down there, away from the game just started.
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = open_still(ctx.new_page(), site_url)
        page.evaluate("document.querySelector('#btn-new').scrollIntoView()")
        assert page.evaluate("window.scrollY") > 400
        start_game(page, ("human", "ai:novice"), ("Ada", "Bob"))
        assert page.evaluate("window.scrollY") == 0
        assert page.evaluate("document.activeElement.id") == "board"
    finally:
        ctx.close()
