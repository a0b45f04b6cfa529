"""The site installs as an app: Chromium finds nothing missing for its install prompt,
the service worker takes the page over, and a page opened offline is the site's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.tables import PHONE
from tests.support import chromium

# Installing the site as an app needs the whole browser (decision 0076).
pytestmark = [pytest.mark.browser, pytest.mark.full_chromium]


def test_chromium_can_install_it_and_offline_it_shows_its_own_page(
    browser: object, live_url: str, tmp_path: Path
) -> None:
    # A person's own browser (a profile on disk): Chromium never offers to install from
    # an incognito window, which the other tests' contexts are.
    context = chromium.persistent_context(
        str(tmp_path / "profile"),
        base_url=live_url,
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )
    try:
        errors: list[str] = []
        page = context.pages[0] if context.pages else context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto("/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")
        assert errors == []

        context.set_offline(True)
        page.goto("/games/")
        expect(page.get_by_test_id("offline")).to_be_visible()
        expect(page.locator("h1")).to_have_text("You are offline")
        font = page.evaluate("getComputedStyle(document.body).fontFamily")
        assert font.startswith("system-ui")  # the site's stylesheet, kept offline
        context.set_offline(False)
        page.get_by_test_id("offline-retry").click()
        expect(page.get_by_test_id("your-games")).to_be_visible()
    finally:
        context.close()
