"""How a room socket ends for good: its player banned, or leaving the room."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer

from games import services
from games.models import Player
from games.realtime import broadcast

CLOSE_BANNED = 4451  # a moderator banned the player: reconnecting cannot help


class EndsForGood(AsyncWebsocketConsumer):
    """The part of ``games.realtime.consumers.RoomConsumer`` that closes a socket for
    good: its groups (its room's and its player's), a ban's message, and ``end``."""

    code: str
    joined: bool
    player: Player | None

    def socket_groups(self) -> list[str]:
        """The channel-layer groups of this socket: its room's, and its player's."""
        return [broadcast.group_name(self.code), broadcast.player_group(self.player.pk)]

    async def player_banned(self, message: dict[str, Any]) -> None:
        """A moderator banned this socket's player (``broadcast.player_banned``)."""
        await self.banned(message["message"])

    async def banned(self, text: str) -> None:
        """Tell the viewer they are banned, and close for good (``CLOSE_BANNED``)."""
        await self.send_json({"type": "error", "id": None, "code": "banned", "message": text})
        await self.end(CLOSE_BANNED)

    async def end(self, code: int) -> None:
        """Close the socket with ``code``; it hears of no room or player any more."""
        if self.joined:
            self.joined = False
            for group in self.socket_groups():
                await self.channel_layer.group_discard(group, self.channel_name)
            await self.presence(services.presence_disconnect)
        await self.close(code=code)
