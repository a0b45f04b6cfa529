"""Reads of groups: a group by id or by its link's token, its members now, a player's
groups, the group's rooms."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import Player
from groups.models import Group, GroupMember, GroupReport, GroupRoom
from rooms.models import Room

TOKEN_LENGTH = 32  # Group.token's max_length


def group_by_id(group_id: int) -> Group | None:
    """The group with ``group_id`` with its owner, open or closed (``None``: no such)."""
    return Group.objects.select_related("owner").filter(pk=group_id).first()


def group_by_token(token: str) -> Group | None:
    """The open group whose join link carries ``token`` (``None``: no such, or closed)."""
    if not token or len(token) > TOKEN_LENGTH:
        return None
    return Group.objects.select_related("owner").filter(token=token, closed_at__isnull=True).first()


def members_of(group: Group) -> list[Player]:
    """The group's members now, by name."""
    return [
        m.player
        for m in GroupMember.objects.filter(group=group, left_at__isnull=True)
        .select_related("player")
        .order_by("player__name", "player_id")
    ]


def member_ids(group: Group) -> set[int]:
    """The player ids of the group's members now."""
    return set(
        GroupMember.objects.filter(group=group, left_at__isnull=True).values_list(
            "player_id", flat=True
        )
    )


def groupmate_ids(player: Player | None) -> set[int]:
    """The ids of the people in a group with ``player`` now (open groups; themselves
    aside)."""
    if player is None:
        return set()
    groups = GroupMember.objects.filter(
        player=player, left_at__isnull=True, group__closed_at__isnull=True
    ).values("group_id")
    return set(
        GroupMember.objects.filter(group_id__in=groups, left_at__isnull=True)
        .exclude(player=player)
        .values_list("player_id", flat=True)
    )


def is_member(group: Group, player: Player | None) -> bool:
    """Whether ``player`` is a member of ``group`` now."""
    return (
        player is not None
        and GroupMember.objects.filter(group=group, player=player, left_at__isnull=True).exists()
    )


def was_member(group: Group, player: Player) -> bool:
    """Whether ``player`` is or was ever a member of ``group``."""
    return GroupMember.objects.filter(group=group, player=player).exists()


@dataclass(frozen=True)
class GroupLine:
    """One of a player's groups, as their list shows it."""

    group: Group
    members: int


def groups_of(player: Player) -> list[GroupLine]:
    """The open groups ``player`` is a member of, by name, with how many members each
    has (two queries)."""
    groups = list(
        Group.objects.filter(
            closed_at__isnull=True,
            members__player=player,
            members__left_at__isnull=True,
        )
        .select_related("owner")
        .order_by("name", "pk")
    )
    counts: dict[int, int] = {}
    for group_id in GroupMember.objects.filter(
        group__in=[g.pk for g in groups], left_at__isnull=True
    ).values_list("group_id", flat=True):
        counts[group_id] = counts.get(group_id, 0) + 1
    return [GroupLine(g, counts.get(g.pk, 0)) for g in groups]


def room_ids_of(group: Group) -> list[int]:
    """The ids of every room opened for ``group``."""
    return list(GroupRoom.objects.filter(group=group).values_list("room_id", flat=True))


def open_rooms_of(group: Group) -> list[Room]:
    """The group's rooms still open, newest first, with their hosts."""
    return [
        link.room
        for link in GroupRoom.objects.filter(group=group, room__status=Room.Status.OPEN)
        .select_related("room__host")
        .order_by("-created_at", "-pk")
    ]


def group_of_room(room_id: int) -> Group | None:
    """The group the room with ``room_id`` was opened for (``None``: none)."""
    link = GroupRoom.objects.select_related("group").filter(room_id=room_id).first()
    return link.group if link is not None else None


def open_report_by(group: Group, player: Player) -> bool:
    """Whether ``player``'s report of ``group`` is still open."""
    return GroupReport.objects.filter(
        group=group, reporter=player, status=GroupReport.Status.OPEN
    ).exists()
