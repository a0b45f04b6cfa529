"""How a room socket ends for good: its player banned, or leaving the room."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

from accounts.models import Player
from common import draining, instruments
from common.protocol.errors import ErrorMessage
from common.publish import group_name, player_group
from games import services
from moderation.services.moderation import ban_message

CLOSE_BANNED = 4451  # a moderator banned the player: reconnecting cannot help


class EndsForGood(AsyncWebsocketConsumer):
    """The part of ``games.realtime.consumers.RoomConsumer`` that closes a socket for
    good: its groups (its room's and its player's), a ban's message, and ``end``."""

    code: str
    joined: bool
    player: Player
    language: str
    # Provided by the consumer that mixes this in.
    send_json: Callable[[ErrorMessage], Awaitable[None]]
    presence: Callable[..., Awaitable[None]]

    def socket_groups(self) -> list[str]:
        """The channel-layer groups of this socket: its room's, and its player's."""
        return [group_name(self.code), player_group(self.player.pk)]

    async def player_banned(self, message: dict[str, Any]) -> None:
        """A moderator banned this socket's player (a ``Ban`` published)."""
        until = message.get("until")
        await self.banned(None if until is None else datetime.fromisoformat(until))

    async def banned(self, until: datetime | None) -> None:
        """Tell the viewer (in their language) they are banned and until when, and close
        for good (``CLOSE_BANNED``)."""
        with translation.override(self.language):
            text = ban_message(until)
        await self.send_json({"type": "error", "id": None, "code": "banned", "message": text})
        await self.end(CLOSE_BANNED)

    async def server_restart(self, message: dict[str, Any]) -> None:
        """This process is going away (``common.draining``): close with
        ``CLOSE_RESTART``, after the message in hand, so the page reconnects elsewhere."""
        await self.end(draining.CLOSE_RESTART)

    async def end(self, code: int) -> None:
        """Close the socket with ``code``; it hears of no room or player any more."""
        if self.joined:
            self.joined = False
            draining.forget(self)
            instruments.sockets_open.labels("room").dec()
            for group in self.socket_groups():
                await self.channel_layer.group_discard(group, self.channel_name)
            await self.presence(services.presence_disconnect)
        await self.close(code=code)
