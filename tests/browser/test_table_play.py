"""Playing at the table in a real Chromium against a live Daphne: holds everyone sees,
a bot's turns, the keyboard alone, a zero placement asked first, Yam's announcements,
and the server's refusals in a toast."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import (
    connected,
    create_room,
    dice,
    held,
    join_room,
    my_turn,
    play_turn,
    roll,
    until,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def held_are(page: Page, positions: list[int]) -> None:
    """Wait until ``page`` shows exactly these dice held."""
    until(
        page,
        """want => JSON.stringify([0, 1, 2, 3, 4].filter(i =>
        document.querySelector(`[data-testid=die-${i}]`)?.getAttribute('aria-pressed') === 'true'))
        === JSON.stringify(want)""",
        positions,
    )


def test_holds_reach_everyone_at_once_and_survive_a_reopened_tab(new_page: NewPage) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    code = create_room(ada, name="Ada", ruleset="yahtzee", seats=2, timer="30")
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("start").click()
    # Two people play: each turn has the room's time limit, counted down on the page.
    timer = bob.get_by_test_id("timer")
    expect(timer).to_have_text(re.compile(r"0:(30|29|28)"))
    expect(timer).to_have_text(re.compile(r"0:2[0-7]"), timeout=5_000)
    roll(ada)
    ada.get_by_test_id("die-0").click()
    ada.get_by_test_id("die-2").click()
    held_are(bob, [0, 2])  # before any new roll
    ada.get_by_test_id("die-0").click()
    held_are(bob, [2])
    ada.get_by_test_id("die-0").click()
    roll(ada)  # the server keeps dice 0 and 2, and they stay held
    expect(ada.get_by_test_id("rolls-left")).to_have_attribute("data-count", "1")
    held_are(bob, [0, 2])
    ada.get_by_test_id("die-4").click()
    held_are(bob, [0, 2, 4])
    before = dice(ada)

    ada.close()  # the tab is closed, then the room is opened again
    ada = ada.context.new_page()
    ada.goto(f"/r/{code}/")
    connected(ada)
    expect(ada.get_by_test_id("die-0")).not_to_have_class(re.compile(r"is-blank"))
    held_are(ada, [0, 2, 4])
    assert dice(ada) == before
    expect(ada.get_by_test_id("rolls-left")).to_have_attribute("data-count", "1")
    expect(my_turn(ada)).to_be_visible()


def test_a_bot_plays_its_turns_between_yours(new_page: NewPage) -> None:
    page = new_page(name="host")
    create_room(page, name="Ada", ruleset="yahtzee", seats=2, timer="30")
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("remove-bot-1")).to_be_visible()
    page.get_by_test_id("start").click()
    expect(my_turn(page)).to_be_visible()
    # One person among bots keeps nobody waiting: the room's timer does not run.
    expect(page.get_by_test_id("timer")).to_have_count(0)
    bot_cells = page.locator("[data-testid=scorecards] td.is-filled[data-cell^='1-']")
    for turn in range(2):
        play_turn(page)
        # The bot rolls and scores by itself, then it is Ada's turn again.
        expect(bot_cells).to_have_count(turn + 1, timeout=15_000)
        expect(my_turn(page)).to_be_visible(timeout=15_000)
    log = page.get_by_test_id("log-list")
    expect(log).to_contain_text(re.compile(r"Bot \w+ rolled"))
    expect(log).to_contain_text(re.compile(r"Bot \w+ scored \d+ in "))
    expect(page.get_by_test_id("player-1").locator(".badge--bot")).to_be_visible()


def test_hold_and_score_with_the_keyboard_only_and_escape_keeps_a_zero_box(
    new_page: NewPage,
) -> None:
    page = new_page(name="keys")
    create_room(page, name="Ada", ruleset="yatzy", seats=1)
    page.get_by_test_id("start").click()
    expect(my_turn(page)).to_be_visible()
    # From here on: keys only.
    roll_and_hold_with_keys(page)
    focused = score_the_first_box_with_keys(page)
    take_it_back_and_score_another_with_keys(page, focused)
    # Next turn (solo): the focus is back on Roll, and R rolls too.
    expect(page.get_by_test_id("rolls-left")).to_have_attribute("data-count", "3")
    page.keyboard.press("r")
    expect(page.get_by_test_id("rolls-left")).to_have_attribute("data-count", "2")
    escape_keeps_a_zero_box_open(page)


def roll_and_hold_with_keys(page: Page) -> None:
    """Roll with Enter (the turn puts focus on Roll), hold the last die with Space and
    the first with its number key, and roll again: the held dice stay."""
    roll_button = page.get_by_test_id("roll")
    expect(roll_button).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("rolls-left")).to_have_attribute("data-count", "2")
    expect(roll_button).to_be_focused()
    page.keyboard.press("Shift+Tab")  # the last die sits just before Roll
    die4 = page.get_by_test_id("die-4")
    expect(die4).to_be_focused()
    assert die4.evaluate("el => getComputedStyle(el).outlineStyle") == "solid"
    page.keyboard.press("Space")
    expect(die4).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("1")  # number keys hold dice too
    expect(page.get_by_test_id("die-0")).to_have_attribute("aria-pressed", "true")
    faces = dice(page)
    page.keyboard.press("Tab")
    expect(roll_button).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("rolls-left")).to_have_attribute("data-count", "1")
    assert held(page) == [0, 4]
    after = dice(page)
    assert (after[0], after[4]) == (faces[0], faces[4])
    expect(page.get_by_test_id("live")).to_contain_text("You rolled")


def score_the_first_box_with_keys(page: Page) -> str:
    """Tab on to the first box that can be scored, and score it with Enter (a zero asks
    first: Tab to OK, Enter); the box's test id."""
    for _ in range(10):
        page.keyboard.press("Tab")
        focused: str = page.evaluate("document.activeElement.dataset.testid || ''")
        if focused.startswith("box-"):
            break
    assert focused.startswith("box-"), focused
    zero = "is-zero" in (page.locator(f"[data-testid='{focused}']").get_attribute("class") or "")
    page.keyboard.press("Enter")
    if zero:
        # The confirmation opens on Cancel; Tab to the OK button and press Enter.
        expect(page.get_by_test_id("confirm-cancel")).to_be_focused()
        page.keyboard.press("Tab")
        expect(page.get_by_test_id("confirm-ok")).to_be_focused()
        page.keyboard.press("Enter")
    expect(page.locator(f"td[data-testid='{focused}'].is-filled")).to_be_visible()
    return focused


