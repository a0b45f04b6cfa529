"""Players' reports of a chat line or a player, and the moderators' answers to them.

A report changes nothing in the room (no version, no event: only staff see it). A
moderator handles it with one of the moderation services (``moderation.services.moderation``),
which records a ``ModerationAction``; the report (and the other open reports the same
action settles) is then marked with who did what, and when.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import Player
from accounts.services.players import player_lock
from common.clock import now
from common.errors import ServiceError
from common.news import Answer, Outcome
from common.text import visible_only
from moderation.models import ModerationAction, Report
from moderation.services import moderation
from play.services.core import Done, membership, room_act
from rooms.models import ChatMessage, Room
from rooms.selectors.members import chat_line, member_ever, membership_of

MAX_TEXT = 500
REPORTS_PER_WINDOW = 5  # reports a player may send ...
WINDOW = timedelta(minutes=10)  # ... within this window, over all rooms
OUTCOMES = ("remove_chat", "kick", "ban", "dismiss")


def _target(
    room: Room, player_id: int | None, message_id: int | None
) -> tuple[Player, ChatMessage | None]:
    """The reported player and message (``None`` for a player report) in ``room``."""
    if message_id is not None:
        message = chat_line(room=room, message_id=message_id)
        if message is None:
            raise ServiceError("unknown_message", gettext("there is no such message in this room"))
        return message.player, message
    if player_id is None:
        raise ServiceError("bad_report", gettext("name the chat message or the player you report"))
    found = member_ever(room=room, player_id=player_id)  # present or gone: abuse before leaving
    if found is None:
        raise ServiceError("not_in_room", gettext("that player has never been in this room"))
    return found.player, None


def _reason(reason: str, text: str | None) -> tuple[str, str]:
    """The reason and the reporter's words, trimmed and without invisible characters
    (required for "other")."""
    if reason not in Report.Reason.values:
        raise ServiceError(
            "bad_reason", gettext("the reason is one of abuse, spam, cheating, other")
        )
    words = visible_only(text or "").strip()
    if len(words) > MAX_TEXT:
        raise ServiceError(
            "bad_reason", gettext("say it in at most %(max)s characters") % {"max": MAX_TEXT}
        )
    if reason == Report.Reason.OTHER and not words:
        raise ServiceError("bad_reason", gettext("say what is wrong when the reason is 'other'"))
    return reason, words


def report_send(
    *,
    player: Player,
    code: str,
    reason: str,
    text: str | None = None,
    target: int | None = None,
    message: int | None = None,
    request_id: str | None = None,
) -> Answer:
    """Report a chat line (``message``: its id) or a player (``target``: their player id)
    of this room to the moderators, with a ``reason`` (abuse, spam, cheating, other) and
    optional words (``text``; required for "other"). The answer's ``report`` is
    ``"received"``, or ``"already"`` when this player's report of it is still open (no
    second report is made)."""
    return room_act(
        "report",
        player,
        code,
        request_id,
        lambda room: _send(room, player, reason=reason, text=text, target=target, message=message),
    )


def _send(
    room: Room,
    player: Player,
    *,
    reason: str,
    text: str | None,
    target: int | None,
    message: int | None,
) -> Done:
    membership(room, player)
    reported, line = _target(room, target, message)
    if reported.pk == player.pk or reported.is_bot:
        raise ServiceError(
            "cannot_report", gettext("you can report other people, not yourself or bots")
        )
    why, words = _reason(reason, text)
    open_reports = Report.objects.filter(
        reporter=player, reported=reported, status=Report.Status.OPEN
    )
    already = (
        open_reports.filter(message=line)
        if line
        else open_reports.filter(room=room, message__isnull=True)
    )
    if already.exists():
        return Done(None, extra={"report": "already"}, remember=False)
    player_lock(player)  # rate per player
    if (
        Report.objects.filter(reporter=player, created_at__gt=now() - WINDOW).count()
        >= REPORTS_PER_WINDOW
    ):
        raise ServiceError(
            "report_too_fast", gettext("you have sent many reports: the moderators are on it")
        )
    Report.objects.create(
        room=room, reporter=player, reported=reported, message=line, reason=why, text=words
    )
    return Done(None, extra={"report": "received"})


def _settle(report: Report, moderator: User, outcome: str, action: ModerationAction) -> int:
    """Mark ``report`` and the other open reports ``outcome`` settles as handled."""
    related = Report.objects.filter(pk=report.pk)
    if outcome == "remove_chat":
        related = Report.objects.filter(message=report.message_id)
    elif outcome == "kick":
        related = Report.objects.filter(room=report.room_id, reported=report.reported_id)
    elif outcome == "ban":
        related = Report.objects.filter(reported=report.reported_id)
    status = Report.Status.DISMISSED if outcome == "dismiss" else Report.Status.HANDLED
    return (
        (related | Report.objects.filter(pk=report.pk))
        .filter(status=Report.Status.OPEN)
        .update(
            status=status, handled_by=moderator, handled_at=now(), outcome=outcome, action=action
        )
    )


def report_handle(
    *, moderator: User, report: Report, outcome: str, reason: str, until: datetime | None = None
) -> Outcome[int]:
    """Act on an open report: ``remove_chat`` (the reported message), ``kick`` (the
    reported player from the report's room), ``ban`` (the reported player, until
    ``until``; ``None``: for good) or ``dismiss``; each is recorded as a
    ``ModerationAction`` with ``reason``. Returns how many open reports the action
    settled (this one and, say, others of the same message), with the action's news."""
    if outcome not in OUTCOMES:
        raise ServiceError(
            "bad_outcome",
            gettext("a report is handled by one of %(outcomes)s")
            % {"outcomes": ", ".join(OUTCOMES)},
        )
    if until is not None and outcome != "ban":
        raise ServiceError("bad_ban_end", gettext("only a ban has an end"))
    with transaction.atomic():
        locked = _open_report(report)
        done = _act(moderator, locked, outcome, reason, until)
        return Outcome(_settle(locked, moderator, outcome, done.value), done.news)


