"""The clock's work per tick against the number of games by the day that are not due.

    .venv/bin/python bench/clock_due.py [--games 1000 10000 100000] [--ticks 200]

On a fresh SQLite file (or ``--database-url``): for each figure of ``--games`` that
many games by the day in play whose deadlines are hours or days away (rows made in
bulk: the clock only reads them), their two players last seen hours ago but for 50 who
have a page open now. Times ``games_run_due`` when nothing is due (the query alone), a
whole clock pass with its look for hosts who are gone, and a pass that plays the turns
of five real rooms past their deadline; prints the query plans.
The work per tick should not grow with the games that are not due: the query walks
the ``(status, turn_deadline)`` and ``(status, bot_due_at)`` indexes from their start.
Prints one human line per figure, then one JSON line with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

if TYPE_CHECKING:
    from accounts.models import Player

DUE = 5
ONLINE = 50  # people with the site open now, each in a room of their own


def main() -> None:
    """Make the games, time the ticks and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--ticks", type=int, default=200)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="clock-due-")
    os.environ.update(
        DATABASE_URL=args.database_url or f"sqlite:///{workdir}/db.sqlite3",
        DJANGO_SETTINGS_MODULE="yahtzee_site.settings",
        GAMES_CLOCK_IN_PROCESS="0",
        DEBUG="0",
        GAMES_BOT_DELAY_SECONDS="0",
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from accounts.models import Player

    call_command("migrate", verbosity=0)
    people = [Player.objects.create(name=f"P{i}") for i in range(2)]
    figures: dict[str, dict[str, float]] = {}
    made = 0
    for total in sorted(args.games):
        add_waiting(people, made, total - made)
        made = total
        figures[str(total)], plan = time_ticks(people, args.ticks)
        print(
            f"{total:>7} games not due: idle tick median"
            f" {figures[str(total)]['idle_tick_median_ms']} ms,"
            f" p99 {figures[str(total)]['idle_tick_p99_ms']} ms; with the hosts' look"
            f" {figures[str(total)]['tick_with_hosts_median_ms']} ms; a tick playing {DUE}"
            f" expired turns {figures[str(total)]['tick_with_5_expired_ms']} ms"
        )
        print(f"        plan: {plan}")
    print(json.dumps({"database": connection.vendor, "ticks": args.ticks, "figures": figures}))


def ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def expired_rooms(people: list[Player]) -> list[str]:
    """``DUE`` rooms by the day whose first turn is past its deadline."""
    from django.utils import timezone

    from games import services
    from play.models import Game, Turn

    codes = []
    for _ in range(DUE):
        room = services.room_create(player=people[0], ruleset="yatzy", seats=2, pace="day")
        services.room_join(player=people[1], code=room.code)
        services.room_start(player=people[0], code=room.code)
        codes.append(room.code)
    past = timezone.now() - timedelta(minutes=1)
    Game.objects.filter(room__code__in=codes).update(turn_deadline=past)
    # Everyone's turn at once (by the day's default): each turn has its own deadline.
    Turn.objects.filter(game__room__code__in=codes, finished_at__isnull=True).update(deadline=past)
    return codes


def add_waiting(people: list[Player], first: int, count: int) -> None:
    """``count`` games in play whose deadlines are 1 hour to 7 days away (their rooms
    numbered from ``first``)."""
    from django.utils import timezone

    from play.models import Game
    from rooms.models import Membership, Room

    now = timezone.now()
    batch = 2_000
    for start in range(first, first + count, batch):
        size = min(batch, first + count - start)
        rooms = Room.objects.bulk_create(
            Room(
                code=f"w{start + i:011d}",
                host=people[0],
                ruleset="yatzy",
                seat_count=2,
                pace=Room.Pace.DAY,
                turn_seconds=86_400,
                last_activity_at=now,
            )
            for i in range(size)
        )
        Game.objects.bulk_create(
            Game(
                room=room,
                number=1,
                ruleset="yatzy",
                turn_count=1,
                turn_deadline=now + timedelta(hours=1 + (start + i) % 167),
            )
            for i, room in enumerate(rooms)
        )
        # Both players were last here hours ago, their pages closed.
        Membership.objects.bulk_create(
            Membership(
                room=room,
                player=person,
                seat=seat,
                sockets=0,
                seen_at=now - timedelta(hours=2 + seat),
            )
            for room in rooms
            for seat, person in enumerate(people)
        )


def time_ticks(people: list[Player], ticks: int) -> tuple[dict[str, float], str]:
    """Time ``ticks`` idle ticks, a tenth as many whole clock passes and one tick playing
    ``DUE`` expired turns; the figures and the plan of the query for due games."""
    from django.utils import timezone

    from games import services
    from rooms.background.clock import clock_pass
    from rooms.models import Membership

    # Some second players have a page open now: the hosts' look reads their rooms.
    Membership.objects.filter(seat=1, room__code__startswith="w").filter(
        room__code__lt=f"w{ONLINE:011d}"
    ).update(sockets=1, seen_at=timezone.now())
    idle, hosts = [], []
    for _ in range(ticks):
        started = time.perf_counter()
        assert services.games_run_due() == []
        idle.append(time.perf_counter() - started)
    for _ in range(ticks // 10):
        started = time.perf_counter()
        assert clock_pass(hosts=True) is False
        hosts.append(time.perf_counter() - started)
    codes = expired_rooms(people)
    started = time.perf_counter()
    done = services.games_run_due()
    busy = time.perf_counter() - started
    assert sorted(c.code for c in done) == sorted(codes), "every expired game is served"
    while services.games_run_due():  # everyone at once: the other seats' turns too
        pass
    return {
        "idle_tick_median_ms": ms(statistics.median(idle)),
        "idle_tick_p99_ms": ms(sorted(idle)[int(len(idle) * 0.99)]),
        "tick_with_hosts_median_ms": ms(statistics.median(hosts)),
        "tick_with_5_expired_ms": ms(busy),
    }, query_plans()


def query_plans() -> str:
    """Print the plan of the query for who is online (SQLite); the plan of the query for
    due games."""
    from django.db import connection
    from django.utils import timezone

    from play.selectors.games import due_games
    from rooms.models import Membership

    with connection.cursor() as cursor:
        online = Membership.objects.filter(
            sockets__gt=0, seen_at__gte=timezone.now(), state=Membership.State.ACTIVE
        )
        sql, params = online.query.sql_with_params()
        if connection.vendor == "sqlite":
            cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
            figures_plan = " | ".join(row[-1] for row in cursor.fetchall())
            print(f"        who is online: {figures_plan}")
        sql, params = due_games(timezone.now(), 100).query.sql_with_params()
        if connection.vendor == "sqlite":
            cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
            return " | ".join(row[-1] for row in cursor.fetchall())
        cursor.execute("EXPLAIN " + sql, params)
        return " | ".join(row[0].strip() for row in cursor.fetchall())


if __name__ == "__main__":
    main()
