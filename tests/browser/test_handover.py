"""Someone who wanders off does not stall the table: once they have been gone for a minute,
any other player of the game (not only the host) can hand their seat to a bot."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.by_socket import play_turns
from tests.browser.tables import DESKTOP, PHONE, create_room, join_room, my_turn

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def last_seen(database: Path, player: str, ago: timedelta) -> None:
    """Set when the server last saw ``player`` in their rooms (Django keeps UTC there)."""
    when = (datetime.now(UTC) - ago).replace(tzinfo=None).isoformat(" ")
    with sqlite3.connect(database, timeout=20) as db:
        db.execute("UPDATE games_membership SET seen_at = ? WHERE player_id = ?", (when, player))


def run_out_of_time(database: Path, code: str) -> None:
    """The turn of the room's game in play is past its deadline (the clock sees it next)."""
    when = (datetime.now(UTC) - timedelta(seconds=1)).replace(tzinfo=None).isoformat(" ")
    with sqlite3.connect(database, timeout=20) as db:
        db.execute(
            "UPDATE games_game SET turn_deadline = ? WHERE status = 'playing' AND room_id ="
            " (SELECT id FROM games_room WHERE code = ?)",
            (when, code),
        )


def host_walks_off_her_turn(new_page: NewPage) -> tuple[Page, str]:
    """Ada (host) and Bob start a Yahtzee game, and Ada closes her tab on her own turn:
    Bob's page, once it shows her reconnecting, and Ada's player id. Bob's page keeps its
    own clock: it runs as usual until the test skips it ahead."""
    ada, bob = new_page(name="Ada"), new_page(name="Bob")
    bob.clock.install()
    code = create_room(ada, name="Ada", ruleset="yahtzee", seats=2)
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    host = ada.locator("#room-app").get_attribute("data-player") or ""
    ada.close()
    expect(bob.get_by_test_id("player-0")).to_contain_text("reconnecting")
    return bob, host


def test_a_player_hands_the_seat_of_someone_gone_a_minute_to_a_bot_after_the_host_role_passes(
    new_page: NewPage, live_database: Path
) -> None:
    """Bob is offered "Hand to bot" once Ada has been gone a minute, before he is host; then
    the role passes to him. Patches carry the members' presence only when it changed: when
    the host role passed after the page had already been told the host was gone, the
    patch redrew the members without it, the host showed neither away nor online, and
    "Hand to bot" vanished."""
    bob, host = host_walks_off_her_turn(new_page)
    seat, hand = bob.get_by_test_id("player-0"), bob.get_by_test_id("hand-to-bot-0")
    # Bob is not the host: a moment's absence is not enough.
    expect(hand).to_have_count(0)

    # Gone past the grace but not yet a minute: news tells Bob's page so ("gone").
    last_seen(live_database, host, timedelta(seconds=45))
    bob.get_by_test_id("chat-input").fill("Ada?")
    bob.get_by_test_id("chat-input").press("Enter")  # any news brings a fresh state
    expect(seat.locator("[data-presence]")).to_have_attribute("data-presence", "gone")
    expect(hand).to_have_count(0)
    # A minute by the page's clock, while the server's still counts under one (it passes
    # the host role at a minute; stamped again, so a slow machine keeps the whole 15 s for
    # what follows, the page not told): Bob, not the host, is offered the button.
    last_seen(live_database, host, timedelta(seconds=45))
    bob.clock.fast_forward(16_000)
    expect(hand).to_be_visible()
    expect(bob.get_by_test_id(f"mute-{host}")).to_have_count(0)  # a host's control

    # A minute by the server's clock too: it makes Bob host, and Ada is still shown gone.
    last_seen(live_database, host, timedelta(seconds=75))
    expect(bob.get_by_test_id("toast")).to_contain_text("You are the host now")
    expect(bob.get_by_test_id(f"mute-{host}")).to_be_visible()
    expect(seat.locator("[data-presence]")).to_have_attribute("data-presence", "gone")
    expect(hand).to_be_visible()
    hand.click()
    expect(bob.get_by_test_id("confirm-dialog")).to_contain_text("gone for over a minute")
    bob.get_by_test_id("confirm-ok").click()

    # A bot plays Ada's turn, and then it is Bob's.
    expect(seat.locator(".badge--bot")).to_be_visible()
    expect(my_turn(bob)).to_be_visible(timeout=15_000)
    took_over = re.compile(r"Bot \w+ took over Ada's seat")
    expect(bob.get_by_test_id("log-list")).to_contain_text(took_over)


