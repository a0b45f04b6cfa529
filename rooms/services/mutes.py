"""A member's own mute: one tap hides another person's chat lines and reactions in this
room from the member only, until unmuted; the muted person is not told. (The host's
mute, for everyone, is ``rooms.services.room_hosting.room_mute``.)"""

from __future__ import annotations

from django.utils.translation import gettext

from accounts.models import Player
from common.errors import ServiceError
from common.news import Answer, Screen
from play.services.core import Done, membership, room_act
from rooms.models import MemberMute, Membership, Room


def member_mute(
    *, player: Player, code: str, target: int, muted: bool = True, request_id: str | None = None
) -> Answer:
    """``player`` mutes (``muted=True``) or unmutes another person of the room, by player
    id, for themselves only. No new version of the room: the answer's news is a ``Screen``
    that only ``player``'s own sockets hear. The same setting again changes nothing."""
    return room_act(
        "mute_member", player, code, request_id, lambda room: _mute(room, player, target, muted)
    )


def _mute(room: Room, player: Player, target: int, muted: bool) -> Done:
    membership(room, player)
    if target == player.pk:
        raise ServiceError("cannot_mute", gettext("you cannot mute yourself"))
    other = (
        Membership.objects.filter(room=room, player_id=target, state=Membership.State.ACTIVE)
        .values_list("player__bot_level", flat=True)
        .first()
    )
    if other is None:
        raise ServiceError("not_in_room", gettext("that player is not in this room"))
    if other:
        raise ServiceError("cannot_mute", gettext("bots never talk: there is nothing to mute"))
    found = MemberMute.objects.filter(room=room, muter=player, muted_id=target)
    if found.exists() == muted:
        return Done(None, remember=False)
    if muted:
        MemberMute.objects.create(room=room, muter=player, muted_id=target)
    else:
        found.delete()
    return Done(None, extra={"muted": muted}, news=(Screen(room.code, player.pk),))
