"""Where the server may send a Web Push message: a browser's push service, and nowhere
else (docs/decisions/0049).

A page gives the endpoint and the server posts to it, so an endpoint is kept, and sent
to, only when it is ``https`` on port 443 at a host name equal to or under one of
``settings.PUSH_SERVICE_HOSTS``, with no user name, no IP literal and no character
outside RFC 3986's; and when ``urllib.parse.urlsplit`` and urllib3 (which sends it) read
the same scheme, host, port, path and query in it. What is sent to is the URL rebuilt
from those parts, never the text as given. The tests' push service on this machine
(``http://127.0.0.1:<port>``) passes only while ``settings.WEBPUSH_LOOPBACK`` is on.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from urllib3.exceptions import LocationParseError
from urllib3.util import parse_url

MAX_LENGTH = 1000  # what PushSubscription.endpoint holds
# RFC 3986's characters less "@" (no user name), "#" (no fragment), "[" and "]" (no IPv6
# literal); "%" only as an escape. No backslash, space or control character is left to
# be read one way by urlsplit and another by urllib3.
URL_TEXT = re.compile(r"(?:[A-Za-z0-9\-._~:/?!$&'()*+,;=]|%[0-9A-Fa-f]{2})+")
ESCAPE = re.compile(r"%[0-9a-f]{2}", re.IGNORECASE)
# A DNS name of two labels or more, the last all letters: never an IP literal, in any
# notation (127.1, 0x7f.0.0.1, 2130706433).
HOST_NAME = re.compile(r"(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}")
TEST_SERVICE = "127.0.0.1"


class BadEndpoint(ValueError):
    """An endpoint the server must not send to."""


def _push_service(host: str) -> bool:
    """Whether ``host`` is one of the configured push services, or a host under one."""
    return HOST_NAME.fullmatch(host) is not None and any(
        host == name or host.endswith("." + name) for name in settings.PUSH_SERVICE_HOSTS
    )


def endpoint_checked(endpoint: str) -> str:
    """The URL the server posts to for ``endpoint``, rebuilt from its parts; ``BadEndpoint``
    when it is not a push service's.

    >>> endpoint_checked("https://FCM.googleapis.com:443/fcm/send/a%2fb")
    'https://fcm.googleapis.com/fcm/send/a%2Fb'
    >>> endpoint_checked("https://127.0.0.1\\\\@fcm.googleapis.com/x")
    Traceback (most recent call last):
    ...
    notices.services.push_endpoints.BadEndpoint: not a push service's endpoint
    """
    refused = BadEndpoint("not a push service's endpoint")
    if len(endpoint) > MAX_LENGTH or not URL_TEXT.fullmatch(endpoint):
        raise refused
    # urllib3 writes escapes in capitals, which mean the same (RFC 3986, 6.2.2.1).
    text = ESCAPE.sub(lambda escape: escape.group().upper(), endpoint)
    split = urlsplit(text)
    try:
        port, sent = split.port, parse_url(text)
    except (ValueError, LocationParseError):
        raise refused from None
    host = split.hostname or ""
    read = (split.scheme, host, port, split.path or None, split.query or None)
    if (
        (sent.scheme, sent.host, sent.port, sent.path, sent.query or None) != read
        or sent.auth is not None
        or split.username is not None
    ):
        raise refused
    if split.scheme == "https" and port in (None, 443) and _push_service(host):
        return urlunsplit(("https", host, split.path, split.query, ""))
    if settings.WEBPUSH_LOOPBACK and split.scheme == "http" and host == TEST_SERVICE:
        return urlunsplit(("http", f"{host}:{port}" if port else host, split.path, split.query, ""))
    raise refused
