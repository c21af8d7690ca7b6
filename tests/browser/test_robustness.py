"""No game in progress is lost on a page: saved games, links, unreadable saves, a full quota.

These run on the Time Vectors page, but the controller they test
(``site/play/common/ui.py``) is the one every game page shares.
"""

from __future__ import annotations

import json
from typing import Any

from conftest import READY, open_game, wait_turn
from timegames.core import GameRecord, Seat
from timegames.core.record import deal_code, record_to_link
from timegames.time_vectors import GAME

SLUG = "time_vectors"
AUTOSAVE = f"timegames:{SLUG}:autosave"


def play_typed(page: Any, move: str) -> None:
    """Type a move, then wait for the computer's reply."""
    before = page.evaluate(f"(JSON.parse(localStorage.getItem('{AUTOSAVE}')) || {{}}).position")
    page.fill("#move-input", move)
    page.press("#move-input", "Enter")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).position > {before or 0}"
    )
    wait_turn(page, "human", "over")


def saved_entries(page: Any) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = page.evaluate(
        f"""Object.keys(localStorage).filter(k => k.startsWith('timegames:{SLUG}:game:'))
            .map(k => JSON.parse(localStorage.getItem(k)))"""
    )
    return entries


def unreadable(page: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(
        f"""Object.keys(localStorage).filter(k => k.startsWith('timegames:{SLUG}:unreadable:'))
            .map(k => JSON.parse(localStorage.getItem(k)))"""
    )
    return found


def other_game_link() -> str:
    record = GameRecord(
        SLUG,
        5,
        GAME.normalise_options({}),
        (Seat("Ann"), Seat("Ben")),
        ("NE1a1", "SW4d4"),
        2,
    )
    return record_to_link(record)


def test_a_refused_autosave_is_kept_offered_and_survives_a_reload(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    open_game(page, site_url, SLUG)
    wait_turn(page, "human")
    # An autosave the engine refuses: an illegal second move on the same point.
    broken = {
        "format": 1,
        "game": SLUG,
        "seed": 1,
        "options": {},
        "seats": [{"name": "Zed"}, {"name": "Yan"}],
        "actions": ["NE1a1", "NE1a1"],
        "position": 2,
    }
    text = json.dumps(broken)
    page.evaluate(
        "([key, text]) => { Object.keys(localStorage).forEach(k => localStorage.removeItem(k));"
        " localStorage.setItem(key, text); }",
        [AUTOSAVE, text],
    )
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    wait_turn(page, "human")
    page.wait_for_selector("#message.error")
    assert "could not be opened" in page.inner_text("#message")
    assert "illegal" in page.inner_text("#message")
    kept = unreadable(page)
    assert [k["text"] for k in kept] == [text]
    # The new game that was started instead did not replace it: after a reload it is still there.
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    wait_turn(page, "human")
    assert [k["text"] for k in unreadable(page)] == [text]
    page.click("#btn-saved")
    page.wait_for_selector("#saved-games[open] .tg-saved-item.unreadable")
    with page.expect_download() as download:
        page.click("#saved-games .tg-saved-item.unreadable button.primary")
    path = tmp_path / "kept.json"
    download.value.save_as(path)
    assert path.read_text() == text


def test_opening_a_link_with_a_game_in_progress_asks_first_and_keeps_both(
    page: Any, site_url: str
) -> None:
    open_game(page, site_url, SLUG)
    wait_turn(page, "human")
    play_typed(page, "SE3c3")
    mine = page.evaluate(f"JSON.parse(localStorage.getItem('{AUTOSAVE}'))")
    link = other_game_link()
    # Saying no keeps the game on the table and opens nothing.
    page.goto(f"{site_url}play/{SLUG}/#g={link}")
    page.wait_for_selector("#confirm[open]", timeout=90_000)
    assert "Ann vs Ben" in page.inner_text("#confirm-text")
    page.click("#confirm-no")
    page.wait_for_selector("#message.info")
    assert "not opened" in page.inner_text("#message")
    assert page.evaluate(f"JSON.parse(localStorage.getItem('{AUTOSAVE}'))") == mine
    # Saying yes opens the link's game, and the game in progress stays in the list.
    page.goto(f"{site_url}play/{SLUG}/#g={link}")
    page.wait_for_selector("#confirm[open]", timeout=90_000)
    page.click("#confirm-yes")
    page.wait_for_function("document.querySelector('#players').textContent.includes('Ann')")
    # The seed's fingerprint is shown: a changed seed would show another code.
    assert f"Deal {deal_code(SLUG, 5)}" in page.inner_text("#message")
    entries = saved_entries(page)
    assert len(entries) == 2 and not any(e["finished"] for e in entries)
    assert {e["name"] for e in entries} == {
        "Ann vs Ben",
        " vs ".join(s["name"] for s in mine["seats"]),
    }
    page.click("#btn-saved")
    page.wait_for_selector("#saved-games[open]")
    assert page.locator("#sg-list .tg-saved-item").count() == 2
    assert page.locator("#sg-list .tg-saved-item.current").count() == 1
    # Back to the first game from the list: its moves are all there.
    page.click("#sg-list .tg-saved-item:not(.current) button.primary")
    first = json.dumps(mine["actions"][0])
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).actions[0] === {first}")
    saved = page.evaluate(f"JSON.parse(localStorage.getItem('{AUTOSAVE}'))")
    assert saved["actions"] == mine["actions"] and saved["seats"] == mine["seats"]


def test_a_full_storage_quota_is_reported(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG)
    wait_turn(page, "human")
    page.evaluate(
        """() => {
        let n = 0;
        for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 16, 1]) {
            const chunk = 'x'.repeat(size);
            for (;;) {
                try { localStorage.setItem('filler:' + n++, chunk); } catch (e) { break; }
            }
        }
    }"""
    )
    page.fill("#move-input", "NE1a1")
    page.press("#move-input", "Enter")
    page.wait_for_selector("#storage-warning:not([hidden])")
    warning = page.inner_text("#storage-warning")
    assert "refused to save" in warning and "NOT kept" in warning
    assert page.get_attribute("html", "data-storage") == "failed"
    # Freeing space and playing on saves again, and the warning goes.
    page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('filler:'))"
        ".forEach(k => localStorage.removeItem(k))"
    )
    wait_turn(page, "human")
    page.fill("#move-input", "SW4d4")
    page.press("#move-input", "Enter")
    page.wait_for_selector("#storage-warning[hidden]", state="attached")
    wait_turn(page, "human")


