"""The Timelock page in real Chromium: a game by clicking, undo, refusals, examples, phones."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from conftest import (
    axe_violations,
    choose_option,
    open_game,
    quick_computer,
    start_live_board,
    wait_turn,
)
from conftest import saved_record as saved_record_of
from conftest import saved_state as saved_state_of
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from timegames.core import BotContext, Budget, GameRecord
from timegames.core.record import Seat, record_to_link
from timegames.timelock import GAME, Dig, Move, TimelockState
from timegames.timelock import board as B
from timegames.timelock.scoring import game_score

AUTOSAVE = "timegames:timelock:autosave"
MATCH = "timegames:timelock:match"


def saved_record(page: Any) -> GameRecord:
    return saved_record_of(page, "timelock")


def saved_state(page: Any) -> TimelockState:
    state = saved_state_of(page, "timelock")
    assert isinstance(state, TimelockState)
    return state


def wait_position_past(page: Any, position: int) -> None:
    """Wait until the autosaved record has moved past ``position`` actions."""
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).position > {position}", timeout=60_000
    )


def squares(page: Any) -> dict[str, str]:
    """Every square's description (its stack, bottom to top)."""
    pairs = page.evaluate(
        "Array.from(document.querySelectorAll('.sq'))"
        ".map(b => [b.dataset.sq, b.getAttribute('aria-label')])"
    )
    return {name: label.split(". Move here")[0] for name, label in pairs}


def start_game(page: Any, opponent: str, stacks: str | None = None) -> None:
    """Start a new game through the New game dialog."""
    page.click("#btn-new")
    page.wait_for_selector("#seat-kind-1")
    if stacks:
        choose_option(page, "stacks_to_match", stacks)
    page.fill("#seat-name-0", "Ada")
    page.fill("#seat-name-1", "Bob")
    page.select_option("#seat-kind-1", opponent)
    page.click("#ng-start")
    page.wait_for_selector("#new-game:not([open])", state="attached")
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('timegames:timelock:autosave')).seats[0].name === 'Ada'"
    )


# Presses Start in the open form the moment the computer's move request begins
# ("during") or right after a move, while the computer pauses before its next one.
PRESS_START = """(when) => {
  const html = document.documentElement;
  if (window.__watch) window.__watch.disconnect();
  window.__seen = [];
  window.__pressed = window.__armed = false;
  window.__watch = new MutationObserver(() => {
    const text = document.querySelector('#message').textContent;
    if (text) window.__seen.push(text);
    const busy = html.dataset.busy === '1';
    if (window.__pressed) return;
    if (when === 'during' ? busy : (window.__armed && !busy && html.dataset.turn === 'ai')) {
      window.__pressed = true;
      document.querySelector('#ng-start').click();
    }
    if (busy) window.__armed = true;
  });
  window.__watch.observe(
    html, {attributes: true, subtree: true, childList: true, characterData: true});
}"""


def test_a_new_game_started_while_the_computer_plays_replaces_it(page: Any, site_url: str) -> None:
    # The computer's loop once went on into the new game ("Ada is not a computer
    # player"), and a Start pressed during its move was refused as busy.
    open_game(page, site_url, "timelock")
    for when in ("during", "between"):
        page.click("#btn-new")
        page.wait_for_selector("#seat-kind-1")
        page.select_option("#seat-kind-0", "ai:greedy")
        page.select_option("#seat-kind-1", "ai:greedy")
        page.click("#ng-start")
        page.wait_for_function(
            "JSON.parse(localStorage.getItem('timegames:timelock:autosave')).actions.length > 2"
        )
        page.click("#btn-new")
        page.wait_for_selector("#seat-kind-1")
        page.select_option("#opt-first", label="Seat 1")
        page.fill("#seat-name-0", "Ada")
        page.select_option("#seat-kind-0", "human")
        page.evaluate(PRESS_START, when)
        page.wait_for_function("window.__pressed")
        page.wait_for_function(
            "JSON.parse(localStorage.getItem('timegames:timelock:autosave')).seats[0].name"
            " === 'Ada'"
        )
        page.wait_for_timeout(1500)  # longer than the computer's pause between moves
        assert page.get_attribute("html", "data-turn") == "human"
        # Only Ada's own roll: nobody has moved in the new game.
        assert [a for a in saved_record_of(page, "timelock").actions if "roll" not in a] == []
        assert not [m for m in page.evaluate("window.__seen") if "not a computer" in m]
        assert not [m for m in page.evaluate("window.__seen") if "busy" in m]


def test_names_typed_in_the_new_game_form_survive_an_option_change(
    page: Any, site_url: str
) -> None:
    open_game(page, site_url, "timelock")
    page.click("#btn-new")
    page.wait_for_selector("#seat-kind-1")
    page.fill("#seat-name-0", "Ada")
    page.fill("#seat-name-1", "Bob")
    page.select_option("#seat-kind-1", "ai:planner")
    choose_option(page, "stacks_to_match", "Two (shortest)")
    assert page.input_value("#seat-name-0") == "Ada"
    assert page.input_value("#seat-name-1") == "Bob"
    assert page.input_value("#seat-kind-1") == "ai:planner"


