"""The notifier of a server process: a thread that sends the notices waiting in the
outbox (``notices.services.notices``), apart from the clock, so that a slow push service
never holds up a bot's move or an expired turn. Every process may run one: a notice is
claimed before it is sent."""

from __future__ import annotations

import logging
import threading

from django.db import close_old_connections, connections

from notices.services.notices import notices_send

log = logging.getLogger(__name__)
INTERVAL = 1.0  # seconds between two passes that found nothing to send
RETRY = 5.0  # seconds after a pass that failed


class Notifier(threading.Thread):
    """Runs ``notices_send`` until ``stop``: again at once after a pass that sent
    something, after ``interval`` seconds otherwise."""

    def __init__(self, interval: float = INTERVAL) -> None:
        super().__init__(name="notifier", daemon=True)
        self.interval = interval
        self.stopping = threading.Event()

    def run(self) -> None:
        try:
            while not self.stopping.is_set():
                try:
                    close_old_connections()
                    if not notices_send():
                        self.stopping.wait(self.interval)
                except Exception:  # the notifier outlives a bad pass
                    log.exception("the notifier's pass failed; trying again")
                    self.stopping.wait(RETRY)
        finally:
            connections.close_all()

    def stop(self, timeout: float = 15.0) -> None:
        """End the thread after the pass under way."""
        self.stopping.set()
        self.join(timeout)


_notifier: Notifier | None = None
_lock = threading.Lock()


def start() -> Notifier:
    """Start this process's notifier (once)."""
    global _notifier
    with _lock:
        if _notifier is None or not _notifier.is_alive():
            _notifier = Notifier()
            _notifier.start()
        return _notifier


def stop() -> None:
    """Stop this process's notifier, if it runs."""
    global _notifier
    with _lock:
        notifier, _notifier = _notifier, None
    if notifier is not None:
        notifier.stop()
