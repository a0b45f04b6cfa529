"""What the room websocket does with the frames it is sent: malformed, binary, too big,
too many, repeated or stale requests, and refusals of the rules. Through the real ASGI
application, sessions and database."""

from __future__ import annotations

import json

import pytest

from rooms.models import Room
from tests.support.fixture_types import Pair, ScriptDice
from tests.support.game_state import game_of
from tests.support.sockets import WAIT, call, receive, request, schema_accepts

# A ``configure`` request with its required fields, and one more (``%`` fills it in).
CONFIGURE = '{"type": "configure", "id": "x", "ruleset": "yatzy", "options": {}, "seats": 2, %s}'

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def test_service_errors_carry_the_id_and_code_and_change_nothing(pair: Pair) -> None:
    await request(pair["ada_ws"], {"type": "start", "id": "s1"})
    before = (await call(game_of, code=pair["code"])).version
    answer = await request(pair["bob_ws"], {"type": "roll", "id": "b1", "hold": []})
    assert answer == {
        "type": "error",
        "id": "b1",
        "code": "not_your_turn",
        "message": "it is Ada's turn",
    }
    assert (await call(game_of, code=pair["code"])).version == before


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('{"type": "roll"}', "bad_request_id"),
        ('{"type": "roll", "id": ""}', "bad_request_id"),
        ('{"type": "roll", "id": 7}', "bad_request_id"),
        ('{"type": "fly", "id": "x"}', "bad_type"),
        ('{"type": "roll", "id": "x"}', "bad_field"),
        ('{"type": "roll", "id": "x", "hold": "01"}', "bad_field"),
        ('{"type": "roll", "id": "x", "hold": [true]}', "bad_field"),
        ('{"type": "place", "id": "x"}', "bad_field"),
        ('{"type": "place", "id": "x", "box": 3}', "bad_field"),
        ('{"type": "place", "id": "x", "box": "ones", "column": 1}', "bad_field"),
        ('{"type": "chat", "id": "x", "text": null}', "bad_field"),
        ('{"type": "remove_bot", "id": "x", "seat": "1"}', "bad_field"),
        ('{"type": "kick", "id": "x", "player": true}', "bad_field"),
        ('{"type": "kick", "id": "x", "player": "2"}', "bad_field"),
        ('{"type": "roll", "id": "x", "hold": null}', "bad_field"),
        ('{"type": "hold", "id": "x", "hold": "01"}', "bad_field"),
        ('{"type": "announce", "id": "x", "box": null}', "bad_field"),
        ('{"type": "place", "id": "x", "box": null}', "bad_field"),
        ('{"type": "chat", "id": "x", "text": 42}', "bad_field"),
        ('{"type": "react", "id": "x", "emoji": ["x"]}', "bad_field"),
        ('{"type": "holiday", "id": "x", "days": "2"}', "bad_field"),
        ('{"type": "hand_to_bot", "id": "x", "seat": "1"}', "bad_field"),
        ('{"type": "hand_to_bot", "id": "x", "seat": null}', "bad_field"),
        ('{"type": "skip", "id": "x", "seat": "1"}', "bad_field"),
        ('{"type": "mute", "id": "x", "player": 2, "muted": 1}', "bad_field"),
        ('{"type": "add_bot", "id": "x", "level": 3}', "bad_field"),
        ('{"type": "report", "id": "x", "player": 2, "reason": "spam", "text": 5}', "bad_field"),
        (CONFIGURE % '"together": "yes"', "bad_field"),
        (CONFIGURE % '"holidays": "yes"', "bad_field"),
        (CONFIGURE % '"coach": "no"', "bad_field"),
        (CONFIGURE % '"duplicate": "yes"', "bad_field"),
        (CONFIGURE % '"turn_seconds": "60"', "bad_field"),
        (CONFIGURE % '"pace": 1', "bad_field"),
    ],
)
async def test_malformed_messages_get_an_error(pair: Pair, frame: str, code: str) -> None:
    comm = pair["ada_ws"]
    await comm.send_to(text_data=frame)
    answer = await receive(comm, "error")
    assert answer["code"] == code and answer["message"]
    parsed = json.loads(frame) if frame.startswith("{") else None
    assert parsed is None or not schema_accepts(parsed)  # the schema refuses it too
    version = (await call(Room.objects.get, code=pair["code"])).version
    await comm.send_json_to({"type": "ping", "id": "still-alive"})
    assert (await receive(comm, "pong"))["id"] == "still-alive"
    assert (await call(Room.objects.get, code=pair["code"])).version == version


async def test_binary_and_oversized_frames(pair: Pair) -> None:
    comm = pair["ada_ws"]
    await comm.send_to(bytes_data=b'{"type": "ping", "id": "b"}')
    assert (await receive(comm, "error"))["code"] == "bad_json"
    await comm.send_to(text_data=json.dumps({"type": "chat", "id": "big", "text": "x" * 5000}))
    assert (await receive(comm, "error"))["code"] == "too_large"


async def test_bursts_are_limited_and_floods_closed(pair: Pair) -> None:
    comm = pair["ada_ws"]
    for n in range(25):
        await comm.send_json_to({"type": "ping", "id": f"p{n}"})
    replies = [await receive(comm) for _ in range(25)]
    assert sum(r["type"] == "pong" for r in replies) == 20
    assert {r["code"] for r in replies if r["type"] == "error"} == {"rate_limited"}
    for _ in range(100):
        await comm.send_to(text_data='{"type": "ping", "id": "f"}')
    while True:
        output = await comm.receive_output(timeout=WAIT)
        if output["type"] == "websocket.close":
            assert output["code"] == 4429
            break
    bob = pair["bob_ws"]
    assert (await request(bob, {"type": "ping", "id": "ok"}))["type"] == "pong"


async def test_a_repeated_request_is_answered_the_same(pair: Pair) -> None:
    first = await request(pair["ada_ws"], {"type": "chat", "id": "c1", "text": "hi"})
    again = await request(pair["ada_ws"], {"type": "chat", "id": "c1", "text": "hi"})
    assert first == again
    assert await call(lambda: Room.objects.get(code=pair["code"]).chat.count()) == 1


async def test_a_stale_request_is_refused(pair: Pair, script_dice: ScriptDice) -> None:
    await request(pair["ada_ws"], {"type": "start", "id": "s"})
    script_dice([2, 3, 4, 5, 6])
    await request(pair["ada_ws"], {"type": "roll", "id": "r", "hold": []})
    assert (await request(pair["ada_ws"], {"type": "place", "id": "p1", "box": "large_straight"}))[
        "type"
    ] == "ack"
    stale = await request(pair["ada_ws"], {"type": "place", "id": "p2", "box": "chance"})
    assert stale["code"] == "not_your_turn"
