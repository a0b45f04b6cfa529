"""A scripted player of the site over its real HTTP forms and websocket protocol.

``open_room`` and ``join_room`` go through the same forms a browser uses (CSRF
token, session cookie); ``Seat`` then speaks docs/protocol.md over a websocket.
It keeps the newest ``state`` it has seen (applying each ``patch`` to it with
``bench.harness.state_changes``, and asking for ``sync`` when one does not follow the
version it holds), notes when each version arrived, matches ``ack``/``error`` answers
to requests, and reconnects by itself when the connection drops, re-sending unanswered
requests with their original ids (the server answers a repeated id with its first
answer, so nothing applies twice).
With ``ping_every`` it sends the protocol's keep-alive ``ping`` that often, as the
browser's page does (every 15 s). What a plain player plays with it, ``placements`` and
``next_move`` (``bench.harness.plain_player``), is importable from here too.

Used by bench/load.py, bench/faults.py and the live-server tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.cookiejar
import json
import random
import re
import time
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import jsonpatch
import websockets
from websockets.exceptions import ConnectionClosed

from bench.harness.plain_player import next_move as next_move
from bench.harness.plain_player import placements as placements
from bench.harness.state_changes import Gap, apply_change

HTTP_TIMEOUT = 30.0
ANSWER_TIMEOUT = 30.0
RECONNECT_FOR = 60.0  # how long a seat keeps trying to get back in
CLOSE_RESTART = 1012  # the server is going away (common.draining): reconnect elsewhere
RESTART_WAIT = (0.375, 0.625)  # then a page waits its first backoff (static/js/socket.js)


class ClientError(RuntimeError):
    """The site refused a form or a socket in a way a player cannot recover from."""


@dataclass
class Login:
    """A player's browser session on one server: its base URL and cookies."""

    base_url: str
    name: str
    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)

    def opener(self) -> urllib.request.OpenerDirector:
        """A URL opener that sends and keeps this session's cookies."""
        return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str | None:
        """The value of one of this session's cookies."""
        return next((c.value for c in self.jar if c.name == name), None)

    def cookie_header(self) -> str:
        """The ``Cookie`` header a browser would send to the websocket."""
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


def _post_form(login: Login, path: str, fields: dict[str, str]) -> str:
    """GET ``path``'s page for a CSRF cookie, then POST the form; returns the final URL."""
    opener = login.opener()
    referer = login.base_url + path
    with opener.open(login.base_url + "/", timeout=HTTP_TIMEOUT):
        pass
    token = login.cookie("csrftoken")
    if token is None:
        raise ClientError("the site set no CSRF cookie")
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **fields}).encode()
    request = urllib.request.Request(login.base_url + path, data=body, headers={"Referer": referer})
    try:
        with opener.open(request, timeout=HTTP_TIMEOUT) as response:
            where: str = response.geturl()
            return where
    except urllib.error.HTTPError as exc:
        raise ClientError(f"POST {path} answered {exc.code}") from exc


def open_room(
    base_url: str,
    name: str,
    *,
    ruleset: str = "yahtzee",
    seats: int = 4,
    turn_seconds: int | None = None,
    login: Login | None = None,
) -> tuple[Login, str]:
    """Start a room as its host through the home page's form; returns (login, code).
    With ``login``, that session's player opens it (a player may host several rooms)."""
    login = login or Login(base_url, name)
    url = _post_form(
        login,
        "/rooms/new/",
        {
            "name": name,
            "ruleset": ruleset,
            "seats": str(seats),
            "turn_seconds": "" if turn_seconds is None else str(turn_seconds),
        },
    )
    found = re.search(r"/r/([^/]+)/$", url)
    if found is None:
        raise ClientError(f"creating a room led to {url}, not a room")
    return login, found.group(1)


def join_room(base_url: str, code: str, name: str) -> Login:
    """Join room ``code`` under ``name`` through its join form."""
    login = Login(base_url, name)
    _post_form(login, f"/r/{code}/join/", {"name": name})
    return login


def new_id() -> str:
    """A fresh request id."""
    return uuid.uuid4().hex[:16]


