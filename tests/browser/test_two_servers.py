"""Two Daphne processes sharing a database and Redis: two friends on different servers
play the first rounds of a game and each sees every move of the other at once.

The database is a SQLite file (a copy of the migrated template): what crosses from one
process to the other goes through Redis, whatever the database. Two processes on
PostgreSQL are played without a browser, whole games through every fault, by make
test's soak (tests/games/test_soak.py) and the PostgreSQL pass's fault tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from playwright.sync_api import Browser, Page, expect

from bench.harness.live_server import DaphneProcess, migrate, site_env
from bench.harness.servers import redis_server
from tests.browser.tables import (
    create_room,
    join_room,
    my_turn,
    play_turn,
    same_newest_event,
    wait_my_turn,
)

pytestmark = pytest.mark.browser

ROUNDS = 2


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, ...]]:
    """Base URLs of two server processes on one SQLite file and one Redis (migrated once,
    then both started at once)."""
    with ExitStack() as stack:
        database_url = f"sqlite:///{tmp_path_factory.mktemp('database') / 'db.sqlite3'}"
        redis_url = stack.enter_context(redis_server())
        servers = [
            DaphneProcess(
                workdir,
                site_env(
                    workdir,
                    DATABASE_URL=database_url,
                    REDIS_URL=redis_url,
                    GAMES_BOT_DELAY_SECONDS="0.05",
                ),
            )
            for workdir in (tmp_path_factory.mktemp(f"daphne-{name}") for name in "ab")
        ]
        migrate(servers[0].env)
        for server in servers:
            stack.callback(server.stop)
            server.start()
        for server in servers:
            server.wait_ready()
        yield tuple(server.base_url for server in servers)


def open_page(browser: Browser, base_url: str, problems: list[str], name: str) -> Page:
    context = browser.new_context(base_url=base_url, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on(
        "console", lambda m: problems.append(f"{name}: {m.text}") if m.type == "error" else None
    )
    page.on("pageerror", lambda exc: problems.append(f"{name}: {exc}"))
    return page


def test_friends_on_two_server_processes_see_each_others_moves(
    two_servers: tuple[str, ...], browser: Browser
) -> None:
    url_a, url_b = two_servers
    assert url_a != url_b
    problems: list[str] = []
    ada = open_page(browser, url_a, problems, "ada on server A")
    bob = open_page(browser, url_b, problems, "bob on server B")
    code = create_room(ada, name="Ada", ruleset="yatzy", seats=2)
    join_room(bob, code, name="Bob")
    expect(ada.get_by_test_id("seat-1")).to_contain_text("Bob")  # B's join reached A
    bob.get_by_test_id("chat-input").fill("hello from B")
    bob.get_by_test_id("chat-input").press("Enter")
    expect(ada.get_by_test_id("chat-list")).to_contain_text("hello from B")
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    players = [(ada, bob), (bob, ada)]
    for turn in range(2 * ROUNDS):
        player, other = players[turn % 2]
        play_turn(player)
        same_newest_event(other, player)  # the other server pushed the move at once
        seat = turn % 2
        filled = other.locator(f"[data-testid=scorecards] td.is-filled[data-cell^='{seat}-']")
        expect(filled).to_have_count(turn // 2 + 1)
        wait_my_turn(other)
    for seat in range(2):
        expect(bob.get_by_test_id(f"total-{seat}")).to_have_text(
            ada.get_by_test_id(f"total-{seat}").inner_text()
        )
    assert problems == []
