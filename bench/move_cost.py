"""CPU cost of one move, in-process: the service, the shared state, each viewer's message.

    .venv/bin/python bench/move_cost.py --moves 200

Plays a 4-player Yahtzee game on a fresh SQLite file through ``games.services`` (no
server), and for every move measures this thread's CPU time for the service call, the
room's shared state (``rooms.selectors.snapshots``) built from the database, and each of the four
viewers' messages: ``viewer`` the whole state, ``shared_patch`` the operations every
viewer shares (once per version) and ``viewer_patch`` each viewer's ``patch`` message,
which is what a move sends. Prints one line per figure and one JSON line last.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

if TYPE_CHECKING:
    from play.selectors.room_snapshot import Held


def main(argv: list[str] | None = None) -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument(
        "--database-url",
        help="an empty database to use instead of a "
        "fresh SQLite file (e.g. a throwaway PostgreSQL)",
    )
    parser.add_argument(
        "--wall",
        action="store_true",
        help="measure elapsed time (database waits included), not CPU",
    )
    parser.add_argument(
        "--queries",
        action="store_true",
        help="also count the queries of the service and the shared state",
    )
    args = parser.parse_args(argv)
    workdir = tempfile.mkdtemp(prefix="move-cost-")
    os.environ.update(
        DATABASE_URL=args.database_url or f"sqlite:///{workdir}/db.sqlite3",
        DJANGO_SETTINGS_MODULE="yahtzee_site.settings",
        GAMES_CLOCK_IN_PROCESS="0",
        DEBUG="0",
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    cost, queries = measure(args.moves, wall=args.wall, count_queries=args.queries)
    result = {
        f"{name}_ms": round(1000 * statistics.mean(values), 2) for name, values in cost.items()
    }
    result["moves"] = len(cost["service"])
    result |= {
        f"{name}_queries": round(statistics.mean(found), 1)
        for name, found in queries.items()
        if found
    }
    for name, value in result.items():
        print(f"{name}: {value}")
    print(json.dumps(result))


def start_room() -> tuple[dict[int, Any], str]:
    """Four players, by id, and the code of the 4-player Yahtzee room they started."""
    from accounts.models import Player
    from games import services

    players = {p.pk: p for p in (Player.objects.create(name=f"P{i}") for i in range(4))}
    people = list(players.values())
    code = services.room_create(player=people[0], ruleset="yahtzee", seats=4).code
    for person in people[1:]:
        services.room_join(player=person, code=code)
    services.room_start(player=people[0], code=code)
    return players, code


def measure(
    moves: int, *, wall: bool, count_queries: bool
) -> tuple[dict[str, list[float]], dict[str, list[int]]]:
    """Play ``moves`` moves (a rematch when a game ends); the cost of each part of each
    move, and the queries of the service and the shared state if ``count_queries``."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bench.harness.play import move_send
    from bench.harness.room_client import next_move
    from common.publish import messages
    from games import services
    from games.realtime import snapshot_cache

    clock = time.perf_counter if wall else time.thread_time
    players, code = start_room()
    people = list(players.values())
    cost: dict[str, list[float]] = {
        "service": [],
        "shared_state": [],
        "viewer": [],
        "shared_patch": [],
        "viewer_patch": [],
    }
    held: dict[int, Held | None] = {person.pk: None for person in people}
    queries: dict[str, list[int]] = {"service": [], "shared_state": []}

    def counting() -> Any:
        return CaptureQueriesContext(connection) if count_queries else nullcontext()

    for n in range(moves):
        shared = snapshot_cache.snapshot(code)
        assert shared is not None  # the room is there
        game = shared.shared["game"]
        assert game is not None  # the first game started
        if game["status"] != "playing":
            services.room_rematch(player=people[0], code=code)
            continue
        assert game["player"] is not None  # one seat after another: someone's turn
        actor = players[game["player"]]
        state = shared.state_for(actor.pk)
        assert state is not None and state["game"] is not None  # the actor is a member
        move = next_move(state["game"])
        start = clock()
        with counting() as service_queries:
            # The service returns its news; the consumer makes the group message of it.
            messages(move_send(actor, code, move, request_id=f"m{n}").news)
        cost["service"].append(clock() - start)
        start = clock()
        with counting() as state_queries:
            shared = snapshot_cache.snapshot(code)
        cost["shared_state"].append(clock() - start)
        if count_queries:
            queries["service"].append(len(service_queries.captured_queries))
            queries["shared_state"].append(len(state_queries.captured_queries))
        time_messages(shared, people, held, cost, clock)
    return cost, queries


def time_messages(
    shared: Any, people: list[Any], held: dict[int, Any], cost: dict[str, list[float]], clock: Any
) -> None:
    """Time each viewer's whole state, the shared patch and each viewer's patch since
    what ``held`` (each viewer's last message) holds, which then holds this one."""
    for person in people:
        start = clock()
        shared.text_for(person.pk)
        cost["viewer"].append(clock() - start)
    before = held[people[0].pk]
    if before is not None:
        start = clock()
        shared.ops_since(before.snapshot)
        cost["shared_patch"].append(clock() - start)
    for person in people:
        start = clock()
        _text, held[person.pk] = shared.message_for(person.pk, held[person.pk])
        if before is not None:
            cost["viewer_patch"].append(clock() - start)


if __name__ == "__main__":
    main()
