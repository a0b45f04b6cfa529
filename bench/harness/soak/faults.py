"""A soak's faults, one every so often, in turn:

- ``kill``: kill -9 one site process (each in turn) and start it again at once, as a
  supervisor would;
- ``redis``: restart Redis (it comes back empty: the channel layer's groups are gone);
- ``postgres``: restart PostgreSQL (``pg_ctl stop -m fast``, then start: every connection
  is cut, every committed row stays);
- ``rolling``: restart every site process in turn with SIGTERM (it drains: its sockets
  close with 1012 and their pages reconnect to another process), each once the players
  it moved are back.

Only those the stack has: no ``redis`` without Redis, no ``postgres`` on SQLite.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from bench.harness.room_client import Seat
from bench.harness.soak.servers import SoakServers

KINDS = ("kill", "redis", "postgres", "rolling")
BACK_WITHIN = 60.0  # seconds the moved players have to be back between two restarts


@dataclass
class Fault:
    """One fault of the run: what, when it began (seconds from the start), how long it
    took (0 while under way)."""

    kind: str
    at_s: float
    seconds: float
    detail: str


def kinds_of(servers: SoakServers) -> list[str]:
    """The faults ``servers`` can suffer, in the order they come."""
    return [
        kind
        for kind in KINDS
        if (kind != "redis" or servers.redis is not None)
        and (kind != "postgres" or servers.postgres is not None)
    ]


async def _players_back(seats: list[Seat]) -> None:
    """Wait up to ``BACK_WITHIN`` seconds until every player who lost their connection
    holds a state again (one who does not will show in the requests they make)."""
    await asyncio.gather(
        *(s.wait_for(lambda s=s: not s.reconnecting, timeout=BACK_WITHIN) for s in seats),
        return_exceptions=True,
    )


class Rotation:
    """The faults of a run, in turn (``kinds_of``, or ``only`` those), and what each did."""

    def __init__(
        self,
        servers: SoakServers,
        seats: Callable[[], list[Seat]],
        only: Sequence[str] | None = None,
    ) -> None:
        self.servers, self.seats = servers, seats
        self.kinds = [k for k in kinds_of(servers) if only is None or k in only]
        self.done: list[Fault] = []  # begun, in order
        self.kills = 0

    async def _kill(self) -> str:
        daphnes = self.servers.stack.daphnes
        slot = self.kills % len(daphnes)
        self.kills += 1
        daphnes[slot].kill()
        daphnes[slot].start()
        await asyncio.to_thread(daphnes[slot].wait_ready)
        return f"p{slot}"

    async def _rolling(self) -> str:
        took = []
        for daphne in self.servers.stack.daphnes:
            drain_s, boot_s = await asyncio.to_thread(daphne.restart)
            took.append(f"drain {drain_s:.1f} s, start {boot_s:.1f} s")
            await _players_back(self.seats())
        return "; ".join(took)

    async def apply(self, kind: str, began: float) -> Fault:
        """Cause the fault ``kind`` and wait until the server it hit is up again."""
        if kind not in self.kinds:
            raise ValueError(f"this stack cannot suffer {kind!r}")
        started = time.monotonic()
        fault = Fault(kind, round(started - began, 1), 0.0, "")
        self.done.append(fault)
        if kind == "kill":
            fault.detail = await self._kill()
        elif kind == "redis" and self.servers.redis is not None:
            await asyncio.to_thread(self.servers.redis.restart)
        elif kind == "postgres" and self.servers.postgres is not None:
            await asyncio.to_thread(self.servers.postgres.restart)
        elif kind == "rolling":
            fault.detail = await self._rolling()
        fault.seconds = round(time.monotonic() - started, 2)
        return fault

    async def run(self, every: float, began: float, seconds: float, stop: asyncio.Event) -> None:
        """A fault every ``every`` seconds from ``began`` (a ``time.monotonic()``), the
        kinds in turn, until ``stop`` is set or the next would come after ``seconds``."""
        count = 0
        while self.kinds and every * (count + 1) < seconds:
            due = began + every * (count + 1)
            try:
                await asyncio.wait_for(stop.wait(), max(0.0, due - time.monotonic()))
                return
            except TimeoutError:
                pass
            await self.apply(self.kinds[count % len(self.kinds)], began)
            count += 1

    def figures(self) -> list[dict[str, Any]]:
        """Every fault of the run, in order."""
        return [asdict(f) for f in self.done]