def test_a_host_gone_a_minute_hands_the_table_on_and_hand_to_bot_shows_in_the_banner(
    new_page: NewPage, live_database: Path
) -> None:
    hosty, bob = new_page(name="Hosty"), new_page(name="Bob")
    code = create_room(hosty, name="Hosty", ruleset="yatzy", seats=3, timer="90")
    join_room(bob, code, name="Bob")
    host = hosty.locator("#room-app").get_attribute("data-player") or ""
    expect(bob.get_by_test_id("lobby-status")).to_contain_text("Hosty")

    hosty.close()  # the host closes the tab in the lobby
    expect(bob.get_by_test_id("seat-0")).to_contain_text("reconnecting")
    expect(bob.get_by_test_id("start")).to_have_count(0)
    last_seen(live_database, host, timedelta(seconds=75))  # a minute and more later

    # The server's clock passes the role on by itself; Bob is told, the log says it.
    expect(bob.get_by_test_id("toast")).to_contain_text("You are the host now", timeout=20_000)
    expect(bob.get_by_test_id("log-list")).to_contain_text("Bob is now the host")
    bob.get_by_test_id("add-bot").click()
    expect(bob.get_by_test_id("seat-2")).to_contain_text("Bot")
    bob.get_by_test_id("start").click()

    # Hosty's turn, and Hosty is away: Bob hands the seat over from the turn banner.
    # On a phone the banner's title keeps a line of its own, the timer, Skip and Hand to
    # bot under it, rather than a column of a word a line beside them.
    bob.set_viewport_size(PHONE)
    banner_hand = bob.get_by_test_id("turn-hand-to-bot")
    expect(banner_hand).to_be_visible()
    title, status = bob.evaluate("""() => [
        document.querySelector('[data-testid=turn-status] .turn-status__title'),
        document.querySelector('[data-testid=turn-status]').parentElement,
    ].map((el) => el.getBoundingClientRect().width)""")
    assert title >= 0.8 * status, f"the title is {title:.0f} px wide in a {status:.0f} px banner"
    bob.set_viewport_size(DESKTOP)
    banner_hand.click()
    bob.get_by_test_id("confirm-ok").click()
    expect(bob.get_by_test_id("player-0").locator(".badge--bot")).to_be_visible()
    expect(my_turn(bob)).to_be_visible(timeout=15_000)


def test_after_three_missed_turns_a_bot_keeps_the_seat_until_its_person_takes_it_back(
    new_page: NewPage, live_database: Path, live_url: str
) -> None:
    ada, bob = new_page(name="Ada"), new_page(name="Bob")
    code = create_room(ada, name="Ada", ruleset="yatzy", seats=2, timer="90")
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    log = ada.get_by_test_id("log-list")
    for missed in range(1, 4):  # Bob has the page open but plays no more
        play_turns([ada], live_url, code, 1)  # Ada's turns, over her socket: not looked at
        expect(my_turn(bob)).to_be_visible()
        run_out_of_time(live_database, code)
        expect(log.locator("li[data-kind=timeout]")).to_have_count(missed, timeout=15_000)

    # Everyone sees a bot playing Bob's seat for now; Bob sees how to get it back.
    expect(ada.get_by_test_id("kept-for-1")).to_contain_text("for Bob, for now")
    expect(log).to_contain_text("Bob missed three turns in a row")
    expect(bob.get_by_test_id("turn-status")).to_contain_text("a bot keeps your seat")
    bob.get_by_test_id("take-back").click()
    expect(ada.get_by_test_id("kept-for-1")).to_have_count(0)
    expect(log).to_contain_text("Bob is back in their seat")
    play_turns([ada], live_url, code, 1)
    expect(my_turn(bob)).to_be_visible()
