"""Who a player shares rooms with: the names a new name of theirs must not look like,
and the people they have played beside (the daily challenge's friends)."""

from __future__ import annotations

from django.db.models import Q

from accounts.models import Player
from rooms.models import Membership, Room


def names_beside(player: Player, room: Room | None = None) -> set[str]:
    """The names of everyone who shares a room with ``player``: every open room they are
    active in, and ``room`` (which they may be joining)."""
    rooms = Q(
        room__in=Membership.objects.filter(player=player, state=Membership.State.ACTIVE)
        .exclude(room__status=Room.Status.CLOSED)
        .values("room")
    )
    if room is not None:
        rooms |= Q(room=room)
    return set(
        Membership.objects.filter(rooms)
        .exclude(player=player)
        .values_list("player__name", flat=True)
    )


def names_on_rename(sender: object, *, player: Player, **kwargs: object) -> set[str]:
    """``accounts.signals.player_renaming``'s receiver: ``names_beside(player)``."""
    return names_beside(player)


def roommate_ids(player: Player) -> set[int]:
    """The ids of the people ``player`` has shared a room with (daily tables aside)."""
    rooms = Membership.objects.filter(player=player, room__daily=False).values("room_id")
    return set(
        Membership.objects.filter(room_id__in=rooms)
        .exclude(player=player)
        .values_list("player_id", flat=True)
    )
