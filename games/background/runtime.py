"""The background work of a server process, started once and stopped cleanly.

A server process calls ``start()`` once, from its ASGI entry point
(``yahtzee_site/asgi.py``); it starts, as the settings ask:

- the game clock (``clock``: bot moves and expired turns) and the notifier (``notifier``:
  the outbox's notices; both ``GAMES_CLOCK_IN_PROCESS``),
- the SQLite checkpoint thread (``checkpoints``; ``SQLITE_CHECKPOINT_THREAD``, SQLite only),
- the reading of the coach's stored tables (``coach_tables``: each exact variant's
  default options, so that its first hint is answered at once),
- the nightly backup (``nightly``; ``BACKUP_NIGHTLY``),
- the coach's worker (``jobs``: finished games' reviews; ``GAMES_COACH_IN_BACKGROUND``),
  whose jobs hand the reviews' computation to the review child process (``reviews``,
  spawned by its first job at the lowest CPU priority),

and empties the process's snapshot cache. ``stop()`` ends all of them (the review child
included) and runs at the process's exit, after Daphne's SIGTERM or SIGINT too. A
process that serves no sockets (tests, management commands) starts nothing.
"""

from __future__ import annotations

import atexit
import os
import threading

from django.conf import settings
from prometheus_client import multiprocess

from backups.background import nightly
from coach.background import coach_tables
from games.background import checkpoints, jobs, review_jobs, reviews, stack_dump
from games.realtime import snapshot_cache
from notices.background import notifier
from play.signals import game_finished
from rooms.background import clock

# Seconds the review child gets to exit when its input closes before it is killed: it
# runs only on idle CPU, and what it was computing is computed again on demand.
STOP_GRACE = 2.0

_lock = threading.Lock()
_running = False


def start() -> None:
    """Start this process's background work (once; later calls do nothing)."""
    global _running
    with _lock:
        if _running:
            return
        _running = True
        stack_dump.install()
        snapshot_cache.clear()
        if settings.GAMES_CLOCK_IN_PROCESS:
            clock.start()
            notifier.start()
        checkpoints.ensure_started()
        if settings.BACKUP_NIGHTLY:
            nightly.start()
        coach_tables.start()
        if settings.GAMES_COACH_IN_BACKGROUND:
            reviews.resume()  # after a ``stop`` in this process
            jobs.start()
            game_finished.connect(review_jobs.precompute_later, dispatch_uid=__name__)
        atexit.register(stop)


def stop() -> None:
    """Stop everything ``start`` started: the review child (its input closed, killed
    after ``STOP_GRACE`` seconds), then the worker, the clock, the coach's table reading
    and the checkpoint thread, each after the work under way (the job, the clock's pass,
    the table being read, a last checkpoint)."""
    global _running
    with _lock:
        if not _running:
            return
        _running = False
        game_finished.disconnect(dispatch_uid=__name__)
        reviews.stop(grace=STOP_GRACE)  # a review job waiting on the child fails at once
        jobs.stop()
        clock.stop()
        notifier.stop()
        coach_tables.stop()
        nightly.stop()
        checkpoints.stop()
        snapshot_cache.clear()
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):  # its live gauges leave the sums
            multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]
        atexit.unregister(stop)


def is_running() -> bool:
    """Whether ``start`` ran in this process (and ``stop`` did not since)."""
    return _running
