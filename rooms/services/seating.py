"""Who sits where in a room (``rooms.services.rooms``): its active members, those
seated in seat order, a free seat, and ranks closed so that room seat = game seat.
"""

from __future__ import annotations

from rooms.models import Membership, Room


def active_members(room: Room) -> list[Membership]:
    """The room's active members, with their players, in the order they joined."""
    return list(
        Membership.objects.filter(room=room, state=Membership.State.ACTIVE)
        .select_related("player")
        .order_by("joined_at", "id")
    )


def free_seat(room: Room) -> int | None:
    """The room's lowest seat no active member holds, if any."""
    taken = {m.seat for m in active_members(room) if m.seat is not None}
    return next((s for s in range(room.seat_count) if s not in taken), None)


def seated_members(room: Room) -> list[Membership]:
    """The room's seated members, with their players, in seat order."""
    return sorted(
        (m for m in active_members(room) if m.seat is not None), key=lambda m: m.seat or 0
    )


def close_ranks(seated: list[Membership]) -> None:
    """Seat ``seated`` (in seat order) at 0, 1, 2 and on: room seat = game seat."""
    for index, member in enumerate(seated):
        if member.seat != index:
            member.seat = index
            member.save(update_fields=["seat"])
