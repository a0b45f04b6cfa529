"""Hostile input against a live server: hypothesis throws thousands of malformed and
malicious websocket frames and form posts at a real Daphne process while two people
play a game on it, and checks that each one is refused clearly and changes nothing.

The cast, on one server (``tests.support.live_server.serve``: a fresh SQLite file):

* the victims' table (room V): Vera (host) and Walt play Yahtzee move after move in a
  background task for the whole module, and must never notice the attack;
* the attacker Mal's own tables: room A, where Mal has seat 1 but Hank (the host, gone)
  has the turn, so every action of Mal's is refused; and room S, Mal's solo game (host,
  Mal's turn, dice rolled), where only invalid moves are tried;
* a lobby (room L) that takes the fuzzed join form.

Every frame gets what docs/protocol.md promises: an ``error`` with a documented code
and a message (carrying the request id, or ``null`` when the frame could not carry
one), a ``pong``, a ``state`` for ``sync``, or a closed socket for what Daphne itself
refuses (over 1 MiB, invalid UTF-8); never an ``ack``, never silence.  Every form post
gets 403, 400 with the error shown, or a redirect exactly when it was valid; never a
500.  The rooms' versions and event logs show that nothing changed, and the server's log
stays free of errors, 500s and tracebacks.  Each socket sends at most 16 frames a
second, under the limit of 20, so that the frames reach the handlers instead of the rate
limit; wrong room codes stay well below the guess limit of 20 an address.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import sqlite3
import threading
import time
import unicodedata
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from collections.abc import Coroutine, Iterator
from concurrent.futures import Future
from contextlib import closing
from dataclasses import dataclass, field
from functools import cache
from http.cookiejar import Cookie, CookieJar
from pathlib import Path
from typing import Any, TypeVar

import pytest
import websockets
from hypothesis import HealthCheck, Phase, assume, example, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed

from scoring import rulesets
from tests.support.live_server import ROOT, serve
from tests.support.room_client import Login, Seat, join_room, next_move, open_room

T = TypeVar("T")

MAX_BYTES = 4096  # the protocol's largest message
MAX_DEPTH = 32  # ... and its deepest nesting
DAPHNE_MAX_BYTES = 1024 * 1024  # Daphne drops a socket that sends a bigger message
MAX_INT = 2**63 - 1
SEND_GAP = 1 / 16  # seconds between two frames of one socket: 16 a second, under 20
PROBES_PER_ROOM = 8  # attacker sockets per room, sending in parallel
ANSWER_TIMEOUT = 15.0  # no answer within this long is "silence"
MOVE_GAP = 0.06  # the victims' pause between two moves
BATCH = 48  # frames per hypothesis example
FRAME_EXAMPLES = 60  # ... so 2,880 generated frames
POST_EXAMPLES = 150
LOOKUP_EXAMPLES = 6  # wrong room codes: well below the guess limit of 20 an address
MIN_TURNS = 10  # turns the victims finish while the fuzzer runs
LOBBY_SEATS = 8
RULESETS = tuple(rulesets.names())
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
SURROGATES = re.compile("[\ud800-\udfff]")
BAD_FIELD = frozenset({"bad_field"})
# No shrinking: each example costs a live server real time, and a failure names its frame.
FUZZ = settings(deadline=None, database=None, suppress_health_check=list(HealthCheck),
                phases=(Phase.explicit, Phase.generate))
SERVER_TROUBLE = re.compile(r'\bERROR\b|Internal Server Error|" 5\d\d ')


def documented_codes() -> frozenset[str]:
    """Every error code of the "Error codes" tables of docs/games.md and docs/protocol.md."""
    codes: set[str] = set()
    for doc in ("games.md", "protocol.md"):
        section = (ROOT / "docs" / doc).read_text().split("## Error codes", 1)[1]
        for line in section.split("\n## ", 1)[0].splitlines():
            if line.startswith("| `"):
                codes.update(re.findall(r"`(\w+)`", line.split("|")[1]))
    return frozenset(codes)


CODES = documented_codes()


# -- plumbing: an event loop of our own, the server's database, HTTP --------------------


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
        return self.rows("SELECT e.seq, e.kind, e.actor_id FROM games_event e JOIN games_room r"
                         " ON r.id = e.room_id WHERE r.code = ? AND e.seq > ? ORDER BY e.seq",
                         code, seq)

    def room_count(self) -> int:
        """How many rooms there are."""
        return self.rows("SELECT COUNT(*) FROM games_room")[0][0]

    def members(self, code: str) -> int:
        """How many active members the room has."""
        return self.rows("SELECT COUNT(*) FROM games_membership m JOIN games_room r"
                         " ON r.id = m.room_id WHERE r.code = ? AND m.state = 'active'", code)[0][0]


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
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect())

    def request(self, path: str, body: bytes | None = None) -> Reply:
        """GET (or POST ``body``) ``path``, whatever the status."""
        request = urllib.request.Request(self.base_url + path, data=body)
        try:
            with self.opener.open(request, timeout=30) as response:
                return Reply(response.status, response.read().decode(errors="replace"))
        except urllib.error.HTTPError as exc:
            return Reply(exc.code, exc.read().decode(errors="replace"),
                         exc.headers.get("Location", ""))

    def csrf_cookie(self) -> Cookie:
        """Visit the home page for a CSRF cookie."""
        assert self.request("/").status == 200
        return next(c for c in self.jar if c.name == "csrftoken")


# -- websockets -------------------------------------------------------------------------


def ws_url(base_url: str, code: str) -> str:
    """The room's websocket URL."""
    return base_url.replace("http", "ws", 1) + f"/ws/rooms/{urllib.parse.quote(code)}/"


async def ws_connect(base_url: str, code: str, login: Login | None) -> Any:
    """A websocket to the room with ``login``'s cookies (none: a stranger)."""
    headers = {"Origin": base_url}
    if login is not None:
        headers["Cookie"] = login.cookie_header()
    return await websockets.connect(ws_url(base_url, code), additional_headers=headers,
                                    ping_interval=None, max_size=2**22,
                                    open_timeout=ANSWER_TIMEOUT)


async def first_answer(base_url: str, code: str, login: Login | None) -> dict[str, Any] | int:
    """Open a socket to the room: its first message (a member's fresh ``state``), or the
    code the server closed it with."""
    socket = await ws_connect(base_url, code, login)
    try:
        return json.loads(await asyncio.wait_for(socket.recv(), ANSWER_TIMEOUT))
    except ConnectionClosed:
        return socket.close_code
    finally:
        await socket.close()


@dataclass(eq=False)
class Frame:
    """One frame to send and what the protocol says must answer it."""

    payload: str | bytes | tuple[str, ...]  # a tuple goes as a fragmented message
    expect: str  # "error", "pong", "state" or "close"
    request_id: str | None = None  # the id the answer carries
    codes: frozenset[str] = frozenset()  # the error codes allowed (empty: any documented)
    text: bool | None = None  # True: bytes sent as a text frame
    message: dict[str, Any] | None = None  # the parsed message, when a handler gets it

    def __repr__(self) -> str:
        shown = repr(self.payload)
        shown = shown if len(shown) < 300 else f"{shown[:300]}... ({len(shown)} chars)"
        return f"Frame({shown}, expect={self.expect}, id={self.request_id!r})"


