"""Background database work runs on the sockets' database thread once sockets exist."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest
from channels.db import database_sync_to_async

from games import database_thread

pytestmark = pytest.mark.django_db  # the database thread tidies its connections


@pytest.fixture
def sockets_loop() -> Iterator[asyncio.AbstractEventLoop]:
    """An event loop running in a thread of its own, adopted as a server's would be."""
    loop = asyncio.new_event_loop()
    runner = threading.Thread(target=loop.run_forever, daemon=True)
    runner.start()
    asyncio.run_coroutine_threadsafe(
        database_sync_to_async(database_thread.adopt)(loop), loop).result(10)
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    runner.join(10)
    loop.close()
    database_thread._loop = None


def _ident_of_database_thread(loop: asyncio.AbstractEventLoop) -> int:
    return asyncio.run_coroutine_threadsafe(
        database_sync_to_async(threading.get_ident)(), loop).result(10)


def test_without_sockets_the_work_runs_on_the_calling_thread() -> None:
    assert database_thread.run(threading.get_ident) == threading.get_ident()
    assert database_thread.run(lambda a, b=0: a + b, 2, b=3) == 5


def test_with_sockets_it_runs_on_their_database_thread_in_turn(sockets_loop) -> None:
    theirs = _ident_of_database_thread(sockets_loop)
    assert theirs != threading.get_ident()
    assert database_thread.run(threading.get_ident) == theirs
    with pytest.raises(ZeroDivisionError):  # the work's error reaches the caller
        database_thread.run(lambda: 1 / 0)
    # Called on that thread itself, it runs there at once instead of waiting for itself.
    nested = asyncio.run_coroutine_threadsafe(database_sync_to_async(
        lambda: database_thread.run(threading.get_ident))(), sockets_loop).result(10)
    assert nested == theirs


def test_the_event_loop_itself_is_refused(sockets_loop) -> None:
    async def from_the_loop() -> None:
        database_thread.run(threading.get_ident)

    with pytest.raises(RuntimeError, match="event loop"):
        asyncio.run_coroutine_threadsafe(from_the_loop(), sockets_loop).result(10)
