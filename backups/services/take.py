"""Taking a backup of the site's database while it runs, and rotating the backups kept."""

from __future__ import annotations

import contextlib
import time
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import connection

from backups.selectors.files import Manifest, backups_in, checksum, folder, name_for
from backups.selectors.rotation import kept
from backups.services.postgres_dump import dump_postgres
from backups.services.sqlite_copy import copy_sqlite

ENGINES = {"django.db.backends.sqlite3": "sqlite", "django.db.backends.postgresql": "postgresql"}


def engine() -> str:
    """The site database's engine: ``sqlite`` or ``postgresql`` (``ValueError`` for others)."""
    found = ENGINES.get(connection.settings_dict["ENGINE"])
    if found is None:
        raise ValueError(f"no backup for {connection.settings_dict['ENGINE']}")
    return found


def take_backup(where: Path | None = None) -> tuple[Path, Manifest]:
    """Copy the site's database, as it is at one moment, into ``where`` (by default
    ``BACKUP_DIR``) with its manifest, then drop the backups the rotation no longer keeps;
    returns the new backup's path and manifest. The copy is written under a temporary
    name and renamed once whole, after its manifest, so a backup that is listed is
    complete and has its manifest."""
    where = where or folder()
    where.mkdir(parents=True, exist_ok=True)
    kind, started = engine(), time.monotonic()
    partial = where / f".partial-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S%f')}"
    try:
        if kind == "sqlite":
            moment, tables, migrations = copy_sqlite(str(connection.settings_dict["NAME"]), partial)
        else:
            moment, tables, migrations = dump_postgres(partial)
        path = where / name_for(kind, moment)
        manifest = Manifest(
            file=path.name,
            engine=kind,
            taken_at=moment.isoformat(),
            seconds=round(time.monotonic() - started, 3),
            bytes=partial.stat().st_size,
            sha256=checksum(partial),
            tables=tables,
            migrations=migrations,
        )
        manifest.write(where)
        partial.rename(path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    rotate(where)
    return path, manifest


def rotate(where: Path) -> list[Path]:
    """Remove the backups of ``where`` the rotation does not keep (``BACKUP_KEEP_DAILY``
    days, ``BACKUP_KEEP_WEEKLY`` weeks); returns the removed copies."""
    found = backups_in(where)
    keep = kept(
        (m.moment for _, m in found),
        daily=settings.BACKUP_KEEP_DAILY,
        weekly=settings.BACKUP_KEEP_WEEKLY,
    )
    removed = []
    for path, manifest in found:
        if manifest.moment not in keep:
            (where / f"{path.stem}.json").unlink(missing_ok=True)
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed
