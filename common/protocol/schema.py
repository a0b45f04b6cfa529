"""docs/protocol.schema.json, made from the protocol's types (JSON Schema draft-07).

    python -m common.protocol.schema > docs/protocol.schema.json    (or: make schema)

``msgspec.json.schema_components`` describes every type; this module places them where
the schema's readers find them (``#/definitions/client/<type>``,
``#/definitions/server/<type>``, ``client_message``, ``server_message``), writes what
draft-07 says otherwise (a fixed-length list's ``items``), closes the server's objects
(``additionalProperties: false``: the server sends nothing the types do not name) and
ties each event ``kind`` to its ``data``. tests/games/test_protocol_schema_drift.py
fails when the file is not what this prints.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

from common.protocol import bell, events, messages, requests
from common.protocol.errors import ErrorMessage
from common.protocol.keys import OVERRIDE
from common.protocol.ruleset import Ruleset, RulesetOptions
from common.protocol.state import State

SERVER: dict[str, type] = {
    "state": State,
    "patch": messages.Patch,
    "ack": messages.Ack,
    "error": ErrorMessage,
    "pong": messages.Pong,
    "hint": messages.HintAnswer,
}
# The bell's socket, /ws/me/ (``common.protocol.bell``): its own messages, beside the
# room's ``sync``, ``ping``, ``pong`` and ``error`` it shares.
ME_CLIENT: dict[str, type] = {"read": bell.Read, "read_all": bell.ReadAll}
ME_SERVER: dict[str, type] = {"bell": bell.BellMessage, "ack": bell.BellAck}
ME_SHARED = {"client": ("sync", "ping"), "server": ("pong", "error")}
NAMED: dict[str, type] = {"options": RulesetOptions, "ruleset": Ruleset, "event": events.Event}
HEADER = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://five-dice.invalid/protocol.schema.json",
    "title": "Five Dice room websocket messages (docs/protocol.md)",
    "description": "Every message on /ws/rooms/<code>/. A client message is a "
    "#/definitions/client_message, a server message a #/definitions/server_message; each "
    "kind is also under #/definitions/client/<type> and #/definitions/server/<type>. "
    "The bell's socket, /ws/me/, has #/definitions/me_client_message and "
    "#/definitions/me_server_message (its own kinds under me_client/ and me_server/). "
    "Made by `python -m common.protocol.schema` from the types in common/protocol/.",
    "anyOf": [
        {"$ref": "#/definitions/client_message"},
        {"$ref": "#/definitions/server_message"},
        {"$ref": "#/definitions/me_client_message"},
        {"$ref": "#/definitions/me_server_message"},
    ],
}


def _components() -> tuple[dict[str, Any], dict[str, str]]:
    """Every type's schema by its class name, and where each goes in ``definitions``."""
    places = {kind.__name__: f"client/{tag}" for tag, kind in requests.BY_TYPE.items()}
    places |= {kind.__name__: f"server/{name}" for name, kind in SERVER.items()}
    places |= {kind.__name__: name for name, kind in NAMED.items()}
    places |= {kind.__name__: f"me_client/{tag}" for tag, kind in ME_CLIENT.items()}
    places |= {kind.__name__: f"me_server/{tag}" for tag, kind in ME_SERVER.items()}
    types = [
        *requests.REQUESTS,
        *ME_CLIENT.values(),
        *SERVER.values(),
        *ME_SERVER.values(),
        *NAMED.values(),
        *events.EVENT_DATA.values(),
        *messages.PATCH_OPS,
    ]
    _, components = msgspec.json.schema_components(types, ref_template="#/definitions/{name}")
    return components, places


def _rewrite(node: Any, places: dict[str, str], closed: bool) -> Any:
    """``node`` with its references moved to their places, draft-07's ``items`` for
    fixed-length lists, and, when ``closed``, objects of named properties closed."""
    if isinstance(node, list):
        return [_rewrite(item, places, closed) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _rewrite(value, places, closed) for key, value in node.items() if key != "title"}
    out |= out.pop(OVERRIDE, {})
    ref = out.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/definitions/"):
        name = ref.removeprefix("#/definitions/")
        out["$ref"] = f"#/definitions/{places.get(name, name)}"
    if "prefixItems" in out:
        out["items"] = out.pop("prefixItems")
    if closed and out.get("type") == "object" and "properties" in out:
        out.setdefault("additionalProperties", False)
    return out


def _event_kinds(places: dict[str, str]) -> dict[str, Any]:
    """Each event ``kind``'s ``data`` (``events.EVENT_DATA``), as draft-07 conditions."""
    return {
        "allOf": [
            {
                "if": {"properties": {"kind": {"const": kind}}},
                "then": {
                    "properties": {
                        "data": {
                            "$ref": f"#/definitions/{places.get(data.__name__, data.__name__)}"
                        }
                    }
                },
            }
            for kind, data in events.EVENT_DATA.items()
        ]
    }


def _either(side: str, kinds: list[str], shared: tuple[str, ...] = ()) -> dict[str, Any]:
    """Any message of ``side``'s ``kinds`` (and the ``shared`` kinds of the room's side)."""
    room_side = side.removeprefix("me_")
    return {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": sorted([*kinds, *shared])}},
        "oneOf": [{"$ref": f"#/definitions/{side}/{kind}"} for kind in kinds]
        + [{"$ref": f"#/definitions/{room_side}/{kind}"} for kind in shared],
    }


def protocol_schema() -> dict[str, Any]:
    """The whole schema, as docs/protocol.schema.json holds it."""
    components, places = _components()
    client_names = {kind.__name__ for kind in (*requests.REQUESTS, *ME_CLIENT.values())}
    data_names = {data.__name__ for data in events.EVENT_DATA.values()}
    found = {
        name: _rewrite(schema, places, closed=name not in client_names | data_names)
        for name, schema in components.items()
    }
    definitions: dict[str, Any] = {"client": {}, "server": {}, "me_client": {}, "me_server": {}}
    for name, schema in found.items():
        side, _, kind = places.get(name, name).rpartition("/")
        (definitions[side] if side else definitions)[kind] = schema
    report = definitions["client"]["report"]
    report["anyOf"] = [
        {"required": [name], "properties": {name: {"type": "integer"}}}
        for name in requests.ONE_OF_FIELDS["report"]
    ]
    definitions["event"] |= _event_kinds(places)
    choice = definitions["Choice"]
    choice |= messages.CHOICE_KINDS
    definitions["patch_operation"] = {
        "description": "One RFC 6902 JSON Patch operation, applied to the state document in "
        "order (docs/protocol.md, patch). The server sends add, remove, replace and copy.",
        "type": "object",
        "oneOf": [definitions.pop(op.__name__) for op in messages.PATCH_OPS],
    }
    definitions["client_message"] = _either("client", list(requests.BY_TYPE))
    definitions["server_message"] = _either("server", list(SERVER))
    definitions["me_client_message"] = _either("me_client", list(ME_CLIENT), ME_SHARED["client"])
    definitions["me_server_message"] = _either("me_server", list(ME_SERVER), ME_SHARED["server"])
    return {**HEADER, "definitions": definitions}


def schema_text() -> str:
    """The schema as the file's text."""
    return json.dumps(protocol_schema(), indent=1) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
