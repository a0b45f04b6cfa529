"""Every screen from a small phone to a large desktop: on your turn the dice, Roll and every
box you may score can be seen together (the table stays at the top while the scorecards
scroll under it), your own columns come first, and narrow screens show the players, the
moves and the chat on tabs with a count of unread messages.

Positions are measured in the page, not judged from pictures (pictures are saved too)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import (
    PHONE,
    create_room,
    horizontal_overflow,
    join_room,
    my_turn,
    roll,
    until,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]

SIZES = [(360, 640), (360, 740), (390, 844), (768, 1024), (1366, 768), (1440, 900),
         (1920, 1080)]

# For every box that can be scored now: scroll it into view as a person or a Tab key
# would, then check that it, the five dice and Roll are all inside the window and not
# covered by anything (the sticky table, the sticky header row, the tab bar).
REACHABLE = """() => {
  const [vw, vh] = [window.innerWidth, window.innerHeight];
  const inside = (el) => {
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.top >= -1 && b.left >= -1 && b.bottom <= vh + 1 && b.right <= vw + 1;
  };
  const seen = (el) => {
    const b = el.getBoundingClientRect();
    const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
    return inside(el) && hit !== null && (hit === el || el.contains(hit));
  };
  const dice = [0, 1, 2, 3, 4].map((i) => document.querySelector(`[data-testid=die-${i}]`));
  const roll = document.querySelector("[data-testid=roll]");
  const boxes = [...document.querySelectorAll("[data-testid=scorecards] button.cell-btn")];
  const hidden = [];
  for (const box of boxes) {
    box.scrollIntoView({ block: "nearest", inline: "nearest" });
    const out = [];
    if (!seen(box)) out.push("the box");
    if (!dice.every(seen)) out.push("the dice");
    if (!seen(roll)) out.push("Roll");
    if (out.length) hidden.push(`${box.dataset.testid}: ${out.join(", ")} out of sight`);
  }
  return { boxes: boxes.length, hidden };
}"""

SEEN = """sel => {
  const el = document.querySelector(sel);
  const b = el.getBoundingClientRect();
  const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
  return b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= window.innerHeight
    && b.right <= window.innerWidth && hit !== null && (hit === el || el.contains(hit));
}"""


def seen(page: Page, selector: str) -> bool:
    return bool(page.evaluate(SEEN, selector))


def test_the_dice_roll_and_every_open_box_fit_every_screen(new_page: NewPage,
                                                           tmp_path: Path) -> None:
    page = new_page(viewport=PHONE, name="Ada")
    # Yam's: four columns of your own, the widest scorecard of the one-sheet variants.
    create_room(page, name="Ada", ruleset="yams", seats=2)
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-1")).to_contain_text("Bot")
    assert horizontal_overflow(page) <= PHONE["width"]
    # The host's settings form fits the phone too.
    page.get_by_test_id("settings-open").click()
    page.get_by_test_id("settings-timer").select_option("custom")
    form = page.get_by_test_id("settings-form")
    box = form.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert horizontal_overflow(page) <= PHONE["width"]
    page.get_by_test_id("settings-cancel").click()
    expect(form).to_be_hidden()
    page.get_by_test_id("start").click()
    expect(my_turn(page)).to_be_visible()
    roll(page)
    # With the coach's panel open too, which sits between the table and the scorecards.
    page.get_by_test_id("hint-toggle").click()
    expect(page.get_by_test_id("coach-best")).to_be_visible(timeout=20_000)
    # The free column takes any box: all twelve can be scored after the first roll.
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(tmp_path / f"board-{width}x{height}.png"))
        assert horizontal_overflow(page) <= width, (width, height)  # nothing slides sideways
        found = page.evaluate(REACHABLE)
        assert found["boxes"] >= 12, (width, height, found)
        assert found["hidden"] == [], (width, height, found["hidden"])

        # Scrolled to the foot of the scorecards: the header row with your name and the
        # box names are still there.
        page.evaluate("document.querySelector('.sheet-scroll').scrollTo(0, 1e6)")
        page.evaluate("document.querySelector('[data-testid=total-0]')"
                      ".scrollIntoView({block: 'nearest'})")
        assert seen(page, "[data-testid=total-0]"), (width, height)
        assert seen(page, "[data-testid=card-0]"), (width, height)
        assert seen(page, "[data-testid=scorecards] tr[data-box=yams] > th"), (width, height)

    # On the smallest phone your four columns come first and fit without sliding sideways.
    page.set_viewport_size({"width": 360, "height": 640})
    page.evaluate("document.querySelector(\"td[data-cell='0-free-ones']\")"
                  ".scrollIntoView({block: 'nearest', inline: 'nearest'})")
    first_row = page.locator("[data-testid=scorecards] tr[data-box=ones] td")
    assert first_row.first.get_attribute("data-cell") == "0-free-ones"
    for column in ("free", "down", "up", "announced"):
        assert seen(page, f"td[data-cell='0-{column}-ones']"), column
    columns = page.locator("[data-testid=scorecards] tr[data-box=ones] td")
    assert columns.nth(4).get_attribute("data-cell") == "1-free-ones"

    # Score the last box of the column: the table is still in sight afterwards, and so
    # is Roll when the turn comes back after the bot's.
    last = page.get_by_test_id("box-free-yams")
    last.scroll_into_view_if_needed()
    zero = "is-zero" in (last.get_attribute("class") or "")
    last.click()
    if zero:
        page.get_by_test_id("confirm-ok").click()
    until(page, "() => document.querySelector(\"td[data-testid='box-free-yams'].is-filled\")")
    assert seen(page, "[data-testid=die-0]")
    expect(my_turn(page)).to_be_visible(timeout=15_000)
    assert seen(page, "[data-testid=roll]")
    assert seen(page, "[data-testid=die-4]")


def test_phones_show_players_moves_and_chat_on_tabs_with_unread_messages(
        new_page: NewPage) -> None:
    ada = new_page(viewport=PHONE, name="Ada")
    code = create_room(ada, name="Ada", ruleset="yatzy", seats=2)
    bea = new_page(name="Bea")
    join_room(bea, code, name="Bea")

    tabs = ada.get_by_test_id("room-tabs")
    expect(tabs).to_be_visible()
    expect(bea.get_by_test_id("room-tabs")).to_be_hidden()  # a wide screen shows it all
    expect(ada.get_by_test_id("tab-table")).to_have_attribute("aria-pressed", "true")
    # No game yet: the lobby lists the seats, so there is no players tab.
    expect(ada.get_by_test_id("tab-players")).to_be_hidden()
    expect(ada.get_by_test_id("chat-list")).to_be_hidden()
    unread = ada.get_by_test_id("chat-unread")
    expect(unread).to_be_hidden()

    for text in ("hi Ada", "ready?"):
        bea.get_by_test_id("chat-input").fill(text)
        bea.get_by_test_id("chat-send").click()
    expect(unread).to_have_text("2")
    expect(ada.get_by_test_id("tab-chat")).to_have_attribute("aria-label", "Chat, 2 unread")

    ada.get_by_test_id("tab-chat").click()
    expect(ada.get_by_test_id("chat-list")).to_contain_text("ready?")
    expect(ada.get_by_test_id("lobby")).to_be_hidden()
    expect(unread).to_be_hidden()
    # Her own messages are not news to her.
    ada.get_by_test_id("chat-input").fill("yes!")
    ada.get_by_test_id("chat-send").click()
    ada.get_by_test_id("tab-log").click()
    expect(ada.get_by_test_id("log-list")).to_be_visible()
    bea.get_by_test_id("chat-input").fill("go")
    bea.get_by_test_id("chat-send").click()
    expect(unread).to_have_text("1")

    # In a game the players tab appears, and the table tab says when it is your turn.
    ada.get_by_test_id("tab-table").click()
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    # Bea sits in the second seat, yet her column comes first on her screen.
    first = bea.locator("[data-testid=scorecards] tr[data-box=ones] td").first
    expect(first).to_have_attribute("data-cell", "1-main-ones")
    ada.get_by_test_id("tab-players").click()
    expect(ada.get_by_test_id("player-1")).to_contain_text("Bea")
    expect(ada.get_by_test_id("board")).to_be_hidden()
    expect(ada.get_by_test_id("tab-table")).to_have_attribute("aria-label", "Table, your turn")
    ada.get_by_test_id("tab-table").click()
    expect(ada.get_by_test_id("board")).to_be_visible()
    expect(ada.get_by_test_id("tab-table")).to_have_attribute("aria-label", "Table")
