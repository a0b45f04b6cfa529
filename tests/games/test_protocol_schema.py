"""docs/protocol.schema.json and docs/protocol.md describe what the consumer does.

The consumer tests check every message against the schema (tests/support/sockets.py);
these tests check the schema and the page against the code: every message type, every
error code a socket can carry, and that the schema refuses what it must.
"""

from __future__ import annotations

import ast
import copy
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from games.realtime.requests import HANDLERS
from tests.support.site_apps import APPS
from tests.support.sockets import check_server_message, schema, schema_accepts

# Not in the PostgreSQL pass (docs/decisions/0007): the schema and its page, no database.
pytestmark = pytest.mark.sqlite_pass_only

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "protocol.md").read_text()
# Codes of the services and the engine that never reach a socket, and where they go.
NOT_ON_SOCKET = {
    "bad_name",
    "kicked",
    "not_a_person",  # the join and create forms (HTTP)
    "bad_outcome",
    "report_closed",
    "no_message",  # handling reports in the admin
    "already_removed",
    "not_banned",
    "reason_required",
    "bad_ban_end",  # the admin
    "too_many_guests",  # the guest limit of the create and join forms (HTTP 429)
    "not_finished",
    "not_played",
    "unknown_game",
    "review_not_ready",  # the review page
    "not_signed_in",
    "bad_email",
    "link_used",  # the account and email pages (HTTP)
    "taken",
    "unknown_language",  # signing up, and the language picker (HTTP)
    "bad_preferences",  # the notifications page (HTTP)
    "bad_ruleset",  # the open tables' page (HTTP)
    "bad_limit",  # the limits at public tables (the admin)
    "unknown_ruleset",
    "not_yet",  # the daily challenge's pages (HTTP)
    "account_needed",
    "yourself",
    "no_account",
    "unavailable",
    "already_friends",
    "already_asked",
    "no_request",
    "not_friends",
    "already_blocked",
    "not_blocked",
    "bad_choice",  # the friends pages (HTTP)
    "already_member",
    "bad_link",
    "bad_request",
    "group_closed",
    "group_full",
    "no_group",
    "no_player",
    "not_a_member",
    "not_the_owner",
    "owner_leaving",
    "removed",
    "too_many_groups",  # the groups pages (HTTP)
    "no_receivers",
    "too_many",
    "bad_player",
    "unknown_invite",
    "invite_expired",
    "invite_used",  # the invite pages (HTTP)
    # the engine's checks of stored or programmatic input, never of a request
    "bad_dice_source",
    "bad_rolls_left",
    "bad_scorecard",
    "bad_turn",
    "invalid_dice",
    "source_exhausted",
    "no_announcement",
}
CONSUMER_ONLY = {"coach_failed"}  # answered by the consumer itself, without an exception


def raised_codes() -> set[str]:
    """Every error code the site's code raises (the first argument of ``ServiceError``,
    its ``TooManyGuests``, ``RulesError``, the consumer's ``BadMessage``, the JSON
    reader's ``BadJson``, and the ``Refusal`` of a play mode, which a service raises)."""
    found: set[str] = set()
    for package in (*APPS, "scoring"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if (
                    isinstance(node, ast.Call)
                    and getattr(node.func, "id", None)
                    in {
                        "ServiceError",
                        "TooManyGuests",
                        "RulesError",
                        "BadMessage",
                        "BadJson",
                        "Refusal",
                    }
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                ):
                    found.add(node.args[0].value)
    return found


def error_codes() -> set[str]:
    return set(schema()["definitions"]["server"]["error"]["properties"]["code"]["enum"])


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft7Validator.check_schema(schema())


def test_the_schema_has_every_message_type_the_consumer_handles() -> None:
    handled = set(HANDLERS) | {"ping", "sync", "hint"}
    assert set(schema()["definitions"]["client"]) == handled
    assert set(schema()["definitions"]["server"]) == {
        "state",
        "patch",
        "ack",
        "error",
        "pong",
        "hint",
    }
    for kind in handled:
        assert f"`{kind}`" in PAGE, kind


def test_the_schema_and_the_page_list_every_error_code_a_socket_can_carry() -> None:
    assert raised_codes() >= NOT_ON_SOCKET  # each exclusion names a real code
    assert error_codes() == raised_codes() - NOT_ON_SOCKET | CONSUMER_ONLY
    missing = [code for code in error_codes() if f"`{code}`" not in PAGE]
    assert not missing, f"docs/protocol.md does not explain {missing}"


@pytest.mark.parametrize(
    "message",
    [
        {"type": "roll", "id": "r"},  # hold is required
        {"type": "roll", "id": "r", "hold": [True]},
        {"type": "roll", "hold": []},
        {"type": "roll", "id": "", "hold": []},
        {"type": "roll", "id": "x" * 65, "hold": []},
        {"type": "place", "id": "p"},
        {"type": "place", "id": "p", "box": "ones", "column": 1},
        {"type": "configure", "id": "c", "ruleset": "yams", "options": [], "seats": 2},
        {"type": "kick", "id": "k", "player": 2**63},
        {"type": "fly", "id": "f"},
    ],
)
def test_the_schema_refuses_what_the_consumer_refuses(message: dict[str, Any]) -> None:
    assert not schema_accepts(message)


def test_the_schema_accepts_the_documented_examples() -> None:
    assert schema_accepts({"type": "roll", "id": "9f2c1b", "hold": [0, 1, 4]})
    assert schema_accepts({"type": "place", "id": "p", "box": "sixes", "column": "down"})
    assert schema_accepts(
        {
            "type": "configure",
            "id": "c",
            "ruleset": "yahtzee",
            "options": {"joker": "free"},
            "seats": 4,
            "turn_seconds": None,
        }
    )
    assert schema_accepts({"type": "ping", "id": "p", "extra": "ignored"})


def test_server_messages_that_break_the_contract_are_caught() -> None:
    good = {"type": "error", "id": "x", "code": "not_your_turn", "message": "it is Ada's turn"}
    check_server_message(good)
    for broken in (
        {**good, "code": "no_such_code"},
        {**good, "message": ""},
        {"type": "ack", "id": "x"},
        {"type": "pong", "id": "x", "extra": 1},
        {"type": "shout"},
    ):
        with pytest.raises(AssertionError):
            check_server_message(broken)


def test_a_state_without_its_version_is_caught(minimal_state: dict[str, Any]) -> None:
    check_server_message(minimal_state)
    broken = copy.deepcopy(minimal_state)
    del broken["version"]
    with pytest.raises(AssertionError):
        check_server_message(broken)


def test_a_patch_must_name_its_base_and_use_rfc_6902_operations() -> None:
    good = {
        "type": "patch",
        "version": 9,
        "base": 8,
        "seconds_left": 30,
        "ops": [
            {"op": "replace", "path": "/game/dice", "value": [1, 2, 3, 4, 5]},
            {"op": "copy", "from": "/event", "path": "/log/0"},
            {"op": "remove", "path": "/chat/0"},
        ],
        "presence": [{"player": 7, "presence": "online", "seen_seconds_ago": 2}],
    }
    check_server_message(good)
    for broken in (
        {k: v for k, v in good.items() if k != "base"},
        {**good, "ops": [{"op": "replace", "path": "game/dice", "value": []}]},
        {**good, "ops": [{"op": "remove", "path": "/x", "value": 1}]},
        {**good, "ops": [{"op": "paint", "path": "/x"}]},
        {**good, "seconds_left": None},
        {**good, "presence": [{"player": 7, "presence": "asleep", "seen_seconds_ago": 2}]},
    ):
        with pytest.raises(AssertionError):
            check_server_message(broken)


@pytest.fixture
def minimal_state() -> dict[str, Any]:
    """A lobby's state: one host, no game yet."""
    ruleset = {
        "name": "yatzy",
        "options": {"exact_counts": False},
        "columns": [{"key": "main"}],
        "sections": [{"name": "upper", "boxes": [{"key": "ones"}]}],
        "upper_bonus_threshold": 63,
        "upper_bonus_points": 50,
        "announce_column": None,
    }
    event = {
        "seq": 1,
        "kind": "room_created",
        "actor": "Ada",
        "actor_id": 7,
        "data": {},
        "at": "2026-11-25T08:00:00+00:00",
    }
    return {
        "type": "state",
        "version": 1,
        "event": event,
        "room": {
            "code": "k3mz",
            "status": "open",
            "seat_count": 4,
            "pace": "live",
            "turn_seconds": None,
            "holidays": True,
            "together": False,
            "duplicate": False,
            "daily": False,
            "rated": False,
            "public": False,
            "host": 7,
            "coach": True,
            "ruleset": ruleset,
        },
        "you": {"player": 7, "name": "Ada", "seat": 0, "host": True, "muted": []},
        "members": [
            {
                "player": 7,
                "name": "Ada",
                "seat": 0,
                "bot": False,
                "bot_level": None,
                "host": True,
                "muted": False,
                "strangers_chat": False,
                "presence": "online",
                "seen_seconds_ago": 0,
            }
        ],
        "game": None,
        "log": [event],
        "chat": [],
        "reactions": [],
    }
