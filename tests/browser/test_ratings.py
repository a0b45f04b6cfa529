"""A rated game in the browser: Ada opens a rated room from the home page, Bob joins, the
lobby says "Rated" and offers no bot; the game is brought near its end in the live
server's database (both get accounts there), they play their last turns, and then each
profile shows the new rating and the variant's leaderboard lists both."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.accessibility import LIGHT_DESKTOP_DARK_PHONE, assert_accessible_everywhere
from tests.browser.last_round import play_the_last_round
from tests.browser.tables import (
    connected,
    horizontal_overflow,
    join_room,
    tabs_to,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def test_a_rated_game_moves_both_ratings(new_page: NewPage, live_database: Path) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    code = ada_opens_a_rated_room(ada)
    join_room(bob, code, name="Bob")
    expect(bob.get_by_test_id("settings-summary")).to_contain_text("Rated")
    ada.get_by_test_id("start").click()
    expect(bob.get_by_test_id("scorecards")).to_be_visible()
    play_the_last_round("rated_near_the_end", code, live_database, (ada, bob))
    ratings = [profile_rating(page) for page in (ada, bob)]
    assert_accessible_everywhere(bob, "profile with ratings", on=LIGHT_DESKTOP_DARK_PHONE)
    fits_phones_and_zoom(bob)
    the_leaderboard_lists_both(bob, ratings)


def ada_opens_a_rated_room(ada: Page) -> str:
    """Ada opens a rated two-seat Yahtzee room through the home page's form; its code."""
    ada.goto("/")
    ada.get_by_test_id("create-name").fill("Ada")
    ada.get_by_test_id("create-ruleset").select_option("yahtzee")
    ada.get_by_test_id("create-seats").select_option("2")
    ada.get_by_test_id("create-rated").check()
    ada.get_by_test_id("create-submit").click()
    ada.wait_for_url("**/r/*/")
    connected(ada)
    expect(ada.get_by_test_id("settings-summary")).to_contain_text("Rated")
    expect(ada.get_by_test_id("add-bot")).to_have_count(0)  # a rated table seats no bot
    return ada.url.rstrip("/").rsplit("/", 1)[-1]


def profile_rating(page: Page) -> int:
    """The player's own profile shows their Yahtzee rating after one rated game,
    provisional, with its chart; the rating shown."""
    page.goto("/players/me/")
    rating = page.locator("[data-testid=profile-rating][data-variant=yahtzee]")
    expect(rating).to_have_attribute("data-games", "1")
    expect(rating).to_have_attribute("data-provisional", "true")
    expect(rating).to_contain_text("provisional")
    chart = rating.get_by_test_id("profile-rating-chart")
    expect(chart.get_by_role("img")).to_have_accessible_name(
        "The Yahtzee rating over its rated games"
    )
    expect(chart.locator("circle")).to_have_count(2)  # before the game, and after it
    return int(rating.get_attribute("data-rating") or "0")


def the_leaderboard_lists_both(page: Page, ratings: list[int]) -> None:
    """The profile's link leads to the Yahtzee leaderboard, which lists both players'
    ratings; it is reached by keyboard, fits a phone both ways and at 200 % zoom, and
    passes axe."""
    assert ratings[0] > ratings[1]  # Ada won: her lead was more than Chance can make up
    tabs_to(page, "ratings-leaderboard-link", most=80)
    page.keyboard.press("Enter")
    page.wait_for_url("**/ratings/yahtzee/")
    lines = page.get_by_test_id("ratings-line")
    shown = {int(lines.nth(i).get_attribute("data-rating") or "0") for i in range(lines.count())}
    assert set(ratings) <= shown
    expect(page.locator("[data-testid=ratings-variant][aria-current=page]")).to_have_text("Yahtzee")
    assert_accessible_everywhere(page, "ratings leaderboard", on=LIGHT_DESKTOP_DARK_PHONE)
    fits_phones_and_zoom(page)


def fits_phones_and_zoom(page: Page) -> None:
    """The page fits a phone held either way and a 1280 x 800 screen at 200 % zoom
    (640 x 400 CSS pixels) without scrolling sideways; the desktop's size is restored."""
    before = page.viewport_size
    for width, height in ((360, 740), (740, 360), (640, 400)):
        page.set_viewport_size({"width": width, "height": height})
        assert horizontal_overflow(page) <= width, (width, height)
    if before is not None:
        page.set_viewport_size(before)
