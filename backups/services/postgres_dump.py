"""A dump of a PostgreSQL database taken while it is written, and its restore, with
PostgreSQL's own ``pg_dump --format=custom`` and ``pg_restore``.

The dump reads a snapshot this process exports from a read-only REPEATABLE READ
transaction, in which the rows are also counted: the counts and the dump are the
database at the same moment."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
from django.db import connection, transaction
from psycopg.conninfo import make_conninfo

from backups.selectors.contents import contents


def tool(name: str) -> str:
    """The path of PostgreSQL's ``name`` (``pg_dump``, ``pg_restore``) on ``PATH``."""
    found = shutil.which(name)
    if found is None:
        raise FileNotFoundError(f"{name} not found: install PostgreSQL's client programs")
    return found


def arguments(database: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
    """The command-line options and environment that reach ``database`` (a Django
    ``DATABASES`` entry) for PostgreSQL's programs."""
    options = ["--dbname", str(database["NAME"])]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if database.get(key):
            options += [flag, str(database[key])]
    env = dict(os.environ)
    if database.get("PASSWORD"):
        env["PGPASSWORD"] = str(database["PASSWORD"])
    return options, env


def dump_postgres(target: Path) -> tuple[datetime, dict[str, int], list[str]]:
    """Dump the site's PostgreSQL database to ``target``; returns (the moment of its
    snapshot, rows per table, migrations applied) as in the dump."""
    options, env = arguments(connection.settings_dict)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        moment = datetime.now(UTC)
        cursor.execute("SELECT pg_export_snapshot()")
        snapshot = str(cursor.fetchone()[0])
        tables, migrations = contents(cursor, "postgresql")
        subprocess.run(
            [
                tool("pg_dump"),
                "--format=custom",
                f"--snapshot={snapshot}",
                f"--file={target}",
                *options,
            ],
            env=env,
            check=True,
            capture_output=True,
        )
    return moment, tables, migrations


def conninfo(database: Mapping[str, Any]) -> str:
    """``database`` (a Django ``DATABASES`` entry) as a libpq connection string."""
    keys = {"dbname": "NAME", "host": "HOST", "port": "PORT", "user": "USER"}
    keys["password"] = "PASSWORD"
    return make_conninfo(
        **{key: str(database[name]) for key, name in keys.items() if database.get(name)}
    )


def restore_postgres(backup: Path, database: Mapping[str, Any]) -> None:
    """Restore the dump ``backup`` into ``database`` (a Django ``DATABASES`` entry), which
    must hold no table (``ValueError`` otherwise)."""
    with psycopg.connect(conninfo(database)) as db:
        tables = db.execute("SELECT COUNT(*) FROM pg_tables WHERE schemaname = current_schema()")
        if tables.fetchone()[0]:  # type: ignore[index]
            raise ValueError(f"database {database['NAME']} is not empty: restore into a new one")
    options, env = arguments(database)
    subprocess.run(
        [tool("pg_restore"), "--no-owner", "--no-privileges", "--exit-on-error", *options, backup],
        env=env,
        check=True,
        capture_output=True,
    )


def read_postgres(database: Mapping[str, Any]) -> tuple[dict[str, int], list[str]]:
    """(rows per table, migrations applied) of ``database`` (a Django ``DATABASES`` entry)."""
    with psycopg.connect(conninfo(database)) as db, db.cursor() as cursor:
        return contents(cursor, "postgresql")
