"""Every screen from a small phone to a large desktop: on your turn the dice, Roll and every
box you may score can be seen together (the table stays at the top while the scorecards
scroll under it), your own columns come first, and narrow screens show the players, the
moves and the chat on tabs with a count of unread messages. In Swedish, the coach's panel
and the empty chat speak it too, decimals with a comma (the page's scripts write them).

Positions are measured in the page, not judged from pictures (pictures are saved too)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.sideways import (
    BARS_SHARE,
    COUNT_ON_THE_WORD,
    HELD_OVERLAPS,
    tabbing_keeps_boxes_above_the_tab_bar,
)
from tests.browser.tables import (
    PHONE,
    connected,
    create_room,
    horizontal_overflow,
    join_room,
    my_turn,
    roll,
    settle,
    until,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]

SIZES = [(360, 640), (360, 740), (390, 844), (768, 1024), (1366, 768), (1440, 900), (1920, 1080)]
# Phones held sideways, with touch and the page's viewport tag as on a real phone.
LANDSCAPE = [(844, 390), (740, 360), (667, 375)]
# A 1280 x 800 screen at 200 % zoom: the browser then lays the page out in 640 x 400 CSS
# pixels, two device pixels to each, and media queries see 640 px, as here (a CSS
# ``zoom`` on the page would leave them at 1280 px).
ZOOM_200 = (640, 400)
LANGUAGES = {"en": "en-GB", "fr": "fr-FR", "sv": "sv-SE"}
# French and Swedish words are longer than English ones: the narrowest and the middle
# sizes in those (the desktops' wide scorecards are the same in every language).
WORDY = [(360, 640), (768, 1024), (1366, 768)]

# For every box that can be scored now: scroll it into view as a person or a Tab key
# would, then check that it, the five dice and Roll are all inside the window and not
# covered by anything (the sticky table, the sticky header row, the tab bar).
REACHABLE = """() => {
  const [vw, vh] = [window.innerWidth, window.innerHeight];
  const inside = (el) => {
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.top >= -1 && b.left >= -1 && b.bottom <= vh + 1 && b.right <= vw + 1;
  };
  const seen = (el) => {
    const b = el.getBoundingClientRect();
    const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
    return inside(el) && hit !== null && (hit === el || el.contains(hit));
  };
  const dice = [0, 1, 2, 3, 4].map((i) => document.querySelector(`[data-testid=die-${i}]`));
  const roll = document.querySelector("[data-testid=roll]");
  const boxes = [...document.querySelectorAll("[data-testid=scorecards] button.cell-btn")];
  const hidden = [];
  for (const box of boxes) {
    box.scrollIntoView({ block: "nearest", inline: "nearest" });
    const out = [];
    if (!seen(box)) out.push("the box");
    if (!dice.every(seen)) out.push("the dice");
    if (!seen(roll)) out.push("Roll");
    if (out.length) hidden.push(`${box.dataset.testid}: ${out.join(", ")} out of sight`);
  }
  return { boxes: boxes.length, hidden };
}"""

# How tall the part of the scorecards is that shows at once, below the sticky table (when
# it stands above them) and above the tab bar, with the page scrolled to them.
WINDOW = """() => {
  const scroller = document.querySelector('.sheet-scroll');
  scroller.scrollIntoView({ block: 'end' });
  const s = scroller.getBoundingClientRect();
  const b = document.querySelector('[data-testid=board]').getBoundingClientRect();
  const tabs = document.querySelector('[data-testid=room-tabs]').getBoundingClientRect();
  const above = b.left < s.right && s.left < b.right;
  const bottom = Math.min(s.bottom, tabs.height ? tabs.top : window.innerHeight);
  return Math.round(bottom - Math.max(s.top, above ? b.bottom : 0));
}"""

# The page scrolled until the sticky table hides the top of the scorecards: returns
# whether it does (short screens put the table beside them, and wide ones may not scroll).
UNDER_THE_TABLE = """() => {
  const scroller = document.querySelector('.sheet-scroll');
  scroller.scrollTo(0, 0);
  const b = document.querySelector('[data-testid=board]').getBoundingClientRect();
  const s = scroller.getBoundingClientRect();
  if (!(b.left < s.right && s.left < b.right)) return false;
  window.scrollBy(0, s.top - b.bottom + 60);
  return scroller.getBoundingClientRect().top < b.bottom;
}"""

# Rows of the site's header: its parts, grouped by the lines they sit on.
HEADER_ROWS = """() => {
  const parts = [...document.querySelectorAll(
    '.site-header .brand, .site-nav, .site-account, .language-picker, .theme-toggle')]
    .map((el) => el.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0)
    .sort((a, b) => a.top - b.top);
  let rows = 0, bottom = -Infinity;
  for (const b of parts) {
    if (b.top >= bottom - 2) { rows += 1; bottom = b.bottom; }
    else bottom = Math.max(bottom, b.bottom);
  }
  return rows;
}"""

SEEN = """sel => {
  const el = document.querySelector(sel);
  const b = el.getBoundingClientRect();
  const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
  return b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= window.innerHeight
    && b.right <= window.innerWidth && hit !== null && (hit === el || el.contains(hit));
}"""


# The middle of an element that may be wider than the scorecards' window (your name over
# your columns, your total under them) shows, not covered by anything.
CENTRE_SEEN = """sel => {
  const b = document.querySelector(sel).getBoundingClientRect();
  const [x, y] = [(b.left + b.right) / 2, (b.top + b.bottom) / 2];
  const hit = document.elementFromPoint(x, y);
  return b.width > 0 && y >= 0 && x >= 0 && y <= window.innerHeight && x <= window.innerWidth
    && hit !== null && document.querySelector(sel).contains(hit);
}"""


SHEET_SCROLL = """() => {
  const scroller = document.querySelector('.sheet-scroll');
  return { top: scroller.scrollTop, left: scroller.scrollLeft };
}"""


def centre_seen(page: Page, selector: str) -> bool:
    return bool(page.evaluate(CENTRE_SEEN, selector))


def seen(page: Page, selector: str) -> bool:
    return bool(page.evaluate(SEEN, selector))


def fits(page: Page, where: str) -> None:
    """Nothing slides sideways, and the header takes two rows at most."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert horizontal_overflow(page) <= width, (where, horizontal_overflow(page))
    assert page.evaluate(HEADER_ROWS) <= 2, (where, "header rows", page.evaluate(HEADER_ROWS))


