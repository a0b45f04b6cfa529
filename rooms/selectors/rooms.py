"""Reads of rooms and their members: who may see a room, and with which rules."""

from __future__ import annotations

from django.utils.translation import gettext

from accounts.models import Player
from common.errors import ServiceError
from common.protocol.state import State
from rooms.models import Room
from rooms.selectors.members import is_active_member
from rooms.selectors.snapshots import read_snapshot


def room_by_code(code: str) -> Room | None:
    """The room with ``code``, or ``None`` (the empty code names no room)."""
    if not code:
        return None
    return Room.objects.filter(code=code).first()


def is_member(room: Room, player: Player | None) -> bool:
    """Whether ``player`` is an active member (seated or watching) of ``room``."""
    return player is not None and is_active_member(room_id=room.pk, player_id=player.pk)


def member_room(*, code: str, player: Player | None) -> Room:
    """The room with ``code`` that ``player`` is an active member of; refused with
    ``unknown_room`` or ``not_in_room``."""
    room = room_by_code(code)
    if room is None:
        raise ServiceError("unknown_room", gettext("there is no room with that code"))
    if not is_member(room, player):
        raise ServiceError("not_in_room", gettext("join the room first"))
    return room


def room_version(code: str) -> int | None:
    """The room's current version, or ``None`` when there is no such room."""
    return Room.objects.filter(code=code).values_list("version", flat=True).first()


def room_state(code: str, viewer: Player) -> State | None:
    """The whole table as ``viewer`` sees it now, read from the database, or ``None`` if
    they are not a member (the sockets share one read per version and process instead:
    ``games.realtime.snapshot_cache``)."""
    shared = read_snapshot(code)
    return shared.state_for(viewer.pk) if shared is not None else None