def test_a_name_being_typed_keeps_the_keyboard_when_an_option_changes(
    page: Any, site_url: str
) -> None:
    # The form once rebuilt its seat rows on every option change: a name being
    # typed lost the keyboard when the engine's answer came (late, while the
    # computer thinks), and the letters typed before it went with the old row.
    open_game(page, site_url, "timelock")
    page.click("#btn-new")
    page.wait_for_selector("#seat-kind-1")
    page.click("#seat-name-0")
    page.keyboard.press("Control+A")
    page.keyboard.type("Ad")
    page.evaluate("document.querySelector('#seat-name-0').dataset.typedIn = '1'")
    choose_option(page, "stacks_to_match", "Two (shortest)")
    page.keyboard.type("a")
    assert page.input_value("#seat-name-0") == "Ada"
    assert page.evaluate("document.activeElement.dataset.typedIn") == "1"
    # A name nobody typed still follows the seats' labels.
    assert page.input_value("#seat-name-1") == page.inner_text("#ng-seats .tg-seat-label >> nth=1")


def test_the_new_game_form_starts_from_the_game_on_the_table(page: Any, site_url: str) -> None:
    # A name typed and then cancelled is not what the next form shows.
    open_game(page, site_url, "timelock")
    page.click("#btn-new")
    page.wait_for_selector("#seat-kind-1")
    playing = page.input_value("#seat-name-0")
    page.fill("#seat-name-0", "Cancelled")
    page.click("#ng-cancel")
    page.click("#btn-new")
    page.wait_for_selector("#seat-kind-1")
    assert page.input_value("#seat-name-0") == playing != "Cancelled"


def test_the_new_game_form_fits_a_phone(browser: Any, site_url: str) -> None:
    # The board option's longest choice and the computer levels once made their
    # selects wider than the dialog at 390 px.
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = ctx.new_page()
        open_game(page, site_url, "timelock")
        page.click("#btn-new")
        page.wait_for_selector("#seat-kind-1")
        page.select_option("#seat-kind-1", "ai:greedy")
        wide = page.evaluate(
            """[...document.querySelectorAll('#new-game select, #new-game input')]
               .filter(e => e.getBoundingClientRect().right
                            > document.querySelector('#new-game').getBoundingClientRect().right)
               .map(e => e.id)"""
        )
        assert wide == []
    finally:
        ctx.close()


def open_position(page: Any, site_url: str, actions: tuple[str, ...]) -> None:
    """Open a seed-0 game (Ada human, Bob greedy) after ``actions`` through a game link."""
    record = GameRecord(
        "timelock",
        0,
        GAME.normalise_options({}),
        (Seat("Ada"), Seat("Bob", "ai", "greedy")),
        actions,
        len(actions),
    )
    open_game(page, site_url, "timelock", "#g=" + record_to_link(record))
    wait_turn(page, "human")


def select_piece(page: Any, key: str) -> None:
    """Pick the piece ``key`` (``Pa1``) by clicking its square (and its chip if it shares one)."""
    for attempt in range(3):
        page.click(f"#sq-{key[1:]}")
        try:
            page.wait_for_selector(
                f"#board[data-selected='{key}'], [data-piece='{key}']", timeout=5_000
            )
            break
        except PlaywrightTimeout:
            # Seen in CI when the previous game's computer loop played on into the new
            # game (fixed; see test_a_new_game_started_while_the_computer_plays_replaces_it).
            # Kept as a player would click again; a wrong move still fails the caller.
            if attempt == 2:
                raise
    if page.get_attribute("#board", "data-selected") != key:
        page.click(f"[data-piece='{key}']")
    page.wait_for_selector(f"#board[data-selected='{key}']")


def perform(page: Any, state: TimelockState, text: str) -> None:
    """Carry out one action by clicking, the way a player would; wait until the engine took it."""
    position = saved_record(page).position
    action = GAME.parse_action(text)
    if isinstance(action, Move):
        key = B.LETTERS[action.size] + B.name(action.src)
        select_piece(page, key)
        page.click(f"#sq-{B.name(action.dst)}")
        same = [
            a
            for a in state.legal_actions()
            if isinstance(a, Move)
            and (a.size, a.src, a.dst) == (action.size, action.src, action.dst)
        ]
        if len(same) > 1:  # two dice could pay: the page asks which
            page.click(f"#prompt [data-action='{text}']")
    elif isinstance(action, Dig):
        select_piece(page, B.LETTERS[action.size] + B.name(action.square))
        page.click(f"#prompt [data-action='{text}']")
    else:
        button = page.locator(f"#turnbar [data-action='{text}']")
        if button.count() == 0:
            page.click("#btn-treehouse")  # SWAP and DIG list their choices
        page.click(f"#turnbar [data-action='{text}']")
    wait_position_past(page, position)
    record = saved_record(page)
    assert record.actions[position] == text


