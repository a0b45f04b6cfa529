"""``/healthz`` for load balancers."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_healthy_process_answers_ok_and_is_never_cached(client: Client) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "database": "ok", "channel_layer": "ok"}
    assert "no-cache" in answer["Cache-Control"]
    assert client.post("/healthz").status_code == 405


def test_a_process_that_cannot_reach_its_database_answers_503(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_cursor(*args: object, **kwargs: object) -> None:
        raise ConnectionError("database went away")

    monkeypatch.setattr(connection, "cursor", broken_cursor)
    answer = client.get("/healthz")
    assert answer.status_code == 503
    assert answer.json() == {
        "status": "failing",
        "database": "failed: ConnectionError",
        "channel_layer": "ok",
    }
