"""Faults: crash and restart servers, cut connections, repeat and race requests; every game
must go on with no move lost or applied twice.

    .venv/bin/python bench/faults.py                    # SQLite, one Daphne process
    .venv/bin/python bench/faults.py --stack postgres   # PostgreSQL + Redis, two processes
    .venv/bin/python bench/faults.py --only kill_daphne # one scenario (repeatable)

Scenarios (``--only NAME``, repeatable, runs some of them; they live in
``bench/harness/faults/``, whose fast rounds the test suite runs in
tests/games/test_faults.py):

- ``kill_daphne``: kill -9 a Daphne process in mid-game (with a player's ``place`` in
  flight, the process frozen with SIGSTOP before it could read it; the moment the place
  is committed; and between a roll and its place) and start it again
  on the same port and database. Every seat reconnects by itself, re-sends what was not
  answered under the same id and resyncs; the game is then played to its end. On the
  PostgreSQL stack one of the two processes is killed. From the restart, ``boot_s``
  until the new process answers, ``resync_s`` until every client on it holds a state
  again (the bench client retries with a backoff of up to 1 s).
- ``restart_redis``: stop and start Redis (no persistence: the channel layer's groups
  and queues are gone) under a running game whose players sit on different processes,
  then wipe it (FLUSHALL) without dropping a connection. Every player must still see
  every move. Clients ping every ``--ping`` seconds, as the page does every 15 s. On
  the SQLite stack one Daphne process uses a Redis of its own for this scenario.
- ``drop_client``: cut a player's connection while a roll or a place is in flight
  (before it leaves, right after, a few milliseconds after).
- ``duplicate_request``: the same request twice back to back on one socket, at the
  same instant on two sockets of one player, and once more much later.
- ``rolling_restart``: two server processes behind nginx (configured as
  docs/operations.md says), ``--tables`` games of Triple Yahtzee played through it, each
  turn after a chat line; each process in turn is sent SIGTERM (it stops accepting,
  closes its sockets with 1012 after the message in hand and exits once nothing runs:
  yahtzee_site/server.py) and started again, ``--rounds`` times. No move or chat line
  may be lost, every request is answered exactly once, and the longest time a seat went
  without a state (what a page shows as "Reconnecting": it waits 0.375 to 0.625 s after
  a 1012, as pages do) is reported, with the longest drain and start. On the SQLite
  stack the two processes share the SQLite file and a Redis of their own.
- ``simultaneous``: two players roll at the same instant; two sockets of the current
  player fill different boxes at the same instant; two players chat at once.

After each scenario the database must agree: every placement once (place events =
finished turns = filled boxes, in seat order), every roll once (roll events = the
turns' rolls), event numbers 1..version without a gap, every client's scorecards equal
to the database's, and no traceback or HTTP 500 in the server logs (``restart_redis``
counts them instead: a consumer whose Redis connection broke ends with one and its
client reconnects). One line per scenario, then one JSON line; exit status 1 if any
scenario failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness.faults import (
    SCENARIOS,
    Stack,
    drop_client,
    duplicate_request,
    kill_daphne,
    restart_redis,
    rolling_restart,
    running_stack,
    simultaneous,
)
from bench.harness.proxy import nginx_proxy
from bench.harness.servers import RedisServer, postgres_server, redis_process

SUMMARIES: dict[str, Callable[[dict[str, Any]], str]] = {
    "kill_daphne": lambda f: (
        f"killed Daphne -9 {f['kills']} times in mid-game ({f['processes']} process(es), "
        f"{f['players']} players; {f['placed_before_kill']} kills after the place's commit, "
        f"{f['answered_before_kill']} after its answer); {f['reconnects']} reconnects "
        f"re-sent {f['resent']} requests; game "
        f"{f['status']} with {f['place_events']} placements for {f['boxes_filled']} boxes; "
        f"after a restart Daphne answered within {f['boot_s']} s and every client had "
        f"resynced within {f['resync_s']} s"
    ),
    "restart_redis": lambda f: (
        f"restarted Redis ({f['outage_s']} s) then flushed it under a {f['players']}-player "
        f"game on {f['processes']} process(es); {f['reconnects']} reconnects; first move "
        f"after the restart reached everyone in {f['after_restart']['first_ms']} ms, later "
        f"ones {f['after_restart']['later_p50_ms']} ms; after the flush "
        f"{f['after_flush']['first_ms']} / {f['after_flush']['later_p50_ms']} ms; game "
        f"{f['status']}; {f['server_tracebacks']} consumer tracebacks in the logs"
    ),
    "drop_client": lambda f: (
        f"cut a connection {f['drops']} times with a roll or place in flight; "
        f"{f['resent']} requests re-sent; {f['roll_events']} roll events for "
        f"{f['rolls_in_turns']} rolls, {f['place_events']} placements for "
        f"{f['boxes_filled']} boxes; game {f['status']}"
    ),
    "duplicate_request": lambda f: (
        f"sent {f['requests']} requests twice (one socket, two sockets, much later): "
        f"{f['answers']} answers, same version each: {f['same_version']}, late replay: "
        f"{f['late_replay']}; {f['roll_events']} roll events for {f['rolls_in_turns']} rolls"
    ),
    "rolling_restart": lambda f: (
        f"restarted {f['processes']} processes one by one {f['restarts']} times behind nginx "
        f"under {f['tables']} tables of {f['players']} ({f['turns']} turns, "
        f"{f['chat_lines']} chat lines, {f['requests']} requests each answered once); "
        f"{f['closed_1012']} sockets closed with 1012, longest drain {f['drain_s']} s, start "
        f"{f['boot_s']} s, longest reconnect {f['longest_reconnect_s']} s"
    ),
    "simultaneous": lambda f: (
        f"raced {f['rounds']} rounds of two rolls and two places: {f['refused_as_not_your_turn']}"
        f" refused as not_your_turn; chats at once got versions {f['chat_versions']}; "
        f"{f['place_events']} placements for {f['boxes_filled']} boxes"
    ),
}


async def run_scenario(name: str, call: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
    """Run one scenario; a broken promise, a hang or a crash becomes a failed result."""
    began = time.monotonic()
    try:
        found = await call()
    except Exception as exc:  # reported as this scenario's failure; the others still run
        found = {"problems": [f"{type(exc).__name__}: {exc}"]}
    found["seconds"] = round(time.monotonic() - began, 1)
    found["ok"] = not found["problems"]
    try:
        line = SUMMARIES[name](found)
    except KeyError:
        line = "did not finish"
    verdict = "ok" if found["ok"] else "FAILED: " + "; ".join(found["problems"])
    print(f"{name}: {line} -> {verdict}", flush=True)
    return found


class Stacks:
    """The servers of a run, started when a scenario first needs them: the main stack
    and one on a Redis this bench may restart (the same one for ``--stack postgres``)."""

    def __init__(self, kind: str, workdir: Path, exits: contextlib.ExitStack) -> None:
        self.kind, self.workdir, self.exits = kind, workdir, exits
        self._main: Stack | None = None
        self._redis: Stack | None = None
        self._redis_server: RedisServer | None = None
        self._proxied: tuple[Stack, str] | None = None

    def main(self) -> Stack:
        """The stack most scenarios play on."""
        if self._main is None:
            if self.kind == "postgres":
                self._main = self._redis = self._postgres()
            else:
                self._main = self.exits.enter_context(running_stack(self.workdir / "main"))
        return self._main

    def with_redis(self) -> Stack:
        """A stack whose Redis may be restarted."""
        if self._redis is None:
            if self.kind == "postgres":
                return self.main()
            self._redis = self.exits.enter_context(
                running_stack(self.workdir / "redis", redis=self.redis_server())
            )
        return self._redis

    def redis_server(self) -> RedisServer:
        """The Redis of the SQLite stack's scenarios that need one."""
        if self._redis_server is None:
            self._redis_server = self.exits.enter_context(redis_process())
        return self._redis_server

    def behind_nginx(self) -> tuple[Stack, str]:
        """Two processes (the PostgreSQL stack's, or two on one SQLite file and Redis)
        behind nginx; the stack and nginx's URL."""
        if self._proxied is None:
            stack = self.main() if self.kind == "postgres" else self._two_on_sqlite()
            ports = [d.port for d in stack.daphnes]
            url = self.exits.enter_context(nginx_proxy(self.workdir / "nginx", ports))
            self._proxied = stack, url
        return self._proxied

    def _two_on_sqlite(self) -> Stack:
        return self.exits.enter_context(
            running_stack(
                self.workdir / "rolling",
                redis=self.redis_server(),
                processes=2,
                proxy_headers=True,
            )
        )

    def _postgres(self) -> Stack:
        database = self.exits.enter_context(postgres_server())
        redis = self.exits.enter_context(redis_process())
        return self.exits.enter_context(
            running_stack(
                self.workdir / "main",
                database_url=database,
                redis=redis,
                processes=2,
                proxy_headers=True,
            )
        )


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    """Run the chosen scenarios; returns the figures."""
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="faults-") as tmp, contextlib.ExitStack() as exits:
        stacks = Stacks(args.stack, Path(tmp), exits)
        calls: dict[str, Callable[[], Awaitable[dict[str, Any]]]] = {
            "kill_daphne": lambda: kill_daphne(stacks.main(), players=args.players),
            "restart_redis": lambda: restart_redis(
                stacks.with_redis(), players=args.players, ping_every=args.ping
            ),
            "drop_client": lambda: drop_client(stacks.main()),
            "duplicate_request": lambda: duplicate_request(stacks.main()),
            "simultaneous": lambda: simultaneous(stacks.main()),
            "rolling_restart": lambda: rolling_restart(
                *stacks.behind_nginx(), tables=args.tables, rounds=args.rounds
            ),
        }
        for name in args.only or SCENARIOS:
            results[name] = await run_scenario(name, calls[name])
    return {"stack": args.stack, "scenarios": results, "ok": all(r["ok"] for r in results.values())}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stack", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--only", action="append", choices=SCENARIOS)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument(
        "--ping", type=float, default=0.5, help="seconds between a client's pings in restart_redis"
    )
    parser.add_argument(
        "--tables", type=int, default=8, help="games played at once in rolling_restart"
    )
    parser.add_argument(
        "--rounds", type=int, default=2, help="times rolling_restart restarts every process"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run, print one line per scenario and the JSON figures last; 1 if any failed."""
    result = asyncio.run(main_async(parse_args(argv)))
    print(json.dumps(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
