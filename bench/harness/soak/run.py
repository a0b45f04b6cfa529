"""A soak run: rooms of every mode played without a break while faults come in turn, a
table row printed per window, and at the end the database check and the memory verdict.
``soak(servers, options)`` returns the figures (bench/soak.py prints them)."""

from __future__ import annotations

import asyncio
import math
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.harness.soak import logs, memory
from bench.harness.soak.faults import Rotation
from bench.harness.soak.ledgers import database_problems
from bench.harness.soak.modes import MODES
from bench.harness.soak.players import Players, play_rooms
from bench.harness.soak.report import HEADER, Row, restarted_slots
from bench.harness.soak.servers import SoakServers
from bench.harness.soak.windows import WindowTally

SETTLED_POLL = 0.5  # seconds between looks at a window's requests still in flight


@dataclass
class SoakOptions:
    """How long, how big and how faulty a run is."""

    minutes: float
    rooms: int = 12
    players: int = 3  # per room
    window: float = 300.0  # seconds a row of the table covers
    fault_every: float = 180.0  # seconds between faults
    pause: float = 0.5  # seconds a player thinks before a move, on average
    seed: int = 1
    faults: tuple[str, ...] | None = None  # only these kinds (faults.KINDS); None: all


class Windows:
    """The table's rows: at each window's end, the processes' memory and the logs' count
    of tracebacks; once every request of the window has its outcome, the row."""

    def __init__(
        self,
        servers: SoakServers,
        tally: WindowTally,
        rotation: Rotation,
        out: Callable[[str], None],
    ) -> None:
        self.servers, self.tally, self.rotation, self.out = servers, tally, rotation, out
        self.rows: list[Row] = []
        self.kinds: Counter[str] = Counter()  # the tracebacks, by the exception ending each
        self.unexpected: list[str] = []  # the log around the first of each other kind
        self.samples = memory.sample(-1, servers.stack.daphnes)

    def _read_tracebacks(self, text: str) -> None:
        kinds = logs.traceback_kinds(text)
        for kind in logs.unexpected(kinds):
            if kind not in self.kinds:
                self.unexpected.append(logs.around(text, kind))
        self.kinds.update(kinds)

    async def _row(self, row: Row, before: asyncio.Task[None] | None) -> None:
        if before is not None:
            await before
        while not self.tally.settled(row.index):
            await asyncio.sleep(SETTLED_POLL)
        row.figures = self.tally.window(row.index).figures()
        start, end = row.index * row.length, (row.index + 1) * row.length
        row.faults = [f for f in self.rotation.done if start <= f.at_s < end]
        self.rows.append(row)
        self.out(row.text())

    async def run(self, seconds: float) -> list[Row]:
        """Make the rows of a run of ``seconds``; returns them once all are printed."""
        self.out(HEADER)
        stack, length = self.servers.stack, self.tally.length
        marks, before = stack.log_marks(), self.samples
        printing: asyncio.Task[None] | None = None
        for index in range(math.ceil(seconds / length)):
            end = self.tally.began + min((index + 1) * length, seconds)
            await asyncio.sleep(max(0.0, end - time.monotonic()))
            after = memory.sample(index, stack.daphnes)
            self.samples += after
            tracebacks = stack.log_problems(marks)
            self._read_tracebacks(stack.logs_since(marks))
            marks = stack.log_marks()
            row = Row(index, length, {}, [], after, restarted_slots(before, after), tracebacks)
            printing = asyncio.create_task(self._row(row, printing))
            before = after
        if printing is not None:
            await printing
        return self.rows


async def soak(
    servers: SoakServers, options: SoakOptions, out: Callable[[str], None] = print
) -> dict[str, Any]:
    """Play ``options.rooms`` rooms (room n in ``MODES[n % 6]``) for ``options.minutes``
    with a fault every ``options.fault_every`` seconds; print the table through ``out``;
    returns the figures, ``ok`` when nothing was lost or refused, the database holds
    what the players saw, no traceback but a lost connection's was logged, and memory
    stayed flat."""
    random.seed(options.seed)
    seconds = options.minutes * 60
    tally = WindowTally(time.monotonic(), options.window)
    stop = asyncio.Event()
    players = Players(
        servers.url, servers.stack.database_url, options.players, options.pause, tally, stop
    )
    rotation = Rotation(servers, players.seats, options.faults)
    windows = Windows(servers, tally, rotation, out)
    rooms = [
        asyncio.create_task(play_rooms(players, MODES[n % len(MODES)], n))
        for n in range(options.rooms)
    ]
    faults = asyncio.create_task(rotation.run(options.fault_every, tally.began, seconds, stop))
    rows = asyncio.create_task(windows.run(seconds))
    try:
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(*rooms, faults)
        await rows
        checked, problems = await database_problems(players.rooms)
    finally:
        stop.set()
        for task in (*rooms, faults, rows):
            task.cancel()
        await players.close()
    return summary(options, servers, players, rotation, windows, checked, problems)


def summary(
    options: SoakOptions,
    servers: SoakServers,
    players: Players,
    rotation: Rotation,
    windows: Windows,
    checked: int,
    problems: list[str],
) -> dict[str, Any]:
    """The run's figures (the JSON line of bench/soak.py)."""
    totals = players.tally.totals()
    held = memory.growth(windows.samples, warm_after=min(options.window, memory.WARM_AFTER))
    return {
        "stack": servers.kind,
        "processes": len(servers.stack.daphnes),
        **vars(options),
        **totals,
        "faults": rotation.figures(),
        "fault_counts": dict(Counter(f.kind for f in rotation.done)),
        "rooms_opened": len(players.rooms),
        "open_retries": players.open_retries,
        "games_started": sum(r.games for r in players.rooms),
        "games_finished": sum(len(r.ends) for r in players.rooms),
        "reconnects": players.reconnects(),
        "tracebacks": sum(r.tracebacks for r in windows.rows),
        "traceback_kinds": dict(windows.kinds),
        "unexpected_tracebacks": logs.unexpected(windows.kinds),
        "unexpected_logs": windows.unexpected[:3],
        "games_checked": checked,
        "ledger_problems": len(problems),
        "problems": problems[:20],
        "memory": held,
        "windows": [r.figures_json() for r in windows.rows],
        "ok": not (totals["lost"] or totals["errors"] or problems or logs.unexpected(windows.kinds))
        and held["flat"],
    }
