"""Telling every open socket of a room that it changed (after the change is committed)."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def group_name(code: str) -> str:
    """The channel-layer group of a room's sockets."""
    return f"room.{code}"


def room_changed(code: str, version: int) -> None:
    """Once the current transaction commits, tell the room's sockets about ``version``;
    each builds its own viewer's state from the database."""

    def send() -> None:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(
                group_name(code), {"type": "room.changed", "version": version})

    transaction.on_commit(send)