def free_point(page: Any) -> str:
    """A point no token covers yet (a legal placement in the opening)."""
    name: str = page.evaluate(
        """Array.from(document.querySelectorAll('.pt'))
            .find(b => !/\\bc[0-9]\\b/.test(b.className)).dataset.p"""
    )
    return name


def test_two_tabs_of_one_game_keep_both_lines_of_play(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG)
    wait_turn(page, "human")
    play_typed(page, "NE1a1")
    second = page.context.new_page()
    open_game(second, site_url, SLUG)  # a new tab resumes the newest unfinished game
    wait_turn(second, "human")
    play_typed(second, free_point(second))
    # The first tab plays on in its own line: it must not overwrite the second tab's save.
    page.fill("#move-input", free_point(page))
    page.press("#move-input", "Enter")
    page.wait_for_function("document.querySelector('#message').textContent.includes('another tab')")
    wait_turn(page, "human", "over")
    entries = saved_entries(page)
    assert len(entries) == 2
    assert sorted(e["moves"] for e in entries)[0] >= 3
    second.close()


def test_a_new_game_with_fewer_seats_during_hot_seat_keeps_page_save_and_engine_together(
    page: Any, site_url: str
) -> None:
    """Timeline, three humans, the third one's view on screen; then a two-player game starts."""
    from test_timeline_cards_page import click_and_wait, start_game

    tl = "timeline_cards"
    autosave = f"timegames:{tl}:autosave"
    open_game(page, site_url, tl)
    start_game(page, players=3, kinds=("human", "human", "human"), names=("Ada", "Bob", "Cleo"))
    name = ""
    for _ in range(20):
        wait_turn(page, "human")
        if page.locator("#privacy:not([hidden])").count():
            name = page.inner_text("#privacy-name")
            page.click("#privacy-ok")
            page.wait_for_selector("#privacy", state="hidden")
            if name == "Cleo":
                break
            continue
        click_and_wait(page, "[data-action]:not([disabled])")
    assert name == "Cleo"  # the page now shows seat 3's view
    start_game(page, players=2, kinds=("human", "ai:historian"), names=("Eve", "Finn"))
    wait_turn(page, "human", "ai")
    assert page.locator("#players li").count() == 2
    assert "error" not in (page.get_attribute("#message", "class") or "")
    saved = page.evaluate(f"JSON.parse(localStorage.getItem('{autosave}'))")
    assert [s["name"] for s in saved["seats"]] == ["Eve", "Finn"]
    # The three-player game, with its moves, stays in the list.
    entries = page.evaluate(
        f"""Object.keys(localStorage).filter(k => k.startsWith('timegames:{tl}:game:'))
            .map(k => JSON.parse(localStorage.getItem(k)))"""
    )
    assert {e["name"] for e in entries} == {"Ada vs Bob vs Cleo", "Eve vs Finn"}
    # The next move goes to the game the page shows.
    wait_turn(page, "human")
    click_and_wait(page, "[data-action]:not([disabled])")
    saved = page.evaluate(f"JSON.parse(localStorage.getItem('{autosave}'))")
    assert [s["name"] for s in saved["seats"]] == ["Eve", "Finn"]
    assert page.locator("#players li").count() == 2