def test_play_a_whole_game_against_the_ai_by_clicking(page: Any, site_url: str) -> None:
    """Two stacks to match against the random AI (a four-stack game takes several minutes)."""
    open_game(page, site_url, "timelock")
    quick_computer(page)
    start_game(page, "ai:random", stacks="Two (shortest)")
    helper = GAME.make_bot("planner")
    rng = random.Random(3)
    started = time.monotonic()
    steps = 0
    while wait_turn(page, "human", "over", timeout=90_000) == "human":
        state = saved_state(page)
        assert state.current_player() == 0
        text = GAME.action_to_text(helper.choose(state, BotContext(rng, Budget(0.5))))
        perform(page, state, text)
        steps += 1
        assert steps < 400 and time.monotonic() - started < 170
    state = saved_state(page)
    assert state.is_terminal()
    winner = ("Ada", "Bob")[state.outcome().winners[0]]
    assert "won" in page.inner_text("#status") and winner in page.inner_text("#status")
    # The score and the match total are the engine's.
    score = game_score(state)
    assert score is not None
    assert f"scores {score['points']} points" in page.inner_text("#score")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{MATCH}') || '{{}}').games === 1")
    match = json.loads(page.evaluate(f"localStorage.getItem('{MATCH}')"))
    assert match["players"] == ["Ada", "Bob"]
    assert match["totals"][("Ada", "Bob").index(winner)] == score["points"]
    assert str(score["points"]) in page.inner_text("#match")
    # Nothing is offered once the game is over.
    assert page.locator("#turnbar [data-action], .sq.movable").count() == 0
    print(f"\nwhole game: {steps} human steps by clicking in {time.monotonic() - started:.0f} s")
    # The next game of the match: the loser of this one holds the Treehouse die.
    loser = 1 - state.outcome().winners[0]
    page.click("#btn-new")
    page.wait_for_selector("#opt-first")
    page.select_option("#opt-first", label="The previous game's loser (in a match)")
    page.click("#ng-start")
    page.wait_for_selector("#new-game:not([open])", state="attached")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).options.first === 'loser'"
    )
    record = saved_record(page)
    assert record.options["first"] == "loser" and record.options["previous_loser"] == loser
    assert GAME.new_game(record.options, record.seed).seat == loser


def test_ai_turn_is_shown_step_by_step(page: Any, site_url: str) -> None:
    """The planner's turn: every step is drawn; think time per whole turn is measured."""
    open_game(page, site_url, "timelock")
    start_game(page, "ai:planner")
    page.evaluate(
        """() => {
        window.tlSeen = []; window.tlThink = [];
        new MutationObserver(() => window.tlSeen.push(
            document.querySelector('#last-action').textContent)).observe(
            document.querySelector('#last-action'), {childList: true, characterData: true,
            subtree: true});
        new MutationObserver(() => window.tlThink.push(
            [Number(document.documentElement.dataset.thinkMs),
             JSON.parse(localStorage.getItem('timegames:timelock:autosave')).position]))
            .observe(document.documentElement, {attributes: true,
            attributeFilter: ['data-think-ms']});
    }"""
    )
    turns = []
    for _ in range(3):
        wait_turn(page, "human")
        before = saved_record(page).position
        page.evaluate("window.tlSeen = []; window.tlThink = []")
        page.click("#turnbar [data-action='end']")
        wait_position_past(page, before + 2)
        if wait_turn(page, "human", "over") == "over":
            break
        record = saved_record(page)
        ai_steps = record.actions[before + 2 : record.position - 1]  # after end+roll, before roll
        seen = page.evaluate("window.tlSeen")
        for text in ai_steps:
            assert any(text_seen_for(text, line) for line in seen), f"{text} was never shown"
        think = page.evaluate("window.tlThink")
        assert len(think) == len(ai_steps)
        turns.append(sum(ms for ms, _ in think))
    assert turns
    print("\nplanner think time per whole turn (ms):", [round(t, 1) for t in turns])


def text_seen_for(action: str, line: str) -> bool:
    """Whether the last-action line ``line`` reports ``action`` (by its squares or keyword)."""
    if action == "end":
        return "ended the turn" in line
    if action.startswith("use "):
        return action.split()[1] in line
    if action == "sum":
        return "added" in line
    body = action.split()[-1].split("/")[0]
    return all(part[-2:] in line for part in body.split("-"))


