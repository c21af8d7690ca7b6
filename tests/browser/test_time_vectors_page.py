"""The Time Vectors page in real Chromium: play, undo, resume, links, files, keyboard."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import READY, open_game, wait_turn
from conftest import saved_record as saved_record_of
from timegames.core import BotContext, Budget, GameRecord, replay
from timegames.core.record import Seat, record_from_link, record_to_link
from timegames.time_vectors import GAME


def saved_record(page: Any) -> GameRecord:
    return saved_record_of(page, "time_vectors")


def saved_state_of(page: Any) -> Any:
    return replay(saved_record(page))[-1]


def place(page: Any, point: str, colour: int = 0) -> str:
    """Click a point, wait for the token, then for the AI's reply; return whose turn it is."""
    page.click(f"#pt-{point}")
    page.wait_for_selector(f"#pt-{point}.c{colour}")
    return wait_turn(page, "human", "over")


def cells(page: Any) -> dict[str, str]:
    pairs = page.evaluate(
        "Array.from(document.querySelectorAll('.pt')).map(b => [b.dataset.p, b.className])"
    )
    return {name: classes for name, classes in pairs}


def tokens(page: Any) -> dict[str, int]:
    found = {}
    for name, classes in cells(page).items():
        for colour in range(3):
            if f"c{colour}" in classes.split():
                found[name] = colour
    return found


def start_game(page: Any, opponent: str = "ai:beginner", names: tuple[str, str] = ("Ada", "Bob")):
    """Start a new game through the New game dialog."""
    page.click("#btn-new")
    page.wait_for_selector("#seat-kind-1")
    page.fill("#seat-name-0", names[0])
    page.fill("#seat-name-1", names[1])
    page.select_option("#seat-kind-1", opponent)
    page.click("#ng-start")
    page.wait_for_selector("#new-game:not([open])", state="attached")


def test_play_a_whole_game_against_the_ai_by_clicking(page: Any, site_url: str) -> None:
    open_game(page, site_url, "time_vectors")
    start_game(page)
    helper = GAME.make_bot("expert")
    rng = random.Random(7)
    for _ in range(60):
        if wait_turn(page, "human", "over") == "over":
            break
        state = replay(saved_record(page))[-1]
        assert state.current_player() == 0
        move = GAME.action_to_text(helper.choose(state, BotContext(rng, Budget(0.2))))
        assert "legal" in cells(page)[move].split(), f"{move} should be offered as legal"
        place(page, move)
    assert wait_turn(page, "over") == "over"
    assert "won" in page.inner_text("#status")
    board = cells(page)
    assert sum("win" in c.split() for c in board.values()) == 4
    assert not any("legal" in c.split() for c in board.values())
    state = replay(saved_record(page))[-1]
    assert state.is_terminal()
    winners = state.outcome().winners
    name = ("Ada", "Bob")[winners[0]]
    assert name in page.inner_text("#status")


def test_illegal_click_is_refused_with_the_rule(page: Any, site_url: str) -> None:
    open_game(page, site_url, "time_vectors")
    start_game(page)
    wait_turn(page, "human")
    place(page, "NE2b2")
    before = tokens(page)
    page.click("#pt-NE2b2")
    page.wait_for_selector("#message.error")
    message = page.inner_text("#message")
    assert "taken" in message and "rule: occupied" in message
    assert tokens(page) == before
    page.fill("#move-input", "XX9z9")
    page.press("#move-input", "Enter")
    page.wait_for_function("document.querySelector('#message').textContent.includes('quadrant')")
    assert tokens(page) == before
    # The refused text stays in the box, to be corrected rather than typed again.
    assert page.input_value("#move-input") == "XX9z9"


