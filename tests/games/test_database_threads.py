"""The sockets' database threads (``common.database_thread``): on PostgreSQL one room's
move held in its service does not hold up another room's; on SQLite, one writer at a
time, it does (``SOCKET_DATABASE_THREADS``: 4 and 1 by default)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from django.conf import settings

from games import services
from tests.support.fixture_types import ScriptDice
from tests.support.sockets import WAIT, call, connected, request, visitor

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def a_started_room(host: str) -> tuple[str, Any]:
    """A one-seat room of ``host``'s with its game started, and its host's socket."""
    player, key = await visitor(host)
    room = await call(services.room_create, player=player, ruleset="yatzy", seats=1)
    socket = await connected(room.code, key)
    started = await request(socket, {"type": "start", "id": "s"})
    assert started["type"] == "ack"
    return room.code, socket


async def test_a_room_held_in_its_service_holds_up_another_only_on_one_thread(
    script_dice: ScriptDice, monkeypatch: pytest.MonkeyPatch
) -> None:
    held_code, held = await a_started_room("Ada")
    _, free = await a_started_room("Bob")
    entered, release = threading.Event(), threading.Event()
    roll = services.game_roll

    def roll_holding_one_room(**kwargs: Any) -> Any:
        if kwargs["code"] == held_code:
            entered.set()
            release.wait(WAIT)
        return roll(**kwargs)

    monkeypatch.setattr(services, "game_roll", roll_holding_one_room)
    script_dice([1, 2, 3, 4, 5] * 2)
    held_roll = asyncio.ensure_future(request(held, {"type": "roll", "id": "r", "hold": []}))
    assert await asyncio.to_thread(entered.wait, WAIT)
    free_roll = asyncio.ensure_future(request(free, {"type": "roll", "id": "r", "hold": []}))
    if settings.SOCKET_DATABASE_THREADS > 1:
        assert (await free_roll)["type"] == "ack"  # answered while the other room waits
        assert not held_roll.done()
    else:
        done, _ = await asyncio.wait({free_roll}, timeout=0.5)
        assert not done  # queued behind the held room on the one thread
    release.set()
    assert (await held_roll)["type"] == "ack"
    assert (await free_roll)["type"] == "ack"
    for socket in (held, free):
        await socket.disconnect()
