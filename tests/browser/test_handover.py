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

from tests.browser.tables import create_room, join_room, my_turn

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def last_seen(database: Path, player: str, ago: timedelta) -> None:
    """Set when the server last saw ``player`` in their rooms (Django keeps UTC there)."""
    when = (datetime.now(UTC) - ago).replace(tzinfo=None).isoformat(" ")
    with sqlite3.connect(database, timeout=20) as db:
        db.execute("UPDATE games_membership SET seen_at = ? WHERE player_id = ?", (when, player))


def test_a_player_hands_the_seat_of_someone_gone_a_minute_to_a_bot(
        new_page: NewPage, live_database: Path) -> None:
    ada, bob = new_page(name="Ada"), new_page(name="Bob")
    code = create_room(ada, name="Ada", ruleset="yahtzee", seats=2)
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    host = ada.locator("#room-app").get_attribute("data-player") or ""

    ada.close()  # the host wanders off on her own turn
    seat = bob.get_by_test_id("player-0")
    expect(seat).to_contain_text("reconnecting")
    # Bob is not the host: a moment's absence is not enough.
    expect(bob.get_by_test_id("hand-to-bot-0")).to_have_count(0)

    # A minute and more later (as the server counts it: it checks again on the request).
    last_seen(live_database, host, timedelta(seconds=75))
    bob.get_by_test_id("chat-input").fill("Ada?")
    bob.get_by_test_id("chat-input").press("Enter")  # any news brings a fresh state
    bob.get_by_test_id("hand-to-bot-0").click()
    expect(bob.get_by_test_id("confirm-dialog")).to_contain_text("gone for over a minute")
    bob.get_by_test_id("confirm-ok").click()

    # A bot plays Ada's turn, and then it is Bob's.
    expect(seat.locator(".badge--bot")).to_be_visible()
    expect(my_turn(bob)).to_be_visible(timeout=15_000)
    took_over = re.compile(r"Bot \w+ took over Ada's seat")
    expect(bob.get_by_test_id("log-list")).to_contain_text(took_over)
