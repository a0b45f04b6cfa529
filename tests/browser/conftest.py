"""A live Daphne server and Debian's Chromium (through Playwright) for browser tests.

The server runs the real ASGI application on a free loopback port against a
freshly migrated SQLite file. It is stopped at session teardown, whatever the
tests did, and on Linux also if the test process itself dies.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, StorageState, ViewportSize, expect

from bench.harness.live_server import serve
from tests.support import chromium
from tests.support.chromium import NewPage

# How long a page's check and a page's action wait before they count as failed: long
# enough for a machine whose cores other work keeps busy, where opening a room's socket
# alone took over 5 s (Playwright's default for checks); a check that holds returns at
# once, so a quiet machine waits no longer.
CHECK_MS = 20_000
ACTION_MS = 30_000
expect.set_options(timeout=CHECK_MS)


@pytest.fixture(scope="session")
def live_workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The live server's folder: its SQLite database is ``db.sqlite3`` there."""
    return tmp_path_factory.mktemp("daphne")


# What a failed browser test shows besides its traceback: the end of its live server's
# log (pages, sockets opened and closed, the server's own warnings) and, for each page it still
# had open, the socket's state and the players panel as drawn; a failure seen once in
# many runs can then be read rather than guessed.
LOG_LINES = 60


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when != "call" or not report.failed:
        return
    pages = [page for context in item.stash.get(CONTEXTS, []) for page in context.pages]
    if pages:
        report.sections.append(("pages still open", "\n".join(map(page_state, pages))))
    log = item.config.stash.get(LIVE_LOG, None)
    if log is not None and log.exists():
        lines = [
            line
            for line in log.read_text(errors="replace").splitlines()
            if '"GET /static/' not in line
        ]
        report.sections.append(
            ("live server log, last lines (static files left out)", "\n".join(lines[-LOG_LINES:]))
        )


def page_state(page: Page) -> str:
    """A page's address, socket state and players panel as drawn (or why not)."""
    try:
        return f"{page.url}: {page.evaluate(PAGE_STATE)}"
    except Exception as error:  # a crashed page, or one the test's failure left busy
        return f"{page.url}: not readable ({error})"


LIVE_LOG = pytest.StashKey[Path]()
CONTEXTS = pytest.StashKey[list[BrowserContext]]()
PAGE_STATE = """() => ({
  url: location.pathname,
  socket: document.querySelector('[data-testid=connection]')?.dataset.state ?? null,
  players: document.querySelector('.players-panel')?.innerText ?? null,
})"""


@pytest.fixture(scope="session")
def live_url(live_workdir: Path, pytestconfig: pytest.Config) -> Iterator[str]:
    """Base URL (no trailing slash) of a real Daphne process serving the site."""
    # Bots pause 0.05 s between moves (0.8 s for people), so games with bots stay quick.
    # Run as behind a reverse proxy: a test may send X-Forwarded-For to come from an
    # address of its own (tests/browser/test_guess_limit.py). Passwords are hashed fast
    # (tests/support/live_settings.py).
    pytestconfig.stash[LIVE_LOG] = live_workdir / "daphne.log"
    # Pushes may go to a push service on loopback (tests/browser/test_invites.py's).
    with serve(
        live_workdir,
        proxy_headers=True,
        GAMES_BOT_DELAY_SECONDS="0.05",
        DJANGO_SETTINGS_MODULE="tests.support.live_settings",
        WEBPUSH_LOOPBACK="1",
    ) as url:
        yield url


@pytest.fixture(scope="session")
def live_database(live_url: str, live_workdir: Path) -> Path:
    """The live server's SQLite file, for a test that must set what no page can (such as
    how long ago someone was last seen)."""
    return live_workdir / "db.sqlite3"


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Browser:
    """Debian's Chromium, headless, driven by Playwright (never a downloaded build): its
    headless shell, or the whole browser for a test marked ``full_chromium``; shared with
    the browser tests that run right before and after (``tests/support/chromium.py``:
    closed after the last of a run of browser tests, as asyncio needs the thread). Each
    test finds it without contexts."""
    full = request.node.get_closest_marker("full_chromium") is not None
    path = chromium.executable(full)
    if not path.exists():
        message = f"{path} is missing: install Debian's {path.name} (bash .ci/system-deps)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return chromium.browser(full)


