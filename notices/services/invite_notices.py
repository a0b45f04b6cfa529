"""Invites that reach people (docs/invites.md): an invite rings its receiver's bell and
puts a push and an email in the outbox (``Notice`` rows about the invite, not a game's
turn) per the receiver's own preferences; the notifier sends them as it sends turns
(``notices.services.notices``), at the end of quiet hours, and never once the invite is
no longer pending. An invite that expires shows so on the bell (the item updated, not
deleted) and its unsent notices are dropped."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from common.clock import now
from common.news import Bell, News
from notices.models import BellItem, Notice
from notices.selectors.bell_kinds import INVITE, pace_words
from notices.services.bell import bell_ring
from notices.services.notice_emails import site_url, unsubscribe_token
from notices.services.outbox import MAX_ATTEMPTS, RETRY_AFTER, address_of, postpone
from notices.services.preferences import preferences_of, quiet_end
from rooms.models import Invite
from scoring import rulesets

log = logging.getLogger(__name__)


def invite_link(invite: Invite) -> str:
    """The path of the invite's one-tap page."""
    return reverse("games:invite", args=[invite.pk])


def invite_key(invite_id: int) -> str:
    """The bell item's key of the invite with id ``invite_id``."""
    return f"invite:{invite_id}"


def notice_invite(*, invite: Invite) -> list[News]:
    """Ring the receiver's bell with ``invite`` and put its push and email in the outbox
    (push when they want pushes, email when their account has a confirmed address and
    wants emails), due now: quiet hours hold them when they are sent. In the caller's
    transaction; the bell's news to publish."""
    receiver, room = invite.receiver, invite.room
    with transaction.atomic():
        news = bell_ring(
            player_ids=[receiver.pk],
            kind=INVITE.name,
            link=invite_link(invite),
            data={
                "invite": invite.pk,
                "name": invite.sender.name,
                "room": room.code,
                "variant": room.ruleset,
                "pace": room.pace,
            },
            key=invite_key(invite.pk),
        )
        chosen, moment = preferences_of(receiver), now()
        about = {"player": receiver, "invite": invite, "turn": 0, "kind": Notice.Kind.INVITE}
        rows = [Notice(**about, due_at=moment)] if chosen.push else []
        if chosen.email and address_of(receiver):
            rows.append(Notice(**about, channel=Notice.Channel.EMAIL, due_at=moment))
        Notice.objects.bulk_create(rows)
    return news


def notice_invites_expired(*, invites: Sequence[Invite]) -> list[News]:
    """The ``invites`` expired: each receiver's bell item says so (read or not, kept),
    and their unsent push and email are dropped. In the caller's transaction."""
    if not invites:
        return []
    ids = [invite.pk for invite in invites]
    Notice.objects.filter(invite_id__in=ids, sent_at__isnull=True).update(sent_at=now())
    changed: set[int] = set()
    for invite in invites:
        for item in BellItem.objects.filter(
            player_id=invite.receiver_id, key=invite_key(invite.pk), kind=INVITE.name
        ):
            item.data = {**item.data, "expired": True}
            item.save(update_fields=["data"])
            changed.add(item.player_id)
    return [Bell(pk) for pk in sorted(changed)]


def invite_pending(notice: Notice) -> bool:
    """Whether the invite an invite's notice is about still waits for its receiver."""
    return (
        notice.invite_id is not None
        and Notice.objects.filter(pk=notice.pk, invite__state=Invite.State.PENDING).exists()
    )


def _invite_of(notice: Notice) -> Invite:
    """The invite an invite's notice is about, with its room and sender."""
    if notice.invite is None:  # a caller's bug: a turn's notice
        raise ValueError(f"notice {notice.pk} is about no invite")
    return notice.invite


def _words(invite: Invite) -> dict[str, str]:
    room = invite.room
    title = rulesets.get(room.ruleset).title
    return {"name": invite.sender.name, "variant": title, "pace": pace_words(room.pace)}


def invite_payload(notice: Notice, language: str) -> dict[str, Any]:
    """What a device shows of an invite's push, in ``language``: who invites to what, and
    the one-tap link."""
    invite = _invite_of(notice)
    with translation.override(language):
        words = _words(invite)
        title = gettext("%(name)s invites you to play %(variant)s") % words
        body = gettext("%(variant)s, %(pace)s: one tap takes your seat") % words
    return {"title": title, "body": body, "url": invite_link(invite), "tag": f"invite:{invite.pk}"}


def _message(notice: Notice, address: str) -> EmailMessage:
    invite = _invite_of(notice)
    player = notice.player
    unsubscribe = site_url(reverse("games:notices_unsubscribe", args=[unsubscribe_token(player)]))
    with translation.override(player.language or settings.LANGUAGE_CODE):
        words = _words(invite)
        subject = gettext("%(name)s invites you to play %(variant)s") % words
        body = render_to_string(
            "notices/invite_email.txt",
            {
                **words,
                "receiver": player.name,
                "room": invite.room.code,
                "link": site_url(invite_link(invite)),
                "preferences": site_url(reverse("games:notices")),
                "unsubscribe": unsubscribe,
            },
        )
    return EmailMessage(
        subject,
        body,
        None,
        [address],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )


def send_invite_emails(notices: Sequence[Notice], moment: datetime) -> None:
    """Send the claimed invite emails, each alone (no hourly gap: an invite waits for no
    digest), unless the invite is over or emails are off; in quiet hours they wait."""
    for notice in notices:
        chosen, address = preferences_of(notice.player), address_of(notice.player)
        if not invite_pending(notice) or not chosen.email or not address:
            Notice.objects.filter(pk=notice.pk).update(sent_at=now())
            continue
        quiet = quiet_end(chosen, moment)
        if quiet is not None:
            postpone(notice, quiet)
            continue
        try:
            _message(notice, address).send()
        except Exception:  # a mail server's error: tried again later
            log.exception("the invite email of notice %s failed", notice.pk)
            attempts = notice.attempts + 1
            Notice.objects.filter(pk=notice.pk).update(
                attempts=attempts,
                claimed_at=None,
                due_at=now() + RETRY_AFTER * attempts,
                sent_at=now() if attempts >= MAX_ATTEMPTS else None,
            )
            continue
        Notice.objects.filter(pk=notice.pk).update(sent_at=now())
