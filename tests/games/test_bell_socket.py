"""The bell's socket, /ws/me/, over the real in-memory channel layer: a new item reaches
every socket of its player (two devices) and no one else's, reading all on one device
reaches the other, bad requests change nothing, and someone who is no player has none."""

from __future__ import annotations

import pytest

from games import services
from notices.models import BellItem
from tests.support.bell_sockets import bell_connected, bell_socket
from tests.support.sockets import call, connected, request, visitor

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def test_an_item_reaches_both_devices_and_read_all_reaches_the_other() -> None:
    ada, ada_key = await visitor("Ada")
    bob, bob_key = await visitor("Bob")
    room = await call(services.room_create, player=ada, ruleset="yatzy", seats=2, pace="day")
    await call(services.room_join, player=bob, code=room.code)
    phone, first = await bell_connected(bob_key)
    laptop, _ = await bell_connected(bob_key)
    author, _ = await bell_connected(ada_key)
    assert (first["unread"], first["items"]) == (0, [])
    table = await connected(room.code, ada_key)  # the chat goes out on the room's socket
    said = await request(table, {"type": "chat", "id": "c1", "text": "your move?"})
    assert said["type"] == "ack"
    for device in (phone, laptop):
        bell = await device.next("bell")
        assert bell["unread"] == 1
        [item] = bell["items"]
        assert item["text"] == f"1 new message in room {room.code}"
        assert (item["detail"], item["read"]) == ("Ada: your move?", False)
        assert item["link"] == f"/notices/bell/{item['id']}/"
    assert await author.receive_nothing()  # the author's bell did not ring
    await phone.send_json_to({"type": "read_all", "id": "r1"})
    assert await phone.next() == {"type": "ack", "id": "r1"}
    for device in (phone, laptop):
        bell = await device.next("bell")
        assert bell["unread"] == 0 and bell["items"][0]["read"] is True
    for comm in (phone, laptop, author, table):
        await comm.disconnect()


async def test_bad_requests_are_refused_and_change_nothing() -> None:
    ada, _ = await visitor("Ada")
    bob, bob_key = await visitor("Bob")
    room = await call(services.room_create, player=ada, ruleset="yatzy", seats=2, pace="day")
    await call(services.room_join, player=bob, code=room.code)
    await call(services.chat_post, player=bob, code=room.code, text="hi")
    ada_item = await call(lambda: BellItem.objects.get(player=ada))
    bell, _ = await bell_connected(bob_key)
    for sent, code in [
        ({"type": "read", "id": "1", "item": ada_item.pk}, "unknown_item"),
        ({"type": "read", "id": "2", "item": "one"}, "bad_field"),
        ({"type": "read", "id": "3"}, "bad_field"),
        ({"type": "shout", "id": "4"}, "bad_type"),
        ({"type": "read_all"}, "bad_request_id"),
    ]:
        await bell.send_json_to(sent)
        answer = await bell.next("error")
        assert (answer["code"], answer["id"]) == (code, sent.get("id")), sent
    await bell.send_to(text_data="[]")
    assert (await bell.next("error"))["code"] == "bad_json"
    await bell.send_json_to({"type": "ping", "id": "p"})
    assert await bell.next() == {"type": "pong", "id": "p"}
    await bell.send_json_to({"type": "sync", "id": "s"})
    assert (await bell.next())["type"] == "bell"
    assert await call(lambda: BellItem.objects.get(player=ada).read_at) is None
    await bell.disconnect()


async def test_someone_who_is_no_player_has_no_bell() -> None:
    comm = bell_socket(None)
    accepted, _ = await comm.connect()
    assert accepted
    output = await comm.receive_output()
    assert (output["type"], output["code"]) == ("websocket.close", 4403)
