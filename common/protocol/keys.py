"""The keys and names the protocol's messages share, as types (docs/protocol.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import Meta

RulesetName = Literal["yahtzee", "yatzy", "yams", "triple_yahtzee"]
ColumnKey = Literal["main", "free", "down", "up", "announced", "x1", "x2", "x3"]
BotLevel = Literal["beginner", "expert"]
Pace = Literal["live", "day"]
PresenceName = Literal["online", "reconnecting", "gone"]
ReportReason = Literal["abuse", "spam", "cheating", "other"]
Emoji = Literal["\U0001f44d", "\U0001f44f", "\U0001f602", "\U0001f62e", "\U0001f62c", "\U0001f389"]

# A type's ``extra_json_schema`` under this key replaces what msgspec says of it, where
# msgspec's own keys would win (``common.protocol.schema`` applies it).
OVERRIDE = "x-override"


def schema_says(**notes: Any) -> Meta:
    """A note for the schema only: ``notes`` replace those keys of the type's schema."""
    return Meta(extra_json_schema={OVERRIDE: notes})


MAX_INT = 2**63 - 1  # what a database integer holds
BigInt = Annotated[int, Meta(ge=-MAX_INT, le=MAX_INT)]
RequestId = Annotated[str, Meta(min_length=1, max_length=64)]
Seat = Annotated[int, Meta(ge=0)]
Die = Annotated[int, Meta(ge=1, le=6)]
Position = Annotated[int, Meta(ge=0, le=4)]
BoxKey = Annotated[str, Meta(min_length=1)]
RollsLeft = Annotated[int, Meta(ge=0, le=3)]
# An ISO 8601 time as the server writes it (``datetime.isoformat``).
Moment = Annotated[
    str, Meta(pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
]
# The dice of a turn: none before its first roll, else all five.
Dice = Annotated[
    list[Die],
    Meta(extra_json_schema={"anyOf": [{"maxItems": 0}, {"minItems": 5, "maxItems": 5}]}),
]
Held = Annotated[list[Position], Meta(max_length=4)]
