"""The broadcast-only websocket bench/load.py measures the stack's floor with."""

from __future__ import annotations

import json

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import path

from games.baseline import EVENT, BroadcastFloorConsumer, padding

floor = URLRouter([path("ws/baseline/<slug:group>/", BroadcastFloorConsumer.as_asgi())])


@pytest.mark.asyncio
@pytest.mark.django_db  # Channels closes stale connections around each message
async def test_an_action_is_acked_and_reaches_every_socket_of_the_group_padded():
    ada = WebsocketCommunicator(floor, "/ws/baseline/room-1/")
    bob = WebsocketCommunicator(floor, "/ws/baseline/room-1/")
    other = WebsocketCommunicator(floor, "/ws/baseline/room-2/")
    for comm in (ada, bob, other):
        assert (await comm.connect())[0]
    await ada.send_to(text_data=json.dumps({"type": "act", "id": "a1", "version": 7,
                                            "size": 1000}))
    assert json.loads(await ada.receive_from()) == {"type": "ack", "id": "a1", "version": 7}
    for comm in (ada, bob):
        text = await comm.receive_from()
        state = json.loads(text)
        assert (state["type"], state["version"], len(text)) == ("state", 7, 1000)
        assert state["pad"][0]["kind"] == "roll"  # shaped like a state's log
    assert await other.receive_nothing()
    await ada.send_to(text_data="not json")
    assert json.loads(await ada.receive_from())["code"] == "bad_json"
    assert await bob.receive_nothing()
    for comm in (ada, bob, other):
        await comm.disconnect()


@pytest.mark.parametrize("size", [4, 5, 50, 215, 216, 217, 15_000, 16_001])
def test_the_padding_is_a_json_list_of_events_of_the_size_asked(size):
    text = padding(size)
    assert len(text) == size
    found = json.loads(text)
    assert isinstance(found, list) and len(found) >= 1
    assert all(item == json.loads(EVENT) for item in found[:-1])
    if size > 2 * len(EVENT):
        assert len(found) > size // (2 * len(EVENT))


def test_the_route_is_served_only_when_asked_for(settings):
    from games import routing

    assert settings.GAMES_LOAD_BASELINE is False
    assert [str(p.pattern) for p in routing.websocket_urlpatterns] == ["ws/rooms/<str:code>/"]
