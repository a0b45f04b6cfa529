"""The room page in another language: what its scripts write follows the page's language
(Django's JavaScript catalog), here Swedish, and the page stays accessible in it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.accessibility import assert_accessible_everywhere
from tests.browser.tables import create_room, roll, wait_my_turn

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def test_a_swedish_player_plays_against_a_bot_in_swedish(new_page: NewPage) -> None:
    page = new_page(name="sv")
    page.context.set_extra_http_headers({"Accept-Language": "sv"})
    create_room(page, name="Ada", ruleset="yatzy", seats=2)
    expect(page.locator("html")).to_have_attribute("lang", "sv")

    # The lobby: the seats, the status and the host's buttons.
    expect(page.get_by_test_id("seat-1")).to_contain_text("Ledig plats")
    expect(page.get_by_test_id("lobby-status")).to_contain_text("1 av 2 platser tagna.")
    expect(page.get_by_test_id("add-bot")).to_have_text("+ Lägg till en bot")
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-1")).to_contain_text("Bot")
    expect(page.get_by_test_id("start")).to_have_text("Starta partiet")
    page.get_by_test_id("start").click()

    # The table: whose turn, the roll button and the rolls left.
    wait_my_turn(page)
    expect(page.get_by_test_id("turn-status")).to_contain_text("Din tur")
    expect(page.get_by_test_id("roll")).to_have_text("Slå tärningarna")
    expect(page.get_by_test_id("rolls-left")).to_have_text("3 slag kvar")
    roll(page)
    expect(page.get_by_test_id("rolls-left")).to_have_text("2 slag kvar")
    expect(page.get_by_test_id("roll")).to_have_text("Slå alla fem")
    expect(page.get_by_test_id("players")).to_contain_text("Värd")

    # A dialog the script fills: leaving, cancelled.
    page.get_by_test_id("leave").click()
    expect(page.get_by_test_id("confirm-dialog")).to_contain_text("Lämna det här rummet?")
    expect(page.get_by_test_id("confirm-cancel")).to_have_text("Avbryt")
    page.get_by_test_id("confirm-cancel").click()
    expect(page.get_by_test_id("confirm-dialog")).to_be_hidden()

    assert_accessible_everywhere(page, "a room in Swedish")
