"""What a finished two-player game of Yatzy shows after it: its review, the room's past
games and the replay, each checked as its player reads them (test_room.py)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Locator, Page, expect

from common.figures import rounded
from tests.browser.accessibility import (
    DARK_DESKTOP_LIGHT_PHONE,
    LIGHT_DESKTOP_DARK_PHONE,
    assert_accessible_everywhere,
)
from tests.browser.tables import DESKTOP, PHONE, connected, dice, horizontal_overflow
from tests.support.figures import figure

YATZY_BOXES = 15
# The final line of each seat as the results show it: rank, total, name.
Scores = list[tuple[str, str, str]]


def printed_figures(where: Page | Locator, prefix: str, keys: tuple[str, ...]) -> list[Decimal]:
    """The figures printed in the elements ``prefix + key`` under ``where`` (none where
    an element is left out)."""
    found = (where.get_by_test_id(prefix + key) for key in keys)
    return [figure(f.inner_text()) for f in found if f.count()]


def check_the_review(page: Page, code: str) -> None:
    """From the results, the player's review of game 1 of room ``code``: each of their
    decisions against the coach's best, the split of the score into skill and luck,
    readable everywhere and fitting a phone; then back to the room."""
    page.get_by_test_id("review-link").click()
    page.wait_for_url(re.compile(rf"/r/{code}/games/1/review/$"))
    expect(page.get_by_test_id("review-decisions")).to_have_text(str(YATZY_BOXES))
    rows = page.get_by_test_id("review-row")
    expect(rows).to_have_count(YATZY_BOXES)
    losses = [float(v) for v in rows.evaluate_all("els => els.map(e => e.dataset.loss)")]
    assert all(loss >= 0 for loss in losses)
    lost_text = page.get_by_test_id("review-lost").inner_text()
    lost = float(lost_text)
    assert lost == pytest.approx(sum(losses), abs=0.2)
    expect(page.get_by_test_id("review-accuracy")).to_have_text(re.compile(r"^\d+(\.\d)?%$"))
    expect(page.get_by_test_id("review-kind")).to_contain_text("Exact")
    if any(loss >= 1 for loss in losses):  # costly decisions stand out
        expect(page.locator("tr.is-costly, tr.is-blunder").first).to_be_visible()
    # Skill or luck: the split of her score, and its chart roll by roll.
    expect(page.get_by_test_id("review-luck-yours")).to_have_text(
        lost_text if lost_text == "0" else f"\N{MINUS SIGN}{lost_text}"
    )
    assert (
        sum(
            printed_figures(
                page.get_by_test_id("review-luck"),
                "review-luck-",
                ("start", "luck", "yours", "others"),
            )
        )
        == printed_figures(page, "review-luck-", ("total",))[0]
    )
    expect(page.get_by_test_id("review-chart").locator("polyline")).to_have_count(1)
    assert_accessible_everywhere(page, "the review", on=DARK_DESKTOP_LIGHT_PHONE)
    # On a 360 px phone the whole table fits: nothing to slide sideways.
    page.set_viewport_size(PHONE)
    assert page.evaluate(
        "(el => el.scrollWidth <= el.clientWidth)(document.querySelector('.table-scroll'))"
    )
    assert horizontal_overflow(page) <= PHONE["width"]
    page.set_viewport_size(DESKTOP)
    page.get_by_test_id("review-back").click()
    connected(page)
    expect(page.get_by_test_id("results")).to_be_visible()


def check_the_past_games(page: Page, code: str, scores: Scores) -> None:
    """From the results, the room's past games: this one, ranked, with its replay and
    the player's review; then its replay, once the coach's tables are there."""
    expect(page.get_by_test_id("replay-link")).to_be_visible()
    page.get_by_test_id("history-link").click()
    page.wait_for_url(re.compile(rf"/r/{code}/games/$"))
    ranked = sorted(scores, key=lambda r: (int(r[0]), -int(r[1])))
    rows = page.get_by_test_id("history-result").evaluate_all(
        "els => els.map(e => [e.dataset.rank, e.dataset.total, e.dataset.name])"
    )
    assert [tuple(r) for r in rows] in (
        [tuple(r) for r in ranked],
        [tuple(r) for r in reversed(ranked)],
    )
    expect(page.get_by_test_id("history-review")).to_have_count(1)
    page.get_by_test_id("history-replay").click()
    page.wait_for_url(re.compile(rf"/r/{code}/games/1/replay/$"))
    # Until this server process has the coach's tables, the page reloads itself.
    expect(page.get_by_test_id("replay-coach-status")).to_have_attribute(
        "data-status", "ready", timeout=60_000
    )


def check_the_first_steps_of_the_replay(page: Page) -> None:
    """Ada's first roll, her first placement valued by the coach (each person's split of
    the score adding up as printed), then Bob's first roll."""
    # Step by step: each turn was one roll and one placement.
    step = page.get_by_test_id("replay-step")
    expect(step).to_have_attribute("data-step", "1")
    expect(step).to_have_attribute("data-count", str(4 * YATZY_BOXES))
    first = page.get_by_test_id("replay-text").inner_text()
    assert re.fullmatch(r"Ada, turn 1, roll 1: [1-6]( [1-6]){4}", first)
    assert " ".join(map(str, dice(page))) == first.rsplit(": ", 1)[1]
    filled = page.locator("[data-testid=scorecards] td.is-filled")
    expect(filled).to_have_count(0)
    page.keyboard.press("ArrowRight")  # Ada's first placement, valued by the coach
    expect(step).to_have_attribute("data-step", "2")
    expect(page).to_have_url(re.compile(r"#step-2$"))
    expect(page.locator("[data-testid=scorecards] td[data-cell^='0-'].is-filled")).to_have_count(1)
    expect(page.get_by_test_id("replay-live")).to_contain_text("Ada, turn 1: scored")
    coach_line = page.get_by_test_id("replay-coach")
    expect(coach_line).to_have_attribute("data-best", re.compile(r"^\d"))
    chosen, best, loss = (
        float(coach_line.get_attribute(f"data-{key}") or "") for key in ("chosen", "best", "loss")
    )
    assert chosen <= best
    # The JavaScript writes each value the page was sent, exact, rounded once by the
    # server's rule; and each person's split of the score adds up as printed.
    assert re.findall(r"\d+\.\d+", coach_line.inner_text()) == [str(rounded(chosen))] + (
        [str(rounded(best)), str(rounded(loss, 2))] if loss >= 0.01 else []
    )
    expect(page.get_by_test_id("replay-luck-row")).to_have_count(2)
    for row in page.get_by_test_id("replay-luck-row").all():
        assert (
            sum(printed_figures(row, "replay-luck-", ("start", "luck", "lost", "others")))
            == printed_figures(row, "replay-luck-", ("total",))[0]
        )
    page.get_by_test_id("replay-next").click()  # Bob's first roll
    expect(page.get_by_test_id("replay-text")).to_contain_text("Bob, turn 1, roll 1")


