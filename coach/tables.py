"""The solver's table store on disk: one file per rule set under a cache directory.

Files are written to a temporary name and renamed into place, so a reader never
sees half a table and concurrent writers (several server processes building at
once) simply leave one complete file.  A file for the same variant with another
fingerprint (older rules or code) is removed when its replacement is saved.
Names look like ``yahtzee_joker_forced-<fingerprint>``.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

SUFFIX = ".table"


class FileTableStore:
    """Keeps solver tables as files in ``directory`` (created on first save)."""

    def __init__(self, directory: Path | str) -> None:
        self.directory = Path(directory)

    def path(self, name: str) -> Path:
        """The file holding the table ``name``."""
        return self.directory / f"{name}{SUFFIX}"

    def load(self, name: str) -> bytes | None:
        """The saved table, or ``None`` when there is none (or it cannot be read)."""
        try:
            return self.path(name).read_bytes()
        except OSError:
            return None

    def save(self, name: str, data: bytes) -> None:
        """Write the table atomically and drop stale tables of the same variant."""
        self.directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=f".{name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.chmod(tmp, 0o644)
            os.replace(tmp, self.path(name))
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        rules = name.rsplit("-", 1)[0]
        for old in self.directory.glob(f"{rules}-*{SUFFIX}"):
            if old.name != self.path(name).name:
                old.unlink(missing_ok=True)
