"""A room by the day over the socket: the host sets the pace, a player takes a holiday and
comes back early, and every viewer's state (checked against the schema) says so."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.support.fixture_types import Pair
from tests.support.sockets import request, state_at

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def test_a_holiday_reaches_every_viewer_and_ends_early(pair: Pair) -> None:
    ada_ws, bob_ws = pair["ada_ws"], pair["bob_ws"]
    configured = await request(
        ada_ws,
        {
            "type": "configure",
            "id": "c",
            "ruleset": "yatzy",
            "options": {},
            "seats": 2,
            "turn_seconds": 2 * 3600,
            "pace": "day",
        },
    )
    assert configured["type"] == "ack"
    state = await state_at(bob_ws, configured["version"])
    assert (state["room"]["pace"], state["room"]["turn_seconds"], state["room"]["holidays"]) == (
        "day",
        7200,
        True,
    )
    assert (await request(ada_ws, {"type": "start", "id": "s"}))["type"] == "ack"
    bad = await request(bob_ws, {"type": "holiday", "id": "h0", "days": "two"})
    assert bad["code"] == "bad_field"
    too_long = await request(bob_ws, {"type": "holiday", "id": "h1", "days": 8})
    assert too_long["code"] == "bad_days" and "7" in too_long["message"]
    away = await request(bob_ws, {"type": "holiday", "id": "h2", "days": 2})
    assert away["type"] == "ack"
    for comm in (ada_ws, bob_ws):
        state = await state_at(comm, away["version"])
        bob_seat = state["game"]["seats"][1]
        assert datetime.fromisoformat(bob_seat["holiday_until"]) > datetime.fromisoformat(
            state["event"]["at"]
        )
        assert bob_seat["holiday_left"] == 5 * 24 * 3600
        assert state["event"]["kind"] == "holiday" and state["event"]["data"]["days"] == 2
    refused = await request(ada_ws, {"type": "skip", "id": "k"})
    assert refused["code"] == "by_the_day"
    back = await request(bob_ws, {"type": "holiday_end", "id": "e"})
    assert back["type"] == "ack"
    state = await state_at(ada_ws, back["version"])
    assert state["game"]["seats"][1]["holiday_until"] is None
    assert state["game"]["seats"][1]["holiday_left"] >= 7 * 24 * 3600 - 5
    again = await request(bob_ws, {"type": "holiday_end", "id": "e2"})
    assert again["code"] == "not_on_holiday"
