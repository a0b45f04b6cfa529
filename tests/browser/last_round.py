"""A two-player Yahtzee game brought to its last round in the live server's database, then
played out from the pages on Chance: Ada, 35 points ahead, wins whatever the dice."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Page, expect

from bench.harness.live_server import ROOT, site_env
from tests.browser.tables import connected, roll, wait_my_turn

# ``{history}``: a function of tests/support/histories.py that fills every box but Chance.
NEAR_THE_END = (
    "import sys, django; django.setup(); "
    "from tests.support.histories import {history}; "
    "{history}(sys.argv[1], [5, 0], [30, 0])"
)


def play_the_last_round(
    history: str, code: str, live_database: Path, pages: Sequence[Page]
) -> None:
    """Write every round but the last with ``history`` (``yahtzee_near_the_end`` or
    ``rated_near_the_end``), reload each page, and let each player roll and score Chance
    (never 0: no confirmation) in turn; the first page then shows the results."""
    subprocess.run(
        [sys.executable, "-c", NEAR_THE_END.format(history=history), code],
        cwd=ROOT,
        env=site_env(live_database.parent),
        check=True,
        timeout=60,
    )
    for page in pages:
        page.reload()
        connected(page)
    for page in pages:
        wait_my_turn(page)
        roll(page)
        page.get_by_test_id("box-main-chance").click()
        expect(page.locator("td[data-testid='box-main-chance'].is-filled")).to_be_visible()
    expect(pages[0].get_by_test_id("ranking")).to_be_visible()
