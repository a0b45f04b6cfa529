"""Take the pictures in docs/screenshots/: the home page, a lobby, a game in progress on a
desktop and on a phone in the light and the dark theme, on a phone held sideways and at
200 % zoom, the results, a review, the
room's past games, a replay and the player's profile; then a game of Yam's in French
and one of Yatzy in Swedish (``--languages-only``: those two alone); then a room by the
day: its form, its table and a player's games (``--by-the-day-only``: those alone).

Starts its own Daphne on a free loopback port against a fresh SQLite database in a
temporary directory, drives Debian's Chromium through Playwright like a person would
(open a room from the home page, seat bots, chat, play a whole game, open its review),
saves the pictures, and stops the server whatever happens.

    .venv/bin/python bench/screenshots.py
    .venv/bin/python bench/screenshots.py --variant yams --out /tmp/shots

Needs /usr/bin/chromium (Debian's package; `bash .ci/system-deps` installs it) and, for
emoji in the pictures, a colour emoji font (Debian's fonts-noto-color-emoji). It never
downloads a browser.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness.live_server import CHROMIUM, CHROMIUM_ARGS, ROOT, serve
from bench.harness.pictures import (
    DESKTOP,
    LANDSCAPE,
    PHONE,
    ZOOMED,
    best_box,
    open_table_with_two_bots,
    play_turn,
    save_shot,
    start_and_hold_a_roll,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

# Save a picture of a page under a name (``save_shot`` with the folder and the list bound).
Shot = Callable[..., Any]


def take_screenshots(base_url: str, out: Path, variant: str, turns: int) -> list[Path]:
    """Play a game from the home page to its review, saving a picture at each stop."""
    from playwright.sync_api import sync_playwright

    saved: list[Path] = []
    shot = partial(save_shot, out=out, saved=saved)

    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            # Reduced motion: the dice land at once, so no picture catches them mid-air.
            context = browser.new_context(
                viewport=DESKTOP,
                base_url=base_url,
                device_scale_factor=1,
                reduced_motion="reduce",
                color_scheme="light",
            )
            page = context.new_page()
            page.set_default_timeout(30_000)
            shoot_lobby_and_board(page, shot, variant, turns)
            shoot_board_sideways_and_zoomed(browser, context, page.url, base_url, shot)
            page.set_viewport_size(DESKTOP)
            shoot_results_and_review(page, shot)
            shoot_history_and_replay(page, shot)
            page.goto("/players/me/")
            page.get_by_test_id("profile-chart").wait_for()
            shot(page, "profile", full_page=True)
        finally:
            browser.close()
    return saved


def shoot_lobby_and_board(page: Page, shot: Shot, variant: str, turns: int) -> None:
    """The home page, the lobby with a line of chat, and the board after ``turns`` turns
    on a desktop and a phone, in the light and the dark theme."""
    page.goto("/")
    shot(page, "home")
    open_table_with_two_bots(page, "Ada", variant, timer="90")
    page.get_by_test_id("chat-input").fill("Good luck, bots! 🎲")
    page.get_by_test_id("chat-input").press("Enter")
    page.wait_for_function("() => document.querySelector('.chat__msg')")
    shot(page, "lobby")
    start_and_hold_a_roll(page, turns)
    shot(page, "board-desktop-light")
    page.emulate_media(color_scheme="dark")
    shot(page, "board-desktop-dark")
    page.set_viewport_size(PHONE)
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "board-phone-dark")
    page.emulate_media(color_scheme="light")
    shot(page, "board-phone-light")


def shoot_board_sideways_and_zoomed(
    browser: Browser, context: BrowserContext, url: str, base_url: str, shot: Shot
) -> None:
    """The same player's board (``url``) in a tab of their own: a phone held sideways
    (touch), then a laptop zoomed to 200 % (two device pixels to each CSS pixel)."""
    for name, viewport, options in (
        ("board-phone-landscape", LANDSCAPE, {"is_mobile": True, "has_touch": True}),
        ("board-zoom-200", ZOOMED, {"device_scale_factor": 2}),
    ):
        other = browser.new_context(
            viewport=viewport,
            base_url=base_url,
            reduced_motion="reduce",
            color_scheme="light",
            storage_state=context.storage_state(),
            **options,
        )
        tab = other.new_page()
        tab.goto(url)
        tab.wait_for_selector("button.cell-btn")
        # Scrolled to the table, as a player is once the game runs.
        tab.evaluate("document.querySelector('.room__layout').scrollIntoView()")
        shot(tab, name)
        other.close()


def shoot_results_and_review(page: Page, shot: Shot) -> None:
    """Play the game to its end, then the results, the review and its luck section."""
    best_box(page)
    while page.get_by_test_id("results").is_hidden():
        page.wait_for_function(
            "() => document.querySelector('[data-testid=results]:not([hidden])')"
            " || document.querySelector('[data-testid=turn-status][data-mine=true]')",
            timeout=30_000,
        )
        if page.get_by_test_id("results").is_hidden():
            play_turn(page)
    page.get_by_test_id("ranking").wait_for()
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "results")
    page.get_by_test_id("review-link").click()
    page.get_by_test_id("review-table").wait_for()
    shot(page, "review")
    # The split and its chart: the section from its heading down.
    page.get_by_test_id("review-luck").evaluate("el => el.scrollIntoView()")
    shot(page, "review-luck")


def shoot_history_and_replay(page: Page, shot: Shot) -> None:
    """From a review: the room's past games, then a replay at a step the coach values."""
    page.goto(page.url.split("/games/")[0] + "/games/")
    page.get_by_test_id("history-game").first.wait_for()
    shot(page, "history")
    page.get_by_test_id("history-replay").first.click()
    # A placement some turns in, with the coach's value of the choice made.
    # The page reloads itself until the coach's tables are loaded.
    page.wait_for_selector("[data-testid=replay-coach-status][data-status=ready]", timeout=120_000)
    for _ in range(8):
        page.keyboard.press("ArrowRight")
    coach = page.get_by_test_id("replay-coach")
    for _ in range(60):  # the next step the coach has a word for
        if coach.is_visible() and "best" in (coach.text_content() or ""):
            break
        page.keyboard.press("ArrowRight")
    coach.filter(has_text="best").wait_for()
    shot(page, "replay")


