"""The scenarios of requests in flight: ``drop_client`` (a connection cut while a request
is in flight), ``duplicate_request`` (one request sent twice) and ``simultaneous``
(actions raced by two players, and by two sockets of one player)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from bench.harness.faults.stack import Problem, Stack
from bench.harness.faults.table import (
    Table,
    answered,
    answers_to,
    best_place,
    open_table,
    place_fields,
    second_socket,
)
from bench.harness.room_client import Seat, new_id, placements


async def drop_round(table: Table, kind: str, delay: float | None) -> dict[str, Any]:
    """The current player sends ``kind`` (roll or place) and loses the connection
    ``delay`` s later (``None``: just before sending); the request must be applied once
    and answered once."""
    actor = table.actor()
    assert actor.game is not None  # the actor plays in the table's game
    if kind == "place":
        await table.act(actor, "roll", hold=[])
    turn = actor.game["turn"]
    fields = {"hold": []} if kind == "roll" else best_place(actor.game)
    request_id, resent = new_id(), actor.resent
    if delay is None:
        await actor.drop()
    task = asyncio.create_task(table.send(actor, kind, request_id, **fields))
    if delay is not None:
        await asyncio.sleep(delay)
        await actor.drop()
    answer = await task
    if answer.get("type") != "ack" or len(answers_to(actor, request_id)) != 1:
        raise Problem(f"the dropped {kind} got {answers_to(actor, request_id)}")
    await table.reach(answer["version"])
    record = (await table.ledger()).turn(turn)
    if len(record["rolls"]) != 1 or (kind == "place") != bool(record["finish"]):
        raise Problem(
            f"turn {turn} holds {len(record['rolls'])} rolls, finish "
            f"{record['finish']!r} after one {kind}"
        )
    if kind == "roll" and actor.game["dice"] != record["rolls"][0]["dice"]:
        raise Problem(
            f"{actor.login.name} shows dice {actor.game['dice']}, the database "
            f"{record['rolls'][0]['dice']}"
        )
    if kind == "roll":
        await table.act(actor, "place", **best_place(actor.game))
    return {"kind": kind, "resent": actor.resent - resent}


async def drop_client(
    stack: Stack,
    *,
    players: int = 2,
    rounds: int = 2,
    delays: Sequence[float | None] = (None, 0.0, 0.005),
    to_end: bool = True,
) -> dict[str, Any]:
    """Cut the current player's connection while a roll or place is in flight."""
    table = await open_table(stack, players)
    marks = stack.log_marks()
    try:
        found = [
            await drop_round(table, kind, delay)
            for _ in range(rounds)
            for kind in ("roll", "place")
            for delay in delays
        ]
        if to_end:
            await table.play_to_end()
        ledger, problems = await table.verify()
    finally:
        await table.close()
    tracebacks = stack.check_logs(marks, problems)
    return {
        "drops": len(found),
        "resent": sum(f["resent"] for f in found),
        "reconnects": sum(s.reconnects for s in table.seats),
        "roll_events": len(ledger.of_kind("roll")),
        "rolls_in_turns": sum(len(t["rolls"]) for t in ledger.turns),
        "place_events": len(ledger.of_kind("place")),
        "boxes_filled": ledger.filled(),
        "status": ledger.status,
        "server_tracebacks": tracebacks,
        "problems": problems,
    }


# -- duplicate_request -------------------------------------------------------------


async def _raw_twice(
    table: Table, first: Seat, second: Seat, kind: str, **fields: Any
) -> tuple[str, list[dict[str, Any]]]:
    """Send one request under one id on ``first`` and on ``second`` (maybe the same seat)
    at the same instant; returns the id and every answer to it."""
    request_id = new_id()
    text = json.dumps({"type": kind, "id": request_id, **fields})
    await asyncio.gather(table.send_raw(first, text), table.send_raw(second, text))
    if first is second:
        return request_id, await answered(first, request_id, 2)
    return request_id, (
        await answered(first, request_id, 1) + await answered(second, request_id, 1)
    )


