"""What a client of docs/protocol.md holds: a ``patch`` applied to the state held, and
that state compared, as canonical JSON, with one fetched fresh."""

from __future__ import annotations

import json
from typing import Any

import jsonpatch


class Gap(ValueError):
    """A ``patch`` whose ``base`` is not the version held: the client must ``sync``."""


def apply_change(
    held: dict[str, Any] | None, patch: dict[str, Any], *, in_place: bool = False
) -> dict[str, Any]:
    """The state a client holds after ``patch`` (docs/protocol.md): its operations applied
    to a copy of ``held`` (to ``held`` itself with ``in_place``: a copy costs ten times
    the patch), then its ``version``, ``seconds_left`` and ``presence``. Raises ``Gap``
    unless ``held`` is the state of version ``base`` (``held`` is then left as it was)."""
    if held is None or held["version"] != patch["base"]:
        raise Gap(
            f"patch {patch['base']}->{patch['version']} on "
            f"{None if held is None else held['version']}"
        )
    before = {
        m["player"]: {k: m[k] for k in ("presence", "seen_seconds_ago") if k in m}
        for m in held["members"]
    }
    state: dict[str, Any] = jsonpatch.apply_patch(held, patch["ops"], in_place=in_place)
    state["version"] = patch["version"]
    if state["game"] is not None:
        state["game"]["seconds_left"] = patch.get("seconds_left")
    # Presence as sent, else as held: an operation that replaced a member (the host role
    # passing) brings it without either field.
    news = {p["player"]: p for p in patch.get("presence", ())}
    for member in state["members"]:
        fresh = news.get(member["player"])
        if fresh is not None:
            member["presence"] = fresh["presence"]
            member["seen_seconds_ago"] = fresh["seen_seconds_ago"]
        else:
            member.update(before.get(member["player"], {}))
    return state


def document_of(state: dict[str, Any]) -> dict[str, Any]:
    """What a state says of its version alone: without ``type``, ``game.seconds_left``
    and the members' ``presence`` and ``seen_seconds_ago`` (they depend on the moment)."""
    document = {k: v for k, v in state.items() if k != "type"}
    document["members"] = [
        {k: v for k, v in m.items() if k not in ("presence", "seen_seconds_ago")}
        for m in state["members"]
    ]
    if state["game"] is not None:
        document["game"] = {k: v for k, v in state["game"].items() if k != "seconds_left"}
    return document


def canonical(value: Any) -> str:
    """``value`` as canonical JSON (sorted keys, no spaces): equal values, equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