def test_undo_within_the_turn_never_undoes_the_roll(page: Any, site_url: str) -> None:
    open_position(page, site_url, ("roll 6 2 AIM",))
    dice = page.inner_text("#turnbar .tl-dice")
    assert "6" in dice and "2" in dice and "AIM" in dice
    before = squares(page)
    page.click("#sq-a1")
    page.click("#sq-a2")
    page.click("#prompt [data-pool='2']")  # both dice could pay: pay with die 2
    wait_position_past(page, 1)
    assert saved_record(page).actions[-1] == "Pa1-a2/2"
    assert "1 left" in page.inner_text("[data-die='2']")
    assert squares(page) != before
    page.click("#btn-undo")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).position === 1")
    wait_turn(page, "human")
    assert squares(page) == before
    assert "2 left" in page.inner_text("[data-die='2']")
    # The next undo would cross the roll: the engine refuses it, so Undo is greyed out
    # (it once stayed clickable and only said so), with the engine's reason on hover.
    assert page.is_disabled("#btn-undo")
    assert "cannot be undone" in str(page.get_attribute("#btn-undo", "title"))
    assert page.is_enabled("#btn-redo")
    # A plain undo is no replay: the status says whose turn it is and what Redo does
    # (it once read "Replay: move 1 of 2. Play a move here to branch off, or press »").
    status = page.inner_text("#status")
    assert "Replay" not in status and "»" not in status
    assert "Redo" in status and "to play" in status
    assert page.inner_text("#turnbar .tl-dice") == dice
    assert saved_record(page).position == 1 and squares(page) == before
    page.click("#btn-redo")
    wait_position_past(page, 1)
    page.wait_for_selector("#btn-undo:not([disabled])")
    assert "Redo" not in page.inner_text("#status")


def test_spent_and_rolling_dice_stay_readable(page: Any, site_url: str) -> None:
    """A spent die and a die mid-roll keep their text at readable contrast (axe)."""
    open_position(page, site_url, ("roll 6 2 AIM", "Pa1-a2/2"))
    perform(page, saved_state(page), "Pa2-a3/2")  # die 2's last point
    page.wait_for_selector("[data-die='2'].spent")
    assert "0 left" in page.inner_text("[data-die='2']")
    assert axe_violations(page) == []
    # The roll animation, held at its first frame: the dice are turned, not faded.
    page.evaluate(
        """() => {
            const dice = document.querySelector('#turnbar .tl-dice');
            dice.classList.remove('rolling');
            void dice.offsetWidth;
            dice.classList.add('rolling');
            for (const a of document.getAnimations()) { a.pause(); a.currentTime = 0; }
        }"""
    )
    assert page.evaluate("document.getAnimations().length") > 0
    assert axe_violations(page) == []


def test_illegal_action_is_refused_with_the_rule(page: Any, site_url: str) -> None:
    # Die 2 (a 2) has paid for two Pawn steps; the Drone would cost 2 more from it.
    open_position(page, site_url, ("roll 6 2 AIM", "Pa1-a2/2", "Pa2-a3/2"))
    before = squares(page)
    dice = page.inner_text("#turnbar .tl-dice")
    page.fill("#move-input", "Da1-a2/2")
    page.press("#move-input", "Enter")
    page.wait_for_selector("#message.error")
    message = page.inner_text("#message")
    assert "costs 2 points" in message and "rule: not-enough-points" in message
    assert squares(page) == before and page.inner_text("#turnbar .tl-dice") == dice
    assert saved_record(page).position == 3
    # Clicking a piece that may not move asks the engine, which names the rule.
    page.evaluate("document.querySelector('#message').className = 'tg-message'")
    page.click("#sq-b5")
    page.wait_for_selector("#message.error")
    assert "rule: not-your-stack" in page.inner_text("#message")
    assert squares(page) == before


def test_keyboard_move_with_die_choice(page: Any, site_url: str) -> None:
    open_position(page, site_url, ("roll 6 2 AIM",))
    page.focus("#sq-a1")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board[data-selected='Pa1']")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    page.wait_for_selector("#prompt [data-pool='1']:focus")
    page.keyboard.press("Enter")
    wait_position_past(page, 1)
    assert saved_record(page).actions[-1] == "Pa1-a2/1"


def test_live_example_opens_embedded_from_the_rules_page(page: Any, site_url: str) -> None:
    page.goto(site_url + "rules/timelock/")
    frame = start_live_board(page, "tl-live")
    assert frame.get_attribute("html", "data-embed") == "1"
    # The page's own header is out of sight; only its h1 stays, for screen readers.
    header = frame.evaluate(
        "(() => { const top = document.querySelector('.tg-top');"
        " const box = top.getBoundingClientRect();"
        " const shown = [...top.children].filter(c => c.getClientRects().length);"
        " return {size: Math.max(box.width, box.height), shown: shown.map(c => c.tagName)}; })()"
    )
    assert header == {"size": 1, "shown": ["H1"]}
    page.click("a[target=tl-live][href$='example=hop']")
    frame.wait_for_function("document.querySelector('#example').textContent.includes('HOP')")
    marked = frame.eval_on_selector_all(".sq.hl", "els => els.map(e => e.dataset.sq)")
    assert sorted(marked) == ["a3", "a5"]
    # The example is a real position: a5's Pawn and Drone hopped to a3.
    assert "Xeno cyan Pawn" in frame.get_attribute("#sq-a3", "aria-label")


