"""Notices that reach players away from the table: "your turn" as a Web Push message to
each of their devices (docs/decisions/0042), and the outbox rows of its emails, sent by
``notices.services.notice_emails`` (docs/decisions/0044).

A notice is written to the outbox (``Notice``) in the transaction that makes it due, so
a server that dies loses none; the notifier (``notices.background.notifier``) sends each
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
from collections.abc import Callable
from datetime import datetime, timedelta
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext

from accounts.models import Player
from common import instruments
from common.clock import now
from notices.models import Notice, PushSubscription
from notices.services.invite_notices import invite_payload, invite_pending, send_invite_emails
from notices.services.notice_emails import send_emails
from notices.services.outbox import (
    MAX_ATTEMPTS,
    RETRY_AFTER,
    address_of,
    game_of,
    open_turn_of,
    postpone,
)
from notices.services.preferences import preferences_of, quiet_end
from notices.services.push_endpoints import BadEndpoint, endpoint_checked
from play.models import Game
from play.modes import mode_of, turn_order_of
from rooms.models import Room
from scoring import rulesets

if TYPE_CHECKING:
    from py_vapid import Vapid02

log = logging.getLogger(__name__)
# A notice claimed this long ago and never marked sent (its notifier died) is sent again:
# well beyond a pass's ten notices at ten seconds a device at worst.
RECLAIM_AFTER = timedelta(minutes=10)
# How long a push service keeps a message for a device that is off (seconds).
PUSH_TTL = 24 * 3600
PUSH_TIMEOUT = 10.0
# How long the outbox keeps a notice once it went: a turn that long ago is over.
KEEP_SENT = timedelta(days=30)


# -- the server's VAPID key ----------------------------------------------------------


@lru_cache(maxsize=1)
def vapid_key() -> Vapid02:
    """The server's VAPID key (signing as RFC 8292 says: ``vapid t=..., k=...``):
    ``WEBPUSH_PRIVATE_KEY`` (PEM or base64url) when set, else the PEM in
    ``WEBPUSH_KEY_FILE``, made there the first time."""
    from py_vapid import Vapid02  # with pywebpush: imported by the processes that push

    given = settings.WEBPUSH_PRIVATE_KEY
    if given.startswith("-----BEGIN"):
        return Vapid02.from_pem(given.encode())
    if given:
        return Vapid02.from_string(given)
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
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(point).rstrip(b"=").decode()


def page_key() -> str:
    """``public_key()`` for a page, or ``""`` (no notifications offered) when the key
    cannot be read or made: a room page never fails for it."""
    try:
        return public_key()
    except Exception:
        log.exception("the VAPID key cannot be read or made: no push notifications")
        return ""


# -- writing notices -----------------------------------------------------------------


def notice_turn(
    room: Room,
    game: Game,
    player: Player,
    holiday_until: datetime | None = None,
    deadline: datetime | None = None,
) -> None:
    """Put "your turn" in ``player``'s outbox for the game's newest turn (rooms by the
    day, people only; the caller's transaction commits it): a push, an email when their
    account has a confirmed address and wants it, and the reminder they chose before the
    turn's ``deadline``. A player on holiday hears of it when the holiday ends."""
    if not mode_of(room, game).timing.notices_turns or player.is_bot:
        return
    moment = now()
    due = max(moment, holiday_until) if holiday_until else moment
    about = {"player": player, "game": game, "turn": game.turn_count}
    rows = [Notice(**about, kind=Notice.Kind.YOUR_TURN, due_at=due)]
    chosen = preferences_of(player)
    if chosen.email and address_of(player):
        rows.append(
            Notice(**about, kind=Notice.Kind.YOUR_TURN, channel=Notice.Channel.EMAIL, due_at=due)
        )
        remind = (
            deadline - timedelta(hours=chosen.reminder_hours)
            if deadline is not None and chosen.reminder_hours
            else None
        )
        if remind is not None and remind > due:
            rows.append(
                Notice(
                    **about, kind=Notice.Kind.REMINDER, channel=Notice.Channel.EMAIL, due_at=remind
                )
            )
    Notice.objects.bulk_create(rows)


# -- sending them --------------------------------------------------------------------


def turn_noticed(
    sender: object,
    *,
    room: Room,
    game: Game,
    player: Player,
    holiday_until: datetime | None,
    deadline: datetime | None,
    **kwargs: object,
) -> None:
    """``play.signals.turn_opened``'s receiver: ``notice_turn``."""
    notice_turn(room, game, player, holiday_until, deadline)


def turn_unnoticed(sender: object, *, game: Game, number: int, **kwargs: object) -> None:
    """``play.signals.turn_withdrawn``'s receiver: drop the notices of turn ``number`` of
    ``game``, in the caller's transaction."""
    Notice.objects.filter(game=game, turn=number).delete()


def _payload(notice: Notice, language: str, deadline: datetime | None) -> dict[str, Any]:
    """What the device shows, in ``language``: the room and the game, the time left until
    the turn's ``deadline``, and the link that opens the room at the player's turn."""
    game = game_of(notice)
    others = list(
        game.scorecards.exclude(player=notice.player)
        .select_related("player")
        .values_list("player__name", flat=True)
    )
    with translation.override(language):
        title = gettext("Your turn in %(variant)s") % {"variant": rulesets.get(game.ruleset).title}
        body = (
            gettext("Game %(number)s with %(names)s")
            % {"number": game.number, "names": ", ".join(others)}
            if others
            else gettext("Game %(number)s") % {"number": game.number}
        )
        if deadline is not None and deadline > now():
            hours = max(1, round((deadline - now()).total_seconds() / 3600))
            body += " · " + ngettext("%(n)s hour left", "%(n)s hours left", hours) % {"n": hours}
    return {
        "title": title,
        "body": body,
        "url": reverse("games:room", args=[game.room.code]),
        "tag": f"{game.room.code}:{game.number}:{notice.turn}",
    }


class Outcome(Enum):
    SENT = "sent"
    GONE = "gone"  # the push service no longer knows the device, or refuses our key
    RETRY = "retry"  # try again later


def _push(subscription: PushSubscription, endpoint: str, data: dict[str, Any]) -> Outcome:
    """Send ``data`` to one device at ``endpoint`` (its endpoint as ``endpoint_checked``
    rebuilt it), following no redirect."""
    import requests
    from pywebpush import WebPushException, webpush

    session = requests.Session()
    session.max_redirects = 0
    try:
        webpush(
            {
                "endpoint": endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
            },
            data=json.dumps(data),
            vapid_private_key=vapid_key(),
            vapid_claims={"sub": settings.WEBPUSH_SUBJECT},
            ttl=PUSH_TTL,
            timeout=PUSH_TIMEOUT,
            headers={"Urgency": "high"},
            requests_session=session,
        )
    except WebPushException as error:
        if error.status_code in (401, 403, 404, 410):
            return Outcome.GONE
        log.warning("push to %s failed: %s", endpoint[:60], error.status_code)
        return Outcome.RETRY
    except Exception as error:  # unreachable, too slow, a redirect: later, maybe
        log.warning("push to %s failed: %r", endpoint[:60], error)
        return Outcome.RETRY
    finally:
        session.close()
    return Outcome.SENT


def _claim(moment: datetime, limit: int) -> list[Notice]:
    """The notices due now, claimed for this notifier (a claim a minute old that never
    ended is taken again)."""
    due = Notice.objects.filter(
        Q(claimed_at__isnull=True) | Q(claimed_at__lt=moment - RECLAIM_AFTER),
        sent_at__isnull=True,
        due_at__lte=moment,
    )
    if not due.exists():  # the idle pass: one read, no write lock
        return []
    with transaction.atomic():
        ids = list(due.order_by("due_at", "id").values_list("id", flat=True)[:limit])
        due.filter(pk__in=ids).update(claimed_at=moment)
    return list(
        Notice.objects.filter(pk__in=ids, claimed_at=moment)
        .select_related("player", "game__room", "invite__room", "invite__sender")
        .order_by("due_at", "id")
    )


def _wording(notice: Notice) -> Callable[[str], dict[str, Any]] | None:
    """How the notice's push reads in a language, or ``None`` when it is no longer to be
    sent: its turn is over (or a bot keeps the seat now), or its invite is no longer
    pending."""
    if notice.invite_id is not None:
        if not invite_pending(notice):
            return None
        return lambda language: invite_payload(notice, language)
    turn = open_turn_of(notice)
    if turn is None:
        return None
    game = game_of(notice)
    # Everyone's turn at once, each turn has its own deadline; else the game holds it.
    deadline = turn_order_of(game).deadline_of(game, turn)
    return lambda language: _payload(notice, language, deadline)


def _send(notice: Notice, moment: datetime) -> None:
    """Push one notice to each device of its player it has not reached yet; mark it sent,
    or leave it for another try (given up after ``MAX_ATTEMPTS``)."""
    wording = _wording(notice)
    chosen = preferences_of(notice.player)
    if wording is None or not chosen.push:
        # Nothing to send any more, or push is off.
        Notice.objects.filter(pk=notice.pk).update(sent_at=now())
        return
    quiet = quiet_end(chosen, moment)
    if quiet is not None:
        postpone(notice, quiet)
        return
    delivered = set(notice.delivered)
    retry = False
    payloads: dict[str, dict[str, Any]] = {}
    for device in PushSubscription.objects.filter(player=notice.player).exclude(pk__in=delivered):
        try:
            endpoint = endpoint_checked(device.endpoint)
        except BadEndpoint:  # kept before today's rule: never sent to, forgotten
            log.warning(
                "push subscription %s forgotten, unsent: its endpoint is not a push service's (%r)",
                device.pk,
                device.endpoint[:60],
            )
            device.delete()
            continue
        language = notice.player.language or device.language or settings.LANGUAGE_CODE
        if language not in payloads:
            payloads[language] = wording(language)
        outcome = _push(device, endpoint, payloads[language])
        if outcome is Outcome.GONE:
            device.delete()
        elif outcome is Outcome.SENT:
            delivered.add(device.pk)
            # At once: a notifier that dies now never sends this device the notice twice.
            Notice.objects.filter(pk=notice.pk).update(delivered=sorted(delivered))
        else:
            retry = True
    attempts = notice.attempts + 1
    done = not retry or attempts >= MAX_ATTEMPTS
    Notice.objects.filter(pk=notice.pk, claimed_at=moment).update(
        attempts=attempts,
        sent_at=now() if done else None,
        claimed_at=None if not done else moment,
        due_at=notice.due_at if done else now() + RETRY_AFTER * attempts,
    )


def notices_prune(*, at: datetime | None = None, keep: timedelta = KEEP_SENT) -> int:
    """Forget the notices sent, or given up on, more than ``keep`` before ``at`` (now);
    returns how many (the hourly housekeeping: ``close_idle_rooms``)."""
    moment = at or now()
    return Notice.objects.filter(sent_at__lt=moment - keep).delete()[0]


def _count_emails(attempts: dict[int, int]) -> None:
    """Count the emails just handed on as sent, or failed where a try was added (/metrics)."""
    for pk, tries in Notice.objects.filter(pk__in=attempts).values_list("pk", "attempts"):
        instruments.notices.labels("email", "failed" if tries > attempts[pk] else "sent").inc()


def notices_send(*, limit: int = 10) -> int:
    """Send the notices due in the outbox (at most ``limit`` a pass); returns how many
    were handled. A notice whose turn is over is dropped without a word; one that fails
    is tried again later (``RETRY_AFTER``, longer each time, ``MAX_ATTEMPTS`` in all)."""
    moment = now()
    claimed = _claim(moment, limit)
    emails = [notice for notice in claimed if notice.channel == Notice.Channel.EMAIL]
    if turn_emails := [notice for notice in emails if notice.invite_id is None]:
        send_emails(turn_emails, moment)
    if invite_emails := [notice for notice in emails if notice.invite_id is not None]:
        send_invite_emails(invite_emails, moment)
    _count_emails({notice.pk: notice.attempts for notice in emails})
    for notice in claimed:
        if notice.channel == Notice.Channel.EMAIL:
            continue
        try:
            _send(notice, moment)
            instruments.notices.labels(notice.channel, "sent").inc()
        except Exception:  # one bad notice never stops the others
            log.exception("notice %s failed", notice.pk)
            instruments.notices.labels(notice.channel, "failed").inc()
            Notice.objects.filter(pk=notice.pk).update(
                attempts=notice.attempts + 1,
                claimed_at=None,
                due_at=now() + RETRY_AFTER,
                sent_at=now() if notice.attempts + 1 >= MAX_ATTEMPTS else None,
            )
    return len(claimed)