# (browser locale, variant, picture): the board as French and Swedish players see it.
LANGUAGE_BOARDS = [("fr-FR", "yams", "board-fr"), ("sv-SE", "yatzy", "board-sv")]


def take_language_screenshots(base_url: str, out: Path, turns: int) -> list[Path]:
    """A few turns against two bots in each of ``LANGUAGE_BOARDS``'s languages."""
    from playwright.sync_api import sync_playwright

    saved: list[Path] = []
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            for locale, variant, name in LANGUAGE_BOARDS:
                context = browser.new_context(
                    viewport=DESKTOP,
                    base_url=base_url,
                    device_scale_factor=1,
                    reduced_motion="reduce",
                    color_scheme="light",
                    locale=locale,
                )
                page = context.new_page()
                page.set_default_timeout(30_000)
                page.goto("/")
                open_table_with_two_bots(page, {"fr-FR": "Inès"}.get(locale, "Sven"), variant)
                start_and_hold_a_roll(page, turns)
                page.mouse.move(0, 0)
                path = out / f"{name}.png"
                page.screenshot(path=str(path))
                saved.append(path)
                context.close()
        finally:
            browser.close()
    return saved


def take_day_screenshots(base_url: str, out: Path) -> list[Path]:
    """A room by the day: the home page's form set to it on a phone, the table after the
    host's first turn of a round played at once (another player on holiday, a third
    rolling, the offer of notifications), and that player's games and notifications
    page on a phone."""
    from playwright.sync_api import sync_playwright

    saved: list[Path] = []
    shot = partial(save_shot, out=out, saved=saved)

    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            person = partial(new_person, browser, base_url)
            ada = person(DESKTOP, False, "Europe/Paris")
            phone = person(PHONE, True, "Europe/Paris")
            for page in (phone, ada):
                fill_the_form_by_the_day(page)
            phone.get_by_test_id("create-pace").scroll_into_view_if_needed()
            shot(phone, "home-by-the-day")
            ada.get_by_test_id("create-submit").click()
            ada.wait_for_url("**/r/*/")
            room_url = ada.url
            friends = [
                join_room(person(PHONE, True, zone), room_url, name)
                for name, zone in (("Bob", "America/New_York"), ("Chiara", "Asia/Tokyo"))
            ]
            play_a_round_with_one_on_holiday(ada, *friends)
            shot(ada, "board-by-the-day")
            friends[1].goto("/games/")
            shot(friends[1], "your-games")
            friends[1].goto("/notifications/")
            friends[1].get_by_test_id("notices-quiet-from").select_option("22")
            friends[1].get_by_test_id("notices-quiet-until").select_option("7")
            shot(friends[1], "notifications")
        finally:
            browser.close()
    return saved


