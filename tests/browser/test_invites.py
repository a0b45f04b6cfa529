"""An invite that reaches its person: Ada (an account with a push subscription and emails
on) and Bo are friends; Bo opens a room and invites Ada from its "Invite friends" page;
Ada's bell counts it at once, the live server's notifier pushes it through a push service
on loopback (delivered on to Ada's service worker over DevTools, as test_push.py does)
and emails it (the live server's console is its outbox); Ada taps it and sits down."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.accessibility import assert_accessible
from tests.browser.accounts import emailed_link, sign_up
from tests.browser.push_delivery import deliver, worker_registration
from tests.browser.tables import PHONE, ROOM_URL, connected, create_room, horizontal_overflow
from tests.support.push_service import PushService, push_service

# The invite's push message needs the whole browser (decision 0076).
pytestmark = [pytest.mark.browser, pytest.mark.full_chromium]

NewPage = Callable[..., Page]
ADDRESS = "ada-invites@example.org"
SIDEWAYS: ViewportSize = {"width": 740, "height": 360}


@pytest.fixture
def service() -> Iterator[PushService]:
    with push_service() as running:
        yield running


def player_of(database: Path, username: str) -> int:
    with sqlite3.connect(database, timeout=20) as db:
        row = db.execute(
            "SELECT p.id FROM games_player p JOIN auth_user u ON p.user_id = u.id"
            " WHERE u.username = ?",
            (username,),
        ).fetchone()
    assert row is not None, f"{username} has no player"
    return int(row[0])


def reachable(database: Path, ada: int, bo: int, service: PushService) -> None:
    """Ada and Bo friends; Ada's address, emails on, and a device on ``service``
    (what her pages would have set: tests/browser/test_friends.py and test_notices.py
    go through those pages)."""
    keys = service.device().subscription()
    low, high = sorted((ada, bo))
    with sqlite3.connect(database, timeout=20) as db:
        db.execute(
            "INSERT INTO friends_friendship (low_id, high_id, created_at)"
            " VALUES (?, ?, datetime('now'))",
            (low, high),
        )
        db.execute(
            "UPDATE auth_user SET email = ? WHERE id = (SELECT user_id FROM games_player"
            " WHERE id = ?)",
            (ADDRESS, ada),
        )
        db.execute(
            "INSERT INTO games_preferences (player_id, push, email, reminder_hours,"
            " time_zone, bell_off) VALUES (?, 1, 1, 0, '', '[]')",
            (ada,),
        )
        db.execute(
            "INSERT INTO games_pushsubscription (player_id, endpoint, p256dh, auth, language,"
            " created_at) VALUES (?, ?, ?, ?, '', datetime('now'))",
            (ada, keys["endpoint"], keys["keys"]["p256dh"], keys["keys"]["auth"]),
        )


def pushed(service: PushService) -> dict[str, str]:
    """The first payload the push service received (waits up to 20 s: the live server's
    notifier looks at its outbox every second)."""
    deadline = time.monotonic() + 20
    while not service.received:
        assert time.monotonic() < deadline, f"no push arrived (refused: {service.refused})"
        time.sleep(0.05)
    return service.received[0].payload


def test_an_invite_rings_pushes_emails_and_one_tap_seats(
    new_page: NewPage,
    live_url: str,
    live_database: Path,
    live_workdir: Path,
    service: PushService,
) -> None:
    ada = new_page(name="ada", service_worker=True, scale=2)  # as if zoomed to 200 %
    ada.context.grant_permissions(["notifications"], origin=live_url)
    ada_name = sign_up(ada, "ada")
    ada.goto("/friends/")  # her account's player is made
    bo = new_page(name="bo", viewport=PHONE, mobile=True)
    code = create_room(bo, name="Bo", seats=2, pace="day")
    sign_up(bo, "bo")
    ada_id = player_of(live_database, ada_name)
    bo_id = int(bo.locator("#room-app").get_attribute("data-player") or 0)
    reachable(live_database, ada_id, bo_id, service)

    ada.goto("/games/")
    expect(ada.get_by_test_id("bell-count")).to_be_hidden()
    cdp, registration = worker_registration(ada)

    # Bo invites Ada from the room's lobby, on a plain page.
    bo.goto(f"/r/{code}/")
    connected(bo)
    bo.get_by_test_id("invite-friends").click()
    friend = bo.get_by_test_id("invite-friend").filter(has_text=ada_name)
    expect(friend.get_by_test_id("invite-where")).to_have_text("offline")  # on no table
    assert_accessible(bo, "invite friends, on a phone")
    bo.set_viewport_size(SIDEWAYS)
    assert horizontal_overflow(bo) <= SIDEWAYS["width"]
    # By keyboard: tick Ada, send.
    friend.get_by_role("checkbox").focus()
    bo.keyboard.press("Space")
    bo.get_by_test_id("invite-send").focus()
    bo.keyboard.press("Enter")
    expect(bo.get_by_test_id("flash")).to_have_text(f"Invited {ada_name}")
    expect(friend.get_by_test_id("invite-invited")).to_be_visible()
    bo.get_by_test_id("invite-back").click()
    connected(bo)

    # It reaches Ada: the bell, live; the push; the email.
    expect(ada.get_by_test_id("bell-count")).to_have_text("1")
    payload = pushed(service)
    assert payload["title"] == "Bo invites you to play Yatzy"
    invite_path = payload["url"]
    assert re.fullmatch(r"/invites/\d+/", invite_path)
    deliver(ada, cdp, live_url, registration, payload)
    assert ada.evaluate("window.shown")[0]["url"] == invite_path
    assert emailed_link(live_workdir / "daphne.log", ADDRESS, "/invites/") == invite_path

    # One tap (the notice's link) takes the seat.
    ada.goto(invite_path)
    expect(ada.get_by_test_id("invite-page")).to_contain_text("Bo invites you to a table")
    assert_accessible(ada, "an invite's page")
    ada.get_by_test_id("invite-take").click()
    ada.wait_for_url(ROOM_URL)
    connected(ada)
    expect(bo.get_by_test_id("seat-list")).to_contain_text(ada_name)
