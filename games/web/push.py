"""A device's Web Push subscription: the room page sends it once the player says yes (and
again on each visit, so a device follows whoever uses it now); ``push_unsubscribe``
forgets it (docs/decisions/0042). Only the browsers' push services are accepted: the
server posts to the endpoint, and must never be made to post anywhere else."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games.models import PushSubscription
from games.services.players import current_player

LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
# The push services of the browsers people use: the server posts to no other host.
PUSH_HOSTS = ("fcm.googleapis.com", "updates.push.services.mozilla.com")
PUSH_DOMAINS = (".push.apple.com", ".notify.windows.com")
DEVICES_MAX = 10  # per player: the oldest goes when an eleventh subscribes


class BadSubscription(ValueError):
    """A subscription the site cannot push to."""


def _key(value: Any, length: int) -> bytes:
    """The ``length`` bytes ``value`` holds in base64url (strictly: nothing else in it)."""
    if not isinstance(value, str) or len(value) > 2 * length:
        raise BadSubscription
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise BadSubscription from None
    if len(raw) != length:
        raise BadSubscription
    return raw


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _push_host(host: str) -> bool:
    """Whether ``host`` is a browser's push service (or this machine, when the settings
    allow it: the tests' push service)."""
    if host in LOOPBACK:
        return bool(settings.WEBPUSH_LOOPBACK)
    return host in PUSH_HOSTS or host.endswith(PUSH_DOMAINS)


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
    # Push services speak HTTPS; plain HTTP only to this machine, when allowed at all.
    if not url.hostname or not _push_host(url.hostname) or not (
            url.scheme == "https" or (url.scheme == "http" and url.hostname in LOOPBACK)):
        raise BadSubscription
    point = _key(keys.get("p256dh"), 65)
    try:  # an uncompressed point of P-256
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise BadSubscription from None
    return endpoint, _b64(point), _b64(_key(keys.get("auth"), 16))


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
    PushSubscription.objects.update_or_create(endpoint=endpoint, defaults={
        "player": player, "p256dh": p256dh, "auth": auth,
        "language": getattr(request, "LANGUAGE_CODE", "")})
    kept = PushSubscription.objects.filter(player=player).order_by("-created_at", "-id")
    PushSubscription.objects.filter(pk__in=list(kept.values_list("id", flat=True)[DEVICES_MAX:])
                                    ).delete()
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
