"""What a client may send on a room's socket: one typed request per ``type``.

``request_decode`` turns a message (a JSON object already read and bounded by
``common.json_input``) into one of these, or refuses it with ``bad_type`` or
``bad_field`` (``BadMessage``), checking the fields in the order docs/protocol.md lists
them. Only their JSON types are checked here (and that integers fit in 64 bits): what a
value means (a box, a seat, a hold's positions) is the services' to judge, with codes of
their own. The ``schema`` notes (``extra_json_schema``) say more of what a valid request
holds, for the schema only. Fields a type does not name are ignored.
"""

from __future__ import annotations

from typing import Annotated, Any, get_args

import msgspec
from django.utils.translation import gettext
from msgspec import Meta

from common.protocol.errors import BadMessage
from common.protocol.keys import (
    OVERRIDE,
    BigInt,
    BotLevel,
    ColumnKey,
    Emoji,
    Pace,
    ReportReason,
    RequestId,
    RulesetName,
    schema_says,
)

_schema = schema_says


def _enum(*values: Any) -> Meta:
    return _schema(enum=list(values))


Box = Annotated[str, _schema(minLength=1)]
Column = Annotated[str, _enum(*get_args(ColumnKey))]
Level = Annotated[str, _enum(*get_args(BotLevel))]
PaceName = Annotated[str, _enum(*get_args(Pace))]
Text = Annotated[str, _schema(minLength=1, maxLength=500)]
Seat = Annotated[BigInt, _schema(minimum=0)]


class Request(msgspec.Struct, frozen=True, tag_field="type"):
    """A request: its ``type`` (the struct's tag) and the client's request ``id``."""

    id: RequestId


class _Hold(Request, frozen=True):
    hold: list[Any]

    def __post_init__(self) -> None:
        if len(self.hold) > 5 or not all(type(p) is int for p in self.hold):
            raise BadMessage(
                "bad_field", gettext("hold must be a list of at most 5 dice positions 0-4")
            )


POSITIONS = {"type": "integer", "minimum": 0, "maximum": 4}


class Roll(_Hold, frozen=True, tag="roll"):
    """Roll the dice, keeping those at positions ``hold`` (``[]``: throw all five)."""

    hold: Annotated[list[Any], _schema(maxItems=4, uniqueItems=True, items=POSITIONS)]


class Hold(_Hold, frozen=True, tag="hold"):
    """Mark the dice at positions ``hold`` to keep for the next roll."""

    hold: Annotated[list[Any], _schema(maxItems=5, uniqueItems=True, items=POSITIONS)]


class Announce(Request, frozen=True, tag="announce"):
    """Yam's: announce ``box`` of the announced column."""

    box: Box


class Place(Request, frozen=True, tag="place"):
    """Fill ``box`` (of ``column``, when the variant needs one named)."""

    box: Box
    column: Column | None = None


class Chat(Request, frozen=True, tag="chat"):
    """Say ``text`` at the table."""

    text: Text


class React(Request, frozen=True, tag="react"):
    """Show ``emoji`` on the sender's seat for a moment."""

    emoji: Annotated[str, _enum(*get_args(Emoji))]


class Configure(Request, frozen=True, tag="configure"):
    """The host's settings for the next game (``None``: as it is)."""

    ruleset: Annotated[str, _enum(*get_args(RulesetName))]
    options: Annotated[dict[str, Any], _schema(**{"$ref": "#/definitions/options"})]
    seats: Annotated[BigInt, _schema(minimum=1, maximum=8)]
    turn_seconds: (
        Annotated[
            BigInt,
            Meta(
                description="Live: 15-300, or null for no limit. By the day: 3600-604800 "
                "(1 hour to 7 days), null for a day.",
                extra_json_schema={OVERRIDE: {"minimum": 15, "maximum": 604800}},
            ),
        ]
        | None
    ) = None
    coach: bool | None = None
    pace: PaceName | None = None
    holidays: bool | None = None
    together: bool | None = None
    duplicate: bool | None = None
    rated: bool | None = None


class Start(Request, frozen=True, tag="start"):
    """Start the first game."""


class Rematch(Request, frozen=True, tag="rematch"):
    """A new game with the same seats."""


class AddBot(Request, frozen=True, tag="add_bot"):
    """Seat a bot of ``level`` (``None``: a beginner)."""

    level: Level | None = None


class RemoveBot(Request, frozen=True, tag="remove_bot"):
    """Take the bot off ``seat``."""

    seat: BigInt


class TakeSeat(Request, frozen=True, tag="take_seat"):
    """A spectator sits down."""


class Kick(Request, frozen=True, tag="kick"):
    """Send ``player`` out of the room."""

    player: BigInt


class Mute(Request, frozen=True, tag="mute"):
    """Mute ``player``'s chat and reactions (or let them talk again)."""

    player: BigInt
    muted: bool


class MuteMember(Request, frozen=True, tag="mute_member"):
    """Hide ``player``'s chat and reactions from the sender only (or show them again)."""

    player: BigInt
    muted: bool