class Seat:
    """One player's websocket in one room (see the module docstring)."""

    def __init__(self, login: Login, code: str, *, ping_every: float | None = None) -> None:
        self.login, self.code = login, code
        self.ping_every = ping_every
        self.state: dict[str, Any] | None = None
        self.version = -1
        self.arrivals: list[tuple[int, float]] = []  # (version, monotonic time), in order
        self.counts: Counter[str | None] = Counter()  # messages received, by type
        self.errors: list[dict[str, Any]] = []
        self.answers: list[dict[str, Any]] = []  # every ack, error, pong, hint, in order
        self.synced_at: float | None = None  # when this connection's first state came
        self.restarts = 0  # closes with CLOSE_RESTART (a server process going away)
        self.outages: list[float] = []  # from a connection lost to the next one's state
        self._lost_at: float | None = None
        self._fresh = False  # no state yet on this connection
        self._pinger: asyncio.Task[None] | None = None
        self.reconnects = 0
        self.failed_opens = 0  # handshakes that failed, then tried again
        self.resent = 0  # requests sent again after a reconnect
        self.sent = 0  # requests ``send`` wrote to the socket
        self.last_state_bytes = 0  # the last state or patch received, in bytes
        # Every message received: (type, bytes of its text, the version it names).
        self.wire: list[tuple[str | None, int, int | None]] = []
        self.gaps = 0  # patches that did not follow the state held (then a ``sync``)
        self._syncing = False
        self._pending: dict[str, tuple[str, asyncio.Future[dict[str, Any]]]] = {}
        self._changed = asyncio.Condition()
        self._socket: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._closing = False
        self.closed_with: int | None = None  # the server's close code, once it refused us

    @property
    def reconnecting(self) -> bool:
        """Whether the connection was lost and no state came on a new one yet."""
        return self._lost_at is not None

    @property
    def ws_url(self) -> str:
        """The room's websocket URL on this seat's server."""
        return self.login.base_url.replace("http", "ws", 1) + f"/ws/rooms/{self.code}/"

    async def connect(self, *, retry: bool = False) -> None:
        """Open the socket and wait for the first ``state``. With ``retry``, a handshake
        that fails (a server too busy to accept in time) is tried again as pages do, for
        up to ``RECONNECT_FOR`` seconds, each failed try counted in ``failed_opens``."""
        if retry:
            if not await self._open_retrying():
                raise ClientError(f"could not connect within {RECONNECT_FOR:.0f} s")
        else:
            await self._open()
        await self.wait_for(lambda: self.state is not None)
        self.start_pinging()

    async def _open(self) -> None:
        self._socket = await websockets.connect(
            self.ws_url,
            max_size=2**22,
            open_timeout=HTTP_TIMEOUT,
            ping_interval=None,
            additional_headers={
                "Cookie": self.login.cookie_header(),
                "Origin": self.login.base_url,
            },
        )
        self._fresh = True
        self._reader = asyncio.create_task(self._read(self._socket))

    async def close(self) -> None:
        """Close the socket for good."""
        self._closing = True
        if self._pinger is not None:
            self._pinger.cancel()
            await asyncio.gather(self._pinger, return_exceptions=True)
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def drop(self) -> None:
        """Cut the connection without a goodbye, as a phone going into a tunnel does; the
        seat reconnects by itself."""
        if self._socket is not None:
            self._socket.transport.abort()

    def stop_pinging(self) -> None:
        """Stop the keep-alive pings (``ping_every``): changes then reach this seat only
        by broadcast (or on a new connection)."""
        if self._pinger is not None:
            self._pinger.cancel()
            self._pinger = None

    def start_pinging(self) -> None:
        """Ping every ``ping_every`` seconds again."""
        if self.ping_every and self._pinger is None:
            self._pinger = asyncio.create_task(self._ping_loop())

    async def _ping_loop(self) -> None:
        # Checks it is still this seat's pinger: on Python 3.11 ``asyncio.wait_for`` may
        # swallow the cancellation of ``stop_pinging`` as an answer arrives.
        while (
            not self._closing
            and self.closed_with is None
            and self._pinger is asyncio.current_task()
        ):
            await asyncio.sleep(self.ping_every or 15.0)
            with contextlib.suppress(TimeoutError, ClientError):
                await self.send("ping")

    async def _read(self, socket: Any) -> None:
        try:
            async for raw in socket:
                msg = json.loads(raw)
                self.wire.append((msg.get("type"), len(raw), msg.get("version")))
                if msg.get("type") in ("state", "patch"):
                    self.last_state_bytes = len(raw)
                await self._receive(msg)
        except ConnectionClosed:
            pass
        code = socket.close_code
        if self._closing:
            return
        if code is not None and code >= 4000:
            self.closed_with = code
            async with self._changed:
                self._changed.notify_all()
            return
        self._lost_at = time.monotonic()
        if code == CLOSE_RESTART:
            self.restarts += 1
            await asyncio.sleep(random.uniform(*RESTART_WAIT))
        await self._reconnect()

    async def _open_retrying(self) -> bool:
        """Open the socket, trying again as pages do for up to ``RECONNECT_FOR`` seconds;
        whether it opened (if not, ``closed_with`` is -1)."""
        deadline = time.monotonic() + RECONNECT_FOR
        delay = 0.05
        while not self._closing:
            try:
                await self._open()
            except (OSError, websockets.InvalidStatus, websockets.InvalidHandshake, TimeoutError):
                self.failed_opens += 1
                if time.monotonic() > deadline:
                    self.closed_with = -1
                    async with self._changed:
                        self._changed.notify_all()
                    return False
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
                continue
            return True
        return False

    async def _reconnect(self) -> None:
        if not await self._open_retrying():
            return
        self.reconnects += 1
        for _request_id, (text, _future) in list(self._pending.items()):
            try:
                await self._socket.send(text)  # same id: answered once, applied once
            except ConnectionClosed:
                return  # closed again at once: the new socket's reader starts over
            self.resent += 1

    async def _receive(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        self.counts[kind] += 1
        if kind == "patch":
            try:
                msg = apply_change(self.state, msg, in_place=True)
            except (Gap, jsonpatch.JsonPatchException, jsonpatch.JsonPointerException):
                # A change went missing: ask for the whole state (once).
                self.gaps += 1
                if not self._syncing:
                    self._syncing = True
                    await self.resync()
                return
            kind = "state"
        if kind == "state":
            fresh, self._fresh = self._fresh, False
            if fresh:
                self.synced_at = time.monotonic()
                if self._lost_at is not None:
                    self.outages.append(self.synced_at - self._lost_at)
                    self._lost_at = None
            if msg["version"] > self.version:
                self.arrivals.append((msg["version"], time.monotonic()))
            elif not fresh:
                return
            # A new connection's first state is what the server holds for this socket.
            self.version, self.state, self._syncing = msg["version"], msg, False
            async with self._changed:
                self._changed.notify_all()
            return
        if kind == "error":
            self.errors.append(msg)
        self.answers.append(msg)
        pending = self._pending.pop(msg.get("id") or "", None)
        if pending is not None and not pending[1].done():
            pending[1].set_result(msg)
        async with self._changed:
            self._changed.notify_all()

    async def send(self, kind: str, request_id: str | None = None, **fields: Any) -> dict[str, Any]:
        """Send one request and return the server's answer (``ack``, ``error``, ``pong``
        or ``hint``). A connection lost meanwhile is re-established and the request sent
        again under the same id."""
        request_id = request_id or new_id()
        text = json.dumps({"type": kind, "id": request_id, **fields})
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = (text, future)
        with contextlib.suppress(ConnectionClosed):  # the reader reconnects and re-sends it
            await self._socket.send(text)
            self.sent += 1
            async with self._changed:
                self._changed.notify_all()
        try:
            return await asyncio.wait_for(future, ANSWER_TIMEOUT)
        finally:
            self._pending.pop(request_id, None)

    async def resync(self) -> None:
        """Ask for the whole state again (``sync``: answered by a ``state``, no ``ack``)."""
        with contextlib.suppress(ConnectionClosed):  # a new connection starts with one
            await self._socket.send(json.dumps({"type": "sync", "id": new_id()}))

    async def send_raw(self, frame: str | bytes) -> None:
        """Send a frame as it is (for hostile-input tests)."""
        await self._socket.send(frame)

    async def wait_for(self, test: Any, timeout: float = ANSWER_TIMEOUT) -> None:
        """Wait until ``test()`` holds (it is checked after every new state, every
        connection's first state, every answer and every request written)."""

        async def until() -> None:
            async with self._changed:
                while not test():
                    if self.closed_with is not None:
                        raise ClientError(f"the server closed the socket ({self.closed_with})")
                    await self._changed.wait()

        await asyncio.wait_for(until(), timeout)

    async def reached(self, version: int, timeout: float = ANSWER_TIMEOUT) -> float:
        """The moment (monotonic) this seat first held ``version`` or a newer one."""
        await self.wait_for(lambda: self.version >= version, timeout)
        return next(t for v, t in self.arrivals if v >= version)

    # What the newest state says, for the player behind this seat.

    @property
    def game(self) -> dict[str, Any] | None:
        """The game part of the newest state."""
        return self.state["game"] if self.state else None

    @property
    def my_seat(self) -> int | None:
        """This player's seat number, ``None`` for a spectator."""
        return self.state["you"]["seat"] if self.state else None

    def my_turn(self) -> bool:
        """Whether the game is on and waiting for this player."""
        game = self.game
        return bool(game and game["status"] == "playing" and game["current_seat"] == self.my_seat)
