"""What the screenshot scripts share: screen sizes, a person's moves on the room page
(roll, keep the most common face, score the best box), opening a table, and saving a
picture."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
LANDSCAPE: ViewportSize = {"width": 844, "height": 390}
# A 1280 x 800 screen at 200 % zoom lays the page out in 640 x 400 CSS pixels.
ZOOMED: ViewportSize = {"width": 640, "height": 400}


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
        "b => document.querySelector('[data-testid=rolls-left]').dataset.count !== b", arg=before
    )


def play_turn(page: Page) -> None:
    """Roll, keep the most common face, roll again, and score the best box."""
    my_turn(page)
    roll(page)
    hold_the_most_common_face(page)
    if page.get_by_test_id("roll").get_attribute("aria-disabled") == "false":
        roll(page)
    best_box(page)


def hold_the_most_common_face(page: Page) -> None:
    faces = [int(page.get_by_test_id(f"die-{i}").get_attribute("data-face") or 0) for i in range(5)]
    face, _ = Counter(faces).most_common(1)[0]
    for i, value in enumerate(faces):
        if value == face:
            page.get_by_test_id(f"die-{i}").click()


def open_table_with_two_bots(page: Page, name: str, variant: str, timer: str = "") -> None:
    """From the home page: open a room of three seats of ``variant`` and seat two bots."""
    page.get_by_test_id("create-name").fill(name)
    page.get_by_test_id("create-ruleset").select_option(variant)
    page.get_by_test_id("create-seats").select_option("3")
    page.get_by_test_id("create-timer").select_option(timer)
    page.get_by_test_id("create-submit").click()
    page.wait_for_url("**/r/*/")
    for n in range(2):
        page.get_by_test_id("add-bot").click()
        page.wait_for_function(
            "n => document.querySelectorAll('[data-testid=seat-list] .badge--bot').length >= n",
            arg=n + 1,
        )


def start_and_hold_a_roll(page: Page, turns: int) -> None:
    """Start the game, play ``turns`` turns, then roll once on the next one and hold the
    most common face, so the board shows options."""
    page.get_by_test_id("start").click()
    for _ in range(turns):
        play_turn(page)
    my_turn(page)
    roll(page)
    hold_the_most_common_face(page)


def save_shot(
    page: Page, name: str, full_page: bool = False, *, out: Path, saved: list[Path]
) -> None:
    """Save a picture of ``page`` as ``out/name.png`` (the pointer out of the way), and
    add it to ``saved``."""
    page.mouse.move(0, 0)
    path = out / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    saved.append(path)
