"""A device's Web Push subscription: the room page sends it once the player says yes, and
takes it back when they say no (docs/decisions/0042)."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any
from urllib.parse import urlsplit

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games.models import PushSubscription
from games.services.players import current_player

LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})


class BadSubscription(ValueError):
    """A subscription the site cannot push to."""


def _key(value: Any, length: int) -> str:
    """``value`` if it is base64url of ``length`` bytes."""
    if not isinstance(value, str) or len(value) > 200:
        raise BadSubscription
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise BadSubscription from None
    if len(raw) != length:
        raise BadSubscription
    return value


def _subscription(body: bytes) -> tuple[str, str, str]:
    """The endpoint and keys of a ``PushSubscription.toJSON()`` sent by a page."""
    try:
        data = json.loads(body)
        endpoint, keys = data["endpoint"], data["keys"]
    except (ValueError, KeyError, TypeError):
        raise BadSubscription from None
    if not isinstance(endpoint, str) or not isinstance(keys, dict) or len(endpoint) > 1000:
        raise BadSubscription
    url = urlsplit(endpoint)
    # Push services speak HTTPS; plain HTTP only on this machine (a test's push service).
    if not url.hostname or not (url.scheme == "https" or (
            url.scheme == "http" and url.hostname in LOOPBACK)):
        raise BadSubscription
    p256dh = _key(keys.get("p256dh"), 65)  # an uncompressed P-256 point
    return endpoint, p256dh, _key(keys.get("auth"), 16)


def _refused(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def _not_json(request: HttpRequest) -> JsonResponse | None:
    """A refusal for a post that is not JSON (a form's body is not ours to read)."""
    if request.content_type != "application/json":
        return _refused(gettext("send the subscription as JSON"))
    return None


@require_POST
def push_subscribe(request: HttpRequest) -> JsonResponse:
    """Keep this device's subscription for the visitor's player (the same device again
    replaces its keys)."""
    if (refusal := _not_json(request)) is not None:
        return refusal
    player = current_player(request.session, request.user)
    if player is None:
        return _refused(gettext("join a room first"), 403)
    try:
        endpoint, p256dh, auth = _subscription(request.body)
    except BadSubscription:
        return _refused(gettext("that is not a push subscription this site can use"))
    PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"player": player, "p256dh": p256dh, "auth": auth})
    return JsonResponse({"subscribed": True})


@require_POST
def push_unsubscribe(request: HttpRequest) -> JsonResponse:
    """Forget this device's subscription (the player turned notifications off)."""
    if (refusal := _not_json(request)) is not None:
        return refusal
    player = current_player(request.session, request.user)
    try:
        endpoint = json.loads(request.body)["endpoint"]
    except (ValueError, KeyError, TypeError):
        return _refused(gettext("that is not a push subscription this site can use"))
    if player is not None and isinstance(endpoint, str):
        PushSubscription.objects.filter(player=player, endpoint=endpoint).delete()
    return JsonResponse({"subscribed": False})
