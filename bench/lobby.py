"""The open tables' list with 1,000 public tables waiting and 200 people waiting for an
opponent by the day, and the pairing step.

    .venv/bin/python bench/lobby.py [--tables 1000] [--waiting 200] [--pages 200]

On a fresh SQLite file (or ``--database-url``): that many public tables waiting (of
every variant and both paces, one to three people seated, hosts with ratings), as many
private and started rooms beside them, that many people waiting for an opponent, and a
viewer who blocked a few hosts. Times the list page (``/tables/``, the view through
Django's test client, template included) and its part alone (``?part=list``: the
page's refresh) with and without a filter, and the pairing step: everyone waiting paired
by one more arrival (a room by the day made and begun for each pair). The target: the
list in under 50 ms. Beside each wall-clock figure, the CPU time of this process (SQLite
runs in it), which other work on a busy machine does not inflate. Prints one human line
per figure, the list's query plan, then one JSON line with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

if TYPE_CHECKING:
    from accounts.models import Player

VARIANTS = ("yahtzee", "yatzy", "yams", "triple_yahtzee")


def main() -> None:
    """Make the tables and the waits, time the list and the pairing, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--waiting", type=int, default=200)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="lobby-bench-")
    os.environ.update(
        DATABASE_URL=args.database_url or f"sqlite:///{workdir}/db.sqlite3",
        DJANGO_SETTINGS_MODULE="bench.settings",
        GAMES_CLOCK_IN_PROCESS="0",
        DEBUG="0",
        ALLOWED_HOSTS="testserver",
        SECRET_KEY="bench-only-" + "x" * 50,
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    rng = random.Random(1)
    viewer = make_tables(args.tables, rng)
    make_waiting(args.waiting)
    figures: dict[str, float] = {}
    for label, url in (
        ("page", "/tables/"),
        ("part", "/tables/?part=list"),
        ("part filtered", "/tables/?part=list&variant=yatzy&pace=live&rated=casual"),
    ):
        figures |= time_page(url, label, viewer, args.pages)
        print(
            f"{label}: median {figures[f'{label} median ms']} ms, p95 "
            f"{figures[f'{label} p95 ms']} ms (this process's CPU: median "
            f"{figures[f'{label} cpu median ms']} ms, p95 {figures[f'{label} cpu p95 ms']} ms), "
            f"{figures[f'{label} queries']} queries, "
            f"{args.tables} tables"
        )
    figures |= time_pairing(args.waiting)
    print(
        f"pairing: {args.waiting} waiting paired by one arrival in "
        f"{figures['pairing ms']} ms ({figures['pairing ms per pair']} ms a pair)"
    )
    print_plan(viewer)
    print(json.dumps({"tables": args.tables, "waiting": args.waiting, **figures}))


def make_tables(tables: int, rng: random.Random) -> Player:
    """``tables`` public tables waiting, as many closed or started rooms, rated hosts; the
    viewer, who blocked five of the hosts."""
    from django.utils import timezone

    from accounts.models import Player
    from friends.models import Block
    from play.models import Game
    from ratings.models import Rating
    from rooms.models import Membership, Room

    moment = timezone.now()
    people = Player.objects.bulk_create([Player(name=f"P{i}") for i in range(tables * 4)])
    rooms = Room.objects.bulk_create(
        [
            Room(
                code=f"t{i:011d}",
                host=people[i],
                ruleset=VARIANTS[i % 4],
                seat_count=4,
                pace=("live", "day")[i % 2],
                rated=i % 3 == 0,
                public=i < tables,  # the others: private, or started below
                last_activity_at=moment,
            )
            for i in range(tables * 2)
        ]
    )
    Game.objects.bulk_create(
        [Game(room=r, number=1, ruleset=r.ruleset) for r in rooms[tables : tables + tables // 2]]
    )
    members = []
    for index, room in enumerate(rooms):
        seated = rng.randint(1, 3)
        members += [
            Membership(room=room, player=people[(index + k * tables) % len(people)], seat=k)
            for k in range(seated)
        ]
    Membership.objects.bulk_create(members)
    Rating.objects.bulk_create(
        [
            Rating(
                player=room.host,
                variant=room.ruleset,
                mu=25 + rng.random() * 5,
                sigma=3,
                games=rng.randint(0, 30),
                updated_at=moment,
            )
            for room in rooms[:tables:2]
        ]
    )
    viewer = Player.objects.create(name="Viewer")
    Block.objects.bulk_create([Block(blocker=viewer, blocked=rooms[i].host) for i in range(5)])
    return viewer


def make_waiting(waiting: int) -> None:
    """``waiting`` people waiting for an opponent in Yatzy, in order (made in bulk: the
    pairing step below pairs them)."""
    from datetime import timedelta

    from django.utils import timezone

    from accounts.models import Player
    from lobby.models import Waiting

    moment = timezone.now()
    people = Player.objects.bulk_create([Player(name=f"W{i}") for i in range(waiting)])
    Waiting.objects.bulk_create(
        [
            Waiting(player=p, ruleset="yatzy", since=moment - timedelta(seconds=waiting - i))
            for i, p in enumerate(people)
        ]
    )


def time_page(url: str, label: str, player: Player, pages: int) -> dict[str, float]:
    """Time ``pages`` loads of ``url`` as ``player``: the median, the p95 and the queries
    of one load, each named after ``label``."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from accounts.services.players import SESSION_KEY

    client = Client()
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    assert client.get(url).status_code == 200
    times, cpu = [], []
    for _ in range(pages):
        start, start_cpu = time.perf_counter(), time.process_time()
        client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return {
        f"{label} median ms": round(statistics.median(times), 2),
        f"{label} p95 ms": round(sorted(times)[int(len(times) * 0.95)], 2),
        f"{label} cpu median ms": round(statistics.median(cpu), 2),
        f"{label} cpu p95 ms": round(sorted(cpu)[int(len(cpu) * 0.95)], 2),
        f"{label} queries": len(queries),
    }


def time_pairing(waiting: int) -> dict[str, float]:
    """One more arrival pairs everyone waiting (the last one with the arrival)."""
    from accounts.models import Player
    from lobby.models import Waiting
    from lobby.services.pairing import opponent_find

    arrival = Player.objects.create(name="Arrival")
    start = time.perf_counter()
    opponent_find(player=arrival, ruleset="yatzy")
    took = (time.perf_counter() - start) * 1000
    assert not Waiting.objects.exists() or waiting % 2 == 0
    pairs = (waiting + 1) // 2
    return {"pairing ms": round(took, 1), "pairing ms per pair": round(took / pairs, 2)}


def print_plan(viewer: Player) -> None:
    """Print the plans of the list's reads (SQLite): the people seated, the candidates."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from friends.selectors.blocks import blocked_ids
    from rooms.selectors.open_tables import open_tables

    apart = blocked_ids(viewer)
    with CaptureQueriesContext(connection) as queries:
        open_tables(apart_from=apart)
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        for query in queries.captured_queries:
            cursor.execute(f"EXPLAIN QUERY PLAN {query['sql']}")
            print(f"plan of {query['sql'][:60]}...")
            for row in cursor.fetchall():
                print(f"  {row[-1]}")


if __name__ == "__main__":
    main()
