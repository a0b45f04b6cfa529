"""Quiet text still reads: zeros a box would take, the log's and chat's times, empty
seats and their numbers meet WCAG 2.1 AA's 4.5:1 against what they are drawn on."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import create_room, my_turn, roll

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
AA = 4.5

# The contrast of an element's text with the first solid background behind it.
CONTRAST = """el => {
  const rgb = (css) => css.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let node = el, back = [255, 255, 255];
  while (node) {
    const c = rgb(getComputedStyle(node).backgroundColor);
    if (c.length < 4 || c[3] > 0) { back = c; break; }
    node = node.parentElement;
  }
  const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(back)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def lowest(page: Page, selector: str) -> float:
    found = page.locator(selector)
    expect(found.first).to_be_visible()
    ratios: list[float] = [found.nth(i).evaluate(CONTRAST) for i in range(found.count())]
    return min(ratios)


def test_quiet_text_meets_aa_contrast(new_page: NewPage) -> None:
    page = new_page(name="contrast")
    create_room(page, name="Ada", ruleset="yatzy", seats=3)
    assert lowest(page, ".seat.is-empty") >= AA
    assert lowest(page, ".seat.is-empty .seat__num") >= AA
    page.get_by_test_id("chat-input").fill("hello")
    page.get_by_test_id("chat-input").press("Enter")
    assert lowest(page, ".chat__time") >= AA
    assert lowest(page, ".log__time") >= AA
    page.get_by_test_id("start").click()
    expect(my_turn(page)).to_be_visible()
    roll(page)
    # Yatzy has 15 boxes: some always score 0 with the dice rolled (Yatzy itself at least,
    # unless all five match, when the straights do).
    assert lowest(page, ".cell-btn.is-zero") >= AA
