"""What happened at a version: an event, its ``kind`` and that kind's ``data``
(docs/protocol.md, "Event kinds").

Each kind's data is a TypedDict in ``EVENT_DATA``; their keys are all optional here,
as with duplicate dice the moves' data keep only ``seat`` and ``sealed`` while the
game is played, and a few keys come only at times (``ranking``, ``revealed``, ``by``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypedDict

from msgspec import Meta

from common.protocol.game import RevealedTurn
from common.protocol.keys import BotLevel, BoxKey, ColumnKey, Die, Moment, Pace, Position, Seat

EventKind = Literal[
    "room_created", "room_configured", "joined", "left", "kicked", "banned", "mute",
    "seat_taken", "bot_added", "bot_removed", "game_started", "roll", "hold", "announce",
    "place", "timeout", "skip", "place_taken_back", "seat_to_bot", "seat_held",
    "seat_back", "holiday", "holiday_ended", "host_passed", "chat", "chat_removed",
    "react", "game_ended", "room_closed", "presence", "published", "strangers_chat",
    "bots_filled",
]  # fmt: skip


class Event(TypedDict):
    """An event: ``seq`` is the version it made; ``actor`` and ``actor_id`` who did it
    (``null``: the system)."""

    seq: Annotated[int, Meta(ge=1)]
    kind: EventKind
    actor: str | None
    actor_id: int | None
    data: dict[str, Any]
    at: Moment


class ReactData(TypedDict):
    player: str
    emoji: str


class ReactionEvent(TypedDict):
    """A reaction, as the state's ``reactions`` list them."""

    seq: Annotated[int, Meta(ge=1)]
    kind: Literal["react"]
    actor: str | None
    actor_id: int | None
    data: ReactData
    at: Moment


class RoomSettings(TypedDict, total=False):
    ruleset: str
    options: dict[str, Any]
    seats: int
    pace: Pace
    turn_seconds: int | None
    holidays: bool
    together: bool
    duplicate: bool
    coach: bool


class Joined(TypedDict, total=False):
    player: str
    seat: Seat | None


class Departure(TypedDict, total=False):
    player: str
    bot: str | None
    host: str
    closed: bool
    by: str


class Muting(TypedDict, total=False):
    player: str
    muted: bool


class Publicity(TypedDict, total=False):
    public: bool


class StrangersChoice(TypedDict, total=False):
    player: str
    on: bool


class BotsFilled(TypedDict, total=False):
    seats: list[Seat]


class BotSeat(TypedDict, total=False):
    player: str
    seat: Seat
    level: BotLevel


class GameStarted(TypedDict, total=False):
    number: int
    seats: list[str]


class Rank(TypedDict):
    seat: Seat
    player: str
    total: int
    rank: Annotated[int, Meta(ge=1)]


class Move(TypedDict, total=False):
    """A roll, hold, announcement or placement (``sealed``: duplicate dice, in play)."""

    seat: Seat
    sealed: bool
    dice: list[Die]
    held: list[Position]
    drawn: list[Die]
    rolls_left: int
    box: BoxKey
    column: ColumnKey
    points: int | None
    bonus: int
    total: int
    ranking: list[Rank]
    revealed: list[RevealedTurn]


class TurnFinished(TypedDict, total=False):
    """``timeout``, ``skip``: each step the server took, by step."""

    roll: Move
    announce: Move
    place: Move


class SeatChange(TypedDict, total=False):
    seat: Seat
    player: str
    player_id: int
    bot: str | None
    missed: int


# ``from`` (the former host's name) is a Python keyword: the functional form.
HostPassed = TypedDict(
    "HostPassed", {"player": str, "player_id": int, "from": str, "pace": Pace}, total=False
)


class HolidayData(TypedDict, total=False):
    seat: Seat
    player: str
    days: int
    until: str


class ChatData(TypedDict, total=False):
    id: int
    player: str
    text: str


class Ending(TypedDict, total=False):
    reason: str
    by: str
    cause: Literal["idle"]
    hours: int


class PresenceData(TypedDict, total=False):
    player: str
    online: bool


# Any kind's data, as a service records it (``play.services.core.bump``).
EventData = (
    RoomSettings | Joined | Departure | Muting | BotSeat | GameStarted | Move | TurnFinished
    | SeatChange | HostPassed | HolidayData | ChatData | ReactData | Ending | PresenceData
    | Publicity | StrangersChoice | BotsFilled
)  # fmt: skip

EVENT_DATA: dict[str, type] = {
    "room_created": RoomSettings,
    "room_configured": RoomSettings,
    "joined": Joined,
    "seat_taken": Joined,
    "left": Departure,
    "kicked": Departure,
    "banned": Departure,
    "mute": Muting,
    "bot_added": BotSeat,
    "bot_removed": BotSeat,
    "game_started": GameStarted,
    "roll": Move,
    "hold": Move,
    "announce": Move,
    "place": Move,
    "place_taken_back": Move,
    "timeout": TurnFinished,
    "skip": TurnFinished,
    "seat_to_bot": SeatChange,
    "seat_held": SeatChange,
    "seat_back": SeatChange,
    "host_passed": HostPassed,
    "holiday": HolidayData,
    "holiday_ended": HolidayData,
    "chat": ChatData,
    "chat_removed": ChatData,
    "react": ReactData,
    "game_ended": Ending,
    "room_closed": Ending,
    "presence": PresenceData,
    "published": Publicity,
    "strangers_chat": StrangersChoice,
    "bots_filled": BotsFilled,
}
