"""Hints over the room websocket: the coach answers the player whose turn it is."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from games import services
from play import advice as coach
from scoring.ruleset import RuleSet
from scoring.strategy.advice import Advisor
from tests.support.fixture_types import ScriptDice, Table
from tests.support.sockets import call, connected, request, visitor

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

# The exact Yahtzee values (forced joker): an empty sheet, and keeping three sixes
# from 6 6 6 2 3 with two rolls left on it.
START = 254.5877287
THREE_SIXES = 265.1133606


@pytest_asyncio.fixture
async def yahtzee_table(yahtzee_coach: Advisor) -> AsyncIterator[Table]:
    """Ada hosts a 2-seat Yahtzee room that Bob joined; both connected."""
    ada, ada_key = await visitor("Ada")
    bob, bob_key = await visitor("Bob")
    room = await call(services.room_create, player=ada, ruleset="yahtzee", seats=2)
    await call(services.room_join, player=bob, code=room.code)
    table: Table = {
        "code": room.code,
        "ada": ada,
        "bob": bob,
        "ada_ws": await connected(room.code, ada_key),
        "bob_ws": await connected(room.code, bob_key),
    }
    yield table
    await table["ada_ws"].disconnect()
    await table["bob_ws"].disconnect()


async def test_the_coach_gives_exact_values_on_your_turn(
    yahtzee_table: Table, script_dice: ScriptDice
) -> None:
    ada_ws, bob_ws = yahtzee_table["ada_ws"], yahtzee_table["bob_ws"]
    early = await request(ada_ws, {"type": "hint", "id": "h0"})
    assert early["code"] == "not_started"
    assert (await request(ada_ws, {"type": "start", "id": "s"}))["type"] == "ack"

    # Before the first roll: nothing to choose, the expected final score.
    before = await request(ada_ws, {"type": "hint", "id": "h1"})
    assert before["type"] == "hint" and before["id"] == "h1"
    assert before["exact"] is True
    assert (before["dice"], before["rolls_left"], before["total"], before["choices"]) == (
        [],
        3,
        0,
        [],
    )
    assert before["expected"] == pytest.approx(START, abs=1e-6)  # exact: rounded when shown

    script_dice([6, 6, 6, 2, 3])
    assert (await request(ada_ws, {"type": "roll", "id": "r", "hold": []}))["type"] == "ack"
    hint = await request(ada_ws, {"type": "hint", "id": "h2"})
    assert (hint["dice"], hint["rolls_left"], hint["total"]) == ([6, 6, 6, 2, 3], 2, 0)
    best = hint["choices"][0]
    assert best == {
        "kind": "keep",
        "keep": [6, 6, 6],
        "value": pytest.approx(THREE_SIXES, abs=1e-6),
        "label": "keep 6 6 6",
        "loss": 0.0,
    }
    assert hint["expected"] == best["value"]
    values = [c["value"] for c in hint["choices"]]
    assert values == sorted(values, reverse=True)
    sixes = next(c for c in hint["choices"] if c.get("box") == "sixes")
    assert sixes["kind"] == "place" and sixes["label"] == "Sixes" and sixes["column"] == "main"
    assert sixes["loss"] == pytest.approx(best["value"] - sixes["value"], abs=0.011)
    assert sixes["loss"] > 0
    kinds = {c["kind"] for c in hint["choices"]}
    assert kinds == {"keep", "place"}
    # Every distinct keep of fewer than five dice, and every open box.
    assert sum(c["kind"] == "place" for c in hint["choices"]) == 13

    # Only the player whose turn it is gets hints.
    other = await request(bob_ws, {"type": "hint", "id": "h3"})
    assert other["type"] == "error" and other["code"] == "not_your_turn"


async def test_no_hints_when_the_host_turned_the_coach_off(yahtzee_table: Table) -> None:
    ada_ws = yahtzee_table["ada_ws"]
    configured = await request(
        ada_ws,
        {
            "type": "configure",
            "id": "c",
            "ruleset": "yahtzee",
            "options": {},
            "seats": 2,
            "turn_seconds": None,
            "coach": False,
        },
    )
    assert configured["type"] == "ack"
    bad = await request(
        ada_ws,
        {
            "type": "configure",
            "id": "c2",
            "ruleset": "yahtzee",
            "options": {},
            "seats": 2,
            "turn_seconds": None,
            "coach": "no",
        },
    )
    assert bad["code"] == "bad_field"
    await request(ada_ws, {"type": "start", "id": "s"})
    await request(ada_ws, {"type": "roll", "id": "r", "hold": []})
    refused = await request(ada_ws, {"type": "hint", "id": "h"})
    assert (refused["type"], refused["code"]) == ("error", "coach_off")
    assert refused["message"]


async def test_the_client_is_told_to_ask_again_while_the_coach_warms_up(
    yahtzee_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[str] = []

    def warm(rs: RuleSet) -> bool:
        started.append(rs.name)
        return False

    monkeypatch.setattr(coach, "warm", warm)
    await request(yahtzee_table["ada_ws"], {"type": "start", "id": "s"})
    answer = await request(yahtzee_table["ada_ws"], {"type": "hint", "id": "h"})
    assert (answer["type"], answer["code"]) == ("error", "coach_warming_up")
    assert started == ["yahtzee"]
