"""``manage.py backup`` and ``restore``: the manifest, the rotation, the nightly thread,
and every refusal (a damaged backup, a target that is not empty, a backup of newer code),
each of which writes nothing."""

from __future__ import annotations

import io
import json
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import override_settings

from backups.background import nightly
from backups.selectors.files import Manifest, backups_in, name_for
from backups.services.take import rotate, take_backup
from rooms.models import Room
from tests.support.fixture_types import MakePlayer, MakeRoom
from tests.support.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

# Restores into an SQLite file; the restore drill restores into PostgreSQL in its pass.
SQLITE_ONLY = pytest.mark.sqlite_pass_only


def test_a_backup_lists_every_table_and_migration_and_names_its_moment(
    make_player: MakePlayer, make_room: MakeRoom, tmp_path: Path
) -> None:
    ada = make_player("Ada")
    make_room(ada, "yahtzee", joined=[make_player("Bob")], start=True)
    out = io.StringIO()
    call_command("backup", dir=tmp_path, stdout=out)
    [(path, manifest)] = backups_in(tmp_path)
    assert str(path) in out.getvalue() and "rows" in out.getvalue()
    assert path.name == name_for(manifest.engine, manifest.moment)
    assert manifest.tables["games_room"] == 1 and manifest.tables["games_scorecard"] == 2
    assert "play.0001_initial" in manifest.migrations
    assert manifest.bytes == path.stat().st_size > 0
    assert not list(tmp_path.glob(".partial-*"))


@SQLITE_ONLY
def test_a_damaged_backup_or_a_full_target_is_refused_and_nothing_is_written(
    make_player: MakePlayer, tmp_path: Path
) -> None:
    make_player("Ada")
    path, _ = take_backup(tmp_path)
    target = tmp_path / "new.sqlite3"
    damaged = tmp_path / "damaged" / path.name
    damaged.parent.mkdir()
    damaged.write_bytes(path.read_bytes()[:-1] + b"x")
    (damaged.parent / f"{path.stem}.json").write_text((tmp_path / f"{path.stem}.json").read_text())
    with pytest.raises(CommandError, match="is damaged"):
        call_command("restore", str(damaged), into=str(target))
    assert not target.exists()
    with pytest.raises(CommandError, match="not empty"):
        call_command("restore", str(path), into=str(tmp_path / path.name))
    with pytest.raises(CommandError, match="a backup of sqlite restores into sqlite"):
        call_command("restore", str(path), into="postgres://nobody@127.0.0.1:9/nothing")
    with pytest.raises(CommandError, match=r"\.json"):
        call_command("restore", str(tmp_path / "nothing.sqlite3"), into=str(target))
    assert not target.exists()
    call_command("restore", str(path), into=str(target), stdout=io.StringIO())
    with closing(sqlite3.connect(target)) as db:
        assert db.execute("SELECT COUNT(*) FROM games_player").fetchone() == (1,)


@SQLITE_ONLY
def test_a_backup_of_newer_code_is_restored_but_said_to_differ(tmp_path: Path) -> None:
    future = ["play", "9999_from_the_future"]
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO django_migrations (app, name, applied) VALUES (%s, %s, %s)",
            [*future, datetime.now(UTC)],
        )
    try:
        path, manifest = take_backup(tmp_path)
    finally:  # the test database's flush leaves the migrations' table alone
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM django_migrations WHERE app = %s AND name = %s", future)
    assert "play.9999_from_the_future" in manifest.migrations
    with pytest.raises(CommandError, match=r"play\.9999_from_the_future is unknown to this code"):
        call_command("restore", str(path), into=str(tmp_path / "new.sqlite3"))


def at(day: int, hour: int) -> datetime:
    return datetime(2026, 11, day, hour, tzinfo=UTC)


def test_rotation_keeps_the_newest_of_seven_days_and_four_weeks(tmp_path: Path) -> None:
    taken = [at(day, hour) for day in range(1, 31) for hour in (4, 16)]
    for moment in taken:
        path = tmp_path / name_for("sqlite", moment)
        path.write_bytes(b"copy")
        Manifest(path.name, "sqlite", moment.isoformat(), 0.1, 4, "-").write(tmp_path)
    removed = rotate(tmp_path)
    left = [m.moment for _, m in backups_in(tmp_path)]
    # The seven days 24-30 November; the four weeks: those of Monday 30 and Sunday 29
    # (among the days already), then the Sundays 22 and 15 November.
    assert left == [at(d, 16) for d in (15, 22, 24, 25, 26, 27, 28, 29, 30)]
    assert len(removed) == len(taken) - len(left)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [p.name for p, _ in backups_in(tmp_path)]
        + [f"{p.stem}.json" for p, _ in backups_in(tmp_path)]
    )


def test_the_night_is_due_once_after_its_hour() -> None:
    hour = 4
    now = datetime(2026, 12, 6, 5, 0).astimezone()
    mark = nightly.last_mark(now, hour)
    assert (mark.hour, mark.date()) == (4, now.date())
    early = datetime(2026, 12, 6, 3, 0).astimezone()
    assert nightly.last_mark(early, hour).date() == early.date() - timedelta(days=1)


def test_a_server_process_takes_the_nights_backup_by_itself(
    make_player: MakePlayer, tmp_path: Path
) -> None:
    make_player("Ada")
    assert nightly.due(tmp_path, datetime.now().astimezone(), 4)
    with override_settings(BACKUP_DIR=tmp_path):
        nightly.start(every=0.05)
        try:
            found = wait_until(lambda: backups_in(tmp_path), what="the night's backup")
        finally:
            nightly.stop()
    assert len(backups_in(tmp_path)) == 1, found
    assert not nightly.due(tmp_path, datetime.now().astimezone(), 4)
    manifest = json.loads((tmp_path / f"{found[0][0].stem}.json").read_text())
    assert manifest["tables"]["games_player"] == 1
    assert Room.objects.count() == 0
