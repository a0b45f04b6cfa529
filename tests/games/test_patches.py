"""Changes, not states: a viewer's socket gets a ``patch`` per version, and applying them
always ends in the state a fresh read of that version gives (docs/protocol.md). (The
diff itself and what each viewer's patch holds: test_patch_contents.py.)"""

from __future__ import annotations

import json
import random
import statistics
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User

from accounts.models import Player
from bench.harness.room_client import placements
from bench.harness.state_changes import Gap, apply_change, canonical, document_of
from games import services
from play.models import Game
from tests.support.present import present
from tests.support.sockets import (
    WAIT,
    CheckedCommunicator,
    call,
    receive,
    request,
    socket,
    state_at,
    visitor,
)
from tests.support.views import fresh_snapshot_of, view_of

# -- over the room's websocket --------------------------------------------------------


@database_sync_to_async
def fresh_document(code: str, viewer: int) -> str:
    """The viewer's state read afresh from the database (no cache, no earlier snapshot),
    as canonical JSON of its document."""
    state = view_of(fresh_snapshot_of(code), viewer)
    return canonical(document_of(json.loads(json.dumps(state))))


async def held_at(comm: CheckedCommunicator, version: int) -> dict[str, Any]:
    """The state the socket holds once it reached ``version``."""
    if comm.held is not None and comm.held["version"] >= version:
        return comm.held
    return await state_at(comm, version)


async def open_table(
    ruleset: str, together: bool | str = False
) -> tuple[str, list[Player], list[CheckedCommunicator]]:
    """Ada hosts; Bob and Cy play; Dee watches; every socket open, the game started
    (``together``: everyone's turn at once; ``"duplicate"``: with the same dice)."""
    people = [await visitor(name) for name in ("Ada", "Bob", "Cy", "Dee")]
    (ada, _), (bob, _), (cy, _), (dee, _) = people
    room = await call(
        services.room_create,
        player=ada,
        ruleset=ruleset,
        seats=3,
        together=bool(together),
        duplicate=together == "duplicate",
    )
    for player in (bob, cy):
        await call(services.room_join, player=player, code=room.code)
    comms: list[CheckedCommunicator] = []
    for _player, key in people:
        if len(comms) == 3:  # once the game is on, Dee comes to watch
            answer = await request(comms[0], {"type": "start", "id": "start"})
            assert answer["type"] == "ack", answer
            await call(services.room_join, player=dee, code=room.code)
        comm = socket(room.code, key)
        assert (await comm.connect())[0]
        await receive(comm, "state")
        comms.append(comm)
    version = present(comms[3].held)["version"]
    for comm in comms:
        await held_at(comm, version)
    return room.code, [p for p, _key in people], comms


