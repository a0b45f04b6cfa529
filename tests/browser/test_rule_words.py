"""The room page draws the language-neutral state with the words of its reader's language.

Needs compiled catalogs (``make catalogs``).
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.tables import create_room, play_turn, wait_my_turn


def test_a_french_page_names_the_boxes_and_logs_the_moves_in_french(
        live_url: str, browser: object) -> None:
    context = browser.new_context(  # type: ignore[attr-defined]
        base_url=live_url, locale="fr-FR", reduced_motion="reduce",
        viewport={"width": 1280, "height": 900})
    problems: list[str] = []
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    try:
        create_room(page, name="Ada", ruleset="yahtzee", seats=2, timer="30")
        rules = page.locator("[data-region=rules]")
        expect(rules).to_contain_text("Brelan")
        expect(rules).to_contain_text("Règle du joker")
        page.get_by_test_id("add-bot").click()
        page.get_by_test_id("start").click()
        wait_my_turn(page)
        cards = page.get_by_test_id("scorecards")
        expect(cards).to_contain_text("Brelan")
        expect(cards).to_contain_text("Petite suite")
        play_turn(page)
        log = page.get_by_test_id("log-list")
        expect(log).to_contain_text(re.compile(r"Ada a marqué \d+ en "))
    finally:
        context.close()
    assert problems == []
