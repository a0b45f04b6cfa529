"""SQLite's write-ahead log copied back into the database file by a thread of its own.

A server process checkpoints its SQLite file every second from its own connection, in
PASSIVE mode (readers and the writer go on meanwhile); the settings raise SQLite's own
checkpoint-in-a-commit to a safety net (``SQLITE_AUTOCHECKPOINT_PAGES``). Every commit
is in the log before it is answered, so nothing is lost if the process dies between two
checkpoints (SQLite replays the log when the file is next opened). Why:
docs/decisions/0006-sqlite-checkpoints-off-the-commit.md.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

from django.conf import settings
from django.db import connections

log = logging.getLogger(__name__)

EVERY = 1.0  # seconds between two checkpoints

_started: dict[str, Checkpointer] = {}
_lock = threading.Lock()


def database_file(alias: str = "default") -> str | None:
    """The file of database ``alias`` if it is SQLite on disk, else ``None``."""
    found = connections[alias].settings_dict
    name = str(found.get("NAME") or "")
    if (
        found["ENGINE"] != "django.db.backends.sqlite3"
        or not name
        or name == ":memory:"
        or "mode=memory" in name
    ):
        return None
    return name


class Checkpointer(threading.Thread):
    """Checkpoints one SQLite file's log every ``every`` seconds until ``stop()``."""

    def __init__(self, path: str, every: float = EVERY) -> None:
        super().__init__(name="sqlite-checkpoint", daemon=True)
        self.path, self.every = path, every
        self.stopping = threading.Event()
        self.passes = 0  # checkpoints run
        self.frames = 0  # log frames copied into the database by them

    def run(self) -> None:
        db = sqlite3.connect(self.path, timeout=20, isolation_level=None, check_same_thread=False)
        try:
            while not self.stopping.wait(self.every):
                self.checkpoint(db)
            self.checkpoint(db)
        finally:
            db.close()

    def checkpoint(self, db: sqlite3.Connection) -> tuple[int, int, int]:
        """One PASSIVE checkpoint: (busy, frames in the log, frames copied), or
        (1, -1, -1) when it failed (logged; the next one tries again)."""
        try:
            busy, logged, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error:
            log.exception("checkpoint of %s failed", self.path)
            return 1, -1, -1
        self.passes += 1
        self.frames += max(copied, 0)
        return busy, logged, copied

    def stop(self) -> None:
        """Run a last checkpoint and end the thread."""
        self.stopping.set()
        self.join()


def start(alias: str = "default", every: float = EVERY) -> Checkpointer | None:
    """This process's checkpoint thread for database ``alias``, started on the first
    call; ``None`` unless the database is an SQLite file."""
    path = database_file(alias)
    if path is None:
        return None
    with _lock:
        if alias not in _started:
            _started[alias] = Checkpointer(path, every)
            _started[alias].start()
        return _started[alias]


def ensure_started() -> None:
    """Start the checkpoint thread of a server process (once; a no-op on PostgreSQL or
    with ``SQLITE_CHECKPOINT_THREAD`` off)."""
    if "default" not in _started and getattr(settings, "SQLITE_CHECKPOINT_THREAD", True):
        start()


def stop(alias: str = "default") -> None:
    """Stop the checkpoint thread of ``alias`` (after a last checkpoint), if any."""
    with _lock:
        thread = _started.pop(alias, None)
    if thread is not None:
        thread.stop()
