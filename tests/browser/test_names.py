"""Names as people write them: emoji, joiners, right-to-left scripts; the limit said while
typing; two people of one name at a table told apart by the name itself."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import ROOM_URL, connected, create_room, join_room

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
ANN = "\U0001f469\u200d\U0001f4bb Ann"  # woman technologist: two emoji joined by U+200D
PERSIAN = "\u0645\u0647\u062f\u06cc\u200c\u0632\u0627\u062f\u0647"  # with a non-joiner


def test_an_emoji_name_sits_down_its_twin_gets_a_number_and_a_long_one_is_said_while_typing(
    new_page: NewPage,
) -> None:
    host = new_page(name="host")
    host.goto("/")
    name, count = host.get_by_test_id("create-name"), host.get_by_test_id("create-name-count")
    expect(count).to_contain_text("up to 24 characters")
    name.fill(ANN)
    expect(count).to_have_text("5 of 24 characters.")  # the emoji is one character
    code = create_room(host, name=ANN, ruleset="yatzy", seats=3, from_home=True)
    expect(host.get_by_test_id("seat-0")).to_contain_text(ANN)

    twin = new_page(name="twin")
    join_room(twin, code, name=ANN)
    expect(host.get_by_test_id("seat-1")).to_contain_text(f"{ANN} 2")
    expect(twin.get_by_test_id("seat-1")).to_contain_text(f"{ANN} 2")

    # A third person's name over the limit is said while typing and not sent; then a
    # Persian name. A look-alike (another script's letter, invisible direction controls)
    # is numbered too, and shows without the controls: tests/games/test_players_names.py.
    guest = new_page(name="guest")
    guest.goto(f"/r/{code}/")
    field, count = guest.get_by_test_id("join-name"), guest.get_by_test_id("join-name-count")
    field.fill("Bartholomew Fitzgerald-Smythe")  # 29 characters, typed in full: never cut
    expect(field).to_have_value("Bartholomew Fitzgerald-Smythe")
    expect(count).to_have_text("Too long: 29 of 24 characters.")
    guest.get_by_test_id("join-submit").click()
    assert guest.evaluate("() => document.getElementById('join-name').validity.customError")
    expect(host.get_by_test_id("seat-2")).not_to_contain_text("Bartholomew")
    field.fill(PERSIAN)  # right to left, with a zero-width non-joiner inside
    expect(count).to_have_text("8 of 24 characters.")
    guest.get_by_test_id("join-submit").click()
    guest.wait_for_url(ROOM_URL)
    connected(guest)
    expect(host.get_by_test_id("seat-2")).to_contain_text(PERSIAN)
    seats = host.locator("[data-testid^=seat-] .seat__name").all_inner_texts()
    assert seats == [ANN, f"{ANN} 2", PERSIAN]
