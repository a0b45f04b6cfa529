"""Invites end when their room can no longer seat them: the seats filled, the game
started or the room closed (docs/invites.md). The rooms' services that do each call these
in their own transaction and return the news (the receivers' bells) with theirs."""

from __future__ import annotations

from common.clock import now
from common.news import News
from notices.services.invite_notices import notice_invites_expired
from rooms.models import Invite, Room
from rooms.services.seating import free_seat


def invites_expire(room: Room, why: str) -> list[News]:
    """Expire ``room``'s pending invites for reason ``why`` (an ``Invite.Why``): each
    receiver's bell item says so and their unsent push and email are dropped."""
    pending = list(Invite.objects.filter(room=room, state=Invite.State.PENDING))
    if not pending:
        return []
    Invite.objects.filter(pk__in=[invite.pk for invite in pending]).update(
        state=Invite.State.EXPIRED, why=why, ended_at=now()
    )
    return notice_invites_expired(invites=pending)


def invites_expire_full(room: Room) -> list[News]:
    """``invites_expire`` when no seat of ``room`` is free any more."""
    return invites_expire(room, Invite.Why.FULL) if free_seat(room) is None else []


def invites_expire_closed(room: Room) -> list[News]:
    """``invites_expire`` when ``room`` is closed."""
    return invites_expire(room, Invite.Why.CLOSED) if room.status == Room.Status.CLOSED else []
