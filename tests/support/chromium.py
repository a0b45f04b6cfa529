"""One Playwright driver and Debian's Chromium per test process, shared by the browser
tests that run one after another: its headless shell for most, the whole browser for the
tests marked ``full_chromium`` (push messages, notifications, installing the site as an
app: docs/decisions/0076).

Playwright's synchronous API keeps an event loop marked as running in its thread while
it is open, and asyncio tests need the thread free of it: ``close()`` runs after the last
of a run of browser tests (``tests/conftest.py``), and the next browser test starts them
again. Starting them costs about 1.5 s of CPU, once per run of browser modules instead of
once per module.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

from bench.harness.live_server import CHROMIUM, CHROMIUM_ARGS, HEADLESS_SHELL

if TYPE_CHECKING:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        Page,
        Playwright,
        StorageState,
        ViewportSize,
    )


class _Open(TypedDict, total=False):
    playwright: Playwright
    browser: Browser
    executable: Path


class NewPage(Protocol):
    """The browser tests' ``new_page`` fixture: a page in a fresh browser context
    (``tests/browser/conftest.py`` says what each option does)."""

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
    ) -> Page: ...


_open: _Open = {}


def executable(full: bool) -> Path:
    """The Chromium a test drives: the whole browser (``full``) or its headless shell."""
    return CHROMIUM if full else HEADLESS_SHELL


def browser(full: bool = False) -> Browser:
    """The shared headless Chromium, the whole browser with ``full`` or else its headless
    shell (launched now if it is not open, or if it died, or if the other one is), with no
    context left open by an earlier test."""
    found = _open.get("browser")
    if found is not None and found.is_connected() and _open.get("executable") == executable(full):
        for context in found.contexts:
            context.close()
        return found
    close()
    from playwright.sync_api import sync_playwright

    _open["playwright"] = sync_playwright().start()
    _open["executable"] = executable(full)
    _open["browser"] = _open["playwright"].chromium.launch(
        executable_path=str(executable(full)), headless=True, args=CHROMIUM_ARGS
    )
    return _open["browser"]


def persistent_context(user_data_dir: str, **options: Any) -> BrowserContext:
    """A context of a Chromium with a profile on disk (``user_data_dir``), as a person's
    own browser is: not incognito, as the shared browser's contexts are (Chromium offers
    to install a web app only outside incognito), in the whole browser (the headless shell
    installs no app). The caller closes it."""
    browser(full=True)  # starts Playwright if need be
    return _open["playwright"].chromium.launch_persistent_context(
        user_data_dir, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, **options
    )


def close() -> None:
    """Close the browser and stop Playwright, if they are open."""
    found, playwright = _open.pop("browser", None), _open.pop("playwright", None)
    _open.pop("executable", None)
    try:
        if found is not None and found.is_connected():
            found.close()
    finally:
        if playwright is not None:
            playwright.stop()