def playable(page: Page, width: int, height: int, label: str, keyboard: bool = False) -> int:
    """At this size the dice, Roll and every open box can be seen and tapped together,
    the row of names stays in sight while the page scrolls (and with ``keyboard``,
    Tab brings every box clear of the tab bar); returns the scorecards' window (px)."""
    page.set_viewport_size({"width": width, "height": height})
    settle(page)
    page.evaluate("window.scrollTo(0, 0)")
    settle(page)  # the page answers the scroll (its sticky parts) in the next frames
    fits(page, f"table {label} {width}x{height}")
    window: int = page.evaluate(WINDOW)
    found = page.evaluate(REACHABLE)
    assert found["boxes"] >= 12, (label, width, height, found)
    assert found["hidden"] == [], (label, width, height, window, found["hidden"])
    if page.evaluate(UNDER_THE_TABLE):
        until(page, f"() => ({CENTRE_SEEN})('[data-testid=card-0]')")
    # Scrolled to the foot of the scorecards: the header row with your name and the box
    # names are still there.
    page.evaluate("document.querySelector('.sheet-scroll').scrollTo(0, 1e6)")
    for target in ("[data-testid=total-0]", "[data-testid=scorecards] tr[data-box=yams] > th"):
        page.evaluate(
            "sel => document.querySelector(sel).scrollIntoView({block: 'nearest'})", target
        )
    settle(page)
    assert centre_seen(page, "[data-testid=total-0]"), (label, width, height)
    assert centre_seen(page, "[data-testid=card-0]"), (label, width, height)
    assert seen(page, "[data-testid=scorecards] tr[data-box=yams] > th"), (label, width, height)
    if keyboard:
        tabbing_keeps_boxes_above_the_tab_bar(page, f"{label} {width}x{height}")
    return window


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_dice_roll_and_every_open_box_fit_every_screen(
    new_page: NewPage, language: str
) -> None:
    page = new_page(viewport=PHONE, name="Ada", locale=LANGUAGES[language])
    page.goto("/")
    fits(page, f"home {language}")
    open_yams_with_a_bot(page, language)
    start_with_the_coach_open(page, language)
    # The free column takes any box: all twelve can be scored after the first roll.
    sizes = SIZES if language == "en" else WORDY
    windows = {size: playable(page, *size, language) for size in sizes}
    windows |= play_sideways_then_zoomed(new_page, page, language)
    print(language, "scorecards' window (px):", windows)
    your_columns_come_first_on_the_smallest_phone(page)
    # Nothing of what follows depends on the language's words: seen once, in English.
    if language != "en":
        return
    score_the_last_box_and_keep_the_table_in_sight(page)


