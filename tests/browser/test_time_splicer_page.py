"""The Time Splicer page in real Chromium: a whole game by clicking, hot-seat privacy,
cancelling orders, refusals with the rule's name, tampered links, phone width."""

from __future__ import annotations

import json
import random
from typing import Any

from conftest import READY, axe_violations, faded, load_file, open_game, quick_computer, wait_turn
from conftest import saved_record as saved_record_of
from conftest import saved_state as saved_state_of
from timegames.core import BotContext, Budget, GameRecord, IllegalAction, replay
from timegames.core.record import Seat, record_from_link, record_to_link, record_to_text
from timegames.time_splicer import GAME, SplicerState

SLUG = "time_splicer"


def saved_record(page: Any) -> GameRecord:
    return saved_record_of(page, SLUG)


def saved_state(page: Any) -> SplicerState:
    state = saved_state_of(page, SLUG)
    assert isinstance(state, SplicerState)
    return state


def watch_console(page: Any) -> list[str]:
    """Every MicroPython traceback the page prints (a test ends with none)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if "Traceback" in m.text else None)
    return errors


def position(page: Any) -> int:
    return int(page.get_attribute("html", "data-position") or -1)


def wait_moved(page: Any, before: int) -> None:
    """Wait until the page shows a position other than ``before``, and is idle."""
    page.wait_for_function(
        "document.documentElement.dataset.busy === '0'"
        f" && document.documentElement.dataset.position !== '{before}'",
        timeout=60_000,
    )


def start_game(
    page: Any,
    kinds: tuple[str, ...] = ("human", "ai:beginner"),
    names: tuple[str, ...] = ("Ada", "Bob"),
) -> None:
    """Start a new game through the New game dialog."""
    page.click("#btn-new")
    page.wait_for_selector("#opt-players")
    page.select_option("#opt-players", label=f"{len(kinds)} players")
    page.wait_for_selector(f"#seat-kind-{len(kinds) - 1}")
    page.wait_for_function(f"!document.querySelector('#seat-kind-{len(kinds)}')")
    for seat, kind in enumerate(kinds):
        page.fill(f"#seat-name-{seat}", names[seat])
        page.select_option(f"#seat-kind-{seat}", kind)
    page.click("#ng-start")
    page.wait_for_selector("#new-game:not([open])", state="attached")
    page.wait_for_function(
        "document.querySelector('#players').textContent.includes(" + json.dumps(names[0]) + ")"
    )


def order_by_clicks(page: Any, text: str) -> None:
    """Write one order (engine notation) the way a player does: clicks, menus, the bid box."""
    before = position(page)
    words = text.split()
    head = words[0]
    if head == "submit":
        page.click("#btn-submit")
    elif head == "bump":
        page.click("#btn-bump")
    elif head == "bid":
        if page.locator(f"#bidding .ts-tile.selected[data-tile='{words[1]}']").count() == 0:
            page.click(f"#bidding .ts-tile[data-tile='{words[1]}']")
        page.fill("#bid-amount", words[2])
        page.click("#bid-button")
    elif head == "place":
        x, y = words[2].split(",")
        if page.locator(f"#stack .ts-tile.selected[data-tile='{words[1]}']").count() == 0:
            page.click(f"#stack .ts-tile[data-tile='{words[1]}']")
        page.click(f"#timeline .ts-spot.legal[data-x='{x}'][data-y='{y}']")
    else:
        # restack, cap, uncap, improve: the tile's order menu (right click).
        where = "#stack" if head == "improve" else "#timeline"
        page.click(f"{where} .ts-tile[data-tile='{words[1]}']", button="right")
        page.click(f".tg-menu [data-action='{text}']")
    wait_moved(page, before)


def test_play_a_whole_game_against_the_ai_by_clicking(page: Any, site_url: str) -> None:
    errors = watch_console(page)
    open_game(page, site_url, SLUG)
    quick_computer(page)
    start_game(page)
    helper = GAME.make_bot("beginner")
    rng = random.Random(5)
    turns_seen = set()
    for _ in range(600):
        if wait_turn(page, "human", "over", timeout=90_000) == "over":
            break
        state = saved_state(page)
        assert state.current_player() == 0
        turns_seen.add(state.turn)
        text = GAME.action_to_text(helper.choose(state, BotContext(rng, Budget(0.2))))
        order_by_clicks(page, text)
        if text != "submit":
            # The order is listed with its cost, and the total counts it.
            assert page.locator("#orders .tg-order").count() >= 1
    assert wait_turn(page, "over") == "over"
    state = saved_state(page)
    outcome = state.outcome()
    assert outcome is not None and len(turns_seen) > 3
    status = page.inner_text("#status")
    if outcome.winners:
        winner = ("Ada", "Bob")[outcome.winners[0]]
        assert winner in status and "won" in status
        assert page.locator("#longest-path polyline").count() == 1
        assert page.locator("#doom").is_hidden()
    else:
        # Everyone loses, said plainly: not a draw.
        assert "Everyone loses" in status and "Draw" not in status
        assert "EVERYONE LOSES" in page.inner_text("#doom")
    # The whole game can be replayed from the first position.
    page.click("#btn-first")
    page.wait_for_function("document.documentElement.dataset.position === '0'")
    assert "Replay" in page.inner_text("#status")
    assert errors == []


def bidding_ids(page: Any) -> list[str]:
    ids: list[str] = page.eval_on_selector_all(
        "#bidding .ts-tile", "ns => ns.map(n => n.dataset.tile)"
    )
    return ids


def texts_of(page: Any, selector: str) -> list[str]:
    """The text of every element ``selector`` finds, in page order."""
    texts: list[str] = page.eval_on_selector_all(selector, "ns => ns.map(n => n.textContent)")
    return texts


def order_texts(page: Any) -> list[str]:
    return texts_of(page, "#orders .tg-order-text")


def test_hot_seat_player_two_never_sees_player_one_orders(page: Any, site_url: str) -> None:
    errors = watch_console(page)
    open_game(page, site_url, SLUG)
    # A computer player writes its orders between the two people at the screen.
    start_game(page, kinds=("human", "ai:beginner", "human"), names=("Ada", "Cy", "Bob"))
    page.wait_for_selector("#privacy:not([hidden])")
    assert page.inner_text("#privacy-name") == "Ada"
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    wait_turn(page, "human")
    first, second = bidding_ids(page)[:2]
    order_by_clicks(page, f"bid {first} 5")
    order_by_clicks(page, f"bid {second} 4")
    secrets = order_texts(page)
    assert len(secrets) == 2 and secrets[0].startswith("Bid 5 on #" + first)
    assert "Your bid: 5" in page.inner_text("#bidding")
    assert page.get_attribute("#meter", "data-spent") == "9"
    page.click("#btn-submit")
    # While Cy writes, Ada's orders are already off the screen.
    page.wait_for_selector("html[data-turn=ai]")
    assert order_texts(page) == []
    # Bob's turn: the screen waits behind the privacy curtain, and nothing behind it
    # holds Ada's orders either.
    page.wait_for_selector("#privacy:not([hidden])")
    assert page.inner_text("#privacy-name") == "Bob"
    behind = page.evaluate("document.querySelector('main').textContent")
    assert "Bid 5 on" not in behind and "Your bid:" not in behind
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    wait_turn(page, "human")
    assert order_texts(page) == []
    assert page.get_attribute("#meter", "data-spent") == "0"
    shown = page.inner_text("body")
    for secret in secrets:
        assert secret not in shown
    assert "Your bid:" not in page.inner_text("#bidding")
    # The move log says that Ada wrote orders, never which.
    log = page.inner_text("#log")
    assert "Ada: writes an order" in log and f"bid {first}" not in log
    # Undo cannot reach back into Ada's orders.
    assert page.is_disabled("#btn-undo")
    # Bob's own order is his to see; after both submit, the report tells everything.
    order_by_clicks(page, f"bid {first} 2")
    assert order_texts(page)[0].startswith("Bid 2 on #" + first)
    order_by_clicks(page, "submit")
    page.wait_for_selector("#privacy:not([hidden])")
    assert page.inner_text("#privacy-name") == "Ada"
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    report = page.inner_text("#report")
    assert "Ada 5" in report and "Bob 2" in report
    # Turn 2: Ada improves a tile she won, through its order menu (right click).
    tile = page.get_attribute("#stack .ts-tile", "data-tile")
    printed = sides(page, f"#stack .ts-tile[data-tile='{tile}']")
    page.click(f"#stack .ts-tile[data-tile='{tile}']", button="right")
    item = page.locator(f".tg-menu [data-action^='improve {tile} ']").first
    improve = str(item.get_attribute("data-action"))
    before = position(page)
    item.click()
    wait_moved(page, before)
    assert order_texts(page)[0].startswith(f"Improve #{tile}")
    assert sides(page, f"#stack .ts-tile[data-tile='{tile}']") != printed
    page.click("#btn-submit")
    page.wait_for_selector("#privacy:not([hidden])")
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    wait_turn(page, "human")
    # Bob looks at Ada's stack: the tile as printed, not as Ada's secret order leaves it.
    page.click("#tab-0")
    assert sides(page, f"#stack .ts-tile[data-tile='{tile}']") == printed
    assert "Improving" not in page.inner_text("#stack")
    assert improve not in page.inner_text("#log")
    assert errors == []


def sides(page: Any, selector: str) -> list[str]:
    """A tile's four sides as drawn: ``n capped``, ``e open``..."""
    found: list[str] = page.eval_on_selector_all(
        selector + " .ts-side", "ns => ns.map(n => n.className.replace('ts-side ', ''))"
    )
    return found


