"""A socket whose channel layer went away under it (Redis restarted or unreachable):
closed for its page to come back, with one warning line instead of a traceback.

A socket waits on the layer for its messages; when Redis restarts, channels' receive
(or a ``group_send`` in hand) raises redis-py's ``ConnectionError`` out of the consumer,
which Daphne would log as a traceback per socket. ``ClosesOnLostLayer`` catches it, lets
the socket forget what it counted (its ``disconnect``, as far as that gets without the
layer), logs one warning and closes with ``CLOSE_RESTART`` (1012): the page reconnects
after its jittered pause and resyncs (docs/scaling.md, "Faults").
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from common.draining import CLOSE_RESTART

log = logging.getLogger(__name__)

LAYER_LOST = (RedisConnectionError, RedisTimeoutError)


class ClosesOnLostLayer(AsyncWebsocketConsumer):
    """A websocket consumer that closes with ``CLOSE_RESTART`` when its channel layer's
    connection breaks, rather than dying with a traceback."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        except LAYER_LOST as error:
            log.warning(
                "socket %s closed for its page to come back: the channel layer is unreachable (%s)",
                scope.get("path", "?"),
                error,
            )
            with contextlib.suppress(*LAYER_LOST):
                await self.disconnect(CLOSE_RESTART)
            await send({"type": "websocket.close", "code": CLOSE_RESTART})