@dataclass
class Answer:
    """What came back: a message, or the close code of a socket the server closed."""

    message: dict[str, Any] | None = None
    close_code: int | None = None


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
        """Send ``frame``; the first message that is not a pushed ``state`` (unless a
        ``state`` is what it asks for), or how the socket closed."""
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
                    raise AssertionError(f"no answer within {ANSWER_TIMEOUT} s to {frame!r}") \
                        from None
                message = json.loads(raw)
                if message.get("type") != "state" or frame.expect == "state":
                    return Answer(message)
        except ConnectionClosed:
            code, self.socket = self.socket.close_code, None
            return Answer(close_code=code)


# -- what the protocol promises for a frame --------------------------------------------


def depth(value: object) -> int:
    """How deeply ``value`` nests (a scalar is 1), counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(item, dict):
            stack.extend((child, level + 1) for child in (*item, *item.values()))
        elif isinstance(item, list):
            stack.extend((child, level + 1) for child in item)
    return deepest


def unstorable(value: object) -> bool:
    """Whether any text in ``value`` holds NUL or an unpaired surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str) and UNSTORABLE.search(item):
            return True
        if isinstance(item, dict):
            stack.extend((*item, *item.values()))
        elif isinstance(item, list):
            stack.extend(item)
    return False


def valid_id(value: object) -> bool:
    """A request id the protocol accepts."""
    return isinstance(value, str) and 1 <= len(value) <= 64 and not UNSTORABLE.search(value)


def judge(payload: str | bytes | tuple[str, ...], *, text: bool | None = None,
          codes: frozenset[str] = frozenset()) -> Frame:
    """The answer docs/protocol.md promises for ``payload``; ``codes`` narrows the error
    codes a message that reaches its handler may get."""
    if isinstance(payload, bytes):
        if text or len(payload) > DAPHNE_MAX_BYTES:
            return Frame(payload, "close", text=text)
        return Frame(payload, "error", codes=frozenset({"bad_json"}))
    raw = "".join(payload) if isinstance(payload, tuple) else payload
    size = len(raw.encode())
    if size > DAPHNE_MAX_BYTES:
        return Frame(payload, "close")
    if size > MAX_BYTES:
        return Frame(payload, "error", codes=frozenset({"too_large"}))
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        return Frame(payload, "error", codes=frozenset({"bad_json"}))
    if not isinstance(msg, dict):
        return Frame(payload, "error", codes=frozenset({"bad_json"}))
    request_id = msg.get("id")
    if not valid_id(request_id):
        return Frame(payload, "error", codes=frozenset({"bad_request_id"}))
    if depth(msg) > MAX_DEPTH or unstorable(msg):
        return Frame(payload, "error", request_id, frozenset({"bad_json"}))
    kind = msg.get("type")
    if kind in ("ping", "sync"):
        return Frame(payload, "pong" if kind == "ping" else "state", request_id, message=msg)
    if not isinstance(kind, str) or kind not in FIELDS:
        return Frame(payload, "error", request_id, frozenset({"bad_type"}))
    return Frame(payload, "error", request_id, codes, message=msg)


def check(frame: Frame, answer: Answer) -> str:
    """Assert that ``answer`` is what ``frame`` must get; returns its error code (or the
    kind of answer) for the statistics."""
    if frame.expect == "close":
        assert answer.message is None, f"{frame!r} was answered {answer.message}"
        return "closed"
    assert answer.message is not None, f"the server closed ({answer.close_code}) on {frame!r}"
    msg = answer.message
    assert msg.get("type") != "ack", f"{frame!r} was accepted: {msg}"
    if msg.get("code") == "rate_limited" and frame.request_id is not None:
        assert msg.get("id") == frame.request_id, f"{frame!r} got {msg}"
        return "rate_limited"  # a clear refusal too; the test counts them
    if frame.expect == "error":
        assert msg.get("type") == "error", f"{frame!r} got {msg}"
        assert msg.get("id") == frame.request_id, f"{frame!r} got {msg}"
        assert msg.get("code") in (frame.codes or CODES), f"{frame!r} got {msg}"
        assert isinstance(msg.get("message"), str) and msg["message"].strip(), msg
        return msg["code"]
    assert msg.get("type") == frame.expect, f"{frame!r} got {msg}"
    if frame.expect == "pong":
        assert msg.get("id") == frame.request_id, f"{frame!r} got {msg}"
    return frame.expect


# -- the rooms the attacker plays in ----------------------------------------------------


def clean_chat(text: str) -> str:
    """A chat line as the room would keep it (docs: control characters other than line
    breaks dropped, then trimmed)."""
    return "".join(ch for ch in text
                   if ch == "\n" or unicodedata.category(ch) != "Cc").strip()


@dataclass(frozen=True)
class Target:
    """One of Mal's rooms as the fuzzer sees it."""

    name: str
    code: str
    my_turn: bool  # Mal's turn, dice rolled (room S), or someone else's (room A)
    boxes: tuple[str, ...]
    columns: tuple[str, ...]

    def may_change(self, msg: dict[str, Any]) -> bool:
        """Whether ``msg`` could be a valid action here (the fuzzer never sends one):
        leaving, a chat line, and on Mal's own turn a hint, a roll with a good hold, a
        good placement or handing Mal's own seat to a bot."""
        kind = msg.get("type")
        if kind == "leave":
            return True
        if kind == "chat":
            text = msg.get("text")
            return isinstance(text, str) and 1 <= len(clean_chat(text)) <= 500
        if not self.my_turn:
            return False
        if kind == "hint":
            return True
        if kind == "roll":
            hold = msg.get("hold", [])
            return isinstance(hold, list) and len(hold) < 5 \
                and all(type(p) is int and 0 <= p <= 4 for p in hold) \
                and len(set(hold)) == len(hold)
        if kind == "place":
            column = msg.get("column")
            return msg.get("box") in self.boxes and (column is None or column in self.columns)
        if kind == "hand_to_bot":
            return type(msg.get("seat")) is int and msg.get("seat") == 0
        return False


@dataclass(frozen=True)
class Strangers:
    """What the attacker knows of others: the victims' room and everyone's player ids."""

    code: str
    players: tuple[int, ...]


# Each message type's fields: (name, what the server takes, optional).
FIELDS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    "roll": (("hold", "hold", True),),
    "announce": (("box", "str", False),),
    "place": (("box", "str", False), ("column", "str", True)),
    "chat": (("text", "str", False),),
    "configure": (("ruleset", "str", False), ("options", "dict", False),
                  ("seats", "int", False), ("turn_seconds", "int", True),
                  ("coach", "bool", True)),
    "start": (), "rematch": (), "take_seat": (), "skip": (), "leave": (), "hint": (),
    "sync": (), "ping": (),
    "add_bot": (("level", "str", True),),
    "remove_bot": (("seat", "int", False),),
    "kick": (("player", "int", False),),
    "hand_to_bot": (("seat", "int", False),),
}


def takes(how: str, optional: bool, value: object) -> bool:
    """Whether the server's type check of a field lets ``value`` through."""
    if value is None:
        return optional and how != "hold"  # "hold": null is not a list
    if how == "hold":
        return isinstance(value, list) and len(value) <= 5 \
            and all(type(p) is int for p in value)
    return {"str": isinstance(value, str), "int": type(value) is int,
            "bool": type(value) is bool, "dict": isinstance(value, dict)}[how]


