"""Two minutes of the soak (bench/soak.py): a room of each of the six modes played through
nginx while a fault of every kind comes (kill -9 a process, restart Redis, restart
PostgreSQL, a rolling restart); nothing lost or refused, every game's record exact, and
no traceback in the servers' logs but a lost connection's.

It runs on a PostgreSQL and a Redis of its own, since it restarts them, when
``SOAK_STACK`` says ``postgres`` (make test) or under ``python -m bench.harness.servers``;
otherwise on a SQLite file, with a Redis of its own for its two processes. Marked
``soak``: ``-m "not soak"`` leaves it out.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bench.harness.soak import SoakOptions, soak, soak_servers
from bench.harness.soak.faults import kinds_of

pytestmark = [pytest.mark.asyncio, pytest.mark.soak]

# A fault every 25 s from the start: four in two minutes, each kind the stack has once
# (SQLite's three, then another kill). Six rooms of two, a move every second and a half
# or so per player: a few moves a second, light on a machine whose cores are busy.
OPTIONS = SoakOptions(minutes=2, rooms=6, players=2, window=30, fault_every=25, pause=1.5)


# The soak's two minutes, its servers' start and its end (requests still in flight may
# take their generous bounds on a busy machine) pass the suite's usual 180 s.
@pytest.mark.timeout(480)
async def test_two_minutes_of_every_mode_through_every_fault_lose_nothing(
    tmp_path: Path,
) -> None:
    stack = os.environ.get("SOAK_STACK") or (
        "postgres" if os.environ.get("DATABASE_URL") else "sqlite"
    )
    with soak_servers(tmp_path, stack, processes=2, durable=False) as servers:
        found = await soak(servers, OPTIONS)
        kinds = kinds_of(servers)

    assert found["lost"] == 0, found["lost_kinds"]
    assert found["errors"] == 0, found["error_codes"]
    # Every game of every room recorded exactly, as its players last saw it.
    assert found["problems"] == []
    assert found["games_checked"] >= 6
    assert found["unexpected_tracebacks"] == {}, found["unexpected_logs"]
    assert {f["kind"] for f in found["faults"]} == set(kinds)
    assert len(found["faults"]) == 4
    # Games went on through it all: whole games finished, a rematch or a new room followed.
    assert found["games_finished"] >= 1 and found["games_started"] > 6
    assert found["moves"] > 200
