"""Publishing what services committed: the one place the site tells open sockets.

A service commits and returns its news (``play.services.core``: a room's ``Change``,
a player's ``Ban``); whoever called it publishes that news here, after the commit. The
consumer awaits ``publish`` on its event loop; threads and views (the clock, the admin,
the web pages) call ``publish_on_commit``, which sends once the caller's transaction
commits (at once outside one). See docs/decisions/0032-services-return-what-they-did.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from common.instruments import layer_send_seconds, timed
from common.news import Ban, Bell, Change, News, Screen


def group_name(code: str) -> str:
    """The channel-layer group of a room's sockets."""
    return f"room.{code}"


def player_group(player_id: int) -> str:
    """The channel-layer group of every socket of one player (in any room, any browser)."""
    return f"player.{player_id}"


def bell_group(player_id: int) -> str:
    """The channel-layer group of every bell socket (``/ws/me/``) of one player."""
    return f"bell.{player_id}"


def message(version: int) -> dict[str, Any]:
    """What the room's sockets are sent when it reaches ``version``; each builds its own
    viewer's state (``RoomConsumer.room_changed``)."""
    return {"type": "room.changed", "version": version}


def messages(news: Iterable[News]) -> list[tuple[str, dict[str, Any]]]:
    """The (group, message) pairs that tell ``news``: each ban once, then each room
    once, at the newest version it reached (a socket that holds it ignores older ones),
    then each changed bell once, then each player's screen of a room once."""
    bans: dict[int, dict[str, Any]] = {}
    rooms: dict[str, int] = {}
    bells: dict[int, None] = {}
    screens: dict[Screen, None] = {}
    for item in news:
        if isinstance(item, Screen):
            screens[item] = None
        elif isinstance(item, Bell):
            bells[item.player_id] = None
        elif isinstance(item, Ban):
            end = None if item.until is None else item.until.isoformat()
            bans[item.player_id] = {"type": "player.banned", "until": end}
        elif isinstance(item, Change):
            rooms[item.code] = max(item.version, rooms.get(item.code, item.version))
    return [
        *((player_group(pk), sent) for pk, sent in bans.items()),
        *((group_name(code), message(version)) for code, version in rooms.items()),
        *((bell_group(pk), {"type": "bell.changed"}) for pk in bells),
        *((player_group(s.player_id), {"type": "room.screened", "code": s.code}) for s in screens),
    ]


async def publish(news: Iterable[News]) -> None:
    """Tell the sockets of every process about committed ``news``: the sockets of a
    changed room build their viewer's state, a banned player's sockets close, a player's
    bell sockets send their page the bell afresh, a player's sockets in a room whose
    screen changed send their page the room afresh."""
    layer = get_channel_layer()
    if layer is None:
        return
    for group, sent in messages(news):
        with timed(layer_send_seconds):
            await layer.group_send(group, sent)


def publish_on_commit(news: Iterable[News]) -> None:
    """``publish`` from synchronous code, once the current transaction commits (at once
    outside a transaction); nothing is sent if it rolls back."""
    pending = list(news)
    if pending:
        transaction.on_commit(lambda: async_to_sync(publish)(pending))