NASTY = ("", " ", "\x07", "\x1b[31m", "\u202e", "\ufeff", "\u200b", "\U0001f3b2",
         "<script>alert(1)</script>", "' OR 1=1 --", "%00", "\\", '"', "\r\n\t",
         "\U0001d550\U0001d552", "\ufdfa" * 8, "x" * 65, "NaN", "null", "__proto__",
         "../../etc/passwd", "{{7*7}}", "{% debug %}")
UNSTORABLE_TEXT = ("\x00", "\ud800", "\udfff", "\ud83d", "nul\x00", "a\udfffb")


# Any character but NUL: unstorable text comes in on purpose, once in a while, not in
# nearly every message (hypothesis loves "\x00").
CHARS = st.characters(exclude_characters="\x00")


def texts(max_size: int = 24) -> st.SearchStrategy[str]:
    """Text, unicode garbage and known troublemakers (markup, escapes, RTL marks)."""
    return st.one_of(st.text(CHARS, max_size=max_size), st.sampled_from(NASTY),
                     st.lists(st.sampled_from(NASTY) | st.text(CHARS, max_size=3),
                              max_size=4).map("".join))


TEXTS, SHORT_TEXTS = texts(), texts(8)
INTS = st.one_of(st.integers(-3, 10), st.integers(),
                 st.sampled_from((-1, 2**31, MAX_INT, MAX_INT + 1, -MAX_INT - 2, 10**30)))
SCALARS = st.one_of(st.none(), st.booleans(), INTS, st.floats(), TEXTS)
JSON = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=4)
                    | st.dictionaries(SHORT_TEXTS, kids, max_size=4), max_leaves=8)
LISTS, OBJECTS = st.lists(SCALARS, max_size=3), st.dictionaries(SHORT_TEXTS, SCALARS, max_size=3)
# Values each kind of field refuses (``None`` too, unless the field is optional).
WRONG: dict[str, st.SearchStrategy[Any]] = {
    "str": st.one_of(st.booleans(), INTS, st.floats(), LISTS, OBJECTS),
    "int": st.one_of(st.booleans(), st.floats(), TEXTS, LISTS, OBJECTS),
    "bool": st.one_of(INTS, st.floats(), TEXTS, LISTS, OBJECTS),
    "dict": st.one_of(st.booleans(), INTS, st.floats(), TEXTS, LISTS),
    "hold": st.one_of(st.none(), st.booleans(), INTS, st.floats(), TEXTS, OBJECTS,
                      st.lists(INTS, min_size=6, max_size=8),
                      st.tuples(st.lists(st.integers(0, 4), max_size=3),
                                st.one_of(st.none(), st.booleans(), st.floats(), TEXTS))
                      .map(lambda pair: [*pair[0], pair[1]])),
}
IDS = st.one_of(st.uuids().map(lambda u: u.hex[:16]),
                st.text(CHARS, min_size=1, max_size=64).filter(valid_id))
BAD_IDS = st.one_of(st.sampled_from(("", "x" * 65, "\x00", "\ud800", "a\udfffb")),
                    st.integers(65, 200).map(lambda n: "i" * n),
                    JSON.filter(lambda v: not isinstance(v, str)))
KINDS = st.sampled_from(sorted(FIELDS))
MUTATIONS = st.sampled_from(("none", "wrong_type", "left_out"))
MISSING = object()


@cache
def plausible(name: str, target: Target, strangers: Strangers) -> st.SearchStrategy[Any]:
    """Values of the right type for field ``name``: mostly wrong, sometimes right."""
    strategies: dict[str, st.SearchStrategy[Any]] = {
        "hold": st.lists(st.integers(-2, 6) | INTS, max_size=6),
        "box": st.sampled_from((*target.boxes, "sevens", "Sixes", "sixes ", "upper_bonus",
                                "")) | TEXTS,
        "column": st.sampled_from((*target.columns, "free", "down", "up", "announced", "x2",
                                   "")) | TEXTS,
        "text": st.one_of(st.text(" \t\r\n\x0b\x0c\x07\x1b\x7f\x85", max_size=12),
                          st.tuples(st.characters(), st.integers(501, 700))
                          .map(lambda pair: pair[0] * pair[1]), TEXTS),
        "ruleset": st.sampled_from((*RULESETS, "Yahtzee", "poker", "")) | TEXTS,
        "options": st.dictionaries(st.sampled_from(("joker", "exact_counts", "coach"))
                                   | SHORT_TEXTS, JSON, max_size=3),
        "seats": INTS, "turn_seconds": INTS, "coach": st.booleans(),
        "level": st.sampled_from(("beginner", "expert", "grandmaster", "")) | TEXTS,
        "seat": INTS | st.sampled_from((0, 1, 2, 7, 8)),
        "player": st.sampled_from(strangers.players) | INTS,
    }
    return strategies[name]


@cache
def junk(strangers: Strangers) -> st.SearchStrategy[dict[str, Any]]:
    """Extra fields, many naming the victims' room and other players."""
    return st.dictionaries(
        st.sampled_from(("code", "room", "room_code", "player_id", "as", "seat", "player",
                         "version", "host", "sessionid", "__proto__")) | SHORT_TEXTS,
        st.sampled_from((strangers.code, *strangers.players)) | JSON, max_size=3)


@st.composite
def messages(draw: st.DrawFn, target: Target,
             strangers: Strangers) -> tuple[dict[str, Any], frozenset[str]]:
    """A message of any type with plausible fields, maybe one of a wrong type or one
    left out (then ``bad_field`` is the only answer), and junk naming other rooms and
    players; returns it with the error codes it may get."""
    kind = draw(KINDS)
    fields = FIELDS[kind]
    msg: dict[str, Any] = {"type": kind, "id": draw(IDS)}
    for name, _how, optional in fields:
        if not optional or draw(st.booleans()):
            msg[name] = draw(plausible(name, target, strangers))
    codes: frozenset[str] = frozenset()
    mutation = draw(MUTATIONS)
    if mutation != "none" and fields:
        name, how, optional = draw(st.sampled_from(fields))
        if mutation == "wrong_type":
            msg[name] = draw(WRONG[how] if optional else WRONG[how] | st.none())
            assert not takes(how, optional, msg[name])
            codes = BAD_FIELD
        elif not optional:
            msg.pop(name, None)
            codes = BAD_FIELD
    taken = {"type", "id", *(name for name, _how, _optional in fields)}
    msg.update({k: v for k, v in draw(junk(strangers)).items() if k not in taken})
    return msg, codes


def render(pairs: list[tuple[str, Any]], ascii_only: bool) -> str:
    """A JSON object from key-value pairs (keys may repeat); non-ASCII text stays raw
    unless ``ascii_only`` or it holds a lone surrogate (which UTF-8 cannot carry)."""
    text = "{" + ", ".join(f"{json.dumps(k, ensure_ascii=ascii_only)}: "
                           f"{json.dumps(v, ensure_ascii=ascii_only)}" for k, v in pairs) + "}"
    return render(pairs, True) if SURROGATES.search(text) else text


def once_in(draw: st.DrawFn, times: int) -> bool:
    """True about once in ``times`` draws (hypothesis favours the ends of a range, so the
    middle value is the rare one)."""
    return draw(st.integers(0, times)) == times // 2


