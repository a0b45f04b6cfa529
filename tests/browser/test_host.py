"""The host runs the room in a real Chromium against a live Daphne: seats and removes
bots, kicks a person, leaves, and changes the room's settings before the first game."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import (
    create_room,
    join_room,
    my_turn,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def test_host_seats_and_removes_bots_kicks_a_person_and_leaves(new_page: NewPage) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    code = create_room(ada, name="Ada", ruleset="yahtzee", seats=3)
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("copy-invite").click()
    expect(ada.get_by_test_id("toast").last).to_contain_text("link")
    ada.get_by_test_id("add-bot").click()
    expect(bob.get_by_test_id("seat-2")).to_contain_text("Bot")
    ada.get_by_test_id("remove-bot-2").click()
    expect(bob.get_by_test_id("seat-2")).to_contain_text("Empty seat")

    kick = ada.get_by_test_id(f"kick-{bob.get_by_test_id('seat-1').get_attribute('data-player')}")
    kick.click()
    expect(ada.get_by_test_id("confirm-dialog")).to_contain_text("Remove Bob?")
    ada.get_by_test_id("confirm-ok").click()
    expect(ada.get_by_test_id("seat-1")).to_contain_text("Empty seat")
    # Bob's socket is closed for good; the page says so instead of reconnecting.
    expect(bob.get_by_test_id("fatal")).to_contain_text("not at this table")
    expect(bob.get_by_test_id("connection")).to_have_attribute("data-state", "closed")

    ada.get_by_test_id("leave").click()
    ada.get_by_test_id("confirm-ok").click()
    ada.wait_for_url(re.compile(r"/$"))
    expect(ada.get_by_test_id("create-form")).to_be_visible()


def test_the_host_changes_the_room_settings_before_the_first_game(new_page: NewPage) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    code = create_room(ada, name="Ada", ruleset="yatzy", seats=2)
    join_room(bob, code, name="Bob")
    rules_title = bob.locator("#rules-title")
    expect(rules_title).to_have_text("How Yatzy scores")
    expect(bob.get_by_test_id("settings-summary")).to_contain_text("Yatzy")
    expect(bob.get_by_test_id("settings-open")).to_have_count(0)  # only the host changes them
    open_and_close_the_settings_with_keys(ada)
    change_to_yams_for_three_with_a_timer(ada)
    # Everyone sees the new room: variant, seats, timer.
    expect(rules_title).to_have_text("How Yam's scores")
    summary = bob.get_by_test_id("settings-summary")
    for words in ("Yam's", "3 seats", "60 s per turn"):
        expect(summary).to_contain_text(words)
    expect(bob.locator("[data-testid=seat-list] > li")).to_have_count(3)
    expect(bob.get_by_test_id("seat-2")).to_contain_text("Empty seat")
    expect(bob.get_by_test_id("rules-facts")).to_contain_text("60 s per turn")
    expect(bob.locator(".room-bar__variant")).to_have_text("Yam's")
    expect(bob.get_by_test_id("log-list")).to_contain_text(
        "Ada changed the room: Yam's, 3 seats, 60 s per turn"
    )

    # The game is played with them: Yam's four columns and a 60 s turn timer.
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    for page in (ada, bob):
        head = page.locator("[data-testid=scorecards] thead")
        for column in ("Free", "Down", "Up", "Announced"):
            expect(head).to_contain_text(column)
    expect(ada.get_by_test_id("timer")).to_have_text(re.compile(r"1:00|0:5\d"))
    expect(ada.get_by_test_id("settings-open")).to_be_hidden()  # not during a game


def open_and_close_the_settings_with_keys(ada: Page) -> None:
    """Keyboard: the button opens the form on the variant (its focus visible), prefilled
    from the room with only the chosen variant's options; Escape closes it back onto it."""
    toggle = ada.get_by_test_id("settings-open")
    toggle.focus()
    ada.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    ruleset = ada.get_by_test_id("settings-ruleset")
    expect(ruleset).to_be_focused()
    assert ruleset.evaluate("el => getComputedStyle(el).boxShadow") != "none"  # visible focus
    expect(ruleset).to_have_value("yatzy")
    expect(ada.get_by_test_id("settings-seats")).to_have_value("2")
    expect(ada.get_by_test_id("settings-timer")).to_have_value("")
    expect(ada.get_by_test_id("settings-option-exact-counts")).to_be_visible()
    expect(ada.get_by_test_id("settings-option-joker")).to_be_hidden()
    ada.keyboard.press("Escape")
    expect(ada.get_by_test_id("settings-form")).to_be_hidden()
    expect(toggle).to_be_focused()
    expect(toggle).to_have_attribute("aria-expanded", "false")


def change_to_yams_for_three_with_a_timer(ada: Page) -> None:
    """Each variant shows its own options; Yam's for three seats is saved with a 60 s
    timer, once a custom timer out of range is refused on the page, with a toast."""
    ada.get_by_test_id("settings-open").click()
    ruleset = ada.get_by_test_id("settings-ruleset")
    ruleset.select_option("triple_yahtzee")
    expect(ada.get_by_test_id("settings-option-joker")).to_be_visible()
    expect(ada.get_by_test_id("settings-option-exact-counts")).to_be_hidden()
    ruleset.select_option("yams")
    expect(ada.get_by_test_id("settings-option-joker")).to_be_hidden()
    ada.get_by_test_id("settings-seats").select_option("3")
    ada.get_by_test_id("settings-timer").select_option("custom")
    custom = ada.get_by_test_id("settings-timer-custom")
    expect(custom).to_be_focused()
    custom.fill("5")
    ada.get_by_test_id("settings-save").click()
    expect(ada.get_by_test_id("toast").last).to_contain_text("15 to 300 seconds")
    expect(custom).to_have_attribute("aria-invalid", "true")
    ada.get_by_test_id("settings-timer").select_option("60")
    expect(custom).to_be_hidden()
    ada.get_by_test_id("settings-save").click()
    expect(ada.get_by_test_id("settings-form")).to_be_hidden()
