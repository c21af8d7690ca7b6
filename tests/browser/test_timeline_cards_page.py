"""The Timeline card game page in real Chromium: a round against the computer, a wrong
placement passed on, languages, custom decks, hot-seat privacy, phone width, live examples."""

from __future__ import annotations

import json
import re
from typing import Any

from conftest import READY, axe_violations, choose_option, open_game, quick_computer, wait_turn
from conftest import saved_record as saved_record_of
from conftest import saved_state as saved_state_of
from timegames.core import GameRecord, replay
from timegames.timeline_cards.deck import correct_gaps
from timegames.timeline_cards.rules import TimelineState

SLUG = "timeline_cards"
AUTOSAVE = "timegames:timeline_cards:autosave"
CARD_ID = re.compile(r"\b[a-z]+-\d{3}\b")


def saved_record(page: Any) -> GameRecord:
    return saved_record_of(page, "timeline_cards")


def saved_state(page: Any) -> TimelineState:
    state = saved_state_of(page, "timeline_cards")
    assert isinstance(state, TimelineState)
    return state


def click_and_wait(page: Any, selector: str) -> None:
    """Click a control that plays a move and wait until the autosave has the move."""
    before = len(saved_record(page).actions)
    page.click(selector)
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).actions.length > {before}",
        timeout=30_000,
    )


def start_game(
    page: Any,
    players: int = 3,
    kinds: tuple[str, ...] = ("human", "ai:historian", "ai:historian"),
    names: tuple[str, ...] = ("Ada", "Bob", "Cleo"),
    spinner: str = "No spinner",
) -> None:
    """Start a new game through the New game dialog."""
    page.click("#btn-new")
    page.wait_for_selector("#opt-players")
    page.select_option("#opt-players", label=f"{players} players")
    page.wait_for_selector(f"#seat-kind-{players - 1}")
    labels = page.eval_on_selector_all("#opt-spinner option", "os => os.map(o => o.textContent)")
    page.select_option("#opt-spinner", label=next(x for x in labels if x.startswith(spinner)))
    page.wait_for_selector(f"#seat-kind-{players - 1}")
    for seat in range(players):
        page.fill(f"#seat-name-{seat}", names[seat])
        page.select_option(f"#seat-kind-{seat}", kinds[seat])
    page.click("#ng-start")
    page.wait_for_selector("#new-game:not([open])", state="attached")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).seats[0].name === '{names[0]}'"
    )


def gaps_for(state: TimelineState, seat: int) -> tuple[list[int], list[int]]:
    """The right and the wrong gaps for the card being placed, from the engine in CPython."""
    assert state.current is not None
    right = list(correct_gaps(state.row_cards(seat), state.deck[state.current]))
    wrong = [g for g in range(len(state.rows[seat]) + 1) if g not in right]
    return right, wrong


def test_a_round_against_the_computer_with_a_wrong_placement_passed_on(
    page: Any, site_url: str
) -> None:
    open_game(page, site_url, SLUG)
    quick_computer(page)
    start_game(page)
    passed_on = False
    for _ in range(120):
        if wait_turn(page, "human", "over") == "over":
            break
        state = saved_state(page)
        assert state.current_player() == 0
        if state.phase == "start":
            click_and_wait(page, "[data-action=draw]")
        elif state.phase == "place":
            offered = page.eval_on_selector_all(
                "#rows .tc-gap-button", "bs => bs.map(b => b.dataset.action)"
            )
            assert offered == [f"place {g}" for g in range(len(state.rows[0]) + 1)]
            # The status line, which stays in view on a phone, names the event.
            event = page.inner_text("#current .tc-text")
            assert event and event in page.inner_text("#status")
            right, wrong = gaps_for(state, 0)
            if not passed_on and wrong and state.active == 0:
                moves = len(saved_record(page).actions)
                click_and_wait(page, f"#rows [data-action='place {wrong[0]}']")
                # The card goes on to the next player, Bob, and the page says so.
                page.wait_for_selector("#passing:not([hidden])")
                assert "Bob" in page.inner_text("#passing")
                # The position right after Ada's move: a quick computer Bob may already
                # have placed the card by the time the autosave is read.
                record = saved_record(page)
                assert record.actions[moves] == f"place {wrong[0]}"
                after = replay(record)[moves + 1]
                assert after.current_player() == 1 and after.current == state.current
                # Bob (or, if he misses too, Cleo as the reader) takes it; Ada's try is listed.
                page.wait_for_selector(
                    "#reveal[data-kind=follower], #reveal[data-kind=reader]", timeout=30_000
                )
                assert "Ada: wrong" in page.inner_text("#reveal")
                passed_on = True
            else:
                click_and_wait(page, f"#rows [data-action='place {right[0]}']")
                page.wait_for_selector("#reveal[data-kind]:not([hidden])")
        else:
            # A computer player won a duel against us: give the card the page offers.
            click_and_wait(page, "#rows [data-action^='pick ']")
    assert passed_on, "the human never had a card to place wrongly"
    assert wait_turn(page, "over") == "over"
    state = saved_state(page)
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    winner = ("Ada", "Bob", "Cleo")[outcome.winners[0]]
    assert winner in page.inner_text("#status")
    assert page.locator("#rows .tc-gap-button").count() == 0
    # The move log never names a drawn card, although the record does.
    log = page.inner_text("#log")
    assert "A card is drawn" in log
    chance_lines = [line for line in log.splitlines() if line.startswith("Chance:")]
    assert chance_lines and not any(CARD_ID.search(line) for line in chance_lines)
    assert any(a.startswith("card ") for a in saved_record(page).actions)


