"""A group in the browser: Ada makes one on her groups page (the header links to it), Bob
joins by its link on a phone, Ada opens a new game for the group from its page, Bob takes
the second seat, they play their last turns (the game brought near its end in the live
server's database), and the group's league table shows the result; the page passes axe,
fits a phone both ways and 200 % zoom, and its season is picked by keyboard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.accessibility import LIGHT_DESKTOP_DARK_PHONE, assert_accessible_everywhere
from tests.browser.accounts import sign_up
from tests.browser.last_round import play_the_last_round
from tests.browser.tables import (
    connected,
    horizontal_overflow,
    join_room,
    tabs_to,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
PHONE: ViewportSize = {"width": 360, "height": 740}


def test_a_group_game_and_its_league_table(new_page: NewPage, live_database: Path) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob", viewport=PHONE)
    sign_up(ada, "ada")
    sign_up(bob, "bob")
    link = ada_makes_a_group(ada)
    bob.goto(link)
    bob.get_by_test_id("group-join").click()
    expect(bob.get_by_test_id("member")).to_have_count(2)
    assert horizontal_overflow(bob) <= PHONE["width"]
    group_page = ada.url
    ada.get_by_test_id("game-ruleset").select_option("yahtzee")
    ada.get_by_test_id("game-seats").select_option("2")
    ada.get_by_test_id("game-open").click()
    ada.wait_for_url("**/r/*/")
    connected(ada)
    code = ada.url.rstrip("/").rsplit("/", 1)[-1]
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("start").click()
    expect(bob.get_by_test_id("scorecards")).to_be_visible()
    play_the_last_round("yahtzee_near_the_end", code, live_database, (ada, bob))
    the_league_shows_the_game(ada, group_page)


def ada_makes_a_group(ada: Page) -> str:
    """Ada goes to her groups (the header links to them) and makes "Friday dice"; its
    join link."""
    ada.goto("/groups/")
    expect(ada.get_by_test_id("groups-link")).to_have_attribute("href", "/groups/")
    ada.get_by_test_id("group-name").fill("Friday dice")
    ada.get_by_test_id("group-create").click()
    ada.wait_for_url("**/groups/*/")
    expect(ada.get_by_role("heading", level=1)).to_have_text("Friday dice")
    return ada.get_by_test_id("group-link").input_value()


def the_league_shows_the_game(ada: Page, group_page: str) -> None:
    """The league table of this season: one game each, Ada's win and point (her Ones
    and Sixes were 35 to Bob's 0, more than Chance can make up), Bob's none; the history
    links to the replay; the season is picked by keyboard; axe-clean; it fits phones both
    ways and 200 % zoom."""
    ada.goto(group_page)
    lines = ada.get_by_test_id("league-line")
    expect(lines).to_have_count(2)
    first, second = lines.nth(0), lines.nth(1)
    expect(first).to_have_attribute("data-points", "1")
    expect(first).to_have_attribute("data-wins", "1")
    expect(first).to_have_attribute("data-games", "1")
    expect(second).to_have_attribute("data-points", "0")
    expect(second).to_have_attribute("data-games", "1")
    expect(ada.get_by_test_id("history-game")).to_have_count(1)
    tabs_to(ada, "season-show", most=80)
    ada.keyboard.press("Enter")
    ada.wait_for_url("**/groups/*/?season=*")
    expect(ada.get_by_test_id("league-line")).to_have_count(2)
    assert_accessible_everywhere(ada, "group page", on=LIGHT_DESKTOP_DARK_PHONE)
    before = ada.viewport_size
    for width, height in ((360, 740), (740, 360), (640, 400)):
        ada.set_viewport_size({"width": width, "height": height})
        assert horizontal_overflow(ada) <= width, (width, height)
    if before is not None:
        ada.set_viewport_size(before)