def new_person(
    browser: Browser, base_url: str, viewport: ViewportSize, mobile: bool, zone: str
) -> Page:
    """A page of a browser of its own in time zone ``zone``, notifications allowed."""
    context = browser.new_context(
        viewport=viewport,
        base_url=base_url,
        device_scale_factor=1,
        reduced_motion="reduce",
        color_scheme="light",
        locale="en-GB",
        is_mobile=mobile,
        has_touch=mobile,
        timezone_id=zone,
    )
    context.grant_permissions(["notifications"])
    found = context.new_page()
    found.set_default_timeout(30_000)
    return found


def fill_the_form_by_the_day(page: Page) -> None:
    """The home page's form filled in by Ada: Yatzy by the day, three seats, 48 hours."""
    page.goto("/")
    page.get_by_test_id("create-name").fill("Ada")
    page.get_by_test_id("create-ruleset").select_option("yatzy")
    page.get_by_test_id("create-seats").select_option("3")
    page.get_by_test_id("create-pace-day").check()
    page.get_by_test_id("create-turn-hours").select_option("48")


def join_room(friend: Page, room_url: str, name: str) -> Page:
    """``friend`` joins the room at ``room_url`` as ``name``."""
    friend.goto(room_url)
    friend.get_by_test_id("join-name").fill(name)
    friend.get_by_test_id("join-submit").click()
    friend.wait_for_selector("[data-testid=seat-list]")
    return friend


def play_a_round_with_one_on_holiday(ada: Page, bob: Page, chiara: Page) -> None:
    """Ada starts and plays her turn, Bob takes three days off, Chiara rolls; Ada's page
    then shows it all and the offer of notifications, scrolled to the top."""
    ada.get_by_test_id("start").click()
    play_turn(ada)
    bob.get_by_test_id("holiday").click()
    bob.get_by_test_id("holiday-days").select_option("3")
    bob.get_by_test_id("holiday-take").click()
    bob.get_by_test_id("confirm-ok").click()
    ada.wait_for_selector("[data-testid=holiday-note-1]")
    chiara.get_by_test_id("roll").click()  # everyone at once: Chiara plays too
    ada.wait_for_selector("[data-testid=round-2] .round-dice__die")
    ada.wait_for_selector("[data-testid=push-offer]")
    ada.evaluate("window.scrollTo(0, 0)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument(
        "--variant", default="yahtzee", choices=["yahtzee", "yatzy", "yams", "triple_yahtzee"]
    )
    parser.add_argument("--turns", type=int, default=5, help="turns played before the board")
    parser.add_argument(
        "--languages-only", action="store_true", help="only the French and Swedish boards"
    )
    parser.add_argument(
        "--by-the-day-only", action="store_true", help="only the pictures of a room by the day"
    )
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: install Debian's chromium (bash .ci/system-deps)")

    with (
        tempfile.TemporaryDirectory(prefix="fivedice-shot-") as tmp,
        serve(Path(tmp), GAMES_BOT_DELAY_SECONDS="0.2") as base_url,
    ):
        saved: list[Path] = []
        if not (args.languages_only or args.by_the_day_only):
            saved += take_screenshots(base_url, args.out.resolve(), args.variant, args.turns)
        if not args.by_the_day_only:
            saved += take_language_screenshots(base_url, args.out.resolve(), args.turns)
        if not args.languages_only:
            saved += take_day_screenshots(base_url, args.out.resolve())
        for path in saved:
            print(f"saved {path}")


if __name__ == "__main__":
    main()
