"""The bell's socket, ``/ws/me/``, both ways (docs/protocol.md, "The bell"): a player's
own socket on every page, which tells the page the bell's unread count and newest items
whenever they change, on every device of the player.

Requests reuse the room socket's frame rules and ``Request`` base; ``bell_request_decode``
is their one check, as ``request_decode`` is the room's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypedDict

import msgspec
from django.utils.translation import gettext
from msgspec import Meta

from common.protocol.errors import BadMessage
from common.protocol.keys import BigInt, Moment, RequestId, schema_says
from common.protocol.requests import Ping, Request, Sync


class Read(Request, frozen=True, tag="read"):
    """Mark the bell's item ``item`` read."""

    item: Annotated[BigInt, schema_says(minimum=1)]


class ReadAll(Request, frozen=True, tag="read_all"):
    """Mark every item of the bell read."""


BELL_REQUESTS: tuple[type[Request], ...] = (Read, ReadAll, Sync, Ping)
BELL_BY_TYPE: dict[str, type[Request]] = {
    str(msgspec.inspect.type_info(kind).tag): kind  # type: ignore[attr-defined]
    for kind in BELL_REQUESTS
}


class BellItem(TypedDict):
    """One item, worded in the viewer's language: ``link`` is where opening it leads
    (``/notices/bell/<id>/``, which marks it read and goes on to what it is about)."""

    id: Annotated[int, Meta(ge=1)]
    kind: Annotated[str, Meta(min_length=1)]
    icon: str
    text: Annotated[str, Meta(min_length=1)]
    detail: str
    link: Annotated[str, Meta(pattern=r"^/")]
    created: Moment
    read: bool


class BellMessage(TypedDict):
    """``bell``: the player's unread count and newest items (at most 10), newest first.
    Sent on connect, on ``sync``, and after every change of the bell from any device."""

    type: Literal["bell"]
    unread: Annotated[int, Meta(ge=0)]
    items: list[BellItem]


class BellAck(TypedDict):
    """``ack``: the read is committed (the ``bell`` that follows shows it)."""

    type: Literal["ack"]
    id: RequestId


def bell_request_decode(msg: dict[str, Any]) -> Request:
    """The typed bell request ``msg`` holds; ``BadMessage`` (``bad_type``, ``bad_field``)
    when its ``type`` is unknown or a field is missing or of the wrong type."""
    kind = BELL_BY_TYPE.get(msg["type"]) if isinstance(msg.get("type"), str) else None
    if kind is None:
        raise BadMessage(
            "bad_type", gettext("unknown message type %(type)s") % {"type": repr(msg.get("type"))}
        )
    try:
        return msgspec.convert(msg, kind)
    except msgspec.ValidationError:
        raise BadMessage(
            "bad_field", gettext("%(name)s is missing or has the wrong type") % {"name": "item"}
        ) from None
