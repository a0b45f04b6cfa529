"""Game histories built by hand in the database, with answers known in advance.

Rooms, games, scorecards and turns are written directly (no services, no dice), so a
test or a benchmark states exactly what was played: each seat's final sheet and the dice
of each of its rolls.  Ranks follow the services' rule: equal totals share a rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import count

from django.utils import timezone

from accounts.models import Player
from play.models import Game, Scorecard, Turn
from rooms.models import Membership, Room
from scoring import scorecard_json
from scoring.scorecard import Scorecard as Sheet

_codes = count(1)
_clock = count(1)


@dataclass
class Seat:
    """One seat of a hand-built game: who holds its card at the end (``player``), their
    final sheet, and the dice of each roll of each of their turns.  A seat a bot took
    over has the bot as ``player`` and the person's earlier turns in ``before``, played
    by ``before_by``."""

    player: Player
    sheet: Sheet
    turns: Sequence[Sequence[Sequence[int]]] = ()
    before_by: Player | None = None
    before: Sequence[Sequence[Sequence[int]]] = field(default=())


def room_of(host: Player, ruleset: str, members: Sequence[Player] = ()) -> Room:
    """A room of ``ruleset`` hosted by ``host``, with ``members`` (seated in order)."""
    room = Room.objects.create(
        code=f"hist{next(_codes):04d}",
        host=host,
        ruleset=ruleset,
        seat_count=max(1, 1 + len(members)),
        last_activity_at=timezone.now(),
    )
    for seat, player in enumerate([host, *members]):
        Membership.objects.create(room=room, player=player, seat=seat)
    return room


def played(
    room: Room,
    seats: Sequence[Seat],
    *,
    status: str = Game.Status.FINISHED,
    finished_at: datetime | None = None,
) -> Game:
    """A game of ``room`` with these seats' final sheets and rolls, finished (or ended)
    one minute after the previous hand-built game unless ``finished_at`` says when."""
    when = finished_at or timezone.now() - timedelta(days=1) + timedelta(minutes=next(_clock))
    game = Game.objects.create(
        room=room,
        number=room.games.count() + 1,
        ruleset=room.ruleset,
        status=status,
        finished_at=when,
    )
    totals = [seat.sheet.total for seat in seats]
    number = count(1)
    for index, seat in enumerate(seats):
        rank = 1 + sum(other > totals[index] for other in totals)
        Scorecard.objects.create(
            game=game,
            seat=index,
            player=seat.player,
            first_player=seat.before_by or seat.player,
            data=scorecard_json.to_json(seat.sheet),
            total=seat.sheet.total,
            rank=rank if status == Game.Status.FINISHED else None,
        )
        for turn_rolls, roller in [
            *((t, seat.before_by) for t in seat.before),
            *((t, seat.player) for t in seat.turns),
        ]:
            assert roller is not None  # before_by is given with before
            Turn.objects.create(
                game=game,
                number=next(number),
                seat=index,
                player=roller,
                state={},
                rolls=[
                    {"by": roller.name, "player": roller.pk, "held": [], "dice": list(d)}
                    for d in turn_rolls
                ],
                finish=Turn.Finish.PLAYED,
            )
    return game
