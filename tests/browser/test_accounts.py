"""A guest signs up mid-game and stays seated; a guesser is locked out; another device
signs in and plays the seat."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.accessibility import (
    DARK_DESKTOP_LIGHT_PHONE,
    LIGHT_DESKTOP_DARK_PHONE,
    assert_accessible_everywhere,
)
from tests.browser.tables import (
    ROOM_URL,
    connected,
    create_room,
    horizontal_overflow,
    my_turn,
    roll,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
PHONE: ViewportSize = {"width": 360, "height": 740}
PASSWORD = "dice-and-tea-42"


def test_sign_up_mid_game_then_play_the_seat_from_another_device(new_page: NewPage) -> None:
    username = f"ada-{uuid.uuid4().hex[:6]}"  # the live server outlives the test
    phone = new_page(viewport=PHONE, name="phone")
    code = create_room(phone, name="Ada", ruleset="yatzy", seats=2)
    phone.get_by_test_id("add-bot").click()
    expect(phone.get_by_test_id("remove-bot-1")).to_be_visible()
    phone.get_by_test_id("start").click()
    expect(my_turn(phone)).to_be_visible()
    sign_up_from_the_room(phone, code, username)
    # Someone guessing Ada's password is stopped ...
    a_guesser_is_locked_out(
        new_page(name="guesser", forwarded_for="203.0.113.61", error_pages=True), username
    )
    # ... while Ada's second device, elsewhere, signs in and plays her seat.
    laptop = new_page(name="laptop", forwarded_for="203.0.113.62")
    sign_in_and_find_the_game(laptop, code, username)
    roll(laptop)
    expect(phone.get_by_test_id("rolls-left")).to_have_attribute("data-count", "2")

    laptop.get_by_test_id("account-link").click()
    expect(laptop.get_by_test_id("account-page")).to_be_visible()
    assert_accessible_everywhere(laptop, "account page", on=LIGHT_DESKTOP_DARK_PHONE)
    expect(laptop.get_by_test_id("account-player")).to_have_text("Ada")


def sign_up_from_the_room(phone: Page, code: str, username: str) -> None:
    """The header's link, on the room page of a 360 px phone, leads to the sign-up form
    and back to the room: still seated, still Ada's turn."""
    expect(phone.get_by_test_id("sign-up-link")).to_be_visible()
    assert horizontal_overflow(phone) <= PHONE["width"]
    phone.get_by_test_id("sign-up-link").click()
    phone.wait_for_url("**/account/sign-up/**")
    assert_accessible_everywhere(phone, "sign-up page", on=LIGHT_DESKTOP_DARK_PHONE)
    phone.get_by_label("Username").fill(username)
    phone.get_by_label("Password", exact=True).fill(PASSWORD)
    phone.get_by_label("Password confirmation").fill(PASSWORD)
    phone.get_by_test_id("sign-up-submit").click()
    phone.wait_for_url(ROOM_URL)
    assert phone.url.endswith(f"/r/{code}/")
    connected(phone)
    expect(phone.get_by_test_id("account-link")).to_have_text(username)
    expect(my_turn(phone)).to_be_visible()
    assert horizontal_overflow(phone) <= PHONE["width"]


def a_guesser_is_locked_out(guesser: Page, username: str) -> None:
    """Five wrong passwords lead to the site's 429 page (behind a proxy, the address is
    X-Forwarded-For's, as Daphne sets it)."""
    guesser.goto("/account/sign-in/")
    guesser.get_by_label("Username").fill(username)
    for attempt in range(5):  # a refused form comes back with the name kept
        guesser.get_by_label("Password").fill(f"guess {attempt}")
        with guesser.expect_navigation():
            guesser.get_by_test_id("sign-in-submit").click()
    expect(guesser.get_by_test_id("error-page")).to_have_attribute("data-status", "429")
    expect(guesser.get_by_test_id("error-message")).to_contain_text("try again in 15 minutes")


def sign_in_and_find_the_game(laptop: Page, code: str, username: str) -> None:
    """Signing in from the home page, the game of room ``code`` shows in "your rooms",
    waiting for its player, and opens on their turn."""
    laptop.goto("/")
    expect(laptop.get_by_test_id("your-rooms")).to_have_count(0)
    laptop.get_by_test_id("sign-in-link").click()
    laptop.wait_for_url("**/account/sign-in/**")
    assert_accessible_everywhere(laptop, "sign-in page", on=DARK_DESKTOP_LIGHT_PHONE)
    laptop.get_by_label("Username").fill(username)
    laptop.get_by_label("Password").fill(PASSWORD)
    laptop.get_by_test_id("sign-in-submit").click()
    room = laptop.locator(f"[data-testid=your-room][data-code='{code}']")
    expect(room).to_have_attribute("data-state", "your_turn")
    room.click()
    laptop.wait_for_url(ROOM_URL)
    connected(laptop)
    expect(my_turn(laptop)).to_be_visible()
