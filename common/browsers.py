"""Each browser's long-lived id: a random token in a signed cookie of its own.

A host's kick is recorded with the id of the browser the kicked person joined from
(``Membership.browser``), and a join from that browser is refused even under a new
guest name.  The id is not the session: a session ends at logout and with its expiry,
and a new session is exactly how a kicked guest would come back.  A private window, or
cleared cookies, is a new browser, which the host can kick again; once one of its
players is banned, the guest limit of its address (``accounts.guest_limit``) holds the
next ones back.  Why a cookie: docs/decisions/0016-bans-that-bite.md.  A room's socket
reads the same cookie (``BrowserIdSocketMiddleware``), so that a seat played from another
seat's browser shows (docs/decisions/0056-seats-that-share-a-device.md).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

COOKIE = "browser"
SALT = "common.browsers"
MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie (Chrome caps it there)


def browser_id(request: HttpRequest) -> str:
    """The id of the browser making ``request`` (a new one for a browser without)."""
    return getattr(request, "browser_id", "") or _read(request) or ""


def _read(request: HttpRequest) -> str | None:
    """The id in the request's signed cookie; ``None`` when absent or tampered with."""
    value = request.get_signed_cookie(COOKIE, default=None, salt=SALT)
    return value if isinstance(value, str) and 16 <= len(value) <= 64 else None


class BrowserIdMiddleware:
    """Give ``request.browser_id`` the browser's id, and a browser without one its
    cookie (HttpOnly, SameSite=Lax, Secure when the session cookie is)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        known = _read(request)
        browser = known or secrets.token_urlsafe(24)
        request.browser_id = browser  # type: ignore[attr-defined]  # this middleware's own
        response = self.get_response(request)
        if known is None:
            response.set_signed_cookie(
                COOKIE,
                browser,
                salt=SALT,
                max_age=MAX_AGE,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response


class BrowserIdSocketMiddleware:
    """ASGI middleware giving a websocket's scope ``browser_id``: the id in the browser's
    signed cookie, as ``BrowserIdMiddleware`` reads it (``""`` without one; a socket sets
    no cookie). It goes inside channels' ``CookieMiddleware``, which parses the cookies."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: Mapping[str, Any], receive: Any, send: Any) -> Any:
        request = HttpRequest()
        request.COOKIES = dict(scope.get("cookies") or {})
        return await self.inner({**scope, "browser_id": _read(request) or ""}, receive, send)
