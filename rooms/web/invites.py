"""Invite links that friends can open, and a word to a host on a localhost address.

A room's invite link (and its QR code) is built on ``settings.SITE_URL`` when it is set
(``make serve`` sets it to the first network address it found), else on the address the
request came to.  A page opened through loopback (``localhost``, 127.0.0.0/8, ``::1``)
gets a note for the invite: a link on loopback cannot be opened from another device,
and a host who copies the address bar would send one.

Links written with no request (the emails about turns) go where people were last seen
opening pages: ``SiteAddressMiddleware`` notes the address of each page a player opens
(``common.site_address``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext

from accounts.addresses import is_loopback_ip
from accounts.services.players import SESSION_KEY
from common.site_address import absolute_url, site_address_note


def invite_url(request: HttpRequest, code: str) -> str:
    """The invite link of room ``code``."""
    return absolute_url(request, reverse("games:room", args=[code]))


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or address, with or without a port) names this device
    on every device: ``localhost`` and its subdomains, 127.0.0.0/8, ``::1``.

    >>> [is_loopback(h) for h in ("localhost:8000", "127.0.0.2", "[::1]:80", "dice.example")]
    [True, True, True, False]
    """
    try:
        name = (urlsplit(f"//{host}").hostname or "").rstrip(".")
    except ValueError:
        return False
    return name == "localhost" or name.endswith(".localhost") or is_loopback_ip(name)


def invite_note(request: HttpRequest, link: str) -> str:
    """What to tell a viewer about the invite ``link`` next to it: empty, unless the
    page came through loopback (the link on loopback too, or on ``SITE_URL``)."""
    if not is_loopback(request.get_host()):
        return ""
    site = urlsplit(link).netloc
    if is_loopback(site):
        return gettext(
            "Friends can't open this link: localhost is their own device. Open the site "
            "at the network address make serve printed and copy the invite there, or set "
            "SITE_URL."
        )
    return gettext(
        "You opened this page at localhost, which friends can't open: send them the "
        "invite link above, on %(site)s."
    ) % {"site": site}


def named_host(request: HttpRequest) -> str | None:
    """The request's ``Host`` when it names this site as its operator wrote it: a name
    listed as such in ``ALLOWED_HOSTS`` (not through a pattern such as ``.example.org``
    or ``*``), with no port or the port the server answers on; ``None`` otherwise."""
    found = re.fullmatch(r"(\[[^\]]+\]|[^:]+)(?::(\d+))?", request.get_host())
    if found is None:
        return None
    name, port = found.group(1).lower(), found.group(2)
    listed = {h.lower() for h in settings.ALLOWED_HOSTS if "*" not in h and not h.startswith(".")}
    if name not in listed or port not in (None, str(request.get_port())):
        return None
    return request.get_host()


class SiteAddressMiddleware:
    """Note the scheme and host of each page a player opens (a GET answered 200 with
    HTML, to a session with a player) as where people reach the site, unless ``SITE_URL``
    is set, and only for a host ``named_host`` finds: probes and scrapers, which carry no
    player, and a host name or port a visitor made up never become the address of emailed
    links."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            request.method == "GET"
            and response.status_code == 200
            and response.get("Content-Type", "").startswith("text/html")
            and not settings.SITE_URL
            and SESSION_KEY in request.session
            and (host := named_host(request)) is not None
        ):
            site_address_note(address=f"{request.scheme}://{host}", loopback=is_loopback(host))
        return response
