"""Bans over the room's sockets: every socket of the banned player (of every browser of
the account) closed at once, with the reason; the table sees the bot that took the seat.
(Bans through the services, pages and the admin: test_bans.py.)"""

from __future__ import annotations

import json
from datetime import UTC, timedelta

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.test import Client
from django.utils import formats, timezone

from accounts.models import Player
from common.publish import publish
from games import services
from games.realtime.ending import CLOSE_BANNED
from tests.support.present import present
from tests.support.sockets import WAIT, call, connected, receive, request, socket, visitor


async def banned_close(comm: WebsocketCommunicator) -> str:
    """The ``banned`` error a socket receives, after which it must close with 4451."""
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        if message["type"] == "error":
            break
    assert message["code"] == "banned" and message["id"] is None
    output = await comm.receive_output(timeout=WAIT)
    assert output == {"type": "websocket.close", "code": CLOSE_BANNED}
    said: str = message["message"]
    return said


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_ban_closes_every_socket_of_the_player_and_the_table_sees_the_bot() -> None:
    ada, ada_key = await visitor("Ada")
    troll, troll_key = await visitor("Troll9")
    room = await call(services.room_create, player=ada, ruleset="yatzy", seats=2)
    await call(services.room_join, player=troll, code=room.code)
    await call(services.room_start, player=ada, code=room.code)
    staff = await call(User.objects.create_user, username="mod", is_staff=True)
    ada_ws = await connected(room.code, ada_key)
    troll_tabs = [await connected(room.code, troll_key) for _ in range(2)]
    until = timezone.now() + timedelta(days=2)
    await publish(
        (
            await call(services.mod_ban, moderator=staff, player=troll, reason="abuse", until=until)
        ).news
    )
    end = formats.date_format(until.astimezone(UTC), "DATETIME_FORMAT")
    for tab in troll_tabs:
        assert f"until {end} UTC" in await banned_close(tab)
    while True:
        state = await receive(ada_ws, "state")
        if state["log"] and state["log"][0]["kind"] == "banned":
            break
    assert state["log"][0]["data"]["player"] == "Troll9"
    assert state["log"][0]["data"]["bot"]
    assert [m["name"] for m in state["members"] if m.get("seat") == 1] == [
        state["log"][0]["data"]["bot"]
    ]
    again = socket(room.code, troll_key)  # and a new socket is told at once
    assert (await again.connect())[0]
    assert "banned" in await banned_close(again)
    await ada_ws.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_socket_whose_ban_message_never_came_closes_on_its_next_request() -> None:
    ada, _ = await visitor("Ada")
    troll, troll_key = await visitor("Troll2")
    room = await call(services.room_create, player=ada, ruleset="yatzy", seats=2)
    await call(services.room_join, player=troll, code=room.code)
    tab = await connected(room.code, troll_key)
    await call(Player.objects.filter(pk=troll.pk).update, banned_at=timezone.now())
    answer = await request(tab, {"type": "chat", "id": "c1", "text": "hi"})
    assert answer["code"] == "banned"
    assert await tab.receive_output(timeout=WAIT) == {
        "type": "websocket.close",
        "code": CLOSE_BANNED,
    }


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_ban_closes_the_sockets_of_every_browser_of_the_account() -> None:
    ada, _ = await visitor("Ada")
    user = await call(User.objects.create_user, username="troll")
    troll = await call(Player.objects.create, name="Troll", user=user)
    room = await call(services.room_create, player=ada, ruleset="yatzy", seats=3)
    await call(services.room_join, player=troll, code=room.code)
    keys = [await call(signed_in, user=user) for _ in range(2)]  # two browsers
    tabs = [await connected(room.code, key) for key in keys]
    staff = await call(User.objects.create_user, username="mod", is_staff=True)
    await publish(
        (await call(services.mod_ban, moderator=staff, player=troll, reason="abuse")).news
    )
    for tab in tabs:
        await banned_close(tab)


def signed_in(*, user: User) -> str:
    """The session key of a new browser signed in to ``user``."""
    browser = Client()
    browser.force_login(user)
    return present(browser.session.session_key)
