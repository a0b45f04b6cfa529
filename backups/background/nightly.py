"""A server process's nightly backup (``BACKUP_NIGHTLY``, which ``make serve`` turns on):
a thread that, once a minute, takes a backup when none was taken since the last
``BACKUP_HOUR`` o'clock, server time. A server started after that hour with no backup
since takes one at once."""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.db import connection

from backups.selectors.files import backups_in, folder
from backups.services.take import take_backup

log = logging.getLogger(__name__)

EVERY = 60.0  # seconds between two looks
AFTER_FAILURE = 3600.0  # seconds before trying again after a failed backup

_lock = threading.Lock()
_thread: list[Nightly] = []


def last_mark(now: datetime, hour: int) -> datetime:
    """The latest ``hour`` o'clock at or before ``now`` (an aware moment).

    >>> from datetime import datetime, timezone
    >>> last_mark(datetime(2026, 12, 6, 3, 59, tzinfo=timezone.utc), 4).isoformat()
    '2026-12-05T04:00:00+00:00'
    """
    mark = now.replace(hour=hour, minute=0, second=0, microsecond=0)
    return mark if mark <= now else mark - timedelta(days=1)


def due(where: Path, now: datetime, hour: int) -> bool:
    """Whether no backup in ``where`` was taken since the last ``hour`` o'clock."""
    found = backups_in(where) if where.exists() else []
    return not found or found[-1][1].moment < last_mark(now, hour)


class Nightly(threading.Thread):
    """Takes the night's backup, checking every ``every`` seconds, until ``stop()``."""

    def __init__(self, every: float = EVERY) -> None:
        super().__init__(name="nightly-backup", daemon=True)
        self.every = every
        self.stopping = threading.Event()

    def run(self) -> None:
        while True:
            wait = self.every
            try:
                if due(folder(), datetime.now().astimezone(), settings.BACKUP_HOUR):
                    path, manifest = take_backup()
                    log.info("nightly backup %s in %.2f s", path, manifest.seconds)
            except Exception:  # a full disk or a missing pg_dump: said, tried again later
                log.exception("nightly backup failed; trying again in an hour")
                wait = max(self.every, AFTER_FAILURE)
            finally:
                connection.close()
            if self.stopping.wait(wait):
                return

    def stop(self) -> None:
        self.stopping.set()
        self.join()


def start(every: float = EVERY) -> Nightly:
    """Start this process's nightly backup thread (once)."""
    with _lock:
        if not _thread:
            _thread.append(Nightly(every))
            _thread[0].start()
        return _thread[0]


def stop() -> None:
    """Stop the nightly backup thread, after the backup under way, if any."""
    with _lock:
        thread = _thread.pop() if _thread else None
    if thread is not None:
        thread.stop()