def test_undo_redo_and_replay(page: Any, site_url: str) -> None:
    open_game(page, site_url, "time_vectors")
    start_game(page)
    wait_turn(page, "human")
    place(page, "SW1a1")
    assert len(tokens(page)) == 2  # the AI answered
    page.click("#btn-undo")
    page.wait_for_function("document.querySelectorAll('.pt.c0, .pt.c1').length === 0")
    assert page.locator("#log li:not(.future)").count() == 0
    # Taken back, the player plays on from here: the status says whose turn it is, and
    # what Redo does; an Undo is no replay (it once said "Replay: move 0 of 2...").
    status = page.inner_text("#status")
    assert status.index("to move") < status.index("The 2 moves taken back return with Redo")
    assert "Replay" not in status
    page.click("#btn-redo")
    page.wait_for_function("document.querySelectorAll('.pt.c0, .pt.c1').length === 2")
    page.click("#btn-first")
    page.wait_for_function("document.querySelectorAll('.pt.c0, .pt.c1').length === 0")
    assert "Replay" in page.inner_text("#status")
    page.click("#btn-last")
    page.wait_for_function("document.querySelectorAll('.pt.c0, .pt.c1').length === 2")


def test_reload_resumes_the_game(page: Any, site_url: str) -> None:
    open_game(page, site_url, "time_vectors")
    start_game(page, names=("Zoë", "Max"))
    wait_turn(page, "human")
    place(page, "NW4d4")
    before = tokens(page)
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    wait_turn(page, "human")
    assert tokens(page) == before
    assert "Zoë" in page.inner_text("#players")
    assert "restored" in page.inner_text("#message")


def test_a_tampered_link_is_refused_and_the_game_kept(page: Any, site_url: str) -> None:
    open_game(page, site_url, "time_vectors")
    start_game(page)
    wait_turn(page, "human")
    place(page, "SE3c3")
    before = tokens(page)
    page.click("#btn-link")
    page.wait_for_function("document.querySelector('#link-output').value.includes('#g=')")
    link = page.input_value("#link-output")
    fragment = link.split("#g=", 1)[1]
    assert record_from_link(fragment).actions == saved_record(page).actions
    # Alter the moves but keep a valid checksum: replay must catch the illegal move.
    record = record_from_link(fragment)
    forged = GameRecord.from_dict(
        {**record.to_dict(), "actions": ["SE3c3", "SE3c3"], "position": 2}
    )
    for bad in (fragment[:-3] + "abc", record_to_link(forged)):
        page.fill("#link-input", link.split("#g=")[0] + "#g=" + bad)
        page.click("#link-form button")
        page.wait_for_selector("#message.error")
        assert "link" in page.inner_text("#message") or "illegal" in page.inner_text("#message")
        assert tokens(page) == before
        page.evaluate("document.querySelector('#message').className = 'tg-message'")
    # Opening a tampered link from the address bar also keeps the autosaved game.
    page.goto(link.split("#g=")[0] + "#g=" + fragment[:-3] + "abc")
    page.wait_for_selector(READY, timeout=90_000)
    wait_turn(page, "human")
    assert tokens(page) == before
    # A good link opens on another "device" (a fresh context's page).
    other = page.context.browser.new_context()
    try:
        second = other.new_page()
        second.goto(link)
        second.wait_for_selector(READY, timeout=90_000)
        wait_turn(second, "human")
        assert tokens(second) == before
    finally:
        other.close()


def test_save_file_round_trip_and_corrupt_file(page: Any, site_url: str, tmp_path: Any) -> None:
    open_game(page, site_url, "time_vectors")
    start_game(page)
    wait_turn(page, "human")
    place(page, "NE1a1")
    before = tokens(page)
    with page.expect_download() as download:
        page.click("#btn-save")
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    text = saved.read_text()
    assert json.loads(text)["record"]["actions"][0] == "NE1a1"
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text(text.replace("NE1a1", "NE1a2"))
    page.set_input_files("#file-load", str(corrupt))
    page.wait_for_selector("#message.error")
    assert "checksum" in page.inner_text("#message")
    assert tokens(page) == before
    (tmp_path / "junk.json").write_text("{not json")
    page.set_input_files("#file-load", str(tmp_path / "junk.json"))
    page.wait_for_function("document.querySelector('#message').textContent.includes('JSON')")
    assert tokens(page) == before
    page.click("#btn-new")
    page.click("#ng-start")
    page.wait_for_function("document.querySelectorAll('.pt.c0, .pt.c1').length === 0")
    page.set_input_files("#file-load", str(saved))
    page.wait_for_function("document.querySelector('#message').textContent.includes('loaded')")
    wait_turn(page, "human")
    assert tokens(page) == before


