"""A group's league (decision 0073): monthly seasons in UTC, the table of a season (games,
wins, average score, points by placing) and its history, computed from the finished
games of the group's rooms as ``play`` reads them, in one query.

Every finished game of a group room counts for the members who played it: a seat is its
person's who sat in it when the game began; a seat scores one point for each seat of the
game it finished strictly ahead of (``n - 1`` for first of ``n``, 0 for last, a tie beats
neither), and a win is a first place, shared on a tie. A person whose seat someone else
(a bot) finished left the game: it counts as a game with no points, no win and no score.
Bots, guests and people outside the group are shown but score nothing."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from play.selectors.finished import FinishedSeat

SEASON_PATTERN = re.compile(r"^(\d{4})-(0[1-9]|1[0-2])$")


def season_of(moment: datetime) -> str:
    """The season (a month, ``YYYY-MM``, in UTC) ``moment`` falls in.

    >>> from datetime import timezone, timedelta
    >>> season_of(datetime(2026, 11, 30, 23, 30, tzinfo=UTC))
    '2026-11'
    >>> season_of(datetime(2026, 12, 1, 0, 30, tzinfo=timezone(timedelta(hours=1))))
    '2026-11'
    """
    utc = moment.astimezone(UTC)
    return f"{utc.year:04d}-{utc.month:02d}"


def season_or_none(text: str) -> str | None:
    """``text`` if it names a season (``YYYY-MM``), else ``None``."""
    return text if SEASON_PATTERN.match(text) else None


def seat_person(seat: FinishedSeat) -> int | None:
    """Whose the seat is: the person who sat there when the game began (``None``: a bot's)."""
    return seat.first_id


def seat_left(seat: FinishedSeat) -> bool:
    """Whether the seat's person left and someone else (a bot) finished it."""
    return seat.first_id is not None and seat.first_id != seat.player_id


def games_of(seats: Sequence[FinishedSeat]) -> list[list[FinishedSeat]]:
    """``seats`` (in game order, as ``play`` gives them) grouped by game, oldest first."""
    games: list[list[FinishedSeat]] = []
    for seat in seats:
        if games and games[-1][0].game_id == seat.game_id:
            games[-1].append(seat)
        else:
            games.append([seat])
    return games


def seat_points(seat: FinishedSeat, game: Sequence[FinishedSeat]) -> int:
    """The league points of ``seat`` in ``game``: one per seat it finished strictly ahead
    of, none for a seat its person left."""
    if seat_left(seat):
        return 0
    return sum(other.total < seat.total for other in game)


@dataclass
class Standing:
    """A member's line in a season's table."""

    player_id: int
    name: str
    games: int = 0
    wins: int = 0
    points: int = 0
    scores: list[int] = field(default_factory=list)
    place: int = 0

    @property
    def average(self) -> float | None:
        """Their average score over the games they finished (``None``: none)."""
        return round(sum(self.scores) / len(self.scores), 1) if self.scores else None


def league_table(
    games: Sequence[Sequence[FinishedSeat]], members: dict[int, str], season: str
) -> list[Standing]:
    """The table of ``season`` among ``members`` (player id to name): points, then wins,
    then average score; equal on all three share a place."""
    lines: dict[int, Standing] = {}
    for game in games:
        if season_of(game[0].finished_at) != season:
            continue
        for seat in game:
            person = seat_person(seat)
            if person is None or person not in members:
                continue
            line = lines.setdefault(person, Standing(person, members[person]))
            line.games += 1
            if seat_left(seat):
                continue
            line.points += seat_points(seat, game)
            line.wins += seat.rank == 1
            line.scores.append(seat.total)
    ordered = sorted(
        lines.values(), key=lambda s: (-s.points, -s.wins, -(s.average or 0), s.name, s.player_id)
    )
    for index, line in enumerate(ordered):
        before = ordered[index - 1] if index else None
        same = before is not None and (before.points, before.wins, before.average) == (
            line.points,
            line.wins,
            line.average,
        )
        line.place = before.place if same and before is not None else index + 1
    return ordered


def seasons(games: Sequence[Sequence[FinishedSeat]], current: str) -> list[str]:
    """The seasons with a game, and ``current``, newest first."""
    return sorted({current, *(season_of(game[0].finished_at) for game in games)}, reverse=True)


@dataclass(frozen=True)
class HistorySeat:
    """A seat of a game in the history: who, their total, rank and league points
    (``None``: a bot, a guest or someone outside the group, who score none)."""

    name: str
    total: int
    rank: int
    points: int | None
    left: bool


@dataclass(frozen=True)
class HistoryGame:
    """A finished game of the group, for its history."""

    room_code: str
    number: int
    ruleset: str
    finished_at: datetime
    seats: list[HistorySeat]


def history(
    games: Sequence[Sequence[FinishedSeat]], members: Collection[int], season: str
) -> list[HistoryGame]:
    """The games of ``season``, newest first, each seat by its place."""
    found = []
    for game in reversed(games):
        first = game[0]
        if season_of(first.finished_at) != season:
            continue
        seats = [
            HistorySeat(
                name=seat.name,
                total=seat.total,
                rank=seat.rank,
                points=seat_points(seat, game) if seat_person(seat) in members else None,
                left=seat_left(seat),
            )
            for seat in sorted(game, key=lambda s: (s.rank, s.seat))
        ]
        found.append(
            HistoryGame(first.room_code, first.number, first.ruleset, first.finished_at, seats)
        )
    return found
