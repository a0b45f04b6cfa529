"""The guest limit: how many new guest players one address may create in a while.

A guest is a player made for a browser without one (the name asked on the home page or a
room page); a signed-in account's player is not a guest.  Once an address has created
``settings.GUEST_LIMIT`` guests within ``settings.GUEST_LIMIT_WINDOW`` seconds of its
first, further new guests from it are refused (``too_many_guests``, HTTP 429 with
``Retry-After``) until that window ends.  Addresses are counted as the guess limit counts
them (``games.throttle.client_key``: an IPv6 address by its /64), in Django's default
cache (shared by every process with ``REDIS_URL``).  Addresses in
``settings.GUEST_LIMIT_TRUSTED`` (networks, e.g. a test machine's loopback) are never
limited.  Why a cache window and not a library:
docs/decisions/0016-bans-that-bite.md.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.utils.translation import ngettext

from games import throttle
from games.errors import ServiceError
from games.windows import Windows

KEY_PREFIX = "new-guests"
_windows = Windows(KEY_PREFIX)


def _limit() -> tuple[int, int]:
    """(guests allowed per window, the window in seconds), from the settings."""
    return settings.GUEST_LIMIT, settings.GUEST_LIMIT_WINDOW


def trusted(address: str | None) -> bool:
    """Whether ``address`` is in one of the networks of ``GUEST_LIMIT_TRUSTED``."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in ipaddress.ip_network(net, strict=False)
               for net in settings.GUEST_LIMIT_TRUSTED)


def wait_seconds(address: str | None) -> int:
    """Seconds until ``address`` may create a guest again; 0 when it may now."""
    if trusted(address):
        return 0
    limit, window = _limit()
    return _windows.wait(throttle.client_key(address), throttle.clock(), limit, window)


def check(address: str | None) -> None:
    """Refuse a new guest from ``address`` over the limit (``too_many_guests``)."""
    wait = wait_seconds(address)
    if wait:
        minutes = throttle.wait_minutes(wait)
        raise ServiceError("too_many_guests", ngettext(
            "Too many new players from your address; try again in %(n)s minute.",
            "Too many new players from your address; try again in %(n)s minutes.",
            minutes) % {"n": minutes})


def record(address: str | None) -> int:
    """Count a guest created by ``address``; returns its guests in the current window."""
    if trusted(address):
        return 0
    _limit_count, window = _limit()
    return _windows.count(throttle.client_key(address), throttle.clock(), window)
