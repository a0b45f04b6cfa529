"""What the page scripts write, in the reader's language: the name field's counter, the
scorecards, the dice and the coach in French and Swedish, with decimals written as the
language writes them, and nothing for axe to object to.

Needs compiled catalogs (``make catalogs``) holding the French and Swedish texts."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.accessibility import assert_accessible
from tests.browser.tables import create_room, my_turn, place_first_box, roll

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def in_language(new_page: NewPage, live_url: str, language: str, name: str) -> Page:
    """A page whose person chose ``language`` in the header (the language cookie)."""
    page = new_page(name=name)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_url}])
    return page


def test_the_name_counter_and_the_scorecards_in_french(new_page: NewPage,
                                                        live_url: str) -> None:
    page = in_language(new_page, live_url, "fr", "fr")
    page.goto("/")
    name, count = page.get_by_test_id("create-name"), page.get_by_test_id("create-name-count")
    name.fill("Ada")
    expect(count).to_have_text("3 caractères sur 24.")
    name.fill("A" * 30)
    expect(count).to_have_text("Trop long : 30 caractères sur 24.")
    expect(page.get_by_test_id("create-timer").locator("option").last).to_have_text("Autre…")

    create_room(page, name="Ada", ruleset="yahtzee", seats=1, from_home=True)
    # The rules panel and the scorecard name Yahtzee's boxes as French players do.
    rules = page.locator("[data-region=rules]")
    expect(rules).to_contain_text("Brelan")
    expect(rules).to_contain_text("Règle du joker")
    page.get_by_test_id("start").click()
    expect(my_turn(page)).to_be_visible()
    cards = page.get_by_test_id("scorecards")
    expect(cards).to_contain_text("Brelan")
    expect(cards).to_contain_text("Petite suite")
    roll(page)
    expect(page.locator("#cards-title")).to_have_text("Feuilles de score")
    expect(page.get_by_test_id("scorecards").locator("tfoot th")).to_have_text("Total")
    expect(page.locator(".sheet__sum--upper th")).to_contain_text("bonus à 63")
    die = page.get_by_test_id("die-0")
    expect(die).to_have_attribute("aria-label", re.compile(r"^Dé 1 : [1-6]"))
    expect(die).to_have_attribute("title", "Garder ce dé (touche 1)")
    option = page.locator("button.cell-btn").first
    expect(option).to_have_attribute("aria-label", re.compile(r"^Marquer \d+ en "))
    expect(page.get_by_test_id("reactions")).to_have_attribute("aria-label", "Réactions rapides")
    assert_accessible(page, "the room in French")
    place_first_box(page)  # and the move log says it in French
    expect(page.get_by_test_id("log-list")).to_contain_text(re.compile(r"Ada a marqué \d+ en "))


def test_the_coach_writes_swedish_decimals(new_page: NewPage, live_url: str) -> None:
    page = in_language(new_page, live_url, "sv", "sv")
    create_room(page, name="Ada", ruleset="yahtzee", seats=1, from_home=True)
    page.get_by_test_id("start").click()
    expect(my_turn(page)).to_be_visible()
    toggle = page.get_by_test_id("hint-toggle")
    expect(toggle).to_have_text("?Tips")
    toggle.click()
    # Perfect play's expected final score, 254.59, as Swedish writes it.
    expect(page.get_by_test_id("coach-expected")).to_have_text(
        "Förväntad slutpoäng 254,6", timeout=30_000)
    expect(page.get_by_test_id("coach-kind")).to_have_text("Exakt")
    expect(page.get_by_test_id("chat-list")).to_contain_text("Inga meddelanden än. Säg hej!")
