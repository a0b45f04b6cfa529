"""The coach in a real Chromium: hints on your turn, the review after a game, and a
table with the coach turned off (where an expert bot plays)."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

import pytest
from playwright.sync_api import Locator, Page, expect

from scoring.strategy.solver import TIE
from tests.browser.tables import (
    PHONE,
    connected,
    create_room,
    held,
    horizontal_overflow,
    my_turn,
    place_first_box,
    roll,
    until,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def test_hints_show_the_best_move_and_what_every_other_choice_is_worth(new_page: NewPage) -> None:
    page = new_page(viewport=PHONE, name="coach")
    create_room(page, name="Ada", ruleset="yahtzee", seats=1)
    page.get_by_test_id("start").click()
    expect(my_turn(page)).to_be_visible()
    coach = page.get_by_test_id("coach")
    turn_the_hints_on_with_a_key(page, coach)
    roll(page)
    best = page.get_by_test_id("coach-best")
    every_choice_is_valued_below_the_best(page, best)
    apply_the_best_move(page, best)
    assert horizontal_overflow(page) <= PHONE["width"]
    box = coach.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]

    # The choice is remembered by the browser.
    page.reload()
    connected(page)
    expect(page.get_by_test_id("hint-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("coach-best")).to_be_visible()
    page.get_by_test_id("hint-toggle").click()
    expect(page.get_by_test_id("hint-toggle")).to_have_attribute("aria-pressed", "false")
    expect(coach).to_be_hidden()
    expect(page.locator(".die--play.is-suggested, .cell-btn.is-coach")).to_have_count(0)


def turn_the_hints_on_with_a_key(page: Page, coach: Locator) -> None:
    """The hints start off; a keyboard turns them on, and before the first roll the coach
    tells the expected final score of perfect play (254.59), exactly."""
    toggle = page.get_by_test_id("hint-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(coach).to_be_hidden()

    toggle.focus()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("coach-expected")).to_contain_text("254.6", timeout=30_000)
    expect(page.get_by_test_id("coach-kind")).to_have_text("Exact")


def every_choice_is_valued_below_the_best(page: Page, best: Locator) -> None:
    """The best move first, then every choice with its value, best first (choices within
    the solver's tie, TIE, keep its order: a box before a keep), keeps drawn as small
    dice, boxes by their titles; and why, in a sentence."""
    expect(best).to_be_visible()
    expect(best).to_contain_text("Best move")
    best_value = float(best.get_attribute("data-value") or "nan")
    choices = page.get_by_test_id("coach-choice")
    expect(choices.first).to_be_visible()
    values = [float(v) for v in choices.evaluate_all("els => els.map(e => e.dataset.value)")]
    assert len(values) >= 13 and all(v <= best_value for v in values)
    assert all(a >= b - TIE for a, b in pairwise(values))
    assert page.locator("[data-testid=coach-choice][data-kind=keep] .die--mini").count() > 0
    expect(choices.first).to_contain_text(re.compile(r"\d+\.\d"))
    expect(page.get_by_test_id("coach-why")).to_have_text(
        re.compile(r"^(Keep|Reroll all five|Score \d+ in) .+\.")
    )


def apply_the_best_move(page: Page, best: Locator) -> None:
    """The best move is marked on the table too, never like a held die; Apply does it (a
    box filled: the next turn's roll, for what follows)."""
    if best.get_attribute("data-kind") == "keep":
        suggested = page.evaluate(
            "[0, 1, 2, 3, 4].filter(i => document.querySelector("
            "`[data-testid=die-${i}]`).classList.contains('is-suggested'))"
        )
        if suggested:
            die = page.locator(".die--play.is-suggested").first
            expect(die).to_be_visible()
            assert die.get_attribute("aria-pressed") == "false"
            assert die.evaluate("el => getComputedStyle(el, '::before').content") == '"coach"'
            ring = die.evaluate("el => getComputedStyle(el, '::after').borderTopColor")
            held_gold = "rgb(242, 182, 50)"
            assert ring != held_gold
        page.get_by_test_id("coach-apply").click()
        until(
            page,
            """want => JSON.stringify([0, 1, 2, 3, 4].filter(i => document.querySelector(
            `[data-testid=die-${i}]`).getAttribute('aria-pressed') === 'true'))
            === JSON.stringify(want)""",
            suggested,
        )
        assert held(page) == suggested
    else:
        expect(page.locator(".cell-btn.is-coach")).to_have_count(1)
        page.get_by_test_id("coach-apply").click()
        expect(page.locator("[data-testid=scorecards] td.is-filled")).to_have_count(1)
        roll(page)


def test_with_the_coach_off_there_are_no_hints_and_an_expert_bot_plays(new_page: NewPage) -> None:
    page = new_page(name="strict")
    create_room(page, name="Ada", ruleset="yams", seats=2)
    page.get_by_test_id("settings-open").click()
    coach_switch = page.get_by_test_id("settings-coach")
    expect(coach_switch).to_be_checked()
    coach_switch.uncheck()
    page.get_by_test_id("settings-save").click()
    expect(page.get_by_test_id("settings-summary")).to_contain_text("no coach hints")
    expect(page.get_by_test_id("log-list")).to_contain_text("no coach hints")

    page.get_by_test_id("add-bot-level").select_option("expert")
    page.get_by_test_id("add-bot").click()
    badge = page.get_by_test_id("seat-1").locator(".badge--bot")
    expect(badge).to_have_text(re.compile(r"expert bot", re.IGNORECASE))
    expect(page.get_by_test_id("log-list")).to_contain_text("(expert)")

    page.get_by_test_id("start").click()
    expect(my_turn(page)).to_be_visible()
    roll(page)
    expect(page.get_by_test_id("hint-toggle")).to_have_count(0)
    expect(page.get_by_test_id("coach")).to_be_hidden()
    place_first_box(page)
    bot_cells = page.locator("[data-testid=scorecards] td.is-filled[data-cell^='1-']")
    expect(bot_cells).to_have_count(1, timeout=15_000)
    expect(my_turn(page)).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("hint-toggle")).to_have_count(0)
