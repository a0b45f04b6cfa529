"""What the protocol promises for a frame: the documented error codes, each message
type's fields, and ``judge`` (the answer a payload must get) and ``check`` (that an
answer is it)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from bench.harness.live_server import ROOT

MAX_BYTES = 4096  # the protocol's largest message
MAX_DEPTH = 32  # ... and its deepest nesting
DAPHNE_MAX_BYTES = 1024 * 1024  # Daphne drops a socket that sends a bigger message
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
SURROGATES = re.compile("[\ud800-\udfff]")


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


def judge(
    payload: str | bytes | tuple[str, ...],
    *,
    text: bool | None = None,
    codes: frozenset[str] = frozenset(),
) -> Frame:
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
        code: str = msg["code"]
        return code
    assert msg.get("type") == frame.expect, f"{frame!r} got {msg}"
    if frame.expect == "pong":
        assert msg.get("id") == frame.request_id, f"{frame!r} got {msg}"
    return frame.expect


# Each message type's fields: (name, what the server takes, optional).
FIELDS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    "roll": (("hold", "hold", True),),
    "hold": (("hold", "hold", False),),
    "announce": (("box", "str", False),),
    "place": (("box", "str", False), ("column", "str", True)),
    "chat": (("text", "str", False),),
    "react": (("emoji", "str", False),),
    "configure": (
        ("ruleset", "str", False),
        ("options", "dict", False),
        ("seats", "int", False),
        ("turn_seconds", "int", True),
        ("coach", "bool", True),
    ),
    "start": (),
    "rematch": (),
    "take_seat": (),
    "skip": (),
    "leave": (),
    "hint": (),
    "sync": (),
    "ping": (),
    "add_bot": (("level", "str", True),),
    "remove_bot": (("seat", "int", False),),
    "kick": (("player", "int", False),),
    "mute": (("player", "int", False), ("muted", "bool", False)),
    "hand_to_bot": (("seat", "int", False),),
    "report": (
        ("player", "int", True),
        ("message", "int", True),
        ("reason", "str", False),
        ("text", "str", True),
    ),
}


def takes(how: str, optional: bool, value: object) -> bool:
    """Whether the server's type check of a field lets ``value`` through."""
    if value is None:
        return optional and how != "hold"  # "hold": null is not a list
    if how == "hold":
        return isinstance(value, list) and len(value) <= 5 and all(type(p) is int for p in value)
    return {
        "str": isinstance(value, str),
        "int": type(value) is int,
        "bool": type(value) is bool,
        "dict": isinstance(value, dict),
    }[how]
