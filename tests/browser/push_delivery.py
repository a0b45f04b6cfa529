"""Pushes handed to a page's service worker over DevTools
(``ServiceWorker.deliverPushMessage``), again until the worker shows them: what a push
service does for a browser, for the browser tests of Web Push."""

from __future__ import annotations

import json

from playwright.sync_api import CDPSession, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

DELIVERIES = 6  # pushes delivered at most, 5 s apart

# The notices the site's worker shows now, read again each time the page checks.
SHOWN = """() => {
  navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((found) => {
    window.shown = found.map((n) => ({title: n.title, body: n.body, tag: n.tag,
                                      url: n.data && n.data.url}));
  });
  return window.shown && window.shown.length > 0;
}"""


def deliver(
    page: Page, cdp: CDPSession, origin: str, registration: str, payload: dict[str, str]
) -> None:
    """Push ``payload`` to the worker of ``registration`` until ``page`` finds it shown.

    DevTools hands a push over and forgets it: Chromium drops a push it could not dispatch
    (its worker failed to start, say) without a word. A push service keeps a message until
    the browser takes it, so this delivers again after 5 s; the tag keeps it one notice."""
    for attempt in range(1, DELIVERIES + 1):
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": origin, "registrationId": registration, "data": json.dumps(payload)},
        )
        try:
            page.wait_for_function(SHOWN, polling=100, timeout=5_000)
            return
        except PlaywrightTimeoutError:
            assert attempt < DELIVERIES, f"no notice after {DELIVERIES} pushes"


def worker_registration(page: Page) -> tuple[CDPSession, str]:
    """A DevTools session on ``page`` and its service worker's registration id."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cdp = page.context.new_cdp_session(page)
    found: list[str] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: found.extend(r["registrationId"] for r in event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    for _ in range(400):  # the registrations come as events, at most 20 s after
        if found:
            break
        page.wait_for_timeout(50)
    assert found, "the site's service worker is registered"
    return cdp, found[0]