def test_player_names_are_text_never_html(page: Any, site_url: str) -> None:
    open_game(page, site_url, "time_vectors")
    evil = "<img src=x onerror=\"document.title='pwned'\">"
    start_game(page, names=(evil, "Bob"))
    wait_turn(page, "human")
    assert evil[:20] in page.inner_text("#players")
    assert page.locator("#players img").count() == 0
    assert page.title() != "pwned"


def test_keyboard_play(page: Any, site_url: str) -> None:
    open_game(page, site_url, "time_vectors")
    start_game(page)
    wait_turn(page, "human")
    page.focus("#pt-NW4a4")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("PageDown")
    page.keyboard.press("Enter")
    page.wait_for_selector("#pt-NW3b3.c0")


def open_new_game_dialog(page: Any, **labels: str) -> None:
    """Open New game and pick options by their visible labels (``opt-<name>``)."""
    page.click("#btn-new")
    page.wait_for_selector("#opt-claim")
    for name, label in labels.items():
        page.select_option(f"#opt-{name}", label=label)


def start_two_humans(page: Any, site_url: str, **labels: str) -> None:
    """Open the page and start a game of two people at one screen with these options."""
    open_game(page, site_url, "time_vectors")
    open_new_game_dialog(page, **labels)
    page.wait_for_selector("#seat-kind-1")
    page.select_option("#seat-kind-1", "human")
    page.click("#ng-start")


def test_the_status_names_the_swap_when_it_is_offered(page: Any, site_url: str) -> None:
    # It said only "click a free point" to the player who could swap the first token.
    start_two_humans(page, site_url, opening="First-move swap")
    wait_turn(page, "human")
    assert "swap" not in page.inner_text("#status")  # the first player has nothing to swap
    page.click("#pt-NE1a1")
    page.wait_for_selector("#pt-NE1a1.c0")
    wait_turn(page, "human")
    assert "or swap: take the first token as yours" in page.inner_text("#status")


def test_claim_rule_game(page: Any, site_url: str) -> None:
    """The printed claim rule: an obvious Claim button and the C key; a wrong point is refused."""
    open_game(page, site_url, "time_vectors")
    open_new_game_dialog(page, claim="Claim rule (as printed)")
    help_text = page.inner_text("label:has(#opt-claim)")
    assert "automatic" in help_text.lower()
    page.wait_for_selector("#seat-kind-1")
    page.select_option("#seat-kind-1", "human")
    page.click("#ng-start")
    for amber, teal in (("NW1a1", "SE4d4"), ("NW1b1", "SE4c4"), ("NW1c1", "SE4b4")):
        for point, colour in ((amber, 0), (teal, 1)):
            wait_turn(page, "human")
            # With fewer than four tokens down there is nothing to claim: not offered.
            assert "claim" not in page.inner_text("#status")
            page.click(f"#pt-{point}")
            page.wait_for_selector(f"#pt-{point}.c{colour}")
            assert page.inner_text("#status").endswith(": end your turn (E).")
            page.click("[data-action=end]")
            page.wait_for_selector("[data-action=end]", state="detached")
    wait_turn(page, "human")
    page.click("#pt-NW1d1")
    page.wait_for_selector("#btn-claim.primary")
    assert page.get_attribute("html", "data-turn") == "human"  # no automatic win
    assert page.get_attribute("#btn-claim", "aria-keyshortcuts") == "C"
    assert "(C)" in page.inner_text("#btn-claim")
    assert "claim a vector (C)" in page.inner_text("#status")
    page.keyboard.press("c")
    page.wait_for_selector("[data-action=cancel]")
    assert "name the four tokens" in page.inner_text("#status")
    for point in ("NW1a1", "NW1b1"):
        page.click(f"#pt-{point}")
        page.wait_for_selector(f"#pt-{point}.sel")
    page.click("#pt-SE4d4")  # Teal's token: refused with the rule, the claim goes on
    page.wait_for_selector("#message.error")
    assert "rule: claim-own-tokens" in page.inner_text("#message")
    for point in ("NW1c1", "NW1d1"):
        page.click(f"#pt-{point}")
    assert wait_turn(page, "over") == "over"
    assert "claimed a vector" in page.inner_text("#status")
    assert "the claim wins" in page.inner_text("#log")


