"""A group's records over all its seasons (the best score in each variant, the most
Yahtzees in one game, the longest winning streak) and its head-to-head matrix, among its
members, from the games ``groups.selectors.league`` groups."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from groups.selectors.league import seat_left, seat_person
from play.selectors.finished import FinishedSeat

# The box of five of a kind in each variant (50 when filled with one).
FIVE_OF_A_KIND_BOXES = ("yahtzee", "yatzy", "yams")


def yahtzees_in(sheet: Any) -> int:
    """How many Yahtzees (five of a kind scored 50, and each extra-Yahtzee bonus) a
    finished sheet (``scoring`` JSON) holds.

    >>> yahtzees_in({"boxes": {"main": {"yahtzee": 50}}, "extra_yahtzees": {"main": 2}})
    3
    >>> yahtzees_in({"boxes": {"main": {"yatzy": 0}}, "extra_yahtzees": {"main": 0}})
    0
    """
    if not isinstance(sheet, dict):
        return 0
    boxes = sheet.get("boxes", {})
    extra = sheet.get("extra_yahtzees", {})
    filled: int = sum(
        column.get(box) == 50
        for column in (boxes.values() if isinstance(boxes, dict) else ())
        if isinstance(column, dict)
        for box in FIVE_OF_A_KIND_BOXES
    )
    counts = extra.values() if isinstance(extra, dict) else ()
    bonuses: int = sum(n for n in counts if isinstance(n, int))
    return filled + bonuses


@dataclass(frozen=True)
class Record:
    """A record: its value, who holds it, and the game it was set in (for a streak, the
    game that ended its run of wins or its last)."""

    value: int
    player_id: int
    name: str
    ruleset: str
    room_code: str
    number: int
    finished_at: datetime


def _record(value: int, player_id: int, name: str, seat: FinishedSeat) -> Record:
    return Record(
        value, player_id, name, seat.ruleset, seat.room_code, seat.number, seat.finished_at
    )


@dataclass(frozen=True)
class Records:
    """The group's records (``None``: nobody set one yet)."""

    best_scores: list[Record]  # one per variant played, by variant
    most_yahtzees: Record | None
    longest_streak: Record | None


def member_seats(
    games: Sequence[Sequence[FinishedSeat]], members: Mapping[int, str]
) -> list[tuple[int, FinishedSeat]]:
    """(person, seat) for each seat a member played to the end, in game order."""
    return [
        (person, seat)
        for game in games
        for seat in game
        if (person := seat_person(seat)) is not None and person in members and not seat_left(seat)
    ]


def records(games: Sequence[Sequence[FinishedSeat]], members: Mapping[int, str]) -> Records:
    """The records among ``members`` (player id to name); the first to set a value holds
    it when it is equalled later."""
    best: dict[str, Record] = {}
    yahtzees: Record | None = None
    streak: Record | None = None
    runs: dict[int, int] = {}
    for person, seat in member_seats(games, members):
        name = members[person]
        if seat.ruleset not in best or seat.total > best[seat.ruleset].value:
            best[seat.ruleset] = _record(seat.total, person, name, seat)
        count = yahtzees_in(seat.sheet)
        if count and (yahtzees is None or count > yahtzees.value):
            yahtzees = _record(count, person, name, seat)
        runs[person] = runs.get(person, 0) + 1 if seat.rank == 1 else 0
        if runs[person] and (streak is None or runs[person] > streak.value):
            streak = _record(runs[person], person, name, seat)
    return Records([best[k] for k in sorted(best)], yahtzees, streak)


@dataclass(frozen=True)
class Versus:
    """How a row's member fared against a column's: games both finished, won (finished
    strictly ahead) and lost."""

    games: int
    wins: int
    losses: int


def head_to_head(
    games: Sequence[Sequence[FinishedSeat]], members: Mapping[int, str]
) -> tuple[list[tuple[int, str]], dict[tuple[int, int], Versus]]:
    """The members who finished a game with another member (by name), and for each
    ordered pair of them who met, the row's record against the column's."""
    tally: dict[tuple[int, int], list[int]] = {}
    for game in games:
        present = [(p, s) for p, s in member_seats([game], members)]
        for a, seat_a in present:
            for b, seat_b in present:
                if a == b:
                    continue
                line = tally.setdefault((a, b), [0, 0, 0])
                line[0] += 1
                line[1] += seat_a.total > seat_b.total
                line[2] += seat_a.total < seat_b.total
    met = {a for a, _ in tally}
    people = sorted(((p, members[p]) for p in met), key=lambda pair: (pair[1], pair[0]))
    return people, {pair: Versus(*line) for pair, line in tally.items()}
