"""Reads of invites: one invite with its room and sender, who else a room invited, and
the inviter's friends as the invite page lists them (where each is, whether invited)."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import Player
from friends.selectors.friends import friends_of
from rooms.models import Invite, Room
from rooms.selectors.whereabouts import Whereabouts, whereabouts_label, whereabouts_of


def invite_by_id(invite_id: int) -> Invite | None:
    """The invite with ``invite_id``, with its room, sender and receiver."""
    return (
        Invite.objects.select_related("room__host", "sender", "receiver")
        .filter(pk=invite_id)
        .first()
    )


def invited_names(room: Room, *, besides: Player | None = None) -> list[str]:
    """The names of the people with a pending invite to ``room`` (but ``besides``)."""
    found = Invite.objects.filter(room=room, state=Invite.State.PENDING)
    if besides is not None:
        found = found.exclude(receiver=besides)
    return list(found.order_by("receiver__name").values_list("receiver__name", flat=True))


def pending_receivers(room: Room) -> set[int]:
    """The ids of the people with a pending invite to ``room``."""
    return set(
        Invite.objects.filter(room=room, state=Invite.State.PENDING).values_list(
            "receiver_id", flat=True
        )
    )


def open_to_watch(room: Room) -> bool:
    """Whether ``room`` is open (someone whose invite ended may still look in)."""
    return room.status == Room.Status.OPEN


@dataclass(frozen=True)
class Invitable:
    """A friend as the invite page lists them."""

    player: Player
    where: Whereabouts
    where_label: str
    invited: bool


def invitable_friends(player: Player, room: Room) -> list[Invitable]:
    """``player``'s friends by name, with where each is and whether ``room`` invited them
    already."""
    friends = friends_of(player)
    where = whereabouts_of([f.pk for f in friends], player)
    invited = pending_receivers(room)
    return [
        Invitable(f, where[f.pk], whereabouts_label(where[f.pk]), f.pk in invited) for f in friends
    ]