def test_another_games_save_file_or_link_is_refused_and_the_page_keeps_its_game(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    # A Time Splicer save loaded here once replaced the autosave with a game this page
    # cannot draw: the page stopped drawing and never started again after a reload.
    from timegames.core.record import record_to_text
    from timegames.time_splicer import GAME as SPLICER

    options = SPLICER.normalise_options({"players": 2})
    other = GameRecord("time_splicer", 3, options, (Seat("Phil"), Seat("Ra")), (), 0)
    save = tmp_path / "time_splicer.json"
    save.write_text(record_to_text(other))
    open_game(page, site_url, SLUG)
    play_typed(page, "NE1a1")
    before = page.evaluate(f"localStorage.getItem('{AUTOSAVE}')")
    page.set_input_files("#file-load", str(save))
    page.wait_for_function(
        "document.querySelector('#message').textContent.includes('not Time Vectors')"
    )
    assert "open it on the Time Splicer page" in page.inner_text("#message")
    assert page.evaluate(f"localStorage.getItem('{AUTOSAVE}')") == before
    # A link to the other game is refused the same way, and leaves the address bar.
    page.goto(site_url + f"play/{SLUG}/#g=" + record_to_link(other))
    page.wait_for_selector(READY)
    page.wait_for_function(
        "document.querySelector('#message').textContent.includes('not Time Vectors')"
    )
    assert page.evaluate("location.hash") == ""
    assert page.evaluate(f"localStorage.getItem('{AUTOSAVE}')") == before
    page.reload()
    page.wait_for_selector(READY)
    assert page.locator("#pt-NE1a1.c0").count() == 1


def autosave(page: Any) -> dict[str, Any]:
    saved: dict[str, Any] = page.evaluate(f"JSON.parse(localStorage.getItem('{AUTOSAVE}'))")
    return saved


def wait_message(page: Any, text: str) -> None:
    page.wait_for_function(
        f"document.querySelector('#message').textContent.includes({json.dumps(text)})",
        timeout=60_000,
    )


def test_a_link_or_file_of_a_kept_game_goes_on_with_it_instead_of_a_copy(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    """The play-tester's steps once left three identical entries under Saved games:
    a link opened in a second tab (after "Open the game from this link?") and the
    same game's save file each started a copy."""
    open_game(page, site_url, SLUG)
    wait_turn(page, "human")
    play_typed(page, "SE3c3")
    page.click("#btn-link")
    page.wait_for_function("document.querySelector('#link-output').value.includes('#g=')")
    link = page.input_value("#link-output")
    with page.expect_download() as download:
        page.click("#btn-save")
    early = tmp_path / "early.json"
    download.value.save_as(early)
    early_moves = len(autosave(page)["actions"])
    # A second tab resumes this game: its link is the game on screen, so nothing is asked.
    second = page.context.new_page()
    second.goto(link)
    second.wait_for_selector(READY, timeout=90_000)
    wait_message(second, "This link is the game you are playing")
    assert second.locator("#confirm[open]").count() == 0
    second.set_input_files("#file-load", str(early))
    wait_message(second, "This file is the game you are playing")
    assert len(saved_entries(second)) == 1
    second.close()
    # The game goes on in the first tab, in the same entry: the second tab only looked.
    play_typed(page, free_point(page))
    assert "another tab" not in page.inner_text("#message")
    assert len(saved_entries(page)) == 1
    # A new game is started; the newer save file goes on with the kept game (its moves
    # begin with the kept ones), not beside it.
    with page.expect_download() as download:
        page.click("#btn-save")
    later = tmp_path / "later.json"
    download.value.save_as(later)
    later_actions = autosave(page)["actions"]
    page.click("#btn-new")
    page.wait_for_selector("#new-game[open]")
    page.click("#ng-start")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).actions.length < 2")
    wait_turn(page, "human")
    page.set_input_files("#file-load", str(later))
    wait_message(page, "already under Saved games")
    assert autosave(page)["actions"] == later_actions
    entries = saved_entries(page)
    assert len(entries) == 1 and entries[0]["moves"] == len(later_actions)
    # The older link is where the kept game once was: the game is shown at that move,
    # and its later moves stay (no copy, nothing lost).
    page.goto(link)
    wait_message(page, f"shown at move {early_moves}")
    saved = autosave(page)
    assert saved["position"] == early_moves and saved["actions"] == later_actions
    assert len(saved_entries(page)) == 1
    page.click("#btn-saved")
    page.wait_for_selector("#saved-games[open]")
    assert page.locator("#sg-list .tg-saved-item").count() == 1


def test_saved_games_count_one_move_and_say_finished_games_stay(page: Any, site_url: str) -> None:
    """The list once said "1 moves", and its note spoke of unfinished games only."""
    record = GameRecord(
        SLUG, 9, GAME.normalise_options({}), (Seat("Ann"), Seat("Ben")), ("NE1a1",), 1
    )
    page.goto(f"{site_url}play/{SLUG}/#g={record_to_link(record)}")
    page.wait_for_selector(READY, timeout=90_000)
    wait_message(page, "Game opened from the link")
    page.click("#btn-saved")
    page.wait_for_selector("#saved-games[open]")
    item = page.inner_text("#sg-list .tg-saved-item.current")
    assert "1 move ·" in item and "1 moves" not in item
    note = page.inner_text("#sg-note")
    assert "finished" in note and "unfinished" in note
