"""The bell, live: two people in a room by the day; one writes in the chat while the other
is on another page (their games list), whose bell counts it at once; they open the
panel (on a phone, by keyboard too: Escape closes it and gives the focus back), follow
the item to the room, and on their second device (turned sideways, in French) the item
shows read."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.accessibility import assert_accessible_everywhere
from tests.browser.tables import PHONE, connected, create_room, horizontal_overflow, join_room

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
SIDEWAYS = {"width": 740, "height": 360}


def test_chat_by_the_day_rings_the_bell_live_on_every_device(new_page: NewPage) -> None:
    ada = new_page(name="ada")
    bob = new_page(viewport=PHONE, mobile=True, name="bob")
    code = create_room(ada, name="Ada", pace="day")
    join_room(bob, code, name="Bob")
    bob.goto("/games/")
    button = bob.get_by_test_id("bell-button")
    expect(button).to_have_attribute("aria-expanded", "false")  # the script made it a button
    expect(bob.get_by_test_id("bell-count")).to_be_hidden()

    ada.get_by_test_id("chat-input").fill("Your move, Bob")
    ada.get_by_test_id("chat-input").press("Enter")
    expect(bob.get_by_test_id("bell-count")).to_have_text("1")  # live, no reload
    expect(button).to_have_attribute("aria-label", "Notices, 1 unread")

    # By keyboard: the panel opens on its title, Escape closes it and the focus is back.
    button.focus()
    bob.keyboard.press("Enter")
    panel = bob.get_by_test_id("bell-panel")
    expect(panel).to_be_visible()
    expect(bob.locator("#bell-title")).to_be_focused()
    bob.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(button).to_be_focused()
    button.click()
    item = panel.get_by_test_id("bell-item")
    expect(item).to_have_attribute("data-read", "false")
    expect(item).to_contain_text(f"1 new message in room {code}")
    expect(item).to_contain_text("Ada: Your move, Bob")
    assert horizontal_overflow(bob) <= PHONE["width"]
    assert_accessible_everywhere(bob, "the bell's open panel")

    # The same person on a second device, sideways and in French, sees it unread ...
    laptop = new_page(viewport=SIDEWAYS, locale="fr-FR", storage_state=bob.context.storage_state())
    laptop.goto("/games/")
    expect(laptop.get_by_test_id("bell-count")).to_have_text("1")
    # ... until the phone follows the item to the room: then it is read there too.
    item.get_by_role("link").click()
    bob.wait_for_url(re.compile(f"/r/{code}/$"))
    connected(bob)
    expect(laptop.get_by_test_id("bell-count")).to_be_hidden()
    laptop.get_by_test_id("bell-button").click()
    laptop_item = laptop.get_by_test_id("bell-panel").get_by_test_id("bell-item")
    expect(laptop_item).to_have_attribute("data-read", "true")
    expect(laptop_item).to_contain_text(f"1 nouveau message dans le salon {code}")
    assert horizontal_overflow(laptop) <= SIDEWAYS["width"]
