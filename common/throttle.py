"""The guess limit: a client that keeps trying codes that name no room is refused.

Every lookup of a room code that names no room (the room page, its join form, a
game's review page, the room websocket) is a *miss* for the client's address.  Once
an address has ``MISS_LIMIT`` misses within ``WINDOW_SECONDS`` of its first one, its
further misses are refused (HTTP 429, or the websocket closed with ``CLOSE_CODE``)
until that window ends, and the address is logged once.  A code that names a room
always opens it, whoever asks: people who share an address (a family's Wi-Fi, a
school, a phone carrier) never lock each other out.  What keeps rooms private is the
codes' length (docs/decisions/0008-the-guess-limit-refuses-only-misses.md).

The counters live in Django's default cache: shared by every process when the
settings configure Redis (``REDIS_URL``), per process otherwise.  Behind a proxy the
address is the client's only when Daphne runs with ``--proxy-headers``
(docs/operations.md).
"""

from __future__ import annotations

import ipaddress
import logging
import math
import time
from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpRequest
from django.utils.translation import ngettext

from common.windows import Windows

MISS_LIMIT = 20  # misses of one address ...
WINDOW_SECONDS = 600  # ... within this many seconds of its first miss: refused until then
CLOSE_CODE = 4429  # the websocket close code of a refused lookup
KEY_PREFIX = "room-guesses"

log = logging.getLogger(__name__)

# Wall-clock seconds, comparable between processes; a test may replace it.
clock: Callable[[], float] = time.time

_windows = Windows(KEY_PREFIX)


def client_key(address: str | None) -> str:
    """What an address's misses are counted under: an IPv4 address, the /64 network of an
    IPv6 address (one subscriber's share), or ``unknown``.

    >>> client_key("203.0.113.7"), client_key("2001:db8:1:2:3:4:5:6")
    ('203.0.113.7', '2001:db8:1:2::/64')
    >>> client_key("::ffff:203.0.113.7"), client_key(None)
    ('203.0.113.7', 'unknown')
    """
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def http_address(request: HttpRequest) -> str | None:
    """The address of an HTTP client (Daphne sets it from ``X-Forwarded-For`` when run
    with ``--proxy-headers``)."""
    return request.META.get("REMOTE_ADDR")


def socket_address(scope: Mapping[str, Any]) -> str | None:
    """The address of a websocket client, from its ASGI scope."""
    client = scope.get("client")
    return client[0] if client else None


class TooManyGuesses(Exception):
    """A miss of an address over the guess limit; ``wait`` is the seconds until it is
    under it again."""

    def __init__(self, wait: int) -> None:
        minutes = wait_minutes(wait)
        super().__init__(
            ngettext(
                "Too many wrong room codes; try again in %(n)s minute.",
                "Too many wrong room codes; try again in %(n)s minutes.",
                minutes,
            )
            % {"n": minutes}
        )
        self.wait = wait


def wait_seconds(address: str | None) -> int:
    """Seconds until a miss of ``address`` is answered again; 0 when it is now."""
    return _windows.wait(client_key(address), clock(), MISS_LIMIT, WINDOW_SECONDS)


def record_miss(address: str | None) -> int:
    """Count a lookup by ``address`` of a code that names no room; returns its misses in
    the current window."""
    key = client_key(address)
    misses = _windows.count(key, clock(), WINDOW_SECONDS)
    if misses == MISS_LIMIT:
        log.warning(
            "%s tried %d room codes that name no room within %d s; its misses "
            "are refused until %d s after its first",
            key,
            misses,
            WINDOW_SECONDS,
            WINDOW_SECONDS,
        )
    return misses


def check_miss(address: str | None) -> None:
    """Answer a lookup by ``address`` of a code that names no room: count it, or raise
    ``TooManyGuesses`` when the address is over the limit."""
    wait = wait_seconds(address)
    if wait:
        raise TooManyGuesses(wait)
    record_miss(address)


def wait_minutes(seconds: int) -> int:
    """A wait in whole minutes, rounded up, for people.

    >>> wait_minutes(30), wait_minutes(61), wait_minutes(600)
    (1, 2, 10)
    """
    return max(1, math.ceil(seconds / 60))
