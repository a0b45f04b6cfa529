"""The servers a load run loads (bench/load.py): given by URL, or started here under a
named ASGI server on a fresh database (SQLite and the in-memory layer, or PostgreSQL and
Redis with several processes), with the CPU time their processes use."""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from bench.harness.live_server import DaphneProcess, cpu_seconds, daphne


class _Settings(TypedDict):
    """The servers' settings: ``daphne``'s ``app`` and environment variables."""

    app: str
    DJANGO_SETTINGS_MODULE: str
    DEBUG: str
    SECRET_KEY: str
    ALLOWED_HOSTS: str


@dataclass
class LoadedServers:
    """The servers a run loads: their URLs, their database and (when started here) their
    processes, whose CPU time the figures count."""

    urls: list[str]
    database: str
    processes: list[DaphneProcess]

    def cpu_seconds(self) -> float:
        """The CPU time the server processes have used so far (0 for given servers)."""
        return cpu_seconds([pid for p in self.processes for pid in p.server_pids()])


@contextlib.contextmanager
def started(args: argparse.Namespace, server: str) -> Iterator[LoadedServers]:
    """The servers to load: given by ``--url``, or started here under ``server``."""
    if args.url:
        yield LoadedServers(args.url, args.database_url or os.environ.get("DATABASE_URL", ""), [])
        return
    settings: _Settings = {
        "app": "bench.baseline:application",
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    with tempfile.TemporaryDirectory(prefix="load-") as tmp, contextlib.ExitStack() as stack:
        if args.stack == "sqlite":
            if args.processes != 1:
                raise SystemExit(
                    "SQLite with the in-memory layer is one process; use --stack postgres for more"
                )
            database = f"sqlite:///{Path(tmp) / 'db.sqlite3'}"
            processes = [
                stack.enter_context(
                    daphne(Path(tmp), server=server, DATABASE_URL=database, **settings)
                )
            ]
        else:
            from bench.harness.servers import postgres_server, redis_server

            database = stack.enter_context(postgres_server(durable=True))
            redis = stack.enter_context(redis_server())
            processes = []
            for n in range(args.processes):
                workdir = Path(tmp) / f"{server}-{n}"
                workdir.mkdir()
                processes.append(
                    stack.enter_context(
                        daphne(
                            workdir,
                            server=server,
                            DATABASE_URL=database,
                            REDIS_URL=redis,
                            **settings,
                        )
                    )
                )
        yield LoadedServers([p.base_url for p in processes], database, processes)
