"""The ``state`` message: the whole table as one viewer sees it (docs/protocol.md).

TypedDicts, so the selectors that build it (``games.selectors``) keep making plain
dicts, at no cost, while mypy checks them and ``common.protocol.schema`` describes them.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from msgspec import Meta

from common.protocol.events import Event, ReactionEvent
from common.protocol.game import GameView
from common.protocol.keys import BotLevel, Moment, Pace, PresenceName, Seat
from common.protocol.ruleset import Ruleset


class Room(TypedDict):
    """The room's settings (those of the next game)."""

    code: str
    status: Literal["open", "closed"]
    seat_count: Annotated[int, Meta(ge=1, le=8)]
    pace: Pace
    turn_seconds: (
        Annotated[
            int,
            Meta(
                ge=15,
                le=604800,
                description="Live: 15-300 s, or null (no limit). By the day: 3600-604800 s.",
            ),
        ]
        | None
    )
    holidays: Annotated[
        bool,
        Meta(description="By the day: players may pause their own clock for up to 7 days a game."),
    ]
    together: Annotated[
        bool,
        Meta(
            description="Everyone's turn at once: each round, every seat plays its own turn "
            "in any order (from the next game when changed)."
        ),
    ]
    duplicate: Annotated[
        bool,
        Meta(
            description="Duplicate dice: every seat rolls the same dice, played at once "
            "(from the next game when changed)."
        ),
    ]
    daily: Annotated[
        bool,
        Meta(
            description="A daily challenge's solo table: one game on the day's dice, the "
            "coach off; nobody joins and there is no rematch."
        ),
    ]
    rated: Annotated[
        bool,
        Meta(
            description="Rated: its games of two or more accounts and no bot change their "
            "ratings (chosen before the first game; no bot may be seated)."
        ),
    ]
    public: Annotated[
        bool,
        Meta(
            description="Open to anyone: listed among the open tables while it waits "
            "(docs/open-tables.md)."
        ),
    ]
    host: int
    coach: bool
    ruleset: Ruleset


class You(TypedDict):
    """The viewer."""

    player: int
    name: str
    seat: Seat | None
    host: bool
    muted: list[int]  # the player ids the viewer muted in this room, for themselves only


class Member(TypedDict):
    """Someone in the room, seated or watching, with their presence at the moment."""

    player: int
    name: str
    seat: Seat | None
    bot: bool
    bot_level: BotLevel | None
    host: bool
    muted: bool
    strangers_chat: Annotated[
        bool,
        Meta(
            description="At an open table: they chat with strangers (a line passes only "
            "between two members who both turned it on)."
        ),
    ]
    presence: PresenceName
    seen_seconds_ago: Annotated[int, Meta(ge=0)] | None


class ChatLine(TypedDict):
    id: int
    player: int
    name: str
    text: str
    at: Moment


class State(TypedDict):
    """``state``: the whole table as this viewer sees it."""

    type: Literal["state"]
    version: Annotated[int, Meta(ge=1)]
    event: Event | None
    room: Room
    you: You
    members: list[Member]
    game: GameView | None
    log: Annotated[list[Event], Meta(max_length=50)]
    chat: Annotated[list[ChatLine], Meta(max_length=50)]
    reactions: Annotated[list[ReactionEvent], Meta(max_length=20)]