def test_phone_width_has_no_sideways_scrolling(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = ctx.new_page()
        started = time.monotonic()
        open_game(page, site_url, "timelock")
        ready = time.monotonic() - started
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0
        size = page.evaluate("document.querySelector('#sq-a1').getBoundingClientRect().width")
        assert size >= 44  # squares stay tappable
        print(f"\npage ready at phone width in {ready:.1f} s")
    finally:
        ctx.close()


def test_a_boardless_game_starts_from_the_dialog_and_plays_by_clicking(
    page: Any, site_url: str
) -> None:
    """The experimental variant: columns of positions; a Pawn opens a new position."""
    open_game(page, site_url, "timelock")
    page.click("#btn-new")
    page.wait_for_selector("#opt-board")
    page.select_option("#opt-board", label="No board: relative positions (experimental)")
    page.select_option("#opt-first", label="Seat 1")  # the default start is random
    page.fill("#seat-name-0", "Ada")
    page.select_option("#seat-kind-1", "human")
    page.click("#ng-start")
    page.wait_for_selector("#new-game:not([open])", state="attached")
    wait_turn(page, "human")
    assert page.is_hidden("#grid") and page.is_visible("#columns")
    state = saved_state(page)
    assert state.settings.boardless and state.current_player() == 0
    # Each column shows its two homes and, between them, the centre still to be made.
    assert page.locator("#columns .tl-col").count() == 5
    assert page.locator("#columns .tl-gap.band").count() == 5
    position = saved_record(page).position
    page.click("#columns [data-sq='a1']")
    page.wait_for_selector("#board[data-selected='Pa1']")
    page.click("#columns [data-sq='a1+']")
    # When more than one die can pay for the Pawn, the page asks which; doubles
    # or a WILD pool leave one way to pay, and the move is made at once.
    pays = [a for a in state.legal_actions() if GAME.action_to_text(a).startswith("Pa1-a1+/")]
    assert pays
    if len(pays) > 1:
        page.click("#prompt [data-pool]")
    wait_position_past(page, position)
    assert saved_record(page).actions[position].startswith("Pa1-a1+/")
    wait_turn(page, "human")
    # Column a now has a third position holding Rainbow's Pawn, drawn between the homes.
    page.wait_for_selector("#columns [data-sq='a2'].side0")
    label = page.get_attribute("#columns [data-sq='a2']", "aria-label") or ""
    assert "Rainbow's side" in label and "Pawn" in label
    assert "Xeno home" in (page.get_attribute("#columns [data-sq='a3']", "aria-label") or "")


# -- four players in partnership, and a tournament -----------------------------------------------

TOURNAMENT = "timegames:timelock:tournament"


def new_game_dialog(
    page: Any, site_url: str, mode: str, quick: bool = False, **labels: str
) -> None:
    """Open the page and its New game dialog with ``mode`` and option ``labels`` chosen
    (``quick``: with "Quick computer moves" ticked first)."""
    open_game(page, site_url, "timelock")
    if quick:
        quick_computer(page)
    page.click("#btn-new")
    page.wait_for_selector("#opt-mode")
    page.select_option("#opt-mode", label=mode)
    for name, label in labels.items():
        page.select_option(f"#opt-{name}", label=label)


def test_a_four_player_partners_game_through_the_page(page: Any, site_url: str) -> None:
    """Rainbow West (human, by clicking) with Xeno East against Xeno West and Rainbow East."""
    new_game_dialog(
        page,
        site_url,
        "Four players in partnerships (variant)",
        quick=True,
        stacks_to_match="Two (shortest)",
        first="Seat 1",
    )
    page.wait_for_selector("#seat-kind-3")
    names = ["Ada", "Wes", "Eve", "Sol"]
    for index, name in enumerate(names):
        page.fill(f"#seat-name-{index}", name)
        if index:
            page.select_option(f"#seat-kind-{index}", "ai:planner")
    page.click("#ng-start")
    page.wait_for_selector("#new-game:not([open])", state="attached")
    helper = GAME.make_bot("planner")
    rng = random.Random(5)
    started = time.monotonic()
    moved_own_goal_side = False
    while wait_turn(page, "human", "over", timeout=90_000) == "human":
        state = saved_state(page)
        assert state.settings.mode == "partners" and state.current_player() == 0
        # Ada moves her two stacks (a, b) and the Goal on her side, the south one.
        assert state.movable_groups() == (0, 1, 2)
        text = GAME.action_to_text(helper.choose(state, BotContext(rng, Budget(0.5))))
        moved_own_goal_side = moved_own_goal_side or text[1:3] in ("c1", "c2", "c3")
        perform(page, state, text)
        assert time.monotonic() - started < 150
    state = saved_state(page)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners in ((0, 2), (1, 3))
    status = page.inner_text("#status")
    for seat in outcome.winners:
        assert names[seat] in status
    # Both partners of the winning team brought a stack home.
    for seat in outcome.winners:
        assert any(state.stack_matches(g) for g in state.settings.stacks_of(seat))
    # The progress lists both teams by their partners' names.
    progress = page.inner_text("#progress")
    assert "Ada & Eve" in progress and "Wes & Sol" in progress
    # Each partnership plays from both sides, so its row shows both colours.
    badges = page.eval_on_selector_all(
        "#progress .tl-team",
        "rows => rows.map(r => Array.from(r.querySelectorAll('.tl-side-badge'))"
        ".map(b => b.className).sort())",
    )
    both = sorted(["tl-side-badge side0", "tl-side-badge side1"])
    assert badges == [both, both]
    seconds = time.monotonic() - started
    print(f"\npartners game in {seconds:.0f} s; Ada moved the south Goal: {moved_own_goal_side}")


def tournament_data(page: Any) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('{TOURNAMENT}') || '{{}}'"))


def test_a_three_player_tournament_to_its_end(page: Any, site_url: str) -> None:
    """Three computer players, two stacks to match: every pairing, standings, a champion."""
    from timegames.timelock.scoring import Tournament

    open_game(page, site_url, "timelock")
    page.wait_for_selector("#tn-start")
    page.click("#tn-add")
    players = [("Ann", "ai:planner"), ("Ben", "ai:greedy"), ("Cat", "ai:planner")]
    for index, (name, kind) in enumerate(players):
        page.fill(f"#tn-name-{index}", name)
        page.select_option(f"#tn-kind-{index}", kind)
    page.select_option("#tn-opt-stacks_to_match", label="Two (shortest)")
    # A number of rounds the field cannot play is refused by the engine, and nothing starts.
    page.fill("#tn-rounds", "99")
    page.click("#tn-start")
    page.wait_for_selector(".tn-error")
    assert "rounds" in page.inner_text(".tn-error")
    assert tournament_data(page) == {}
    page.fill("#tn-rounds", "")
    page.click("#tn-start")
    page.wait_for_selector("#tn-standings")
    data = tournament_data(page)
    assert data["table"]["rounds"] == 3 and len(data["table"]["remaining"]) == 3
    started = time.monotonic()
    games = 0
    while not tournament_data(page)["table"]["winner"]:
        before = len(tournament_data(page)["table"]["results"])
        expected = tournament_data(page)["table"]["next"]
        page.click("#tn-play")
        # The last game is still shown as over until the new one starts, so the wait is
        # for the new result: it spans the whole game the two computers play.
        page.wait_for_function(
            f"JSON.parse(localStorage.getItem('{TOURNAMENT}')).table.results.length > {before}",
            timeout=120_000,
        )
        wait_turn(page, "over")
        games += 1
        record = saved_record(page)
        assert [seat.name for seat in record.seats] == expected
        result = tournament_data(page)["table"]["results"][-1]
        state = saved_state(page)
        score = game_score(state)
        if score is None:
            assert result["winner"] == "" and result["points"] == 0
        else:
            assert result["winner"] == expected[state.outcome().winners[0]]
            assert result["points"] == score["points"]
        assert games < 12  # tie-breaks end: the loop cannot run on
    table = tournament_data(page)["table"]
    # The engine, fed the same games, agrees on the standings and the champion.
    again = Tournament(("Ann", "Ben", "Cat"))
    for r in table["results"]:
        again = again.record(r["first"], r["second"], r["winner"], r["points"])
    assert again.winner() == table["winner"]
    assert [row["player"] for row in table["standings"]] == [p for p, _ in again.standings()]
    assert len([r for r in table["results"] if not r["tiebreak"]]) == 3
    assert f"{table['winner']} wins the tournament" in page.inner_text("#tn-status")
    rows = page.locator("#tn-standings tbody tr")
    assert rows.count() == 3
    assert table["winner"] in rows.nth(0).inner_text()
    print(f"\ntournament: {games} games in {time.monotonic() - started:.0f} s")


def test_solitaire_against_the_clock_shows_the_turns_left(page: Any, site_url: str) -> None:
    new_game_dialog(
        page,
        site_url,
        "Solitaire (variant)",
        turn_limit="8 turns (solitaire against the clock)",
    )
    page.wait_for_selector("#seat-kind-0")
    page.select_option("#seat-kind-0", "human")
    page.click("#ng-start")
    page.wait_for_selector("#new-game:not([open])", state="attached")
    wait_turn(page, "human")
    state = saved_state(page)
    assert state.settings.turn_limit == 8
    assert "Turn 1 of 8: match before the end of turn 8 or lose." in page.inner_text("#progress")
    # Two players cannot have that limit: choosing them puts it back to 200 turns,
    # naming why, and the short limits are greyed out while two play.
    page.click("#btn-new")
    page.wait_for_selector("#seat-kind-0")
    page.select_option("#opt-mode", label="Two players")
    page.wait_for_function(
        "document.querySelector('#ng-settled').textContent.includes('solitaire')"
    )
    assert "Turn limit is back to “200 turns”" in page.inner_text("#ng-settled")
    limit = "s => s.options[s.selectedIndex].text"
    assert page.eval_on_selector("#opt-turn_limit", limit) == "200 turns"
    shown = page.eval_on_selector_all(
        "#opt-turn_limit option", "os => os.map(o => [o.textContent, o.disabled])"
    )
    assert [text for text, disabled in shown if disabled] == [
        f"{n} turns (solitaire against the clock)" for n in (10, 9, 8, 7)
    ]
    assert page.is_enabled("#ng-start")


# -- the progress panel ------------------------------------------------------------------------

TEAM_ROWS = """() => Array.from(document.querySelectorAll('#progress .tl-team')).map(row => {
  const box = el => { const r = el.getBoundingClientRect(); return [r.top, r.bottom, r.left]; };
  const count = Array.from(row.children).find(
    c => c.tagName === 'SPAN' && !c.classList.contains('tl-side-badges')
      && !c.classList.contains('tl-stacks'));
  return {
    text: row.innerText,
    name: box(row.querySelector('strong')),
    count: box(count),
    chips: box(row.querySelector('.tl-stacks')),
    ok: row.querySelectorAll('.tl-stack.ok').length,
  };
})"""


def team_rows(page: Any) -> list[dict[str, Any]]:
    rows = page.evaluate(TEAM_ROWS)
    assert isinstance(rows, list)
    return rows


def partners_game_with_a_capped_count() -> tuple[int, tuple[str, ...], int, int]:
    """A partners game (two to match, greedy players) in which one partner matches two
    stacks before the other matches any, and whose winners end with three matches.

    Returns the seed, the actions, the position of the capped count and its team.
    """
    options = GAME.normalise_options({"mode": "partners", "stacks_to_match": 2})
    bot = GAME.make_bot("greedy")
    for seed in range(100):
        state: Any = GAME.new_game(options, seed)
        rng = random.Random(seed)
        actions: list[str] = []
        capped: tuple[int, int] | None = None
        while not state.is_terminal() and len(actions) < 3000:
            if state.is_chance():
                action = state.sample_chance()
            else:
                action = bot.choose(state, BotContext(rng, Budget(0.05)))
            actions.append(GAME.action_to_text(action))
            state = state.apply(action)
            if capped is None and not state.is_terminal() and not state.is_chance():
                for team in (0, 1):
                    if state.team_matched(team) == 2 and state.team_progress(team) == 1:
                        capped = (len(actions), team)
        winners = state.outcome().winners
        if capped and winners and state.team_matched(state.settings.team_of(winners[0])) == 3:
            return seed, tuple(actions), capped[0], capped[1]
    raise AssertionError("no such game in 100 seeds")


def open_record(
    page: Any, site_url: str, seed: int, options: Any, actions: tuple[str, ...]
) -> None:
    record = GameRecord(
        "timelock",
        seed,
        GAME.normalise_options(options),
        tuple(Seat(name) for name in ("Ada", "Wes", "Eve", "Sol")[: GAME.seat_count(options)]),
        actions,
        len(actions),
    )
    if page.url.startswith("http"):
        # No game in progress, so the page opens the link without asking first.
        page.evaluate("localStorage.clear()")
        page.goto("about:blank")
    open_game(page, site_url, "timelock", "#g=" + record_to_link(record))
    wait_turn(page, "human", "over")


def test_partners_progress_counts_what_the_win_needs(page: Any, site_url: str) -> None:
    # QA: "3 of 2 matched" for the winners, "2 of 2 matched" for a team with both
    # matches from one partner, and the winners still "… pts of moves away".
    seed, actions, capped, team = partners_game_with_a_capped_count()
    options = {"mode": "partners", "stacks_to_match": 2}
    open_record(page, site_url, seed, options, actions[:capped])
    rows = team_rows(page)
    assert rows[team]["ok"] == 2  # both of one partner's stacks match ...
    assert "1 of 2 matched" in rows[team]["text"]  # ... and count as one
    partners = ("Ada", "Eve") if team == 0 else ("Wes", "Sol")
    state = saved_state(page)
    waiting = state.team_waiting_on(team)
    assert len(waiting) == 1
    assert ("Ada", "Wes", "Eve", "Sol")[waiting[0]] + " still needs a match" in rows[team]["text"]
    assert " & ".join(partners) in rows[team]["text"]
    assert "pts of moves away" in rows[team]["text"]
    open_record(page, site_url, seed, options, actions)
    state = saved_state(page)
    winners = state.settings.team_of(state.outcome().winners[0])
    assert state.team_matched(winners) == 3
    rows = team_rows(page)
    assert rows[winners]["ok"] == 3
    assert "2 of 2 matched" in rows[winners]["text"]
    assert "pts" not in rows[winners]["text"]  # a team that has won is no distance away
    assert "pts of moves away" in rows[1 - winners]["text"]
    for row in rows:
        counts = [int(word) for word in row["text"].split(" matched")[0].split()[-3::2]]
        assert counts[0] <= counts[1] == 2


def test_a_partner_match_proposes_the_other_turn_order_next(page: Any, site_url: str) -> None:
    # Either way round one partnership has the edge: a match alternates the turn order,
    # as the engine's match tool names it, and the new-game form proposes it.
    seed, actions, _, _ = partners_game_with_a_capped_count()
    open_record(page, site_url, seed, {"mode": "partners", "stacks_to_match": 2}, actions)
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{MATCH}') || '{{}}').games === 1")
    match = json.loads(page.evaluate(f"localStorage.getItem('{MATCH}')"))
    assert match["next_direction"] == "counterclockwise"
    assert "Next game: counter-clockwise" in page.inner_text("#match")
    # Each side of the board holds one player of each partnership: named by its colour.
    assert page.inner_text("#name-north") == "Xeno: Wes, Eve"
    assert page.inner_text("#name-south") == "Rainbow: Ada, Sol"
    page.click("#btn-new")
    page.wait_for_selector("#opt-direction")
    chosen = page.eval_on_selector("#opt-direction", "s => s.options[s.selectedIndex].text")
    assert chosen == "Counter-clockwise"
    page.click("#ng-start")
    page.wait_for_selector("#new-game:not([open])", state="attached")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{AUTOSAVE}')).options.direction === 'counterclockwise'"
    )


