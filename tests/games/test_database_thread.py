"""Background database work runs on the sockets' database thread once sockets exist."""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time
from collections.abc import Iterator

import pytest
from channels.db import database_sync_to_async
from django.db import connection

from games.realtime import database_thread

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


def test_call_is_database_sync_to_async_on_the_same_thread(sockets_loop) -> None:
    async def calls() -> tuple[int, int]:
        theirs = await database_sync_to_async(threading.get_ident)()
        mine = await database_thread.call(threading.get_ident)
        assert await database_thread.call(lambda a, b=0: a + b, 2, b=3) == 5
        with pytest.raises(ZeroDivisionError):  # the work's error reaches the caller
            await database_thread.call(lambda: 1 / 0)
        return theirs, mine

    theirs, mine = asyncio.run_coroutine_threadsafe(calls(), sockets_loop).result(10)
    assert theirs == mine != threading.get_ident()


def test_call_closes_an_obsolete_connection_as_channels_does(sockets_loop) -> None:
    def outlive() -> None:
        connection.ensure_connection()
        connection.close_at = time.monotonic() - 1  # past CONN_MAX_AGE

    async def calls() -> bool:
        await database_thread.call(outlive)
        return await database_thread.call(lambda: connection.connection is None)

    assert asyncio.run_coroutine_threadsafe(calls(), sockets_loop).result(10)


def test_a_call_cancelled_before_its_turn_does_not_run_one_running_finishes(
        sockets_loop) -> None:
    gate, ran = threading.Event(), []

    def slow() -> None:
        gate.wait(10)
        ran.append("slow")

    async def calls() -> list[str]:
        running = asyncio.ensure_future(database_thread.call(slow))
        queued = asyncio.ensure_future(database_thread.call(ran.append, "queued"))
        await asyncio.sleep(0.05)
        running.cancel()
        queued.cancel()
        gate.set()
        for cancelled in (running, queued):
            with pytest.raises(asyncio.CancelledError):
                await cancelled
        return await database_thread.call(list, ran)

    assert asyncio.run_coroutine_threadsafe(calls(), sockets_loop).result(10) == ["slow"]


def test_call_runs_in_a_copy_of_the_callers_context(sockets_loop) -> None:
    async def calls() -> tuple[str, str, str]:
        LABEL.set("caller")
        seen = await database_thread.call(LABEL.get)
        await database_thread.call(LABEL.set, "work")
        LABEL.set("other")
        return seen, await database_thread.call(LABEL.get), LABEL.get()

    assert asyncio.run_coroutine_threadsafe(calls(), sockets_loop).result(10) == (
        "caller", "other", "other")  # nothing leaks from one call into the next


LABEL: contextvars.ContextVar[str] = contextvars.ContextVar("label", default="unset")
