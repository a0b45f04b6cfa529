"""JSON from outside, read within bounds: at most ``MAX_BYTES`` of UTF-8 text, one object,
nested at most ``MAX_DEPTH`` levels, no text a database cannot store.

The room's socket (``games.realtime.consumers``) reads each message with ``json_object``
and ``check_values``, in the order docs/protocol.md gives; a page's JSON post is read with
``json_request``. Whatever comes in, the answer is ``BadJson`` with a stable code
(``too_large`` or ``bad_json``) and a message for people, never a crash.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext

MAX_BYTES = 4096  # of a socket message or a JSON post, in UTF-8
MAX_DEPTH = 32  # nesting levels: far more than anything the site reads needs
# Text no database stores: NUL (PostgreSQL) and lone surrogates from "\ud800" escapes.
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


class BadJson(ValueError):
    """JSON refused: ``code`` is ``too_large`` or ``bad_json``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def _too_deep() -> BadJson:
    return BadJson(
        "bad_json", gettext("JSON is nested at most %(max)s levels") % {"max": MAX_DEPTH}
    )


def json_object(data: str | bytes) -> dict[str, Any]:
    """The JSON object ``data`` holds (bytes must be UTF-8), refused when it is larger than
    ``MAX_BYTES``, not JSON or not an object."""
    size = len(data) if isinstance(data, bytes) else len(data.encode(errors="surrogatepass"))
    if size > MAX_BYTES:
        raise BadJson("too_large", gettext("send at most 4 KB of JSON"))
    try:
        text = data.decode() if isinstance(data, bytes) else data
        value = json.loads(text)
    except UnicodeDecodeError:
        raise BadJson("bad_json", gettext("that is not UTF-8 text")) from None
    except ValueError:
        raise BadJson("bad_json", gettext("that is not JSON")) from None
    except RecursionError:  # deeper than the parser goes: deeper than MAX_DEPTH too
        raise _too_deep() from None
    if not isinstance(value, dict):
        raise BadJson("bad_json", gettext("send a JSON object"))
    return value


def check_values(value: object) -> None:
    """Refuse parsed JSON nested deeper than ``MAX_DEPTH`` or holding unstorable text (a
    walk without recursion: the value may be as deep as the parser allows)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _too_deep()
        if isinstance(item, dict):
            stack.extend((inner, depth + 1) for inner in (*item, *item.values()))
        elif isinstance(item, list):
            stack.extend((inner, depth + 1) for inner in item)
        elif isinstance(item, str) and UNSTORABLE.search(item):
            raise BadJson("bad_json", gettext("text cannot hold NUL or unpaired surrogates"))


def json_request(request: HttpRequest) -> dict[str, Any]:
    """The JSON object posted in ``request`` (``Content-Type: application/json``), read
    within the bounds above: no more than ``MAX_BYTES`` + 1 bytes of it are read."""
    if request.content_type != "application/json":
        raise BadJson("bad_json", gettext("send JSON (Content-Type: application/json)"))
    value = json_object(request.read(MAX_BYTES + 1))
    check_values(value)
    return value
