"""What the screen-size tests check on a phone held sideways and at 200 % zoom, where the
tab bar, the page's bars and the narrow table leave least room: a box reached with Tab
comes out above the tab bar, the bars leave the game most of the screen, the dice's
"held" marks stay apart and the count of unread messages leaves the tab's word clear.
Each script measures boxes in the page and returns what is wrong (or a figure)."""

from __future__ import annotations

from playwright.sync_api import Page

# Where the keyboard's focus is covered by the tab bar at the foot of the screen (WCAG
# 2.4.11): the focused box's name and edges, or null when it is clear of the bar.
FOCUS_UNDER_THE_TABS = """() => {
  const focused = document.activeElement;
  const box = focused.getBoundingClientRect();
  const tabs = document.querySelector('[data-testid=room-tabs]').getBoundingClientRect();
  if (!tabs.height || box.bottom <= tabs.top + 0.5) return null;
  return `${focused.dataset.testid}: ${Math.round(box.top)}-${Math.round(box.bottom)} px,`
    + ` the tab bar from ${Math.round(tabs.top)} px`;
}"""

# The share of the screen's height the page's own bars take before it is scrolled: the
# site's header, the room bar and the tab bar (the part of each inside the screen).
BARS_SHARE = """() => {
  window.scrollTo(0, 0);
  const bars = ['.site-header', '.room-bar', '[data-testid=room-tabs]']
    .map((sel) => document.querySelector(sel).getBoundingClientRect());
  const taken = bars.reduce(
    (sum, b) => sum + Math.max(0, Math.min(b.bottom, innerHeight) - Math.max(b.top, 0)), 0);
  return taken / innerHeight;
}"""

# The "held" marks under the dice: pairs of them that overlap (their words), or [].
HELD_OVERLAPS = """() => {
  const marks = [...document.querySelectorAll('.die--play.is-held .die__held')]
    .map((el) => ({ text: el.textContent, b: el.getBoundingClientRect() }));
  const overlaps = [];
  marks.forEach((m, i) => marks.slice(i + 1).forEach((n) => {
    if (m.b.left < n.b.right && n.b.left < m.b.right && m.b.top < n.b.bottom
        && n.b.top < m.b.bottom) {
      overlaps.push(`${m.text} ${Math.round(m.b.right)} > ${Math.round(n.b.left)}`);
    }
  }));
  return { marks: marks.length, overlaps };
}"""

# Where the chat tab's count of unread messages covers the tab's word, or null.
COUNT_ON_THE_WORD = """() => {
  const count = document.querySelector('[data-testid=chat-unread]').getBoundingClientRect();
  if (!count.width) return 'the count does not show';
  const tab = document.querySelector('[data-testid=tab-chat]');
  const word = document.createRange();
  const text = [...tab.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
  word.selectNodeContents(text);
  const w = word.getBoundingClientRect();
  const apart = count.right <= w.left || w.right <= count.left || count.bottom <= w.top
    || w.bottom <= count.top;
  const span = (b) => `${Math.round(b.left)}-${Math.round(b.right)}`;
  return apart ? null : `count ${span(count)}, word ${span(w)}`;
}"""


def tabbing_keeps_boxes_above_the_tab_bar(page: Page, label: str) -> None:
    """From the top of the page, Tab from the first open box to the last: the page
    scrolls each one it focuses clear of the tab bar."""
    boxes = page.locator("[data-testid=scorecards] button.cell-btn")
    count = boxes.count()
    page.evaluate("window.scrollTo(0, 0); document.querySelector('.sheet-scroll').scrollTo(0, 0)")
    boxes.first.focus()
    covered = []
    for _ in range(count - 1):
        page.keyboard.press("Tab")
        covered.append(page.evaluate(FOCUS_UNDER_THE_TABS))
    last = page.evaluate("document.activeElement.dataset.testid")
    assert last == boxes.last.get_attribute("data-testid"), (label, last)
    assert [where for where in covered if where] == [], label