def test_a_wrong_claim_costs_the_turn_on_the_page(page: Any, site_url: str) -> None:
    start_two_humans(page, site_url, claim="Claim rule (as printed)")
    for amber, teal in (("NW1a1", "SE4d4"), ("NW1b1", "SE4c4"), ("NW1c1", "SE4b4")):
        for point in (amber, teal):
            wait_turn(page, "human")
            page.click(f"#pt-{point}")
            page.click("[data-action=end]")
            page.wait_for_selector("[data-action=end]", state="detached")
    wait_turn(page, "human")
    page.click("#pt-SW2d4")  # Amber's fourth token, not in line with the others
    page.click("#btn-claim")
    for point in ("NW1a1", "NW1b1", "NW1c1", "SW2d4"):
        page.click(f"#pt-{point}")
    page.wait_for_function("document.querySelector('#message').textContent.includes('Wrong')")
    assert "not a vector" in page.inner_text("#message")
    assert "Teal" in page.inner_text("#status")


def test_setup_offers_the_printed_options_and_refuses_openings_for_three(
    page: Any, site_url: str
) -> None:
    open_game(page, site_url, "time_vectors")
    open_new_game_dialog(page)
    options = {
        name: page.eval_on_selector_all(f"#opt-{name} option", "os => os.map(o => o.textContent)")
        for name in ("players", "opening", "claim", "supply")
    }
    assert options["opening"] == ["None", "First-move swap", "Three-move equalization (3MEQ)"]
    assert options["claim"] == ["Automatic detection", "Claim rule (as printed)"]
    assert options["supply"] == ["20 (as printed)", "35 (the box)", "Unlimited"]
    assert "Three players: one against a pair" in options["players"]
    # The openings are for two players: choosing three puts a chosen swap back to
    # None, saying why, and greys out both openings while three play.
    page.select_option("#opt-opening", label="First-move swap")
    page.wait_for_function("document.querySelector('#seat-kind-1') !== null")
    page.select_option("#opt-players", label="Three players, three colours")
    page.wait_for_function("document.querySelector('#ng-settled').textContent.length > 0")
    assert "Opening protocol is back to “None”" in page.inner_text("#ng-settled")
    assert "two-player games only" in page.inner_text("#ng-settled")
    assert page.inner_text("#ng-error") == ""
    assert page.eval_on_selector("#opt-opening", "s => s.options[s.selectedIndex].text") == "None"
    disabled = page.eval_on_selector_all("#opt-opening option", "os => os.map(o => o.disabled)")
    assert disabled == [False, True, True]
    assert page.is_enabled("#ng-start")
    # Options combined: one against a pair, the claim rule and unlimited tokens.
    page.select_option("#opt-players", label="Three players: one against a pair")
    page.select_option("#opt-claim", label="Claim rule (as printed)")
    page.select_option("#opt-supply", label="Unlimited")
    page.wait_for_selector("#seat-kind-2")
    assert page.get_attribute("#seat-name-0", "aria-label") == "Name for Amber (alone)"
    assert page.get_attribute("#seat-name-2", "aria-label") == "Name for Teal B"
    for seat, name in enumerate(("Lone", "Pat", "Sam")):
        page.fill(f"#seat-name-{seat}", name)
        page.select_option(f"#seat-kind-{seat}", "human")
    page.click("#ng-start")
    # The previous game was also at a human's turn: wait for the new game's supply.
    page.wait_for_function("document.querySelector('#supply').textContent.includes('unlimited')")
    wait_turn(page, "human")
    order = []
    for point in ("NW1a1", "SE4d4", "NW1b1", "SE4c4", "NW1c1"):
        order.append(page.inner_text("#status").split(" to move")[0])
        page.click(f"#pt-{point}")
        page.click("[data-action=end]")
        page.wait_for_selector("[data-action=end]", state="detached")
        wait_turn(page, "human")
    # The lone player moves every other turn; the pair's members take turns.
    assert order == ["Lone (Amber)", "Pat (Teal)", "Lone (Amber)", "Sam (Teal)", "Lone (Amber)"]
    assert saved_state_of(page).seat == 1  # pair member A is next