def test_the_card_panel_says_the_computer_is_thinking_on_its_turn(page: Any, site_url: str) -> None:
    # It read "Ada: spin, or challenge someone to a duel" while the computer played,
    # an instruction the human could not follow.
    open_game(page, site_url, SLUG)
    start_game(page, players=2, kinds=("ai:historian", "human"), names=("Ada", "Bob"))
    page.wait_for_function(
        "document.querySelector('#prompt').textContent.includes('Ada is thinking')"
    )
    assert wait_turn(page, "human", "over") == "human"
    assert "thinking" not in page.inner_text("#prompt")


def test_language_switch_changes_cards_and_labels(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG)
    wait_turn(page, "human", "ai", "over")
    page.wait_for_selector("html[data-busy='0']")
    state = saved_state(page)
    first = state.deck[state.rows[0][0]]
    english, german = first.text[3], first.text[0]
    assert english in page.inner_text("#rows")
    assert page.inner_text("#btn-new") == "New game"
    page.select_option("#lang", "de")
    page.wait_for_selector("html[lang=de]")
    assert german in page.inner_text("#rows")
    assert english not in page.inner_text("#rows")
    assert page.inner_text("#btn-new") == "Neues Spiel"
    assert "Stapel" in page.inner_text("#pile")
    page.select_option("#lang", "fr")
    page.wait_for_selector("html[lang=fr]")
    assert first.text[1] in page.inner_text("#rows")
    assert page.inner_text("#btn-new") == "Nouvelle partie"
    # The choice is remembered.
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    assert page.get_attribute("html", "lang") == "fr"
    assert first.text[1] in page.inner_text("#rows")


def test_a_malformed_deck_is_refused_and_a_good_one_plays(
    page: Any, site_url: str, tmp_path: Any
) -> None:
    open_game(page, site_url, SLUG)
    start_game(page)
    wait_turn(page, "human")
    click_and_wait(page, "[data-action=draw]")
    before = saved_record(page)
    bad = tmp_path / "bad.csv"
    bad.write_text("year,text\n1291,Federal charter\nabc,Battle of Morgarten\n")
    page.click("#btn-new")
    page.wait_for_selector("#deck-file", state="attached")
    page.set_input_files("#deck-file", str(bad))
    page.wait_for_function("document.querySelector('#deck-error').textContent.includes('row 3')")
    assert "year" in page.inner_text("#deck-error")
    assert page.input_value("#opt-deck-choice") == "swiss"
    page.click("#ng-cancel")
    after = saved_record(page)
    assert after.actions == before.actions and after.options == before.options
    assert page.locator("#rows .tc-gap-button").count() == len(saved_state(page).rows[0]) + 1
    rows = ["year;text_en;text_de"] + [
        f"{1900 + 7 * i};Custom event {i};Eigenes Ereignis {i}" for i in range(10)
    ]
    good = tmp_path / "good.csv"
    good.write_text("\n".join(rows) + "\n")
    page.click("#btn-new")
    page.wait_for_selector("#deck-file", state="attached")
    page.set_input_files("#deck-file", str(good))
    page.wait_for_function("document.querySelector('#opt-deck-choice').value === 'custom'")
    assert page.inner_text("#deck-error") == ""
    page.wait_for_selector("#ng-start:not([disabled])")
    page.click("#ng-start")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).options.deck.length === 10"
    )
    wait_turn(page, "human")
    assert "Custom event" in page.inner_text("#rows")
    assert saved_state(page).deck.custom


