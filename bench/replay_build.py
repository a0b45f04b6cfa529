"""Time to build a finished 4-player game's replay: with the coach's values computed
(the cache empty) and with them read from the cache.

    .venv/bin/python bench/replay_build.py

Plays a 4-player Yahtzee game (three expert bots and a person who scores after one
roll) on a fresh SQLite file through ``games.services`` (no server), then times
``play.selectors.replay.replay_of``.
Prints one JSON line.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    """Play the game, measure and print the figures."""
    workdir = tempfile.mkdtemp(prefix="replay-build-")
    os.environ.update(
        DATABASE_URL=f"sqlite:///{workdir}/db.sqlite3",
        DJANGO_SETTINGS_MODULE="yahtzee_site.settings",
        GAMES_CLOCK_IN_PROCESS="0",
        DEBUG="0",
        GAMES_BOT_DELAY_SECONDS="0",
    )
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command

    from accounts.models import Player
    from bench.harness.play import play_turn
    from games import services
    from play import advice as coach
    from play.models import Game
    from play.selectors import replay
    from scoring import rulesets

    call_command("migrate", verbosity=0)
    host = Player.objects.create(name="Host")
    code = services.room_create(player=host, ruleset="yahtzee", seats=4).code
    for _ in range(3):
        services.room_add_bot(player=host, code=code, level="expert")
    coach.advisor(rulesets.get("yahtzee"))  # the tables, loaded once per process
    services.room_start(player=host, code=code)
    while (game := Game.objects.get(room__code=code)).status == Game.Status.PLAYING:
        if game.current_seat == 0:
            play_turn(host, code)
        else:
            services.games_run_due(at=game.bot_due_at)
    started = time.perf_counter()
    built = replay.replay_of(game)
    steps = built["steps"]
    cold = time.perf_counter() - started
    started = time.perf_counter()
    replay.replay_of(game)
    cached = time.perf_counter() - started
    cache.clear()
    print(
        json.dumps(
            {
                "steps": len(steps),
                "coach": built["coach_status"],
                "valued": sum(1 for s in steps if s["coach"]),
                "cold_s": round(cold, 3),
                "cached_s": round(cached, 3),
            }
        )
    )


if __name__ == "__main__":
    main()
