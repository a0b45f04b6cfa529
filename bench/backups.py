"""How long a backup and its restore take on a database of finished games.

    .venv/bin/python bench/backups.py [--games 300] [--database-url postgres://...]
    .venv/bin/python -m bench.harness.servers .venv/bin/python bench/backups.py --postgres

On a fresh SQLite file (or the database of ``--database-url``; ``--postgres`` takes the
``DATABASE_URL`` that ``bench.harness.servers`` sets): that many two-player games of
Yahtzee played to their end through the services (each turn one roll and the first open
box, the same rows a real game writes) and a chat line each. Then
``manage.py backup`` and ``manage.py restore`` into a new database, timed as a person
runs them (each a process of its own, Django's start included), and each one's own
figure (without the process). Prints one human line per figure, then one JSON
line with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    """Fill the database, time a backup and a restore, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--postgres", action="store_true", help="use $DATABASE_URL")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="backup-bench-"))
    url = os.environ["DATABASE_URL"] if args.postgres else args.database_url
    os.environ.update(
        DATABASE_URL=url or f"sqlite:///{workdir}/db.sqlite3",
        DJANGO_SETTINGS_MODULE="bench.settings",
        GAMES_CLOCK_IN_PROCESS="0",
        GAMES_COACH_IN_BACKGROUND="0",
        DEBUG="0",
        ALLOWED_HOSTS="testserver",
        SECRET_KEY="bench-only-" + "x" * 50,
        BACKUP_DIR=str(workdir / "backups"),
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    fill(args.games)
    figures: dict[str, float | int | str] = {"games": args.games, "engine": connection.vendor}
    started = time.monotonic()
    subprocess.run([sys.executable, "manage.py", "backup"], cwd=ROOT, check=True)
    figures["backup_s"] = round(time.monotonic() - started, 2)
    backup = next(p for p in (workdir / "backups").glob("site-*") if p.suffix != ".json")
    manifest = json.loads(backup.with_suffix(".json").read_text())
    figures |= {
        "copy_s": manifest["seconds"],
        "bytes": manifest["bytes"],
        "rows": sum(manifest["tables"].values()),
    }
    into = new_database(connection.settings_dict, workdir)
    started = time.monotonic()
    said = subprocess.run(
        [sys.executable, "manage.py", "restore", str(backup), "--into", into],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    figures["restore_s"] = round(time.monotonic() - started, 2)
    print(said, end="")
    figures["restore_own_s"] = float(re.findall(r"rows in ([\d.]+) s", said)[0])
    print(
        f"{figures['engine']}: {args.games} games, {figures['rows']:,} rows, "
        f"{figures['bytes']:,} bytes; backup {figures['backup_s']} s (the copy "
        f"{figures['copy_s']} s), restore with its checks {figures['restore_s']} s (the "
        f"restore and checks themselves {figures['restore_own_s']} s)"
    )
    print(json.dumps(figures))


def fill(games: int) -> None:
    """Play ``games`` two-player games of Yahtzee to their end, a chat line each."""
    from accounts.models import Player
    from bench.harness.play import play_turn
    from games import services
    from play.models import Game

    for number in range(games):
        ada, bob = (Player.objects.create(name=f"{name} {number}") for name in ("Ada", "Bob"))
        room = services.room_create(player=ada, ruleset="yahtzee", seats=2)
        services.room_join(player=bob, code=room.code)
        services.room_start(player=ada, code=room.code)
        services.chat_post(player=ada, code=room.code, text="good luck!")
        game = Game.objects.get(room=room)
        while game.status == Game.Status.PLAYING:
            play_turn((ada, bob)[game.current_seat], room.code)
            game.refresh_from_db()


def new_database(own: dict[str, object], workdir: Path) -> str:
    """An empty database beside ``own`` to restore into, as ``--into`` takes it."""
    if own["ENGINE"] == "django.db.backends.sqlite3":
        return str(workdir / "restored.sqlite3")
    import psycopg

    from backups.services.postgres_dump import conninfo

    with psycopg.connect(conninfo({**own, "NAME": "postgres"}), autocommit=True) as admin:
        admin.execute("DROP DATABASE IF EXISTS restored")
        admin.execute("CREATE DATABASE restored")
    user, password = own.get("USER") or "", own.get("PASSWORD") or ""
    return f"postgres://{user}:{password}@{own.get('HOST')}:{own.get('PORT')}/restored"


if __name__ == "__main__":
    main()
