"""The floor of the stack, for bench/load.py: a websocket that only broadcasts.

``ws/baseline/<group>/`` (served only when ``GAMES_LOAD_BASELINE`` is on) takes
``{"type": "act", "id": ..., "version": n, "size": bytes}``, answers ``ack`` and
sends every socket of the group a ``state`` of that version padded to ``size``
bytes, through the same channel layer as the rooms. No database, no rules, no
session: the cost of Daphne, Channels and the layer alone.
"""

from __future__ import annotations

import json
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer

MAX_PAD = 256 * 1024


class BroadcastFloorConsumer(AsyncWebsocketConsumer):
    """Relay every action to the whole group, as a room relays a new state."""

    async def connect(self) -> None:
        self.group = "baseline." + self.scope["url_route"]["kwargs"]["group"][:80]
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None,
                      bytes_data: bytes | None = None) -> None:
        try:
            msg = json.loads(text_data or "")
            version, size = int(msg["version"]), min(int(msg["size"]), MAX_PAD)
        except (ValueError, KeyError, TypeError):
            await self.send(text_data='{"type":"error","code":"bad_json"}')
            return
        await self.send(text_data=json.dumps({"type": "ack", "id": msg.get("id"),
                                              "version": version}))
        await self.channel_layer.group_send(
            self.group, {"type": "relay", "version": version, "size": size})

    async def relay(self, message: dict[str, Any]) -> None:
        """Send this socket the broadcast state."""
        await self.send(text_data=json.dumps({"type": "state", "version": message["version"],
                                              "pad": "x" * message["size"]}))
