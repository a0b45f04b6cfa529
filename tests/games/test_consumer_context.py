"""Sockets reach the services through channels' database_sync_to_async, so the
caller's context (the active language, the time zone) reaches the work."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.sessions import SessionMiddlewareStack
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore
from django.urls import path
from django.utils import timezone, translation

from accounts.services.players import player_register
from common.news import Change
from games import services
from games.realtime.consumers import RoomConsumer
from tests.support.fixture_types import MakeRoom
from tests.support.present import present
from tests.support.sockets import WAIT

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


class FrenchRoomConsumer(RoomConsumer):
    """The room consumer, speaking French in Paris time."""

    async def connect(self) -> None:
        translation.activate("fr")
        timezone.activate("Europe/Paris")
        await super().connect()


@database_sync_to_async
def hosted_room(make_room: MakeRoom) -> tuple[str, str]:
    session = SessionStore()
    player = player_register(session=session, name="Ada")
    session.save()
    return make_room(player, "yatzy", seats=2).code, present(session.session_key)


async def test_the_service_a_socket_calls_sees_the_sockets_language(
    monkeypatch: pytest.MonkeyPatch, make_room: MakeRoom
) -> None:
    seen: list[tuple[str, str]] = []
    real = services.presence_connect

    def watched(**kwargs: Any) -> list[Change]:
        seen.append((translation.get_language(), timezone.get_current_timezone_name()))
        return real(**kwargs)

    monkeypatch.setattr(services, "presence_connect", watched)
    code, session_key = await hosted_room(make_room)
    app = SessionMiddlewareStack(
        URLRouter(
            [
                # path() is typed for views, not ASGI applications (as in
                # games/realtime/routing.py).
                path(
                    "ws/rooms/<str:code>/",  # type: ignore[list-item]
                    FrenchRoomConsumer.as_asgi(),  # type: ignore[arg-type]
                )
            ]
        )
    )
    comm = WebsocketCommunicator(
        app, f"/ws/rooms/{code}/", headers=[(b"cookie", f"sessionid={session_key}".encode())]
    )
    assert (await comm.connect(timeout=WAIT))[0]
    state = json.loads(await comm.receive_from(timeout=WAIT))
    assert state["type"] == "state"
    await comm.disconnect(timeout=WAIT)
    assert seen == [("fr", "Europe/Paris")]
