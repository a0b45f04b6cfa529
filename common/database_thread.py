"""The thread on which a server process's sockets do their database work.

Channels runs each consumer message's housekeeping (``close_old_connections``) on
asgiref's thread-sensitive thread, which is also where ``database_sync_to_async`` runs
work by default: a socket's message would then wait behind every other socket's
database work. The sockets' services and reads run on a thread of their own instead,
one at a time, with channels' connection housekeeping around each call and the
caller's context (language, time zone) carried over. Why and what it costs:
docs/decisions/0001-public-apis-only.md.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

from channels.db import database_sync_to_async

P = ParamSpec("P")
R = TypeVar("R")

# One worker: SQLite takes one writer at a time, and one connection per process is
# enough for PostgreSQL at the loads a process serves.
EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="socket-database")


def on_database_thread(fn: Callable[P, R]) -> Callable[P, Coroutine[Any, Any, R]]:
    """``fn`` as a coroutine function that runs on the sockets' database thread."""
    return database_sync_to_async(fn, thread_sensitive=False, executor=EXECUTOR)