def _open_report(report: Report) -> Report:
    """``report`` locked for this transaction, with its room, reported player and
    message; refused once it is no longer open."""
    locked = (
        Report.objects.select_for_update(of=("self",))
        .select_related("room", "reported", "message")
        .get(pk=report.pk)
    )
    if locked.status != Report.Status.OPEN:
        raise ServiceError(
            "report_closed",
            gettext("%(report)s was already %(status)s")
            % {"report": locked, "status": locked.get_status_display()},
        )
    return locked


def _act(
    moderator: User, locked: Report, outcome: str, reason: str, until: datetime | None
) -> Outcome[ModerationAction]:
    """The moderation service of ``outcome`` called on what ``locked`` reports, the
    action noting the report's id."""
    noted = {"report_id": locked.pk}
    if outcome == "remove_chat":
        if locked.message is None:
            raise ServiceError("no_message", gettext("this report names a player, not a message"))
        return moderation.mod_remove_chat(
            moderator=moderator, message=locked.message, reason=reason, details=noted
        )
    if outcome == "kick":
        member = membership_of(locked.room, locked.reported)
        if member is None:
            raise ServiceError(
                "not_in_room",
                gettext("%(player)s is not in the room") % {"player": locked.reported},
            )
        return moderation.mod_kick(moderator=moderator, member=member, reason=reason, details=noted)
    if outcome == "ban":
        return moderation.mod_ban(
            moderator=moderator, player=locked.reported, reason=reason, until=until, details=noted
        )
    return moderation.mod_dismiss_report(
        moderator=moderator,
        room=locked.room,
        player=locked.reported,
        reason=reason,
        details=noted,
    )


def accuracy_reported(
    sender: object, *, room: Room, player: Player, text: str, **kwargs: object
) -> None:
    """``daily.signals.accuracy_doubted``'s receiver: an accuracy report of ``player`` (no
    reporter) saying ``text``, in the caller's transaction, unless one is open already."""
    if Report.objects.filter(
        reported=player, reason=Report.Reason.ACCURACY, status=Report.Status.OPEN
    ).exists():
        return
    Report.objects.create(
        room=room, reporter=None, reported=player, reason=Report.Reason.ACCURACY, text=text
    )


def foresight_reported(
    sender: object, *, room_id: int, player: Player, text: str, **kwargs: object
) -> Report | None:
    """``daily.signals.foresight_doubted``'s receiver: a foresight report of ``player`` at
    the room with ``room_id`` (no reporter) saying ``text``, in the caller's transaction
    (which holds the room's lock); ``None`` when that room has one of them already."""
    if Report.objects.filter(
        room=room_id, reported=player, reason=Report.Reason.FORESIGHT
    ).exists():
        return None
    return Report.objects.create(
        room_id=room_id, reporter=None, reported=player, reason=Report.Reason.FORESIGHT, text=text
    )