@st.composite
def message_frames(draw: st.DrawFn, target: Target, strangers: Strangers) -> Frame:
    """A message as text: keys in any order, maybe repeated with another value (the last
    one counts), maybe with unstorable text, maybe split into fragments."""
    msg, codes = draw(messages(target, strangers))
    pairs = draw(st.permutations(list(msg.items())))
    if once_in(draw, 5):
        key = draw(st.sampled_from([k for k, _v in pairs]))
        pairs.insert(draw(st.integers(0, len(pairs))), (key, draw(JSON)))
        codes = frozenset()  # the repeated key may change the message's meaning
    if once_in(draw, 12):  # text no database stores, as a key or a value
        poison = draw(st.sampled_from(UNSTORABLE_TEXT))
        pairs.append(draw(st.sampled_from(((poison, 1), (draw(SHORT_TEXTS), poison)))))
    text = render(pairs, draw(st.booleans()))
    if once_in(draw, 6) and len(text) > 2:
        cut = sorted(draw(st.sets(st.integers(1, len(text) - 1), min_size=1, max_size=2)))
        pieces = [text[a:b] for a, b in zip([0, *cut], [*cut, len(text)], strict=True)]
        return judge(tuple(pieces), codes=codes)
    return judge(text, codes=codes)


@st.composite
def broken_envelopes(draw: st.DrawFn, target: Target, strangers: Strangers) -> Frame:
    """A message whose id is missing, empty, too long, not text or unstorable."""
    msg, _codes = draw(messages(target, strangers))
    bad = draw(st.sampled_from((MISSING, None)) | BAD_IDS)
    msg.pop("id")
    if bad is not MISSING:
        msg["id"] = bad
    return judge(render(list(msg.items()), draw(st.booleans())))


def nested(levels: int) -> str:
    """``levels`` empty lists inside each other."""
    return "[" * levels + "]" * levels


def deep_roll(levels: int) -> str:
    """A roll whose hold nests ``levels`` deep."""
    return f'{{"type": "roll", "id": "deep-{levels}", "hold": {nested(levels)}}}'


JUNK_TEXT = ("", " ", "{", "}", "[]", "{}", "null", "1", "true", '"ping"', "NaN", "Infinity",
             "-Infinity", '{"type": "ping", "id": NaN}', '{"type": "ping", "id": "x",}',
             "\ufeff" + '{"type": "ping", "id": "bom"}', "{'type': 'ping', 'id': 'x'}",
             '{"type": "ping" "id": "x"}', "\x00", '{"__proto__": {"admin": true}}',
             '{"type": "ping", "id": "x"}{"type": "ping", "id": "y"}')


def raw_frames() -> st.SearchStrategy[Frame]:
    """Frames that are no message at all: binary, not JSON, not an object, too big, too
    deep."""
    return st.one_of(
        st.binary(max_size=64).map(judge),
        st.sampled_from(JUNK_TEXT).map(judge),
        st.text(max_size=40).map(judge),
        JSON.filter(lambda v: not isinstance(v, dict)).map(json.dumps).map(judge),
        st.integers(4097, 9000).map(lambda n: judge(json.dumps(
            {"type": "chat", "id": "big", "text": "a" * n}))),
        st.integers(33, 300).map(lambda n: judge(nested(n))),
        st.integers(33, 300).map(lambda n: judge(deep_roll(n))),
        st.integers(1100, 2000).map(lambda n: judge(nested(n))),  # the parser gives up
        st.integers(2100, 100_000).map(lambda n: judge(nested(n))),  # over 4 KB
    )


# Invalid UTF-8 (0xFF never is) in a text frame: Daphne drops the socket (the probe then
# opens a new one).
CLOSERS = st.binary(max_size=8).map(lambda data: judge(data + b"\xff", text=True))


def frames(target: Target, strangers: Strangers) -> st.SearchStrategy[Frame]:
    """Any hostile frame for ``target`` that cannot be a valid action there: mostly
    messages with mutated fields, then broken ids, non-messages, and once in 40 a frame
    that costs the socket."""
    weighted = [message_frames(target, strangers)] * 24 \
        + [broken_envelopes(target, strangers)] * 5 + [raw_frames()] * 10 + [CLOSERS]
    return st.sampled_from(weighted).flatmap(lambda kind: kind).filter(
        lambda f: f.message is None or not target.may_change(f.message))


# -- the victims' game ------------------------------------------------------------------


@dataclass(eq=False)
class Table:
    """The victims' game: Vera (host) and Walt play one move every ``MOVE_GAP`` s, and
    Vera starts a rematch when a game is over; every move must be accepted."""

    vera: Seat
    walt: Seat
    acks: list[int] = field(default_factory=list)  # versions of the accepted moves
    turns: int = 0
    refusals: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.running = asyncio.Event()
        self.idle = asyncio.Event()
        self.running.set()
        self.idle.set()

    async def play(self) -> None:
        """Play until cancelled (pausing while ``running`` is clear)."""
        while True:
            await self.running.wait()
            self.idle.clear()
            try:
                await self.step()
            finally:
                self.idle.set()
            await asyncio.sleep(MOVE_GAP)

    async def step(self) -> None:
        """One move of whoever's turn it is (or a rematch), then wait until both seats
        have seen it."""
        game = self.vera.game
        if game is not None and game["status"] != "playing":
            kind, answer = "rematch", await self.vera.send("rematch")
        else:
            seat = next((s for s in (self.vera, self.walt) if s.my_turn()), None)
            if seat is None:
                return
            move = dict(next_move(seat.game))
            kind = move.pop("type")
            answer = await seat.send(kind, **move)
        if answer["type"] != "ack":
            self.refusals.append(answer)
            return
        self.acks.append(answer["version"])
        self.turns += kind == "place"
        await asyncio.gather(self.vera.reached(answer["version"]),
                             self.walt.reached(answer["version"]))

    async def pause(self) -> int:
        """Stop after the move in hand; returns the room's version."""
        self.running.clear()
        await self.idle.wait()
        return self.vera.version

    def resume(self) -> None:
        """Play on."""
        self.running.set()

    def agree(self) -> None:
        """Both seats show the same version and the same game; nothing was refused and
        neither socket dropped."""
        assert self.refusals == []
        assert self.vera.reconnects == self.walt.reconnects == 0
        assert self.vera.version == self.walt.version
        assert shared(self.vera.game) == shared(self.walt.game)


def shared(game: dict[str, Any] | None) -> dict[str, Any] | None:
    """The part of a ``game`` every viewer sees alike."""
    if game is None:
        return None
    return {k: v for k, v in game.items() if k not in ("options", "seconds_left")}


# -- the arena: server, rooms, sockets --------------------------------------------------


