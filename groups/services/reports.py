"""A member reports their group to the moderators (its name, what it is for); the
moderators' queue of group reports is in ``moderation/admin/groups.py``."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.text import visible_only
from groups.models import GroupMember, GroupReport
from groups.services.groups import group_locked, require_person

MAX_TEXT = 500
REPORTS_PER_DAY = 5


def group_report_send(*, player: Player, group_id: int, reason: str, text: str = "") -> bool:
    """``player``, a member now or before, reports the group with ``reason`` (abuse,
    spam, other) and words (required for "other"). Whether a report was made: ``False``
    when theirs of this group is still open."""
    require_person(player)
    if reason not in GroupReport.Reason.values:
        raise ServiceError("bad_reason", gettext("the reason is one of abuse, spam, other"))
    words = visible_only(text).strip()
    if len(words) > MAX_TEXT:
        raise ServiceError(
            "bad_reason", gettext("say it in at most %(max)s characters") % {"max": MAX_TEXT}
        )
    if reason == GroupReport.Reason.OTHER and not words:
        raise ServiceError("bad_reason", gettext("say what is wrong when the reason is 'other'"))
    with transaction.atomic():
        group = group_locked(group_id, open_only=False)
        if not GroupMember.objects.filter(group=group, player=player).exists():
            raise ServiceError("not_a_member", gettext("you are not a member of this group"))
        mine = GroupReport.objects.filter(reporter=player)
        if mine.filter(group=group, status=GroupReport.Status.OPEN).exists():
            return False
        if mine.filter(created_at__gt=now() - timedelta(days=1)).count() >= REPORTS_PER_DAY:
            raise ServiceError(
                "report_too_fast", gettext("you have sent many reports: the moderators are on it")
            )
        GroupReport.objects.create(group=group, reporter=player, reason=reason, text=words)
    return True
