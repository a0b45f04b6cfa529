"""Rated games played through the services to their last turns, for the ratings' tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.utils import timezone
from pytest_django import DjangoCaptureOnCommitCallbacks

from accounts.models import Player
from games import services
from play.models import Game
from rooms.models import Room
from tests.support.fixture_types import ScriptDice

# Every seat's last roll: Chance scores 15 for everyone.
LAST_ROLL = [1, 2, 3, 4, 5]


def rated_room(people: Sequence[Player], *, rated: bool = True) -> Room:
    """A Yahtzee room of ``people`` (the first hosts), rated or not, its game started."""
    room = services.room_create(player=people[0], ruleset="yahtzee", seats=len(people), rated=rated)
    for person in people[1:]:
        services.room_join(player=person, code=room.code)
    services.room_start(player=people[0], code=room.code)
    room.refresh_from_db()
    return room


def play_last_turns(
    room: Room,
    players: Sequence[Player],
    script_dice: ScriptDice,
    commits: DjangoCaptureOnCommitCallbacks,
) -> Game:
    """Each of ``players`` in seat order rolls ``LAST_ROLL`` and fills Chance (a bot as
    the clock has it play); the finished game, its receivers run."""
    with commits(execute=True):
        for seat, player in enumerate(players):
            script_dice(LAST_ROLL * 3)
            if player.is_bot:
                while room.games.filter(status=Game.Status.PLAYING, current_seat=seat).exists():
                    services.games_run_due(at=timezone.now() + timedelta(minutes=10))
                continue
            services.game_roll(player=player, code=room.code)
            services.game_place(player=player, code=room.code, box="chance")
    game = room.games.latest("number")
    assert game.status == Game.Status.FINISHED
    return game