@dataclass(eq=False)
class Arena:
    """Everything the tests share: the server, its rooms and the sockets in them."""

    base_url: str
    workdir: Path
    runner: LoopThread
    logins: dict[str, Login]  # vera, walt, hank, mal, lou
    players: dict[str, int]  # player ids of vera, walt, hank, mal
    codes: dict[str, str]  # rooms V, A, S, L
    table: Table
    anchors: dict[str, Seat]  # Mal's quiet sockets in A and S: they keep Mal online
    probes: dict[str, list[Probe]]  # Mal's sockets that send the frames, in A and S
    log_checked: int = 0

    def __post_init__(self) -> None:
        self.db = Database(self.workdir / "db.sqlite3")
        self.cycles = {room: itertools.cycle(pool) for room, pool in self.probes.items()}
        self.strangers = Strangers(self.codes["V"], tuple(self.players.values()))
        self.targets = {"A": target_of("A", self.codes["A"], self.anchors["A"], my_turn=False),
                        "S": target_of("S", self.codes["S"], self.anchors["S"], my_turn=True)}

    def snapshot(self, room: str, who: str) -> tuple[int, Any]:
        """A fresh ``state`` of the room through a new socket of ``who``: its version
        and its game (as every viewer sees it)."""
        state = self.runner.run(first_answer(self.base_url, self.codes[room],
                                             self.logins[who]))
        assert isinstance(state, dict) and state["type"] == "state", state
        return state["version"], shared(state["game"])

    def attacker_rooms(self) -> dict[str, tuple[int, Any]]:
        """Fresh snapshots of Mal's rooms A and S."""
        return {room: self.snapshot(room, "mal") for room in ("A", "S")}

    def submit(self, batch: list[tuple[str, Frame]]) -> Future[Counter[str]]:
        """Start sending frames over the rooms' probes (each probe's share in order, the
        probes in parallel), checking every answer; the future holds the answers by error
        code, or the first failed check once all the probes are done."""
        queues: dict[Probe, list[Frame]] = {}
        for room, frame in batch:
            queues.setdefault(next(self.cycles[room]), []).append(frame)

        async def send(probe: Probe, frames_: list[Frame]) -> list[str]:
            return [check(frame, await probe.ask(frame)) for frame in frames_]

        async def send_all() -> Counter[str]:
            results = await asyncio.gather(*(send(p, f) for p, f in queues.items()),
                                           return_exceptions=True)
            for result in results:
                if isinstance(result, BaseException):
                    raise result
            return Counter(code for codes in results for code in codes)

        return self.runner.submit(send_all())

    def fire(self, batch: list[tuple[str, Frame]]) -> Counter[str]:
        """Send frames and check their answers (see ``submit``)."""
        return self.submit(batch).result(ANSWER_TIMEOUT * len(batch))

    def assert_log_clean(self) -> None:
        """No traceback, error or 500 in the server's log since the last look."""
        text = (self.workdir / "daphne.log").read_text(errors="replace")
        fresh, self.log_checked = text[self.log_checked:], len(text)
        trouble = server_trouble(fresh.splitlines())
        assert trouble == [], "\n".join(trouble[:20])


def server_trouble(lines: list[str]) -> list[str]:
    """The lines of a server log that tell of an error: ERROR records, 500 responses and
    tracebacks (by their last line), except the traceback Django's DEBUG logging adds to
    its warning about a page refused with ``PermissionDenied`` (a 403 by design)."""
    trouble = [line for line in lines if SERVER_TROUBLE.search(line)]
    for start, line in enumerate(lines):
        if line.startswith("Traceback"):
            last = next((found for found in lines[start + 1:] if not found.startswith(" ")),
                        "(cut off)")
            if not last.startswith("django.core.exceptions.PermissionDenied:"):
                trouble += [line, last]
    return trouble


class VictimWindow:
    """From its start to ``close()``: every change of the victims' room was one of their
    own accepted moves, they finished enough turns, and they agree."""

    def __init__(self, arena: Arena) -> None:
        self.arena, table = arena, arena.table
        self.start = arena.runner.run(table.pause())
        table.acks.clear()
        self.turns = table.turns
        table.resume()

    def close(self, min_turns: int) -> int:
        """Check the window (the victims pause meanwhile); returns the turns played."""
        arena, table = self.arena, self.arena.table
        arena.runner.run(table.pause())
        try:
            events = arena.db.events_after(arena.codes["V"], self.start)
            assert [seq for seq, _kind, _actor in events] == table.acks
            assert {actor for _seq, _kind, actor in events} <= {
                arena.players["vera"], arena.players["walt"]}
            assert table.turns - self.turns >= min_turns
            table.agree()
        finally:
            table.resume()
        return table.turns - self.turns


class Volleys:
    """Sends each batch while hypothesis makes the next one.  A failed check is kept
    (hypothesis would blame the example being made) and raised by ``finish()``; nothing
    more is sent after one."""

    def __init__(self, arena: Arena) -> None:
        self.arena = arena
        self.pending: Future[Counter[str]] | None = None
        self.failure: AssertionError | None = None
        self.sent: Counter[str] = Counter()

    def fire(self, batch: list[tuple[str, Frame]]) -> None:
        """Wait for the batch before, then start this one."""
        self._collect()
        if self.failure is None:
            self.pending = self.arena.submit(batch)

    def finish(self) -> Counter[str]:
        """Wait for the last batch; the answers sent by error code, or the failure."""
        self._collect()
        if self.failure is not None:
            raise self.failure
        return self.sent

    def _collect(self) -> None:
        pending, self.pending = self.pending, None
        if pending is not None:
            try:
                self.sent.update(pending.result(ANSWER_TIMEOUT * BATCH))
            except AssertionError as exc:
                self.failure = exc


def target_of(name: str, code: str, seat: Seat, my_turn: bool) -> Target:
    """The fuzzer's view of one of Mal's rooms, from Mal's state there."""
    assert seat.game is not None
    ruleset = seat.game["ruleset"]
    boxes = tuple(b["key"] for section in ruleset["sections"] for b in section["boxes"])
    return Target(name, code, my_turn, boxes, tuple(c["key"] for c in ruleset["columns"]))


def presence(seat: Seat, name: str) -> str:
    """How the seat's newest state shows the member called ``name``."""
    assert seat.state is not None
    return next(m["presence"] for m in seat.state["members"] if m["name"] == name)


async def seat_in(login: Login, code: str) -> Seat:
    """A connected ``Seat``."""
    seat = Seat(login, code)
    await seat.connect()
    return seat


async def accepted(seat: Seat, kind: str, **fields: Any) -> int:
    """Send a request that must be accepted; returns the version, once the seat has it."""
    answer = await seat.send(kind, **fields)
    assert answer["type"] == "ack", answer
    await seat.reached(answer["version"])
    return answer["version"]


@dataclass
class Setup:
    """What ``set_tables`` started."""

    table: Table
    anchors: dict[str, Seat]
    probes: dict[str, list[Probe]]
    players: dict[str, int]
    task: asyncio.Task[None]


async def set_tables(base_url: str, logins: dict[str, Login], codes: dict[str, str]) -> Setup:
    """Start the victims' game (and its background play), Hank's game in A (then Hank
    goes), Mal's solo game in S with a first roll, and Mal's sockets."""
    vera, walt = await seat_in(logins["vera"], codes["V"]), await seat_in(logins["walt"],
                                                                        codes["V"])
    await walt.reached(await accepted(vera, "start"))
    hank, mal_a = await seat_in(logins["hank"], codes["A"]), await seat_in(logins["mal"],
                                                                         codes["A"])
    await mal_a.reached(await accepted(hank, "start"))
    await hank.close()
    await mal_a.wait_for(lambda: presence(mal_a, "Hank") != "online")
    mal_s = await seat_in(logins["mal"], codes["S"])
    await accepted(mal_s, "start")
    await accepted(mal_s, "roll", hold=[])
    probes = {room: [Probe(base_url, codes[room], logins["mal"])
                     for _ in range(PROBES_PER_ROOM)] for room in ("A", "S")}
    await asyncio.gather(*(probe.open() for pool in probes.values() for probe in pool))
    assert vera.state and walt.state and mal_a.game
    players = {"vera": vera.state["you"]["player"], "walt": walt.state["you"]["player"],
               "hank": mal_a.game["seats"][0]["player"], "mal": mal_a.state["you"]["player"]}
    table = Table(vera, walt)
    task = asyncio.get_running_loop().create_task(table.play())
    return Setup(table, {"A": mal_a, "S": mal_s}, probes, players, task)


