"""Turns by email (docs/decisions/0044): "your turn", a reminder before the deadline, and
a digest when several rooms wait, to an account's confirmed address.

What the outbox holds for a player is sent by ``send_emails`` (the notifier's pass) in
the player's language and time zone, never in their quiet hours, at most one "your turn"
email an hour (``EMAIL_GAP``): what comes meanwhile waits, and when more than one room
waits then, one digest lists them all, at most one a day (``DIGEST_GAP``; until then the
most urgent goes alone, an hour apart). Reminders go
alone, at their hour. Every email carries a signed link that opens the room (and signs
its reader in), the way to change these preferences, and an unsubscribe link, also as
``List-Unsubscribe`` with one-click unsubscribing (RFC 8058).
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, translation
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext, ngettext

from accounts.models import Player
from common.clock import now
from common.site_address import site_address
from notices.models import Notice, Preferences
from notices.services.outbox import (
    MAX_ATTEMPTS,
    RETRY_AFTER,
    address_of,
    game_of,
    open_turn_of,
    postpone,
)
from notices.services.preferences import preferences_of, quiet_end, zone_of
from play.models import Turn
from play.modes import turn_order_of
from scoring import rulesets

log = logging.getLogger(__name__)
EMAIL_GAP = timedelta(hours=1)
DIGEST_GAP = timedelta(days=1)
ROOM_LINK_AGE = 3 * 24 * 3600  # seconds a room link signs its reader in (decision 0050)
ROOM_LINK_SALT = "games.room-link"
UNSUBSCRIBE_SALT = "games.unsubscribe"


# -- signed links --------------------------------------------------------------------


def sign_in_stamp(user: Any) -> str:
    """What a room link must carry to sign ``user`` in: it changes with their password
    and with each sign-in, so a link signs in once, and never after a new password."""
    return salted_hmac(ROOM_LINK_SALT, f"{user.pk}:{user.password}:{user.last_login}").hexdigest()[
        :24
    ]


def room_link_token(player: Player, code: str) -> str:
    """The token of a link that opens room ``code`` for ``player`` (for three days), and
    may sign them in once on a browser that is no one yet."""
    user = player.user if player.user_id is not None else None
    return signing.TimestampSigner(salt=ROOM_LINK_SALT).sign_object(
        {"p": player.pk, "r": code, "s": sign_in_stamp(user) if user is not None else ""}
    )


def read_room_link(token: str, *, max_age: int | None = ROOM_LINK_AGE) -> tuple[int, str, str]:
    """The player, room and sign-in stamp of a room link; ``signing.SignatureExpired``
    when older than ``max_age`` seconds (``None``: any age), ``signing.BadSignature`` when
    forged."""
    data = signing.TimestampSigner(salt=ROOM_LINK_SALT).unsign_object(token, max_age=max_age)
    if (
        not isinstance(data, dict)
        or type(data.get("p")) is not int
        or not isinstance(data.get("r"), str)
        or not isinstance(data.get("s"), str)
    ):
        raise signing.BadSignature("not a room link")
    return data["p"], data["r"], data["s"]


def unsubscribe_token(player: Player) -> str:
    """The token of the link that stops ``player``'s emails about turns (it never ends:
    an old email's link still works)."""
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign(str(player.pk))


def read_unsubscribe(token: str) -> int:
    """The player an unsubscribe link is for; ``signing.BadSignature`` when forged."""
    value = signing.Signer(salt=UNSUBSCRIBE_SALT).unsign(token)
    if not value.isdigit():
        raise signing.BadSignature("not an unsubscribe link")
    return int(value)


def site_url(path: str) -> str:
    """``path`` on the address people reach the site at (``site_address``)."""
    return site_address() + path


# -- what an email says --------------------------------------------------------------


def deadline_of(notice: Notice, turn: Turn) -> datetime | None:
    """When the notice's turn runs out (everyone at once: its own deadline)."""
    game = game_of(notice)
    return turn_order_of(game).deadline_of(game, turn)


def _game_view(notice: Notice, turn: Turn, chosen: Preferences) -> dict[str, Any]:
    game = game_of(notice)
    others = list(
        game.scorecards.exclude(player=notice.player).values_list("player__name", flat=True)
    )
    deadline = deadline_of(notice, turn)
    when = None
    if deadline is not None:
        local = deadline.astimezone(zone_of(chosen))
        when = f"{formats.date_format(local, 'D j M, H:i')} ({local.tzname()})"
    link = reverse("games:room_link", args=[room_link_token(notice.player, game.room.code)])
    return {
        "title": rulesets.get(game.ruleset).title,
        "number": game.number,
        "others": ", ".join(others),
        "deadline": when,
        "link": site_url(link),
    }


