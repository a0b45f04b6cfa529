"""The server's own SQLite checkpoint thread (games/background/checkpoints.py)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from django.conf import settings as site_settings
from django.db import connection
from pytest_django import Settings

from games.background import checkpoints as sqlite_wal
from tests.support.waiting import wait_until

# Not in the PostgreSQL pass (docs/decisions/0007): SQLite's own checkpoint thread, on SQLite
# files of its own.
pytestmark = pytest.mark.sqlite_pass_only


def _writer(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA wal_autocheckpoint=0")  # as a server process's connections
    db.execute("CREATE TABLE IF NOT EXISTS moves (id INTEGER PRIMARY KEY, data TEXT)")
    return db


def _write(db: sqlite3.Connection, count: int) -> None:
    for n in range(count):
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO moves (data) VALUES (?)", (f"move {n} " + "x" * 3000,))
        db.execute("COMMIT")


def _wal_bytes(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def test_the_thread_keeps_the_log_short_while_commits_never_checkpoint(tmp_path: Path) -> None:
    unchecked = tmp_path / "unchecked.sqlite3"
    with closing(_writer(unchecked)) as db:
        _write(db, 600)
        grown = _wal_bytes(unchecked)

    checked = tmp_path / "checked.sqlite3"
    with closing(_writer(checked)) as db:
        thread = sqlite_wal.Checkpointer(str(checked), every=0.01)
        thread.start()
        try:
            for _ in range(6):
                _write(db, 100)
                done = thread.passes  # the pass under way may have begun before the write

                def two_more(done: int = done) -> bool:
                    return thread.passes >= done + 2

                wait_until(two_more, what="a checkpoint that began after the write")
        finally:
            thread.stop()
        assert not thread.is_alive()
        assert thread.passes >= 6 and thread.frames >= 600
        assert _wal_bytes(checked) < grown / 3  # the log restarted instead of growing
        # Everything committed is in the database file itself after the last checkpoint.
        busy, logged, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert busy == 0 and logged == copied
    with closing(sqlite3.connect(checked)) as db:
        assert db.execute("SELECT count(*) FROM moves").fetchone() == (600,)


def test_a_failed_checkpoint_is_logged_and_the_next_one_runs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "db.sqlite3"
    with closing(_writer(path)) as db:
        _write(db, 5)
        thread = sqlite_wal.Checkpointer(str(path))
        broken = sqlite3.connect(":memory:")
        broken.close()
        assert thread.checkpoint(broken) == (1, -1, -1)
        assert "checkpoint of" in caplog.text and thread.passes == 0
        with closing(sqlite3.connect(path)) as own:
            busy, logged, copied = thread.checkpoint(own)
        assert busy == 0 and logged == copied >= 5  # a page or more per commit
        assert thread.passes == 1 and thread.frames == copied


@pytest.mark.django_db
def test_commits_checkpoint_only_past_the_safety_net() -> None:
    if connection.vendor != "sqlite":
        assert sqlite_wal.database_file() is None
        assert sqlite_wal.start() is None
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA wal_autocheckpoint")
        assert cursor.fetchone() == (site_settings.SQLITE_AUTOCHECKPOINT_PAGES,)
    assert site_settings.SQLITE_AUTOCHECKPOINT_PAGES > 1000  # SQLite's default


@pytest.mark.django_db
def test_a_server_process_starts_one_thread_on_its_database(settings: Settings) -> None:
    settings.SQLITE_CHECKPOINT_THREAD = False
    sqlite_wal.ensure_started()
    assert "default" not in sqlite_wal._started
    settings.SQLITE_CHECKPOINT_THREAD = True
    sqlite_wal.ensure_started()
    try:
        thread = sqlite_wal._started.get("default")
        if connection.vendor != "sqlite":
            assert thread is None
            return
        assert thread is not None and thread.is_alive()
        assert thread.path == connection.settings_dict["NAME"]
        sqlite_wal.ensure_started()
        assert sqlite_wal.start() is thread  # once per process
    finally:
        sqlite_wal.stop()
    assert not thread.is_alive() and thread.passes == 1  # the last checkpoint
    assert "default" not in sqlite_wal._started
