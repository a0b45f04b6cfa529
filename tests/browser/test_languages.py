"""Three players, three languages, one table: an English, a French and a Swedish browser
play the end of a game of Yam's together, each reading every label in their own language,
those the page's scripts write too (the French name counter, dice and scorecards).

The Swedish host's lobby and the French home page come first. The game is then brought
to its last round in the live server's database (a whole Yam's game is 52 turns a
player), so the three players play one turn each: the French player's is an announced
one, through its dialog.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from bench.harness.live_server import ROOT, site_env
from tests.browser.accessibility import Scheme, assert_accessible_everywhere
from tests.browser.tables import (
    DESKTOP,
    PHONE,
    connected,
    create_room,
    horizontal_overflow,
    join_room,
    roll,
    settle,
    wait_my_turn,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
NEAR_THE_END = (
    "import sys, django; django.setup(); "
    "from tests.support.histories import yams_near_the_end; "
    "yams_near_the_end(sys.argv[1], sys.argv[2:])"
)

# A 1366 x 768 laptop's screen less the browser's tabs, address bar and the taskbar.
LAPTOP: ViewportSize = {"width": 1366, "height": 657}

# What each player reads: the sheet's columns and boxes, the controls, the results.
WORDS = {
    "en": {
        "columns": ["Free", "Down", "Up", "Announced"],
        "boxes": [
            "Ones",
            "Sixes",
            "Maximum",
            "Minimum",
            "Full house",
            "Four of a kind",
            "Straight",
            "Yam's",
        ],
        "roll": "Roll the dice",
        "over": "Sven wins!",
        "scored": "Inès scored",
        "picker": "English",
    },
    "fr": {
        "columns": ["Libre", "Descendante", "Montante", "Annoncée"],
        "boxes": ["As", "Six", "Maximum", "Minimum", "Full", "Carré", "Suite", "Yam's"],
        "roll": "Lancer les dés",
        "announce": "Annoncer Maximum ?",
        "over": "Sven a gagné !",
        "scored": "Sven a marqué",
        "picker": "Français",
    },
    "sv": {
        "columns": ["Fri", "Nedåt", "Uppåt", "Annonserad"],
        "boxes": ["Ettor", "Sexor", "Maximum", "Minimum", "Kåk", "Fyrtal", "Stege", "Yam's"],
        "roll": "Slå",
        "over": "Du vann!",
        "scored": "Ada satte",
        "picker": "Svenska",
    },
}


# What of the site's header a 360 px phone does not show: each link, button and menu
# outside the screen, and each part of it that hides some of its content.
HEADER_CUT = """() => {
  const header = document.querySelector('.site-header');
  const items = [...header.querySelectorAll('a, button, summary')].filter((el) => el.offsetParent);
  const outside = items.filter((el) => {
    const b = el.getBoundingClientRect();
    return b.left < 0 || b.right > innerWidth || b.width === 0;
  }).map((el) => el.textContent.trim());
  const clipped = [header, ...header.querySelectorAll('*')]
    .filter((el) => el.offsetParent && el.clientWidth > 1  // not the words for screen readers
                    && el.scrollWidth > el.clientWidth + 1
                    && getComputedStyle(el).overflowX !== 'visible')
    .map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth}`);
  return { items: items.length, outside, clipped };
}"""

# One size and scheme each: together they cover the desktop and the phone, light and dark.
AXE_ON: dict[str, tuple[tuple[str, Scheme], ...]] = {
    "en": (("desktop", "light"),),
    "fr": (("phone", "dark"),),
    "sv": (("desktop", "dark"), ("phone", "light")),
}


def sheet_words(page: Page) -> tuple[list[str], list[str]]:
    """The column headings and the row headings (box names) of the scorecards."""
    expect(page.locator("[data-testid=scorecards] tbody th").first).to_be_attached()
    return tuple(
        page.evaluate(
            """part => [...document.querySelectorAll(`[data-testid=scorecards] ${part} th`)]
                    .map(cell => cell.textContent.trim())""",
            part,
        )
        for part in ("thead", "tbody")
    )


def reads_its_language(page: Page, language: str) -> None:
    words = WORDS[language]
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.get_by_test_id("language-current")).to_contain_text(words["picker"])
    columns, boxes = sheet_words(page)
    for column in words["columns"]:
        assert any(column in heading for heading in columns), (language, column, columns)
    for box in words["boxes"]:
        assert any(box == name or name.startswith(box) for name in boxes), (language, box, boxes)


def place(page: Page, testid: str) -> None:
    """Fill the box ``testid`` with the dice on the table, confirming a 0."""
    box = page.get_by_test_id(testid)
    zero = "is-zero" in (box.get_attribute("class") or "")
    box.click()
    if zero:
        page.get_by_test_id("confirm-ok").click()
    expect(page.locator(f"td[data-testid='{testid}'].is-filled")).to_be_visible()


def test_an_english_a_french_and_a_swedish_player_share_a_yams_table(
    new_page: NewPage, live_database: Path
) -> None:
    sven = new_page(name="sven", locale="sv-SE")
    ada = new_page(name="ada", locale="en-GB")
    ines = new_page(name="ines", locale="fr-FR")
    code = sven_opens_a_swedish_lobby(sven)
    join_room(ada, code, name="Ada")
    ines_joins_from_the_french_home_page(ines, code)
    sven_starts_from_a_laptop(sven, ada)
    pages = {"sv": sven, "en": ada, "fr": ines}
    bring_the_game_near_its_end(code, live_database, pages)
    sven_and_ada_play_their_last_turns(sven, ada)
    ines_announces_her_last_turn_in_french(ines)
    everyone_reads_the_results_in_their_language(pages)
    the_header_fits_a_phone_in_every_language(pages)


def sven_opens_a_swedish_lobby(sven: Page) -> str:
    """Sven opens the room: his lobby, seats and buttons speak Swedish; its code."""
    code = create_room(sven, name="Sven", ruleset="yams", seats=3, from_home=True)
    expect(sven.get_by_test_id("seat-1")).to_contain_text("Ledig plats")
    expect(sven.get_by_test_id("lobby-status")).to_contain_text("1 av 3 platser tagna.")
    expect(sven.get_by_test_id("add-bot")).to_have_text("+ Lägg till en bot")
    sven.get_by_test_id("leave").click()
    expect(sven.get_by_test_id("confirm-dialog")).to_contain_text("Lämna det här rummet?")
    sven.get_by_test_id("confirm-cancel").click()
    expect(sven.get_by_test_id("confirm-dialog")).to_be_hidden()
    return code


def ines_joins_from_the_french_home_page(ines: Page, code: str) -> None:
    """Inès finds the home page in French, its name counter and timer choices too, joins
    by typing the code there, then reads the rules of Yam's."""
    ines.goto("/")
    name, count = ines.get_by_test_id("create-name"), ines.get_by_test_id("create-name-count")
    name.fill("Inès")
    expect(count).to_have_text("4 caractères sur 24.")
    name.fill("I" * 30)
    expect(count).to_have_text("Trop long : 30 caractères sur 24.")
    expect(ines.get_by_test_id("create-timer").locator("option").last).to_have_text("Autre…")
    join_room(ines, code, name="Inès", from_home=True)
    rules = ines.locator("[data-region=rules]")
    expect(rules).to_contain_text("Descendante")
    expect(rules).to_contain_text("Carré")


def sven_starts_from_a_laptop(sven: Page, ada: Page) -> None:
    """Every seat taken, Sven's Start shows on a 1366 x 768 laptop (1366 x 657 inside the
    browser's own bars) without scrolling, under the three seats beside the invite."""
    expect(sven.get_by_test_id("lobby-status")).to_contain_text("Alla platser är tagna.")
    expect(sven.get_by_test_id("start")).to_have_text("Starta partiet")
    sven.set_viewport_size(LAPTOP)
    sven.evaluate("window.scrollTo(0, 0)")
    settle(sven)
    expect(sven.get_by_test_id("start")).to_be_in_viewport(ratio=1)
    sven.set_viewport_size(DESKTOP)
    sven.get_by_test_id("start").click()
    expect(ada.get_by_test_id("scorecards")).to_be_visible()


def bring_the_game_near_its_end(code: str, live_database: Path, pages: dict[str, Page]) -> None:
    """The game brought to its last round in the live server's database; each page,
    reloaded, reads its language."""
    subprocess.run(
        [sys.executable, "-c", NEAR_THE_END, code, "down/yams", "free/yams", "announced/maximum"],
        cwd=ROOT,
        env=site_env(live_database.parent),
        check=True,
        timeout=60,
    )
    for language, page in pages.items():
        page.reload()
        connected(page)
        reads_its_language(page, language)


def sven_and_ada_play_their_last_turns(sven: Page, ada: Page) -> None:
    """Sven (Swedish) fills Yam's at the foot of the down column; Ada (English) rolls and
    fills her last box: Yam's of the free column."""
    wait_my_turn(sven)
    expect(sven.get_by_test_id("roll")).to_contain_text(WORDS["sv"]["roll"])
    expect(sven.get_by_test_id("rolls-left")).to_have_text("3 slag kvar")
    roll(sven)
    expect(sven.get_by_test_id("rolls-left")).to_have_text("2 slag kvar")
    place(sven, "box-down-yams")

    wait_my_turn(ada)
    expect(ada.get_by_test_id("roll")).to_contain_text(WORDS["en"]["roll"])
    roll(ada)
    place(ada, "box-free-yams")


def ines_announces_her_last_turn_in_french(ines: Page) -> None:
    """Inès (French) must announce: the control, its dialog and the sheet say it in
    French; then the game is over."""
    wait_my_turn(ines)
    expect(ines.get_by_test_id("roll")).to_contain_text(WORDS["fr"]["roll"])
    roll(ines)
    # The labels the page's scripts write: the dice, the reactions, the scorecards.
    die = ines.get_by_test_id("die-0")
    expect(die).to_have_attribute("aria-label", re.compile(r"^Dé 1 : [1-6]"))
    expect(die).to_have_attribute("title", "Garder ce dé (touche 1)")
    expect(ines.get_by_test_id("reactions")).to_have_attribute("aria-label", "Réactions rapides")
    expect(ines.locator("#cards-title")).to_have_text("Feuilles de score")
    expect(ines.locator("[data-testid=scorecards] .sheet__grand th")).to_have_text("Total")
    expect(ines.locator(".sheet__sum--upper th")).to_contain_text("bonus à 61")
    ines.get_by_test_id("announce-select").select_option("maximum")
    ines.get_by_test_id("announce").click()
    expect(ines.get_by_test_id("confirm-dialog")).to_contain_text(WORDS["fr"]["announce"])
    ines.get_by_test_id("confirm-ok").click()
    expect(ines.get_by_test_id("announced")).to_contain_text("Maximum")
    expect(ines.get_by_test_id("box-announced-maximum")).to_have_attribute(
        "aria-label", re.compile(r"^Marquer \d+ en ")
    )
    place(ines, "box-announced-maximum")


def everyone_reads_the_results_in_their_language(pages: dict[str, Page]) -> None:
    """The results and the log in each language, readable everywhere; on a 360 px phone
    the results do not slide sideways in any language."""
    for language, page in pages.items():
        expect(page.get_by_test_id("ranking")).to_be_visible()
        expect(page.locator(".results__title")).to_have_text(WORDS[language]["over"])
        expect(page.get_by_test_id("log-list")).to_contain_text(WORDS[language]["scored"])
        reads_its_language(page, language)
        assert_accessible_everywhere(page, f"results in {language}", on=AXE_ON[language])
        page.set_viewport_size(PHONE)
        settle(page)
        assert horizontal_overflow(page) <= PHONE["width"], (language, horizontal_overflow(page))


def the_header_fits_a_phone_in_every_language(pages: dict[str, Page]) -> None:
    """A guest with a game has "Your games" in the header: at 360 px it, "Sign in" and
    "Create account" show whole in every language, nothing cut or slid away."""
    for language, page in pages.items():
        page.goto("/")
        expect(page.get_by_test_id("your-games-nav")).to_be_visible()
        cut = page.evaluate(HEADER_CUT)
        assert cut["items"] >= 6 and cut["outside"] == [] and cut["clipped"] == [], (language, cut)
