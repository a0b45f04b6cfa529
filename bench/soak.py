"""Soak: rooms of every mode played without a break while faults come every few minutes;
nothing may be lost, the database must hold every game exactly, memory must stay flat.

    .venv/bin/python bench/soak.py --minutes 60 --stack postgres --processes 2

It starts the site as production runs it (DEBUG off): ``--processes`` processes behind
nginx, on a fresh SQLite file (``--stack sqlite``; Redis too for more than one process)
or on PostgreSQL and Redis (``--stack postgres``). ``--rooms`` rooms of ``--players``
scripted players (bench/harness/room_client.py: a page's protocol, reconnects and
re-sent requests included) connect through nginx; room n is played in the n-th of six
modes (bench/harness/soak/modes.py): Yahtzee live, Yatzy live at once, Yam's live with
the same dice, Triple Yahtzee by the day, Yahtzee by the day at once, Yatzy by the day
with the same dice. Each player thinks ``--pause`` seconds (on average) before a move
and waits until every player of the room holds each move; a game over, the host starts
a rematch, and after three games the players open a new room.

Every ``--fault-every`` seconds a fault comes, in turn (bench/harness/soak/faults.py):
kill -9 a site process (each in turn) and start it again; restart Redis (empty); restart
PostgreSQL (postgres stack); a rolling restart (SIGTERM each process in turn: it drains
and starts again). ``--faults kill,postgres`` keeps to some of them.

One row per ``--window`` seconds: the moves (roll, announce, place) answered and
received by every player, their p50 and p99 latency (sent until every player of the
room holds the version it made), ``errors`` (requests refused: a correct player is never
refused), ``lost`` (requests unanswered after being re-sent for two minutes, or whose
version some player did not receive within a minute), ``tb`` (tracebacks and HTTP 500s
in the servers' logs: a Redis restart closes the sockets whose layer connection broke,
each with one, and pages reconnect), the faults that began, and each process's resident
memory in MB (``*``: a fault restarted it during the window, so it started afresh).

Afterwards: the database check (every game of every room: each roll and placement
recorded once, events numbered without a gap, the scorecards every player last showed),
and memory: the first window is warm-up, and a process that has run less than two
minutes (or a window, if shorter) is warming up; each slot's warm samples (one
process's, and across the slot's processes) may not grow more than 10 %. The tracebacks
are counted by the exception that ended each: those of a connection a fault cut (to
Redis or PostgreSQL) are expected, any other is a bug, and the log around the first of
each such kind is printed. The last line is one JSON object; the exit status is 1 if any
request was lost or refused, the database disagrees, a traceback no fault explains was
logged, or memory grew.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness.soak import STACKS, SoakOptions, soak, soak_servers
from bench.harness.soak.faults import KINDS


def _print(line: str) -> None:
    print(line, flush=True)


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    """Start the servers and soak them; returns the figures."""
    options = SoakOptions(
        minutes=args.minutes,
        rooms=args.rooms,
        players=args.players,
        window=args.window,
        fault_every=args.fault_every,
        pause=args.pause,
        seed=args.seed,
        faults=tuple(args.faults.split(",")) if args.faults else None,
    )
    with contextlib.ExitStack() as exits:
        workdir = args.workdir or Path(
            exits.enter_context(tempfile.TemporaryDirectory(prefix="soak-"))
        )
        servers = exits.enter_context(soak_servers(workdir, args.stack, args.processes))
        result = await soak(servers, options, _print)
    held = result["memory"]
    print(
        f"database: {result['games_checked']} games checked, "
        f"{result['ledger_problems']} problems; memory flat: {held['flat']} (warm level "
        f"{held['level_mb']} MB, highest warm sample {held['peak_pct']:+} %)",
        flush=True,
    )
    for problem in result["problems"]:
        print(f"  {problem}", flush=True)
    print(f"tracebacks in the servers' logs, by exception: {result['traceback_kinds']}", flush=True)
    for excerpt in result["unexpected_logs"]:
        print(
            f"--- the servers' log around a traceback no fault explains ---\n{excerpt}", flush=True
        )
    return result


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--stack", choices=STACKS, default="postgres")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--rooms", type=int, default=12)
    parser.add_argument("--players", type=int, default=3, help="players per room")
    parser.add_argument("--window", type=float, default=300.0, help="seconds a row covers")
    parser.add_argument("--fault-every", type=float, default=180.0, help="seconds between faults")
    parser.add_argument(
        "--pause", type=float, default=0.5, help="seconds before a move, on average"
    )
    parser.add_argument("--seed", type=int, default=1, help="the players' random pauses")
    parser.add_argument(
        "--faults", help=f"only these, comma-separated (of {', '.join(KINDS)}; default: all)"
    )
    parser.add_argument(
        "--workdir",
        type=Path,
        help="keep the servers' files (logs) here, not in a temporary folder",
    )
    args = parser.parse_args(argv)
    if args.faults and not set(args.faults.split(",")) <= set(KINDS):
        parser.error(f"--faults: some of {', '.join(KINDS)}")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run; the figures as the last line; 1 if the soak found a problem."""
    result = asyncio.run(main_async(parse_args(argv)))
    print(json.dumps(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
