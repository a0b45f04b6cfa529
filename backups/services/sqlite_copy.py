"""A copy of an SQLite database taken while it is written, and its restore, through
SQLite's online backup API: one step reads the whole file in a single read transaction,
so the copy is the database as it was at one moment (writers go on meanwhile under
write-ahead logging)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from backups.selectors.contents import contents


def copy_sqlite(source: str, target: Path) -> tuple[datetime, dict[str, int], list[str]]:
    """Copy the SQLite file ``source`` to ``target`` (a single file, no write-ahead log);
    returns (the moment of the copy, rows per table, migrations applied) as in the copy."""
    reading, writing = sqlite3.connect(source, timeout=20), sqlite3.connect(target)
    with closing(reading) as reader, closing(writing) as writer:
        moment = datetime.now(UTC)
        reader.backup(writer)
        writer.execute("PRAGMA journal_mode=DELETE")
        tables, migrations = contents(writer.cursor(), "sqlite")
    return moment, tables, migrations


def restore_sqlite(backup: Path, target: Path) -> list[str]:
    """Write the database of ``backup`` into ``target``, a file that does not exist yet or
    holds no table (``ValueError`` otherwise); returns what SQLite's integrity check then
    finds wrong in it (nothing when it is sound)."""
    if target.exists() and target.stat().st_size:
        with closing(sqlite3.connect(target)) as existing:
            if existing.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
                raise ValueError(f"{target} is not empty: restore into a new database")
    target.parent.mkdir(parents=True, exist_ok=True)
    reading, writing = sqlite3.connect(f"file:{backup}?mode=ro", uri=True), sqlite3.connect(target)
    with closing(reading) as source, closing(writing) as writer:
        source.backup(writer)
        found = [str(row[0]) for row in writer.execute("PRAGMA integrity_check")]
        writer.execute("PRAGMA journal_mode=WAL")  # as the site opens it
    return [] if found == ["ok"] else found


def read_sqlite(path: Path) -> tuple[dict[str, int], list[str]]:
    """(rows per table, migrations applied) of the SQLite file ``path``."""
    with closing(sqlite3.connect(path)) as db:
        return contents(db.cursor(), "sqlite")
