"""A socket's language: its viewer's, chosen as the pages choose it.

The state a room sends is the same for every viewer (keys and numbers); what a socket
sends to one viewer alone (its errors, the coach's hints, a ban notice) is in that
viewer's language: the account's, else the language cookie, else ``Accept-Language``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest
from django.utils import translation

from accounts.models import Player


def language_of_scope(scope: Mapping[str, Any], player: Player | None) -> str:
    """The language to speak to the viewer of a websocket ``scope``."""
    if player is not None and player.user_id is not None and player.language:
        try:
            return translation.get_supported_language_variant(player.language)
        except LookupError:
            pass
    request = HttpRequest()
    request.COOKIES = dict(scope.get("cookies") or {})
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            request.META["HTTP_ACCEPT_LANGUAGE"] = value.decode("latin-1")
    return translation.get_language_from_request(request)
