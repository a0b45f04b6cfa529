"""Reading a game's state back in tests, playing turns through the services, and checking
that a refused call changes nothing. Reading and playing are shared with the benchmarks
(``bench/harness/play.py``) and offered here too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec

import pytest

from bench.harness.play import first_option, game_of, play_turn, state_of
from common.errors import ServiceError
from daily.models import DailyAttempt
from games import services
from play.models import Game, Scorecard, Turn
from rooms.models import Membership, Room

__all__ = ["first_option", "game_of", "play_out", "play_turn", "refused", "state_of", "versions"]

P = ParamSpec("P")


def versions(code: str) -> tuple[int, int | None, int]:
    """(room version, game version, events) - what a refused action must leave alone."""
    room = Room.objects.get(code=code)
    game = Game.objects.filter(room=room).order_by("-number").first()  # none before a start
    return room.version, game.version if game else None, room.events.count()


def _world() -> tuple[
    list[tuple[int, int, str, int]],
    list[tuple[int, str, int | None, bool]],
    list[tuple[int, str, int, str]],
    list[tuple[int, Any, int, int]],
]:
    return (
        list(Room.objects.values_list("id", "version", "status", "host_id")),
        list(Membership.objects.values_list("id", "state", "seat", "muted")),
        list(Turn.objects.values_list("id", "state", "rolls", "box")),
        list(Scorecard.objects.values_list("id", "data", "total", "player_id")),
    )


def refused(
    error: str, call: Callable[P, object], *args: P.args, **kwargs: P.kwargs
) -> ServiceError:
    """Assert the service call is refused with ``error`` and changes nothing at all (its
    arguments are checked against the service's signature)."""
    code = kwargs.get("code")
    known = code if isinstance(code, str) and Room.objects.filter(code=code).exists() else None
    before, world = (versions(known) if known else None), _world()
    with pytest.raises(ServiceError) as err:
        call(*args, **kwargs)
    assert err.value.code == error, err.value.message
    assert err.value.message
    if known:
        assert versions(known) == before
    assert _world() == world
    return err.value


def play_out(attempt: DailyAttempt) -> DailyAttempt:
    """Play an attempt to its end: roll once, fill the first box, every round."""
    player, code = attempt.player, attempt.game.room.code
    while Game.objects.get(pk=attempt.game_id).status == Game.Status.PLAYING:
        services.game_roll(player=player, code=code)
        _, sheet, _ = state_of(code, player)
        if sheet.must_announce:
            services.game_announce(
                player=player, code=code, box=sheet.open_boxes(sheet.ruleset.announce_column)[0]
            )
        option = first_option(code, player)
        services.game_place(player=player, code=code, box=option.box, column=option.column)
    attempt.refresh_from_db()
    return attempt