# Pages start with the sound off, as a player may choose (the page remembers it in
# localStorage): a sounding page keeps an audio thread busy, which the suite does not
# need. tests/browser/test_signals.py asks for ``sound=True``.
MUTED = (
    "try { localStorage.getItem('dice.sound') ?? localStorage.setItem('dice.sound', 'off') }"
    " catch {}"
)


@pytest.fixture
def new_page(live_url: str, browser: Browser, request: pytest.FixtureRequest) -> Iterator[NewPage]:
    """Open a page in a fresh browser context (its own cookies: one person each).

    ``new_page(viewport={"width": 360, "height": 740}, name="Ada")``; with
    ``forwarded_for="203.0.113.7"`` every request says it comes from that address (the
    server trusts ``X-Forwarded-For``, as behind a proxy).  Every page's
    console errors, uncaught exceptions and server errors (5xx) fail the test, except,
    with ``error_pages=True``, the console's note that a page came with a 4xx status.  The
    sound is off unless ``sound=True``.  ``locale="fr-FR"`` makes the browser speak French
    (its ``Accept-Language`` and ``navigator.language``).  Pages
    prefer reduced motion (as the site honours): no smooth scrolls or tumbling dice for
    Playwright to wait out before each click.  ``mobile=True`` emulates a phone (touch,
    the page's viewport meta tag), ``scale=2`` a screen of two device pixels per CSS pixel
    (or a browser zoomed to 200 %), ``timezone="Asia/Tokyo"`` puts the device in that time
    zone, ``service_worker=True`` lets the site's service worker run (blocked otherwise: a
    test that stops a server or goes offline must meet the browser's own behaviour, not
    the worker's offline page, unless it is about the worker), and ``storage_state``
    (from another page's ``context.storage_state()``) opens it as that same person, in a
    tab of their own.
    """
    pages = PageOpener(browser, live_url)
    request.node.stash[CONTEXTS] = pages.contexts
    yield pages
    if browser.is_connected():
        for context in pages.contexts:
            context.close()
    assert pages.problems == []


class PageOpener:
    """What ``new_page`` gives a test: it opens each page in a fresh browser context of
    ``browser`` on the live server, and keeps the contexts and the problems its pages
    report."""

    def __init__(self, browser: Browser, live_url: str) -> None:
        self.browser = browser
        self.live_url = live_url
        self.contexts: list[BrowserContext] = []
        self.problems: list[str] = []

    def __call__(
        self,
        viewport: ViewportSize | None = None,
        name: str = "page",
        forwarded_for: str | None = None,
        error_pages: bool = False,
        sound: bool = False,
        locale: str | None = None,
        mobile: bool = False,
        scale: float | None = None,
        storage_state: StorageState | None = None,
        timezone: str | None = None,
        service_worker: bool = False,
    ) -> Page:
        context = self.browser.new_context(
            viewport=viewport or {"width": 1280, "height": 900},
            base_url=self.live_url,
            reduced_motion="reduce",
            locale=locale,
            is_mobile=mobile,
            has_touch=mobile,
            device_scale_factor=scale,
            storage_state=storage_state,
            timezone_id=timezone,
            service_workers="allow" if service_worker else "block",
            extra_http_headers={"X-Forwarded-For": forwarded_for} if forwarded_for else None,
        )
        if not sound:
            context.add_init_script(MUTED)
        self.contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(ACTION_MS)
        watch(page, name, self.problems, error_pages=error_pages)
        return page


def watch(page: Page, name: str, problems: list[str], *, error_pages: bool) -> None:
    """Add to ``problems`` each console error of ``page`` (but, with ``error_pages``, the
    note that a page came with a 4xx status), uncaught exception and server error (5xx)."""
    page.on(
        "console",
        lambda msg: (
            problems.append(f"{name} console {msg.type}: {msg.text}")
            if msg.type == "error"
            and not (error_pages and msg.text.startswith("Failed to load resource"))
            else None
        ),
    )
    page.on("pageerror", lambda exc: problems.append(f"{name} page error: {exc}"))
    page.on(
        "response",
        lambda resp: (
            problems.append(f"{name} HTTP {resp.status} for {resp.url}")
            if resp.status >= 500
            else None
        ),
    )
