"""Take the pictures in docs/screenshots/ of skill against luck: a table with the same
dice for everyone just after a round closed, the comparison of every round with par,
the replay's split of each score into luck and skill, and the daily challenge (today's
variants and a ranked result, on a phone).

Starts its own Daphne on a free loopback port against a fresh SQLite database in a
temporary directory, drives Debian's Chromium through Playwright like two friends would
(one on a phone, one on a laptop), saves the pictures, and stops the server whatever
happens.

    .venv/bin/python bench/screenshots_skill.py [--out /tmp/shots]

Needs /usr/bin/chromium (Debian's package; `bash .ci/system-deps` installs it). It never
downloads a browser.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness.live_server import CHROMIUM, CHROMIUM_ARGS, ROOT, serve
from bench.harness.pictures import DESKTOP, PHONE, my_turn, play_turn, save_shot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

PASSWORD = "dice-and-tea-42"
# Save a picture of a page under a name (``save_shot`` with the folder and the list bound).
Shot = Callable[..., Any]


def take(base_url: str, out: Path, database: Path) -> list[Path]:
    """Play a duplicate game of Yatzy to its end and a daily challenge, saving pictures
    (``database``: the server's SQLite file)."""
    from playwright.sync_api import sync_playwright

    saved: list[Path] = []
    shot = partial(save_shot, out=out, saved=saved)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            ada = new_person(browser, base_url, PHONE, True)
            bob = new_person(browser, base_url, DESKTOP, False)
            start_a_duplicate_game(ada, bob)
            shoot_a_duplicate_game(ada, bob, shot)
            shoot_the_daily(ada, database, shot)
        finally:
            browser.close()
    return saved


def new_person(browser: Browser, base_url: str, viewport: ViewportSize, mobile: bool) -> Page:
    """A page of a browser of its own."""
    context = browser.new_context(
        viewport=viewport,
        base_url=base_url,
        is_mobile=mobile,
        has_touch=mobile,
        reduced_motion="reduce",
        color_scheme="light",
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def start_a_duplicate_game(ada: Page, bob: Page) -> None:
    """Ada opens a room of Yatzy with the same dice for both seats, Bob joins, Ada starts."""
    ada.goto("/")
    ada.get_by_test_id("create-name").fill("Ada")
    ada.get_by_test_id("create-ruleset").select_option("yatzy")
    ada.get_by_test_id("create-seats").select_option("2")
    ada.get_by_test_id("create-duplicate").check()
    ada.get_by_test_id("create-submit").click()
    ada.wait_for_url("**/r/*/")
    bob.goto(ada.url)
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("join-submit").click()
    bob.get_by_test_id("seat-1").wait_for()
    ada.get_by_test_id("start").click()


def shoot_a_duplicate_game(ada: Page, bob: Page, shot: Shot) -> None:
    """Bob's board after two rounds; then, the game played out, his comparison with par
    and the replay's split into luck and skill."""
    for _ in range(2):  # two rounds: the first one revealed beside the second
        play_turn(ada)
        play_turn(bob)
    my_turn(bob)
    bob.evaluate("window.scrollTo(0, 0)")
    shot(bob, "board-duplicate")
    while bob.get_by_test_id("results").is_hidden():
        play_turn(ada)
        play_turn(bob)
    bob.get_by_test_id("compare-link").click()
    bob.get_by_test_id("compare-par").wait_for()
    bob.wait_for_selector(
        "[data-testid=compare-par][data-total]:not([data-total=''])", timeout=120_000
    )
    shot(bob, "compare", full_page=True)
    bob.goto(bob.url.replace("/compare/", "/replay/"))
    bob.get_by_test_id("replay-luck-chart").first.wait_for(timeout=120_000)
    bob.get_by_test_id("replay-luck").scroll_into_view_if_needed()
    shot(bob, "replay-luck")


def shoot_the_daily(ada: Page, database: Path, shot: Shot) -> None:
    """Ada signs up (her account dated yesterday in ``database``), and the daily's page
    and her ranked result at today's Yatzy."""
    ada.goto("/account/sign-up/?next=/daily/")
    ada.get_by_label("Username").fill("ada")
    ada.get_by_label("Password", exact=True).fill(PASSWORD)
    ada.get_by_label("Password confirmation").fill(PASSWORD)
    ada.get_by_test_id("sign-up-submit").click()
    ada.wait_for_url("**/daily/")
    # An account made today practises (decision 0048): Ada's is from yesterday.
    with sqlite3.connect(database, timeout=20) as db:
        db.execute(
            "UPDATE auth_user SET date_joined = datetime('now', '-1 day') WHERE username = 'ada'"
        )
    ada.reload()
    shot(ada, "daily", full_page=True)
    ada.locator("[data-testid=daily-variant][data-variant=yatzy]").get_by_test_id(
        "daily-play"
    ).click()
    ada.wait_for_url("**/r/*/")
    while ada.get_by_test_id("results").is_hidden():
        play_turn(ada)
    ada.get_by_test_id("daily-result-link").click()
    ada.wait_for_selector("[data-testid=daily-par][data-par]:not([data-par=''])", timeout=120_000)
    shot(ada, "daily-result", full_page=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: install Debian's chromium (bash .ci/system-deps)")
    with (
        tempfile.TemporaryDirectory(prefix="fivedice-shot-") as tmp,
        serve(Path(tmp), GAMES_BOT_DELAY_SECONDS="0.2") as base_url,
    ):
        for path in take(base_url, args.out.resolve(), Path(tmp) / "db.sqlite3"):
            print(f"saved {path}")


if __name__ == "__main__":
    main()
