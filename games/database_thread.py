"""Background database work of a server process, queued with its sockets' own.

The sockets of a server process do their database work on one thread
(``database_sync_to_async``). SQLite lets one connection write at a time: a write
from another thread (storing a finished game's reviews) made that thread's next move
wait in SQLite's busy handler, which sleeps 1, 2, 5, 10 ms between tries. Work sent
through ``run`` instead takes its turn on the sockets' database thread, between two
moves.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from channels.db import database_sync_to_async

T = TypeVar("T")

_loop: asyncio.AbstractEventLoop | None = None
_here = threading.local()


def adopt(loop: asyncio.AbstractEventLoop) -> None:
    """Called by each socket on the database thread (through ``database_sync_to_async``):
    remember the sockets' event loop, and that this thread is theirs."""
    global _loop
    _here.sockets_thread = True
    _loop = loop


def run(work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``work(*args, **kwargs)`` on the sockets' database thread, waiting for it; here
    when this process serves no sockets (tests, management commands) or this is that
    thread. Never call it from the event loop itself, which it would wait for: use
    ``database_sync_to_async`` there."""
    loop = _loop
    if loop is None or not loop.is_running() or getattr(_here, "sockets_thread", False):
        return work(*args, **kwargs)
    try:
        current = asyncio.get_running_loop()
    except RuntimeError:
        current = None
    if current is loop:
        raise RuntimeError("database_thread.run() called from the event loop")
    done = asyncio.run_coroutine_threadsafe(
        database_sync_to_async(work)(*args, **kwargs), loop)
    return done.result()