def test_orders_listed_with_costs_and_cancelled_one_by_one(page: Any, site_url: str) -> None:
    errors = watch_console(page)
    open_game(page, site_url, SLUG)
    start_game(page)
    wait_turn(page, "human")
    tiles = bidding_ids(page)[:3]
    # By keyboard: Enter on a tile selects it and moves to the bid box; Enter bids.
    before = position(page)
    page.focus(f"#bidding .ts-tile[data-tile='{tiles[0]}']")
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.id === 'bid-amount'")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    wait_moved(page, before)
    # M (or the Menu key) opens a tile's order menu; Escape closes it and keeps the tile.
    page.focus(f"#bidding .ts-tile[data-tile='{tiles[1]}']")
    page.keyboard.press("m")
    page.wait_for_selector(".tg-menu:not([hidden]) [data-item='bid']")
    assert page.evaluate("document.activeElement.closest('.tg-menu') !== null")
    page.keyboard.press("Escape")
    page.wait_for_selector(".tg-menu", state="hidden")
    assert page.evaluate(f"document.activeElement.dataset.tile === '{tiles[1]}'")
    for amount, tile in enumerate(tiles[1:], start=3):
        order_by_clicks(page, f"bid {tile} {amount}")
    costs = page.eval_on_selector_all("#orders .tg-order-cost", "ns => ns.map(n => n.textContent)")
    assert costs == ["2", "3", "4"]
    assert page.get_attribute("#meter", "data-spent") == "9"
    assert page.get_attribute("#meter", "data-available") == "10"
    # Tiles with orders on them are marked, and stay readable.
    assert axe_violations(page) == []
    # Cancel the first: the other two stay, rewritten in order.
    before = position(page)
    page.click("#orders [data-cancel='1']")
    page.wait_for_function(
        "document.querySelectorAll('#orders .tg-order').length === 2"
        " && document.documentElement.dataset.busy === '0'"
    )
    assert position(page) == before - 1
    kept = order_texts(page)
    assert kept[0].startswith(f"Bid 3 on #{tiles[1]}")
    assert kept[1].startswith(f"Bid 4 on #{tiles[2]}")
    assert page.get_attribute("#meter", "data-spent") == "7"
    # Coming back later: the orders written so far are still there.
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    wait_turn(page, "human")
    assert order_texts(page) == kept
    # Undo takes back the last order only.
    page.click("#btn-undo")
    page.wait_for_function("document.querySelectorAll('#orders .tg-order').length === 1")
    assert order_texts(page)[0].startswith(f"Bid 3 on #{tiles[1]}")
    # Reload throws away the rest of this turn's orders.
    page.click("#btn-reload")
    page.wait_for_function("document.querySelectorAll('#orders .tg-order').length === 0")
    assert page.get_attribute("#meter", "data-spent") == "0"
    assert page.is_disabled("#btn-undo")
    assert errors == []


