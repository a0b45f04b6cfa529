"""The floor of the load bench: the same traffic through a minimal broadcast consumer.

``bench/baseline.py`` serves that consumer (no database, no rules); ``run_baseline``
plays a game run's rooms, pace and message size against it, so that ``bench/load.py``
can say how far the site's latency is from the stack's own.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import time
from typing import Any

import websockets

from bench.harness.room_client import new_id
from bench.harness.tally import Tally

REACH_TIMEOUT = 10.0


class EchoSeat:
    """A player of the baseline room: sends actions, receives every broadcast."""

    def __init__(self, url: str, group: str) -> None:
        self.origin = url
        self.url = url.replace("http", "ws", 1) + f"/ws/baseline/{group}/"
        self.version = 0
        self.arrived: dict[int, float] = {}
        self.waiters: dict[int, asyncio.Future[float]] = {}
        self.acks: dict[str, asyncio.Future[dict[str, Any]]] = {}

    async def connect(self) -> None:
        """Open the socket and start reading."""
        self.socket = await websockets.connect(
            self.url, max_size=2**22, ping_interval=None, additional_headers={"Origin": self.origin}
        )
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self.socket:
                msg = json.loads(raw)
                if msg["type"] == "state":
                    moment = time.monotonic()
                    self.arrived[msg["version"]] = moment
                    waiter = self.waiters.pop(msg["version"], None)
                    if waiter is not None and not waiter.done():
                        waiter.set_result(moment)
                elif msg["type"] == "ack":
                    self.acks.pop(msg["id"]).set_result(msg)

    async def act(self, version: int, size: int) -> dict[str, Any]:
        """Send one action; the answer is an ``ack``."""
        request_id = new_id()
        future = asyncio.get_running_loop().create_future()
        self.acks[request_id] = future
        await self.socket.send(
            json.dumps({"type": "act", "id": request_id, "version": version, "size": size})
        )
        return await asyncio.wait_for(future, REACH_TIMEOUT)

    async def reached(self, version: int) -> float:
        """When this player received the broadcast of ``version``."""
        if version in self.arrived:
            return self.arrived[version]
        future = self.waiters.setdefault(version, asyncio.get_running_loop().create_future())
        return await asyncio.wait_for(future, REACH_TIMEOUT)


async def _play_echo_room(
    seats: list[EchoSeat],
    rate: float,
    actions: int,
    size: int,
    tally: Tally,
    barrier: asyncio.Event,
) -> None:
    interval = 1.0 / rate
    await barrier.wait()
    await asyncio.sleep(random.uniform(0, interval))
    next_at = time.monotonic()
    for n in range(1, actions + 1):
        actor = seats[(n // 3) % len(seats)]  # a turn is about three actions
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
        sent_at = time.monotonic()
        next_at = sent_at + interval
        try:
            await actor.act(n, size)
            moments = await asyncio.gather(*(s.reached(n) for s in seats))
        except TimeoutError:
            tally.lost += 1
            continue
        tally.latencies.append(max(moments) - sent_at)


async def run_baseline(
    urls: list[str], args: argparse.Namespace, actions: list[int], size: int, tally: Tally
) -> float:
    """The game run's traffic through the broadcast consumer; returns its seconds."""
    rooms = []
    for i, count in enumerate(actions):
        group = f"{i}-{new_id()}"
        seats = [EchoSeat(urls[p % len(urls)], group) for p in range(args.players)]
        for seat in seats:
            await seat.connect()
        rooms.append((seats, count))
    barrier = asyncio.Event()
    tasks = [
        asyncio.create_task(_play_echo_room(seats, args.rate, count, size, tally, barrier))
        for seats, count in rooms
    ]
    began = time.monotonic()
    barrier.set()
    await asyncio.gather(*tasks)
    seconds = time.monotonic() - began
    for seats, _count in rooms:
        for seat in seats:
            await seat.socket.close()
    return seconds