async def duplicate_request(stack: Stack, *, players: int = 2, rounds: int = 2) -> dict[str, Any]:
    """The same roll twice on one socket, the same place at once on two sockets of one
    player (on two processes when there are), and a roll's id once more much later."""
    table = await open_table(stack, players)
    marks = stack.log_marks()
    tabs: list[Seat] = []
    answers: list[list[dict[str, Any]]] = []
    try:
        first_roll: tuple[Seat, str, int] | None = None
        for _ in range(rounds):
            actor, turn = table.actor(), table.newest()["turn"]
            request_id, got = await _raw_twice(table, actor, actor, "roll", hold=[])
            answers.append(got)
            first_roll = first_roll or (actor, request_id, got[0]["version"])
            await table.reach(got[0]["version"])
            tab = second_socket(stack, actor)
            tabs.append(tab)
            await tab.connect()
            assert actor.game is not None  # the actor plays in the table's game
            _id, got = await _raw_twice(table, actor, tab, "place", **best_place(actor.game))
            answers.append(got)
            await table.reach(got[0]["version"])
            if len((await table.ledger()).turn(turn)["rolls"]) != 1:
                raise Problem(f"turn {turn}: a roll sent twice was applied twice")
        await table.play_turn()
        assert first_roll is not None, "no round played"
        actor, request_id, version = first_roll
        late = await table.send(actor, "roll", request_id, hold=[])
        ledger, problems = await table.verify()
    finally:
        await asyncio.gather(*(t.close() for t in tabs))
        await table.close()
    problems += [
        f"one request answered {[(a['type'], a.get('version')) for a in got]}"
        for got in answers
        if {a["type"] for a in got} != {"ack"} or len({a["version"] for a in got}) != 1
    ]
    if (late.get("type"), late.get("version")) != ("ack", version):
        problems.append(f"the roll's id sent again later got {late}, not its ack {version}")
    tracebacks = stack.check_logs(marks, problems)
    return {
        "requests": len(answers) + 1,
        "answers": sum(len(a) for a in answers) + 1,
        "same_version": all(len({a.get("version") for a in got}) == 1 for got in answers),
        "late_replay": late.get("version") == version,
        "roll_events": len(ledger.of_kind("roll")),
        "rolls_in_turns": sum(len(t["rolls"]) for t in ledger.turns),
        "place_events": len(ledger.of_kind("place")),
        "boxes_filled": ledger.filled(),
        "server_tracebacks": tracebacks,
        "problems": problems,
    }


# -- simultaneous ----------------------------------------------------------------


async def simultaneous_round(table: Table, tab: Seat) -> dict[str, Any]:
    """Two players roll at once (only the current one may); then the current player's two
    sockets (``tab`` is the second) fill two different boxes at once (only one may)."""
    actor = table.actor()
    other = next(s for s in table.seats if s is not actor)
    assert actor.game is not None  # the actor plays in the table's game
    turn = actor.game["turn"]
    rolls = await asyncio.gather(
        table.send(actor, "roll", hold=[]), table.send(other, "roll", hold=[])
    )
    if [a["type"] for a in rolls] != ["ack", "error"] or rolls[1].get("code") != "not_your_turn":
        raise Problem(f"two players rolled at once: {rolls}")
    await table.reach(rolls[0]["version"])
    options = sorted(placements(actor.game), key=lambda o: -o["gain"])[:2]
    places = await asyncio.gather(
        *(
            table.send(seat, "place", **place_fields(actor.game, o))
            for seat, o in zip((actor, tab), options, strict=True)
        )
    )
    kinds = sorted(a["type"] for a in places)
    refused = next((a for a in places if a["type"] == "error"), {})
    if kinds != ["ack", "error"] or refused.get("code") != "not_your_turn":
        raise Problem(f"two sockets of one player placed at once: {places}")
    won = options[[a["type"] for a in places].index("ack")]
    ack = next(a for a in places if a["type"] == "ack")
    await table.reach(ack["version"])
    record = (await table.ledger()).turn(turn)
    if (record["box"], len(record["rolls"])) != (won["box"], 1):
        raise Problem(
            f"turn {turn} holds {record['box']} after {len(record['rolls'])} "
            f"rolls; the accepted place was {won['box']}"
        )
    return {"versions": [rolls[0]["version"], ack["version"]]}


async def simultaneous(stack: Stack, *, players: int = 2, rounds: int = 3) -> dict[str, Any]:
    """Race actions of two players and of two sockets of one player; see bench/faults.py."""
    table = await open_table(stack, players)
    marks = stack.log_marks()
    tabs = {s.my_seat: second_socket(stack, s) for s in table.seats}
    try:
        await asyncio.gather(*(t.connect() for t in tabs.values()))
        found = []
        for _ in range(rounds):
            found.append(await simultaneous_round(table, tabs[table.actor().my_seat]))
        chats = await asyncio.gather(
            *(table.send(s, "chat", text=f"hello from {s.login.name}") for s in table.seats)
        )
        versions = sorted(a.get("version") or 0 for a in chats)
        await table.reach(versions[-1])
        ledger, problems = await table.verify()
    finally:
        await asyncio.gather(*(t.close() for t in tabs.values()))
        await table.close()
    if [a["type"] for a in chats] != ["ack"] * len(chats) or len(set(versions)) != len(chats):
        problems.append(f"players chatting at once got {chats}")
    tracebacks = stack.check_logs(marks, problems)
    return {
        "rounds": len(found),
        "refused_as_not_your_turn": 2 * len(found),
        "chat_versions": versions,
        "chat_events": len(ledger.of_kind("chat")),
        "roll_events": len(ledger.of_kind("roll")),
        "rolls_in_turns": sum(len(t["rolls"]) for t in ledger.turns),
        "place_events": len(ledger.of_kind("place")),
        "boxes_filled": ledger.filled(),
        "server_tracebacks": tracebacks,
        "problems": problems,
    }
