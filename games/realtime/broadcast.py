"""Telling every open socket of a room that it changed (after the change is committed)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

_local = threading.local()


def group_name(code: str) -> str:
    """The channel-layer group of a room's sockets."""
    return f"room.{code}"


def player_group(player_id: int) -> str:
    """The channel-layer group of every socket of one player (in any room, any browser)."""
    return f"player.{player_id}"


def player_banned(player_id: int, until: datetime | None) -> None:
    """Once the current transaction commits, close every socket of the player: each
    sends an ``error`` with code ``banned`` saying until when (``None``: for good) in
    its viewer's language, then closes (see ``games.realtime.ending.CLOSE_BANNED``)."""
    end = None if until is None else until.isoformat()

    def send() -> None:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(player_group(player_id),
                                            {"type": "player.banned", "until": end})

    transaction.on_commit(send)


def message(version: int) -> dict[str, Any]:
    """What the room's sockets are sent when it reaches ``version``."""
    return {"type": "room.changed", "version": version}


def room_changed(code: str, version: int) -> None:
    """Once the current transaction commits, tell the room's sockets about ``version``;
    each builds its own viewer's state (see ``games.selectors.snapshots``).

    Inside ``deferred()`` the news is handed to the caller instead, who sends it."""

    def send() -> None:
        pending = getattr(_local, "pending", None)
        if pending is not None:
            pending.append((code, version))
            return
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(group_name(code), message(version))

    transaction.on_commit(send)


@contextmanager
def deferred() -> Iterator[list[tuple[str, int]]]:
    """Collect the (room code, version) news committed in this block instead of sending
    it: a websocket consumer runs a service on the database thread and then sends the
    news from its event loop, so the database thread never waits for the loop."""
    outer = getattr(_local, "pending", None)
    _local.pending = collected = []
    try:
        yield collected
    finally:
        _local.pending = outer


def run_deferred(call: Callable[[], Any]) -> tuple[Any, BaseException | None,
                                                   list[tuple[str, int]]]:
    """Run ``call()`` inside ``deferred()``: (its result or ``None``, the exception it
    raised or ``None``, the news to send)."""
    with deferred() as news:
        try:
            return call(), None, news
        except Exception as exc:  # handed back: the news of earlier commits still goes out
            return None, exc, news
