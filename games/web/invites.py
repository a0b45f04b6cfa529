"""Invite links that friends can open, and a word to a host on a localhost address.

A room's invite link (and its QR code) is built on ``settings.SITE_URL`` when it is set
(``make serve`` sets it to the first network address it found), else on the address the
request came to.  A page opened through loopback (``localhost``, 127.0.0.0/8, ``::1``)
gets a note for the invite: a link on loopback cannot be opened from another device,
and a host who copies the address bar would send one.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext


def absolute_url(request: HttpRequest, path: str) -> str:
    """``path`` as a full URL for people on other devices: on ``SITE_URL`` when set,
    else on the scheme and host of ``request``."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    return request.build_absolute_uri(path)


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
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


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
            "SITE_URL.")
    return gettext(
        "You opened this page at localhost, which friends can't open: send them the "
        "invite link above, on %(site)s.") % {"site": site}
