"""Time to build a player's profile page with many finished games, in-process.

    .venv/bin/python bench/profile_page.py --games 200

Writes ``--games`` finished four-seat Yahtzee games of one player on a fresh SQLite file
(full sheets, 13 turns a seat of three random rolls each, a stored review of the player
of a realistic size per game), then requests the player's profile through Django's test
client and prints the median wall time of ``--runs`` requests, the figures alone
(``coach.selectors.stats.player_stats``), the queries per page, the page's and the
chart's size, and one JSON line last.
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
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

if TYPE_CHECKING:
    from django.test import Client

    from accounts.models import Player
    from scoring.scorecard import Scorecard


def _sheet(rng: random.Random) -> Scorecard:
    from scoring import rulesets

    card = rulesets.get("yahtzee").new_scorecard()
    while not card.is_complete:
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        chosen = rng.choice(card.options(dice))
        card = card.place(dice, chosen.box, chosen.column)
    return card


def main(argv: list[str] | None = None) -> None:
    """Build the history, measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    workdir = tempfile.mkdtemp(prefix="profile-page-")
    os.environ.update(
        DATABASE_URL=f"sqlite:///{workdir}/db.sqlite3",
        DJANGO_SETTINGS_MODULE="bench.settings",
        GAMES_CLOCK_IN_PROCESS="0",
        DEBUG="0",
        ALLOWED_HOSTS="testserver",
        SECRET_KEY="bench-only-" + "x" * 50,
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from accounts.services.players import SESSION_KEY

    call_command("migrate", verbosity=0)
    ada = write_history(args.games, random.Random(7))
    client = Client()
    session = client.session
    session[SESSION_KEY] = ada.pk
    session.save()
    result = {"games": args.games, **time_page(client, ada, args.runs)}
    print(
        f"profile page, {args.games} games: {result['page_ms']} ms "
        f"(figures {result['figures_ms']} ms), {result['queries']} queries"
    )
    print(f"page {result['page_kb']} KB, of which the chart {result['chart_kb']} KB")
    print(json.dumps(result))


def write_history(games: int, rng: random.Random) -> Player:
    """``games`` finished four-seat games of Ada with Bob, Cy and Dee, each with a review
    of Ada's play; returns Ada."""
    from accounts.models import Player
    from bench.harness.histories import Seat, played, room_of
    from coach.models import GameReview

    people = [Player.objects.create(name=n) for n in ("Ada", "Bob", "Cy", "Dee")]
    ada = people[0]
    decision = {
        "turn": 1,
        "dice": [1, 2, 3, 4, 5],
        "rolls_left": 2,
        "announced": None,
        "chosen": {"kind": "keep", "keep": [1, 2, 3, 4], "value": 240.1},
        "best": {"kind": "keep", "keep": [2, 3, 4, 5], "value": 241.3},
        "loss": 1.2,
        "alternatives": [{"kind": "keep", "keep": [2, 3, 4], "value": 240.0}] * 3,
    }
    for _ in range(max(1, games // 20)):
        room = room_of(ada, "yahtzee", people[1:])
        for _ in range(min(20, games)):
            seats = [
                Seat(
                    p,
                    _sheet(rng),
                    turns=[
                        [tuple(rng.randint(1, 6) for _ in range(5)) for _ in range(3)]
                        for _ in range(13)
                    ],
                )
                for p in people
            ]
            game = played(room, seats)
            GameReview.objects.create(
                game=game,
                player=ada,
                data={"accuracy": round(rng.uniform(40, 100), 1), "decisions": [decision] * 35},
            )
    return ada


def time_page(client: Client, ada: Player, runs: int) -> dict[str, float]:
    """The median time of ``runs`` loads of Ada's profile through ``client`` (signed in)
    and of her figures alone, the queries of one page, the page's and the chart's size."""
    from django.db import connection

    from coach.selectors.stats import player_stats

    url = f"/players/{ada.pk}/"
    queries: list[str] = []

    def count(
        execute: Callable[[str, Any, bool, dict[str, Any]], Any],
        sql: str,
        params: Any,
        many: bool,
        context: dict[str, Any],
    ) -> Any:
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    chart = html[html.index("<svg viewBox") : html.index("</svg>", html.index("<svg viewBox"))]
    pages, figures = [], []
    for _ in range(runs):
        start = time.perf_counter()
        client.get(url)
        pages.append(time.perf_counter() - start)
        start = time.perf_counter()
        player_stats(ada)
        figures.append(time.perf_counter() - start)
    return {
        "page_ms": round(1000 * statistics.median(pages), 1),
        "figures_ms": round(1000 * statistics.median(figures), 1),
        "queries": len(queries),
        "page_kb": round(len(html) / 1024, 1),
        "chart_kb": round(len(chart) / 1024, 1),
    }


if __name__ == "__main__":
    main()
