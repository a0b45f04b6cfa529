"""The shapes of what a room's snapshot holds (``play.selectors.room_snapshot``): the
protocol's own types (``common.protocol``) with the parts no viewer is sent as such.

TypedDicts, so the selectors keep building plain dicts at no cost while mypy checks
each part against the protocol's one definition of what a viewer receives.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal, TypedDict

from common.protocol.events import Event, ReactionEvent
from common.protocol.game import GameView, Options, SeatView
from common.protocol.keys import BotLevel, BoxKey, Dice, Held, RollsLeft, Seat
from common.protocol.state import ChatLine, Room


class TurnShown(TypedDict):
    """An open turn as its player sees it."""

    dice: Dice
    held: Held
    rolls_left: RollsLeft
    announced: BoxKey | None
    must_announce: bool
    options: Options


class NoTurn(TurnShown):
    """The game's turn where none is open (``game_view.NO_TURN``)."""

    current_seat: Seat | None


class OwnTurn(TurnShown):
    """Everyone's turn at once: a player's open turn of the round, and its deadline."""

    current_seat: Seat
    deadline: datetime | None


class SharedGame(GameView):
    """The game as everyone sees it, plus what each viewer's own parts are made of:
    ``deadline`` and ``player`` (whose turn it is), ``own`` (each player's open turn
    of the round), ``own_seats`` (duplicate dice: the seats as each who scored in the
    open round sees them) and ``rounds`` (the turn order opens rounds)."""

    deadline: datetime | None
    player: int | None
    own: dict[int, OwnTurn]
    own_seats: dict[int, list[SeatView]]
    rounds: bool


class OwnParts(TypedDict, total=False):
    """The parts of the game that are one viewer's own (``Snapshot.own_of``)."""

    current_seat: Seat | None
    dice: Dice
    held: Held
    rolls_left: RollsLeft
    announced: BoxKey | None
    must_announce: bool
    options: Options
    seats: list[SeatView]


class MemberShown(TypedDict):
    """A member as every viewer sees them, but for their presence at the moment."""

    player: int
    name: str
    seat: Seat | None
    bot: bool
    bot_level: BotLevel | None
    host: bool
    muted: bool
    strangers_chat: bool


class MemberRead(MemberShown):
    """A member as read: what their presence at a moment is made of too."""

    sockets: int
    seen_at: datetime | None


class Shared(TypedDict):
    """What every viewer of a room shares at one version (the ``state`` but ``you``)."""

    type: Literal["state"]
    version: int
    event: Event | None
    room: Room
    members: list[MemberRead]
    game: SharedGame | None
    log: list[Event]
    chat: list[ChatLine]
    reactions: list[ReactionEvent]


class Document(TypedDict):
    """The state every viewer shares at a version, without what depends on the moment
    or the viewer; a patch turns one version's into the next. Its ``game`` is the
    shared game less its hidden keys and ``seconds_left``, ``options`` empty."""

    event: Event | None
    room: Room
    members: list[MemberShown]
    game: dict[str, object] | None
    log: list[Event]
    chat: list[ChatLine]
    reactions: list[ReactionEvent]
