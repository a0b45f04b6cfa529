"""The clock inside each server process: a thread that does due bot moves and expired
turns.  Every process may run one; each piece of work is claimed once (see
``games.services.clock``)."""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import close_old_connections

from games.services import games_run_due

log = logging.getLogger(__name__)
_started = threading.Event()
_lock = threading.Lock()
INTERVAL = 0.2


def _run() -> None:
    while True:
        try:
            close_old_connections()
            if not games_run_due():
                time.sleep(INTERVAL)
        except Exception:  # the clock must outlive a bad pass (a locked database, ...)
            log.exception("the game clock pass failed; trying again")
            time.sleep(1.0)


def ensure_clock() -> None:
    """Start this process's clock thread once (unless ``GAMES_CLOCK_IN_PROCESS`` is off)."""
    if not getattr(settings, "GAMES_CLOCK_IN_PROCESS", True) or _started.is_set():
        return
    with _lock:
        if not _started.is_set():
            threading.Thread(target=_run, name="game-clock", daemon=True).start()
            _started.set()
