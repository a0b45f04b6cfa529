"""A group made, renamed, its link renewed, closed by its owner or by a moderator; what
every groups service shares: who may act, the group locked."""

from __future__ import annotations

import secrets

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.text import visible_only
from groups.models import Group, GroupMember, GroupReport

MAX_NAME = 60
MAX_OWNED = 20  # open groups one person may own
MAX_REASON = 500


def require_person(player: Player) -> None:
    """Refuse a guest, a bot or a banned player: groups are for people with an account."""
    if player.is_bot or player.user_id is None:
        raise ServiceError("account_needed", gettext("groups are for people with an account"))
    if player.is_banned:
        raise ServiceError("banned", gettext("you are banned from playing"))


def new_token() -> str:
    """A fresh secret for a group's join link."""
    return secrets.token_urlsafe(18)


def checked_name(name: str) -> str:
    """A group's name, trimmed and without invisible characters: 1 to 60 characters."""
    text = " ".join(visible_only(name).split())
    if not 1 <= len(text) <= MAX_NAME:
        raise ServiceError(
            "bad_name", gettext("a group's name has 1 to %(max)s characters") % {"max": MAX_NAME}
        )
    return text


def group_locked(group_id: int, *, open_only: bool = True) -> Group:
    """The group with ``group_id``, locked for the caller's transaction; refused when
    there is none (or, ``open_only``, when it is closed)."""
    group = Group.objects.select_for_update().filter(pk=group_id).first()
    if group is None:
        raise ServiceError("no_group", gettext("there is no such group"))
    if open_only and group.is_closed:
        raise ServiceError("group_closed", gettext("this group is closed"))
    return group


def membership_of(group: Group, player: Player) -> GroupMember:
    """``player``'s membership of ``group`` now; refused when they are not a member."""
    found = GroupMember.objects.filter(group=group, player=player, left_at__isnull=True).first()
    if found is None:
        raise ServiceError("not_a_member", gettext("you are not a member of this group"))
    return found


def require_owner(group: Group, player: Player) -> None:
    """Refuse anyone but the group's owner."""
    if group.owner_id != player.pk:
        raise ServiceError("not_the_owner", gettext("only the group's owner may do that"))


def group_create(*, player: Player, name: str) -> Group:
    """A new group named ``name``, owned by ``player``, its first member."""
    require_person(player)
    text = checked_name(name)
    with transaction.atomic():
        owned = Group.objects.filter(owner=player, closed_at__isnull=True).count()
        if owned >= MAX_OWNED:
            raise ServiceError(
                "too_many_groups",
                gettext("you own %(max)s open groups already: close one first")
                % {"max": MAX_OWNED},
            )
        group = Group.objects.create(name=text, owner=player, token=new_token())
        GroupMember.objects.create(group=group, player=player)
    return group


def group_rename(*, player: Player, group_id: int, name: str) -> Group:
    """The owner renames their group."""
    require_person(player)
    text = checked_name(name)
    with transaction.atomic():
        group = group_locked(group_id)
        require_owner(group, player)
        group.name = text
        group.save(update_fields=["name"])
    return group


def group_link_renew(*, player: Player, group_id: int) -> Group:
    """The owner gives the group a new join link: the old one lets nobody in any more."""
    require_person(player)
    with transaction.atomic():
        group = group_locked(group_id)
        require_owner(group, player)
        group.token = new_token()
        group.save(update_fields=["token"])
    return group


def close_group(group: Group, reason: str) -> None:
    """Close the locked ``group`` with ``reason`` (the caller's transaction)."""
    group.closed_at, group.closed_reason = now(), reason
    group.save(update_fields=["closed_at", "closed_reason"])


def group_close(*, player: Player, group_id: int) -> Group:
    """The owner closes their group: no new games, nobody joins; its history stays."""
    require_person(player)
    with transaction.atomic():
        group = group_locked(group_id)
        require_owner(group, player)
        close_group(group, gettext("closed by its owner"))
    return group


def group_close_by_moderator(*, moderator: User, group_id: int, reason: str) -> tuple[Group, int]:
    """A moderator closes a group with ``reason`` (1 to 500 visible characters, which its
    members read); its open reports are settled as handled by ``moderator``. The group
    and how many reports were settled; the caller records the action
    (``moderation.services``)."""
    why = visible_only(reason).strip()
    if not 1 <= len(why) <= MAX_REASON:
        raise ServiceError("reason_required", gettext("say why (1 to 500 characters)"))
    with transaction.atomic():
        group = group_locked(group_id)
        close_group(group, why)
        settled = group_reports_settle(group=group, moderator=moderator, outcome="close")
    return group, settled


def group_reports_settle(*, group: Group, moderator: User, outcome: str) -> int:
    """Mark the open reports of ``group`` handled (``close``) or dismissed (``dismiss``)
    by ``moderator``; how many."""
    if outcome not in ("close", "dismiss"):
        raise ServiceError("bad_outcome", gettext("a group report is closed or dismissed"))
    status = GroupReport.Status.DISMISSED if outcome == "dismiss" else GroupReport.Status.HANDLED
    with transaction.atomic():
        return GroupReport.objects.filter(group=group, status=GroupReport.Status.OPEN).update(
            status=status, handled_by=moderator, handled_at=now(), outcome=outcome
        )