def test_a_kids_tick_survives_an_option_change(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG)
    page.click("#btn-new")
    page.wait_for_selector("#seat-kid-1")
    page.check("#seat-kid-1")
    page.click("#seat-name-1")
    page.keyboard.press("Control+A")
    page.keyboard.type("Mi")
    choose_option(page, "players", "4 players")
    assert page.is_checked("#seat-kid-1")
    assert not page.is_checked("#seat-kid-0") and not page.is_checked("#seat-kid-3")
    # More seats rebuild the rows; the name being typed keeps the keyboard.
    page.keyboard.type("a")
    assert page.input_value("#seat-name-1") == "Mia"


def test_hot_seat_privacy_screen_between_two_humans(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG)
    start_game(page, players=2, kinds=("human", "human"), names=("Ada", "Bob"))
    page.wait_for_selector("#privacy:not([hidden])")
    assert page.inner_text("#privacy-name") == "Ada"
    # The screen's one button once drew white on white (shared style).
    assert axe_violations(page) == []
    ink, paper = page.eval_on_selector(
        "#privacy-ok", "b => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]"
    )
    assert ink != paper
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    wait_turn(page, "human")
    click_and_wait(page, "[data-action=draw]")
    assert page.locator("#privacy:not([hidden])").count() == 0  # still Ada's turn
    click_and_wait(page, "#rows [data-action='place 0']")
    page.wait_for_selector("#privacy:not([hidden])")
    assert page.inner_text("#privacy-name") == "Bob"
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    assert page.locator("[data-action=draw]").count() == 1


def test_phone_width_has_no_sideways_scrolling(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = ctx.new_page()
        open_game(page, site_url, SLUG)
        start_game(page)
        wait_turn(page, "human")
        click_and_wait(page, "[data-action=draw]")
        page.wait_for_selector("#rows .tc-gap-button")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0
        size = page.evaluate(
            "document.querySelector('#rows .tc-gap-button').getBoundingClientRect().width"
        )
        assert size >= 30  # gaps stay tappable
    finally:
        ctx.close()


def test_live_example_embeds_without_privacy_screen(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG, "?embed=1#example=passed_on")
    page.wait_for_selector("#example:not([hidden])")
    assert "passed on" in page.inner_text("#example")
    assert page.locator("#privacy:not([hidden])").count() == 0
    page.wait_for_selector("#reveal[data-kind=follower]")
    assert page.locator("#rows .tc-hl").count() == 1


MATCH = "timegames:timeline_cards:match"


def saved_match(page: Any) -> dict[str, Any]:
    match: dict[str, Any] = json.loads(page.evaluate(f"localStorage.getItem('{MATCH}')"))
    return match


def round_scores(page: Any) -> tuple[list[int], list[int], int | None]:
    """The finished round's scores, chips on the table and winner, replayed in CPython."""
    state = saved_state(page)
    outcome = state.outcome()
    assert outcome is not None
    winner = outcome.winners[0] if outcome.reason == "placed an eighth card" else None
    return [int(r) for r in outcome.returns], list(state.chips), winner


def shown_totals(page: Any) -> list[int]:
    cells = page.eval_on_selector_all(
        "#match-table td[data-total]", "cs => cs.map(c => c.textContent)"
    )
    return [int(c) for c in cells]


def test_a_two_round_match_adds_up_with_the_winners_chips_doubled(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG)
    quick_computer(page)
    # Two strong computer players and no spinner: each round plays itself quickly.
    start_game(page, players=2, kinds=("ai:historian", "ai:historian"), names=("Ada", "Bob"))
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{MATCH}')).names[0] === 'Ada'")
    page.select_option("#match-rounds", "2")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{MATCH}')).rounds === 2")
    page.wait_for_selector("#match-panel[data-played='1']", timeout=120_000)
    first, chips, winner = round_scores(page)
    if winner is not None:
        # The round's winner counts their chips double; the other player plainly.
        assert first[winner] == 2 * chips[winner] and first[1 - winner] == chips[1 - winner]
        assert page.locator("#match-table td.doubled").count() == 1
    assert shown_totals(page) == first
    assert saved_match(page)["totals"] == first
    assert "1 of 2 rounds played" in page.inner_text("#match-note")
    seed = saved_record(page).seed
    page.wait_for_selector("#match-next:not([hidden])")
    assert page.inner_text("#match-next") == "Next round"
    page.click("#match-next")
    # Same players and options, a new seed.
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).seed !== {json.dumps(seed)}"
    )
    record = saved_record(page)
    assert [s.name for s in record.seats] == ["Ada", "Bob"]
    assert record.options["spinner"] == "off"
    page.wait_for_selector("#match-panel[data-played='2']", timeout=120_000)
    second, chips, winner = round_scores(page)
    if winner is not None:
        assert second[winner] == 2 * chips[winner]
    totals = [first[s] + second[s] for s in range(2)]
    assert shown_totals(page) == totals
    match = saved_match(page)
    assert match["totals"] == totals and match["finished"]
    best = max(totals)
    leaders = [("Ada", "Bob")[s] for s in range(2) if totals[s] == best]
    note = page.inner_text("#match-note")
    assert all(name in note for name in leaders)
    assert ("wins the match" in note) == (len(leaders) == 1)
    assert page.inner_text("#match-next") == "New match"
    # Coming back counts nothing twice.
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    page.wait_for_selector("#match-panel[data-played='2']")
    assert shown_totals(page) == totals
    assert saved_match(page)["totals"] == totals