def test_the_winner_of_a_shorter_game_shows_no_distance(page: Any, site_url: str) -> None:
    # QA: "2 of 2 matched · 6 pts of moves away" for the winner of a two-stack game.
    options = {"stacks_to_match": 2}
    state: Any = GAME.new_game(GAME.normalise_options(options), 1)
    bot = GAME.make_bot("greedy")
    rng = random.Random(1)
    actions: list[str] = []
    while not state.is_terminal():
        action = (
            state.sample_chance()
            if state.is_chance()
            else bot.choose(state, BotContext(rng, Budget(0.05)))
        )
        actions.append(GAME.action_to_text(action))
        state = state.apply(action)
    winner = state.outcome().winners[0]
    open_record(page, site_url, 1, options, tuple(actions))
    rows = team_rows(page)
    assert "2 of 2 matched" in rows[winner]["text"] and "pts" not in rows[winner]["text"]
    loser = saved_state(page).view(None)["teams"][1 - winner]
    assert loser["distance"] > 0
    assert f"{loser['distance']} pts of moves away" in rows[1 - winner]["text"]


def test_typed_garbage_is_refused_as_not_a_move(page: Any, site_url: str) -> None:
    open_position(page, site_url, ("roll 6 2 AIM",))
    page.fill("#move-input", "xyz")
    page.press("#move-input", "Enter")
    page.wait_for_selector("#message.error")
    message = page.inner_text("#message")
    assert "'xyz' is not a Timelock move" in message and "rule: notation" in message
    assert "xyz/1" not in message and "die pays" not in message
    page.evaluate("document.querySelector('#message').className = 'tg-message'")
    page.fill("#move-input", "Q" * 500)
    page.press("#move-input", "Enter")
    page.wait_for_selector("#message.error")
    message = page.inner_text("#message")
    assert "is not a Timelock move" in message and "Q" * 40 not in message
    assert len(message) < 200
    assert saved_record(page).position == 1


def test_every_team_row_of_the_progress_lays_out_the_same(browser: Any, site_url: str) -> None:
    # QA: "Rainbow" pushed its count onto a line of its own while "Xeno" kept it inline.
    for width, height in ((1280, 900), (390, 844), (800, 900)):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        try:
            page = ctx.new_page()
            open_game(page, site_url, "timelock")
            page.wait_for_selector("#progress .tl-team .tl-stacks")
            rows = team_rows(page)
            assert len(rows) == 2
            shapes = []
            for row in rows:
                name, count, chips = row["name"], row["count"], row["chips"]
                shapes.append(
                    (
                        round(count[0] - name[0]),
                        round(chips[0] - name[0]),
                        round(count[2] - name[2]),
                    )
                )
            assert shapes[0] == shapes[1], (width, rows)
        finally:
            ctx.close()
