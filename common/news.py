"""What a service returns of what it committed, for the realtime layer to publish: a
room's ``Change``, a ``Ban``, a player's ``Bell``, a player's ``Screen`` of a room, an
``Outcome`` carrying a value, and a room action's ``Answer``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Change:
    """A committed change of room ``code``: every viewer of the room is to learn that it
    reached ``version`` (what happened is the event of that version, in its log)."""

    code: str
    version: int


@dataclass(frozen=True)
class Ban:
    """A committed ban: every socket of player ``player_id`` is to close, saying until
    when (``until``; ``None``: for good)."""

    player_id: int
    until: datetime | None


@dataclass(frozen=True)
class Bell:
    """A committed change of player ``player_id``'s bell (an item added, updated or read):
    every page of theirs is to show its new unread count and items."""

    player_id: int


@dataclass(frozen=True)
class Screen:
    """A committed change of what player ``player_id`` alone sees of room ``code`` (whom
    they muted there), with no new version of the room: only that player's sockets in
    the room are to be sent its state afresh."""

    code: str
    player_id: int


News = Change | Ban | Bell | Screen


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a service returns when it has a value of its own to give: that ``value``,
    and ``news``, what it committed, for the realtime layer to publish."""

    value: T
    news: tuple[News, ...] = ()


class Answer(dict[str, Any]):
    """The answer to a room action: the JSON sent to the player (and kept for retries of
    its request id), and ``news``, what it committed, for the realtime layer to publish."""

    def __init__(self, response: dict[str, Any], news: Iterable[News] = ()) -> None:
        super().__init__(response)
        self.news = tuple(news)
