"""The page gets a player's attention: sounds with a mute switch that is remembered, the
tab's title and icon on their turn, and a notification when the tab is hidden."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import create_room, join_room, my_turn, place_first_box, roll

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]

# The tab is in the background, and the browser's notifications are recorded (a test
# cannot see the system's own): Bob allowed them when the page asked.
HIDDEN_TAB = """
Object.defineProperty(document, "hidden", { get: () => true });
Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
window.shown = [];
window.Notification = class {
  static permission = "default";
  static requestPermission() {
    window.Notification.permission = "granted";
    return Promise.resolve("granted");
  }
  constructor(title, options) { window.shown.push({ title, body: options.body }); }
  close() {}
};
"""


def sounds(page: Page) -> int:
    return int(page.evaluate("document.documentElement.dataset.sounds || '0'"))


def test_sounds_play_until_muted_and_the_switch_is_remembered(new_page: NewPage) -> None:
    ada = new_page(name="ada", sound=True)
    create_room(ada, name="Ada", ruleset="yatzy", seats=1)
    switch = ada.get_by_test_id("sound-toggle")
    expect(switch).to_have_attribute("aria-pressed", "true")
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    roll(ada)
    expect(ada.locator("html")).to_have_attribute("data-last-sound", "roll")
    place_first_box(ada)
    expect(ada.locator("html")).to_have_attribute("data-last-sound", re.compile("score|yahtzee"))

    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    before = sounds(ada)
    roll(ada)
    place_first_box(ada)
    assert sounds(ada) == before  # muted: nothing played
    ada.reload()
    expect(ada.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "false")

    # Notifications are blocked (as the site settings of Chromium can say, here through
    # its DevTools protocol): pressing Alerts says so on the page, not only in a tooltip
    # that touch screens never show.
    origin = re.match(r"https?://[^/]+", ada.url).group(0)  # type: ignore[union-attr]
    cdp = ada.context.new_cdp_session(ada)
    context_id = cdp.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
    cdp.send(
        "Browser.setPermission",
        {
            "permission": {"name": "notifications"},
            "setting": "denied",
            "origin": origin,
            "browserContextId": context_id,
        },
    )
    assert ada.evaluate("Notification.permission") == "denied"
    ada.get_by_test_id("alerts-toggle").click()
    expect(ada.get_by_test_id("toast").filter(has_text="Notifications are blocked")).to_be_visible()
    expect(ada.get_by_test_id("alerts-toggle")).to_have_attribute("aria-pressed", "false")


def test_your_turn_shows_in_the_title_the_icon_and_a_notification(new_page: NewPage) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob", sound=True)
    bob.add_init_script(HIDDEN_TAB)
    code = create_room(ada, name="Ada", ruleset="yatzy", seats=2)
    join_room(bob, code, name="Bob")
    alerts = bob.get_by_test_id("alerts-toggle")
    expect(alerts).to_have_attribute("aria-pressed", "false")
    alerts.click()  # the browser asks; Bob allows
    expect(alerts).to_have_attribute("aria-pressed", "true")
    ada.get_by_test_id("start").click()
    expect(bob).not_to_have_title(re.compile("Your turn"))
    icon = bob.locator("link[rel=icon]")
    expect(icon).to_have_attribute("href", re.compile(r"favicon\.svg$"))

    roll(ada)
    place_first_box(ada)
    # The turn passed: Ada's keyboard focus is on the turn banner, not thrown to the top.
    ada.wait_for_function("() => document.activeElement?.matches('.board__status')")
    expect(bob).to_have_title(re.compile(r"^● Your turn"))
    expect(icon).to_have_attribute("href", re.compile(r"favicon-turn\.svg$"))
    bob.wait_for_function("() => window.shown.length === 1")
    assert bob.evaluate("window.shown[0].title") == "Your turn"
    assert code in bob.evaluate("window.shown[0].body")
    expect(ada).not_to_have_title(re.compile("Your turn"))
    expect(ada.locator("link[rel=icon]")).to_have_attribute("href", re.compile(r"favicon\.svg$"))