def open_yams_with_a_bot(page: Page, language: str) -> None:
    """Yam's (four columns of your own, the widest scorecard of the one-sheet variants)
    with a bot: the lobby and the host's settings form fit the phone."""
    create_room(page, name="Ada", ruleset="yams", seats=2, from_home=True)
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-1")).to_contain_text("Bot")
    fits(page, f"lobby {language}")
    page.get_by_test_id("settings-open").click()
    page.get_by_test_id("settings-timer").select_option("custom")
    form = page.get_by_test_id("settings-form")
    box = form.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert horizontal_overflow(page) <= PHONE["width"]
    page.get_by_test_id("settings-cancel").click()
    expect(form).to_be_hidden()


def start_with_the_coach_open(page: Page, language: str) -> None:
    """Start and roll, with the coach's panel open too, which sits between the table and
    the scorecards (in Swedish: the coach and the empty chat, with a decimal comma)."""
    page.get_by_test_id("start").click()
    expect(my_turn(page)).to_be_visible()
    roll(page)
    page.get_by_test_id("hint-toggle").click()
    expect(page.get_by_test_id("coach-best")).to_be_visible(timeout=20_000)
    if language == "sv":
        expect(page.get_by_test_id("hint-toggle")).to_have_text("?Tips")
        expect(page.get_by_test_id("coach-kind")).to_have_text("Uppskattning")  # Yam's: estimated
        expect(page.locator("[data-testid=coach-best] .coach__best-value")).to_have_text(
            re.compile(r"^förväntad slutpoäng → \d+,\d$")
        )
        expect(page.get_by_test_id("chat-list")).to_contain_text("Inga meddelanden än. Säg hej!")


def play_sideways_then_zoomed(
    new_page: NewPage, page: Page, language: str
) -> dict[tuple[int, int], int]:
    """The same person on a phone held sideways (touch), then on a laptop zoomed to 200 %
    (four held dice's marks kept apart); the scorecards' window at each size."""
    windows = {}
    me = page.context.storage_state()
    sideways = new_page(
        viewport=PHONE, name="sideways", locale=LANGUAGES[language], mobile=True, storage_state=me
    )
    sideways.goto(page.url)
    connected(sideways)
    for size in LANDSCAPE:
        windows[size] = playable(sideways, *size, f"{language}-touch", keyboard=True)
        if size[1] >= 390:  # before it scrolls, the page's bars leave the game 70 %
            share = sideways.evaluate(BARS_SHARE)
            assert share <= 0.30, (language, size, f"the bars take {share:.0%}")
    sideways.context.close()
    zoomed = new_page(
        viewport=dict(zip(("width", "height"), ZOOM_200, strict=True)),
        name="zoomed",
        locale=LANGUAGES[language],
        scale=2,
        storage_state=me,
    )
    zoomed.goto(page.url)
    connected(zoomed)
    windows[ZOOM_200] = playable(zoomed, *ZOOM_200, f"{language}-zoom-200", keyboard=True)
    # Four dice held side by side: their "held" marks (Swedish "SPARAD") stay apart.
    for die in range(4):
        zoomed.get_by_test_id(f"die-{die}").click()
    expect(zoomed.locator(".die--play.is-held")).to_have_count(4)
    settle(zoomed)
    assert zoomed.evaluate(HELD_OVERLAPS) == {"marks": 4, "overlaps": []}, language
    zoomed.context.close()
    return windows


def your_columns_come_first_on_the_smallest_phone(page: Page) -> None:
    """On the smallest phone your four columns come first and fit without sliding."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.evaluate(
        "document.querySelector(\"td[data-cell='0-free-ones']\")"
        ".scrollIntoView({block: 'nearest', inline: 'nearest'})"
    )
    first_row = page.locator("[data-testid=scorecards] tr[data-box=ones] td")
    assert first_row.first.get_attribute("data-cell") == "0-free-ones"
    for column in ("free", "down", "up", "announced"):
        assert seen(page, f"td[data-cell='0-{column}-ones']"), column
    columns = page.locator("[data-testid=scorecards] tr[data-box=ones] td")
    assert columns.nth(4).get_attribute("data-cell") == "1-free-ones"


def score_the_last_box_and_keep_the_table_in_sight(page: Page) -> None:
    """Score the last box of the column: the table is still in sight afterwards, and so
    is Roll when the turn comes back after the bot's."""
    last = page.get_by_test_id("box-free-yams")
    last.scroll_into_view_if_needed()
    zero = "is-zero" in (last.get_attribute("class") or "")
    last.click()
    if zero:
        page.get_by_test_id("confirm-ok").click()
    until(page, "() => document.querySelector(\"td[data-testid='box-free-yams'].is-filled\")")
    assert seen(page, "[data-testid=die-0]")
    page.evaluate("document.querySelector('.sheet-scroll').scrollTo(0, 100)")
    until(page, f"() => ({SHEET_SCROLL})().top === 100")
    expect(my_turn(page)).to_be_visible(timeout=15_000)
    # The scorecards were drawn again for each of the bot's moves, and stayed where they
    # had been scrolled to.
    assert page.evaluate(SHEET_SCROLL) == {"top": 100, "left": 0}
    assert seen(page, "[data-testid=roll]")
    assert seen(page, "[data-testid=die-4]")


