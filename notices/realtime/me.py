"""The bell's socket, ``/ws/me/``: a player's own socket on every page, which sends the
page the bell's unread count and newest items on connect and whenever they change (from
any device, in any process: the player's ``bell`` group), and marks items read
(docs/protocol.md, "The bell"; decision 0071). Someone who is not a player is refused
(4403): they have no bell."""

from __future__ import annotations

import json
import time
from collections import deque
from typing import Any, cast

from channels.generic.websocket import AsyncWebsocketConsumer
from django.contrib.auth.models import AnonymousUser, User
from django.utils import translation
from django.utils.translation import gettext

from accounts.models import Player
from accounts.services.players import current_player
from accounts.web.socket_language import language_of_scope
from common import draining, instruments
from common.database_thread import on_database_thread
from common.errors import ServiceError
from common.json_input import UNSTORABLE, BadJson, check_values, json_object
from common.lost_layer import ClosesOnLostLayer
from common.news import News
from common.protocol.bell import BellAck, BellMessage, Read, bell_request_decode
from common.protocol.errors import BadMessage, ErrorCode, ErrorMessage
from common.protocol.messages import Pong
from common.publish import bell_group, publish
from notices.selectors.bell import bell_view
from notices.services.bell import bell_read, bell_read_all

CLOSE_FORBIDDEN, CLOSE_FLOOD = 4403, 4429
BURST, FLOOD = 20, 100  # messages a second before "rate_limited", and before closing

Sent = BellMessage | BellAck | Pong | ErrorMessage


def _read(player: Player, request: object) -> list[News]:
    """What a ``read`` or ``read_all`` request committed."""
    if isinstance(request, Read):
        return list(bell_read(player=player, item_id=request.item).news)
    return bell_read_all(player=player)


class MeConsumer(ClosesOnLostLayer, AsyncWebsocketConsumer):
    """One page's bell socket."""

    player: Player
    joined: bool = False

    async def connect(self) -> None:
        user = cast("User | AnonymousUser | None", self.scope.get("user"))
        player = await on_database_thread(current_player)(self.scope["session"], user)
        await self.accept()
        if draining.draining():  # this process is going away: open one on another
            await self.close(code=draining.CLOSE_RESTART)
            return
        if player is None or player.is_bot:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.player, self.stamps = player, deque[float]()
        self.language = language_of_scope(self.scope, player)
        await self.channel_layer.group_add(bell_group(player.pk), self.channel_name)
        self.joined = True
        draining.track(self)
        instruments.sockets_open.labels("bell").inc()
        await self.send_bell()

    async def disconnect(self, code: int) -> None:
        if self.joined:
            self.joined = False
            draining.forget(self)
            instruments.sockets_open.labels("bell").dec()
            await self.channel_layer.group_discard(bell_group(self.player.pk), self.channel_name)

    async def server_restart(self, message: dict[str, Any]) -> None:
        """This process is going away (``common.draining``): close with
        ``CLOSE_RESTART``, so the page reconnects elsewhere."""
        await self.disconnect(draining.CLOSE_RESTART)
        await self.close(code=draining.CLOSE_RESTART)

    async def bell_changed(self, message: dict[str, Any]) -> None:
        """The player's bell changed (a ``Bell`` published): send it afresh, unless the
        socket closed meanwhile (the news was queued before it left its group)."""
        if self.joined:
            await self.send_bell()

    async def send_bell(self) -> None:
        """Send the page the bell as it stands, worded in the viewer's language."""
        with translation.override(self.language):
            view = await on_database_thread(bell_view)(self.player.pk)
        await self.send_json(view)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Handle one request in the viewer's language (its errors)."""
        if not self.joined:
            return
        moment = time.monotonic()
        self.stamps.append(moment)
        while moment - self.stamps[0] > 1.0:
            self.stamps.popleft()
        if len(self.stamps) > FLOOD:
            await self.close(code=CLOSE_FLOOD)
            return
        with translation.override(self.language):
            await self.respond(text_data)

    async def respond(self, text_data: str | None) -> None:
        request_id = None
        try:
            if text_data is None:
                raise BadMessage("bad_json", gettext("send JSON text, not binary frames"))
            msg = json_object(text_data)
            request_id = msg.get("id")
            if (
                not isinstance(request_id, str)
                or not 1 <= len(request_id) <= 64
                or UNSTORABLE.search(request_id)
            ):
                request_id = None
                raise BadMessage("bad_request_id", gettext("id must be 1 to 64 characters of text"))
            check_values(msg)
            if len(self.stamps) > BURST:
                raise BadMessage("rate_limited", gettext("slow down: at most 20 messages a second"))
            await self.handle(msg, request_id)
        except (BadMessage, BadJson, ServiceError) as exc:
            code = cast(ErrorCode, exc.code)
            error: ErrorMessage = {
                "type": "error",
                "id": request_id,
                "code": code,
                "message": exc.message,
            }
            await self.send_json(error)

    async def handle(self, msg: dict[str, Any], request_id: str) -> None:
        request = bell_request_decode(msg)
        kind = msg["type"]
        if kind == "ping":
            await self.channel_layer.group_add(bell_group(self.player.pk), self.channel_name)
            await self.send_json({"type": "pong", "id": request_id})
            return
        if kind == "sync":
            await self.send_bell()
            return
        news = await on_database_thread(_read)(self.player, request)
        await self.send_json({"type": "ack", "id": request_id})
        await publish(news)
        if not news:  # nothing changed: the bell this socket holds may still be stale
            await self.send_bell()

    async def send_json(self, content: Sent) -> None:
        """Send one JSON message."""
        await self.send(text_data=json.dumps(content, separators=(",", ":")))
