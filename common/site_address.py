"""The address people reach the site at, for links written with no request to build
them on: the links of the emails about turns (docs/decisions/0053).

``SITE_URL`` wins when it is set. Otherwise the web layer notes the address of each page
a player opens (``site_address_note``), and the links use the latest one that is not a
loopback address (a loopback one only while no other was seen: friends on other
devices cannot open ``localhost``), else ``http://127.0.0.1:PORT``, the address ``make
run`` serves at. The address is kept in the cache: Redis, shared by every process, where
several serve; the memory of the one process that serves (and sends the emails)
otherwise.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

CACHE_KEY = "site-address"


def site_address_note(*, address: str, loopback: bool) -> None:
    """Remember ``address`` (a scheme, a host and an optional port: ``http://dice:8300``)
    as where people reach the site; a ``loopback`` address only when none is known."""
    if loopback:
        cache.add(CACHE_KEY, address, timeout=None)
    elif cache.get(CACHE_KEY) != address:
        cache.set(CACHE_KEY, address, timeout=None)


def site_address() -> str:
    """The address links written with no request use: ``SITE_URL``, else the one people
    were last seen at, else this machine at ``PORT``."""
    if settings.SITE_URL:
        return str(settings.SITE_URL)
    seen = cache.get(CACHE_KEY)
    return seen if isinstance(seen, str) and seen else f"http://127.0.0.1:{settings.PORT}"


def absolute_url(request: HttpRequest, path: str) -> str:
    """``path`` as a full URL for people on other devices: on ``SITE_URL`` when set,
    else on the scheme and host of ``request``."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    return request.build_absolute_uri(path)
