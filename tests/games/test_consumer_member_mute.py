"""A member's own mute over the room websocket: the muter's sockets, and only theirs, get
the room afresh with ``you.muted``; the muted person's lines and reactions then reach
every viewer but the muter; refusals have their codes. (The service: test_member_mutes.py.)"""

from __future__ import annotations

import pytest

from tests.support.fixture_types import Pair
from tests.support.sockets import connected, receive, request, state_at

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

THUMBS = "\U0001f44d"


async def test_a_mute_reaches_the_muters_sockets_only(pair: Pair) -> None:
    ada, bob, ada_ws, bob_ws = pair["ada"], pair["bob"], pair["ada_ws"], pair["bob_ws"]
    bob_tab = await connected(pair["code"], pair["bob_key"])  # a second tab of Bob's
    version = (await request(ada_ws, {"type": "chat", "id": "c0", "text": "before"}))["version"]
    for comm in (ada_ws, bob_ws, bob_tab):
        await state_at(comm, version)
    ack = await request(
        bob_ws, {"type": "mute_member", "id": "m1", "player": ada.pk, "muted": True}
    )
    assert ack == {"type": "ack", "id": "m1", "version": version}
    for comm in (bob_ws, bob_tab):  # both of Bob's tabs, at the same version
        state = await receive(comm, "state")
        assert state["version"] == version and state["you"]["muted"] == [ada.pk]
        assert state["chat"] == []
    assert await ada_ws.receive_nothing()  # Ada is not told
    sent = await request(ada_ws, {"type": "react", "id": "r1", "emoji": THUMBS})
    said = await request(ada_ws, {"type": "chat", "id": "c1", "text": "after"})
    ada_sees = await state_at(ada_ws, said["version"])
    assert [c["text"] for c in ada_sees["chat"]] == ["before", "after"]
    assert [r["actor_id"] for r in ada_sees["reactions"]] == [ada.pk]
    bob_sees = await state_at(bob_ws, said["version"])
    assert bob_sees["chat"] == [] and bob_sees["reactions"] == []
    assert bob_sees["event"] is None and sent["version"] < said["version"]
    unmuted = {"type": "mute_member", "id": "m2", "player": ada.pk, "muted": False}
    assert (await request(bob_ws, unmuted))["type"] == "ack"
    state = await receive(bob_ws, "state")
    assert state["you"]["muted"] == [] and [c["text"] for c in state["chat"]] == ["before", "after"]
    await bob_tab.disconnect()
    assert (await request(bob_ws, {**unmuted, "id": "m3", "player": bob.pk}))["code"] == (
        "cannot_mute"
    )
    missing = {"type": "mute_member", "id": "m4", "player": ada.pk}
    assert (await request(bob_ws, missing))["code"] == "bad_field"