def test_dialog_and_shared_controls_switch_language(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG)
    wait_turn(page, "human", "ai", "over")
    page.select_option("#lang", "de")
    page.wait_for_selector("html[lang=de]")
    assert page.inner_text("#btn-undo") == "Zurück"
    assert page.inner_text("#btn-save") == "Datei speichern"
    # Texts the shared page code writes itself, once at start and again on a switch.
    assert page.inner_text("#btn-saved") == "Gespeicherte Spiele"
    assert page.inner_text("#pace-label") == "Schnelle Computerzüge"
    assert page.inner_text("#link-box summary") == "Spiel-Links"
    assert page.get_attribute("#btn-first", "aria-label") == "Anfangsstellung"
    assert page.text_content("#match-panel h2") == "Turnier"
    assert page.inner_text("#match-new") == "Neues Turnier"
    # A status text from the shared page: replaying an earlier position.
    wait_turn(page, "human", "over")
    page.click("#btn-first")
    page.wait_for_selector("html[data-busy='0']")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Wiedergabe')")
    assert page.get_attribute("#log button", "title") == "Zu Zug 1"
    page.click("#btn-last")
    page.wait_for_selector("html[data-busy='0']")
    # The new-game dialog: the engine's options, their choices and help, the seats.
    page.click("#btn-new")
    page.wait_for_selector("#seat-kind-0")
    dialog = page.inner_text("#new-game")
    for german in ("Spielende", "Drehpfeil", "Nach einem verlorenen Duell", "Kartenset"):
        assert german in dialog
    assert "Players" not in dialog and "Spinner" not in dialog
    spinner = page.eval_on_selector_all("#opt-spinner option", "os => os.map(o => o.textContent)")
    assert any(s.startswith("Ohne Drehpfeil") for s in spinner)
    assert "3 Spielende" in page.eval_on_selector_all(
        "#opt-players option", "os => os.map(o => o.textContent)"
    )
    kinds = page.eval_on_selector_all("#seat-kind-1 option", "os => os.map(o => o.textContent)")
    assert kinds[0] == "Mensch" and "Computer: Historiker" in kinds
    assert page.inner_text("#ng-start") == "Starten"
    assert page.inner_text("#ng-cancel") == "Abbrechen"
    assert page.get_attribute("#seat-name-0", "aria-label").startswith("Name für")
    page.click("#ng-cancel")
    # Italian as well, and back to English.
    page.select_option("#lang", "it")
    page.wait_for_selector("html[lang=it]")
    assert page.inner_text("#btn-undo") == "Annulla"
    page.click("#btn-new")
    page.wait_for_selector("#seat-kind-0")
    assert "Giocatori" in page.inner_text("#ng-options")
    page.click("#ng-cancel")
    page.select_option("#lang", "en")
    page.wait_for_selector("html[lang=en]")
    assert page.inner_text("#btn-undo") == "Undo"


