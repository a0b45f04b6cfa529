"""The room's chat."""

from __future__ import annotations

import unicodedata
from datetime import timedelta

from django.utils.translation import gettext

from accounts.models import Player
from accounts.services.players import player_lock
from common.clock import now
from common.errors import ServiceError
from common.news import Answer
from common.text import visible_only
from friends.selectors.blocks import hidden_among
from notices.services.bell import bell_chat_ring
from play.modes import mode_of
from play.services.core import Done, bump, membership, require_not_muted, room_act
from rooms.models import ChatMessage, Membership, Room
from rooms.selectors.mutes import hidden_with_mutes, mutes_in

MAX_LENGTH = 500
BURST = 3  # messages a player may post ...
WINDOW = timedelta(seconds=2)  # ... within this window


def clean_text(raw: str) -> str:
    """A chat line: 1-500 characters once trimmed; control characters other than line
    breaks are dropped, and invisible characters as from names (``visible_only``).

    >>> clean_text("  gg \\x07 "), clean_text("safe\\u202egnp.exe")
    ('gg', 'safegnp.exe')
    """
    kept = "".join(
        ch for ch in visible_only(raw) if ch == "\n" or unicodedata.category(ch) != "Cc"
    ).strip()
    if not 1 <= len(kept) <= MAX_LENGTH:
        raise ServiceError(
            "bad_text", gettext("a message has 1 to %(max)s characters") % {"max": MAX_LENGTH}
        )
    return kept


def chat_post(*, player: Player, code: str, text: str, request_id: str | None = None) -> Answer:
    """Post a message to the room (seated players and spectators alike, unless the host
    muted them); in a room by the day it rings the bell of the room's other people."""
    return room_act("chat", player, code, request_id, lambda room: _post(room, player, text))


def _post(room: Room, player: Player, text: str) -> Done:
    require_not_muted(membership(room, player))
    cleaned = clean_text(text)
    player_lock(player)  # rate per player
    recent = ChatMessage.objects.filter(player=player, created_at__gt=now() - WINDOW).count()
    if recent >= BURST:
        raise ServiceError("chat_too_fast", gettext("slow down: a few messages at a time"))
    message = ChatMessage.objects.create(room=room, player=player, text=cleaned)
    event = bump(
        room, "chat", actor=player, data={"id": message.pk, "player": player.name, "text": cleaned}
    )
    bell = bell_chat_ring(
        room=room, author=player, text=cleaned, readers=chat_readers(room, player)
    )
    return Done(event, news=tuple(bell))


def chat_readers(room: Room, author: Player) -> list[int]:
    """The players whose bell a line of the room's chat by ``author`` may ring: its active
    members who are people, but those who do not see the line (they blocked or muted the
    author, or at a public table one of them does not chat with strangers; the author is
    left out by the bell)."""
    members = list(
        Membership.objects.filter(
            room=room, state=Membership.State.ACTIVE, player__bot_level=""
        ).values_list("player", "stranger_chat")
    )
    people = [member for member, _ in members]
    consenting = [member for member, on in members if on]
    blocked = hidden_with_mutes(hidden_among(people), mutes_in(room.pk))
    hidden = mode_of(room).table.chat_hidden(blocked, consenting, people)
    return [member for member in people if author.pk not in hidden.get(member, ())]


def chat_message_remove(*, message: ChatMessage) -> None:
    """Mark ``message`` (read afresh, its room locked) removed now; it is kept for the
    record. In the caller's transaction."""
    message.removed_at = now()
    message.save(update_fields=["removed_at"])
