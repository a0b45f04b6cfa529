"""A player with an account plays the day's Yatzy on a phone: alone, without the coach;
then sees their score, par, rank and the review, and shares a spoiler-free result that
a friend opens."""

from __future__ import annotations

import re
import sqlite3
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.accessibility import assert_accessible
from tests.browser.by_socket import play_turns
from tests.browser.tables import PHONE, ROOM_URL, connected, my_turn, place_first_box, roll

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
PASSWORD = "dice-and-tea-42"
YATZY_BOXES = 15


def made_yesterday(database: Path, username: str) -> None:
    """Date the account ``username`` of the live server's database from yesterday."""
    with sqlite3.connect(database, timeout=20) as db:
        db.execute(
            "UPDATE auth_user SET date_joined = datetime('now', '-1 day') WHERE username = ?",
            (username,),
        )


def test_a_player_plays_the_daily_sees_par_rank_and_review_and_shares(
    new_page: NewPage, live_url: str, live_database: Path
) -> None:
    phone = new_page(viewport=PHONE, mobile=True, name="phone")
    code = sign_up_and_start_the_daily(phone, live_database)
    roll(phone)
    place_first_box(phone)
    play_turns((phone,), live_url, code, YATZY_BOXES - 2)
    expect(my_turn(phone)).to_be_visible()
    roll(phone)
    place_first_box(phone)
    phone.get_by_test_id("daily-result-link").click()
    total, par, day = see_score_par_rank_and_accuracy(phone)
    shared_url = share_the_result(phone, total, par, day)
    # The review splits the score into luck and skill.
    phone.get_by_test_id("daily-review").click()
    expect(phone.get_by_test_id("review-luck")).to_be_visible()
    a_friend_opens_the_shared_link(new_page(name="friend"), shared_url, total, day)
    # Ada's day is played: the daily page links to her result instead of a second try.
    phone.goto("/daily/")
    expect(
        phone.locator("[data-testid=daily-variant][data-variant=yatzy]").get_by_test_id(
            "daily-result-link"
        )
    ).to_be_visible()


def sign_up_and_start_the_daily(phone: Page, live_database: Path) -> str:
    """Sign up (an account made today practises; one made before the day ranks) and
    start the day's Yatzy: the game is on at once, alone, without the coach; its code."""
    # The live server outlives the test, and other tests sign up people too.
    name = f"ada-{uuid.uuid4().hex[:6]}"
    phone.goto("/account/sign-up/?next=/daily/")
    phone.get_by_label("Username").fill(name)
    phone.get_by_label("Password", exact=True).fill(PASSWORD)
    phone.get_by_label("Password confirmation").fill(PASSWORD)
    phone.get_by_test_id("sign-up-submit").click()
    phone.wait_for_url("**/daily/")
    yatzy = phone.locator("[data-testid=daily-variant][data-variant=yatzy]")
    expect(yatzy.get_by_test_id("daily-practice")).to_have_attribute("data-reason", "new_account")
    made_yesterday(live_database, name)
    phone.reload()
    expect(yatzy.get_by_test_id("daily-play")).to_have_attribute("data-practice", "false")
    yatzy.get_by_test_id("daily-name").fill("Ada")
    yatzy.get_by_test_id("daily-play").click()
    phone.wait_for_url(ROOM_URL)
    connected(phone)
    expect(my_turn(phone)).to_be_visible()
    expect(phone.get_by_test_id("copy-invite-bar")).to_have_count(0)  # nobody to invite
    expect(phone.get_by_test_id("hint-toggle")).to_have_count(0)  # no coach
    return ROOM_URL.search(phone.url).group(1)  # type: ignore[union-attr]


def see_score_par_rank_and_accuracy(phone: Page) -> tuple[str | None, str | None, str]:
    """The result: score, par (once the expert has played the day), rank, accuracy, one
    line on the board, readable; the score, par and the day."""
    phone.wait_for_url(re.compile(r"/daily/yatzy/\d{4}-\d{2}-\d{2}/$"))
    score = phone.get_by_test_id("daily-score")
    expect(score).to_have_attribute("data-ranked", "true")
    expect(phone.get_by_test_id("daily-par")).to_have_attribute(
        "data-par", re.compile(r"^[1-9]\d*$"), timeout=60_000
    )
    expect(phone.get_by_test_id("daily-rank")).to_have_attribute("data-rank", "1")
    expect(phone.get_by_test_id("daily-accuracy")).to_contain_text("%")
    total = score.get_attribute("data-score")
    par = phone.get_by_test_id("daily-par").get_attribute("data-par")
    day = phone.url.rstrip("/").rsplit("/", 1)[1]
    expect(phone.get_by_test_id("daily-board-line")).to_have_count(1)
    assert_accessible(phone, "daily result")
    return total, par, day


def share_the_result(phone: Page, total: str | None, par: str | None, day: str) -> str:
    """The share text says the score, par and skill; never a die. Copied; its link."""
    text = phone.get_by_test_id("daily-share-text")
    expect(text).to_contain_text(
        re.compile(
            rf"^Yatzy daily {day}: {total}, par {par}, skill \d+\.\d% http://\S+/daily/shared/[\w-]{{16}}/$"
        )
    )
    phone.get_by_test_id("daily-copy-button").click()
    expect(phone.get_by_test_id("daily-share-said")).not_to_be_empty()
    return text.inner_text().rsplit(" ", 1)[1]


def a_friend_opens_the_shared_link(
    friend: Page, shared_url: str, total: str | None, day: str
) -> None:
    """A friend opens the shared link: the result, no dice, and the way to play them; a
    guest would practise on dice of their own, and is told how to be ranked."""
    friend.goto(shared_url)
    expect(friend.get_by_test_id("daily-shared-score")).to_have_text(str(total))
    og_title = friend.locator("meta[property='og:title']").get_attribute("content") or ""
    assert og_title == f"Yatzy daily {day}: {total}"
    og_image = friend.locator("meta[property='og:image']").get_attribute("content") or ""
    assert og_image.endswith("/card.png")  # the result's own card, for link previews
    friend.wait_for_function(
        "() => document.querySelector('[data-testid=daily-shared-card]').naturalWidth === 1200"
    )
    assert friend.get_by_test_id("daily-shared").locator(".die, .round-dice__die").count() == 0
    friend.get_by_test_id("daily-shared-play").click()
    expect(friend.get_by_test_id("daily-board-line")).to_have_count(1)
    expect(friend.get_by_test_id("daily-practice")).to_have_attribute("data-reason", "guest")
    expect(friend.get_by_test_id("daily-play")).to_have_text("Practise on dice of your own")
