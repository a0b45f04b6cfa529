"""The moderators' actions on groups: a group closed with a reason its members read, a
group's reports dismissed; each recorded as a ``ModerationAction`` naming the group in
its details (the action's row has no column for a group: decision 0073)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from common.news import Outcome
from groups.models import Group
from groups.services.groups import group_close_by_moderator, group_reports_settle
from moderation.models import ModerationAction
from moderation.services.moderation import mod_reason


def _details(group: Group, settled: int) -> dict[str, object]:
    return {"group_id": group.pk, "group": group.name, "reports_settled": settled}


def mod_close_group(*, moderator: User, group: Group, reason: str) -> Outcome[ModerationAction]:
    """Close ``group`` with ``reason`` (its open reports handled with it). Returns the
    record."""
    why = mod_reason(reason)
    with transaction.atomic():
        closed, settled = group_close_by_moderator(
            moderator=moderator, group_id=group.pk, reason=why
        )
        action = ModerationAction.objects.create(
            moderator=moderator,
            action="close_group",
            reason=why,
            player=closed.owner,
            details=_details(closed, settled),
        )
    return Outcome(action)


def mod_dismiss_group_reports(
    *, moderator: User, group: Group, reason: str
) -> Outcome[ModerationAction]:
    """Dismiss the open reports of ``group``: it needs no action, and why."""
    why = mod_reason(reason)
    with transaction.atomic():
        settled = group_reports_settle(group=group, moderator=moderator, outcome="dismiss")
        action = ModerationAction.objects.create(
            moderator=moderator,
            action="dismiss_group_reports",
            reason=why,
            player=group.owner,
            details=_details(group, settled),
        )
    return Outcome(action)
