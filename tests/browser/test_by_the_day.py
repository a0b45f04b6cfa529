"""Friends in two time zones open a room by the day, one turn after another: each reads
the turn's deadline in their own time, and one of them takes a holiday that every page
shows and that moves their deadline, then comes back early."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import PHONE, ROOM_URL, connected, join_room, my_turn, play_turn

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def deadline(page: Page) -> str:
    return page.get_by_test_id("timer").inner_text()


def test_a_room_by_the_day_shows_each_friend_their_own_time_and_a_holiday(
    new_page: NewPage,
) -> None:
    ada = new_page(viewport=PHONE, mobile=True, name="ada", timezone="Asia/Tokyo")
    bob = new_page(name="bob", timezone="America/New_York")
    ada.goto("/")
    ada.get_by_test_id("create-name").fill("Ada")
    ada.get_by_test_id("create-ruleset").select_option("yatzy")
    ada.get_by_test_id("create-seats").select_option("2")
    expect(ada.get_by_test_id("create-turn-hours")).to_be_hidden()
    ada.get_by_test_id("create-pace-day").check()
    expect(ada.get_by_test_id("create-timer")).to_be_hidden()
    expect(ada.get_by_test_id("create-holidays")).to_be_checked()
    ada.get_by_test_id("create-together").uncheck()  # one after another, by the day
    ada.get_by_test_id("create-turn-hours").select_option("48")
    ada.get_by_test_id("create-submit").click()
    ada.wait_for_url(ROOM_URL)
    connected(ada)
    expect(ada.get_by_test_id("settings-summary")).to_contain_text("by the day, 2 days per turn")
    code = ROOM_URL.search(ada.url).group(1)  # type: ignore[union-attr]
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()

    # Two days to play, said in each device's own time zone (14 hours apart).
    two_days = re.compile(r"^until .+ \((1 d 23 h|2 d 0 h) left\)$")
    expect(ada.get_by_test_id("timer")).to_have_text(two_days)
    expect(bob.get_by_test_id("timer")).to_have_text(two_days)
    assert deadline(ada).split(" (")[0] != deadline(bob).split(" (")[0]
    expect(ada.get_by_test_id("skip")).to_have_count(0)  # nobody hurries anyone by the day
    # The socket's state reads as a state, never as the room's pace.
    expect(bob.get_by_test_id("connection")).to_have_text("Connected")

    # Bob goes away for two days: every page says so.
    bob.get_by_test_id("holiday").click()
    days = bob.get_by_test_id("holiday-days")
    expect(days.locator("option")).to_have_count(7)  # all seven days are left
    days.select_option("2")
    bob.get_by_test_id("holiday-take").click()
    bob.get_by_test_id("confirm-ok").click()
    expect(bob.get_by_test_id("holiday-end")).to_be_visible()
    expect(ada.get_by_test_id("holiday-note-1")).to_contain_text("On holiday until")
    expect(ada.get_by_test_id("log-list")).to_contain_text(
        "Bob is on holiday for 2 days: their clock waits"
    )

    # His turn comes while he is away: his two days start when the holiday ends.
    play_turn(ada)
    expect(ada.get_by_test_id("turn-status")).to_contain_text(
        "Bob is on holiday: their clock waits until they are back."
    )
    expect(ada.get_by_test_id("timer")).to_have_text(re.compile(r"\((3 d 23 h|4 d 0 h) left\)"))

    # Back early: the unused days come off the deadline, and the note goes.
    bob.get_by_test_id("holiday-end").click()
    expect(my_turn(bob)).to_be_visible()
    expect(bob.get_by_test_id("timer")).to_have_text(two_days)
    expect(ada.get_by_test_id("holiday-note-1")).to_have_count(0)
    expect(bob.get_by_test_id("holiday")).to_be_visible()
