"""The bell's socket, ``/ws/me/``, in tests: through the real ASGI application, sessions
and channel layer, every message it receives checked against the schema's
``me_server_message`` (docs/protocol.schema.json)."""

from __future__ import annotations

import json
from typing import Any

import fastjsonschema
from channels.testing import WebsocketCommunicator

from tests.support.sockets import SAME_SITE, WAIT, validator
from yahtzee_site.routing import application


class BellCommunicator(WebsocketCommunicator):
    """A test socket of ``/ws/me/`` whose every text frame is checked against the schema."""

    async def receive_from(self, timeout: float = WAIT) -> str | bytes:
        frame = await super().receive_from(timeout)
        if isinstance(frame, str):
            message = json.loads(frame)
            try:
                validator("me_server")(message)
            except fastjsonschema.JsonSchemaValueException as error:
                raise AssertionError(f"{message} breaks the schema: {error.message}") from None
        return frame

    async def next(self, kind: str | None = None) -> dict[str, Any]:
        """The next message (of ``kind``, skipping others)."""
        while True:
            message: dict[str, Any] = json.loads(await self.receive_from())
            if kind is None or message["type"] == kind:
                return message


def bell_socket(session_key: str | None) -> BellCommunicator:
    """A not yet connected bell socket of the browser with that session."""
    headers = [(b"origin", SAME_SITE)]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    return BellCommunicator(application, "/ws/me/", headers=headers)


async def bell_connected(session_key: str) -> tuple[BellCommunicator, dict[str, Any]]:
    """An open bell socket and the ``bell`` it starts with."""
    comm = bell_socket(session_key)
    accepted, _ = await comm.connect(timeout=WAIT)
    assert accepted
    return comm, await comm.next("bell")
