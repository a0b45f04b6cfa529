"""The restore drill: games of every mode are played while a backup is taken; the backup is
restored into a new database, which holds every move made before it and none made after,
each room whole, and a server started on it serves the rooms.

It runs in both passes of ``make test``: on SQLite through its online backup, on
PostgreSQL through ``pg_dump`` (the restored database is a new one beside the test
database, dropped afterwards)."""

from __future__ import annotations

import contextlib
import io
import sqlite3
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection

from backups.services.postgres_dump import conninfo
from backups.services.take import take_backup
from bench.harness.live_server import serve
from common.errors import ServiceError
from play.models import Event, Game, Scorecard
from rooms.models import Room
from tests.support.fixture_types import MakePlayer, MakeRoom
from tests.support.game_state import game_of, play_turn

pytestmark = pytest.mark.django_db(transaction=True)

# One room of each way of playing: in turn, everyone at once, the same dice, by the day.
MODES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("yahtzee", {}),
    ("yams", {"together": True}),
    ("yatzy", {"together": True, "duplicate": True}),
    ("triple_yahtzee", {"pace": "day"}),
)
MOVES_BEFORE, MOVES_AFTER = 12, 8  # turns played before the backup, and while after it


class Players(threading.Thread):
    """Plays a turn in every room in turn, round and round, until ``stop``: ``warm`` is
    set after ``MOVES_BEFORE`` turns, ``moved_after`` after ``MOVES_AFTER`` more once
    ``backed_up`` is set."""

    def __init__(self, rooms: list[str]) -> None:
        super().__init__(name="players", daemon=True)
        self.rooms = rooms
        self.warm, self.backed_up = threading.Event(), threading.Event()
        self.moved_after, self.stop = threading.Event(), threading.Event()
        self.turns, self.turns_after = 0, 0
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                for code in self.rooms:
                    self.play_a_turn(code)
        except BaseException as error:  # seen by the test, which fails with it
            self.error = error
        finally:
            connection.close()

    def play_a_turn(self, code: str) -> None:
        game = game_of(code)
        if game.status != Game.Status.PLAYING:
            return
        if game.together:
            players = [card.player for card in game.scorecards.select_related("player")]
        else:
            players = [Scorecard.objects.get(game=game, seat=game.current_seat).player]
        for player in players:
            with contextlib.suppress(ServiceError):  # together: a round already played
                play_turn(player, code)
                self.count()

    def count(self) -> None:
        self.turns += 1
        if self.turns >= MOVES_BEFORE:
            self.warm.set()
        if self.backed_up.is_set():
            self.turns_after += 1
            if self.turns_after >= MOVES_AFTER:
                self.moved_after.set()


@pytest.fixture
def restored_database(tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """Where to restore (``--into``) and, as a ``DATABASES`` entry, what: a new SQLite
    file, or a new PostgreSQL database beside the test one (dropped afterwards)."""
    own = connection.settings_dict
    if own["ENGINE"] == "django.db.backends.sqlite3":
        path = tmp_path / "restored.sqlite3"
        yield str(path), {"ENGINE": "sqlite", "NAME": str(path)}
        return
    name = f"{own['NAME']}_restored"
    server = {**own, "NAME": "postgres"}
    with psycopg.connect(conninfo(server), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    url = f"postgres://{own['USER']}:{own.get('PASSWORD') or ''}@{own['HOST']}:{own['PORT']}/{name}"
    try:
        yield url, {**own, "NAME": name, "ENGINE": "postgresql"}
    finally:
        with psycopg.connect(conninfo(server), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def rows(database: dict[str, str], query: str) -> list[tuple[object, ...]]:
    """The rows ``query`` reads from the restored database."""
    if database["ENGINE"] == "sqlite":
        with closing(sqlite3.connect(database["NAME"])) as db:
            return list(db.execute(query).fetchall())
    with psycopg.connect(conninfo(database)) as db:
        return list(db.execute(query).fetchall())


def test_a_backup_taken_mid_game_restores_every_move_before_it_and_serves_the_rooms(
    make_player: MakePlayer,
    make_room: MakeRoom,
    tmp_path: Path,
    restored_database: tuple[str, dict[str, str]],
) -> None:
    rooms = []
    for ruleset, mode in MODES:
        people = [make_player(name) for name in ("Ada", "Bob", "Cy")]
        room = make_room(people[0], ruleset, seats=3, joined=people[1:], start=True, **mode)
        rooms.append(room.code)
    players = Players(rooms)
    players.start()
    try:
        assert players.warm.wait(120), players.error
        before = set(Event.objects.values_list("pk", flat=True))
        backup, manifest = take_backup(tmp_path / "backups")
        after = set(Event.objects.values_list("pk", flat=True))
        players.backed_up.set()
        assert players.moved_after.wait(120), players.error
    finally:
        players.stop.set()
        players.join(120)
    assert players.error is None, players.error
    final = set(Event.objects.values_list("pk", flat=True))

    into, database = restored_database
    out = io.StringIO()
    call_command("restore", str(backup), into=into, stdout=out)
    assert "checked: " in out.getvalue(), out.getvalue()

    # Every move committed before the backup, none made after it: a snapshot.
    restored = {pk for (pk,) in rows(database, "SELECT id FROM games_event")}
    assert before <= restored <= after < final, (len(before), len(restored), len(after))
    assert manifest.tables["games_event"] == len(restored)
    # Each room whole: its version is its last event's, its events numbered without a gap.
    for code, version in rows(database, "SELECT code, version FROM games_room"):
        (seqs,) = rows(
            database,
            "SELECT COUNT(*), MAX(seq) FROM games_event e JOIN games_room r ON e.room_id = r.id"
            f" WHERE r.code = '{code}'",
        )
        assert seqs == (version, version), (code, seqs, version)

    (tmp_path / "served").mkdir()
    with serve(tmp_path / "served", DATABASE_URL=restored_url(into)) as url:
        for code in rooms:
            with urllib.request.urlopen(f"{url}/r/{code}/", timeout=30) as page:
                assert page.status == 200
                assert code in page.read().decode()
    assert Room.objects.count() == len(MODES)


def restored_url(into: str) -> str:
    """``--into`` as the ``DATABASE_URL`` of a server on the restored database."""
    return into if "://" in into else f"sqlite:///{into}"