def test_names_break_between_words_in_a_swedish_lobby(new_page: NewPage) -> None:
    """Beside the host's buttons (mute, kick, report), a name keeps its words whole:
    "Françoise" stays on one line at every width, and the lobby never slides sideways."""
    host = new_page(viewport=PHONE, name="Sven", locale="sv-SE")
    code = create_room(host, name="Sven", ruleset="yatzy", seats=2)
    guest = new_page(name="Françoise", locale="sv-SE")
    join_room(guest, code, name="Françoise")
    name = host.get_by_test_id("seat-1").locator(".seat__name")
    expect(name).to_have_text("Françoise")
    for width in (360, 420, 480, 520, 560):
        host.set_viewport_size({"width": width, "height": 740})
        settle(host)
        lines = host.evaluate(
            """el => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }""",
            name.element_handle(),
        )
        assert lines == 1, f"Françoise takes {lines} lines at {width} px"
        fits(host, f"lobby sv with a guest at {width} px")


def test_phones_show_players_moves_and_chat_on_tabs_with_unread_messages(new_page: NewPage) -> None:
    ada = new_page(viewport=PHONE, name="Ada")
    code = create_room(ada, name="Ada", ruleset="yatzy", seats=2)
    bea = new_page(name="Bea")
    join_room(bea, code, name="Bea")

    tabs = ada.get_by_test_id("room-tabs")
    expect(tabs).to_be_visible()
    expect(bea.get_by_test_id("room-tabs")).to_be_hidden()  # a wide screen shows it all
    expect(ada.get_by_test_id("tab-table")).to_have_attribute("aria-pressed", "true")
    # No game yet: the lobby lists the seats, so there is no players tab.
    expect(ada.get_by_test_id("tab-players")).to_be_hidden()
    expect(ada.get_by_test_id("chat-list")).to_be_hidden()
    unread = ada.get_by_test_id("chat-unread")
    expect(unread).to_be_hidden()

    for text in ("hi Ada", "ready?"):
        bea.get_by_test_id("chat-input").fill(text)
        bea.get_by_test_id("chat-send").click()
    expect(unread).to_have_text("2")
    expect(ada.get_by_test_id("tab-chat")).to_have_attribute("aria-label", "Chat, 2 unread")

    ada.get_by_test_id("tab-chat").click()
    expect(ada.get_by_test_id("chat-list")).to_contain_text("ready?")
    expect(ada.get_by_test_id("lobby")).to_be_hidden()
    expect(unread).to_be_hidden()
    # Her own messages are not news to her.
    ada.get_by_test_id("chat-input").fill("yes!")
    ada.get_by_test_id("chat-send").click()
    ada.get_by_test_id("tab-log").click()
    expect(ada.get_by_test_id("log-list")).to_be_visible()
    bea.get_by_test_id("chat-input").fill("go")
    bea.get_by_test_id("chat-send").click()
    expect(unread).to_have_text("1")
    # Held sideways, where the tab's icon stands beside its word, the count leaves the
    # word "Chat" clear (as the French "Discussion").
    for size in LANDSCAPE:
        ada.set_viewport_size({"width": size[0], "height": size[1]})
        settle(ada)
        assert ada.evaluate(COUNT_ON_THE_WORD) is None, size
    ada.set_viewport_size(PHONE)

    # In a game the players tab appears, and the table tab says when it is your turn.
    ada.get_by_test_id("tab-table").click()
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    # Bea sits in the second seat, yet her column comes first on her screen.
    first = bea.locator("[data-testid=scorecards] tr[data-box=ones] td").first
    expect(first).to_have_attribute("data-cell", "1-main-ones")
    ada.get_by_test_id("tab-players").click()
    expect(ada.get_by_test_id("player-1")).to_contain_text("Bea")
    expect(ada.get_by_test_id("board")).to_be_hidden()
    expect(ada.get_by_test_id("tab-table")).to_have_attribute("aria-label", "Table, your turn")
    ada.get_by_test_id("tab-table").click()
    expect(ada.get_by_test_id("board")).to_be_visible()
    expect(ada.get_by_test_id("tab-table")).to_have_attribute("aria-label", "Table")
