"""The dark theme follows the device's setting, and the header's switch overrides it
(Auto, Dark, Light), remembered across pages and reloads."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import settle

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]

# Whether the page's background is a dark colour (its luma below 80 of 255).
DARK = """() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 80;
}"""


def shows(page: Page, theme: str) -> None:
    """The page is drawn in ``theme`` ("dark" or "light") once it has settled."""
    settle(page)
    assert page.evaluate(DARK) == (theme == "dark"), f"expected the {theme} theme"


def test_the_theme_follows_the_device_and_the_switch_overrides_it(new_page: NewPage) -> None:
    page = new_page(name="night owl")
    page.emulate_media(color_scheme="dark")
    page.goto("/")
    switch = page.get_by_test_id("theme-toggle")
    expect(switch).to_have_accessible_name("Theme: Auto")
    shows(page, "dark")
    page.emulate_media(color_scheme="light")
    shows(page, "light")  # Auto follows the device as it changes

    switch.click()
    expect(switch).to_have_accessible_name("Theme: Dark")
    shows(page, "dark")
    # Remembered on every page of the site, from the first frame.
    page.goto("/rules/yatzy/")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    shows(page, "dark")
    expect(page.get_by_test_id("theme-toggle")).to_have_accessible_name("Theme: Dark")

    page.get_by_test_id("theme-toggle").click()
    expect(page.get_by_test_id("theme-toggle")).to_have_accessible_name("Theme: Light")
    page.emulate_media(color_scheme="dark")
    shows(page, "light")  # Light holds whatever the device says
    page.reload()
    shows(page, "light")

    page.get_by_test_id("theme-toggle").click()
    expect(page.get_by_test_id("theme-toggle")).to_have_accessible_name("Theme: Auto")
    expect(page.locator("html")).not_to_have_attribute("data-theme", "light")
    shows(page, "dark")
