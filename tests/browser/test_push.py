"""Notifications by the day in Chromium: the offer comes after the player's first turn,
never before; a push delivered to the site's service worker (the DevTools protocol's
``ServiceWorker.deliverPushMessage``) shows "your turn" while the player looks at
another page, and its link brings up the room at their turn."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.push_delivery import deliver
from tests.browser.tables import ROOM_URL, connected, join_room, my_turn, play_turn

# Push messages need the whole browser (decision 0076).
pytestmark = [pytest.mark.browser, pytest.mark.full_chromium]

NewPage = Callable[..., Page]


def open_daily(page: Page) -> str:
    page.goto("/")
    page.get_by_test_id("create-name").fill("Ada")
    page.get_by_test_id("create-seats").select_option("2")
    page.get_by_test_id("create-pace-day").check()
    page.get_by_test_id("create-submit").click()
    page.wait_for_url(ROOM_URL)
    connected(page)
    return ROOM_URL.search(page.url).group(1)  # type: ignore[union-attr]


def test_the_offer_comes_after_a_turn_and_a_push_opens_the_room_at_your_turn(
    new_page: NewPage, live_url: str
) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob", service_worker=True)
    bob.context.grant_permissions(["notifications"], origin=live_url)
    code = open_daily(ada)
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    expect(ada.get_by_test_id("push-offer")).to_have_count(0)  # not before a turn played
    play_turn(ada)
    expect(ada.get_by_test_id("push-offer")).to_be_visible()
    expect(bob.get_by_test_id("push-offer")).to_have_count(0)  # Bob has not played yet
    ada.get_by_test_id("push-no").click()
    expect(ada.get_by_test_id("push-offer")).to_have_count(0)
    ada.reload()
    connected(ada)
    expect(ada.get_by_test_id("turn-status")).to_be_visible()
    expect(ada.get_by_test_id("push-offer")).to_have_count(0)  # asked once on this device

    # Bob reads his other games when the push comes.
    bob.goto("/games/")
    bob.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cdp = bob.context.new_cdp_session(bob)
    registrations: list[str] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(r["registrationId"] for r in event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    bob.wait_for_function("() => navigator.serviceWorker.ready")
    # The registrations come as CDP events, which may follow the answer to ``enable``;
    # Playwright hands them over while it waits, so wait (at most 20 s) until one came.
    for _ in range(400):
        if registrations:
            break
        bob.wait_for_timeout(50)
    assert registrations, "the site's service worker is registered"
    payload = {
        "title": "Your turn in Yahtzee",
        "body": "Game 1 with Ada · 24 hours left",
        "url": f"/r/{code}/",
        "tag": f"{code}:1:2",
    }
    deliver(bob, cdp, live_url, registrations[0], payload)
    assert bob.evaluate("window.shown") == [payload]

    # Opening it: the worker opens the notice's link in a window (Chromium lets a worker
    # open one only for a real click on a notice, which no test can make), and that link
    # is the room at Bob's turn.
    worker = bob.context.service_workers[0]
    assert "clients.openWindow(url)" in worker.evaluate("openTurn.toString()")
    bob.goto(payload["url"])
    connected(bob)
    expect(my_turn(bob)).to_be_visible()
