"""The types of the games tests' fixtures (most in ``tests/games/conftest.py``), for the
annotations of the tests that take them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypedDict

from accounts.models import Player
from play.models import Game
from rooms.models import Room
from tests.support.sockets import CheckedCommunicator

MakePlayer = Callable[[str], Player]  # the ``make_player`` fixture
ScriptDice = Callable[[list[int]], None]  # the ``script_dice`` fixture


class MakeRoom(Protocol):
    """The ``make_room`` fixture: a room opened through the services."""

    def __call__(
        self,
        host: Player,
        ruleset: str = "yahtzee",
        *,
        seats: int = 4,
        options: dict[str, Any] | None = None,
        turn_seconds: int | None = None,
        pace: str = "live",
        holidays: bool | None = None,
        together: bool | None = None,
        duplicate: bool | None = None,
        joined: Sequence[Player] = (),
        bots: Sequence[str] = (),
        start: bool = False,
    ) -> Room: ...


class MakeAccount(Protocol):
    """The daily tests' ``account`` fixture: a person with an account made before today (a
    guest when ``signed`` is false)."""

    def __call__(self, name: str, signed: bool = True) -> Player: ...


class ReviewedGame(TypedDict):
    """The coach tests' ``reviewed_game`` fixture: a finished solo game of Ada's."""

    code: str
    game: Game


class Table(TypedDict):
    """Ada's room that Bob joined, each with a connected socket."""

    code: str
    ada: Player
    bob: Player
    ada_ws: CheckedCommunicator
    bob_ws: CheckedCommunicator


class Pair(Table):
    """A ``Table`` with Ada's and Bob's session keys (the ``pair`` fixture)."""

    ada_key: str
    bob_key: str
