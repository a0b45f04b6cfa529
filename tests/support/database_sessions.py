"""The sessions PostgreSQL counts on a test database: what Django's teardown would find
using it when it drops the database (``DROP DATABASE`` waits 5 s for them, then fails
with "is being accessed by other users"), and the closing of the ones this process's
sockets' database threads keep."""

from __future__ import annotations

import threading
from typing import Any

import psycopg
from django.conf import settings
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper

from common.database_thread import executor

SESSIONS = """
    SELECT pid, application_name, client_port, backend_start, state, left(query, 120)
    FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()
"""


def sessions_on(connection: BaseDatabaseWrapper) -> list[tuple[Any, ...]]:
    """Every session using ``connection``'s database but the one asking, as rows of
    (pid, application_name, client_port, backend_start, state, query), asked through a
    connection of its own to the ``postgres`` database."""
    params = {**connection.get_connection_params(), "dbname": "postgres"}
    with psycopg.connect(**params, autocommit=True) as admin:
        return admin.execute(SESSIONS, [connection.settings_dict["NAME"]]).fetchall()


def close_database_threads() -> None:
    """Close the connection each of the sockets' database threads (``common.
    database_thread``) still holds, on that thread: one a socket's call opened as its
    test ended is left open (channels closes a call's connection only when the next
    call on its thread begins or the call ends inside a test). Call it where the
    database may be used (``django_db_blocker.unblock()``)."""
    threads = settings.SOCKET_DATABASE_THREADS
    # Each call waits for all the others, so each runs on a thread of its own.
    everyone = threading.Barrier(threads, timeout=10)

    def close() -> None:
        everyone.wait()
        connections.close_all()

    for done in [executor().submit(close) for _ in range(threads)]:
        done.result()
