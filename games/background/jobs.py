"""The coach's worker: one thread per server process that runs queued background jobs
(precomputing finished games' reviews), one at a time, each at most once while queued."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

from django.db import connections

log = logging.getLogger(__name__)

Job = Callable[[], object]  # what a job returns is dropped


class JobWorker(threading.Thread):
    """Runs the jobs handed to ``submit`` in order until ``stop``."""

    def __init__(self) -> None:
        super().__init__(name="coach-jobs", daemon=True)
        self._jobs: queue.Queue[tuple[str, Job] | None] = queue.Queue()
        self._queued: set[str] = set()
        self._lock = threading.Lock()

    def submit(self, key: str, job: Job) -> bool:
        """Queue ``job`` unless a job with the same ``key`` is waiting; whether it was."""
        with self._lock:
            if key in self._queued:
                return False
            self._queued.add(key)
        self._jobs.put((key, job))
        return True

    def run(self) -> None:
        while (item := self._jobs.get()) is not None:
            key, job = item
            with self._lock:
                self._queued.discard(key)
            try:
                job()
            except Exception:
                log.exception("background job %s failed", key)
            finally:
                connections.close_all()  # this thread's connections, not anyone else's
                self._jobs.task_done()
        self._jobs.task_done()

    def wait_idle(self) -> None:
        """Return once every job queued so far has run."""
        self._jobs.join()

    def stop(self, timeout: float = 10.0) -> None:
        """Let the job under way finish, drop the waiting ones, and end the thread."""
        with self._lock:
            self._queued.clear()
        while True:
            try:
                self._jobs.get_nowait()
            except queue.Empty:
                break
            self._jobs.task_done()
        self._jobs.put(None)
        self.join(timeout)


_worker: JobWorker | None = None
_lock = threading.Lock()


def start() -> JobWorker:
    """Start this process's worker (once)."""
    global _worker
    with _lock:
        if _worker is None or not _worker.is_alive():
            _worker = JobWorker()
            _worker.start()
        return _worker


def stop() -> None:
    """Stop this process's worker, if it runs."""
    global _worker
    with _lock:
        worker, _worker = _worker, None
    if worker is not None:
        worker.stop()


def in_background(key: str, job: Job) -> bool:
    """Run ``job`` on this process's worker, unless a job with the same ``key`` is
    already waiting or no worker runs (a process that serves no sockets: tests,
    management commands). Returns whether it was queued."""
    worker = _worker
    return worker is not None and worker.is_alive() and worker.submit(key, job)
