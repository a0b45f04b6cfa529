"""What the servers' logs say went wrong: each traceback by the exception that ended it
(the last of a chain: ``During handling of the above exception...``), so that the
expected ones, a connection to Redis or PostgreSQL lost by a fault, are told apart from
the rest, which are bugs."""

from __future__ import annotations

import re
from collections import Counter

# Exceptions of a connection a fault cut (their module's name left out).
CONNECTION_LOST = frozenset(
    {
        "ConnectionError",  # redis-py's
        "ConnectionRefusedError",
        "ConnectionResetError",
        "BrokenPipeError",
        "OperationalError",  # Django's and psycopg's, for a database that went away
        "InterfaceError",
    }
)
TRACEBACK = "Traceback (most recent call last):"
CHAINED = ("During handling of the above exception", "The above exception was the direct cause")
EXCEPTION = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt))(?::|$)")


def traceback_kinds(text: str) -> Counter[str]:
    """How many tracebacks in ``text`` ended with each exception (its class's name)."""
    kinds: Counter[str] = Counter()
    last: str | None = None  # the newest exception of the chain being read
    chained = False
    for line in text.splitlines():
        if line.startswith(CHAINED):
            chained = True
        elif line.startswith(TRACEBACK):
            if not chained and last is not None:
                kinds[last] += 1
                last = None
            chained = False
        elif found := EXCEPTION.match(line):
            last = found.group(1).rsplit(".", 1)[-1]
    if last is not None:
        kinds[last] += 1
    return kinds


def unexpected(kinds: Counter[str]) -> dict[str, int]:
    """The tracebacks no lost connection explains, by exception."""
    return {kind: count for kind, count in kinds.items() if kind not in CONNECTION_LOST}


def around(text: str, kind: str) -> str:
    """The log ``text`` around the first traceback that ended with ``kind``."""
    at = next((m.start() for m in re.finditer(rf"^[\w.]*\b{kind}\b", text, re.M)), len(text))
    return text[max(0, at - 3000) : at + 500]