def random_move(game: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal-looking move of the player whose turn it is (refusals are fine too)."""
    if game.get("must_announce"):
        return {"type": "announce", "box": rng.choice(placements(game))["box"]}
    if not game["dice"]:
        return {"type": "roll", "hold": []}
    if game["rolls_left"] and rng.random() < 0.3:
        return {"type": "hold", "hold": sorted(rng.sample(range(5), rng.randint(0, 4)))}
    if game["rolls_left"] and rng.random() < 0.5:
        return {"type": "roll", "hold": game["held"][:4]}
    option = rng.choice(placements(game))
    return {"type": "place", "box": option["box"], "column": option["column"]}


def assert_round_sealed(state: dict[str, Any], viewer: int) -> None:
    """Duplicate dice: what ``viewer`` holds shows no dice, hold or announcement of the
    open round but their own, and no other seat's box of it (each other seat has filled
    no more boxes than rounds have closed); the log has no dice."""
    game = state["game"]
    if game is None or game["status"] != "playing":
        return
    assert all(
        t["dice"] == [] and t["held"] == [] and t["announced"] is None for t in game["turns"]
    )
    for seat in game["seats"]:
        if seat["player"] != viewer:
            assert sum(len(boxes) for boxes in seat["boxes"].values()) <= game["round"] - 1
    assert all("dice" not in e["data"] for e in state["log"] if e["kind"] == "roll")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("ruleset", "seed", "together"),
    [
        ("yahtzee", 1, False),
        # One case of each pace on PostgreSQL and Redis: the others take the same paths
        # through the database and the layer, in other variants of the rules engine.
        pytest.param("yams", 2, False, marks=pytest.mark.sqlite_pass_only),
        ("yams", 3, True),
        pytest.param("triple_yahtzee", 4, True, marks=pytest.mark.sqlite_pass_only),
        ("yatzy", 5, "duplicate"),
        pytest.param("yams", 6, "duplicate", marks=pytest.mark.sqlite_pass_only),
    ],
)
async def test_every_viewer_holds_the_fresh_state_at_every_version(
    ruleset: str, seed: int, together: bool | str
) -> None:
    """Three players and a spectator; random moves, holds, chat, reactions and boxes taken
    back (everyone's turn at once, with the same dice or not: by any player with a turn
    open; with the same dice, nothing can be taken back). After every
    accepted request each socket's state, built from patches only, equals a fresh full
    state of that version, byte for byte (canonical JSON)."""
    rng = random.Random(seed)
    code, players, comms = await open_table(ruleset, together)
    taken_back = 0
    for n in range(45 if together == "duplicate" else 30):
        game = present(comms[0].held)["game"]
        actor = (
            rng.choice(
                [i for i in range(3) if present(comms[i].held)["game"]["current_seat"] is not None]
            )
            if together
            else next(
                i
                for i, p in enumerate(players)
                if p.pk == game["seats"][game["current_seat"]]["player"]
            )
        )
        takers = [
            i
            for i, p in enumerate(players[:3])
            if any(t["player"] == p.pk for t in game["undoable"])
        ]
        if takers and rng.random() < 0.5:
            who, payload = rng.choice(takers), {"type": "take_back_place"}
        elif rng.random() < 0.15:
            who = rng.randrange(4)
            payload = rng.choice(
                [{"type": "chat", "text": f"line {n}"}, {"type": "react", "emoji": "👍"}]
            )
        else:
            who, payload = actor, random_move(present(comms[actor].held)["game"], rng)
        answer = await request(comms[who], {**payload, "id": f"r{n}"})
        if answer["type"] != "ack":
            continue
        taken_back += payload["type"] == "take_back_place"
        for comm, player in zip(comms, players, strict=True):
            state = await held_at(comm, answer["version"])
            assert state["version"] == answer["version"]
            assert canonical(document_of(state)) == await fresh_document(code, player.pk)
            if together == "duplicate":
                assert_round_sealed(state, player.pk)
    if together == "duplicate":  # a round closed and was revealed, under patches only
        assert present(comms[3].held)["game"]["revealed"]
    assert (taken_back > 0) == (together != "duplicate"), taken_back
    for comm in comms:
        kinds = [m["type"] for m in comm.sent if m["type"] in ("state", "patch")]
        assert kinds.count("state") == 1 and kinds[0] == "state"  # then patches only
        sizes = [
            len(json.dumps(m, separators=(",", ":"))) for m in comm.sent if m["type"] == "patch"
        ]
        assert statistics.median(sizes) < 1000, sizes
        await comm.disconnect()


async def raw(comm: WebsocketCommunicator) -> dict[str, Any]:
    """The next message as the server sent it (not applied to the state held)."""
    message: dict[str, Any] = json.loads(
        await WebsocketCommunicator.receive_from(comm, timeout=WAIT)
    )
    return message


async def roll(comm: WebsocketCommunicator, n: int) -> int:
    answer = (
        await request(comm, {"type": "roll", "hold": [], "id": f"roll{n}"})
        if n == 0
        else await request(comm, {"type": "hold", "hold": [n % 5], "id": f"h{n}"})
    )
    assert answer["type"] == "ack", answer
    version: int = answer["version"]
    return version


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_lost_or_reordered_patch_ends_in_sync_and_the_same_state() -> None:
    code, players, comms = await open_table("yahtzee")
    ada, dee = comms[0], comms[3]
    held = dee.held
    # Lost: the next patch never arrives; the one after does not follow what Dee holds.
    await roll(ada, 0)
    await raw(dee)  # lost on the way
    await roll(ada, 1)
    with pytest.raises(Gap):
        apply_change(held, await raw(dee))
    await dee.send_json_to({"type": "sync", "id": "s1"})
    state = await receive(dee, "state")
    assert [m["type"] for m in dee.sent[-1:]] == ["state"]  # a whole state answers sync
    assert canonical(document_of(state)) == await fresh_document(code, players[3].pk)
    # Reordered: the newer patch comes first; the page asks for sync and applies what
    # follows its version, and the state of the sync settles it.
    held = dee.held
    await roll(ada, 2)
    first = await raw(dee)
    await roll(ada, 3)
    second = await raw(dee)
    with pytest.raises(Gap):
        apply_change(held, second)
    await dee.send_json_to({"type": "sync", "id": "s2"})
    held = apply_change(held, first)
    synced = await receive(dee, "state")
    assert synced["version"] == second["version"] > held["version"]
    assert canonical(document_of(synced)) == await fresh_document(code, players[3].pk)
    for comm in comms:
        await comm.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_box_taken_back_reaches_every_viewer_and_their_states_converge() -> None:
    """Ada fills a box and takes it back: Bob, Cy and Dee (watching) see it listed, then
    the log line and the turn back at Ada's, through patches equal to a fresh state; Bob
    cannot take Ada's box back, and once he has rolled neither can she."""
    code, players, comms = await open_table("yatzy")
    ada, bob = comms[0], comms[1]
    rolled = await request(ada, {"type": "roll", "hold": [], "id": "r1"})
    before = (await held_at(ada, rolled["version"]))["game"]
    option = placements(before)[0]
    placed = await request(ada, {"type": "place", "box": option["box"], "id": "p1"})
    for comm in comms:
        state = await held_at(comm, placed["version"])
        assert state["game"]["undoable"] == [
            {"seat": 0, "player": players[0].pk, "box": option["box"], "column": "main"}
        ]
    refused = await request(bob, {"type": "take_back_place", "id": "b1"})
    assert refused["code"] == "not_your_placement"
    taken = await request(ada, {"type": "take_back_place", "id": "t1"})
    assert taken["type"] == "ack"
    for comm, player in zip(comms, players, strict=True):
        state = await held_at(comm, taken["version"])
        assert comm.sent[-1]["type"] == "patch"
        assert canonical(document_of(state)) == await fresh_document(code, player.pk)
        assert state["log"][0]["kind"] == "place_taken_back"
        assert state["log"][0]["data"]["box"] == option["box"]
        game = state["game"]
        assert (game["current_seat"], game["dice"], game["rolls_left"], game["undoable"]) == (
            0,
            before["dice"],
            before["rolls_left"],
            [],
        )
        assert option["box"] not in game["seats"][0]["boxes"]["main"]
    assert present(ada.held)["game"]["options"] == before["options"]  # hers to choose again
    other = placements(before)[1]
    again = await request(ada, {"type": "place", "box": other["box"], "id": "p2"})
    assert again["type"] == "ack"
    await held_at(bob, again["version"])
    assert (await request(bob, {"type": "roll", "hold": [], "id": "r2"}))["type"] == "ack"
    late = await request(ada, {"type": "take_back_place", "id": "t2"})
    assert late["code"] == "take_back_closed"
    for comm in comms:
        await comm.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_rematch_that_turns_everyone_at_once_on_or_off_patches_each_viewer_right() -> None:
    """The viewer's own turn of a round comes on top of the shared state: a rematch from
    one seat after another to everyone at once, and back, leaves every socket holding the
    fresh state of each version."""
    code, players, comms = await open_table("yatzy")
    moderator = await database_sync_to_async(User.objects.create_user)(
        "mod", password="pw-long-enough", is_staff=True
    )
    settings = {"type": "configure", "ruleset": "yatzy", "options": {}, "seats": 3}
    n = 0

    async def step(who: int, payload: dict[str, Any]) -> None:
        nonlocal n
        n += 1
        answer = await request(comms[who], {**payload, "id": f"s{n}"})
        assert answer["type"] == "ack", answer
        for comm, player in zip(comms, players, strict=True):
            state = await held_at(comm, answer["version"])
            assert canonical(document_of(state)) == await fresh_document(code, player.pk)

    async def end_and_rematch(together: bool) -> None:
        game = await database_sync_to_async(
            lambda: Game.objects.get(room__code=code, status=Game.Status.PLAYING)
        )()
        await call(services.mod_end_game, moderator=moderator, game=game, reason="test")
        await step(0, {**settings, "together": together})
        await step(0, {"type": "rematch"})

    await step(0, {"type": "roll", "hold": []})
    await end_and_rematch(True)
    assert [present(c.held)["game"]["current_seat"] for c in comms] == [0, 1, 2, None]
    await step(1, {"type": "roll", "hold": []})
    await step(2, {"type": "roll", "hold": []})
    await step(1, {"type": "hold", "hold": [0, 1]})
    await end_and_rematch(False)
    assert [present(c.held)["game"]["current_seat"] for c in comms] == [0, 0, 0, 0]
    assert all(present(c.held)["game"]["dice"] == [] for c in comms)
    for comm in comms:
        await comm.disconnect()
