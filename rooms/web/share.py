"""Ways to pass a room on: its invite link as a QR code, drawn by the server.

The code encodes the room's invite link (``rooms.web.invites``: on ``SITE_URL`` when set),
which the visitor holding it already has; a code that names no room is a miss against
the guess limit, as on the room page.
"""

from __future__ import annotations

import io

import segno
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from rooms.web.access import guess_limited, room_or_404
from rooms.web.invites import invite_url


def qr_svg(text: str, title: str = "") -> bytes:
    """``text`` as a QR code (error correction M, a four-module quiet zone) in SVG that
    scales to any size, named ``title`` (the invite link's name in the active language
    when empty)."""
    code = segno.make(text, error="m")
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        border=4,
        xmldecl=False,
        omitsize=True,
        title=title or gettext("QR code of the invite link"),
        dark="#1d1b16",
        light="#ffffff",
    )
    return out.getvalue()


@require_GET
@guess_limited
@cache_control(private=True, max_age=3600)
def room_qr(request: HttpRequest, code: str) -> HttpResponse:
    """The room's invite link as a QR code, for a phone at the same table to scan."""
    found = room_or_404(request, code)
    return HttpResponse(qr_svg(invite_url(request, found.code)), content_type="image/svg+xml")