def _message(
    player: Player, address: str, kind: str, views: list[dict[str, Any]], hours: int = 0
) -> EmailMessage:
    """One email to ``player`` about ``views`` (the games), in their language."""
    unsubscribe = site_url(reverse("games:notices_unsubscribe", args=[unsubscribe_token(player)]))
    with translation.override(player.language or settings.LANGUAGE_CODE):  # as the views
        first = views[0]
        if kind == "digest":
            subject = ngettext(
                "Your turn in %(n)s game", "Your turn in %(n)s games", len(views)
            ) % {"n": len(views)}
        elif kind == "reminder":
            subject = ngettext(
                "%(n)s hour left for your turn in %(variant)s",
                "%(n)s hours left for your turn in %(variant)s",
                hours,
            ) % {"n": hours, "variant": first["title"]}
        else:
            subject = gettext("Your turn in %(variant)s") % {"variant": first["title"]}
        body = render_to_string(
            "notices/turn_email.txt",
            {
                "name": player.name,
                "kind": kind,
                "games": views,
                "hours": hours,
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


# -- sending -------------------------------------------------------------------------


def send_emails(notices: list[Notice], moment: datetime) -> None:
    """Send the claimed email notices, each player's together with the rest of theirs
    due now (see the module)."""
    mine: dict[int, list[Notice]] = defaultdict(list)
    for notice in notices:
        mine[notice.player_id].append(notice)
    for rows in mine.values():
        rows += claim_more(rows, moment)
        try:
            with translation.override(rows[0].player.language or settings.LANGUAGE_CODE):
                _send_player(rows, moment)
        except Exception:  # a mail server's error: what was not sent tries again later
            log.exception("emails to player %s failed", rows[0].player_id)
            for notice in rows:
                attempts = notice.attempts + 1
                Notice.objects.filter(pk=notice.pk, sent_at__isnull=True).update(
                    attempts=attempts,
                    claimed_at=None,
                    due_at=now() + RETRY_AFTER * attempts,
                    sent_at=now() if attempts >= MAX_ATTEMPTS else None,
                )


def claim_more(rows: list[Notice], moment: datetime) -> list[Notice]:
    """The player's other email notices due now that no notifier holds, claimed: a pass
    takes a few notices, and a digest is of all that wait."""
    others = Notice.objects.filter(
        player_id=rows[0].player_id,
        channel=Notice.Channel.EMAIL,
        invite__isnull=True,  # an invite's email goes alone (notices.services.invite_notices)
        sent_at__isnull=True,
        claimed_at__isnull=True,
        due_at__lte=moment,
    ).exclude(pk__in=[n.pk for n in rows])
    ids = list(others.values_list("pk", flat=True))
    if not ids:
        return []
    Notice.objects.filter(pk__in=ids, claimed_at__isnull=True).update(claimed_at=moment)
    return list(
        Notice.objects.filter(pk__in=ids, claimed_at=moment).select_related("player", "game__room")
    )


def _done(notices: list[Notice]) -> None:
    Notice.objects.filter(pk__in=[n.pk for n in notices]).update(sent_at=now())


def _send(message: EmailMessage, notices: list[Notice]) -> None:
    """Send one email and mark its notices sent at once (a later email that fails does
    not send this one again)."""
    message.send()
    _done(notices)


def _send_player(rows: list[Notice], moment: datetime) -> None:
    player = rows[0].player
    chosen, address = preferences_of(player), address_of(player)
    live: list[tuple[Notice, Turn]] = []
    for notice in rows:
        turn = open_turn_of(notice)
        wanted = chosen.email and (notice.kind != Notice.Kind.REMINDER or chosen.reminder_hours > 0)
        if turn is None or not address or not wanted:
            _done([notice])  # over, or no longer wanted: nothing to send
        else:
            live.append((notice, turn))
    quiet = quiet_end(chosen, moment)
    if quiet is not None:
        for notice, _ in live:
            postpone(notice, quiet)
        return
    turns = []
    for notice, turn in live:
        if notice.kind != Notice.Kind.REMINDER:
            turns.append((notice, turn))
            continue
        deadline = deadline_of(notice, turn)
        remind_at = deadline - timedelta(hours=chosen.reminder_hours) if deadline else None
        if remind_at is None or deadline is None or deadline <= moment:
            _done([notice])
        elif remind_at > moment + timedelta(minutes=1):  # the deadline moved (a holiday)
            postpone(notice, remind_at)
        else:  # the hours left now (quiet hours or a retry may have made them fewer)
            left = max(1, round((deadline - moment).total_seconds() / 3600))
            _send(
                _message(player, address, "reminder", [_game_view(notice, turn, chosen)], left),
                [notice],
            )
    if turns:
        _turn_emails(player, address, chosen, turns, moment)


def _urgency(pair: tuple[Notice, Turn]) -> datetime:
    deadline = deadline_of(*pair)
    return deadline if deadline is not None else datetime.max.replace(tzinfo=UTC)


def _turn_emails(
    player: Player,
    address: str,
    chosen: Preferences,
    turns: list[tuple[Notice, Turn]],
    moment: datetime,
) -> None:
    """Send the "your turn" email, or the digest, that ``turns`` make now, or leave them
    for later: the next hour; when a digest went less than a day ago, the most urgent
    goes alone and the others wait an hour more."""
    if chosen.emailed_at is not None and moment - chosen.emailed_at < EMAIL_GAP:
        for notice, _ in turns:
            postpone(notice, chosen.emailed_at + EMAIL_GAP)
        return
    digest = len(turns) > 1 and (
        chosen.digest_at is None or moment - chosen.digest_at >= DIGEST_GAP
    )
    if not digest and len(turns) > 1:
        turns = sorted(turns, key=_urgency)
        for notice, _ in turns[1:]:
            postpone(notice, moment + EMAIL_GAP)
        turns = turns[:1]
    views = [_game_view(notice, turn, chosen) for notice, turn in turns]
    _send(
        _message(player, address, "digest" if digest else "turn", views),
        [notice for notice, _ in turns],
    )
    sent = {"emailed_at": moment, **({"digest_at": moment} if digest else {})}
    Preferences.objects.update_or_create(player=player, defaults=sent)