def check_the_replay_moves_end_to_end(page: Page, code: str, scores: Scores) -> None:
    """The keys and buttons that jump to the end, the start and one step back, and a deep
    link to a step; the replay readable everywhere."""
    step = page.get_by_test_id("replay-step")
    filled = page.locator("[data-testid=scorecards] td.is-filled")
    page.keyboard.press("End")  # the sheets as they ended
    expect(step).to_have_attribute("data-step", str(4 * YATZY_BOXES))
    expect(filled).to_have_count(2 * YATZY_BOXES)
    for seat in range(2):
        expect(page.get_by_test_id(f"total-{seat}")).to_have_text(scores[seat][1])
    page.keyboard.press("Home")
    expect(filled).to_have_count(0)
    page.get_by_test_id("replay-last").click()
    expect(filled).to_have_count(2 * YATZY_BOXES)
    page.get_by_test_id("replay-prev").click()  # Bob's last placement undone
    expect(filled).to_have_count(2 * YATZY_BOXES - 1)
    page.goto(f"/r/{code}/games/1/replay/#step-4")  # a deep link to Bob's first placement
    expect(step).to_have_attribute("data-step", "4")
    expect(filled).to_have_count(2)
    assert_accessible_everywhere(page, "the replay", on=LIGHT_DESKTOP_DARK_PHONE)
