"""Whose view the shared page shows in a game with secrets (Time Splicer as the example):
a lone human in any seat, and the people sharing one screen in a hot-seat game."""

from __future__ import annotations

from typing import Any

from conftest import open_game, wait_turn
from test_time_splicer_page import SLUG, bidding_ids, order_by_clicks, order_texts, start_game


def test_a_lone_human_in_the_last_seat_can_play_the_first_turn(page: Any, site_url: str) -> None:
    # The human's turn came after the computer's, with the view still a spectator's:
    # every button stayed disabled until a reload.
    open_game(page, site_url, SLUG)
    start_game(page, kinds=("ai:beginner", "human"), names=("Robo", "Me"))
    wait_turn(page, "human")
    page.wait_for_function("!document.querySelector('#btn-submit').disabled")
    first = bidding_ids(page)[0]
    order_by_clicks(page, f"bid {first} 3")
    assert order_texts(page)[0].startswith("Bid 3 on #" + first)


def test_replaying_a_hot_seat_game_never_passes_the_screen_to_another_player(
    page: Any, site_url: str
) -> None:
    # Stepping back to Ada's turn once raised the curtain for Ada, and whoever
    # held the device could press it and read Ada's unsubmitted orders.
    open_game(page, site_url, SLUG)
    start_game(page, kinds=("human", "human"), names=("Ada", "Bob"))
    page.wait_for_selector("#privacy:not([hidden])")
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    wait_turn(page, "human")
    first = bidding_ids(page)[0]
    order_by_clicks(page, f"bid {first} 7")
    order_by_clicks(page, "submit")
    page.wait_for_selector("#privacy:not([hidden])")
    assert page.inner_text("#privacy-name") == "Bob"
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    wait_turn(page, "human")
    for _ in range(2):
        page.click("#btn-prev")
        page.wait_for_selector("html[data-busy='0']")
        page.wait_for_timeout(200)
        assert page.locator("#privacy:not([hidden])").count() == 0
        assert "Bid 7" not in page.inner_text("main")
        assert "Your bid: 7" not in page.inner_text("main")
