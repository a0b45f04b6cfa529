"""The Redis channel layer as the site connects to it (``REDIS_LAYER_CONNECTION``), on a
real ``redis-server``: a socket that ends cancels its layer receive, at whatever moment;
the receive must end, or the socket's consumer waits for it for ever.

On Python 3.11, ``asyncio.wait_for`` returns the result instead of raising when the
cancellation comes as what it waits for completes; redis-py sends each command through
it when the connection has a socket timeout. The receive then went on polling, and a
socket reconnected after a Redis restart hung open, answering nothing
(docs/decisions/0029-a-suite-that-does-not-flake.md).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from channels_redis.core import RedisChannelLayer

from bench.harness.servers import RedisServer, redis_process
from yahtzee_site.settings import REDIS_LAYER_CONNECTION

# Loop steps to let a receive take before cancelling it: together they cover its whole
# start (connecting: HELLO, SELECT, client names; the pop's cleanup script; the blocking
# pop), so one of them falls on a command's send as it completes.
STEPS = range(80)
ENDS_WITHIN = 10.0  # seconds; a cancelled receive ends in a few loop steps


@pytest.fixture(scope="module")
def redis() -> Iterator[RedisServer]:
    with redis_process() as server:
        yield server


async def receive_cancelled_after(url: str, steps: int) -> bool:
    """Start a socket's receive on a new connection, cancel it after ``steps`` loop steps;
    whether it ended."""
    layer = RedisChannelLayer(hosts=[{"address": url, **REDIS_LAYER_CONNECTION}])
    receive = asyncio.ensure_future(layer.receive(await layer.new_channel()))
    for _ in range(steps):
        await asyncio.sleep(0)
    receive.cancel()
    done, _pending = await asyncio.wait({receive}, timeout=ENDS_WITHIN)
    if not done:  # cancelled again, it ends: only the first cancellation was lost
        receive.cancel()
        await asyncio.wait({receive}, timeout=ENDS_WITHIN)
    await layer.close_pools()
    return bool(done)


@pytest.mark.asyncio
async def test_a_receive_cancelled_at_any_moment_of_its_start_ends(redis: RedisServer) -> None:
    for steps in STEPS:
        ended = await receive_cancelled_after(redis.url, steps)
        assert ended, f"a receive cancelled after {steps} loop steps went on polling Redis"
