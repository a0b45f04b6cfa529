"""The finished games of given rooms, seat by seat, as leagues and records read them: one
query, whatever their number."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from play.models import Game, Scorecard


@dataclass(frozen=True)
class FinishedSeat:
    """One seat of a finished game: who held it at the end (``player_id``) and who sat
    there when it began (``first_id``; ``None`` for a seat a bot held from the start), its
    total, rank (1 is first; equal totals share one) and sheet (``scoring`` JSON)."""

    game_id: int
    room_code: str
    number: int
    ruleset: str
    finished_at: datetime
    seats: int
    seat: int
    player_id: int
    name: str
    is_bot: bool
    first_id: int | None
    total: int
    rank: int
    sheet: Any


def _first_person(player: int, bot: bool, first: int | None, first_bot: bool) -> int | None:
    """The person who sat at a seat when its game began (a game from before that was
    kept: the seat's last player, if a person)."""
    if first is None:
        return None if bot else player
    return None if first_bot else first


FIELDS = (
    "game_id",
    "game__room__code",
    "game__number",
    "game__ruleset",
    "game__finished_at",
    "seat",
    "player_id",
    "player__name",
    "player__bot_level",
    "first_player_id",
    "first_player__bot_level",
    "total",
    "rank",
    "data",
)


def finished_seats(room_ids: Collection[int]) -> list[FinishedSeat]:
    """Every seat of the finished games of the rooms with ids ``room_ids``, oldest game
    first, seats in order (one query; games ended before their end are left out)."""
    if not room_ids:
        return []
    rows = list(
        Scorecard.objects.filter(
            game__room_id__in=list(room_ids),
            game__status=Game.Status.FINISHED,
            game__finished_at__isnull=False,
            rank__isnull=False,
        )
        .order_by("game__finished_at", "game_id", "seat")
        .values_list(*FIELDS)
    )
    seats: dict[int, int] = {}
    for row in rows:
        seats[row[0]] = seats.get(row[0], 0) + 1
    return [_seat(row, seats[row[0]]) for row in rows]


def _seat(row: tuple[Any, ...], seats: int) -> FinishedSeat:
    """The ``FinishedSeat`` of one row of ``FIELDS`` in a game of ``seats`` seats."""
    game, code, number, ruleset, finished, seat, player, name, bot, first, first_bot = row[:11]
    total, rank, data = row[11:]
    return FinishedSeat(
        game_id=game,
        room_code=code,
        number=number,
        ruleset=ruleset,
        finished_at=finished,
        seats=seats,
        seat=seat,
        player_id=player,
        name=name,
        is_bot=bool(bot),
        first_id=_first_person(player, bool(bot), first, bool(first_bot)),
        total=total,
        rank=rank,
        sheet=data,
    )
