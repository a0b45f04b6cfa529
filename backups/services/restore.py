"""Restoring a backup into an empty database, and checking what was restored against the
backup's manifest and this code's migrations."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import dj_database_url
from django.db import connection

from backups.selectors.contents import code_migrations
from backups.selectors.files import checksum, manifest_of
from backups.services.postgres_dump import read_postgres, restore_postgres
from backups.services.sqlite_copy import read_sqlite, restore_sqlite
from backups.services.take import ENGINES


@dataclass
class Restored:
    """What a restore did and found: ``problems`` empty when the database is whole."""

    target: str
    engine: str
    seconds: float = 0.0
    tables: int = 0
    rows: int = 0
    problems: list[str] = field(default_factory=list)
    to_migrate: list[str] = field(default_factory=list)  # this code's, not yet applied


def target_database(engine: str, into: str | None) -> dict[str, Any]:
    """The database to restore a backup of ``engine`` into: ``into`` (an SQLite file's
    path or a database URL), else the site's own; ``ValueError`` when it is of another
    engine than the backup."""
    if into and "://" not in into:
        into = f"sqlite:///{Path(into).resolve()}"
    database = dict(dj_database_url.parse(into) if into else connection.settings_dict)
    if ENGINES.get(database["ENGINE"]) != engine:
        where = "--into" if into else "the site's database"
        raise ValueError(f"a backup of {engine} restores into {engine}, not {where}")
    return database


def restore_backup(backup: Path, into: str | None = None) -> Restored:
    """Restore ``backup`` into an empty database (``into``, else the site's own) and check
    it: SQLite's integrity check, every table's rows against the manifest, the migrations
    recorded against the manifest and this code. ``ValueError`` when the backup is damaged
    or the target is not empty, before anything is written."""
    manifest = manifest_of(backup)
    if checksum(backup) != manifest.sha256:
        raise ValueError(f"{backup.name} is damaged: its checksum differs from its manifest's")
    database = target_database(manifest.engine, into)
    done = Restored(target=str(database["NAME"]), engine=manifest.engine)
    started = time.monotonic()
    if manifest.engine == "sqlite":
        done.problems += restore_sqlite(backup, Path(database["NAME"]))
        tables, migrations = read_sqlite(Path(database["NAME"]))
    else:
        restore_postgres(backup, database)
        tables, migrations = read_postgres(database)
    done.seconds = round(time.monotonic() - started, 3)
    done.tables, done.rows = len(tables), sum(tables.values())
    for table, rows in sorted(manifest.tables.items()):
        if tables.get(table) != rows:
            done.problems.append(f"{table}: {tables.get(table)} rows, the backup had {rows}")
    if migrations != manifest.migrations:
        done.problems.append("the migrations recorded differ from the backup's")
    ours, theirs = code_migrations(), set(migrations)
    done.problems += [f"migration {name} is unknown to this code" for name in sorted(theirs - ours)]
    done.to_migrate = sorted(ours - theirs)
    return done
