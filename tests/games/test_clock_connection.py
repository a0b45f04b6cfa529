"""The clock tells its database connection cut under a pass (PostgreSQL restarted, or the
connection ended) from a pass whose work failed: the first is a warning, and the next
pass borrows a fresh connection; the second keeps its traceback."""

from __future__ import annotations

import psycopg
import pytest
from django.db import DatabaseError, connection

from rooms.background.clock import connection_lost

# SQLite has no connection a server can cut.
pytestmark = [pytest.mark.postgres_pass_only, pytest.mark.django_db(transaction=True)]


def failure(sql: str) -> DatabaseError:
    """The error ``sql`` raises on the test's connection."""
    with pytest.raises(DatabaseError) as raised, connection.cursor() as cursor:
        cursor.execute(sql)
    return raised.value


def test_a_cut_connection_is_told_from_a_statement_that_failed() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only: run under python -m bench.harness.servers")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
        cursor.execute("SET statement_timeout = 10")
    # Cancelled by its timeout: an OperationalError too, on a connection still usable.
    assert not connection_lost(failure("SELECT pg_sleep(1)"))
    with connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = 0")

    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    with psycopg.connect(**params, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
    try:
        assert connection_lost(failure("SELECT 1"))
    finally:
        connection.close()  # the next user borrows a fresh connection
