"""A server process going away (``common.draining``, started by SIGTERM in
``yahtzee_site.server``): ``/healthz`` answers 503, every open socket closes with 1012
once the message it is working on is answered, and a socket that opens meanwhile is
closed at once. The whole process under a rolling restart: tests/games/test_faults.py."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from common import draining
from games import services
from rooms.models import Membership
from tests.support.bell_sockets import bell_connected, bell_socket
from tests.support.fixture_types import Pair, ScriptDice
from tests.support.sockets import WAIT, call, request, socket, state_at, visitor

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def going_away() -> Iterator[None]:
    """The test may drain this process (a drained process never comes back: the flag is
    put back afterwards)."""
    yield
    draining._draining = False


async def closed_with(comm: WebsocketCommunicator) -> tuple[list[dict[str, Any]], int]:
    """The messages ``comm`` receives until its close, and the close's code."""
    seen: list[dict[str, Any]] = []
    while True:
        output = await comm.receive_output(timeout=WAIT)
        if output["type"] == "websocket.close":
            return seen, int(output["code"])
        seen.append(output)


def test_health_answers_503_while_the_process_goes_away(going_away: None) -> None:
    assert Client().get("/healthz").status_code == 200
    asyncio.run(draining.begin())
    answer = Client().get("/healthz")
    assert (answer.status_code, answer.json()) == (503, {"status": "restarting"})


@pytest.mark.asyncio
async def test_the_move_in_hand_is_answered_before_the_socket_closes_with_1012(
    pair: Pair, script_dice: ScriptDice, monkeypatch: pytest.MonkeyPatch, going_away: None
) -> None:
    ada_ws, bob_ws = pair["ada_ws"], pair["bob_ws"]
    started = await request(ada_ws, {"type": "start", "id": "s1"})
    for comm in (ada_ws, bob_ws):
        await state_at(comm, started["version"])
    entered, release = threading.Event(), threading.Event()
    roll = services.game_roll

    def held_roll(**kwargs: Any) -> Any:
        entered.set()
        release.wait(WAIT)
        return roll(**kwargs)

    monkeypatch.setattr(services, "game_roll", held_roll)
    script_dice([6, 6, 2, 3, 6])
    await ada_ws.send_json_to({"type": "roll", "id": "r1", "hold": []})
    assert await asyncio.to_thread(entered.wait, WAIT)  # the roll is in hand
    assert await draining.begin() == 2  # both sockets told
    release.set()
    ada_saw, ada_code = await closed_with(ada_ws)
    _, bob_code = await closed_with(bob_ws)
    assert (ada_code, bob_code) == (draining.CLOSE_RESTART, draining.CLOSE_RESTART)
    assert [m["type"] for m in ada_saw] == ["websocket.send", "websocket.send"]  # ack, patch
    assert '"ack"' in ada_saw[0]["text"] and '"r1"' in ada_saw[0]["text"]
    sockets = await call(
        lambda: list(
            Membership.objects.filter(room__code=pair["code"]).values_list("sockets", flat=True)
        )
    )
    assert sockets == [0, 0]  # each socket's close was counted
    assert draining.open_sockets() == 0


@pytest.mark.asyncio
async def test_a_socket_the_word_did_not_reach_is_told_again(
    pair: Pair, monkeypatch: pytest.MonkeyPatch, going_away: None
) -> None:
    """The layer can lose a message while many sockets close at once (channels_redis,
    decision 0081): a socket still open a second after the word is sent it again."""
    layer = get_channel_layer()
    assert layer is not None
    send, lost = layer.send, list[str]()

    async def losing_the_first_word(channel: str, message: dict[str, Any]) -> None:
        if message == draining.RESTART_MESSAGE and not lost:
            lost.append(channel)
            return
        await send(channel, message)

    monkeypatch.setattr(layer, "send", losing_the_first_word)
    moving = asyncio.ensure_future(draining.move_sockets_on())
    codes = [(await closed_with(pair[name]))[1] for name in ("ada_ws", "bob_ws")]
    await asyncio.wait_for(moving, WAIT)  # done once no socket is left open
    assert codes == [draining.CLOSE_RESTART] * 2
    assert len(lost) == 1 and draining.open_sockets() == 0


@pytest.mark.asyncio
async def test_a_socket_that_opens_while_the_process_goes_away_is_sent_elsewhere(
    going_away: None,
) -> None:
    ada, key = await visitor("Ada")
    room = await call(services.room_create, player=ada, ruleset="yams")
    await draining.begin()
    comm = socket(room.code, key)
    connected, _ = await comm.connect()
    assert connected
    assert await closed_with(comm) == ([], draining.CLOSE_RESTART)
    bell = bell_socket(key)
    assert (await bell.connect())[0]
    assert await closed_with(bell) == ([], draining.CLOSE_RESTART)
    for ended in (comm, bell):
        await ended.disconnect()  # the browser's side of the close


@pytest.mark.asyncio
async def test_a_bell_socket_closes_with_1012(going_away: None) -> None:
    _, key = await visitor("Ada")
    bell, _ = await bell_connected(key)
    assert await draining.begin() == 1
    assert await closed_with(bell) == ([], draining.CLOSE_RESTART)
    await bell.disconnect()  # the browser's side of the close
