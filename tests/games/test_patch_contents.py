"""What a patch holds: the diff of two documents, which any JSON Patch implementation
applies, and the part of it each viewer is sent (the options to the player whose turn it
is only, presence only when it changed). (Patches over the room's socket:
test_patches.py.)"""

from __future__ import annotations

import json
from typing import Any

import jsonpatch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from accounts.models import Player
from bench.harness.state_changes import apply_change, canonical, document_of
from games import services
from play.selectors.patches import diff
from play.selectors.room_snapshot import Held
from tests.support.fixture_types import MakeRoom, ScriptDice
from tests.support.views import fresh_snapshot_of, message_to, text_of

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", "~/"]),
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(st.sampled_from(["a", "b", "c/d", "e~f"]), inner, max_size=4)
    ),
    max_leaves=20,
)


@pytest.mark.sqlite_pass_only  # no database: once is enough
@settings(max_examples=60, deadline=None)
@given(json_values, json_values)
def test_a_diff_applied_by_another_implementation_gives_the_new_document(
    old: object, new: object
) -> None:
    old, new = json.loads(json.dumps(old)), json.loads(json.dumps(new))  # no shared parts
    assert jsonpatch.apply_patch(old, diff(old, new)) == new


@pytest.mark.sqlite_pass_only  # no database: once is enough
def test_a_sliding_log_and_chat_cost_one_add_and_one_remove_each() -> None:
    log = [
        {"seq": n, "kind": "roll", "data": {"dice": [n % 6 + 1] * 5}, "at": f"{n}"}
        for n in range(50, 0, -1)
    ]
    chat = [{"id": n} for n in range(50)]
    event = {"seq": 51, "kind": "place", "data": {"box": "chance"}, "at": "51"}
    ops = diff(
        {"event": log[0], "log": log, "chat": chat},
        {"event": event, "log": [event, *log[:49]], "chat": [*chat[1:], {"id": 50}]},
    )
    assert ops == [
        {"op": "replace", "path": "/event", "value": event},
        {"op": "remove", "path": "/log/49"},
        {"op": "copy", "from": "/event", "path": "/log/0"},  # the same object: not sent twice
        {"op": "remove", "path": "/chat/0"},
        {"op": "add", "path": "/chat/49", "value": {"id": 50}},
    ]


# -- what each viewer is sent ----------------------------------------------------------


@pytest.fixture
def table(
    ada: Player, bob: Player, cy: Player, script_dice: ScriptDice, make_room: MakeRoom
) -> str:
    """A Yahtzee room of Ada and Bob, Cy watching; Ada has rolled once."""
    room = make_room(ada, "yahtzee", seats=2, joined=[bob], start=True)
    services.room_join(player=cy, code=room.code)
    script_dice([6, 6, 6, 2, 3, 4, 5, 1, 1])
    services.game_roll(player=ada, code=room.code)
    return room.code


def sent(code: str, viewer: Player, held: Held | None = None) -> tuple[dict[str, Any], Held]:
    """(the message ``viewer`` is sent of the room's current version, what they hold)."""
    text, now_held = message_to(fresh_snapshot_of(code), viewer.pk, held)
    return json.loads(text), now_held


@pytest.mark.django_db
def test_only_the_player_whose_turn_it_is_gets_the_options_in_a_patch(
    table: str, ada: Player, bob: Player, cy: Player
) -> None:
    before = {p.pk: sent(table, p) for p in (ada, bob, cy)}
    services.game_roll(player=ada, code=table, hold=[0, 1, 2])
    patches = {p.pk: sent(table, p, before[p.pk][1])[0] for p in (ada, bob, cy)}
    options = {
        pk: [op for op in m["ops"] if op["path"].startswith("/game/options")]
        for pk, m in patches.items()
    }
    assert options[ada.pk] and not options[bob.pk] and not options[cy.pk]
    assert patches[bob.pk] == patches[cy.pk]  # the shared part, for everyone else
    for player in (ada, bob, cy):
        state = apply_change(before[player.pk][0], patches[player.pk])
        fresh = json.loads(text_of(fresh_snapshot_of(table), player.pk))
        assert canonical(document_of(state)) == canonical(document_of(fresh))


@pytest.mark.django_db
def test_presence_held_survives_a_patch_that_replaces_the_members() -> None:
    """The host role passing replaces members in the document; presence, left out of the
    patch as unchanged, stays as held (the page's store does the same)."""
    member = {"player": 1, "name": "Ada", "host": True}
    held = {
        "version": 4,
        "game": None,
        "members": [
            {**member, "presence": "gone", "seen_seconds_ago": 75},
            {
                "player": 2,
                "name": "Bob",
                "host": False,
                "presence": "online",
                "seen_seconds_ago": 0,
            },
        ],
    }
    patch = {
        "type": "patch",
        "base": 4,
        "version": 5,
        "ops": [
            {
                "op": "replace",
                "path": "/members",
                "value": [{**member, "host": False}, {"player": 2, "name": "Bob", "host": True}],
            }
        ],
    }
    state = apply_change(held, patch)
    assert [(m["host"], m["presence"], m["seen_seconds_ago"]) for m in state["members"]] == [
        (False, "gone", 75),
        (True, "online", 0),
    ]


def test_presence_comes_in_a_patch_only_when_it_changed(
    table: str, ada: Player, bob: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    services.presence_connect(player=bob, code=table)
    _state, held = sent(table, ada)
    services.chat_post(player=bob, code=table, text="hi")
    patch, held = sent(table, ada, held)
    assert "presence" not in patch and "seconds_left" not in patch  # no clock in this room
    services.presence_disconnect(player=bob, code=table)  # Bob's last socket closed
    patch, held = sent(table, ada, held)
    assert {p["player"]: p["presence"] for p in patch["presence"]}[bob.pk] == "reconnecting"
