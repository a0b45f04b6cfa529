"""The lobby offers the invite as a QR code for phones at the same table, and tells a host
at localhost (as the test server is) that friends cannot open a link there."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import create_room

pytestmark = pytest.mark.browser


def test_the_lobby_shows_the_invite_as_a_qr_code(new_page: Callable[..., Page]) -> None:
    host = new_page(name="host")
    code = create_room(host, name="Ada", ruleset="yatzy", seats=2)
    qr = host.get_by_test_id("invite-qr")
    image = qr.locator("img")
    expect(image).to_be_hidden()  # folded away until asked for
    qr.locator("summary").click()
    expect(image).to_be_visible()
    expect(image).to_have_attribute("src", f"/r/{code}/qr.svg")
    host.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=image.element_handle()
    )
    box = image.bounding_box()
    assert box is not None and box["width"] >= 160  # large enough for a camera


def test_a_host_at_localhost_is_told_friends_cannot_open_the_link(
    new_page: Callable[..., Page],
) -> None:
    host = new_page(name="host", viewport={"width": 360, "height": 740}, locale="sv-SE")
    create_room(host, name="Ada", ruleset="yatzy", seats=2)
    note = host.get_by_test_id("invite-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("localhost")
    expect(host.get_by_test_id("invite-url")).to_have_attribute("aria-describedby", "invite-note")
    box = note.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360  # it wraps