async def tear_down(setup: Setup) -> None:
    """Stop the victims' game and close every socket."""
    setup.task.cancel()
    await asyncio.gather(setup.task, return_exceptions=True)
    seats = [setup.table.vera, setup.table.walt, *setup.anchors.values()]
    probes = [probe for pool in setup.probes.values() for probe in pool]
    await asyncio.gather(*(s.close() for s in seats), *(p.close() for p in probes),
                         return_exceptions=True)


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arena]:
    """A live server: the victims playing in V, Mal seated in A and alone in S, Lou's
    empty lobby L; rooms opened through the real forms."""
    workdir = tmp_path_factory.mktemp("fuzz-live")
    with serve(workdir, GAMES_BOT_DELAY_SECONDS="0.05") as base_url:
        logins, codes = {}, {}
        logins["vera"], codes["V"] = open_room(base_url, "Vera", seats=2)
        logins["walt"] = join_room(base_url, codes["V"], "Walt")
        logins["hank"], codes["A"] = open_room(base_url, "Hank", seats=2)
        logins["mal"] = join_room(base_url, codes["A"], "Mal")
        _same, codes["S"] = open_room(base_url, "Mal", seats=1, login=logins["mal"])
        logins["lou"], codes["L"] = open_room(base_url, "Lou", seats=LOBBY_SEATS)
        runner = LoopThread()
        try:
            setup = runner.run(set_tables(base_url, logins, codes))
            try:
                yield Arena(base_url, workdir, runner, logins, setup.players, codes,
                            setup.table, setup.anchors, setup.probes)
            finally:
                runner.run(tear_down(setup))
        finally:
            runner.stop()


# -- form posts -------------------------------------------------------------------------


