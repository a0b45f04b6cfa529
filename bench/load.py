"""Load: complete games over real websockets, timed until every player holds each result.

    .venv/bin/python bench/load.py --rooms 50 --players 4 --rate 1 --baseline

Without ``--url`` it starts the site itself (``--stack sqlite``: one Daphne process
on a fresh SQLite file with the in-memory channel layer; ``--stack postgres``:
``--processes`` Daphne processes on a throwaway PostgreSQL and Redis, each room's
players spread over them). With ``--url`` (repeatable) it plays against running
servers; ``--database-url`` then names their database for the final check.

Each room is a private room of ``--players`` people playing one whole game of
``--ruleset``. A player sends ``--rate`` actions a second while it is their turn
(roll, keep, roll, place: one action every 1/rate seconds). An action's latency
runs from sending it to the moment every player of the room holds the ``state``
of the version it made. ``errors`` counts refused actions, ``lost`` actions
without an answer or whose state some player never received (10 s), and
``mismatches`` seats whose final scorecard in some player's last state differs
from the database.

``wire`` gives the bytes every player received during the games, by message type
(the text of each message; a websocket frame adds 2 to 4 bytes), and
``bytes_per_viewer_move`` the bytes each player received for each version (the
``patch`` or ``state`` that brought it, and the ``ack`` of the player who made it).

Seats connect as pages do: a handshake the server is too busy to answer in time is
tried again (``failed_opens`` counts those tries; ``reconnects`` the connections lost
and made again during the games).

``--baseline`` plays the same traffic (the same rooms, players, pace, action
count and message size) against a minimal broadcast consumer on the same server:
no database, no rules, the floor of the stack. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench.harness.echo import run_baseline
from bench.harness.faults.ledger import read_ledger
from bench.harness.live_server import serve
from bench.harness.room_client import Login, Seat, join_room, next_move, open_room
from bench.harness.tally import Tally, percentile

REACH_TIMEOUT = 10.0
SETUP_THREADS = 8
SETUP_PING_SECONDS = 60.0
CONNECTING_ROOMS = 8  # rooms whose seats connect at once during the set-up


# Setting rooms up through the site's forms.


class _Settings(TypedDict):
    """The servers' settings: ``serve``'s ``app`` and environment variables."""

    app: str
    DJANGO_SETTINGS_MODULE: str
    DEBUG: str
    SECRET_KEY: str
    ALLOWED_HOSTS: str


def _make_room(urls: list[str], index: int, players: int, ruleset: str) -> tuple[str, list[Login]]:
    host, code = open_room(urls[0], f"Host {index}", ruleset=ruleset, seats=players)
    logins = [host] + [
        join_room(urls[i % len(urls)], code, f"Player {index}.{i}") for i in range(1, players)
    ]
    return code, logins


async def _set_up(urls: list[str], args: argparse.Namespace) -> list[tuple[str, list[Seat]]]:
    """Open the rooms through the site's forms, then connect their seats a few rooms at a
    time, each room's host first: people arrive over minutes, not all in one second, and
    a host who is here keeps the role (a room's host passes it on only to someone else
    who is here). The seats ping until the games begin: a socket silent for three
    minutes counts as gone."""
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(SETUP_THREADS) as pool:
        made = await asyncio.gather(
            *(
                loop.run_in_executor(pool, _make_room, urls, index, args.players, args.ruleset)
                for index in range(args.rooms)
            )
        )
    gate = asyncio.Semaphore(CONNECTING_ROOMS)

    async def connect(code: str, logins: list[Login]) -> tuple[str, list[Seat]]:
        seats = [Seat(login, code, ping_every=SETUP_PING_SECONDS) for login in logins]
        async with gate:
            await seats[0].connect(retry=True)
            await asyncio.gather(*(s.connect(retry=True) for s in seats[1:]))
        return code, seats

    return list(await asyncio.gather(*(connect(code, logins) for code, logins in made)))


# The game run.


async def _reach_all(seats: list[Seat], version: int, sent_at: float, tally: Tally) -> bool:
    try:
        moments = await asyncio.gather(*(s.reached(version, REACH_TIMEOUT) for s in seats))
    except (TimeoutError, RuntimeError):
        tally.lost += 1
        return False
    tally.latencies.append(max(moments) - sent_at)
    return True


async def _play_room(
    seats: list[Seat], rate: float, tally: Tally, start_barrier: asyncio.Event
) -> int:
    """Play one game to its end; returns the number of actions sent."""
    interval = 1.0 / rate
    host = seats[0]
    await start_barrier.wait()
    await asyncio.sleep(random.uniform(0, interval))
    answer = await host.send("start")
    if answer["type"] != "ack":
        raise RuntimeError(f"the host could not start the game: {answer}")
    await asyncio.gather(*(s.reached(answer["version"]) for s in seats))
    actions = 0
    next_at = time.monotonic() + interval
    while True:
        game = host.game
        if game is None or game["status"] != "playing":
            return actions
        actor = next(s for s in seats if s.my_seat == game["current_seat"])
        if actor.version < host.version:
            await actor.reached(host.version)
        assert actor.game is not None  # the actor sits at the host's game
        move = next_move(actor.game)
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
        sent_at = time.monotonic()
        next_at = sent_at + interval
        kind = move.pop("type")
        answer = await actor.send(kind, **move)
        actions += 1
        tally.state_bytes.append(actor.last_state_bytes)
        if answer["type"] != "ack":
            tally.error(answer.get("code", "?"))
            await actor.resync()
            await asyncio.gather(*(s.reached(actor.version) for s in seats))
            continue
        await _reach_all(seats, answer["version"], sent_at, tally)


def wire_figures(rooms: list[tuple[str, list[Seat]]], since: dict[int, int]) -> dict[str, Any]:
    """Bytes received by the players after the start of their games (``since``: how
    many messages each seat had received before, by ``id``): by message type, and per
    player and version."""
    sizes: dict[str, list[int]] = {}
    per_move: dict[tuple[int, int], int] = {}
    for _code, seats in rooms:
        for seat in seats:
            for kind, size, version in seat.wire[since[id(seat)] :]:
                sizes.setdefault(kind or "?", []).append(size)
                if kind in ("patch", "state", "ack") and version is not None:
                    key = (id(seat), version)
                    per_move[key] = per_move.get(key, 0) + size
    moves = list(per_move.values())
    return {
        "wire": {
            kind: {
                "count": len(found),
                "median": int(statistics.median(found)),
                "p95": int(percentile(found, 0.95)),
                "max": max(found),
                "total_kb": round(sum(found) / 1024, 1),
            }
            for kind, found in sorted(sizes.items())
        },
        "bytes_per_viewer_move": {
            "median": int(statistics.median(moves)) if moves else 0,
            "p95": int(percentile(moves, 0.95)),
        },
    }


def _check_scorecards(database_url: str, rooms: list[tuple[str, list[Seat]]], tally: Tally) -> None:
    """Compare every player's last view of every scorecard with the database (read with
    plain SQL, whatever the servers' database is)."""
    for code, seats in rooms:
        stored = {
            seat: (card["boxes"], card["total"])
            for seat, card in read_ledger(database_url, code).cards.items()
        }
        for seat in seats:
            assert seat.game is not None  # every seat played the room's game
            shown = {s["seat"]: (s["boxes"], s["total"]) for s in seat.game["seats"]}
            tally.mismatches += sum(
                1 for k in stored.keys() | shown.keys() if stored.get(k) != shown.get(k)
            )


