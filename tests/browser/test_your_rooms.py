"""A player who lost the link finds their rooms on the home page."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import ROOM_URL, connected, create_room, join_room, my_turn

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def listed(page: Page) -> list[tuple[str, str]]:
    page.goto("/")
    links = page.get_by_test_id("your-room")
    return [(link.get_attribute("data-code") or "", link.get_attribute("data-state") or "")
            for link in links.all()]


def test_the_home_page_lists_this_browsers_rooms_and_opens_each(new_page: NewPage) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    ada.goto("/")
    expect(ada.get_by_test_id("your-rooms")).to_have_count(0)  # a first visit: none

    lobby = create_room(ada, name="Ada", ruleset="yatzy", seats=2)
    solo = create_room(ada, name="Ada", ruleset="yahtzee", seats=1)
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()

    assert listed(ada) == [(solo, "your_turn"), (lobby, "lobby")]  # the latest first
    card = ada.locator(f"[data-testid=your-room][data-code='{solo}']")
    expect(card).to_contain_text("Yahtzee")
    expect(card).to_contain_text("Your turn")
    expect(ada.locator(f"[data-testid=your-room][data-code='{lobby}']")).to_contain_text(
        "In the lobby")

    join_room(bob, lobby, name="Bob")
    assert listed(bob) == [(lobby, "lobby")]
    expect(bob.get_by_test_id("your-room")).to_contain_text("With Ada")

    # One click opens the table, seat and all.
    ada.locator(f"[data-testid=your-room][data-code='{lobby}']").click()
    ada.wait_for_url(ROOM_URL)
    connected(ada)
    expect(ada.get_by_test_id("seat-1")).to_contain_text("Bob")
