"""Reactions and the host's mute over the room websocket: a reaction reaches every
viewer, and each refusal (a bad reaction, too fast, banned, gone, a closed room, muted)
has its code. (The socket's other messages: test_consumers.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from common.publish import publish
from games import services
from rooms.models import Membership, Room
from tests.support.fixture_types import Pair
from tests.support.sockets import CheckedCommunicator, call, receive, request, state_at

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

THUMBS = "\U0001f44d"


async def test_a_reaction_reaches_every_viewer_and_every_refusal_has_its_code(
    pair: Pair, staff: User
) -> None:
    ada_ws, bob_ws = pair["ada_ws"], pair["bob_ws"]
    sent = await request(bob_ws, {"type": "react", "id": "r1", "emoji": THUMBS})
    assert sent["type"] == "ack"
    for comm in (ada_ws, bob_ws):
        state = await state_at(comm, sent["version"])
        assert state["event"]["kind"] == "react"
        assert [(r["actor_id"], r["data"]["emoji"]) for r in state["reactions"]] == [
            (pair["bob"].pk, THUMBS)
        ]
        assert all(e["kind"] != "react" for e in state["log"])
    await bad_reactions_are_refused(bob_ws)
    await a_fourth_reaction_in_a_row_is_too_fast(ada_ws, bob_ws)
    await no_reaction_once_banned_gone_or_closed(pair, staff)


async def bad_reactions_are_refused(bob_ws: CheckedCommunicator) -> None:
    """Each reaction that is no emoji of the list, or no string at all, is refused with
    its code."""
    for n, (emoji, code) in enumerate(
        [
            ("\U0001f44d\U0001f3fd", "bad_reaction"),
            ("+1", "bad_reaction"),
            (1, "bad_field"),
            (None, "bad_field"),
            ([THUMBS], "bad_field"),
        ]
    ):
        answer = await request(bob_ws, {"type": "react", "id": f"bad{n}", "emoji": emoji})
        assert answer["code"] == code, answer
    assert (await request(bob_ws, {"type": "react", "id": "nothing"}))["code"] == "bad_field"


async def a_fourth_reaction_in_a_row_is_too_fast(
    ada_ws: CheckedCommunicator, bob_ws: CheckedCommunicator
) -> None:
    """Bob's second and third reactions go through, his fourth is too fast; Ada's first
    is hers to send."""
    for n in range(2):
        assert (await request(bob_ws, {"type": "react", "id": f"r{n + 2}", "emoji": THUMBS}))[
            "type"
        ] == "ack"
    assert (await request(bob_ws, {"type": "react", "id": "r4", "emoji": THUMBS}))[
        "code"
    ] == "react_too_fast"
    other = await request(ada_ws, {"type": "react", "id": "a1", "emoji": THUMBS})
    assert other["type"] == "ack"  # another player's own limit
    # Bob's socket holds that version before the ban: news still on its way to it would
    # be read after the ban, and a room Bob is no longer in closes his socket.
    await state_at(bob_ws, other["version"])


async def no_reaction_once_banned_gone_or_closed(pair: Pair, staff: User) -> None:
    """A banned player's reaction, one from a player who left, and one in a room a
    moderator closed are refused, each with its code."""
    ada_ws, bob_ws = pair["ada_ws"], pair["bob_ws"]
    # The ban is committed; its news (which closes Bob's sockets) goes out only after his
    # next request, which the database refuses.
    banned = await call(services.mod_ban, moderator=staff, player=pair["bob"], reason="spam")
    assert (await request(bob_ws, {"type": "react", "id": "r5", "emoji": THUMBS}))[
        "code"
    ] == "banned"
    await publish(banned.news)
    # The ban took Bob out of the room: Ada's page hears of it before she leaves (else the
    # news could reach her socket after her departure, which closes it).
    while (await receive(ada_ws, "state"))["event"]["kind"] != "banned":
        pass
    await call(lambda: Membership.objects.filter(player=pair["ada"]).update(state="left"))
    assert (await request(ada_ws, {"type": "react", "id": "a2", "emoji": THUMBS}))[
        "code"
    ] == "not_in_room"
    await call(lambda: Membership.objects.filter(player=pair["ada"]).update(state="active"))
    room = await call(Room.objects.get, code=pair["code"])
    await publish(
        (
            await call(services.mod_close_room, moderator=staff, room=room, reason="closing time")
        ).news
    )
    assert (await request(ada_ws, {"type": "react", "id": "a3", "emoji": THUMBS}))[
        "code"
    ] == "room_closed"


async def test_the_host_mutes_a_player_whose_chat_and_reactions_are_then_refused(
    pair: Pair,
) -> None:
    ada_ws, bob_ws, bob = pair["ada_ws"], pair["bob_ws"], pair["bob"]
    muted = await request(ada_ws, {"type": "mute", "id": "m1", "player": bob.pk, "muted": True})
    assert muted["type"] == "ack"
    state = await state_at(bob_ws, muted["version"])
    assert {m["name"]: m["muted"] for m in state["members"]} == {"Ada": False, "Bob": True}
    assert state["log"][0]["kind"] == "mute"
    assert state["log"][0]["data"] == {"player": "Bob", "muted": True}
    payload: dict[str, Any]
    for payload in (
        {"type": "chat", "id": "c1", "text": "hello?"},
        {"type": "react", "id": "r1", "emoji": THUMBS},
    ):
        answer = await request(bob_ws, payload)
        assert answer["code"] == "muted" and "muted" in answer["message"]
    again = await request(ada_ws, {"type": "mute", "id": "m2", "player": bob.pk, "muted": True})
    assert again == {"type": "ack", "id": "m2", "version": muted["version"]}  # no change

    not_host = await request(
        bob_ws, {"type": "mute", "id": "x1", "player": pair["ada"].pk, "muted": True}
    )
    assert not_host["code"] == "not_host"
    for payload, code in [
        ({"type": "mute", "id": "x3", "player": pair["ada"].pk, "muted": True}, "cannot_mute"),
        ({"type": "mute", "id": "x4", "player": 10**12, "muted": True}, "not_in_room"),
        ({"type": "mute", "id": "x5", "player": bob.pk}, "bad_field"),
        ({"type": "mute", "id": "x6", "player": bob.pk, "muted": "no"}, "bad_field"),
        ({"type": "mute", "id": "x7", "player": str(bob.pk), "muted": False}, "bad_field"),
        ({"type": "mute", "id": "x8", "player": 2**63, "muted": False}, "bad_field"),
    ]:
        assert (await request(ada_ws, payload))["code"] == code, payload
    await call(services.room_add_bot, player=pair["ada"], code=pair["code"])
    bot = await call(lambda: Membership.objects.get(room__code=pair["code"], seat=2).player_id)
    bot_muted = await request(ada_ws, {"type": "mute", "id": "x9", "player": bot, "muted": True})
    assert bot_muted["code"] == "cannot_mute"

    unmuted = await request(ada_ws, {"type": "mute", "id": "m3", "player": bob.pk, "muted": False})
    state = await state_at(bob_ws, unmuted["version"])
    assert not next(m for m in state["members"] if m["name"] == "Bob")["muted"]
    assert (await request(bob_ws, {"type": "chat", "id": "c2", "text": "thanks"}))["type"] == "ack"