async def run_games(
    urls: list[str], args: argparse.Namespace, tally: Tally
) -> tuple[float, list[tuple[str, list[Seat]]], list[int]]:
    """Set the rooms up, play every game to its end; returns (seconds, rooms, actions)."""
    rooms = await _set_up(urls, args)
    # Seats stop pinging for the games: started together, they would ping together, a
    # burst of writes on the sockets' database thread every minute that pages, whose
    # clocks differ, never send (docs/decisions/0035). The host's role is needed only
    # to start, before a socket's three silent minutes.
    for _code, seats in rooms:
        for seat in seats:
            seat.stop_pinging()
    tally.wire_since = {id(s): len(s.wire) for _code, seats in rooms for s in seats}
    barrier = asyncio.Event()
    tasks = [
        asyncio.create_task(_play_room(seats, args.rate, tally, barrier)) for _code, seats in rooms
    ]
    began = time.monotonic()
    barrier.set()
    actions = await asyncio.gather(*tasks)
    seconds = time.monotonic() - began
    for _code, seats in rooms:
        await asyncio.gather(*(s.reached(max(x.version for x in seats)) for s in seats))
    return seconds, rooms, list(actions)


@contextlib.contextmanager
def _no_collector_pauses() -> Iterator[None]:
    """Keep this process's garbage collector still while it measures: its full passes
    over a few hundred thousand parsed states took up to 100 ms, and every action in
    flight would have been charged with them. Parsed states are freed by reference
    counting as usual; the collector runs once afterwards."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()
        gc.collect()


# Servers.


@contextlib.contextmanager
def _servers(args: argparse.Namespace) -> Iterator[tuple[list[str], str]]:
    """The servers to load: given by ``--url``, or started here; yields (urls, database)."""
    if args.url:
        yield args.url, args.database_url or os.environ.get("DATABASE_URL", "")
        return
    settings: _Settings = {
        "app": "bench.baseline:application",
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    with tempfile.TemporaryDirectory(prefix="load-") as tmp, contextlib.ExitStack() as stack:
        if args.stack == "sqlite":
            if args.processes != 1:
                raise SystemExit(
                    "SQLite with the in-memory layer is one process; use --stack postgres for more"
                )
            database = f"sqlite:///{Path(tmp) / 'db.sqlite3'}"
            urls = [stack.enter_context(serve(Path(tmp), DATABASE_URL=database, **settings))]
        else:
            from bench.harness.servers import postgres_server, redis_server

            database = stack.enter_context(postgres_server(durable=True))
            redis = stack.enter_context(redis_server())
            urls = []
            for n in range(args.processes):
                workdir = Path(tmp) / f"daphne-{n}"
                workdir.mkdir()
                urls.append(
                    stack.enter_context(
                        serve(workdir, DATABASE_URL=database, REDIS_URL=redis, **settings)
                    )
                )
        yield urls, database


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    """Run the games (and the baseline); returns the figures."""
    random.seed(args.seed)
    with _servers(args) as (urls, database):
        tally = Tally()
        with _no_collector_pauses():
            seconds, rooms, actions = await run_games(urls, args, tally)
        for _code, seats in rooms:
            for seat in seats:
                await seat.close()
        if database:
            await asyncio.to_thread(_check_scorecards, database, rooms, tally)
        else:
            tally.mismatches = -1  # unknown: no database to compare with
        result: dict[str, Any] = {
            "rooms": args.rooms,
            "players": args.players,
            "rate": args.rate,
            "ruleset": args.ruleset,
            "servers": len(urls),
            **tally.figures(seconds),
        }
        result["message_bytes"] = int(statistics.median(tally.state_bytes))
        result.update(wire_figures(rooms, tally.wire_since))
        result["reconnects"] = sum(s.reconnects for _c, seats in rooms for s in seats)
        result["failed_opens"] = sum(s.failed_opens for _c, seats in rooms for s in seats)
        if tally.error_codes:
            result["error_codes"] = tally.error_codes
        if args.baseline:
            floor = Tally()
            size = int(statistics.median(tally.state_bytes))
            with _no_collector_pauses():
                base_seconds = await run_baseline(urls, args, actions, size, floor)
            figures = floor.figures(base_seconds)
            result["baseline_p50_ms"] = figures["p50_ms"]
            result["baseline_p99_ms"] = figures["p99_ms"]
            result["baseline_lost"] = figures["lost"]
            result["ratio"] = (
                round(result["p99_ms"] / figures["p99_ms"], 2) if figures["p99_ms"] else None
            )
        return result


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--rate",
        type=float,
        default=1.0,
        help="actions a second per player, while it is their turn",
    )
    parser.add_argument("--ruleset", default="yahtzee")
    parser.add_argument("--url", action="append", help="a running server (repeatable)")
    parser.add_argument("--database-url", help="the running servers' DATABASE_URL")
    parser.add_argument("--stack", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--baseline", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    """Run and print the figures as the last line."""
    args = parse_args(argv)
    result = asyncio.run(main_async(args))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
