"""A player who lost the link finds their rooms on the home page, and every game on the
page of their games, those waiting for them first, each deadline in their own time."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.accessibility import LIGHT_DESKTOP_DARK_PHONE, assert_accessible_everywhere
from tests.browser.tables import (
    PHONE,
    ROOM_URL,
    connected,
    create_room,
    join_room,
    my_turn,
    play_turn,
)

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


def test_your_games_puts_the_table_waiting_for_you_first_with_its_deadline_in_your_time(
        new_page: NewPage) -> None:
    ada = new_page(name="ada", timezone="Asia/Tokyo")
    bob = new_page(name="bob", timezone="America/Los_Angeles", viewport=PHONE, mobile=True)
    lobby = create_room(bob, name="Bob", ruleset="yams", seats=3)
    ada.goto("/")
    ada.get_by_test_id("create-name").fill("Ada")
    ada.get_by_test_id("create-pace-day").check()
    ada.get_by_test_id("create-submit").click()
    ada.wait_for_url(ROOM_URL)
    daily = ROOM_URL.search(ada.url).group(1)  # type: ignore[union-attr]
    join_room(bob, daily, name="Bob")
    ada.get_by_test_id("start").click()
    play_turn(ada)

    bob.goto("/")
    bob.get_by_test_id("your-games-link").click()
    expect(bob.get_by_test_id("group-your_turn").locator("+ ul [data-testid=your-room]")
           ).to_have_attribute("data-code", daily)
    expect(bob.get_by_test_id("group-lobby").locator("+ ul [data-testid=your-room]")
           ).to_have_attribute("data-code", lobby)
    deadline = bob.get_by_test_id("your-room-deadline")
    expect(deadline).to_contain_text("Until")
    written = deadline.locator("time")
    expect(written).not_to_contain_text("UTC")  # rewritten in the device's own time zone
    local = bob.evaluate("""el => new Intl.DateTimeFormat('en', {timeZone: 'America/Los_Angeles',
        hour: '2-digit', minute: '2-digit'}).format(new Date(el.dateTime))""",
                         written.element_handle())
    expect(written).to_contain_text(local)

    ada.goto("/games/")
    waiting = ada.get_by_test_id("group-playing").locator("+ ul [data-testid=your-room]")
    expect(waiting).to_contain_text("waiting for Bob")  # everyone at once: Ada has played
    expect(waiting).to_contain_text("by the day")
    assert_accessible_everywhere(ada, "your games", on=LIGHT_DESKTOP_DARK_PHONE)
