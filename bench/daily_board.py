"""The daily challenge's results page with 100,000 results of one day.

    .venv/bin/python bench/daily_board.py [--results 100000] [--pages 200]

On a fresh SQLite file (or ``--database-url``): one day's challenge with that many
finished ranked attempts (rows made in bulk: the page only reads them), the viewer's
among them, and their friends: the 30 people they shared rooms with. Times the whole
results page (the view through Django's test client, template included) as a player
who played (rank among everyone and among friends, the leaderboard) and as one who has
not, and prints the query plans of the rank and the leaderboard. The target: a page in
under 50 ms.
Prints one human line per figure, then one JSON line with every figure.
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
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

if TYPE_CHECKING:
    from accounts.models import Player
    from daily.models import DailyChallenge

FRIENDS = 30
BATCH = 5_000


def main() -> None:
    """Make the results, time the pages and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="daily-board-")
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
    from django.utils import timezone

    from accounts.models import Player
    from daily.models import DailyChallenge
    from daily.selectors import daily
    from rooms.models import Membership, Room

    call_command("migrate", verbosity=0)
    rng = random.Random(1)
    day = daily.today()
    challenge = DailyChallenge.objects.create(day=day, ruleset="yatzy", par={"total": 248})
    moment = timezone.now()
    add_results(challenge, args.results, rng, moment)
    viewer = Player.objects.get(name="P0")
    table = Room.objects.create(
        code="friendsroom0", host=viewer, ruleset="yatzy", seat_count=8, last_activity_at=moment
    )
    for pk in rng.sample(range(viewer.pk + 1, viewer.pk + args.results), FRIENDS):
        Membership.objects.create(room=table, player_id=pk)
    Membership.objects.create(room=table, player=viewer, seat=0)
    stranger = Player.objects.create(name="Newcomer")
    url = f"/daily/yatzy/{day.isoformat()}/"
    figures: dict[str, float] = {}
    for label, player in (("played", viewer), ("not played", stranger)):
        figures |= time_page(url, label, player, args.pages)
        print(
            f"{label}: median {figures[f'{label} median ms']} ms, p95 "
            f"{figures[f'{label} p95 ms']} ms, {figures[f'{label} queries']} queries, "
            f"{args.results} results"
        )
    print_plans(challenge)
    print(json.dumps({"results": args.results, **figures}))


def add_results(
    challenge: DailyChallenge, results: int, rng: random.Random, moment: datetime
) -> None:
    """``results`` finished ranked attempts at ``challenge``, by players P0, P1..."""
    from accounts.models import Player
    from daily.models import DailyAttempt
    from play.models import Game
    from rooms.models import Room

    made = 0
    while made < results:
        count = min(BATCH, results - made)
        players = Player.objects.bulk_create([Player(name=f"P{made + i}") for i in range(count)])
        rooms = Room.objects.bulk_create(
            [
                Room(
                    code=f"d{made + i:011d}",
                    host=p,
                    ruleset="yatzy",
                    seat_count=1,
                    coach_enabled=False,
                    daily=True,
                    last_activity_at=moment,
                )
                for i, p in enumerate(players)
            ]
        )
        games = Game.objects.bulk_create(
            [
                Game(
                    room=r,
                    number=1,
                    ruleset="yatzy",
                    status=Game.Status.FINISHED,
                    seed="0" * 64,
                    finished_at=moment,
                )
                for r in rooms
            ]
        )
        DailyAttempt.objects.bulk_create(
            [
                DailyAttempt(
                    challenge=challenge,
                    player=p,
                    game=g,
                    ranked=True,
                    score=rng.randint(120, 330),
                    accuracy=rng.uniform(70, 99),
                    finished_at=moment,
                )
                for p, g in zip(players, games, strict=True)
            ]
        )
        made += count


def time_page(url: str, label: str, player: Player, pages: int) -> dict[str, float]:
    """Time ``pages`` loads of ``url`` as ``player``: the median, the p95 and the queries
    of one load, each named after ``label``; prints the slowest query."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from accounts.services.players import SESSION_KEY

    client = Client()
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    assert client.get(url).status_code == 200
    times = []
    for _ in range(pages):
        start = time.perf_counter()
        client.get(url)
        times.append((time.perf_counter() - start) * 1000)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    slowest = max(queries.captured_queries, key=lambda q: float(q["time"]))
    print(f"{label}: slowest query {slowest['time']} s: {slowest['sql'][:300]}")
    return {
        f"{label} median ms": round(statistics.median(times), 2),
        f"{label} p95 ms": round(sorted(times)[int(len(times) * 0.95)], 2),
        f"{label} queries": len(queries),
    }


def print_plans(challenge: DailyChallenge) -> None:
    """Print the plans of the queries of a rank and of the leaderboard (SQLite)."""
    from django.db import connection

    from daily.selectors import daily

    with connection.cursor() as cursor:
        for name, sql in (
            ("rank", str(daily.board(challenge).filter(score__gt=200).only("pk").query)),
            (
                "leaderboard",
                str(
                    daily.board(challenge)
                    .order_by("-score", "finished_at", "pk")
                    .only("pk")[:20]
                    .query
                ),
            ),
        ):
            if connection.vendor == "sqlite":
                cursor.execute(f"EXPLAIN QUERY PLAN {sql}")
                print(f"{name} plan:", [row[-1] for row in cursor.fetchall()])


if __name__ == "__main__":
    main()
