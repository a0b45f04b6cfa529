"""A player reports a chat line from the room page; a moderator settles it from the admin,
and the line leaves the reporter's room."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.accessibility import LIGHT_DESKTOP_DARK_PHONE, assert_accessible_everywhere
from tests.browser.staff import sign_in_as_moderator
from tests.browser.tables import create_room, join_room

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
RUDE = "you all play like potatoes"


def open_reports(database: Path) -> int:
    """How many reports in the live server's database wait for a moderator."""
    with sqlite3.connect(database, timeout=20) as db:
        count: int = db.execute(
            "SELECT count(*) FROM games_report WHERE status = 'open'"
        ).fetchone()[0]
        return count


def assert_whole_table_in_view(page: Page) -> None:
    """Every column of the admin's list, its last included, is on screen: the table is
    not wider than its box, and no heading ends past the window's right edge."""
    widths = page.locator("#changelist-form .results").evaluate(
        "box => [box.scrollWidth, box.clientWidth]"
    )
    assert widths[0] <= widths[1], f"the table is {widths[0]} px wide in a {widths[1]} px box"
    right = page.evaluate("document.documentElement.clientWidth")
    for heading in page.locator("#result_list thead th").all():
        box = heading.bounding_box()
        assert box is not None and box["x"] + box["width"] <= right + 1, heading.inner_text()


def test_a_reported_line_is_removed_by_a_moderator(new_page: NewPage, live_database: Path) -> None:
    ada, bob = new_page(name="Ada"), new_page(name="Bob")
    code = create_room(ada, name="Ada")
    join_room(bob, code, name="Bob")
    bob.get_by_test_id("chat-input").fill(RUDE)
    bob.get_by_test_id("chat-input").press("Enter")
    chat = ada.get_by_test_id("chat-list")
    expect(chat).to_contain_text(RUDE)
    expect(bob.get_by_test_id("chat-list").locator("[data-testid^=report-chat-]")).to_have_count(0)

    # Ada reports Bob's line: "Something else" needs words, then the receipt is read out.
    ada.get_by_role("button", name="Report Bob's message").click()
    dialog = ada.get_by_test_id("report-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(f"Bob wrote: “{RUDE}”")
    assert_accessible_everywhere(ada, "the report dialog", on=LIGHT_DESKTOP_DARK_PHONE)
    ada.get_by_test_id("report-reason-other").check()
    ada.get_by_test_id("report-send").click()
    expect(ada.get_by_test_id("report-error")).to_be_visible()
    ada.get_by_test_id("report-text").fill("insults everyone")
    ada.get_by_test_id("report-send").click()
    expect(dialog).to_be_hidden()
    receipt = ada.get_by_test_id("toasts").get_by_role("status")
    expect(receipt).to_contain_text("Report received")
    ada.get_by_role("button", name="Report Bob's message").click()
    ada.get_by_test_id("report-send").click()
    expect(receipt.last).to_contain_text("You already reported this")

    # A moderator finds it in the queue, with the line among the room's chat, and removes it.
    # On a laptop's 1366x768 screen, beside the admin's menu and filters.
    mod = new_page(name="Moderator", viewport={"width": 1366, "height": 768})
    username = sign_in_as_moderator(mod, live_database, "/admin/moderation/report/")
    waiting = open_reports(live_database)
    expect(mod.get_by_test_id("open-reports")).to_have_text(
        f"{waiting} open report{'s' if waiting != 1 else ''}"
    )
    expect(mod.locator("#content h1")).to_have_text(f"Reports: {waiting} open")
    rows = mod.locator("#result_list tbody tr")
    ours = rows.filter(has_text=code)
    expect(ours).to_have_count(1)
    expect(ours).to_contain_text("open")
    assert_whole_table_in_view(mod)
    ours.locator("th a").click()
    expect(mod.locator("mark").first).to_have_text(RUDE)
    expect(mod.locator(".report-chat")).to_contain_text(f"Bob: {RUDE}")
    expect(mod.locator(".field-text")).to_contain_text("insults everyone")
    mod.locator("#id_reason").fill("insulting the table")
    mod.get_by_role("button", name="Remove this message").click()
    expect(mod.locator(".messagelist")).to_contain_text("The report is marked handled")
    expect(mod.locator(".field-handled")).to_contain_text(f"remove_chat by {username}")
    expect(mod.locator(".field-status")).to_contain_text("handled")
    expect(mod.get_by_test_id("open-reports")).to_contain_text(f"{waiting - 1} open report")
    mod.goto("/admin/moderation/moderationaction/")
    expect(mod.locator("#result_list")).to_contain_text("insulting the table")

    # The line is gone from both players' rooms.
    expect(chat).not_to_contain_text(RUDE)
    expect(bob.get_by_test_id("chat-list")).not_to_contain_text(RUDE)
