"""The notifications page in Chromium: this device's notifications turned on and off
(the browser's push subscription is stood in for: a headless browser with no network
reaches no push service), and the time zone taken from the device."""

from __future__ import annotations

import base64
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from playwright.sync_api import Page, expect

from tests.browser.accessibility import LIGHT_DESKTOP_DARK_PHONE, assert_accessible_everywhere
from tests.browser.tables import create_room

# Notifications and push messages need the whole browser (decision 0076).
pytestmark = [pytest.mark.browser, pytest.mark.full_chromium]

NewPage = Callable[..., Page]
ENDPOINT = "https://fcm.googleapis.com/fcm/send/a-test-device"

# A push subscription as the browser would make one, kept in the page.
STAND_IN = """([endpoint, p256dh, auth]) => {
  const made = { endpoint, toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
                 unsubscribe: async () => { localStorage.removeItem("stand-in"); return true; } };
  PushManager.prototype.getSubscription = async () =>
    (localStorage.getItem("stand-in") ? made : null);
  PushManager.prototype.subscribe = async () => {
    localStorage.setItem("stand-in", "1");
    return made;
  };
}"""


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def devices(database: Path) -> list[str]:
    """The stored subscriptions of this test's device (the live server keeps other
    tests' devices too: tests/browser/test_invites.py's, on the loopback push service)."""
    query = "SELECT endpoint FROM games_pushsubscription WHERE endpoint = ?"
    with sqlite3.connect(database) as db:
        return [row[0] for row in db.execute(query, (ENDPOINT,))]


def test_notifications_turn_on_and_off_on_this_device(
    new_page: NewPage, live_url: str, live_database: Path
) -> None:
    page = new_page(name="ada", service_worker=True, timezone="America/Chicago")
    page.context.grant_permissions(["notifications"], origin=live_url)
    public = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    page.context.add_init_script(f"({STAND_IN})({[ENDPOINT, b64(public), b64(bytes(16))]!r})")
    create_room(page, name="Ada")
    page.goto("/notifications/")
    expect(page.get_by_test_id("notices-zone")).to_have_value("America/Chicago")
    expect(page.get_by_test_id("zone-guessed")).to_be_visible()
    state = page.get_by_test_id("device-push-state")
    expect(state).to_have_text("Notifications are off on this device.")
    page.get_by_test_id("device-push-on").click()
    expect(state).to_have_text("Notifications are on on this device.")
    assert devices(live_database) == [ENDPOINT]
    page.get_by_test_id("device-push-off").click()
    expect(state).to_have_text("Notifications are off on this device.")
    expect(page.get_by_test_id("device-push-on")).to_be_visible()
    assert devices(live_database) == []
    # The rest is kept for the account, or the guest, whatever the device.
    page.get_by_test_id("notices-quiet-from").select_option("22")
    page.get_by_test_id("notices-quiet-until").select_option("7")
    page.get_by_test_id("notices-submit").click()
    expect(page.get_by_text("Your notification settings are saved.")).to_be_visible()
    expect(page.get_by_test_id("notices-zone")).to_have_value("America/Chicago")
    expect(page.get_by_test_id("zone-guessed")).to_have_count(0)
    assert_accessible_everywhere(page, "notifications", on=LIGHT_DESKTOP_DARK_PHONE)
