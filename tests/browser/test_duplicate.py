"""Two friends play Yatzy with the same dice, at once, one on a phone and one on a laptop:
each rolls the other's dice without seeing them until the round closes; then both see
the round side by side, and after the game every round next to par's."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.by_socket import play_turns
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
YATZY_BOXES = 15


def revealed_rolls(page: Page, seat: int) -> list[list[int]]:
    """The rolls of ``seat``'s turn in the revealed round, as the page shows them."""
    rolls: list[list[int]] = (
        page.get_by_test_id(f"revealed-{seat}")
        .locator(".round-dice__faces")
        .evaluate_all(
            "rolls => rolls.map(r => [...r.querySelectorAll("
            "'.round-dice__die')].map(d => Number(d.textContent)))"
        )
    )
    return rolls


def test_two_friends_roll_the_same_dice_and_see_them_only_once_the_round_closes(
    new_page: NewPage, live_url: str
) -> None:
    ada = new_page(viewport=PHONE, mobile=True, name="ada")
    bob = new_page(name="bob")
    code = open_a_room_with_the_same_dice(ada)
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("start").click()
    for page in (ada, bob):
        expect(my_turn(page)).to_be_visible()
    adas_cell = ada_plays_unseen(ada, bob)
    bobs_score_closes_the_round(ada, bob, adas_cell)
    # The middle of the game over the players' own sockets; the last round on the pages.
    play_turns((ada, bob), live_url, code, 2 * (YATZY_BOXES - 2))
    for page in (bob, ada):
        expect(my_turn(page)).to_be_visible()
        roll(page)
        place_first_box(page)
    for page in (ada, bob):
        expect(page.get_by_test_id("compare-link")).to_be_visible()
        expect(page.get_by_test_id("results").get_by_test_id("revealed")).to_contain_text(
            f"Round {YATZY_BOXES} with the same dice"
        )
    compare_every_round_with_par(bob)


def open_a_room_with_the_same_dice(ada: Page) -> str:
    """Ada opens a room of Yatzy from the home page with the same dice for everyone
    (which plays everyone at once); its code."""
    ada.goto("/")
    ada.get_by_test_id("create-name").fill("Ada")
    ada.get_by_test_id("create-ruleset").select_option("yatzy")
    ada.get_by_test_id("create-seats").select_option("2")
    expect(ada.get_by_test_id("create-together")).not_to_be_checked()
    ada.get_by_test_id("create-duplicate").check()
    expect(ada.get_by_test_id("create-together")).to_be_checked()  # the same dice: at once
    ada.get_by_test_id("create-submit").click()
    ada.wait_for_url(ROOM_URL)
    connected(ada)
    expect(ada.get_by_test_id("settings-summary")).to_contain_text("same dice for everyone")
    return ROOM_URL.search(ada.url).group(1)  # type: ignore[union-attr]


def ada_plays_unseen(ada: Page, bob: Page) -> str:
    """Ada rolls twice and scores: Bob sees that she rolls and scores, never what; the
    cell she filled."""
    roll(ada)
    roll(ada)
    expect(bob.get_by_test_id("round-0")).to_contain_text("1 roll left")
    expect(bob.get_by_test_id("round-0").locator(".round-dice__die")).to_have_count(0)
    expect(bob.get_by_test_id("log-list")).to_contain_text("Ada rolled")
    assert not re.search(r"rolled \d", bob.get_by_test_id("log-list").inner_text())
    adas_box = place_first_box(ada)
    adas_cell = adas_box.replace("box-", "0-", 1)
    expect(ada.locator(f"td[data-cell='{adas_cell}'].is-filled")).to_have_count(1)
    expect(bob.get_by_test_id("round-0")).to_have_attribute("data-done", "true")
    expect(bob.get_by_test_id("log-list")).to_contain_text("Ada scored")
    expect(bob.locator("[data-testid=scorecards] td.is-filled")).to_have_count(0)
    expect(bob.get_by_test_id("total-0")).to_have_text("0")
    return adas_cell


def bobs_score_closes_the_round(ada: Page, bob: Page, adas_cell: str) -> None:
    """Bob's first roll is Ada's first roll; his score closes the round, which both then
    see side by side; round 2 is everyone's turn again."""
    roll(bob)
    bobs_first = dice(bob)
    expect(bob.get_by_test_id("revealed")).to_have_count(0)
    place_first_box(bob)
    for page in (ada, bob):
        expect(page.get_by_test_id("revealed")).to_contain_text("Round 1 with the same dice")
        expect(page.get_by_test_id("revealed-0").locator(".round-dice__faces")).to_have_count(2)
        expect(page.locator(f"td[data-cell='{adas_cell}'].is-filled")).to_have_count(1)
        expect(page.get_by_test_id("log-list")).to_contain_text("The round is over")
    adas_rolls = revealed_rolls(bob, 0)
    assert adas_rolls[0] == bobs_first == revealed_rolls(ada, 1)[0]
    assert len(adas_rolls) == 2 and revealed_rolls(ada, 0) == adas_rolls
    for page in (ada, bob):
        expect(my_turn(page)).to_be_visible()


def compare_every_round_with_par(bob: Page) -> None:
    """Every round side by side with par, and the seed to check the dice by; the page
    fits Bob's window."""
    bob.get_by_test_id("compare-link").click()
    expect(bob.get_by_test_id("compare")).to_be_visible()
    expect(bob.get_by_test_id("compare-round")).to_have_count(YATZY_BOXES)
    # Par shows once the expert's tables are loaded (the page reloads itself till then).
    expect(bob.get_by_test_id("compare-par")).to_have_attribute(
        "data-total", re.compile(r"^[1-9]\d*$"), timeout=60_000
    )
    seed = bob.get_by_test_id("compare-seed").inner_text()
    assert re.fullmatch(r"[0-9a-f]{64}", seed)
    first_round = bob.get_by_test_id("compare-round").first
    firsts = first_round.locator("td").evaluate_all(
        "cells => cells.map(c => c.querySelector('.round-dice__faces')?.textContent)"
    )
    assert len(set(firsts)) == 1 and firsts[0]  # Ada, Bob and par: the same first roll
    width = bob.viewport_size["width"]  # type: ignore[index]
    assert bob.evaluate("document.documentElement.scrollWidth") <= width
