"""Take docs/screenshot.png: a game in progress, as a desktop browser shows it.

Starts its own Daphne on a free loopback port against a fresh SQLite database in a
temporary directory, drives Debian's Chromium through Playwright like a person would
(open a room from the home page, seat bots, start, play a few turns, hold dice), saves
the screenshot, and stops the server whatever happens.

    .venv/bin/python bench/screenshot.py
    .venv/bin/python bench/screenshot.py --variant triple_yahtzee --out /tmp/shot.png

Needs /usr/bin/chromium (Debian's package; `bash .ci/system-deps` installs it). It
never downloads a browser.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from live_server import CHROMIUM, CHROMIUM_ARGS, ROOT, serve

if TYPE_CHECKING:
    from playwright.sync_api import Page

VIEWPORT = {"width": 1280, "height": 900}


def best_box(page: Page) -> None:
    """Score the box that the current roll fills best (the one showing the most points)."""
    buttons = page.locator("button[data-testid^='box-']")
    buttons.first.wait_for()
    points = [int(b.locator(".cell-btn__points").inner_text()) for b in buttons.all()]
    buttons.nth(points.index(max(points))).click()
    if max(points) == 0:
        page.get_by_test_id("confirm-ok").click()
    page.wait_for_function("() => !document.querySelector(\"button[data-testid^='box-']\")")


def my_turn(page: Page) -> None:
    page.wait_for_function(
        "() => document.querySelector('[data-testid=turn-status][data-mine=true]')"
        " && document.querySelector('[data-testid=roll]')?.getAttribute('aria-disabled')"
        " === 'false'",
        timeout=30_000,
    )


def roll(page: Page) -> None:
    before = page.get_by_test_id("rolls-left").get_attribute("data-count")
    page.get_by_test_id("roll").click()
    page.wait_for_function(
        "b => document.querySelector('[data-testid=rolls-left]').dataset.count !== b", arg=before)


def hold_the_most_common_face(page: Page) -> None:
    faces = [int(page.get_by_test_id(f"die-{i}").get_attribute("data-face") or 0)
             for i in range(5)]
    face, _ = Counter(faces).most_common(1)[0]
    for i, value in enumerate(faces):
        if value == face:
            page.get_by_test_id(f"die-{i}").click()


def take_screenshot(base_url: str, out: Path, variant: str, turns: int) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport=VIEWPORT, base_url=base_url,
                                          device_scale_factor=1)
            page = context.new_page()
            page.set_default_timeout(15_000)
            page.goto("/")
            page.get_by_test_id("create-name").fill("Ada")
            page.get_by_test_id("create-ruleset").select_option(variant)
            page.get_by_test_id("create-seats").select_option("3")
            page.get_by_test_id("create-timer").select_option("90")
            page.get_by_test_id("create-submit").click()
            page.wait_for_url("**/r/*/")
            for _ in range(2):
                page.get_by_test_id("add-bot").click()
                page.wait_for_function(
                    "n => document.querySelectorAll('[data-testid=seat-list] .badge--bot')"
                    ".length >= n", arg=_ + 1)
            page.get_by_test_id("chat-input").fill("Good luck, bots!")
            page.get_by_test_id("chat-input").press("Enter")
            page.get_by_test_id("start").click()
            for _ in range(turns):
                my_turn(page)
                roll(page)
                hold_the_most_common_face(page)
                if page.get_by_test_id("roll").get_attribute("aria-disabled") == "false":
                    roll(page)
                best_box(page)
            # The turn on screen: one roll, the most common face held, options showing.
            my_turn(page)
            roll(page)
            hold_the_most_common_face(page)
            page.wait_for_timeout(700)  # let the dice land
            page.mouse.move(0, 0)
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out))
        finally:
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png")
    parser.add_argument("--variant", default="yahtzee",
                        choices=["yahtzee", "yatzy", "yams", "triple_yahtzee"])
    parser.add_argument("--turns", type=int, default=4, help="turns played before the shot")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: install Debian's chromium (bash .ci/system-deps)")

    with tempfile.TemporaryDirectory(prefix="fivedice-shot-") as tmp, \
            serve(Path(tmp), GAMES_BOT_DELAY_SECONDS="0.3") as base_url:
        take_screenshot(base_url, args.out.resolve(), args.variant, args.turns)
    print(f"saved {args.out}")


if __name__ == "__main__":
    main()