def name_ok(name: str) -> bool:
    """A display name the site takes (docs: 1-24 characters once trimmed, no control
    characters)."""
    name = name.strip()
    return 1 <= len(name) <= 24 and not any(
        unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co", "Cn"} for ch in name)


def form_number(raw: str) -> int | None:
    """A number field of the create form: up to 9 ASCII digits, else not a number."""
    raw = raw.strip()
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else None


def create_ok(form: dict[str, str]) -> bool:
    """Whether the create form opens a room: a good name, a known variant with valid
    options, 1-8 seats, no timer or 15-300 seconds."""
    ruleset = form.get("ruleset", "")
    if not name_ok(form.get("name", "")) or ruleset not in RULESETS:
        return False
    jokers = rulesets.option_choices(ruleset).get("joker")
    if jokers and form.get("joker") and form["joker"] not in jokers:
        return False
    seats, timer = form_number(form.get("seats", "")), form.get("turn_seconds", "").strip()
    if seats is None or not 1 <= seats <= 8:
        return False
    return not timer or (form_number(timer) or 0) in range(15, 301)


@dataclass
class FormPost:
    """A post of the create form (``room`` None) or of a room's join form."""

    room: str | None
    pairs: list[tuple[str, str | bytes]]
    csrf: str  # "ok", "missing", "wrong" or "no_cookie"

    @property
    def form(self) -> dict[str, str]:
        """The fields as the site reads them (the last of a repeated key counts)."""
        return {k: v.decode(errors="replace") if isinstance(v, bytes) else v
                for k, v in self.pairs}


FORM_TEXT = texts().filter(lambda s: not SURROGATES.search(s))
FORM_VALUE = st.one_of(FORM_TEXT, st.binary(max_size=24))
GOOD_NAMES = st.text(st.characters(exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Z")),
                     min_size=1, max_size=24)
NAMES = st.one_of(
    GOOD_NAMES, st.sampled_from(("", " ", "A\x00", "A\u200bB", "x" * 25, "  Ada  ",
                                 "<b>Ada</b>", "Ada\nLovelace", "\u202eadA", "\ufffd")),
    st.integers(1000, 20_000).map(lambda n: "N" * n), FORM_VALUE)
# The create form as a person fills it in.
GOOD_FORM = st.fixed_dictionaries(
    {"name": GOOD_NAMES, "ruleset": st.sampled_from(RULESETS),
     "seats": st.integers(1, 8).map(str),
     "turn_seconds": st.sampled_from(("", "15", "60", "300"))},
    optional={"joker": st.sampled_from(("", "forced", "free")),
              "exact_counts": st.sampled_from(("", "on"))})


def numbers(low: int, high: int) -> st.SearchStrategy[str | bytes]:
    """A number field: in range or near it, or garbage that merely looks numeric."""
    return st.one_of(st.integers(low - 2, high + 2).map(str), st.sampled_from(
        ("", " 4 ", "\u00b2", "\u0663", "4.0", "1e1", "0x4", "-0", "+4", "4\x00", "9" * 10,
         "9" * 5000, "\uff14")), FORM_VALUE)


CREATE_FIELDS: dict[str, st.SearchStrategy[str | bytes]] = {
    "name": NAMES, "ruleset": st.sampled_from((*RULESETS, "", "Yahtzee")) | FORM_VALUE,
    "seats": numbers(1, 8), "turn_seconds": numbers(15, 300),
    "joker": st.sampled_from(("", "forced", "free", "FREE")) | FORM_VALUE,
    "exact_counts": st.sampled_from(("", "on", "off")) | FORM_VALUE}


@st.composite
def create_forms(draw: st.DrawFn) -> dict[str, str | bytes]:
    """The create form: as a person fills it in, with one field garbled, or garbage
    throughout (any field maybe left out)."""
    how = draw(st.sampled_from(("good", "one_garbled", "garbage")))
    if how == "garbage":
        return draw(st.fixed_dictionaries({}, optional=CREATE_FIELDS))
    form: dict[str, str | bytes] = draw(GOOD_FORM)
    if how == "one_garbled":
        name = draw(st.sampled_from(sorted(CREATE_FIELDS)))
        form[name] = draw(CREATE_FIELDS[name])
    return form


def form_fields(room: str | None) -> st.SearchStrategy[dict[str, str | bytes]]:
    """The form's own fields, each maybe left out."""
    if room is not None:
        return st.fixed_dictionaries({}, optional={"name": NAMES})
    return create_forms()


@st.composite
def form_posts(draw: st.DrawFn) -> FormPost:
    """A post of the create form or of the join form of the lobby, the victims' room or
    Mal's room A (only with a name they refuse: a good one would join them)."""
    room = draw(st.sampled_from((None, None, "L", "V", "A")))
    pairs = list(draw(form_fields(room)).items())
    extras = st.tuples(FORM_TEXT.filter(lambda k: k != "csrfmiddlewaretoken"), FORM_VALUE)
    pairs = draw(st.permutations(pairs + draw(st.lists(extras, max_size=3))))
    csrf = draw(st.sampled_from(("ok", "ok", "ok", "missing", "wrong", "no_cookie")))
    post = FormPost(room, pairs, csrf)
    if room in ("V", "A"):
        assume(not name_ok(post.form.get("name", "")))
    return post


def garbled(**fields: str) -> FormPost:
    """A create form filled in well but for ``fields``."""
    form = {"name": "Ada", "ruleset": "yahtzee", "seats": "2", "turn_seconds": "", **fields}
    return FormPost(None, list(form.items()), "ok")


def send_post(arena: Arena, post: FormPost, csrf: Cookie) -> Reply:
    """Post the form from a fresh visitor (who got the ``csrf`` cookie from the home
    page, unless ``post.csrf`` is "no_cookie"), with the token ``post.csrf`` says."""
    browser = Browser(arena.base_url)
    pairs = list(post.pairs)
    if post.csrf != "no_cookie":
        browser.jar.set_cookie(csrf)
        if post.csrf != "missing":
            pairs.append(("csrfmiddlewaretoken", csrf.value if post.csrf == "ok" else "a" * 32))
    else:
        pairs.append(("csrfmiddlewaretoken", uuid.uuid4().hex))
    path = "/rooms/new/" if post.room is None else f"/r/{arena.codes[post.room]}/join/"
    return browser.request(path, urllib.parse.urlencode(pairs).encode())


# -- hand-picked frames -----------------------------------------------------------------


def exactly(room: str, payload: str | bytes | tuple[str, ...], answer: str, *,
            text: bool | None = None) -> tuple[str, Frame]:
    """A frame for ``room`` that must get exactly ``answer`` (an error code, "pong",
    "state" or "close"); the oracle ``judge`` must agree."""
    frame = judge(payload, text=text, codes=frozenset({answer}))
    assert (frame.codes if frame.expect == "error" else {frame.expect}) == {answer}, frame
    return room, frame


def ask(kind: str, **fields: Any) -> str:
    """A message of ``kind`` with a fresh id."""
    return json.dumps({"type": kind, "id": uuid.uuid4().hex[:12], **fields})


# A value of the right type for each field (the message may still be refused).
RIGHT = {"hold": [], "box": "chance", "column": "main", "text": "hi", "ruleset": "yahtzee",
         "options": {}, "seats": 2, "turn_seconds": 60, "coach": True, "level": "expert",
         "seat": 1, "player": 1}
SAMPLES = (None, True, 0, 1.5, "1", [1], {"a": 1}, [None] * 6)


def wrong_types() -> list[tuple[str, Frame]]:
    """Every field of every message type, in turn, with every JSON type it refuses (the
    other fields right): ``bad_field``, in room A."""
    cases = []
    for kind, fields in FIELDS.items():
        for name, how, optional in fields:
            for value in (v for v in SAMPLES if not takes(how, optional, v)):
                msg = {field: RIGHT[field] for field, _how, _optional in fields}
                cases.append(exactly("A", ask(kind, **{**msg, name: value}), "bad_field"))
    return cases


def handpicked(arena: Arena) -> list[tuple[str, Frame]]:
    """The classics, each with its exact answer."""
    vera, mal, victims = arena.players["vera"], arena.players["mal"], arena.codes["V"]
    ping = '{"type": "ping", "id": "p"}'
    return [
        # too big, too deep, not text, not JSON, not an object
        exactly("A", nested(100_000), "too_large"),
        exactly("A", nested(1500), "bad_json"),
        exactly("A", deep_roll(100), "bad_json"),
        exactly("A", "x" * 1_500_000, "close"),
        exactly("A", b"[" * 1_500_000, "close"),
        exactly("A", b"\xff\xfe\xfd", "close", text=True),
        exactly("A", ping.encode(), "bad_json"),
        exactly("A", "\ufeff" + ping, "bad_json"),
        *(exactly("A", junk, "bad_json") for junk in ("", " ", "null", "[]", "1", '"ping"')),
        exactly("A", ('{"type": "pi', 'ng", "id": "fragments"}'), "pong"),
        exactly("A", ask("sync"), "state"),
        # NaN, Infinity, repeated keys, unstorable text, ids, numbers beyond 64 bits
        exactly("A", '{"type": "ping", "id": "nan", "x": NaN}', "pong"),
        exactly("A", '{"type": "roll", "id": "nan-hold", "hold": [NaN]}', "bad_field"),
        exactly("A", '{"type": "kick", "id": "inf", "player": Infinity}', "bad_field"),
        exactly("A", '{"type": "configure", "id": "-inf", "ruleset": "yahtzee", '
                     '"options": {}, "seats": -Infinity}', "bad_field"),
        exactly("A", '{"type": "leave", "id": "twice", "type": "ping"}', "pong"),
        exactly("A", '{"id": "twice-id", "type": "ping", "id": ""}', "bad_request_id"),
        exactly("A", '{"type": "chat", "id": "lone", "text": "\\ud800"}', "bad_json"),
        exactly("A", '{"type": "chat", "id": "nul", "text": "hi\\u0000"}', "bad_json"),
        exactly("A", '{"type": "ping", "id": "\\ud800"}', "bad_request_id"),
        exactly("A", '{"type": "ping", "id": "nul\\u0000"}', "bad_request_id"),
        exactly("A", json.dumps({"type": "ping", "id": "i" * 65}), "bad_request_id"),
        exactly("A", '{"type": "\\u0440oll", "id": "cyrillic"}', "bad_type"),
        exactly("A", ask("kick", player=10**30), "bad_field"),
        exactly("A", ask("hand_to_bot", seat=10**30), "bad_field"),
        exactly("A", ask("remove_bot", seat=-(10**30)), "bad_field"),
        # another player's turn, another host's room, other rooms' codes and players
        exactly("A", ask("roll", hold=[], code=victims), "not_your_turn"),
        exactly("A", ask("place", box="chance", room=victims), "not_your_turn"),
        exactly("A", ask("announce", box="chance"), "not_your_turn"),
        exactly("A", ask("hint"), "not_your_turn"),
        exactly("A", ask("kick", player=vera, code=victims), "not_host"),
        exactly("A", ask("hand_to_bot", seat=0, room=victims), "not_host"),
        exactly("A", ask("skip", code=victims), "not_host"),
        exactly("A", ask("start"), "not_host"),
        exactly("A", ask("configure", ruleset="yahtzee", options={}, seats=2), "not_host"),
        exactly("A", ask("take_seat"), "already_seated"),
        # Mal's own turn: impossible boxes, columns and holds; host powers mid-game
        exactly("S", ask("kick", player=vera, code=victims), "not_in_room"),
        exactly("S", ask("kick", player=mal), "cannot_kick"),
        exactly("S", ask("hand_to_bot", seat=1, room=victims), "unknown_seat"),
        exactly("S", ask("remove_bot", seat=0), "game_in_progress"),
        exactly("S", ask("add_bot", level="expert"), "game_in_progress"),
        exactly("S", ask("configure", ruleset="yahtzee", options={}, seats=1),
                "game_in_progress"),
        exactly("S", ask("start"), "game_in_progress"),
        exactly("S", ask("rematch"), "game_in_progress"),
        exactly("S", ask("skip"), "cannot_skip"),
        exactly("S", ask("place", box="sevens"), "unknown_box"),
        exactly("S", ask("place", box="chance", column="down"), "unknown_column"),
        exactly("S", ask("place", box=None), "bad_field"),
        exactly("S", ask("place", box="chance", column=7), "bad_field"),
        exactly("S", ask("announce", box="chance"), "no_announcements"),
        *(exactly("S", ask("roll", hold=hold), "bad_hold")
          for hold in ([5], [-1], [0, 0], [0, 1, 2, 3, 4], [2**64])),
        *(exactly("S", ask("roll", hold=hold), "bad_field")
          for hold in ([0, 1, 2, 3, 4, 0], "01", [True], None, {"0": 1})),
        exactly("S", ask("chat", text=" \x07 "), "bad_text"),
        exactly("S", ask("chat", text="x" * 501), "bad_text"),
        exactly("S", ask("frobnicate"), "bad_type"),
        *wrong_types(),
    ]


# -- the tests --------------------------------------------------------------------------


def test_strangers_cannot_open_the_victims_socket(arena: Arena) -> None:
    """Mal (a member of other rooms), a visitor without a session, Vera at Mal's table
    and Hank at Mal's solo table are turned away with 4403; codes that name no room
    (two misses of the guess limit) with 4404.  The victims notice nothing."""
    window = VictimWindow(arena)
    base, codes, logins = arena.base_url, arena.codes, arena.logins
    tries = [(codes["V"], logins["mal"]), (codes["V"], None), (codes["A"], logins["vera"]),
             (codes["S"], logins["hank"]), (codes["V"][::-1], logins["mal"]),
             (codes["V"].upper(), logins["mal"])]

    async def knock() -> list[object]:
        return [await first_answer(base, code, login) for code, login in tries]

    assert arena.runner.run(knock()) == [4403, 4403, 4403, 4403, 4404, 4404]
    window.close(min_turns=0)
    arena.assert_log_clean()


def test_handpicked_hostile_frames(arena: Arena) -> None:
    """The classics get exactly their answers, and nothing changes: fresh states of the
    victims' room (paused meanwhile) and of Mal's rooms are the same before and after."""
    arena.runner.run(arena.table.pause())
    try:
        before = {"V": arena.snapshot("V", "vera"), **arena.attacker_rooms()}
        outcomes = arena.fire(handpicked(arena))
        assert {"V": arena.snapshot("V", "vera"), **arena.attacker_rooms()} == before
    finally:
        arena.table.resume()
    assert outcomes["rate_limited"] == 0
    arena.assert_log_clean()


def test_fuzzed_frames(arena: Arena) -> None:
    """Thousands of generated frames at Mal's rooms while the victims play: each gets a
    clear answer, Mal's rooms stay as they were, the victims' room changes only by their
    own moves (at least ``MIN_TURNS`` turns), and the server logs no error."""
    window = VictimWindow(arena)
    before = arena.attacker_rooms()
    volleys = Volleys(arena)
    one = st.one_of(*(frames(target, arena.strangers).map(lambda f, room=room: (room, f))
                      for room, target in arena.targets.items()))

    @settings(FUZZ, max_examples=FRAME_EXAMPLES)
    @given(batch=st.lists(one, min_size=BATCH, max_size=BATCH))
    def attack(batch: list[tuple[str, Frame]]) -> None:
        volleys.fire(batch)

    attack()
    sent = volleys.finish()
    assert arena.attacker_rooms() == before
    turns = window.close(min_turns=MIN_TURNS)
    total = sum(sent.values())
    assert total >= BATCH * FRAME_EXAMPLES * 0.9, sent
    assert sent["rate_limited"] <= total // 50, sent  # nearly all reach the handlers
    print(f"{total} frames while the victims played {turns} turns: {dict(sent.most_common())}")
    arena.assert_log_clean()


def test_fuzzed_form_posts(arena: Arena) -> None:
    """Generated posts of the create and join forms: 403 without a good CSRF token; with
    one, a redirect to the room exactly when the form is valid (and the lobby has a free
    seat), else 400 with the error shown; never a 500.  The rooms created and the lobby's
    new members are exactly the redirects; the victims' room and Mal's gain nobody."""
    db, codes = arena.db, arena.codes
    rooms, members = db.room_count(), {room: db.members(codes[room]) for room in "VAL"}
    redirects: Counter[str] = Counter()
    statuses: Counter[int] = Counter()
    csrf = Browser(arena.base_url).csrf_cookie()
    window = VictimWindow(arena)

    @settings(FUZZ, max_examples=POST_EXAMPLES)
    @given(post=form_posts())
    @example(post=garbled(seats="\u00b2"))  # a digit to str.isdigit, not to int()
    @example(post=garbled(seats="9" * 5000))  # over int()'s 4300 digits
    @example(post=garbled(turn_seconds="9" * 5000))
    def attack(post: FormPost) -> None:
        reply = send_post(arena, post, csrf)
        statuses[reply.status] += 1
        assert reply.status == expected_status(post, LOBBY_SEATS - 1 - redirects["L"]), (
            post, reply.status, reply.body[:300])
        if reply.status == 302:
            assert re.fullmatch(r"/r/[a-z0-9]+/", reply.location), reply.location
            redirects[post.room or "create"] += 1
        elif reply.status == 400:
            assert 'data-testid="create-error"' in reply.body or \
                'data-testid="join-error"' in reply.body, reply.body[:300]
        else:
            assert "CSRF" in reply.body

    attack()
    print(f"{sum(statuses.values())} form posts: {dict(statuses)}, redirects {dict(redirects)}")
    assert db.room_count() == rooms + redirects["create"]
    assert {room: db.members(codes[room]) for room in "VAL"} == {
        "V": members["V"], "A": members["A"], "L": members["L"] + redirects["L"]}
    window.close(min_turns=0)
    arena.assert_log_clean()


def expected_status(post: FormPost, free_seats: int) -> int:
    """The status a form post must get."""
    if post.csrf != "ok":
        return 403
    if post.room is None:
        return 302 if create_ok(post.form) else 400
    return 302 if name_ok(post.form.get("name", "")) and free_seats > 0 else 400


def test_fuzzed_room_lookups(arena: Arena) -> None:
    """Pages asked for with garbage: a few codes that name no room get 404 (they count
    against the guess limit, so a 429 would do too); review pages of the victims' room
    with any game number get 403 for a stranger and 404 for a member; rules of unknown
    variants 404; the join-by-code form only redirects.  Never a 500."""
    window = VictimWindow(arena)
    victims = arena.codes["V"]

    @settings(FUZZ, max_examples=LOOKUP_EXAMPLES)
    @given(code=FORM_TEXT.filter(lambda c: c.strip() not in arena.codes.values()))
    def wrong_codes(code: str) -> None:
        quoted = urllib.parse.quote(code, safe="")
        assert Browser(arena.base_url).request(f"/r/{quoted}/").status in (404, 429)

    @settings(FUZZ, max_examples=30)
    @given(number=st.one_of(st.just(0), st.integers(1000, 10**30)),
           who=st.sampled_from(("vera", "mal", None)))
    def reviews(number: int, who: str | None) -> None:
        browser = Browser(arena.base_url, arena.logins[who].jar if who else None)
        status = browser.request(f"/r/{victims}/games/{number}/review/").status
        assert status == (404 if who == "vera" else 403)

    @settings(FUZZ, max_examples=30)
    @given(garbage=FORM_TEXT)
    @example(garbage="../../etc/passwd")  # no room URL can hold a "/"
    @example(garbage=f"http://host/r/{victims}/games/1/review/")
    def other_pages(garbage: str) -> None:
        quoted, query = urllib.parse.quote(garbage, safe=""), urllib.parse.urlencode(
            {"code": garbage})
        browser = Browser(arena.base_url)
        assert browser.request(f"/rules/{quoted}/").status == 404
        assert browser.request(f"/rooms/find/?{query}").status == 302
        assert browser.request(f"/r/{victims}/?{query}").status == 200

    wrong_codes()
    reviews()
    other_pages()
    window.close(min_turns=0)
    arena.assert_log_clean()
