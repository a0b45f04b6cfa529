"""``manage.py backup``: a consistent copy of the database, taken while the site runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from backups.services.take import take_backup


class Command(BaseCommand):
    help = (
        "Copy the database as it is at one moment (SQLite's online backup, or pg_dump "
        "--format=custom) into BACKUP_DIR with its manifest, then drop the backups the "
        "rotation no longer keeps."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dir", type=Path, help="where to write it (default BACKUP_DIR)")

    def handle(self, *args: Any, **options: Any) -> None:
        path, manifest = take_backup(options["dir"])
        rows = sum(manifest.tables.values())
        self.stdout.write(
            f"{path} ({manifest.bytes:,} bytes, {len(manifest.tables)} tables, {rows:,} rows) "
            f"in {manifest.seconds:.2f} s"
        )
