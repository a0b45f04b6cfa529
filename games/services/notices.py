"""Notices that reach players away from the table: "your turn" as a Web Push message to
each of their devices (docs/decisions/0042).

A notice is written to the outbox (``Notice``) in the transaction that makes it due, so
a server that dies loses none; the notifier (``games.background.notifier``) sends each
once with ``notices_send``. A device gets a notice at most once
(``PushSubscription.last_notice``); one its push service says is gone (404, 410) is
forgotten. Payloads are encrypted for the device (RFC 8291) and signed with the server's
VAPID key (RFC 8292) by pywebpush.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import tempfile
from datetime import timedelta
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext

from games.models import Game, Notice, Player, PushSubscription, Room, Turn
from games.services.core import now
from scoring import rulesets

if TYPE_CHECKING:
    from py_vapid import Vapid02

log = logging.getLogger(__name__)
# A notice claimed this long ago and never marked sent (its notifier died) is sent again.
RECLAIM_AFTER = timedelta(minutes=1)
# How long a push service keeps a message for a device that is off (seconds).
PUSH_TTL = 24 * 3600
PUSH_TIMEOUT = 10.0


# -- the server's VAPID key ----------------------------------------------------------


@lru_cache(maxsize=1)
def vapid_key() -> Vapid02:
    """The server's VAPID key (signing as RFC 8292 says: ``vapid t=..., k=...``):
    ``WEBPUSH_PRIVATE_KEY`` (PEM or base64url) when set, else the PEM in
    ``WEBPUSH_KEY_FILE``, made there the first time."""
    from py_vapid import Vapid02  # with pywebpush: imported by the processes that push

    if settings.WEBPUSH_PRIVATE_KEY:
        return Vapid02.from_string(settings.WEBPUSH_PRIVATE_KEY)
    path: Path = settings.WEBPUSH_KEY_FILE
    if not path.exists():
        # Made under a temporary name and linked into place, which fails if another
        # process got there first: every process signs with the same key.
        path.parent.mkdir(parents=True, exist_ok=True)
        key = Vapid02()
        key.generate_keys()
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as draft:
            draft.write(key.private_pem())
        os.chmod(draft.name, 0o600)
        try:
            os.link(draft.name, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(draft.name)
    return Vapid02.from_pem(path.read_bytes())


def public_key() -> str:
    """The server's public key as a page passes it to ``pushManager.subscribe``
    (``applicationServerKey``: the uncompressed point, base64url)."""
    from cryptography.hazmat.primitives import serialization

    point = vapid_key().public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(point).rstrip(b"=").decode()


# -- writing notices -----------------------------------------------------------------


def notice_turn(room: Room, game: Game, player: Player) -> None:
    """Put "your turn" in ``player``'s outbox for the game's current turn (rooms by the
    day, people only; the caller's transaction commits it)."""
    if room.pace != Room.Pace.DAY or player.is_bot:
        return
    Notice.objects.get_or_create(player=player, room=room, game=game, turn=game.turn_count,
                                 kind=Notice.Kind.YOUR_TURN)


# -- sending them --------------------------------------------------------------------


def _payload(notice: Notice) -> dict[str, Any]:
    """What the device shows, in the player's language: the room and the game, and the
    link that opens the room at their turn."""
    room, game = notice.room, notice.game
    others = list(game.scorecards.exclude(player=notice.player).select_related("player")
                  .values_list("player__name", flat=True))
    with translation.override(notice.player.language or settings.LANGUAGE_CODE):
        title = gettext("Your turn in %(variant)s") % {
            "variant": rulesets.get(room.ruleset).title}
        body = (gettext("Game %(number)s with %(names)s") % {
            "number": game.number, "names": ", ".join(others)} if others
            else gettext("Game %(number)s") % {"number": game.number})
        if game.turn_deadline is not None:
            hours = max(1, round((game.turn_deadline - now()).total_seconds() / 3600))
            body += " · " + ngettext("%(n)s hour left", "%(n)s hours left", hours) % {
                "n": hours}
    return {"title": title, "body": body, "url": reverse("games:room", args=[room.code]),
            "tag": f"{room.code}:{game.number}:{notice.turn}"}


def _push(subscription: PushSubscription, data: dict[str, Any]) -> bool:
    """Send ``data`` to one device; ``False`` when its push service says it is gone."""
    from pywebpush import WebPushException, webpush

    try:
        webpush({"endpoint": subscription.endpoint,
                 "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}},
                data=json.dumps(data), vapid_private_key=vapid_key(),
                vapid_claims={"sub": settings.WEBPUSH_SUBJECT}, ttl=PUSH_TTL,
                timeout=PUSH_TIMEOUT, headers={"Urgency": "high"})
    except WebPushException as error:
        if error.status_code in (404, 410):
            return False
        log.warning("push to %s failed: %s", subscription.endpoint[:60], error)
    except Exception:  # a push service that cannot be reached: the others still get theirs
        log.exception("push to %s failed", subscription.endpoint[:60])
    return True


def _claim(moment: Any, limit: int) -> list[Notice]:
    """The notices to send now, claimed for this notifier."""
    with transaction.atomic():
        ids = list(Notice.objects.filter(sent_at__isnull=True, claimed_at__isnull=True)
                   .values_list("id", flat=True)[:limit])
        ids += list(Notice.objects.filter(sent_at__isnull=True,
                                          claimed_at__lt=moment - RECLAIM_AFTER)
                    .values_list("id", flat=True)[:limit])
        Notice.objects.filter(
            Q(claimed_at__isnull=True) | Q(claimed_at__lt=moment - RECLAIM_AFTER),
            pk__in=ids, sent_at__isnull=True).update(claimed_at=moment)
    return list(Notice.objects.filter(pk__in=ids, claimed_at=moment)
                .select_related("player", "room", "game").order_by("id"))


def notices_send(*, limit: int = 50) -> int:
    """Send the notices waiting in the outbox (at most ``limit``); returns how many were
    sent. One whose turn is over already is marked sent without a word."""
    moment = now()
    sent = 0
    for notice in _claim(moment, limit):
        still_due = Turn.objects.filter(game=notice.game, number=notice.turn,
                                        finished_at__isnull=True).exists()
        if still_due:
            data = _payload(notice)
            for device in PushSubscription.objects.filter(player=notice.player).exclude(
                    last_notice__gte=notice.pk):
                if _push(device, data):
                    PushSubscription.objects.filter(pk=device.pk).update(last_notice=notice.pk)
                else:
                    device.delete()
            sent += 1
        Notice.objects.filter(pk=notice.pk).update(sent_at=now())
    return sent
