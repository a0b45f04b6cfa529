"""Who is in a group (decision 0073): a member adds a friend, anyone with an account joins
by the link, a member leaves, the owner removes one or hands the group on. A block
between the two people concerned (either way) refuses the add or the join."""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.news import News
from friends.selectors.blocks import blocked_between
from friends.selectors.friends import are_friends
from groups.models import Group, GroupMember
from groups.services.groups import (
    close_group,
    group_locked,
    membership_of,
    require_owner,
    require_person,
)
from notices.selectors.bell_kinds import GROUP_ADDED
from notices.services.bell import bell_ring

MAX_MEMBERS = 50


def _admit(group: Group, person: Player, added_by: Player | None) -> None:
    """Make ``person`` a member of the locked ``group`` again or for the first time."""
    if GroupMember.objects.filter(group=group, left_at__isnull=True).count() >= MAX_MEMBERS:
        raise ServiceError(
            "group_full", gettext("a group has at most %(max)s members") % {"max": MAX_MEMBERS}
        )
    row, made = GroupMember.objects.get_or_create(
        group=group, player=person, defaults={"added_by": added_by}
    )
    if not made:
        row.left_at, row.removed, row.added_by = None, False, added_by
        row.save(update_fields=["left_at", "removed", "added_by"])


def group_member_add(*, player: Player, group_id: int, friend: Player) -> list[News]:
    """A member adds one of their friends to the group at once (a friend agreed to be
    one; they may leave with one tap), which rings the friend's bell: the news to publish
    after commit. Refused for someone not a friend, a member already, or where either of
    the two blocked the other."""
    require_person(player)
    with transaction.atomic():
        group = group_locked(group_id)
        membership_of(group, player)
        if friend.pk == player.pk or not are_friends(player, friend):
            raise ServiceError("not_friends", gettext("you can add only your friends"))
        if blocked_between(player.pk, friend.pk):
            raise ServiceError("unavailable", gettext("you cannot add this person"))
        if GroupMember.objects.filter(group=group, player=friend, left_at__isnull=True).exists():
            raise ServiceError(
                "already_member",
                gettext("%(name)s is in the group already") % {"name": friend.name},
            )
        _admit(group, friend, player)
        return bell_ring(
            player_ids=[friend.pk],
            kind=GROUP_ADDED.name,
            link=reverse("games:group", args=[group.pk]),
            data={"name": player.name, "group": group.name},
        )


def group_join(*, player: Player, token: str) -> Group:
    """``player`` joins the open group whose link carries ``token``. Refused for a bad
    or old link, a member already, someone the owner removed, or where the player and
    the owner blocked one another."""
    require_person(player)
    with transaction.atomic():
        found = Group.objects.filter(token=token).values_list("pk", flat=True).first()
        if not token or found is None:
            raise ServiceError("bad_link", gettext("this group link is not valid any more"))
        group = group_locked(found)
        past = GroupMember.objects.filter(group=group, player=player).first()
        if past is not None and past.left_at is None:
            raise ServiceError("already_member", gettext("you are in this group already"))
        if past is not None and past.removed:
            raise ServiceError(
                "removed", gettext("the owner removed you from this group: ask a member")
            )
        if blocked_between(player.pk, group.owner_id):
            raise ServiceError("unavailable", gettext("you cannot join this group"))
        _admit(group, player, None)
    return group


def group_leave(*, player: Player, group_id: int) -> Group:
    """``player`` leaves the group; the owner must hand it on first unless they are its
    last member, whose leaving closes it."""
    require_person(player)
    with transaction.atomic():
        group = group_locked(group_id)
        row = membership_of(group, player)
        if group.owner_id == player.pk:
            others = GroupMember.objects.filter(group=group, left_at__isnull=True).exclude(
                player=player
            )
            if others.exists():
                raise ServiceError(
                    "owner_leaving",
                    gettext("hand the group on to another member before you leave"),
                )
            close_group(group, gettext("its last member left"))
        row.left_at = now()
        row.save(update_fields=["left_at"])
    return group


def _current_member(group: Group, member_id: int) -> GroupMember:
    """The membership of ``member_id`` in ``group`` now (``not_a_member`` otherwise)."""
    row = (
        GroupMember.objects.select_related("player")
        .filter(group=group, player_id=member_id, left_at__isnull=True)
        .first()
    )
    if row is None:
        raise ServiceError("not_a_member", gettext("that person is not in this group"))
    return row


def group_member_remove(*, player: Player, group_id: int, member_id: int) -> Player:
    """The owner removes a member (who cannot come back by the link); the one removed."""
    require_person(player)
    with transaction.atomic():
        group = group_locked(group_id)
        require_owner(group, player)
        if member_id == player.pk:
            raise ServiceError("yourself", gettext("you cannot remove yourself: leave instead"))
        row = _current_member(group, member_id)
        row.left_at, row.removed = now(), True
        row.save(update_fields=["left_at", "removed"])
    return row.player


def group_owner_hand_on(*, player: Player, group_id: int, member_id: int) -> Player:
    """The owner hands the group on to another member; the new owner."""
    require_person(player)
    with transaction.atomic():
        group = group_locked(group_id)
        require_owner(group, player)
        if member_id == player.pk:
            raise ServiceError("yourself", gettext("you own this group already"))
        row = _current_member(group, member_id)
        group.owner = row.player
        group.save(update_fields=["owner"])
    return row.player


def groups_leave_all(sender: object, *, player: Player, **kwargs: object) -> list[News]:
    """``accounts.signals.player_leaving``'s receiver (a deleted account): ``player``
    leaves every group; a group they owned passes to its longest-standing other member,
    or closes when none is left. Nothing to publish."""
    rows = GroupMember.objects.select_related("group").filter(player=player, left_at__isnull=True)
    for row in rows:
        group = row.group
        row.left_at = now()
        row.save(update_fields=["left_at"])
        if group.owner_id != player.pk or group.closed_at is not None:
            continue
        heir = (
            GroupMember.objects.filter(group=group, left_at__isnull=True)
            .order_by("joined_at", "pk")
            .first()
        )
        if heir is None:
            close_group(group, gettext("its last member left"))
        else:
            group.owner_id = heir.player_id
            group.save(update_fields=["owner"])
    return []
