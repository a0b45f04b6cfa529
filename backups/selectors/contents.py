"""What a database holds, read through a DB-API cursor of SQLite or PostgreSQL: its
tables' row counts and the migrations recorded as applied; and the migrations this code
has."""

from __future__ import annotations

from typing import Any, Protocol

from django.db.migrations.loader import MigrationLoader

TABLES = {
    "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    "postgresql": "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()",
}


class Cursor(Protocol):
    """The part of a DB-API cursor read here (sqlite3's and psycopg's)."""

    def execute(self, query: str, /) -> Any: ...

    def fetchall(self) -> list[Any]: ...


def table_names(cursor: Cursor, engine: str) -> list[str]:
    """The database's tables, by name."""
    cursor.execute(TABLES[engine])
    return sorted(str(row[0]) for row in cursor.fetchall())


def row_counts(cursor: Cursor, tables: list[str]) -> dict[str, int]:
    """Each table's number of rows (names from ``table_names``, never from input)."""
    counts = {}
    for table in tables:
        cursor.execute(f'SELECT COUNT(*) FROM "{table}"')
        counts[table] = int(cursor.fetchall()[0][0])
    return counts


def applied_migrations(cursor: Cursor) -> list[str]:
    """The migrations the database records as applied, as ``app.name``, sorted."""
    cursor.execute("SELECT app, name FROM django_migrations")
    return sorted(f"{app}.{name}" for app, name in cursor.fetchall())


def contents(cursor: Cursor, engine: str) -> tuple[dict[str, int], list[str]]:
    """(rows per table, migrations applied) of the database ``cursor`` reads."""
    return row_counts(cursor, table_names(cursor, engine)), applied_migrations(cursor)


def code_migrations() -> set[str]:
    """Every migration of this code's installed apps, as ``app.name``."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    return {f"{app}.{name}" for app, name in loader.disk_migrations}
