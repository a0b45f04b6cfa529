"""The servers a fault scenario plays against: one database, Daphne processes on it and,
for more than one process, Redis."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.harness.live_server import DaphneProcess, migrate, site_env
from bench.harness.servers import RedisServer


class Problem(AssertionError):
    """Something a scenario saw that must never happen."""


@dataclass
class Stack:
    """The servers a scenario plays against: one database, Daphne processes on it and,
    for more than one process, Redis (``redis`` when this bench may restart it)."""

    database_url: str
    daphnes: list[DaphneProcess]
    redis: RedisServer | None = None

    @property
    def urls(self) -> list[str]:
        """The processes' base URLs."""
        return [d.base_url for d in self.daphnes]

    def log_marks(self) -> list[int]:
        """How long each process's log is now (see ``log_problems``)."""
        return [len(d.log_text()) for d in self.daphnes]

    def logs_since(self, marks: Sequence[int] | None) -> str:
        """What the processes logged since ``marks`` (``log_marks``; ``None``: ever)."""
        marks = marks or [0] * len(self.daphnes)
        return "".join(d.log_text()[m:] for d, m in zip(self.daphnes, marks, strict=True))

    def log_problems(self, marks: Sequence[int] | None = None) -> int:
        """Tracebacks and HTTP 500 answers in the processes' logs since ``marks``."""
        text = self.logs_since(marks)
        return text.count("Traceback") + len(re.findall(r'" 500 ', text))

    def check_logs(self, marks: Sequence[int], problems: list[str]) -> int:
        """Count the logs' problems since ``marks``; any is added to ``problems``, with
        the log around the first."""
        found = self.log_problems(marks)
        if found:
            text = self.logs_since(marks)
            first = re.search(r'Traceback|" 500 ', text)
            at = first.start() if first else 0
            problems.append(
                f"{found} tracebacks or HTTP 500s in the server logs, the first:\n"
                + text[max(0, at - 800) : at + 2500]
            )
        return found


@contextlib.contextmanager
def running_stack(
    workdir: Path,
    *,
    database_url: str | None = None,
    redis: RedisServer | None = None,
    redis_url: str | None = None,
    processes: int = 1,
    migrated: bool = False,
    proxy_headers: bool = False,
    environment: Mapping[str, str] | None = None,
) -> Iterator[Stack]:
    """Migrate the database (a fresh SQLite file in ``workdir`` unless ``database_url``;
    not when ``migrated`` says another stack did), start ``processes`` Daphne processes on
    it (the channel layer on ``redis`` or ``redis_url`` if given, else in memory: one
    process; with ``proxy_headers`` as behind nginx; ``environment``: more settings, such
    as ``DEBUG``) and stop them afterwards."""
    layer = redis.url if redis is not None else redis_url
    if processes > 1 and not layer:
        raise ValueError("several processes need a channel layer on Redis")
    settings = {"DATABASE_URL": database_url or f"sqlite:///{workdir / 'db.sqlite3'}"}
    if layer:
        settings["REDIS_URL"] = layer
    daphnes = []
    for number in range(processes):
        home = workdir / f"daphne-{number}"
        home.mkdir(parents=True, exist_ok=True)
        env = site_env(home, **{**settings, **(environment or {})})
        daphnes.append(DaphneProcess(home, env, proxy_headers=proxy_headers))
    if not migrated:
        migrate(daphnes[0].env)
    try:
        for process in daphnes:
            process.start()
        for process in daphnes:
            process.wait_ready()
        yield Stack(settings["DATABASE_URL"], daphnes, redis)
    finally:
        for process in daphnes:
            process.stop()
