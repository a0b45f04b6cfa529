"""Open tables in the browser (docs/open-tables.md): two strangers press "Play now" for
the same variant and pace and meet at one table; their chat stays off until both turn
it on."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.accessibility import assert_accessible
from tests.browser.tables import connected, horizontal_overflow, tabs_to

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
PASSWORD = "dice-and-tea-42"
PHONE: ViewportSize = {"width": 360, "height": 740}


def _account(page: Page, prefix: str) -> None:
    """An account for the person of ``page``, posted as the sign-up form does."""
    context = page.context
    context.request.get("/account/sign-up/")  # the CSRF cookie
    token = next(c["value"] for c in context.cookies() if c["name"] == "csrftoken")
    answer = context.request.post(
        "/account/sign-up/",
        max_redirects=0,
        form={
            "csrfmiddlewaretoken": token,
            "username": f"{prefix}-{uuid.uuid4().hex[:6]}",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert answer.status == 302, answer.text()[:500]


def _play_now(page: Page, name: str) -> str:
    """Press "Play now" for Triple Yahtzee, live, on the open tables' page; the code of
    the room it leads to."""
    page.goto("/tables/")
    if page.get_by_test_id("play-now-name").count():
        page.get_by_test_id("play-now-name").fill(name)
    page.get_by_test_id("play-now-variant").select_option("triple_yahtzee")
    page.get_by_test_id("play-now-pace").select_option("live")
    page.get_by_test_id("play-now").click()
    page.wait_for_url(re.compile(r"/r/[a-z0-9]+/$"))
    connected(page)
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def test_two_strangers_meet_by_play_now_and_chat_only_when_both_agree(
    new_page: NewPage,
) -> None:
    ada = new_page(name="Ada")
    _account(ada, "ada")
    code = _play_now(ada, "Ada")  # no table waits: one opens, public
    expect(ada.get_by_test_id("publish")).to_have_attribute("aria-pressed", "true")
    # Bob, a stranger on a phone, sees it listed, and by keyboard alone presses Play now.
    bob = new_page(name="Bob", viewport=PHONE)
    _account(bob, "bob")
    bob.goto("/tables/")
    expect(bob.locator(f"[data-testid=open-table][data-code='{code}']")).to_be_visible()
    assert horizontal_overflow(bob) <= PHONE["width"]
    assert_accessible(bob, "open tables")
    bob.get_by_test_id("play-now-name").fill("Bob")
    bob.get_by_test_id("play-now-variant").select_option("triple_yahtzee")
    tabs_to(bob, "play-now", most=20)
    bob.keyboard.press("Enter")
    bob.wait_for_url(re.compile(rf"/r/{code}/$"))
    connected(bob)
    expect(ada.get_by_test_id("seat-1")).to_contain_text("Bob")
    # Chat is off between strangers until both turn it on.
    bob.set_viewport_size({"width": 1280, "height": 900})
    ada.get_by_test_id("chat-input").fill("hello stranger")
    ada.get_by_test_id("chat-input").press("Enter")
    expect(ada.get_by_test_id("chat-list")).to_contain_text("hello stranger")
    ada.get_by_test_id("strangers-chat-box").check()
    # Ada's choice is the server's (the state says so): Bob still does not see her line.
    expect(ada.get_by_test_id("strangers-chat")).to_contain_text("0 other people chat")
    expect(bob.get_by_test_id("chat-list")).not_to_contain_text("hello stranger")
    bob.get_by_test_id("strangers-chat-box").check()
    expect(bob.get_by_test_id("chat-list")).to_contain_text("hello stranger")
    expect(ada.get_by_test_id("strangers-chat")).to_contain_text("1 other person chats")
