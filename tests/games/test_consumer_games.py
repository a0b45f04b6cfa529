"""Whole games over websockets: two people and a bot, in every variant."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator

from bench.harness.room_client import placements
from common.publish import publish
from games import services
from rooms.models import Room
from tests.support.game_state import game_of
from tests.support.sockets import call, receive, request, socket, state_at, visitor


async def polite_request(comm: WebsocketCommunicator, payload: dict[str, Any]) -> dict[str, Any]:
    """Send a request as a well-behaved client: back off and retry when rate limited."""
    while True:
        answer = await request(comm, payload)
        if answer.get("code") != "rate_limited":
            return answer
        await asyncio.sleep(0.25)


pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def latest_state(comm: WebsocketCommunicator, code: str) -> dict[str, Any]:
    """The state at the room's current version (older ones queued on the socket skipped).
    It asks for a ``sync`` in case the state was already read, and asks again, as a
    well-behaved client does, when the socket is over its message rate."""
    version = await call(lambda: Room.objects.get(code=code).version)
    while True:
        await comm.send_json_to({"type": "sync", "id": "sync"})
        while True:
            message = await receive(comm)
            if message["type"] == "state" and message["version"] >= version:
                return message
            if message["type"] == "error" and message.get("id") == "sync":
                assert message["code"] == "rate_limited", message
                break
        await asyncio.sleep(0.25)


# Yatzy, Yam's and Triple Yahtzee differ from Yahtzee only in the rules engine, which the
# SQLite pass covers: the PostgreSQL pass plays the Yahtzee game alone (docs/decisions/0007).
@pytest.mark.parametrize(
    "ruleset",
    [
        "yahtzee",
        *(
            pytest.param(name, marks=pytest.mark.sqlite_pass_only)
            for name in ("yatzy", "yams", "triple_yahtzee")
        ),
    ],
)
async def test_two_people_and_a_bot_play_a_whole_game(ruleset: str) -> None:
    ada, ada_key = await visitor("Ada")
    bob, bob_key = await visitor("Bob")
    room = await call(services.room_create, player=ada, ruleset=ruleset, seats=3)
    await call(services.room_join, player=bob, code=room.code)
    sockets = {ada.pk: socket(room.code, ada_key), bob.pk: socket(room.code, bob_key)}
    for comm in sockets.values():
        await comm.connect()
        await receive(comm, "state")
    host = sockets[ada.pk]
    assert (await polite_request(host, {"type": "add_bot", "id": "bot"}))["type"] == "ack"
    assert (await polite_request(host, {"type": "start", "id": "go"}))["type"] == "ack"
    moves = 0
    while True:
        game = await call(game_of, code=room.code)
        if game.status != "playing":
            break
        seat = await call(
            lambda g=game: g.scorecards.select_related("player").get(seat=g.current_seat)
        )
        if seat.player.is_bot:
            done = await call(services.games_run_due)
            assert done
            await publish(done)
            continue
        comm, moves = sockets[seat.player_id], moves + 1
        rolled = await polite_request(comm, {"type": "roll", "id": f"r{moves}", "hold": []})
        assert rolled["type"] == "ack", rolled
        mine = (await state_at(comm, rolled["version"]))["game"]  # pushed right after the ack
        option = placements(mine)[0] if mine["options"] else None
        if option is None:  # Yam's: only announced boxes left, announce one first
            rs = await latest_state(comm, room.code)
            column = rs["room"]["ruleset"]["announce_column"]
            filled = rs["game"]["seats"][seat.seat]["boxes"][column]
            box = next(
                b["key"]
                for sec in rs["room"]["ruleset"]["sections"]
                for b in sec["boxes"]
                if b["key"] not in filled
            )
            announced = await polite_request(
                comm, {"type": "announce", "id": f"a{moves}", "box": box}
            )
            option = placements((await state_at(comm, announced["version"]))["game"])[0]
        placed = await polite_request(
            comm,
            {"type": "place", "id": f"p{moves}", "box": option["box"], "column": option["column"]},
        )
        assert placed["type"] == "ack", placed
    finals = []
    for comm in sockets.values():
        final = (await latest_state(comm, room.code))["game"]
        assert final["status"] == "finished"
        finals.append([(s["name"], s["total"], s["rank"]) for s in final["seats"]])
        await comm.disconnect()
    assert finals[0] == finals[1]
    assert sorted(rank for _, _, rank in finals[0])[0] == 1
    assert [name for name, _, _ in finals[0]] == ["Ada", "Bob", "Bot Blaise"]
