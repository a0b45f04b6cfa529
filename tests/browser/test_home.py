"""The home and rules pages in a real Chromium against a live Daphne process."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page, ViewportSize

from scoring import rulesets
from tests.browser.tables import horizontal_overflow

pytestmark = pytest.mark.browser

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 360, "height": 740}

OpenPage = Callable[[str, ViewportSize], Page]


@pytest.fixture
def open_page(new_page: Callable[..., Page]) -> Iterator[OpenPage]:
    """Open a path of the live site at a viewport size (``new_page`` fails the test on
    console errors, uncaught exceptions and server errors); these static pages must also
    load every resource: no 4xx, no failed request."""
    problems: list[str] = []

    def _open(path: str, viewport: ViewportSize) -> Page:
        page = new_page(viewport=viewport)
        page.on(
            "response",
            lambda resp: (
                problems.append(f"HTTP {resp.status} for {resp.url}")
                if resp.status >= 400
                else None
            ),
        )
        page.on("requestfailed", lambda req: problems.append(f"request failed: {req.url}"))
        response = page.goto(path, wait_until="load")
        assert response is not None and response.status == 200
        return page

    yield _open
    assert problems == []


def test_home_page_renders_with_styles(open_page: OpenPage) -> None:
    page = open_page("/", DESKTOP)
    assert "Five Dice" in page.title()
    assert page.locator("h1").inner_text() == "Roll five dice with your friends, live."
    cards = page.locator(".variant__title")
    expected = [rulesets.get(name).title for name in rulesets.names()]
    assert cards.all_inner_texts() == expected
    for name in rulesets.names():
        assert page.locator(f'a[href="/rules/{name}/"]').count() >= 1
    # site.css is applied: the header is the dark felt green with a gold edge.
    header = page.locator(".site-header")
    assert header.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(11, 59, 32)"
    assert header.evaluate("el => getComputedStyle(el).borderBottomColor") == "rgb(242, 182, 50)"
    assert page.locator(".hero .die").count() == 5


def test_home_page_fits_a_phone(open_page: OpenPage) -> None:
    page = open_page("/", PHONE)
    assert page.locator(".variant").count() == len(rulesets.names())
    assert horizontal_overflow(page) <= PHONE["width"]


def test_skip_link_is_first_and_visible_on_focus(open_page: OpenPage) -> None:
    page = open_page("/", PHONE)
    page.keyboard.press("Tab")
    skip = page.locator(".skip-link")
    assert skip.evaluate("el => el === document.activeElement")
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0
    assert skip.evaluate("el => getComputedStyle(el).outlineStyle") == "solid"
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#main"


@pytest.mark.parametrize("name", rulesets.names())
def test_rules_page_fits_a_phone(open_page: OpenPage, name: str) -> None:
    ruleset = rulesets.get(name)
    page = open_page(f"/rules/{name}/", PHONE)
    assert page.locator("h1").inner_text() == f"Rules of {ruleset.title}"
    rows = page.locator(".score-table tbody th").all_inner_texts()
    assert rows == [ruleset.box_title(box) for box in ruleset.categories]
    assert horizontal_overflow(page) <= PHONE["width"]
