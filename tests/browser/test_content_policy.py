"""The Content Security Policy holds in a real browser: the site's own scripts run, and a
script slipped into a page (as an injection would) does not."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_an_injected_inline_script_is_refused(live_url: str, browser: object) -> None:
    context = browser.new_context(base_url=live_url)  # type: ignore[attr-defined]
    page = context.new_page()
    refusals: list[str] = []
    page.on(
        "console",
        lambda m: refusals.append(m.text) if "Content Security Policy" in m.text else None,
    )
    response = page.goto("/")
    assert response is not None
    assert "script-src 'self'" in response.headers["content-security-policy"]
    # The page's own module ran: the name field counts characters as they are typed.
    page.get_by_test_id("create-name").fill("Ada")
    expect(page.get_by_test_id("create-name-count")).to_have_text("3 of 24 characters.")
    page.evaluate("""() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
        const img = document.createElement('img');
        img.setAttribute('onerror', 'window.injected = true');
        img.src = '/no-such-image.png';
        document.body.append(img);
    }""")
    page.wait_for_function("() => document.querySelector('img[onerror]').complete")
    assert page.evaluate("() => window.injected === undefined")
    assert refusals, "the browser reports what it refused"
    context.close()
