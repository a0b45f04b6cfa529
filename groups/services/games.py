"""A new game for a group: a room opened through the rooms' service by a member, linked
to the group (its games count in the group's league), with the members to invite."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from accounts.models import Player
from common.news import News
from friends.selectors.blocks import blocked_ids
from groups.models import GroupMember, GroupRoom
from groups.services.groups import group_locked, membership_of, require_person
from rooms.models import Room
from rooms.services.invites import invites_send
from rooms.services.rooms import room_create


@dataclass(frozen=True)
class GroupGame:
    """The room opened for the group, the other members invited to it (those the opener
    blocked or is blocked by left out), the answer of ``invites_send`` (who was invited
    and who refused invites), and the news for the caller to publish after commit."""

    room: Room
    invitees: list[Player]
    invites: dict[str, Any] = field(default_factory=dict)
    news: tuple[News, ...] = ()


def group_game_open(
    *,
    player: Player,
    group_id: int,
    ruleset: str,
    seats: int,
    pace: str = Room.Pace.LIVE,
    rated: bool = False,
    browser: str = "",
    address: str = "",
) -> GroupGame:
    """A member opens a room for the group (variant ``ruleset``, ``seats``, ``pace``,
    rated or casual, checked as ``rooms.services.rooms.room_create`` checks a room made
    from the home page), hosting it; the room is the group's, and every other member is
    invited to it as a member of the group (``invites_send`` with ``through_group``:
    their privacy and blocks still apply)."""
    require_person(player)
    with transaction.atomic():
        group = group_locked(group_id)
        membership_of(group, player)
        room = room_create(
            player=player,
            ruleset=ruleset,
            seats=seats,
            pace=pace,
            rated=rated,
            browser=browser,
            address=address,
        )
        GroupRoom.objects.create(group=group, room=room)
        apart = blocked_ids(player)
        invitees = [
            row.player
            for row in GroupMember.objects.filter(group=group, left_at__isnull=True)
            .exclude(player=player)
            .select_related("player")
            .order_by("player__name")
            if row.player_id not in apart
        ]
        if not invitees:
            return GroupGame(room, invitees)
        answer = invites_send(sender=player, room=room, receivers=invitees, through_group=True)
    return GroupGame(room, invitees, dict(answer), answer.news)
