"""Who is connected: sockets open per member, and their last sign of life."""

from __future__ import annotations

from django.db import transaction

from accounts.models import Player
from common.clock import now
from common.news import Change
from play.services.core import bump, changed, lock_room
from rooms.models import Membership
from rooms.services.absence import give_back_and_bump
from rooms.services.devices import note_device


def presence_connect(
    *, player: Player, code: str, browser: str = "", address: str = ""
) -> list[Change]:
    """A socket of ``player`` opened in the room; the first one makes them online. A
    seat a bot kept for them (``rooms.services.absence``) comes back to them. The
    socket's ``browser`` id and ``address`` hash are noted (``rooms.services.devices``).
    Returns the room's change, if any."""
    with transaction.atomic():
        room = lock_room(code)
        since = room.version
        member = Membership.objects.filter(
            room=room, player=player, state=Membership.State.ACTIVE
        ).first()
        if member is None:
            return []
        member.sockets += 1
        member.seen_at = now()
        device = note_device(member, browser=browser, address=address)
        member.save(update_fields=["sockets", "seen_at", *device])
        if member.sockets == 1:
            bump(room, "presence", actor=player, data={"player": player.name, "online": True})
        give_back_and_bump(room, player)  # a seat a bot kept for them is theirs again
    return changed(room, since)


def presence_disconnect(*, player: Player, code: str) -> list[Change]:
    """A socket closed; with the last one the player is reconnecting, then gone. Returns
    the room's change, if any."""
    with transaction.atomic():
        room = lock_room(code)
        since = room.version
        member = Membership.objects.filter(room=room, player=player).first()
        if member is None or member.sockets == 0:
            return []
        member.sockets -= 1
        member.seen_at = now()
        member.save(update_fields=["sockets", "seen_at"])
        if member.sockets == 0 and member.state == Membership.State.ACTIVE:
            bump(room, "presence", actor=player, data={"player": player.name, "online": False})
    return changed(room, since)


def presence_ping(*, player: Player, code: str) -> None:
    """A heartbeat: the player is still there."""
    Membership.objects.filter(room__code=code, player=player).update(seen_at=now())