def test_log_names_the_event_of_a_card_given_after_a_duel(page: Any, site_url: str) -> None:
    open_game(page, site_url, SLUG, "?embed=1#example=duel")
    page.wait_for_selector("#reveal[data-kind=duel_won]")
    log = page.inner_text("#log")
    given = [line for line in log.splitlines() if "gives “" in line]
    assert given and not any(CARD_ID.search(line) for line in given)
    page.evaluate("localStorage.setItem('timegames:timeline_cards:lang', 'de')")
    page.reload()
    page.wait_for_selector("html[lang=de]")
    page.wait_for_function("document.querySelector('#log').textContent.includes('gibt „')")
    german = [line for line in page.inner_text("#log").splitlines() if "gibt „" in line]
    assert german and not any(CARD_ID.search(line) for line in german)


def test_dates_on_the_cards_are_written_in_words_in_each_language(page: Any, site_url: str) -> None:
    from timegames.timeline_cards.deck import packaged_deck
    from timegames.timeline_cards.i18n import LABELS, date_words

    open_game(page, site_url, SLUG, "?embed=1#example=bet")
    page.wait_for_selector("#example:not([hidden])")
    page.wait_for_selector("#rows .tc-date")
    labels = [card.label() for card in packaged_deck().cards]
    for lang in ("de", "fr", "it", "en"):
        # The embedded table has no language menu: it follows the saved choice.
        page.evaluate(f"localStorage.setItem('timegames:timeline_cards:lang', '{lang}')")
        page.reload()
        page.wait_for_selector(f"html[lang={lang}]", timeout=90_000)
        page.wait_for_selector("#rows .tc-date")
        shown = page.eval_on_selector_all(
            "#rows .tc-date", "ds => ds.map(d => d.textContent.trim())"
        )
        expected = {date_words(label, lang) for label in labels}
        dated = [text for text in shown if any(ch.isdigit() for ch in text)]
        assert dated and set(dated) <= expected, (lang, dated)
        months = [LABELS[lang][f"month.{m}"] for m in range(1, 13)]
        assert any(month in text for text in dated for month in months), (lang, dated)
        assert not any(re.search(r"\d[./]\d", text) for text in dated), dated


def test_show_my_view_starts_the_next_player_at_the_top(page: Any, site_url: str) -> None:
    """After "Show my view" the page once came back scrolled where the last player
    left it, the site header off the top."""
    open_game(page, site_url, SLUG)
    start_game(page, players=3, kinds=("human", "human", "human"), names=("Ada", "Bob", "Cleo"))
    page.wait_for_selector("#privacy:not([hidden])")
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    wait_turn(page, "human")
    assert page.evaluate("scrollY") == 0
    click_and_wait(page, "[data-action=draw]")
    # Ada scrolls down to her row to place the card.
    page.evaluate("window.scrollTo(0, 240)")
    click_and_wait(page, "#rows [data-action='place 0']")
    page.wait_for_selector("#privacy:not([hidden])")
    assert page.inner_text("#privacy-name") == "Bob"
    assert page.evaluate("scrollY") > 0  # the page behind the screen is still scrolled
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    wait_turn(page, "human")
    page.wait_for_function("scrollY === 0", timeout=5_000)
    assert page.evaluate("document.querySelector('header').getBoundingClientRect().top") >= 0


def test_chance_steps_read_in_the_players_words(page: Any, site_url: str) -> None:
    """The move list once read "Chance: ↻ ?" for a spin: now it says what the spinner shows,
    and each line still replays the game to just after it."""
    open_game(page, site_url, SLUG)
    start_game(page, players=2, kinds=("human", "human"), names=("Ada", "Bob"), spinner="Standard")
    page.wait_for_selector("#privacy:not([hidden])")
    page.click("#privacy-ok")
    page.wait_for_selector("#privacy", state="hidden")
    wait_turn(page, "human")
    click_and_wait(page, "[data-action=spin]")
    page.wait_for_function("document.querySelector('#log').textContent.includes('spinner shows')")
    lines = page.eval_on_selector_all("#log button", "bs => bs.map(b => b.textContent)")
    assert not any("↻" in line for line in lines), lines
    spun = next(i for i, line in enumerate(lines) if "The spinner shows" in line)
    assert lines[spun].startswith("Chance: The spinner shows ")
    number = page.eval_on_selector_all("#log button", "bs => bs.map(b => +b.dataset.n)")[spun]
    wait_turn(page, "human")
    # A star hands the turn to Bob: his privacy screen comes first (it may come late,
    # after the page's pause to read the spin).
    page.wait_for_timeout(1_500)
    if page.locator("#privacy:not([hidden])").count():
        page.click("#privacy-ok")
        page.wait_for_selector("#privacy", state="hidden")
    page.click(f"#log button[data-n='{number}']")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).position === {number}", timeout=30_000
    )
