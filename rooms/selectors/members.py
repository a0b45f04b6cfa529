"""Reads of a room's members and chat lines for the other apps (the moderators' pages
and services): a member read afresh, a player's open rooms, a chat line, the room's chat."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import Player
from rooms.models import ChatMessage, Membership, Room


def member_fresh(member_id: int) -> Membership:
    """The membership with ``member_id`` read afresh, with its player
    (``Membership.DoesNotExist`` when there is none)."""
    return Membership.objects.select_related("player").get(pk=member_id)


def active_member(room: Room, player: Player) -> Membership | None:
    """``player``'s active membership of ``room``, with its player, or ``None``."""
    return (
        Membership.objects.select_related("player")
        .filter(room=room, player=player, state=Membership.State.ACTIVE)
        .first()
    )


def is_active_member(*, room_id: int, player_id: int) -> bool:
    """Whether the player with ``player_id`` is an active member of the room with
    ``room_id``."""
    return Membership.objects.filter(
        room=room_id, player=player_id, state=Membership.State.ACTIVE
    ).exists()


def member_ever(*, room: Room, player_id: int) -> Membership | None:
    """The membership of the player with ``player_id`` in ``room``, present or gone, with
    its player, or ``None`` (never a member)."""
    return (
        Membership.objects.filter(room=room)
        .select_related("player")
        .filter(player_id=player_id)
        .first()
    )


def membership_of(room: Room, player: Player) -> Membership | None:
    """``player``'s membership of ``room`` in whatever state, or ``None``."""
    return Membership.objects.filter(room=room, player=player).first()


def open_room_codes(player: Player) -> list[str]:
    """The codes of the rooms not closed that ``player`` is an active member of."""
    return list(
        Membership.objects.filter(player=player, state=Membership.State.ACTIVE)
        .exclude(room__status=Room.Status.CLOSED)
        .values_list("room__code", flat=True)
    )


def chat_line(*, room: Room, message_id: int) -> ChatMessage | None:
    """The chat line ``message_id`` of ``room``, with its player, unless removed."""
    lines = ChatMessage.objects.filter(room=room, removed_at__isnull=True)
    return lines.select_related("player").filter(pk=message_id).first()


def chat_message_fresh(message_id: int) -> ChatMessage:
    """The chat message with ``message_id`` read afresh (``ChatMessage.DoesNotExist``
    when there is none)."""
    return ChatMessage.objects.get(pk=message_id)


def chat_of(room_id: int) -> QuerySet[ChatMessage]:
    """The chat lines of the room with ``room_id``, with their players."""
    return ChatMessage.objects.filter(room=room_id).select_related("player")