def take_it_back_and_score_another_with_keys(page: Page, focused: str) -> None:
    """The wrong box? A casual room lets it be taken back until the next roll: the box is
    open again, the turn as it was (one roll left), and the log says so for everyone;
    then another box is scored instead."""
    take_back = page.get_by_test_id("take-back-place")
    expect(take_back).to_have_attribute("data-box", focused.removeprefix("box-main-"))
    take_back.focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"button[data-testid='{focused}']")).to_be_visible()
    expect(take_back).to_have_count(0)
    expect(page.get_by_test_id("rolls-left")).to_have_attribute("data-count", "1")
    expect(page.get_by_test_id("log-list")).to_contain_text("Ada took back")
    other = page.locator(
        f"button[data-testid^='box-']:not([data-testid='{focused}']):not(.is-zero)"
    ).first
    other_id = other.get_attribute("data-testid")
    other.focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"td[data-testid='{other_id}'].is-filled")).to_be_visible()
    expect(page.locator(f"td[data-testid='{focused}']")).not_to_have_class(re.compile(r"is-filled"))


def escape_keeps_a_zero_box_open(page: Page) -> None:
    """Placing a zero asks first, and Escape keeps the box open."""
    zeros = page.locator("button[data-testid^='box-'].is-zero")
    # Only the first box is filled: no roll scores in Yatzy and in the straights (a yatzy
    # is never a straight), so some open box is zero.
    assert zeros.count() > 0
    testid = zeros.first.get_attribute("data-testid")
    zeros.first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("confirm-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("confirm-dialog")).to_be_hidden()
    expect(page.locator(f"button[data-testid='{testid}']")).to_be_visible()
    expect(my_turn(page)).to_be_visible()


def test_yams_announces_after_the_first_roll(new_page: NewPage) -> None:
    page = new_page(name="yams")
    create_room(page, name="Ada", ruleset="yams", seats=1)
    page.get_by_test_id("start").click()
    expect(page.locator("[data-testid=scorecards] thead")).to_contain_text("Announced")
    roll(page)
    control = page.get_by_test_id("announce-control")
    expect(control).to_be_visible()
    # Nothing is chosen at first, so a stray click announces nothing.
    select, button = page.get_by_test_id("announce-select"), page.get_by_test_id("announce")
    expect(select).to_have_value("")
    expect(button).to_have_attribute("aria-disabled", "true")
    button.click(force=True)  # aria-disabled: still focusable and clickable
    expect(page.get_by_test_id("toast")).to_contain_text("Choose the box you announce first")
    expect(page.get_by_test_id("confirm-dialog")).to_be_hidden()
    # Announcing asks once; "Not yet" keeps the turn free.
    select.select_option("maximum")
    expect(button).to_have_attribute("aria-disabled", "false")
    button.click()
    expect(page.get_by_test_id("confirm-dialog")).to_contain_text("Announce Maximum")
    page.get_by_test_id("confirm-cancel").click()
    expect(page.get_by_test_id("announced")).to_have_count(0)
    expect(select).to_have_value("maximum")  # the choice stays until the turn ends
    button.click()
    page.get_by_test_id("confirm-ok").click()
    expect(page.get_by_test_id("announced")).to_have_text("Announced: Maximum")
    expect(control).to_have_count(0)
    # The announced box is now the only one that can take the roll.
    boxes = page.locator("button[data-testid^='box-']")
    expect(boxes).to_have_count(1)
    expect(boxes).to_have_attribute("data-testid", "box-announced-maximum")
    boxes.click()
    expect(page.locator("td[data-testid='box-announced-maximum'].is-filled")).to_be_visible()


def test_server_errors_show_in_a_toast(new_page: NewPage) -> None:
    page = new_page(name="errors")
    create_room(page, name="Ada", ruleset="yatzy", seats=1)
    # Five messages sent at once (at most 3 are taken in 2 seconds): typed one by one, a
    # loaded machine may take longer than that between the first and the fourth.
    page.evaluate("""() => {
      const input = document.querySelector('[data-testid=chat-input]');
      for (let n = 0; n < 5; n++) {
        input.value = `message ${n}`;
        input.form.requestSubmit();
      }
    }""")
    toast = page.get_by_test_id("toast").filter(has_text=re.compile("messages", re.IGNORECASE))
    expect(toast.first).to_be_visible()
    expect(toast.first).to_have_attribute("role", "alert")