def restack_position() -> tuple[GameRecord, str, str]:
    """A seeded game stopped where Ada (seat 0) may both restack a tile and place one:
    (the record, a restack order, a place order)."""
    seats = (Seat("Ada", "human"), Seat("Bob", "ai", "beginner"))
    options = GAME.normalise_options({"players": 2})
    bot = GAME.make_bot("beginner")
    for seed in range(20):
        state = GAME.new(options, seed)
        actions: list[str] = []
        while not state.is_terminal() and len(actions) < 600:
            if state.current_player() == 0 and not state.view(0)["me"]["pending"]:
                texts = [GAME.action_to_text(a) for a in state.legal_actions()]
                for place in (t for t in texts if t.startswith("place ")):
                    after = state.play_text(place)
                    then = [GAME.action_to_text(a) for a in after.legal_actions()]
                    # A tile already on the timeline, not the one just ordered down.
                    restack = [
                        t
                        for t in then
                        if t.startswith("restack ") and t.split()[1] != place.split()[1]
                    ]
                    if restack:
                        done = tuple(actions)
                        record = GameRecord(SLUG, seed, options, seats, done, len(done))
                        return record, restack[0], place
            if state.is_chance():
                action = state.sample_chance()  # the seed's outcome, as the engine draws it
            else:
                rng = random.Random(seed * 1_000_003 + len(actions))
                action = bot.choose(state, BotContext(rng, Budget(seconds=0.2)))
            actions.append(GAME.action_to_text(action))
            state = state.play(action)
    raise AssertionError("no seeded game let seat 0 restack and place in one turn")


