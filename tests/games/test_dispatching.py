"""Socket messages reach their handlers without a detour through the database thread."""

from __future__ import annotations

import channels.consumer
import channels.generic.websocket
import pytest
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import path

from games.realtime.consumers import RoomConsumer
from games.realtime.dispatching import DirectDispatch


class PlainEcho(AsyncWebsocketConsumer):
    """Channels' own dispatch, for comparison."""

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        await self.send(text_data=text_data)


class DirectEcho(DirectDispatch, PlainEcho):
    """The same consumer with the direct dispatch."""


@pytest.fixture
def hops(monkeypatch) -> list[str]:
    """Every ``close_old_connections`` detour channels' dispatch makes (the one when a
    socket closes, once per socket, is left out)."""
    made: list[str] = []

    async def detour() -> None:
        made.append("hop")

    async def at_close() -> None:
        return None

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", detour)
    monkeypatch.setattr(channels.generic.websocket, "aclose_old_connections", at_close)
    return made


async def _echo(consumer: type, text: str) -> str:
    comm = WebsocketCommunicator(URLRouter([path("ws/echo/", consumer.as_asgi())]), "/ws/echo/")
    assert (await comm.connect())[0]
    await comm.send_to(text_data=text)
    answer = await comm.receive_from()
    await comm.disconnect()
    return answer


@pytest.mark.asyncio
async def test_channels_own_dispatch_makes_a_detour_per_message(hops) -> None:
    assert await _echo(PlainEcho, "hello") == "hello"
    assert len(hops) >= 2  # the connect and the message


@pytest.mark.asyncio
async def test_the_direct_dispatch_makes_none_and_still_refuses_unknown_types(hops) -> None:
    assert await _echo(DirectEcho, "hello") == "hello"
    assert hops == []
    with pytest.raises(ValueError, match="No handler for message type nonsense"):
        await DirectEcho().dispatch({"type": "nonsense"})


def test_the_rooms_consumer_dispatches_directly() -> None:
    assert RoomConsumer.dispatch is DirectDispatch.dispatch
