"""The clock of a server process: a thread that does due bot moves and expired turns,
and passes on the host role of hosts who are gone (every ``HOST_EVERY`` seconds).

Every process may run one; each piece of work is claimed once under the game's row
lock (see ``rooms.services.clock``), so several processes never do it twice.
"""

from __future__ import annotations

import logging
import threading
import time

from django.db import (
    InterfaceError,
    OperationalError,
    close_old_connections,
    connection,
    connections,
)

from common import instruments
from common.publish import publish_on_commit
from rooms.services.absence import rooms_pass_host
from rooms.services.clock import games_run_due

log = logging.getLogger(__name__)
INTERVAL = 0.2  # seconds between two passes that found nothing to do
RETRY = 1.0  # seconds after a pass that failed
HOST_EVERY = 2.0  # seconds between two looks for hosts gone a minute (a query of rooms)


def connection_lost(error: Exception) -> bool:
    """Whether ``error`` came from this thread's database connection being cut (the
    server restarted or ended it), which the next pass replaces, rather than from the
    pass's work."""
    return isinstance(error, OperationalError | InterfaceError) and not connection.is_usable()


def clock_pass(*, hosts: bool) -> bool:
    """Do the due bot moves and expired turns (and pass on the host role of hosts gone
    a minute if ``hosts``), and publish the rooms changed; whether a game's work was
    done."""
    if hosts:
        publish_on_commit(rooms_pass_host())
    done = games_run_due()
    publish_on_commit(done)
    return bool(done)


class GameClock(threading.Thread):
    """Runs ``games_run_due`` until ``stop``: again at once after a pass that did
    something, after ``interval`` seconds otherwise; ``rooms_pass_host`` every
    ``HOST_EVERY`` seconds (``clock_pass``)."""

    def __init__(self, interval: float = INTERVAL) -> None:
        super().__init__(name="game-clock", daemon=True)
        self.interval = interval
        self.stopping = threading.Event()

    def run(self) -> None:
        hosts_at = 0.0
        due = time.monotonic()  # when the next pass should start
        try:
            while not self.stopping.is_set():
                try:
                    close_old_connections()
                    hosts = time.monotonic() - hosts_at >= HOST_EVERY
                    if hosts:
                        hosts_at = time.monotonic()
                    busy = clock_pass(hosts=hosts)
                    # The longest due work could have waited past its moment: the pass's
                    # late start and its length (/metrics).
                    instruments.clock_lag_seconds.set(time.monotonic() - due)
                    due = time.monotonic()
                    if not busy:
                        self.stopping.wait(self.interval)
                        due += self.interval
                except Exception as error:  # the clock outlives a bad pass (a locked database, ...)
                    if connection_lost(error):
                        log.warning("the game clock pass lost its database connection (%s)", error)
                    else:
                        log.exception("the game clock pass failed; trying again")
                    self.stopping.wait(RETRY)
                    due = time.monotonic()
        finally:
            connections.close_all()

    def stop(self, timeout: float = 10.0) -> None:
        """End the thread after the pass under way."""
        self.stopping.set()
        self.join(timeout)


_clock: GameClock | None = None
_lock = threading.Lock()


def start() -> GameClock:
    """Start this process's clock (once)."""
    global _clock
    with _lock:
        if _clock is None or not _clock.is_alive():
            _clock = GameClock()
            _clock.start()
        return _clock


def stop() -> None:
    """Stop this process's clock, if it runs."""
    global _clock
    with _lock:
        clock, _clock = _clock, None
    if clock is not None:
        clock.stop()
