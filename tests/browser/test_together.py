"""Four friends in a room by the day, everyone's turn at once: each plays round 1 when
they like, in an order of their own, while the others' rolls show beside their names;
the round closes when the last one scores, and every page agrees on it."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.tables import (
    PHONE,
    ROOM_URL,
    connected,
    dice,
    join_room,
    my_turn,
    place_first_box,
    roll,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
LANDSCAPE: ViewportSize = {"width": 740, "height": 360}


def round_dice(page: Page, seat: int) -> list[int]:
    """The dice of ``seat``'s turn of the round, as the players list shows them."""
    return [
        int(t)
        for t in page.get_by_test_id(f"round-{seat}").locator(".round-dice__die").all_inner_texts()
    ]


def totals(page: Page) -> list[str]:
    return page.locator("[data-testid=players] .player__total").all_inner_texts()


def test_four_friends_play_a_round_at_once_in_their_own_order(new_page: NewPage) -> None:
    ada = new_page(viewport=PHONE, mobile=True, name="ada")
    bob = new_page(name="bob")
    cy = new_page(viewport=LANDSCAPE, mobile=True, name="cy")  # a phone held sideways
    dee = new_page(name="dee", scale=2)
    code = open_a_room_by_the_day(ada)
    for page, name in ((bob, "Bob"), (cy, "Cy"), (dee, "Dee")):
        join_room(page, code, name=name)
    ada.get_by_test_id("start").click()
    pages = [ada, bob, cy, dee]
    for page in pages:  # everyone's turn, at once
        expect(my_turn(page)).to_be_visible()
    # Eve comes to watch: her empty tray does not count rolls that are nobody's.
    eve = new_page(name="eve")
    join_room(eve, code, name="Eve")
    expect(eve.get_by_test_id("rolls-left")).to_have_text(
        "Everyone rolls their own dice this round"
    )
    eve.context.close()
    play_round_one_in_their_own_order(ada, bob, cy, dee)
    every_page_agrees_the_round_closed(pages)


def open_a_room_by_the_day(ada: Page) -> str:
    """Ada opens a four-seat room of Yatzy by the day from the home page, which plays
    everyone at once (live rooms do not by default); its code."""
    ada.goto("/")
    ada.get_by_test_id("create-name").fill("Ada")
    ada.get_by_test_id("create-ruleset").select_option("yatzy")
    ada.get_by_test_id("create-seats").select_option("4")
    expect(ada.get_by_test_id("create-together")).not_to_be_checked()  # live's default
    ada.get_by_test_id("create-pace-day").check()
    expect(ada.get_by_test_id("create-together")).to_be_checked()  # by the day's
    ada.get_by_test_id("create-submit").click()
    ada.wait_for_url(ROOM_URL)
    connected(ada)
    expect(ada.get_by_test_id("settings-summary")).to_contain_text("everyone at once")
    return ROOM_URL.search(ada.url).group(1)  # type: ignore[union-attr]


def play_round_one_in_their_own_order(ada: Page, bob: Page, cy: Page, dee: Page) -> None:
    """Cy rolls first, then Ada; Dee rolls and scores; Bob rolls, Ada rolls again keeping
    her first die; Cy, Bob, then Ada score. Each sees the others' rolls as they land."""
    # Cy rolls first; Ada sees Cy's dice beside Cy's name as they land.
    roll(cy)
    expect(ada.get_by_test_id("round-2")).to_contain_text("2 rolls left")
    assert round_dice(ada, 2) == dice(cy)
    roll(ada)
    assert dice(ada) != [0] * 5 and dice(bob) == [0] * 5  # Bob's dice are his own, unrolled

    # Dee rolls and scores: she is done, and the others see it.
    roll(dee)
    dees = place_first_box(dee)
    expect(dee.get_by_test_id("turn-status")).to_contain_text("You have scored this round")
    expect(dee.get_by_test_id("turn-status")).to_contain_text(
        re.compile(r"Waiting for Ada, Bob,? and Cy")
    )
    # Her empty tray says so too, not that three rolls are left.
    expect(dee.get_by_test_id("rolls-left")).to_have_text("Scored: waiting for the others")
    expect(bob.get_by_test_id("round-3")).to_have_attribute("data-done", "true")
    dees_cell = dees.replace("box-", "3-", 1)  # box-<column>-<box>, in Dee's own column
    expect(bob.locator(f"td[data-cell='{dees_cell}'].is-filled")).to_have_count(1)
    expect(my_turn(bob)).to_be_visible()  # Dee's score took nothing from anyone's turn

    roll(bob)
    ada.get_by_test_id("die-0").click()
    roll(ada)
    place_first_box(cy)
    place_first_box(bob)
    expect(bob.get_by_test_id("turn-status")).to_contain_text(re.compile(r"Waiting for Ada\b"))
    expect(ada.get_by_test_id("round-2")).to_have_attribute("data-done", "true")
    place_first_box(ada)


def every_page_agrees_the_round_closed(pages: list[Page]) -> None:
    """The round closed: round 2 is everyone's again, and every page agrees on the
    totals and the newest event."""
    for page in pages:
        expect(my_turn(page)).to_be_visible()
        for seat in range(4):
            expect(page.get_by_test_id(f"round-{seat}")).to_contain_text("to play")
    shown = [totals(page) for page in pages]
    assert shown[0] == shown[1] == shown[2] == shown[3] and len(shown[0]) == 4
    newest = [page.get_by_test_id("log-list").locator("li[data-seq]").first for page in pages]
    assert len({item.get_attribute("data-seq") for item in newest}) == 1
    expect(newest[1]).to_contain_text("Ada scored")