def open_record(page: Any, site_url: str, tmp_path: Any, record: GameRecord) -> None:
    """Open the page, load ``record`` from a save file, and wait for the human's turn."""
    open_game(page, site_url, SLUG)
    path = tmp_path / "position.json"
    path.write_text(record_to_text(record))
    load_file(page, path)
    wait_turn(page, "human")


def test_a_tile_leaving_and_a_tile_ordered_stay_readable(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    errors = watch_console(page)
    record, restack, place = restack_position()
    open_record(page, site_url, tmp_path, record)
    assert position(page) == record.position
    order_by_clicks(page, place)
    order_by_clicks(page, restack)
    assert len(order_texts(page)) == 2
    # The tile an order takes away, and the tile an order puts down, are drawn
    # dashed: their level and icon keep readable contrast.
    assert page.locator("#timeline .ts-tile.leaving").count() >= 1
    assert page.locator("#timeline .ts-tile.draft").count() == 1
    assert faded(page, "#timeline .ts-tile") == []
    assert axe_violations(page) == []
    assert errors == []


def test_bad_orders_are_refused_with_the_rule(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG)
    start_game(page)
    wait_turn(page, "human")
    tile = bidding_ids(page)[0]
    before = position(page)
    page.click(f"#bidding .ts-tile[data-tile='{tile}']")
    page.fill("#bid-amount", "11")
    page.click("#bid-button")
    page.wait_for_selector("#message.error")
    assert "rule: bid-too-high" in page.inner_text("#message")
    assert position(page) == before and order_texts(page) == []
    page.fill("#move-input", "place 999 1,0")
    page.press("#move-input", "Enter")
    page.wait_for_function(
        "document.querySelector('#message').textContent.includes('rule:')"
        " && !document.querySelector('#message').textContent.includes('bid-too-high')"
    )
    assert position(page) == before
    page.fill("#move-input", "splice everything")
    page.press("#move-input", "Enter")
    page.wait_for_function("document.querySelector('#message').textContent.includes('notation')")
    assert position(page) == before
    # Overbidding is allowed: two bids of 6 from 10 splices, and the page says what it risks.
    second = bidding_ids(page)[1]
    order_by_clicks(page, f"bid {tile} 6")
    order_by_clicks(page, f"bid {second} 6")
    assert page.get_attribute("#meter", "data-spent") == "12"
    assert "over" in str(page.get_attribute("#meter", "class")).split()
    assert "Overbidding" in page.inner_text("#meter")


def test_a_tampered_link_is_refused_and_the_game_kept(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG)
    start_game(page)
    wait_turn(page, "human")
    tile = bidding_ids(page)[0]
    order_by_clicks(page, f"bid {tile} 2")
    before = position(page)
    page.click("#btn-link")
    page.wait_for_function("document.querySelector('#link-output').value.includes('#g=')")
    link = page.input_value("#link-output")
    fragment = link.split("#g=", 1)[1]
    record = record_from_link(fragment)
    assert record.actions[-1] == f"bid {tile} 2"
    forged = GameRecord.from_dict(
        {**record.to_dict(), "actions": [*record.actions[:-1], "bid 999 2"]}
    )
    for bad in (fragment[:-3] + "abc", record_to_link(forged)):
        page.fill("#link-input", link.split("#g=")[0] + "#g=" + bad)
        page.click("#link-form button")
        page.wait_for_selector("#message.error")
        assert position(page) == before
        assert order_texts(page)[0].startswith(f"Bid 2 on #{tile}")
        page.evaluate("document.querySelector('#message').className = 'tg-message'")
    # The good link opens the same game on another device.
    other = page.context.browser.new_context()
    try:
        second = other.new_page()
        second.goto(link)
        second.wait_for_selector(READY, timeout=90_000)
        wait_turn(second, "human")
        assert order_texts(second)[0].startswith(f"Bid 2 on #{tile}")
    finally:
        other.close()


def test_names_are_text_and_phone_width_fits(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = ctx.new_page()
        open_game(page, site_url, SLUG)
        evil = '<img src=x onerror="document.title=1">'
        start_game(page, names=(evil, "Bob"))
        wait_turn(page, "human")
        assert evil[:12] in page.inner_text("#players")
        assert page.locator("#players img, #stack-tabs img").count() == 0
        assert page.title() != "1"
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0
        # The total and Submit stay in reach at the bottom of the screen.
        assert page.is_visible("#dock-submit")
        assert "/ 10 splices" in page.inner_text("#dock-meter")
        size = page.evaluate(
            "document.querySelector('#bidding .ts-tile').getBoundingClientRect().width"
        )
        assert size >= 44
        # A long press on a tile opens its order menu.
        tile = "#bidding .ts-tile"
        page.dispatch_event(tile, "pointerdown", {"pointerType": "touch", "isPrimary": True})
        page.wait_for_selector(".tg-menu:not([hidden]) [data-item='details']", timeout=5_000)
        page.dispatch_event(tile, "pointerup", {"pointerType": "touch", "isPrimary": True})
        page.click(".tg-menu [data-item='details']")
        page.wait_for_function(
            "document.querySelector('#detail h3') && document.querySelector('#detail h3')"
            ".textContent.includes(document.querySelector('#bidding .ts-tile').dataset.tile)"
        )
    finally:
        ctx.close()


def finished_game_link(levels: tuple[str, str], winner_wanted: bool) -> tuple[str, SplicerState]:
    """A whole game between two bots, played here in CPython, as a game link."""
    bots = [GAME.make_bot(level) for level in levels]
    for seed in range(1, 30):
        state = GAME.new_game({"players": 2}, seed=seed)
        actions = []
        while not state.is_terminal():
            if state.is_chance():
                action = state.sample_chance()
            else:
                seat = state.current_player()
                action = bots[seat].choose(state, BotContext(random.Random(seed), Budget(0.1)))
            actions.append(GAME.action_to_text(action))
            state = state.play(action)
        outcome = state.outcome()
        assert outcome is not None
        if bool(outcome.winners) == winner_wanted:
            record = GameRecord.from_dict(
                {
                    "format": 1,
                    "game": SLUG,
                    "seed": seed,
                    "options": {"players": 2},
                    "seats": [
                        {"name": "Ada", "kind": "human", "level": ""},
                        {"name": "Bob", "kind": "ai", "level": levels[1]},
                    ],
                    "actions": actions,
                    "position": len(actions),
                }
            )
            return record_to_link(record), state
    raise AssertionError("no such game in 30 seeds")


def test_the_end_shows_the_longest_path_or_says_everyone_loses(page: Any, site_url: str) -> None:
    errors = watch_console(page)
    link, state = finished_game_link(("planner", "beginner"), winner_wanted=True)
    open_game(page, site_url, SLUG, "#g=" + link)
    assert wait_turn(page, "over") == "over"
    outcome = state.outcome()
    assert outcome is not None
    winner = ("Ada", "Bob")[outcome.winners[0]]
    assert f"{winner} won" in page.inner_text("#status")
    assert winner in page.inner_text("#win") and "longest path" in page.inner_text("#win")
    assert page.locator("#doom").is_hidden()
    cells = state.view(None)["longest_path"]["cells"]
    points = page.get_attribute("#longest-path polyline", "points")
    assert points is not None and len(points.split()) == len(cells)
    assert page.locator("#longest-path.final").count() == 1
    # Nobody rebuilt the Time Splicer by turn 40: everyone loses, and the page says so plainly.
    link, state = finished_game_link(("beginner", "beginner"), winner_wanted=False)
    page.click("#link-box summary")
    page.fill("#link-input", "#g=" + link)
    page.click("#link-form button")
    page.wait_for_selector("#doom:not([hidden])")
    doom = page.inner_text("#doom")
    assert "EVERYONE LOSES" in doom and "not a draw" in doom
    status = page.inner_text("#status")
    assert status.startswith("Everyone loses") and "Draw" not in status
    assert page.locator("#win").is_hidden()
    assert errors == []


def after_one_turn(
    names: tuple[str, ...], kinds: tuple[str, ...], orders: Any, seed: int = 3
) -> tuple[str, SplicerState]:
    """A game link just after turn 1, whose orders ``orders(tiles)`` gives seat by seat
    (``tiles``: the bidding stack's tile numbers); and the state it reaches."""
    options = GAME.normalise_options({"players": len(names)})
    state = GAME.new(options, seed)
    actions: list[str] = []

    def chance() -> None:
        nonlocal state
        while state.is_chance():
            action = state.sample_chance()
            actions.append(GAME.action_to_text(action))
            state = state.play(action)

    chance()
    tiles = [piece.id for piece in state.bidding]
    for seat_orders in orders(tiles):
        for text in [*seat_orders, "submit"]:
            actions.append(text)
            state = state.play_text(text)
    chance()
    seats = tuple(
        Seat(name, kind.split(":")[0], kind.split(":")[1] if ":" in kind else "")
        for name, kind in zip(names, kinds, strict=True)
    )
    record = GameRecord(SLUG, seed, options, seats, tuple(actions), len(actions))
    return record_to_link(record), state


def report_lines(page: Any) -> list[str]:
    return texts_of(page, "#report .tg-report-step")


def test_the_report_names_each_seat_once(page: Any, site_url: str) -> None:
    """A seat named like the engine's "Player N" is not taken for another seat."""
    errors = watch_console(page)
    link, state = after_one_turn(
        ("Zed", "Player 1"),
        ("human", "ai:beginner"),
        lambda tiles: [[], ["bump", f"bid {tiles[0]} 8"]],
    )
    engine = [step["reason"] for step in state.report["steps"]]
    assert any(r.startswith("Player 2 wins") for r in engine)  # the engine's placeholder
    open_game(page, site_url, SLUG, "#g=" + link)
    wait_turn(page, "human")
    lines = report_lines(page)
    text = "\n".join(lines)
    # Seat 2, named "Player 1", bid 8 and won; Zed (seat 1) won nothing.
    assert any(line.startswith("Player 1 wins") for line in lines), text
    assert "Zed wins" not in text
    assert "Player 1 8 won" in text
    assert "Zed, Player 1 tie for priority" in text
    # The bump in plain words, for its one place.
    assert "Player 1 bumps priority 1 place for 2 splices" in text
    assert "place(s)" not in text
    assert errors == []


def test_two_players_of_one_name_are_told_apart_and_long_names_wrap(
    page: Any, site_url: str
) -> None:
    errors = watch_console(page)
    long_name = "W" * 40
    link, _ = after_one_turn(
        ("Ra", "Ra", long_name),
        ("human", "human", "ai:beginner"),
        lambda tiles: [[f"bid {tiles[0]} 5"], [f"bid {tiles[0]} 3"], [f"bid {tiles[1]} 2"]],
    )
    open_game(page, site_url, SLUG, "#g=" + link)
    # The privacy curtain says which Ra takes over.
    page.wait_for_selector("#privacy:not([hidden])")
    assert page.inner_text("#privacy-name") == "Ra (1)"
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    wait_turn(page, "human")
    text = "\n".join(report_lines(page))
    assert "Ra (1) wins" in text and "Ra (1) 5 won, Ra (2) 3 lost" in text, text
    assert f"{long_name} wins" in text
    names = page.eval_on_selector_all(
        "#players .tg-player-name", "ns => ns.map(n => n.textContent)"
    )
    assert sorted(names) == sorted(["Ra (1)", "Ra (2)", long_name])
    assert "Ra (2)" in page.inner_text("#stack-tabs")
    # A long name wraps inside the report panel instead of running out of it.
    wide = page.eval_on_selector_all(
        "#report .tg-report-step", "ns => ns.filter(n => n.scrollWidth > n.clientWidth + 1).length"
    )
    assert wide == 0
    panel = page.evaluate(
        "(() => { const p = document.querySelector('.ts-report-panel').getBoundingClientRect();"
        " return [...document.querySelectorAll('#report .tg-report-text')]"
        ".filter(n => n.getBoundingClientRect().right > p.right + 1).length })()"
    )
    assert panel == 0
    assert errors == []


def test_free_splices_leave_room_for_the_bid_and_disabled_buttons_say_why(
    page: Any, site_url: str
) -> None:
    errors = watch_console(page)
    open_game(page, site_url, SLUG)
    start_game(page)
    wait_turn(page, "human")
    tile = bidding_ids(page)[0]
    order_by_clicks(page, f"bid {tile} 7")
    # 10 splices, a bid of 7: 3 stay free for other orders, a new bid may still be 10.
    meter = page.inner_text("#meter")
    assert "Free for other orders: 3" in meter and "up to 10" in meter, meter
    order_by_clicks(page, "bump")
    meter = page.inner_text("#meter")
    assert "Free for other orders: 1" in meter and "up to 8" in meter, meter
    # A second bump would leave less than the bid: the engine does not offer it, and the
    # disabled button says why.
    state = saved_state(page)
    assert "bump" not in [GAME.action_to_text(a) for a in state.legal_actions()]
    assert page.is_disabled("#btn-bump")
    why = str(page.get_attribute("#btn-bump", "title"))
    assert "costs 2" in why and "only 1" in why and "bid of 7" in why, why
    # Still within what is free: no overbidding warning.
    assert "Overbidding" not in meter
    assert errors == []


def test_a_tile_ordered_onto_the_timeline_keeps_its_menu_and_details(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    errors = watch_console(page)
    record, _, place = restack_position()
    open_record(page, site_url, tmp_path, record)
    number, spot = place.split()[1:]
    order_by_clicks(page, place)
    draft = f"#timeline .ts-tile.draft[data-tile='{number}']"
    page.wait_for_selector(draft)
    # Right after placing: the tile is ordered to that spot, not "nowhere" nor in the stack.
    help_text = page.inner_text("#spot-help")
    assert f"ordered to {spot}" in help_text and "fits nowhere" not in help_text, help_text
    assert f"ordered to {spot}" in page.inner_text("#detail")
    assert "Ada's stack" not in page.inner_text("#detail")
    # The draft tile takes clicks: click it away and back, and it is selected again.
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#timeline .ts-tile.selected')")
    page.click(draft, timeout=5_000)
    page.wait_for_selector(f"{draft}.selected")
    assert f"ordered to {spot}" in page.inner_text("#spot-help")
    # Its order menu offers what the engine offers for it (cap, uncap, restack).
    state = saved_state(page)
    offered = sorted(
        o["text"] for o in state.view(0)["me"]["orders"] if o.get("tile") == int(number)
    )
    assert offered
    page.click(draft, button="right", timeout=5_000)
    page.wait_for_selector(".tg-menu:not([hidden]) [data-item='details']")
    actions = page.eval_on_selector_all(
        ".tg-menu [data-action]", "ns => ns.map(n => n.dataset.action)"
    )
    assert sorted(actions) == offered
    cap = next((a for a in offered if a.startswith(("cap ", "uncap "))), offered[0])
    before = position(page)
    page.click(f".tg-menu [data-action='{cap}']")
    wait_moved(page, before)
    assert len(order_texts(page)) == 2
    if cap.startswith(("cap ", "uncap ")):
        # The side the order changes shows on the ordered tile.
        side = cap.split()[2].lower()
        page.wait_for_selector(f"#timeline .ts-tile.draft .ts-side.{side}.changed")
    assert errors == []


def test_the_end_scrolls_the_longest_path_and_the_splicer_into_view(
    browser: Any, site_url: str
) -> None:
    from timegames.time_splicer.content import SPLICER_ID

    link, state = finished_game_link(("planner", "beginner"), winner_wanted=True)
    cells = state.view(None)["longest_path"]["cells"]
    for size in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        ctx = browser.new_context(viewport=size, is_mobile=size["width"] < 600)
        try:
            page = ctx.new_page()
            errors = watch_console(page)
            open_game(page, site_url, SLUG, "#g=" + link)
            assert wait_turn(page, "over") == "over"
            page.wait_for_selector("#win:not([hidden])")
            page.wait_for_timeout(300)
            shown = page.evaluate(
                """([splicer, cells]) => {
                  const view = document.querySelector('#timeline-view').getBoundingClientRect();
                  const inside = (n) => { const r = n.getBoundingClientRect();
                    return r.left >= view.left - 1 && r.right <= view.right + 1
                      && r.top >= view.top - 1 && r.bottom <= view.bottom + 1; };
                  const tile = document.querySelector(`#timeline .ts-tile[data-tile='${splicer}']`);
                  const seen = cells.filter(([x, y]) => inside(document.querySelector(
                    `#timeline .ts-tile[data-x='${x}'][data-y='${y}']`))).length;
                  return [tile ? inside(tile) : null, seen];
                }""",
                [SPLICER_ID, cells],
            )
            assert shown[0] is True, (size, shown)
            # All of the red line where it fits; otherwise as much as the view holds.
            fits = page.evaluate(
                "(() => { const v = document.querySelector('#timeline-view');"
                " return v.clientWidth / document.querySelector('#timeline .ts-tile')"
                ".offsetWidth })()"
            )
            xs = [c[0] for c in cells]
            if max(xs) - min(xs) + 1 < fits * 0.8:
                assert shown[1] == len(cells), (size, shown, len(cells))
            else:
                assert shown[1] >= 2, (size, shown)
            assert errors == []
        finally:
            ctx.close()


def test_on_a_phone_the_chosen_tile_spots_clear_the_status_bar(browser: Any, site_url: str) -> None:
    # Ada won two tiles in turn 1; in turn 2 she taps one in her stack, below the timeline.
    link, _ = after_one_turn(
        ("Ada", "Bob"),
        ("human", "ai:beginner"),
        lambda tiles: [[f"bid {tiles[0]} 5", f"bid {tiles[1]} 4"], []],
    )
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        page = ctx.new_page()
        errors = watch_console(page)
        open_game(page, site_url, SLUG, "#g=" + link)
        wait_turn(page, "human")
        tile = "#stack .ts-tile >> nth=-1"
        page.tap(tile)
        page.wait_for_selector("#stack .ts-tile.selected")
        page.wait_for_timeout(300)
        # The page scrolled up to the spots: none of them sits under the sticky status bar
        # (nor under the dock at the bottom).
        gap = page.evaluate(
            """() => {
              const spots = [...document.querySelectorAll('#timeline .ts-spot.legal')]
                .map(n => n.getBoundingClientRect());
              const bar = document.querySelector('#status').getBoundingClientRect();
              const dock = document.querySelector('#dock').getBoundingClientRect();
              return [Math.min(...spots.map(r => r.top)) - bar.bottom,
                      dock.top - Math.max(...spots.map(r => r.bottom))];
            }"""
        )
        assert gap[0] >= 0 and gap[1] >= 0, gap
        assert errors == []
    finally:
        ctx.close()


def test_a_tile_improved_then_ordered_down_is_drawn_improved(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    # It was drawn with its printed sides until the turn ran.
    record, _, place = restack_position()
    state = replay(record)[-1]
    number = place.split()[1]
    improve = None
    for action in state.legal_actions():
        text = GAME.action_to_text(action)
        if text.startswith(f"improve {number} ") and text.split()[2] in ("cap", "uncap"):
            try:
                state.play_text(text).play_text(place)
            except IllegalAction:
                continue
            improve = text
            break
    assert improve is not None
    side, capped = improve.split()[3].lower(), improve.split()[2] == "cap"
    open_record(page, site_url, tmp_path, record)
    for text in (improve, place):
        before = position(page)
        page.fill("#move-input", text)
        page.press("#move-input", "Enter")
        wait_moved(page, before)
    drawn = f"#timeline .ts-tile.draft[data-tile='{number}'] .ts-side.{side}"
    page.wait_for_selector(drawn)
    assert ("capped" if capped else "open") in (page.get_attribute(drawn, "class") or "")
