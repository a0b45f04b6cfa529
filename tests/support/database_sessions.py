"""The sessions PostgreSQL counts on a test database: what Django's teardown would find
using it when it drops the database (``DROP DATABASE`` waits 5 s for them, then fails
with "is being accessed by other users")."""

from __future__ import annotations

from typing import Any

import psycopg
from django.db.backends.base.base import BaseDatabaseWrapper

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
