"""Load: complete games over real websockets, timed until every player holds each result.

    .venv/bin/python bench/load.py --rooms 50 --players 4 --rate 1 --baseline
    .venv/bin/python bench/load.py --rooms 50 --server daphne,uvicorn,granian --knee

Without ``--url`` it starts the site itself under ``--server`` (``daphne``, ``uvicorn``
or ``granian``: bench/harness/asgi_servers.py; default Daphne) with ``--stack sqlite``
(one process on a fresh SQLite file with the in-memory channel layer) or ``--stack
postgres`` (``--processes`` processes on a throwaway PostgreSQL and Redis, each room's
players spread over them). With ``--url`` (repeatable) it plays against running
servers; ``--database-url`` then names their database for the final check.

Each room is a private room of ``--players`` people playing one whole game of
``--ruleset``. A player sends ``--rate`` actions a second while it is their turn
(roll, keep, roll, place: one action every 1/rate seconds). An action's latency
runs from sending it to the moment every player of the room holds the ``state``
of the version it made. ``errors`` counts refused actions, ``lost`` actions
without an answer or whose state some player never received (10 s), and
``mismatches`` seats whose final scorecard in some player's last state differs
from the database. ``server_cpu_ms_per_action`` is the CPU time the server processes
used while the games ran (the review child's aside), per action answered;
``load_cpu_share`` the share of a core this process used meanwhile.

``wire`` gives the bytes every player received during the games, by message type
(the text of each message; a websocket frame adds 2 to 4 bytes), and
``bytes_per_viewer_move`` the bytes each player received for each version (the
``patch`` or ``state`` that brought it, and the ``ack`` of the player who made it).

Seats connect as pages do: a handshake the server is too busy to answer in time is
tried again (``failed_opens`` counts those tries; ``reconnects`` the connections lost
and made again during the games).

``--baseline`` plays the same traffic (rooms, players, pace, action count, message
size) through a broadcast-only consumer on the same server: the floor of the stack.

``--knee`` then searches the load at which the site's p99 passes ``--knee-limit-ms``
(100): the run itself is the first step, then ``--knee-step`` rooms more (50), twice
that more, and so on, each step fresh rooms playing for ``--knee-seconds`` (30) on the
same server, until a step's p99 passes the limit (or past ``--knee-max-rooms``); then
``--knee-halvings`` (1) more steps halfway between the two around the limit. The knee
is the measured actions a second, interpolated linearly between the last step within
the limit and the first past it (bench/harness/knee.py); when the run itself passes
it, the knee is below the run and not interpolated.

``--server`` is repeatable (or a comma list): each server in turn gets the whole
measure, the floor included, on a fresh database, and a table of the runs comes
before the last line, one JSON object: the figures, or ``{"runs": [...]}`` with
several servers or ``--knee``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench.harness.asgi_servers import SERVERS, server_names
from bench.harness.echo import run_baseline
from bench.harness.faults.ledger import scorecard_mismatches
from bench.harness.knee import LIMIT_MS, search
from bench.harness.load_servers import LoadedServers, started
from bench.harness.room_client import Login, Seat, join_room, next_move, open_room
from bench.harness.runs_table import runs_table
from bench.harness.tally import Tally
from bench.harness.wire_bytes import wire_figures

REACH_TIMEOUT = 10.0
SETUP_THREADS = 8
SETUP_PING_SECONDS = 60.0
CONNECTING_ROOMS = 8  # rooms whose seats connect at once during the set-up


# Setting rooms up through the site's forms.


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
    seats: list[Seat],
    rate: float,
    tally: Tally,
    start_barrier: asyncio.Event,
    seconds: float | None = None,
) -> int:
    """Start the room's game and play it to its end, or for ``seconds`` after the
    barrier; returns the number of actions sent."""
    interval = 1.0 / rate
    host = seats[0]
    await start_barrier.wait()
    until = time.monotonic() + seconds if seconds is not None else None
    await asyncio.sleep(random.uniform(0, interval))
    answer = await host.send("start")
    if answer["type"] != "ack":
        raise RuntimeError(f"the host could not start the game: {answer}")
    await asyncio.gather(*(s.reached(answer["version"]) for s in seats))
    actions = 0
    next_at = time.monotonic() + interval
    while until is None or next_at < until:
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
    return actions


@dataclass
class Played:
    """A run's games: their rooms, the actions each sent, the seconds they took and the
    CPU time used meanwhile (by the servers, by this process); the rooms' set-up time."""

    rooms: list[tuple[str, list[Seat]]]
    actions: list[int]
    seconds: float
    server_cpu: float
    own_cpu: float
    setup_seconds: float


async def run_games(
    urls: list[str],
    args: argparse.Namespace,
    tally: Tally,
    seconds: float | None = None,
    server_cpu: Callable[[], float] = lambda: 0.0,
) -> Played:
    """Set the rooms up, play every game to its end (or for ``seconds``); ``server_cpu``
    tells the servers' CPU time so far."""
    setup_began = time.monotonic()
    rooms = await _set_up(urls, args)
    setup_seconds = time.monotonic() - setup_began
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
        asyncio.create_task(_play_room(seats, args.rate, tally, barrier, seconds))
        for _code, seats in rooms
    ]
    cpu, own_cpu = server_cpu(), time.process_time()
    began = time.monotonic()
    barrier.set()
    actions = await asyncio.gather(*tasks)
    seconds = time.monotonic() - began
    cpu, own_cpu = server_cpu() - cpu, time.process_time() - own_cpu
    for _code, seats in rooms:
        await asyncio.gather(*(s.reached(max(x.version for x in seats)) for s in seats))
    return Played(rooms, list(actions), seconds, cpu, own_cpu, setup_seconds)


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


