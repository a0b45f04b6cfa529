"""Background database work of a server process, queued with its sockets' own.

The sockets of a server process do their database work on one thread
(``database_sync_to_async``). SQLite lets one connection write at a time: a write
from another thread (storing a finished game's reviews) made that thread's next move
wait in SQLite's busy handler, which sleeps 1, 2, 5, 10 ms between tries. Work sent
through ``run`` instead takes its turn on the sockets' database thread, between two
moves.

``call`` is the sockets' own way onto that thread: what ``database_sync_to_async`` does
for them (the same thread, old connections closed around the work), without the
general machinery they do not need, which cost a move's round trip twice the time.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import os
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from asgiref.sync import AsyncToSync, SyncToAsync
from channels.db import database_sync_to_async
from django.db import close_old_connections

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


def _housekept(loop: asyncio.AbstractEventLoop, work: Callable[..., T], args: tuple[Any, ...],
               kwargs: dict[str, Any]) -> T:
    # As asgiref's thread handler: async_to_sync in ``work`` finds the sockets' loop.
    SyncToAsync.threadlocal.main_event_loop = loop
    SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
    SyncToAsync.threadlocal.task_context = []
    close_old_connections()
    try:
        return work(*args, **kwargs)
    finally:
        close_old_connections()


async def call(work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``await database_sync_to_async(work)(*args, **kwargs)``: ``work`` on the thread
    asgiref gives this loop's thread-sensitive calls, between closing old connections as
    channels does. Where asgiref would choose another thread (inside ``async_to_sync``
    or a ``ThreadSensitiveContext``: tests, HTTP requests; or already waiting for that
    thread), it is left to choose (or refuse).

    As there, ``work`` sees a copy of the caller's context variables, and a call whose
    caller is cancelled before it starts does not run; one already running finishes.
    Unlike there, what ``work`` sets in its context stays there."""
    loop = asyncio.get_running_loop()
    if getattr(AsyncToSync.executors, "current", None) is not None \
            or SyncToAsync.thread_sensitive_context.get(None) is not None \
            or loop in AsyncToSync.loop_thread_executors \
            or SyncToAsync.deadlock_context.get(False):
        return await database_sync_to_async(work)(*args, **kwargs)
    done = loop.create_future()
    SyncToAsync.single_thread_executor.submit(
        contextvars.copy_context().run, _job, loop, done, work, args, kwargs)
    return await done


def _settle(done: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if done.cancelled():  # its socket went away meanwhile
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(result)


def _job(loop: asyncio.AbstractEventLoop, done: asyncio.Future[Any], work: Callable[..., Any],
         args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    # The answer goes straight to the awaiting future: run_in_executor's pair of chained
    # futures cost each call another tenth of its time.
    if done.cancelled():  # the caller gave up before its turn came
        return
    try:
        result, error = _housekept(loop, work, args, kwargs), None
    except BaseException as exc:  # handed to the caller, as run_in_executor would
        result, error = None, exc
    try:
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits any more
            loop.call_soon_threadsafe(_settle, done, result, error)
    finally:
        result = error = None  # the error's traceback holds this frame: no cycle