class Publish(Request, frozen=True, tag="publish"):
    """The host opens the room to anyone (``public``), or keeps it to invited people."""

    public: bool


class StrangersChat(Request, frozen=True, tag="strangers_chat"):
    """The sender chats with strangers at an open table (``on``), or not."""

    on: bool


class FillWithBots(Request, frozen=True, tag="fill_with_bots"):
    """The host of an open table that waits seats a bot in every free seat."""


class Skip(Request, frozen=True, tag="skip"):
    """Finish an away person's turn (everyone's turn at once: ``seat``'s)."""

    seat: Seat | None = None


class HandToBot(Request, frozen=True, tag="hand_to_bot"):
    """A bot plays ``seat`` for the rest of the game."""

    seat: BigInt


class TakeBack(Request, frozen=True, tag="take_back"):
    """The seat a bot keeps for the sender is theirs again."""


class TakeBackPlace(Request, frozen=True, tag="take_back_place"):
    """Empty the box the sender filled last, and have that turn again."""


class Holiday(Request, frozen=True, tag="holiday"):
    """Pause the sender's clock for ``days``."""

    days: Annotated[
        BigInt,
        Meta(
            description="Days to pause the player's clock (room by the day, holidays "
            "allowed), within what is left of their 7 days in this game.",
            extra_json_schema={OVERRIDE: {"minimum": 1, "maximum": 7}},
        ),
    ]


class HolidayEnd(Request, frozen=True, tag="holiday_end"):
    """Back from holiday now."""


class Leave(Request, frozen=True, tag="leave"):
    """Leave the room."""


class Report(Request, frozen=True, kw_only=True, tag="report"):
    """Report a chat line (``message``) or a ``player`` to the moderators."""

    player: BigInt | None = None
    message: BigInt | None = None
    reason: Annotated[str, _enum(*get_args(ReportReason))]
    text: Annotated[str, _schema(maxLength=500)] | None = None


class Hint(Request, frozen=True, tag="hint"):
    """Ask the coach for the best move."""


class Sync(Request, frozen=True, tag="sync"):
    """Send the whole state again."""


class Ping(Request, frozen=True, tag="ping"):
    """A sign of life."""


REQUESTS: tuple[type[Request], ...] = (
    Roll, Hold, Announce, Place, Chat, React, Configure, Start, Rematch, AddBot,
    RemoveBot, TakeSeat, Kick, Mute, Skip, HandToBot, TakeBack, TakeBackPlace,
    Holiday, HolidayEnd, Leave, Report, Hint, Sync, Ping, Publish, StrangersChat,
    FillWithBots, MuteMember,
)  # fmt: skip
BY_TYPE: dict[str, type[Request]] = {
    str(msgspec.inspect.type_info(kind).tag): kind  # type: ignore[attr-defined]
    for kind in REQUESTS
}
# What a schema says beyond the fields' types: a report names a chat line or a player.
ONE_OF_FIELDS = {"report": ("message", "player")}


def request_decode(msg: dict[str, Any]) -> Request:
    """The typed request ``msg`` holds; ``BadMessage`` (``bad_type``, ``bad_field``) when
    its ``type`` is unknown or a field is missing or of the wrong type."""
    kind = BY_TYPE.get(msg["type"]) if isinstance(msg.get("type"), str) else None
    if kind is None:
        raise BadMessage(
            "bad_type", gettext("unknown message type %(type)s") % {"type": repr(msg.get("type"))}
        )
    try:
        return msgspec.convert(msg, kind)
    except msgspec.ValidationError:
        raise _first_bad_field(kind, msg) from None


def _first_bad_field(kind: type[Request], msg: dict[str, Any]) -> BadMessage:
    """The refusal of the first field of ``kind``, in the order they are listed, that
    ``msg`` has missing or wrong."""
    for field in msgspec.structs.fields(kind):
        value = msg.get(field.name)
        if field.name == "hold":
            if "hold" not in msg:
                text = "hold is missing: the dice positions 0-4 to keep ([] to throw all five)"
                return BadMessage("bad_field", gettext(text))
            if not isinstance(value, list):  # (a list's positions ``_Hold`` checks)
                return BadMessage(
                    "bad_field", gettext("hold must be a list of at most 5 dice positions 0-4")
                )
            continue
        if not _holds(value, field.type):
            if isinstance(value, bool):
                text = gettext("%(name)s has the wrong type")
            elif isinstance(value, int) and _holds(0, field.type):
                text = gettext("%(name)s is out of range")
            else:
                text = gettext("%(name)s is missing or has the wrong type")
            return BadMessage("bad_field", text % {"name": field.name})
    raise AssertionError(f"{msg!r} was refused, but every field of {kind.__name__} holds")


def _holds(value: Any, kind: Any) -> bool:
    try:
        msgspec.convert(value, kind)
    except msgspec.ValidationError:
        return False
    return True
