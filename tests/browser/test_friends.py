"""Friends in the browser: a request by name accepted from the other's page, with the
friend shown at a table; a block that bites (refused at the door, chat hidden, profile
gone)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.accessibility import LIGHT_DESKTOP_DARK_PHONE, assert_accessible_everywhere
from tests.browser.accounts import sign_up
from tests.browser.tables import (
    connected,
    create_room,
    horizontal_overflow,
    join_room,
    my_turn,
    tabs_to,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
SIDEWAYS: ViewportSize = {"width": 740, "height": 360}
PHONE: ViewportSize = {"width": 360, "height": 740}


def test_a_friend_request_and_accept(new_page: NewPage) -> None:
    ada = new_page(name="Ada")
    code = create_room(ada, name="Ada", seats=2)
    ada_name = sign_up(ada, "ada")
    bob = new_page(name="Bob", viewport=PHONE)
    bob_name = sign_up(bob, "bob")
    # Bob adds Ada by her account's name, from a phone.
    bob.goto("/friends/")
    bob.get_by_test_id("add-name").fill(ada_name)
    bob.get_by_test_id("add-submit").click()
    expect(bob.get_by_test_id("flash")).to_contain_text("Friend request sent to Ada.")
    expect(bob.get_by_test_id("sent")).to_be_visible()
    assert horizontal_overflow(bob) <= PHONE["width"]
    # Ada, at 200 % zoom and by keyboard only, accepts from her page.
    ada_friends = new_page(name="Ada's friends", storage_state=ada.context.storage_state(), scale=2)
    ada_friends.goto("/friends/")
    expect(ada_friends.get_by_test_id("received")).to_contain_text(bob_name)
    tabs_to(ada_friends, "accept", most=60)
    ada_friends.keyboard.press("Enter")
    expect(ada_friends.get_by_test_id("friend")).to_contain_text(bob_name)
    assert_accessible_everywhere(ada_friends, "friends page", on=LIGHT_DESKTOP_DARK_PHONE)
    # Ada starts a game with a bot in her room: Bob sees her at a table.
    ada.reload()
    connected(ada)
    ada.get_by_test_id("add-bot").click()
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    bob.set_viewport_size(SIDEWAYS)
    bob.reload()
    friend = bob.get_by_test_id("friend")
    expect(friend).to_contain_text("Ada")
    expect(friend.get_by_test_id("friend-whereabouts")).to_have_attribute(
        "data-whereabouts", "at_table"
    )
    assert horizontal_overflow(bob) <= SIDEWAYS["width"]
    assert code


def test_a_block_that_bites(new_page: NewPage) -> None:
    ada = new_page(name="Ada")
    code = create_room(ada, name="Ada", seats=3)
    sign_up(ada, "ada")
    ada.reload()
    connected(ada)
    ada_id = ada.locator("[data-ws-path]").get_attribute("data-player")
    bob = new_page(name="Bob", error_pages=True)
    join_room(bob, code, name="Bob")
    bob_id = bob.locator("[data-ws-path]").get_attribute("data-player")
    # Ada blocks Bob from the room's list of players; his chat no longer reaches her.
    ada.get_by_test_id(f"block-{bob_id}").click()
    expect(ada.get_by_test_id(f"block-{bob_id}")).to_have_attribute("data-blocked", "true")
    bob.get_by_test_id("chat-input").fill("can you read this")
    bob.get_by_test_id("chat-input").press("Enter")
    expect(bob.get_by_test_id("chat-list")).to_contain_text("can you read this")
    ada.get_by_test_id("chat-input").fill("anyone here")
    ada.get_by_test_id("chat-input").press("Enter")
    expect(ada.get_by_test_id("chat-list")).to_contain_text("anyone here")
    expect(ada.get_by_test_id("chat-list")).not_to_contain_text("can you read this")
    # Bob leaves and is refused at the door, in words that do not say why.
    bob.get_by_test_id("leave").click()
    bob.get_by_test_id("confirm-ok").click()
    bob.wait_for_url(re.compile(r"/$"))
    expect(bob.get_by_test_id("create-form")).to_be_visible()
    bob.goto(f"/r/{code}/")
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("join-submit").click()
    expect(bob.get_by_test_id("join-error")).to_have_text("you cannot join this room")
    # Ada's profile is gone for him, as for nobody.
    answer = bob.goto(f"/players/{ada_id}/")
    assert answer is not None and answer.status == 404
