"""Drive the room pages like a person: clicks and keys only, through data-testid hooks
(listed at the top of static/js/room.js)."""

from __future__ import annotations

import re
from urllib.parse import urlparse

from playwright.sync_api import Locator, Page, ViewportSize, expect

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 360, "height": 740}
ROOM_URL = re.compile(r"/r/([a-z0-9]+)/$")


def connected(page: Page) -> None:
    """The page's websocket is open and the first state is drawn."""
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "open")
    expect(page.locator(".room__loading")).to_be_hidden()


def create_room(
    page: Page,
    *,
    name: str,
    ruleset: str = "yatzy",
    seats: int = 2,
    timer: str = "",
    from_home: bool = False,
    pace: str = "live",
) -> str:
    """Open a room (``pace`` ``day``: by the day, a day a turn; not with ``from_home``) and
    go to it; returns its code. ``from_home``: through the home page's
    form, as a person does (the page already showing it, if it does); else the page's
    browser context posts what that form posts (its cookies, its CSRF token), which spares
    a page load of the home page to the tests that are not about it."""
    if from_home:
        if urlparse(page.url).path != "/":
            page.goto("/")
        page.get_by_test_id("create-name").fill(name)
        page.get_by_test_id("create-ruleset").select_option(ruleset)
        page.get_by_test_id("create-seats").select_option(str(seats))
        page.get_by_test_id("create-timer").select_option(timer)
        page.get_by_test_id("create-submit").click()
    else:
        context = page.context
        languages = {"Accept-Language": page.evaluate("navigator.languages.join(',')")}
        context.request.get("/", headers=languages)  # the CSRF cookie
        token = next(c["value"] for c in context.cookies() if c["name"] == "csrftoken")
        answer = context.request.post(
            "/rooms/new/",
            max_redirects=0,
            headers=languages,
            form={
                "csrfmiddlewaretoken": token,
                "name": name,
                "ruleset": ruleset,
                "joker": "forced",
                "seats": str(seats),
                "turn_seconds": timer,
                "pace": pace,
            },
        )
        assert answer.status == 302, f"{answer.status}: {answer.text()[:500]}"
        page.goto(answer.headers["location"])
    page.wait_for_url(ROOM_URL)
    connected(page)
    match = ROOM_URL.search(page.url)
    assert match is not None
    return match.group(1)


def join_room(page: Page, code: str, *, name: str, from_home: bool = False) -> None:
    """Open the room's invite link, as a friend sent it (``from_home``: type its code on
    the home page instead), then pick a name on the room page."""
    if from_home:
        if urlparse(page.url).path != "/":
            page.goto("/")
        page.get_by_test_id("join-code").fill(code.upper())
        page.get_by_test_id("join-submit").click()
        page.wait_for_url(ROOM_URL)
    else:
        page.goto(f"/r/{code}/")
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-submit").click()
    connected(page)


def my_turn(page: Page) -> Locator:
    return page.locator("[data-testid=turn-status][data-mine=true]")


# How often ``until`` checks its predicate, in ms: often enough to follow a game move by
# move (``expect``'s back-off reaches a second, which adds up over a whole game), and not
# on every frame, which would keep the page drawing frames while it waits.
POLL_MS = 50


def until(page: Page, script: str, arg: object = None) -> None:
    """Wait until a JavaScript predicate holds (checked every ``POLL_MS``)."""
    page.wait_for_function(script, arg=arg, polling=POLL_MS)


def roll(page: Page) -> None:
    """Click Roll once it can be clicked, and wait for the dice to land."""
    until(
        page,
        "() => document.querySelector('[data-testid=roll]')"
        "?.getAttribute('aria-disabled') === 'false'",
    )
    before = page.get_by_test_id("rolls-left").get_attribute("data-count")
    page.get_by_test_id("roll").click()
    until(
        page,
        """before => {
        const left = document.querySelector('[data-testid=rolls-left]');
        const die = document.querySelector('[data-testid=die-0]');
        return left && left.dataset.count !== before && die && !die.classList.contains('is-blank');
    }""",
        before,
    )


def dice(page: Page) -> list[int]:
    faces: list[int] = page.evaluate(
        "[0, 1, 2, 3, 4].map(i => Number(document.querySelector(`[data-testid=die-${i}]`)"
        ".dataset.face || 0))"
    )
    return faces


def held(page: Page) -> list[int]:
    positions: list[int] = page.evaluate(
        "[0, 1, 2, 3, 4].filter(i => document.querySelector(`[data-testid=die-${i}]`)"
        ".getAttribute('aria-pressed') === 'true')"
    )
    return positions


def newest_seq(page: Page) -> str | None:
    seq: str | None = page.evaluate(
        "document.querySelector('[data-testid=log-list] li[data-seq]')?.dataset.seq ?? null"
    )
    return seq


def same_newest_event(watcher: Page, player: Page) -> None:
    """The watcher's move log has caught up with the player's."""
    until(
        watcher,
        "seq => document.querySelector('[data-testid=log-list] li[data-seq]')?.dataset.seq === seq",
        newest_seq(player),
    )


def place_first_box(page: Page) -> str:
    """Score the first box that can be scored now (confirming a 0); returns its testid."""
    first = page.locator("button[data-testid^='box-']").first
    first.wait_for()
    testid = first.get_attribute("data-testid") or ""
    zero = "is-zero" in (first.get_attribute("class") or "")
    first.click()
    if zero:
        page.get_by_test_id("confirm-ok").click()
    until(page, "id => document.querySelector(`td[data-testid='${id}'].is-filled`)", testid)
    return testid


def wait_my_turn(page: Page, timeout: float | None = None) -> None:
    """Wait until the page says it is this player's turn (``timeout`` in ms: the page's
    default when ``None``)."""
    page.wait_for_function(
        "() => document.querySelector('[data-testid=turn-status][data-mine=true]')",
        timeout=timeout,
        polling=POLL_MS,
    )


def play_turn(page: Page) -> str:
    """Wait for this player's turn, roll once and score the first open box."""
    wait_my_turn(page)
    roll(page)
    return place_first_box(page)


def tabs_to(page: Page, testid: str, most: int = 40) -> int:
    """How many Tab presses take the keyboard from where it is to the control ``testid``,
    pressing Enter on "Skip to the table" when it is reached (checked to show then)."""
    for presses in range(1, most + 1):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement?.dataset.testid || ''")
        if focused == testid:
            return presses
        if focused == "skip-to-table":
            expect(page.get_by_test_id("skip-to-table")).to_be_in_viewport()
            page.keyboard.press("Enter")
    raise AssertionError(f"{testid} not reached in {most} Tab presses")


def horizontal_overflow(page: Page) -> int:
    width: int = page.evaluate("document.scrollingElement.scrollWidth")
    return width


def final_scores(page: Page, seats: int) -> list[tuple[str, str, str]]:
    """(rank, total, name) per seat as the results screen shows them."""
    expect(page.get_by_test_id("ranking")).to_be_visible()
    rows = []
    for seat in range(seats):
        item = page.get_by_test_id(f"rank-{seat}")
        rows.append(
            (
                item.get_attribute("data-rank") or "",
                item.get_attribute("data-total") or "",
                item.locator(".ranking__name").inner_text(),
            )
        )
    return rows


# Two frames (a new colour scheme reaches the styles with the next one), then the end of
# every transition it started: under reduced motion each lasts 0.01 ms, yet it holds the
# old colour until it has run.
SETTLE = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))
  .then(() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null))))
  .then(() => null)"""


def settle(page: Page) -> None:
    """Wait until a new size or colour scheme is laid out and drawn."""
    page.evaluate(SETTLE)
