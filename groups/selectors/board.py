"""Everything a group's page shows of its games: the seasons, the chosen season's table
and history, the records and the head-to-head matrix, from three queries (its members,
its rooms' ids, and their finished games' seats through ``play``), whatever the number of
games or members."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from accounts.models import Player
from groups.models import Group
from groups.selectors.groups import room_ids_of
from groups.selectors.league import (
    HistoryGame,
    Standing,
    games_of,
    history,
    league_table,
    season_of,
    seasons,
)
from groups.selectors.records import Records, Versus, head_to_head, records
from play.selectors.finished import finished_seats


@dataclass(frozen=True)
class Board:
    """A group's league, records, head-to-head and history for one season."""

    season: str
    seasons: list[str]
    table: list[Standing]
    records: Records
    people: list[tuple[int, str]]
    versus: dict[tuple[int, int], Versus]
    history: list[HistoryGame]


def group_board(
    group: Group, members: list[Player], *, season: str | None, today: datetime
) -> Board:
    """The board of ``group`` among ``members`` (its members now) for ``season``
    (``YYYY-MM``; ``None``: the season ``today`` falls in)."""
    names = {p.pk: p.name for p in members}
    games = games_of(finished_seats(room_ids_of(group)))
    current = season_of(today)
    chosen = season or current
    people, versus = head_to_head(games, names)
    return Board(
        season=chosen,
        seasons=seasons(games, current),
        table=league_table(games, names, chosen),
        records=records(games, names),
        people=people,
        versus=versus,
        history=history(games, names, chosen),
    )
