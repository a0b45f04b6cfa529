"""The floor of the stack, for bench/load.py: a websocket that only broadcasts.

``application`` serves the site, plus ``ws/baseline/<group>/``, which takes
``{"type": "act", "id": ..., "version": n, "size": bytes}``, answers ``ack`` and
sends every socket of the group a ``state`` of that version of about ``size`` bytes,
through the same channel layer as the rooms. No database, no rules, no session: the
cost of Daphne, Channels and the layer alone. ``bench/load.py --baseline`` starts
Daphne with ``bench.baseline:application``; the site itself never serves this route
(it relays anything to anyone).

The padding is shaped like a room's state (a log of events, the bulk of a real one),
not one long string: a client decodes it in about the time a real state takes
(167 and 165 us for 15 KB; a string of that size, 12 us), so the floor includes the
measuring client's own work as the game's figures do.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from asgiref.typing import ASGIReceiveCallable, ASGISendCallable, Scope
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import URLRouter
from django.urls import path

from yahtzee_site.asgi import application as site

MAX_PAD = 256 * 1024
# One event of a room's log, as a state carries up to fifty of them.
EVENT = json.dumps(
    {
        "seq": 105,
        "kind": "roll",
        "actor": "Player 1",
        "actor_id": 1,
        "data": {
            "seat": 0,
            "dice": [6, 6, 5, 5, 5],
            "held": [0, 1],
            "drawn": [5, 5, 5],
            "rolls_left": 1,
        },
        "at": "2026-11-24T01:55:56.129240+00:00",
    },
    separators=(",", ":"),
)


# The share of the padding made of events: a real state also holds long strings (names,
# the rules' titles), and decodes a little faster per byte than a log alone.
EVENT_SHARE = 0.85


@lru_cache(maxsize=16)
def padding(size: int) -> str:
    """A JSON list of ``size`` bytes (at least 4): events such as a state's log holds,
    and a string to make up the rest."""
    events = [EVENT] * max(0, int(EVENT_SHARE * (size - 4)) // (len(EVENT) + 1))
    head = "[" + "".join(f"{event}," for event in events)
    return head + '"' + "x" * max(0, size - len(head) - 3) + '"]'


class BroadcastFloorConsumer(AsyncWebsocketConsumer):
    """Relay every action to the whole group, as a room relays a new state."""

    async def connect(self) -> None:
        self.group = "baseline." + self.scope["url_route"]["kwargs"]["group"][:80]
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            msg = json.loads(text_data or "")
            version, size = int(msg["version"]), min(int(msg["size"]), MAX_PAD)
        except (ValueError, KeyError, TypeError):
            await self.send(text_data='{"type":"error","code":"bad_json"}')
            return
        await self.send(
            text_data=json.dumps({"type": "ack", "id": msg.get("id"), "version": version})
        )
        await self.channel_layer.group_send(
            self.group, {"type": "relay", "version": version, "size": size}
        )

    async def relay(self, message: dict[str, Any]) -> None:
        """Send this socket the broadcast state."""
        head = f'{{"type":"state","version":{message["version"]},"pad":'
        await self.send(text_data=head + padding(max(4, message["size"] - len(head) - 1)) + "}")


# path() is typed for views, not ASGI applications (as in games/realtime/routing.py).
_floor = URLRouter(
    [
        path(
            "ws/baseline/<slug:group>/",  # type: ignore[list-item]
            BroadcastFloorConsumer.as_asgi(),  # type: ignore[arg-type]
        )
    ]
)


async def application(scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable) -> None:
    """The site, with the broadcast-only socket added under ``/ws/baseline/``."""
    if scope["type"] == "websocket" and scope["path"].startswith("/ws/baseline/"):
        await _floor(scope, receive, send)
    else:
        await site(scope, receive, send)