def test_3meq_choice_names_the_colour_taken(page: Any, site_url: str) -> None:
    open_game(page, site_url, "time_vectors")
    open_new_game_dialog(page, opening="Three-move equalization (3MEQ)")
    # The rows are rebuilt when the engine answers the change of opening.
    page.wait_for_function(
        "(document.querySelector('#seat-name-1') || {}).value === 'Second player'"
    )
    page.select_option("#seat-kind-1", "human")
    page.click("#ng-start")
    for point in ("NW1a1", "NE2b2", "SE3c3"):
        wait_turn(page, "human")
        page.click(f"#pt-{point}")
        # The opener places all three: wait for each token, or the next click can
        # reach a busy engine and be asked to wait (under load).
        page.wait_for_selector(f"#pt-{point}.c0, #pt-{point}.c1")
    page.wait_for_selector("[data-action=pair]")
    assert "I take Amber" in page.inner_text("[data-action=pair]")
    assert "I take Teal" in page.inner_text("[data-action=single]")
    page.click("[data-action=pair]")
    page.wait_for_function("document.querySelector('#log').textContent.includes('from now on')")
    assert (
        "plays Amber (the two tokens) from now on; the first player plays Teal"
        in page.inner_text("#log")
    )


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_the_board_fits_the_window_without_scrolling(
    browser: Any, site_url: str, width: int, height: int
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = ctx.new_page()
        open_game(page, site_url, "time_vectors")
        box = page.evaluate(
            "(() => { const r = document.querySelector('#board').getBoundingClientRect();"
            " return [r.top, r.bottom, r.right]; })()"
        )
        top, bottom, right = box
        assert top >= 0 and bottom <= height and right <= width
        low = page.evaluate("document.querySelector('#pt-SE1d1').getBoundingClientRect().bottom")
        assert low <= height  # the lowest point of tier 1 is on screen
        size = page.evaluate("document.querySelector('#pt-NW1a1').getBoundingClientRect().width")
        assert size >= 20
    finally:
        ctx.close()


def test_phone_width_has_no_sideways_scrolling(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = ctx.new_page()
        open_game(page, site_url, "time_vectors")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0
        size = page.evaluate("document.querySelector('#pt-NW1a1').getBoundingClientRect().width")
        assert size >= 14  # points stay tappable
    finally:
        ctx.close()


def test_vector_checker_embed(page: Any, site_url: str) -> None:
    open_game(page, site_url, "time_vectors", "?embed=1#checker")
    page.wait_for_selector("html[data-mode=checker]")
    for point in ("NE1a4", "SE2b3", "SW3c2", "NW4d1"):
        page.click(f"#pt-{point}")
    page.wait_for_function("document.querySelector('#example').textContent.includes('1, 2, 3, 4')")
    page.click("#pt-NW4d1")
    page.click("#pt-NW4d2")
    page.wait_for_function(
        "document.querySelector('#example').textContent.includes('not a vector')"
    )


def test_once_a_supply_runs_out_the_status_offers_a_claim_or_the_end(
    page: Any, site_url: str
) -> None:
    # It said "click a free point" to a player who could not place: first to one with
    # no token left, then (under the claim rule, once any colour has run out) to one
    # who still held a token.
    options = GAME.normalise_options({"claim": True})
    state = GAME.new_game(options, 0)
    actions: list[str] = []
    rng = random.Random(5)

    def places(state: Any) -> list[Any]:
        return [a for a in state.legal_actions() if GAME.action_to_text(a) not in ("claim", "end")]

    while state.phase != "place" or places(state):
        legal = places(state)
        action = rng.choice(legal) if legal else GAME.parse_action("end")
        actions.append(GAME.action_to_text(action))
        state = state.play(action)
    # Amber moves first, so she runs out first: Teal, still holding a token, is to move.
    assert state.tokens_left(state.colour_of(state.current_player())) > 0
    record = GameRecord(
        "time_vectors", 0, options, (Seat("Ada"), Seat("Bob")), tuple(actions), len(actions)
    )
    open_game(page, site_url, "time_vectors", "#g=" + record_to_link(record))
    page.wait_for_selector("html[data-turn=human]")
    status = page.inner_text("#status")
    assert "no more tokens are placed" in status and "free point" not in status


def test_each_point_tells_its_name_to_a_pointer(page: Any, site_url: str) -> None:
    # The log and the move box name points (NW1a2); the board drew no coordinates.
    open_game(page, site_url, "time_vectors")
    names = page.eval_on_selector_all("[aria-label^='NW1a2,']", "ns => ns.map(n => n.title)")
    assert names == ["NW1a2"]


def test_phone_the_turns_buttons_stay_in_reach_while_the_board_scrolls(
    browser: Any, site_url: str
) -> None:
    # Under the claim rule a player presses Claim or End every turn; on a phone
    # they sat above the top tier, a long scroll from the lower tiers.
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        start_two_humans(page, site_url, claim="Claim rule (as printed)")
        wait_turn(page, "human")
        page.click("#pt-NW1a1")
        page.wait_for_selector("[data-action=end]")
        for scroll in ("0", "document.body.scrollHeight"):
            page.evaluate(f"window.scrollTo(0, {scroll})")
            page.wait_for_timeout(100)
            top, bottom = page.evaluate(
                "(() => { const r = document.querySelector('[data-action=end]')"
                ".getBoundingClientRect(); return [r.top, r.bottom]; })()"
            )
            assert top >= 0 and bottom <= 844, (scroll, top, bottom)
        # A refusal floating into view stays clear of those buttons.
        page.click("#pt-SW1b1")  # a second token this turn
        page.wait_for_selector("#message.floating")
        overlap = page.evaluate(
            "(() => { const m = document.querySelector('#message').getBoundingClientRect();"
            " const b = document.querySelector('#actions').getBoundingClientRect();"
            " return m.bottom > b.top && m.top < b.bottom; })()"
        )
        assert not overlap
    finally:
        ctx.close()


def test_a_long_log_shows_its_latest_move(page: Any, site_url: str) -> None:
    # The log scrolls to its end in the frame after a render (dom.js), not in the
    # middle of it, where the read forced a layout of the half-built page.
    state = GAME.new_game({}, 0)
    actions: list[str] = []
    rng = random.Random(7)
    while len(actions) < 40 and not state.is_terminal():
        action = rng.choice(state.legal_actions())
        actions.append(GAME.action_to_text(action))
        state = state.play(action)
    record = GameRecord(
        "time_vectors", 0, {}, (Seat("Ada"), Seat("Bob")), tuple(actions), len(actions)
    )
    open_game(page, site_url, "time_vectors", "#g=" + record_to_link(record))
    at_end = (
        "(() => { const log = document.querySelector('#log');"
        " return log.scrollHeight > log.clientHeight + 20"
        " && log.scrollTop + log.clientHeight >= log.scrollHeight - 2; })()"
    )
    page.wait_for_function(at_end, timeout=10_000)
    assert page.locator("#log li").count() == len(actions)
