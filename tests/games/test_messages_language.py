"""What a socket says to its viewer alone (errors, hints) is in the viewer's language;
the codes stay the same (docs/protocol.md, Languages).

These need the compiled catalogs (``make catalogs``)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games import services
from play import advice as coach
from scoring.strategy.advice import Advisor
from tests.support.fixture_types import ScriptDice
from tests.support.sockets import (
    CheckedCommunicator,
    call,
    receive,
    request,
    socket,
    visitor,
)

# Not in the PostgreSQL pass (docs/decisions/0007): these check words, not the database.
pytestmark = pytest.mark.sqlite_pass_only

on_a_socket = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def speaking(code: str, session_key: str, language: bytes | None) -> CheckedCommunicator:
    """An open websocket to room ``code`` whose browser asks for ``language``."""
    comm = socket(code, session_key)
    if language is not None:
        headers = comm.scope["headers"]
        assert isinstance(headers, list)  # as ``socket`` makes them
        headers.append((b"accept-language", language))
    accepted, _ = await comm.connect()
    assert accepted
    await receive(comm, "state")
    return comm


@on_a_socket[0]
@on_a_socket[1]
async def test_a_refusal_comes_in_each_viewers_language_with_the_same_code() -> None:
    ada, _ = await visitor("Ada")
    room = await call(services.room_create, player=ada, ruleset="yatzy", seats=4)
    languages = {"Bob": b"fr", "Cleo": b"sv-SE,sv;q=0.9", "Dan": None}
    keys = {}
    for name in languages:
        player, keys[name] = await visitor(name)
        await call(services.room_join, player=player, code=room.code)
    await call(services.room_start, player=ada, code=room.code)
    said = {}
    for name, language in languages.items():
        ws = await speaking(room.code, keys[name], language)
        said[name] = await request(ws, {"type": "roll", "id": "r1", "hold": []})
        await ws.disconnect()
    assert {answer["code"] for answer in said.values()} == {"not_your_turn"}
    assert said["Bob"]["message"] == "à Ada de jouer"
    assert said["Cleo"]["message"] == "Ada har turen"
    assert said["Dan"]["message"] == "it is Ada's turn"  # English unchanged


@on_a_socket[0]
@on_a_socket[1]
async def test_a_rules_error_names_the_box_in_the_viewers_language(script_dice: ScriptDice) -> None:
    ada, ada_key = await visitor("Ada")
    room = await call(services.room_create, player=ada, ruleset="yahtzee", seats=1)
    ws = await speaking(room.code, ada_key, b"fr")
    assert (await request(ws, {"type": "start", "id": "s"}))["type"] == "ack"
    for turn in (1, 2):
        script_dice([1, 1, 2, 3, 4])
        assert (await request(ws, {"type": "roll", "id": f"r{turn}", "hold": []}))["type"] == "ack"
        answer = await request(ws, {"type": "place", "id": f"f{turn}", "box": "ones"})
    await ws.disconnect()
    assert answer["code"] == "box_taken"
    assert answer["message"] == "la case As est déjà remplie"


@on_a_socket[0]
@on_a_socket[1]
async def test_a_hint_is_worded_in_the_viewers_language(
    yahtzee_coach: Advisor, script_dice: ScriptDice
) -> None:
    ada, ada_key = await visitor("Ada")
    room = await call(services.room_create, player=ada, ruleset="yahtzee", seats=1)
    ws = await speaking(room.code, ada_key, b"fr")
    assert (await request(ws, {"type": "start", "id": "s"}))["type"] == "ack"
    script_dice([6, 6, 6, 2, 3])
    assert (await request(ws, {"type": "roll", "id": "r", "hold": []}))["type"] == "ack"
    hint = await request(ws, {"type": "hint", "id": "h"})
    await ws.disconnect()
    best = hint["choices"][0]
    assert (best["kind"], best["keep"], best["label"]) == ("keep", [6, 6, 6], "garder 6 6 6")
    assert hint["why"].startswith("Gardez les trois six : ")


def test_a_stored_choice_is_labelled_again_in_the_language_it_is_shown_in() -> None:
    from scoring import rulesets

    stored = {
        "decisions": [
            {
                "chosen": {
                    "kind": "keep",
                    "keep": [6, 6, 6],
                    "value": 1.0,
                    "label": "keep 6 6 6",
                    "loss": 0.0,
                }
            }
        ]
    }
    with translation.override("sv"):
        shown = coach.relabel(stored, rulesets.get("yahtzee"))
    assert shown["decisions"][0]["chosen"]["label"] == "spara 6 6 6"
    assert stored["decisions"][0]["chosen"]["label"] == "keep 6 6 6"  # stored unchanged
