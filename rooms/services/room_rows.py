"""Rooms made, locked and written for the other apps' services, in the caller's
transaction: a room's unguessable code, a one-seat table (the daily challenge's), a
room's row locked by its id, and what changed of a room's row when its version is
recorded."""

from __future__ import annotations

import secrets
from typing import Any

from accounts.models import Player
from common.clock import now
from rooms.models import Membership, Room

# 31 symbols without look-alikes (no 0/o, 1/i/l): 12 of them carry 59.4 bits
# (docs/decisions/0008-the-guess-limit-refuses-only-misses.md).
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
CODE_LENGTH = 12


def new_code() -> str:
    """An unguessable room code from ``secrets``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def solo_room_create(
    *, player: Player, ruleset: str, options: dict[str, Any], browser: str, address: str
) -> Membership:
    """A new daily table of one seat, without the coach, hosted by ``player`` who sits at
    it (their browser and address kept), in the caller's transaction; the membership."""
    room = Room.objects.create(
        code=new_code(),
        host=player,
        ruleset=ruleset,
        options=options,
        seat_count=1,
        coach_enabled=False,
        daily=True,
        last_activity_at=now(),
    )
    return Membership.objects.create(
        room=room, player=player, seat=0, browser=browser, address=address
    )


def room_lock_by_id(room_id: int) -> None:
    """Lock the row of the room with ``room_id`` in the caller's transaction."""
    Room.objects.select_for_update().filter(pk=room_id).first()


def room_changes_save(sender: object, *, room: Room, **kwargs: object) -> None:
    """Write the fields of ``room`` that changed since it was read, in the caller's
    transaction (``play.signals.room_recorded``, sent by ``bump``)."""
    room.save_changes()
