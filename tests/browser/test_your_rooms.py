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
    play_turn,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def listed(page: Page) -> list[tuple[str, str]]:
    page.goto("/")
    links = page.get_by_test_id("your-room")
    return [
        (link.get_attribute("data-code") or "", link.get_attribute("data-state") or "")
        for link in links.all()
    ]


def test_your_rooms_put_the_table_waiting_for_you_first_with_its_deadline_in_your_time(
    new_page: NewPage,
) -> None:
    """The home page and the page of your games list this browser's rooms, and a click
    opens one, seat and all (a first visit lists none: tests/browser/test_accounts.py;
    which rooms, their states and order: tests/games/test_your_rooms.py)."""
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

    assert listed(bob) == [(daily, "your_turn"), (lobby, "lobby")]
    card = bob.locator(f"[data-testid=your-room][data-code='{daily}']")
    expect(card).to_contain_text("Your turn")
    expect(card).to_contain_text("With Ada")
    card = bob.locator(f"[data-testid=your-room][data-code='{lobby}']")
    expect(card).to_contain_text("Yam's")
    expect(card).to_contain_text("In the lobby")
    bob.get_by_test_id("your-games-link").click()
    expect(
        bob.get_by_test_id("group-your_turn").locator("+ ul [data-testid=your-room]")
    ).to_have_attribute("data-code", daily)
    expect(
        bob.get_by_test_id("group-lobby").locator("+ ul [data-testid=your-room]")
    ).to_have_attribute("data-code", lobby)
    deadline = bob.get_by_test_id("your-room-deadline")
    expect(deadline).to_contain_text("Until")
    written = deadline.locator("time")
    expect(written).not_to_contain_text("UTC")  # rewritten in the device's own time zone
    local = bob.evaluate(
        """el => new Intl.DateTimeFormat('en', {timeZone: 'America/Los_Angeles',
        hour: '2-digit', minute: '2-digit'}).format(new Date(el.dateTime))""",
        written.element_handle(),
    )
    expect(written).to_contain_text(local)

    ada.goto("/games/")
    waiting = ada.get_by_test_id("group-playing").locator("+ ul [data-testid=your-room]")
    expect(waiting).to_contain_text("waiting for Bob")  # everyone at once: Ada has played
    expect(waiting).to_contain_text("by the day")
    assert_accessible_everywhere(ada, "your games", on=LIGHT_DESKTOP_DARK_PHONE)

    # One click opens the table, seat and all (a stranger gets the join form, no socket).
    bob.locator(f"[data-testid=your-room][data-code='{lobby}']").click()
    bob.wait_for_url(ROOM_URL)
    connected(bob)
    expect(bob.get_by_test_id("seat-0")).to_contain_text("Bob")
