"""A player's profile in the browser: figures, the accuracy chart, accessible at every
size and theme.  The games are written straight into the live server's database (no
game is played), so the test stays short."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from bench.harness.live_server import ROOT, site_env
from tests.browser.accessibility import LIGHT_DESKTOP_DARK_PHONE, assert_accessible_everywhere
from tests.browser.tables import create_room, horizontal_overflow

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
BUILD = (
    "import django; django.setup(); from tests.support.histories import games_for_host; "
    "games_for_host(sys.argv[1])"
)


def test_a_profile_shows_the_players_games(new_page: NewPage, live_database: Path) -> None:
    ada = new_page(name="ada")
    code = create_room(ada, name="Ada", ruleset="yahtzee", seats=2)
    subprocess.run(
        [sys.executable, "-c", f"import sys; {BUILD}", code],
        cwd=ROOT,
        env=site_env(live_database.parent),
        check=True,
        timeout=60,
    )

    ada.goto("/")
    ada.get_by_test_id("your-profile").click()
    expect(ada.get_by_test_id("profile-name")).to_have_text("Ada")
    variant = ada.locator("[data-testid=profile-variant][data-ruleset=yahtzee]")
    expect(variant.get_by_test_id("stat-played")).to_have_text("3")
    expect(variant.get_by_test_id("stat-won")).to_have_text("2")
    expect(variant.get_by_test_id("stat-average")).to_have_text("131.3")
    expect(variant.get_by_test_id("stat-yahtzees")).to_have_text("3")
    expect(variant.get_by_test_id("stat-bonuses")).to_have_text("3")
    chart = ada.get_by_test_id("profile-chart")
    expect(chart.get_by_role("img")).to_have_accessible_name(
        "The coach's accuracy in 3 reviewed games"
    )
    expect(chart.locator("circle")).to_have_count(3)
    expect(ada.get_by_test_id("profile-game")).to_have_count(3)
    expect(ada.get_by_test_id("profile-review").first).to_have_attribute(
        "href", f"/r/{code}/games/3/review/"
    )

    assert_accessible_everywhere(ada, "profile", on=LIGHT_DESKTOP_DARK_PHONE)
    ada.set_viewport_size({"width": 360, "height": 740})
    assert horizontal_overflow(ada) <= 360
