"""axe-core finds no serious or critical WCAG 2.1 AA violation on the site's pages, on
desktop and phone, light and dark (tests/browser/accessibility.py).

The results and review pages are scanned where a whole game shows them, in
tests/browser/test_room.py; every scan here reuses a page, only resizing it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.accessibility import (
    DARK_DESKTOP_LIGHT_PHONE,
    LIGHT_DESKTOP_DARK_PHONE,
    assert_accessible_everywhere,
)
from tests.browser.tables import (
    PHONE,
    connected,
    create_room,
    my_turn,
    roll,
    same_newest_event,
    tabs_to,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def test_home_rules_and_error_pages(new_page: NewPage) -> None:
    page = new_page(name="visitor", error_pages=True)
    page.goto("/")
    assert_accessible_everywhere(page, "the home page")
    page.goto("/rules/triple_yahtzee/")  # the most columns, the widest table
    assert_accessible_everywhere(page, "the rules page", on=DARK_DESKTOP_LIGHT_PHONE)
    response = page.goto("/no-such-page/")
    assert response is not None and response.status == 404
    expect(page.get_by_test_id("error-page")).to_be_visible()
    assert_accessible_everywhere(page, "the 404 page", on=LIGHT_DESKTOP_DARK_PHONE)
    page.goto("/offline/")  # what the service worker shows offline
    assert_accessible_everywhere(page, "the offline page", on=DARK_DESKTOP_LIGHT_PHONE)


def test_join_lobby_and_board_on_either_side_of_the_turn(new_page: NewPage) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    # Triple Yahtzee: the widest scorecard, which scrolls sideways on a phone.
    code = create_room(ada, name="Ada", ruleset="triple_yahtzee", seats=2)
    # Keys from the top of the page: "Skip to the table", the first control, leads past
    # the header and the room bar to the lobby's Start and Add a bot.
    assert ada.evaluate("document.activeElement === document.body")
    assert tabs_to(ada, "add-bot") <= 3
    # Quiet text on show for the contrast rule: an empty seat, the log's and the chat's
    # times (axe skips text of one character, such as a box's 0: test_contrast.py).
    ada.get_by_test_id("chat-input").fill("hello")
    ada.get_by_test_id("chat-input").press("Enter")
    expect(ada.locator(".chat__time")).to_be_visible()
    assert_accessible_everywhere(ada, "the lobby")
    bob.goto(f"/r/{code}/")  # not a member yet: the join page
    expect(bob.get_by_test_id("join-room-form")).to_be_visible()
    assert_accessible_everywhere(bob, "the join page", on=DARK_DESKTOP_LIGHT_PHONE)
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("join-submit").click()
    connected(bob)
    expect(ada.get_by_test_id("seat-1")).to_contain_text("Bob")
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    roll(ada)  # dice on the table
    # In a game it leads to the turn banner, then the dice; on a phone showing the chat
    # it brings the table's tab back first.
    ada.set_viewport_size(PHONE)
    ada.get_by_test_id("tab-chat").click()
    ada.get_by_test_id("skip-to-table").focus()
    ada.keyboard.press("Enter")
    expect(ada.get_by_test_id("tab-table")).to_have_attribute("aria-pressed", "true")
    expect(ada.locator(".board__status")).to_be_focused()
    assert tabs_to(ada, "die-0") <= 3
    ada.set_viewport_size({"width": 1280, "height": 900})
    # My turn and another's share the four pairs of size and scheme between them; the
    # controls of a turn (Roll, the dice to hold, the boxes to score) show in both schemes.
    assert_accessible_everywhere(ada, "the board on my turn", on=DARK_DESKTOP_LIGHT_PHONE)
    same_newest_event(bob, ada)
    assert_accessible_everywhere(bob, "the board on another's turn", on=LIGHT_DESKTOP_DARK_PHONE)
