"""The room websocket, through the real ASGI application, sessions and database."""

from __future__ import annotations

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from bench.harness.room_client import placements
from games import services
from games.realtime import snapshot_cache
from rooms.models import Membership
from rooms.selectors.snapshots import Snapshot, read_snapshot
from tests.support.fixture_types import Pair, ScriptDice
from tests.support.present import present
from tests.support.sockets import (
    WAIT,
    call,
    receive,
    request,
    socket,
    state_at,
    visitor,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def closed_with(comm: WebsocketCommunicator) -> int:
    connected, _ = await comm.connect()
    assert connected  # accepted, then closed with a reason the client can read
    output = await comm.receive_output(timeout=WAIT)
    assert output["type"] == "websocket.close"
    code: int = output["code"]
    return code


async def test_unknown_room_closes_4404() -> None:
    _, key = await visitor("Ada")
    assert await closed_with(socket("nosuchroom", key)) == 4404


async def test_no_player_or_not_a_member_closes_4403() -> None:
    ada, _ = await visitor("Ada")
    room = await call(services.room_create, player=ada, ruleset="yams")
    assert await closed_with(socket(room.code)) == 4403
    _, eve_key = await visitor("Eve")
    assert await closed_with(socket(room.code, eve_key)) == 4403


async def test_a_foreign_origin_is_refused() -> None:
    ada, key = await visitor("Ada")
    room = await call(services.room_create, player=ada, ruleset="yams")
    comm = socket(room.code, key, origin=b"https://evil.example")
    connected, _ = await comm.connect()
    assert not connected


async def test_connect_starts_with_the_full_state_for_this_viewer(pair: Pair) -> None:
    comm = socket(pair["code"], pair["bob_key"])
    await comm.connect()
    state = await receive(comm, "state")
    assert state["room"]["code"] == pair["code"]
    assert state["you"] == {
        "player": pair["bob"].pk,
        "name": "Bob",
        "seat": 1,
        "host": False,
        "muted": [],
    }
    assert [m["name"] for m in state["members"]] == ["Ada", "Bob"]
    assert state["room"]["ruleset"]["name"] == "yatzy"
    assert state["game"] is None
    await comm.disconnect()


async def test_a_move_is_acked_and_every_viewer_gets_the_new_state(
    pair: Pair, script_dice: ScriptDice
) -> None:
    ada_ws, bob_ws = pair["ada_ws"], pair["bob_ws"]
    started = await request(ada_ws, {"type": "start", "id": "s1"})
    assert started["type"] == "ack"
    script_dice([6, 6, 2, 3, 6])
    answer = await request(ada_ws, {"type": "roll", "id": "r1", "hold": []})
    assert answer["type"] == "ack"
    for comm in (ada_ws, bob_ws):
        state = await state_at(comm, answer["version"])
        assert state["game"]["dice"] == [6, 6, 2, 3, 6]
        assert state["event"]["kind"] == "roll" and state["event"]["actor"] == "Ada"


async def test_a_move_is_built_once_before_its_ack_and_every_viewer_is_sent_that_build(
    pair: Pair, script_dice: ScriptDice, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The service's trip to the database thread also builds the version it made, so the
    # room's sockets do not queue for a second trip before they can be sent it.
    ada_ws, bob_ws = pair["ada_ws"], pair["bob_ws"]
    started = await request(ada_ws, {"type": "start", "id": "s1"})
    for comm in (ada_ws, bob_ws):
        await state_at(comm, started["version"])
    builds: list[str] = []
    read = read_snapshot

    def counted(code: str, prior: Snapshot | None) -> Snapshot | None:
        builds.append(code)
        return read(code, prior)

    monkeypatch.setattr(snapshot_cache, "read_snapshot", counted)
    script_dice([6, 6, 2, 3, 6])
    answer = await request(ada_ws, {"type": "roll", "id": "r1", "hold": []})
    assert snapshot_cache.cached(pair["code"], answer["version"]) is not None
    for comm in (ada_ws, bob_ws):
        assert (await state_at(comm, answer["version"]))["game"]["dice"] == [6, 6, 2, 3, 6]
    assert builds == [pair["code"]]


async def test_a_move_reaches_every_viewer_without_a_hop_per_message(
    pair: Pair, script_dice: ScriptDice, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Channels' own dispatch sends every message of every socket to asgiref's thread
    # first, to close stale connections; the room socket's database work already does
    # that on its own thread, so no message of a move waits for that hop.
    import channels.consumer

    hops: list[object] = []

    async def counted() -> None:
        hops.append(None)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    ada_ws, bob_ws = pair["ada_ws"], pair["bob_ws"]
    started = await request(ada_ws, {"type": "start", "id": "s1"})
    script_dice([6, 6, 2, 3, 6])
    answer = await request(ada_ws, {"type": "roll", "id": "r1", "hold": []})
    for comm in (ada_ws, bob_ws):
        assert (await state_at(comm, answer["version"]))["game"]["dice"] == [6, 6, 2, 3, 6]
    assert answer["version"] > started["version"]
    assert hops == []


async def test_a_group_message_of_no_handler_is_refused(pair: Pair) -> None:
    from games.realtime.consumers import RoomConsumer

    consumer = RoomConsumer()
    for kind in ("_private.call", "no.such.kind", ""):
        with pytest.raises(ValueError, match="no handler"):
            await consumer.dispatch({"type": kind})


async def test_options_are_shown_only_to_the_player_whose_turn_it_is(
    pair: Pair, script_dice: ScriptDice
) -> None:
    await request(pair["ada_ws"], {"type": "start", "id": "s1"})
    script_dice([6, 6, 2, 3, 6])
    answer = await request(pair["ada_ws"], {"type": "roll", "id": "r1", "hold": []})
    mine = await state_at(pair["ada_ws"], answer["version"])
    theirs = await state_at(pair["bob_ws"], answer["version"])
    assert mine["game"]["options"]["main"]["sixes"] == [18, 0, 18]  # points, bonus, gain
    assert theirs["game"]["options"] == {}


async def test_every_message_type(pair: Pair, script_dice: ScriptDice) -> None:
    ada_ws, bob_ws = pair["ada_ws"], pair["bob_ws"]
    assert (await request(ada_ws, {"type": "add_bot", "id": "a", "level": "beginner"}))[
        "type"
    ] == "ack"
    assert (await request(ada_ws, {"type": "remove_bot", "id": "b", "seat": 2}))["type"] == "ack"
    assert (await request(bob_ws, {"type": "chat", "id": "c", "text": "ready"}))["type"] == "ack"
    assert (await request(ada_ws, {"type": "start", "id": "d"}))["type"] == "ack"
    script_dice([1, 2, 3, 4, 5, 2, 2, 2, 3, 3])  # Ada's roll, then Bob's skipped turn
    assert (await request(ada_ws, {"type": "roll", "id": "e", "hold": []}))["type"] == "ack"
    placed = await request(ada_ws, {"type": "place", "id": "f", "box": "small_straight"})
    assert placed["type"] == "ack"
    state = await state_at(bob_ws, placed["version"])
    assert state["game"]["seats"][0]["total"] == 15 and state["game"]["current_seat"] == 1
    skipped = await request(ada_ws, {"type": "skip", "id": "g"})
    assert skipped["type"] == "ack", skipped
    script_dice([6, 6, 6, 6, 6])
    assert (await request(ada_ws, {"type": "roll", "id": "h", "hold": []}))["type"] == "ack"
    assert (await request(ada_ws, {"type": "hand_to_bot", "id": "i", "seat": 1}))["type"] == "ack"
    await ada_ws.send_json_to({"type": "sync", "id": "j"})
    assert (await receive(ada_ws, "state"))["version"] >= placed["version"]
    assert (await request(ada_ws, {"type": "announce", "id": "k", "box": "ones"}))[
        "code"
    ] == "no_announcements"
    assert (await request(ada_ws, {"type": "rematch", "id": "l"}))["code"] == "game_in_progress"
    assert (await request(bob_ws, {"type": "take_seat", "id": "m"}))["code"] == "game_in_progress"


async def test_kick_closes_the_kicked_players_socket(pair: Pair) -> None:
    answer = await request(pair["ada_ws"], {"type": "kick", "id": "k", "player": pair["bob"].pk})
    assert answer["type"] == "ack"
    bob = pair["bob_ws"]
    while True:
        output = await bob.receive_output(timeout=WAIT)
        if output["type"] == "websocket.close":
            assert output["code"] == 4403
            break
    assert await closed_with(socket(pair["code"], pair["bob_key"])) == 4403


async def test_leave_closes_with_1000_and_a_spectator_can_take_a_seat(pair: Pair) -> None:
    answer = await request(pair["bob_ws"], {"type": "leave", "id": "bye"})
    assert answer["type"] == "ack"
    output = await pair["bob_ws"].receive_output(timeout=WAIT)
    assert output == {"type": "websocket.close", "code": 1000}
    cy, cy_key = await visitor("Cy")
    await call(services.room_start, player=pair["ada"], code=pair["code"])
    await call(services.room_join, player=cy, code=pair["code"])
    cy_ws = socket(pair["code"], cy_key)
    await cy_ws.connect()
    assert (await receive(cy_ws, "state"))["you"]["seat"] is None
    assert (await request(cy_ws, {"type": "take_seat", "id": "t"}))["code"] == "game_in_progress"
    await cy_ws.disconnect()


async def test_announce_in_yams() -> None:
    ada, key = await visitor("Ada")
    room = await call(services.room_create, player=ada, ruleset="yams", seats=1)
    await call(services.room_start, player=ada, code=room.code)
    comm = socket(room.code, key)
    await comm.connect()
    await receive(comm, "state")
    await request(comm, {"type": "roll", "id": "r", "hold": []})
    answer = await request(comm, {"type": "announce", "id": "a", "box": "chance"})
    assert answer["code"] == "unknown_box"
    answer = await request(comm, {"type": "announce", "id": "b", "box": "straight"})
    state = await state_at(comm, answer["version"])
    assert state["game"]["announced"] == "straight"
    assert [(o["column"], o["box"]) for o in placements(state["game"])] == [
        ("announced", "straight")
    ]
    await comm.disconnect()


async def test_presence_follows_the_sockets(pair: Pair) -> None:
    ada_ws = pair["ada_ws"]

    async def bob_seen_as(presence: str) -> None:
        while True:  # states queued before the change show the old presence
            state = await receive(ada_ws, "state")
            if next(m for m in state["members"] if m["name"] == "Bob")["presence"] == presence:
                return

    await pair["bob_ws"].disconnect()
    await bob_seen_as("reconnecting")
    again = socket(pair["code"], pair["bob_key"])
    await again.connect()
    await bob_seen_as("online")
    count = await call(lambda: Membership.objects.get(player=pair["bob"]).sockets)
    assert count == 1
    pair["bob_ws"] = again


async def test_a_socket_closing_while_the_layer_fails_still_counts_as_gone(
    pair: Pair, caplog: pytest.LogCaptureFixture
) -> None:
    layer = present(get_channel_layer())

    async def broken(group: str, channel: str) -> None:
        raise ConnectionError("Connection closed by server.")

    layer.group_discard = broken  # type: ignore[method-assign]  # as a Redis restarted live
    await pair["bob_ws"].disconnect()
    count = await call(lambda: Membership.objects.get(player=pair["bob"]).sockets)
    assert count == 0  # presence still follows the socket
    assert "could not leave its group" in caplog.text and "Traceback" not in caplog.text
    pair["bob_ws"] = socket(pair["code"], pair["bob_key"])
    await pair["bob_ws"].connect()
    await receive(pair["bob_ws"], "state")


async def test_configure_changes_what_every_viewer_sees(pair: Pair) -> None:
    answer = await request(
        pair["ada_ws"],
        {
            "type": "configure",
            "id": "c",
            "ruleset": "triple_yahtzee",
            "options": {"joker": "free"},
            "seats": 2,
            "turn_seconds": None,
        },
    )
    assert answer["type"] == "ack"
    state = await state_at(pair["bob_ws"], answer["version"])
    assert state["room"]["ruleset"]["name"] == "triple_yahtzee"
    assert state["room"]["ruleset"]["options"] == {"joker": "free"}
    assert [c["key"] for c in state["room"]["ruleset"]["columns"]] == ["x1", "x2", "x3"]
    assert (state["room"]["seat_count"], state["room"]["turn_seconds"]) == (2, None)
    assert state["event"]["kind"] == "room_configured"
    bad = await request(
        pair["ada_ws"],
        {
            "type": "configure",
            "id": "d",
            "ruleset": "yams",
            "options": [],
            "seats": 2,
            "turn_seconds": None,
        },
    )
    assert bad["code"] == "bad_field"
    other = await request(
        pair["bob_ws"],
        {
            "type": "configure",
            "id": "e",
            "ruleset": "yams",
            "options": {},
            "seats": 2,
            "turn_seconds": 60,
        },
    )
    assert other["code"] == "not_host"
