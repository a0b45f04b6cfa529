"""Sharing the suite's servers between pytest-xdist workers (``make test`` runs three).

Each worker is a process of its own with its own test database (pytest-django names
them per worker), but the PostgreSQL server and the Redis server of
``python -m bench.harness.servers`` are shared. Whatever a test may wipe there gets a name
or a Redis database number of its worker: the cache is cleared before every games test, and
Django's Redis cache clears its whole database, channel layer included.
"""

from __future__ import annotations

import os
import urllib.parse

# Redis numbers its databases 0-15: the suite's cache and layer use 0..3 (one per
# worker) and the live fault servers' layers use 8..11.
MAX_WORKERS = 4
FAULTS_REDIS_DATABASE = 8


def name() -> str:
    """This worker's id (``gw0``, ``gw1``...); ``main`` when the run is not distributed."""
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def index() -> int:
    """This worker's number (``gw1`` is 1); 0 when the run is not distributed."""
    worker = name()
    number = int(worker[2:]) if worker.startswith("gw") else 0
    if number >= MAX_WORKERS:
        raise RuntimeError(f"{worker}: run at most {MAX_WORKERS} workers (-n / --maxprocesses)")
    return number


def redis_database(url: str, database: int) -> str:
    """``url`` of a Redis server pointed at its database number ``database``."""
    return urllib.parse.urlsplit(url)._replace(path=f"/{database}").geturl()