# One run: set up, play, check, count.


async def _play(
    stack: LoadedServers, args: argparse.Namespace, seconds: float | None = None
) -> tuple[dict[str, Any], Tally, list[tuple[str, list[Seat]]], list[int]]:
    """Open ``args.rooms`` rooms and play their games to the end (or for ``seconds``),
    then close the sockets and compare the scorecards; returns (figures, tally, rooms,
    actions per room). The figures include the servers' CPU time per action answered
    and this process's share of a core while the games ran."""
    tally = Tally()
    with _no_collector_pauses():
        played = await run_games(stack.urls, args, tally, seconds, stack.cpu_seconds)
    for _code, seats in played.rooms:
        for seat in seats:
            await seat.close()
    if stack.database:
        tally.mismatches = await asyncio.to_thread(
            scorecard_mismatches, stack.database, played.rooms
        )
    else:
        tally.mismatches = -1  # unknown: no database to compare with
    figures = tally.figures(played.seconds)
    answered = len(tally.latencies)
    if stack.processes and answered:
        figures["server_cpu_ms_per_action"] = round(1000 * played.server_cpu / answered, 2)
    figures["load_cpu_share"] = round(played.own_cpu / played.seconds, 2)
    figures["setup_seconds"] = round(played.setup_seconds, 1)
    return figures, tally, played.rooms, played.actions


async def measure(args: argparse.Namespace, server: str) -> dict[str, Any]:
    """Run the games under ``server`` (and the floor, and the knee, as asked); returns the
    figures."""
    random.seed(args.seed)
    with started(args, server) as stack:
        began = time.monotonic()
        figures, tally, rooms, actions = await _play(stack, args)
        result: dict[str, Any] = {
            "server": server if not args.url else "given",
            "rooms": args.rooms,
            "players": args.players,
            "rate": args.rate,
            "ruleset": args.ruleset,
            "servers": len(stack.urls),
            **figures,
        }
        result["message_bytes"] = int(statistics.median(tally.state_bytes))
        result.update(wire_figures(rooms, tally.wire_since))
        result["reconnects"] = sum(s.reconnects for _c, seats in rooms for s in seats)
        result["failed_opens"] = sum(s.failed_opens for _c, seats in rooms for s in seats)
        if tally.error_codes:
            result["error_codes"] = tally.error_codes
        if args.baseline or len(args.server) > 1:
            floor = Tally()
            size = int(statistics.median(tally.state_bytes))
            cpu = stack.cpu_seconds()
            with _no_collector_pauses():
                base_seconds = await run_baseline(stack.urls, args, actions, size, floor)
            cpu = stack.cpu_seconds() - cpu
            base = floor.figures(base_seconds)
            result["baseline_p50_ms"] = base["p50_ms"]
            result["baseline_p99_ms"] = base["p99_ms"]
            result["baseline_lost"] = base["lost"]
            if stack.processes and floor.latencies:
                result["baseline_server_cpu_ms_per_action"] = round(
                    1000 * cpu / len(floor.latencies), 2
                )
            result["ratio"] = (
                round(result["p99_ms"] / base["p99_ms"], 2) if base["p99_ms"] else None
            )
        if args.knee:

            async def step(rooms: int) -> dict[str, Any]:
                step_args = argparse.Namespace(**{**vars(args), "rooms": rooms})
                return (await _play(stack, step_args, args.knee_seconds))[0]

            result["knee"] = await search(
                step,
                result,
                args.knee_step,
                args.knee_max_rooms,
                args.knee_limit_ms,
                args.knee_halvings,
            )
        result["run_seconds"] = round(time.monotonic() - began, 1)
        return result


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    """Measure under each server in turn; returns the figures (with several servers, or
    with ``--knee``, ``{"runs": [...]}``, one each)."""
    runs = [await measure(args, server) for server in args.server]
    return runs[0] if len(runs) == 1 and not args.knee else {"runs": runs}


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
    parser.add_argument(
        "--server",
        type=server_names,
        action="extend",
        help=f"the server to start, one of {', '.join(SERVERS)} (repeatable or a comma "
        "list; default daphne); with several, each runs the floor too",
    )
    parser.add_argument("--baseline", action="store_true")
    parser.add_argument("--knee", action="store_true", help="search the knee after the run")
    parser.add_argument("--knee-step", type=int, default=50, help="rooms added per knee step")
    parser.add_argument("--knee-seconds", type=float, default=30.0, help="each knee step's play")
    parser.add_argument("--knee-limit-ms", type=float, default=LIMIT_MS)
    parser.add_argument("--knee-max-rooms", type=int, default=600)
    parser.add_argument(
        "--knee-halvings", type=int, default=1, help="steps halving the gap around the knee"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.server = list(dict.fromkeys(args.server or ["daphne"]))
    if args.url and len(args.server) > 1:
        parser.error("--url loads the servers it names: give no --server with it")
    return args


def main(argv: list[str] | None = None) -> None:
    """Run and print the figures as the last line (after a table of the runs, with
    several servers or ``--knee``)."""
    args = parse_args(argv)
    result = asyncio.run(main_async(args))
    if "runs" in result:
        print(runs_table(result["runs"]))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
