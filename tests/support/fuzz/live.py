"""The fuzz harness's plumbing: an event loop of its own, the live server's database,
a browser that does not follow redirects, and websockets (``Probe``: one attacker
socket that sends a frame and reads its answer)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Coroutine
from concurrent.futures import Future
from contextlib import closing
from dataclasses import dataclass
from http.cookiejar import Cookie, CookieJar
from pathlib import Path
from typing import Any, TypeVar

import websockets
from websockets.exceptions import ConnectionClosed

from bench.harness.room_client import Login
from tests.support.fuzz.oracle import Answer, Frame

T = TypeVar("T")

SEND_GAP = 1 / 16  # seconds between two frames of one socket: 16 a second, under 20
ANSWER_TIMEOUT = 15.0  # no answer within this long is "silence"


class LoopThread:
    """An event loop in a daemon thread: sync tests (hypothesis) hand it coroutines, and
    the victims' game runs on it all the while."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 120.0) -> T:
        """Run ``coro`` on the loop and return its result."""
        return self.submit(coro).result(timeout)

    def submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        """Start ``coro`` on the loop; returns at once."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self) -> None:
        """Stop the loop and its thread."""
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


@dataclass
class Database:
    """Read-only queries on the live server's SQLite file."""

    path: Path

    def rows(self, sql: str, *params: object) -> list[tuple[Any, ...]]:
        """The rows of one query."""
        uri = f"file:{self.path}?mode=ro"
        with closing(sqlite3.connect(uri, uri=True, timeout=10)) as conn:
            return conn.execute(sql, params).fetchall()

    def events_after(self, code: str, seq: int) -> list[tuple[int, str, int | None]]:
        """(seq, kind, actor id) of the room's events after ``seq``."""
        return self.rows(
            "SELECT e.seq, e.kind, e.actor_id FROM games_event e JOIN games_room r"
            " ON r.id = e.room_id WHERE r.code = ? AND e.seq > ? ORDER BY e.seq",
            code,
            seq,
        )

    def room_count(self) -> int:
        """How many rooms there are."""
        count: int = self.rows("SELECT COUNT(*) FROM games_room")[0][0]
        return count

    def members(self, code: str) -> int:
        """How many active members the room has."""
        count: int = self.rows(
            "SELECT COUNT(*) FROM games_membership m JOIN games_room r"
            " ON r.id = m.room_id WHERE r.code = ? AND m.state = 'active'",
            code,
        )[0][0]
        return count


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Hand back a 3xx as it is: the test judges the redirect itself."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@dataclass
class Reply:
    """An HTTP answer."""

    status: int
    body: str
    location: str = ""


class Browser:
    """A visitor (a fresh one, or the session of ``jar``); redirects are not followed."""

    def __init__(self, base_url: str, jar: CookieJar | None = None) -> None:
        self.base_url = base_url
        self.jar = jar if jar is not None else CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect()
        )

    def request(self, path: str, body: bytes | None = None) -> Reply:
        """GET (or POST ``body``) ``path``, whatever the status."""
        request = urllib.request.Request(self.base_url + path, data=body)
        try:
            with self.opener.open(request, timeout=30) as response:
                return Reply(response.status, response.read().decode(errors="replace"))
        except urllib.error.HTTPError as exc:
            return Reply(
                exc.code, exc.read().decode(errors="replace"), exc.headers.get("Location", "")
            )

    def csrf_cookie(self) -> Cookie:
        """Visit the home page for a CSRF cookie."""
        assert self.request("/").status == 200
        return next(c for c in self.jar if c.name == "csrftoken")


def ws_url(base_url: str, code: str) -> str:
    """The room's websocket URL."""
    return base_url.replace("http", "ws", 1) + f"/ws/rooms/{urllib.parse.quote(code)}/"


async def ws_connect(base_url: str, code: str, login: Login | None) -> Any:
    """A websocket to the room with ``login``'s cookies (none: a stranger)."""
    headers = {"Origin": base_url}
    if login is not None:
        headers["Cookie"] = login.cookie_header()
    return await websockets.connect(
        ws_url(base_url, code),
        additional_headers=headers,
        ping_interval=None,
        max_size=2**22,
        open_timeout=ANSWER_TIMEOUT,
    )


async def first_answer(base_url: str, code: str, login: Login | None) -> dict[str, Any] | int:
    """Open a socket to the room: its first message (a member's fresh ``state``), or the
    code the server closed it with."""
    socket = await ws_connect(base_url, code, login)
    try:
        first: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), ANSWER_TIMEOUT))
        return first
    except ConnectionClosed:
        closed: int = socket.close_code
        return closed
    finally:
        await socket.close()


class Probe:
    """One attacker socket.  It sends a frame and reads the answer to it (a socket's
    messages are answered in order), at most 16 frames a second, and opens itself
    again after the server closed it."""

    def __init__(self, base_url: str, code: str, login: Login) -> None:
        self.base_url, self.code, self.login = base_url, code, login
        self.socket: Any = None
        self.next_send = 0.0
        self.opened = 0

    async def open(self) -> None:
        """Connect and read the first ``state``."""
        self.socket = await ws_connect(self.base_url, self.code, self.login)
        first = json.loads(await asyncio.wait_for(self.socket.recv(), ANSWER_TIMEOUT))
        assert first["type"] == "state", first
        self.opened += 1

    async def close(self) -> None:
        """Close the socket."""
        if self.socket is not None:
            await self.socket.close()

    async def ask(self, frame: Frame) -> Answer:
        """Send ``frame``; the first message that is not a pushed ``patch`` or ``state``
        (unless a ``state`` is what it asks for), or how the socket closed."""
        if self.socket is None:
            await self.open()
        await asyncio.sleep(max(0.0, self.next_send - time.monotonic()))
        self.next_send = time.monotonic() + SEND_GAP
        try:
            await self.socket.send(frame.payload, text=frame.text)
            while True:
                try:
                    raw = await asyncio.wait_for(self.socket.recv(), ANSWER_TIMEOUT)
                except TimeoutError:
                    raise AssertionError(
                        f"no answer within {ANSWER_TIMEOUT} s to {frame!r}"
                    ) from None
                message = json.loads(raw)
                kind = message.get("type")
                if kind not in ("state", "patch") or kind == frame.expect == "state":
                    return Answer(message)
        except ConnectionClosed:
            code, self.socket = self.socket.close_code, None
            return Answer(close_code=code)
