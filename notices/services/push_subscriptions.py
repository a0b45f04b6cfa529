"""A player's devices that take Web Push messages (docs/decisions/0042): kept when the
room page subscribes one, at most ``DEVICES_MAX`` a player, and forgotten when it
unsubscribes. The page parses and checks what the browser sent (``notices.web.push``);
the endpoints are those a push may be sent to (``notices.services.push_endpoints``)."""

from __future__ import annotations

from django.db import transaction

from accounts.models import Player
from notices.models import PushSubscription
from notices.services.push_endpoints import BadEndpoint, endpoint_checked

DEVICES_MAX = 10  # per player: the oldest goes when an eleventh subscribes


def subscription_keep(
    *, player: Player, endpoint: str, p256dh: str, auth: str, language: str
) -> PushSubscription:
    """Keep the device at ``endpoint`` (as ``endpoint_checked`` gives it) with its keys
    for ``player``, who reads in ``language``: the same device again replaces its keys and
    follows whoever uses it now. Past ``DEVICES_MAX``, the player's oldest go."""
    with transaction.atomic():
        kept, _ = PushSubscription.objects.update_or_create(
            endpoint=endpoint,
            defaults={"player": player, "p256dh": p256dh, "auth": auth, "language": language},
        )
        newest = PushSubscription.objects.filter(player=player).order_by("-created_at", "-id")
        PushSubscription.objects.filter(
            pk__in=list(newest.values_list("id", flat=True)[DEVICES_MAX:])
        ).delete()
    return kept


def subscription_forget(*, player: Player, endpoint: str) -> int:
    """Forget ``player``'s device at ``endpoint``, as the server posts to it or, for one
    kept before that rule, as given; how many were forgotten (0: none was kept)."""
    try:
        forms = {endpoint, endpoint_checked(endpoint)}
    except BadEndpoint:
        forms = {endpoint}
    with transaction.atomic():
        return PushSubscription.objects.filter(player=player, endpoint__in=forms).delete()[0]
