"""The threads on which a server process's sockets do their database work.

Channels runs each consumer message's housekeeping (``close_old_connections``) on
asgiref's thread-sensitive thread, which is also where ``database_sync_to_async`` runs
work by default: a socket's message would then wait behind every other socket's
database work. The sockets' services and reads run on threads of their own instead,
with channels' connection housekeeping around each call and the caller's context
(language, time zone) carried over: ``SOCKET_DATABASE_THREADS`` of them, one call at a
time each (one on SQLite, which takes one writer at a time; several on PostgreSQL, whose
row locks keep each room's moves in order while other rooms' go on). Why and what it
costs: docs/decisions/0001-public-apis-only.md and 0083-database-threads-on-postgresql.md.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any, ParamSpec, TypeVar

from channels.db import database_sync_to_async
from django.conf import settings

P = ParamSpec("P")
R = TypeVar("R")


@cache
def executor() -> ThreadPoolExecutor:
    """The process's sockets' database threads (``SOCKET_DATABASE_THREADS``)."""
    return ThreadPoolExecutor(
        max_workers=settings.SOCKET_DATABASE_THREADS, thread_name_prefix="socket-database"
    )


def on_database_thread(fn: Callable[P, R]) -> Callable[P, Coroutine[Any, Any, R]]:
    """``fn`` as a coroutine function that runs on one of the sockets' database threads."""
    return database_sync_to_async(fn, thread_sensitive=False, executor=executor())
