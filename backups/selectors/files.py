"""The backups in a folder: each a copy of the database and, beside it, its manifest (a
JSON file of the same name: when it was taken, from which database, its size and checksum,
each table's row count and the migrations applied)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings

# A backup's name: ``site-20261206T040000Z.sqlite3`` or ``.pgdump``, the moment in UTC.
PREFIX = "site-"
STAMP = "%Y%m%dT%H%M%SZ"
SUFFIXES = {"sqlite": ".sqlite3", "postgresql": ".pgdump"}


@dataclass(frozen=True)
class Manifest:
    """What a backup holds, written beside it when it is taken."""

    file: str
    engine: str  # "sqlite" or "postgresql"
    taken_at: str  # ISO 8601, UTC: the moment of the copy's snapshot
    seconds: float  # how long taking it took
    bytes: int
    sha256: str
    tables: dict[str, int] = field(default_factory=dict)  # rows per table
    migrations: list[str] = field(default_factory=list)  # applied, as app.name

    @property
    def moment(self) -> datetime:
        return datetime.fromisoformat(self.taken_at)

    def write(self, folder: Path) -> Path:
        """Write this manifest beside its backup in ``folder`` (under a temporary name,
        renamed once whole: a reader never finds it half written); returns its path."""
        path = folder / f"{Path(self.file).stem}.json"
        partial = folder / f".partial-{path.name}"
        partial.write_text(json.dumps(asdict(self), indent=1, sort_keys=True) + "\n")
        partial.replace(path)
        return path


def folder() -> Path:
    """Where backups are kept (``BACKUP_DIR``, by default ``var/backups``)."""
    return Path(settings.BACKUP_DIR)


def name_for(engine: str, moment: datetime) -> str:
    """The file name of a backup of ``engine`` taken at ``moment``."""
    return f"{PREFIX}{moment.astimezone(UTC).strftime(STAMP)}{SUFFIXES[engine]}"


def manifest_of(backup: Path) -> Manifest:
    """The manifest written beside ``backup`` (``FileNotFoundError`` without one)."""
    data = json.loads((backup.parent / f"{backup.stem}.json").read_text())
    return Manifest(**data)


def backups_in(where: Path) -> list[tuple[Path, Manifest]]:
    """Each complete backup in ``where`` (a copy with its manifest), oldest first."""
    found = []
    for suffix in SUFFIXES.values():
        for path in where.glob(f"{PREFIX}*{suffix}"):
            if (where / f"{path.stem}.json").exists():
                found.append((path, manifest_of(path)))
    return sorted(found, key=lambda pair: pair[1].moment)


def checksum(path: Path) -> str:
    """The SHA-256 of a file, in hexadecimal."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
