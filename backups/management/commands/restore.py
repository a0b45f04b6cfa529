"""``manage.py restore FILE``: a backup into an empty database, checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from backups.services.restore import restore_backup


class Command(BaseCommand):
    help = (
        "Restore a backup made by manage.py backup into an empty database (the site's own, "
        "or --into), then check it: SQLite's integrity check, each table's rows and the "
        "migrations against the backup's manifest and this code."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the backup (its manifest beside it)")
        parser.add_argument(
            "--into", help="an SQLite file's path or a postgres:// URL (default: the site's)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            done = restore_backup(options["file"], options["into"])
        except (ValueError, FileNotFoundError) as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"{options['file']} restored into {done.target}: {done.tables} tables, "
            f"{done.rows:,} rows in {done.seconds:.2f} s"
        )
        if done.to_migrate:
            self.stdout.write(f"{len(done.to_migrate)} migrations to apply: run migrate")
        if done.problems:
            raise CommandError("the restored database differs:\n" + "\n".join(done.problems))
        integrity = "SQLite's integrity check, " if done.engine == "sqlite" else ""
        self.stdout.write(f"checked: {integrity}rows and migrations as in the backup")
