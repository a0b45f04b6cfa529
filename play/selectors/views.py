"""How a room's state shows its parts: presence, a variant's rules, compact JSON.

Shared by the snapshot every viewer of a room receives (``rooms.selectors.snapshots``)
and the pages that describe a variant.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any, cast

from common.protocol.keys import PresenceName
from common.protocol.ruleset import Ruleset
from scoring import rulesets
from scoring.ruleset import RuleSet

PRESENCE_GRACE = timedelta(seconds=30)


HEARTBEAT_LIMIT = timedelta(seconds=45)


def compact_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def presence_of(bot: bool, sockets: int, seen: datetime | None, moment: datetime) -> PresenceName:
    """``online`` while a socket is open (and pinging), ``reconnecting`` for 30 s after,
    then ``gone``.  Bots are always online."""
    if bot:
        return "online"
    if sockets and seen is not None and moment - seen <= HEARTBEAT_LIMIT:
        return "online"
    if seen is not None and moment - seen <= PRESENCE_GRACE:
        return "reconnecting"
    return "gone"


def ruleset_view(rs: RuleSet) -> Ruleset:
    """What a page needs to draw a variant's scorecard: keys and numbers only, the same
    for every viewer; the words come from ``common.rule_texts``, embedded in
    each page in its reader's language."""
    view = {
        "name": rs.name,
        "options": dict(rs.options),
        "columns": [{"key": c} for c in rs.columns],
        "sections": [
            {"name": name, "boxes": [{"key": k} for k in keys]} for name, keys in rs.sections
        ],
        "upper_bonus_threshold": rs.upper_bonus_threshold,
        "upper_bonus_points": rs.upper_bonus_points,
        "announce_column": rs.announce_column,
    }
    return cast(Ruleset, view)  # the engine's names and keys are the protocol's


@lru_cache(maxsize=64)
def _ruleset_view_of(name: str, options: str) -> Ruleset:
    return ruleset_view(rulesets.get(name, **json.loads(options)))


def ruleset_view_of(name: str, options: dict[str, Any]) -> Ruleset:
    """``ruleset_view`` of a stored rule-set name and options (computed once each)."""
    return _ruleset_view_of(name, json.dumps(options, sort_keys=True))
