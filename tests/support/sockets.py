"""Room websockets in tests, through the real ASGI application, sessions and database.

Every message a test's socket receives is checked against docs/protocol.schema.json,
and so is every request the server accepts (``request``): the schema and the server
cannot drift apart without a consumer test failing. A socket applies each ``patch`` to
the state it holds, as a page does, and hands tests the resulting ``state``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import fastjsonschema
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore

from accounts.models import Player
from accounts.services.players import player_register
from bench.harness.state_changes import apply_change
from yahtzee_site.routing import application

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"
SAME_SITE = b"http://localhost"
WAIT = 10.0  # seconds a test waits for a message before it counts as never sent
# The refusals that say a request broke the protocol itself (not the rules).
PROTOCOL_REFUSALS = frozenset({"bad_json", "bad_type", "bad_field", "bad_request_id"})


@cache
def schema() -> dict[str, Any]:
    """The protocol's JSON Schema."""
    loaded: dict[str, Any] = json.loads(SCHEMA_FILE.read_text())
    return loaded


@cache
def validator(side: str, kind: str | None = None) -> Callable[[Any], Any]:
    """A compiled validator of ``side``'s messages (``client`` or ``server``), of one
    ``kind`` when given: it raises ``fastjsonschema.JsonSchemaException`` on the first
    thing the schema refuses."""
    ref = f"#/definitions/{side}/{kind}" if kind else f"#/definitions/{side}_message"
    return fastjsonschema.compile(
        {"$schema": schema()["$schema"], "$ref": ref, "definitions": schema()["definitions"]}
    )


def check_server_message(message: dict[str, Any]) -> None:
    """Fail unless ``message`` is a server message as the schema describes it."""
    kind = message.get("type")
    known = kind if kind in schema()["definitions"]["server"] else None
    try:
        validator("server", known)(message)
    except fastjsonschema.JsonSchemaValueException as error:
        raise AssertionError(f"{kind} breaks the schema: {error.message}") from None


def schema_accepts(request: dict[str, Any]) -> bool:
    """Whether the schema calls ``request`` a valid client message."""
    kind = request.get("type")
    if kind not in schema()["definitions"]["client"]:
        return False
    try:
        validator("client", kind)(request)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


class CheckedCommunicator(WebsocketCommunicator):
    """A test websocket whose every received text frame is checked against the schema.

    It holds the room's state as a page does: a ``patch`` must follow the version held
    (else the test fails) and is handed to the test as the ``state`` it makes; the
    messages as sent are kept in ``sent``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.held: dict[str, Any] | None = None
        self.sent: list[dict[str, Any]] = []

    async def connect(self, timeout: float = WAIT) -> tuple[bool, int | str | None]:
        """Channels' ``connect``, waiting ``WAIT`` (not its 1 s) for the answer: a busy
        machine may take longer to open a socket."""
        return await super().connect(timeout)

    async def disconnect(self, code: int = 1000, timeout: float = WAIT) -> None:
        """Channels' ``disconnect``, waiting ``WAIT`` (not its 1 s) for the end."""
        await super().disconnect(code, timeout)

    async def receive_from(self, timeout: float = WAIT) -> str | bytes:
        frame = await super().receive_from(timeout)
        if isinstance(frame, str):
            message = json.loads(frame)
            check_server_message(message)
            self.sent.append(message)
            if message["type"] == "state":
                self.held = message
            elif message["type"] == "patch":
                self.held = apply_change(self.held, message)
                return json.dumps(self.held)
        return frame


def register_visitor(name: str) -> tuple[Player, str]:
    """A player bound to a fresh browser session: (the player, its session key)."""
    session = SessionStore()
    player = player_register(session=session, name=name)
    session.save()
    assert session.session_key is not None  # saved: it has its key
    return player, session.session_key


visitor = database_sync_to_async(register_visitor)  # the same, from async test code


@database_sync_to_async
def call(fn: Any, **kwargs: Any) -> Any:
    """Run a service (or any database work) from async test code."""
    return fn(**kwargs)


def socket(
    code: str,
    session_key: str | None = None,
    *,
    origin: bytes | None = SAME_SITE,
    ip: str = "127.0.0.1",
    cookies: str = "",
    accept_language: str | None = None,
) -> CheckedCommunicator:
    """A not yet connected websocket to room ``code`` from ``ip``, with that session
    cookie (and ``cookies``, "name=value; ..."), ``Origin`` header (``None``: no such
    header) and ``Accept-Language`` header."""
    headers = [(b"origin", origin)] if origin is not None else []
    jar = "; ".join(c for c in [f"sessionid={session_key}" if session_key else "", cookies] if c)
    if jar:
        headers.append((b"cookie", jar.encode()))
    if accept_language is not None:
        headers.append((b"accept-language", accept_language.encode()))
    comm = CheckedCommunicator(application, f"/ws/rooms/{code}/", headers=headers)
    # As Daphne sets it: a list (channels' stubs and asgiref type it as a tuple).
    comm.scope["client"] = [ip, 50123]  # type: ignore[typeddict-item]
    return comm


async def receive(comm: WebsocketCommunicator, kind: str | None = None) -> dict[str, Any]:
    """The next message (of ``kind``, skipping others such as intermediate states)."""
    while True:
        message: dict[str, Any] = json.loads(await comm.receive_from(timeout=WAIT))
        if kind is None or message["type"] == kind:
            return message


async def connected(code: str, session_key: str, **options: Any) -> CheckedCommunicator:
    """A websocket to room ``code`` that is open and has had its first ``state``
    (``options`` as ``socket``'s)."""
    comm = socket(code, session_key, **options)
    accepted, _ = await comm.connect(timeout=WAIT)
    assert accepted
    await receive(comm, "state")
    return comm


async def state_at(comm: WebsocketCommunicator, version: int) -> dict[str, Any]:
    """Skip states until the one at ``version`` (or later)."""
    while True:
        state = await receive(comm, "state")
        if state["version"] >= version:
            return state


async def request(comm: WebsocketCommunicator, payload: dict[str, Any]) -> dict[str, Any]:
    """Send a request and return its answer (``ack``, ``error``, ``pong`` or ``hint``).

    An accepted request must be valid by the schema, and a request refused as breaking
    the protocol (``bad_field``, ``bad_type``...) must be invalid by it."""
    await comm.send_json_to(payload)
    while True:
        message: dict[str, Any] = json.loads(await comm.receive_from(timeout=WAIT))
        if message["type"] in {"ack", "error", "pong", "hint"} and message.get("id") == payload.get(
            "id"
        ):
            break
    if message["type"] != "error":
        assert schema_accepts(payload), f"the server accepted {payload}, the schema does not"
    elif message["code"] in PROTOCOL_REFUSALS:
        assert not schema_accepts(payload), (
            f"the server refused {payload} ({message['code']}), the schema accepts it"
        )
    return message


async def refused_with(comm: WebsocketCommunicator) -> int:
    """Connect; the socket must be closed before any message: the close code."""
    connected, _ = await comm.connect()
    assert connected  # accepted, then closed with a code the page can read
    output = await comm.receive_output(timeout=WAIT)
    assert output["type"] == "websocket.close", output  # no state, nothing else first
    assert await comm.receive_nothing()
    code: int = output["code"]
    return code


async def first_state(comm: WebsocketCommunicator) -> dict[str, Any]:
    """Connect; the socket must be accepted and start with a ``state``."""
    connected, _ = await comm.connect()
    assert connected
    message: dict[str, Any] = json.loads(await comm.receive_from(timeout=5))
    assert message["type"] == "state"
    return message
