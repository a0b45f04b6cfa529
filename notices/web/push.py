"""A device's Web Push subscription: the room page sends it once the player says yes (and
again on each visit, so a device follows whoever uses it now); ``push_unsubscribe``
forgets it (docs/decisions/0042). Only the browsers' push services are accepted: the
server posts to the endpoint, and must never be made to post anywhere else
(``notices.services.push_endpoints``, docs/decisions/0049)."""

from __future__ import annotations

import base64
import binascii
from typing import Any

from cryptography.hazmat.primitives.asymmetric import ec
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.services.players import current_player
from common.json_input import BadJson, json_request
from notices.services.push_endpoints import BadEndpoint, endpoint_checked
from notices.services.push_subscriptions import subscription_forget, subscription_keep


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


def _subscription(data: dict[str, Any]) -> tuple[str, str, str]:
    """The endpoint (as the server will post to it) and keys of a
    ``PushSubscription.toJSON()`` sent by a page."""
    keys, sent = data.get("keys"), data.get("endpoint")
    if not isinstance(keys, dict) or not isinstance(sent, str):
        raise BadSubscription
    try:
        endpoint = endpoint_checked(sent)
    except BadEndpoint:
        raise BadSubscription from None
    point = _key(keys.get("p256dh"), 65)
    try:  # an uncompressed point of P-256
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise BadSubscription from None
    return endpoint, _b64(point), _b64(_key(keys.get("auth"), 16))


def _refused(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def _unusable() -> JsonResponse:
    return _refused(gettext("that is not a push subscription this site can use"))


@require_POST
def push_subscribe(request: HttpRequest) -> JsonResponse:
    """Keep this device's subscription for the visitor's player (the same device again
    replaces its keys)."""
    try:
        data = json_request(request)
    except BadJson as refusal:
        return _refused(refusal.message)
    player = current_player(request.session, request.user)
    if player is None:
        return _refused(gettext("join a room first"), 403)
    try:
        endpoint, p256dh, auth = _subscription(data)
    except BadSubscription:
        return _unusable()
    subscription_keep(
        player=player,
        endpoint=endpoint,
        p256dh=p256dh,
        auth=auth,
        language=getattr(request, "LANGUAGE_CODE", ""),
    )
    return JsonResponse({"subscribed": True})


@require_POST
def push_unsubscribe(request: HttpRequest) -> JsonResponse:
    """Forget this device's subscription (the player turned notifications off)."""
    try:
        endpoint = json_request(request).get("endpoint")
    except BadJson as refusal:
        return _refused(refusal.message)
    if not isinstance(endpoint, str):
        return _unusable()
    player = current_player(request.session, request.user)
    if player is not None:
        subscription_forget(player=player, endpoint=endpoint)
    return JsonResponse({"subscribed": False})
