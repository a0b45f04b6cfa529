"""Waiting for something to happen instead of sleeping a guessed while: poll a condition
with a short interval until it holds, and fail once a generous deadline has passed."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

TIMEOUT = 30.0  # seconds; only a broken test waits this long
INTERVAL = 0.01  # seconds between two looks


def wait_until(
    predicate: Callable[[], T],
    timeout: float = TIMEOUT,
    *,
    interval: float = INTERVAL,
    what: str = "",
) -> T:
    """The first true value of ``predicate()``; ``AssertionError`` naming ``what`` if
    none came within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"not so within {timeout:g} s: {what or predicate}")
        time.sleep(interval)
