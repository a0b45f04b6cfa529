"""A server process that is going away: its open sockets, and telling them to move on.

On SIGTERM the process's server (``yahtzee_site.server``) calls ``move_sockets_on``: from
then on ``/healthz`` answers 503, a socket that opens is closed at once, and every open
socket is sent ``server.restart`` (again each second while it stays open); each handles
it after the message it is working on, so the move in hand is committed, published and
answered first, then closes with ``CLOSE_RESTART`` and its page reconnects to another
process (docs/decisions/0081).
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

CLOSE_RESTART = 1012  # RFC 6455's "service restart": come back (elsewhere) soon
RESTART_MESSAGE = {"type": "server.restart"}
RETELL_SECONDS = 1.0

_sockets: weakref.WeakSet[AsyncWebsocketConsumer] = weakref.WeakSet()
_draining = False


def draining() -> bool:
    """Whether this process is going away (``begin`` was called)."""
    return _draining


def track(socket: AsyncWebsocketConsumer) -> None:
    """Count ``socket`` among this process's open sockets, to be told when it drains."""
    _sockets.add(socket)


def forget(socket: AsyncWebsocketConsumer) -> None:
    """``socket`` closed."""
    _sockets.discard(socket)


def open_sockets() -> int:
    """How many of this process's sockets are open."""
    return len(_sockets)


async def begin() -> int:
    """Mark the process as going away and send every open socket ``server.restart``;
    returns how many were told."""
    global _draining
    _draining = True
    told = await _tell(list(_sockets))
    log.info("draining: told %d open sockets to reconnect elsewhere", told)
    return told


async def retell() -> None:
    """Until no socket of this process is open, send the ones still open
    ``server.restart`` again every ``RETELL_SECONDS``. The channel layer can lose a
    message while many sockets close at once (channels_redis pops it for a receive that
    is being cancelled), and a socket that missed it would hold the process up until its
    drain's end (docs/decisions/0081)."""
    while _sockets:
        await asyncio.sleep(RETELL_SECONDS)
        left = list(_sockets)
        if left:
            log.info("draining: told %d sockets again", await _tell(left))


async def move_sockets_on() -> None:
    """``begin``, then ``retell`` until every socket has moved on."""
    await begin()
    await retell()


async def _tell(sockets: list[AsyncWebsocketConsumer]) -> int:
    """Send each of ``sockets`` ``server.restart``; returns how many were sent."""
    layer = get_channel_layer()
    told = 0
    if layer is None:
        return told
    for socket in sockets:
        try:
            await layer.send(socket.channel_name, RESTART_MESSAGE)
            told += 1
        except Exception as exc:  # the layer is down: the socket closes when the process ends
            log.warning("could not tell a socket to move on: %r", exc)
    return told
