"""A group's league on made-up finished games: placings, points, ties, averages, who
scores (members, not bots or outsiders; a leaver nothing), monthly seasons in UTC, the
records, head to head, the history, and the number of queries it all takes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Player
from groups.models import Group
from groups.selectors.board import Board, group_board
from groups.selectors.groups import members_of
from groups.services.groups import group_create
from groups.services.members import group_join
from tests.support.fixture_types import MakeAccount, MakePlayer
from tests.support.group_games import finished, group_room, yahtzee_sheet

NOV = datetime(2026, 11, 10, 20, 0, tzinfo=UTC)


def board(group: Group, season: str | None = "2026-11") -> Board:
    return group_board(group, members_of(group), season=season, today=NOV)


@pytest.fixture
def people(account: MakeAccount, make_player: MakePlayer) -> tuple[Group, list[Player]]:
    """A group of Ada (owner) and Bob; Cy, outside it; a bot."""
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    bot = make_player("Robo")
    bot.bot_level = "easy"
    bot.save()
    group = group_create(player=ada, name="Dice")
    group_join(player=bob, token=group.token)
    return group, [ada, bob, cy, bot]


def test_points_by_placing_ties_wins_and_averages(people: tuple[Group, list[Player]]) -> None:
    group, (ada, bob, cy, bot) = people
    room = group_room(group, ada)
    finished(room, [(ada, 200), (bob, 150), (bot, 150), (cy, 100)], NOV)
    finished(room, [(ada, 120), (bob, 180)], NOV + timedelta(hours=1))
    finished(room, [(ada, 100), (bob, 100)], NOV + timedelta(hours=2))
    table = board(group).table
    lines = [(s.name, s.place, s.games, s.wins, s.points, s.average) for s in table]
    # Ada: 3 (beat Bob, the bot, Cy) + 0 + 0 (a tie beats neither); Bob: 1 (Cy; the
    # bot's equal score not) + 1 + 0. Both won twice (the tie is a shared first place).
    assert lines == [("Ada", 1, 3, 2, 3, 140.0), ("Bob", 2, 3, 2, 2, 143.3)]
    assert {s.player_id for s in table} == {ada.pk, bob.pk}  # no bot, no outsider


def test_equal_lines_share_a_place(people: tuple[Group, list[Player]]) -> None:
    group, (ada, bob, _, _) = people
    finished(group_room(group, ada), [(ada, 100), (bob, 100)], NOV)
    assert [(s.name, s.place) for s in board(group).table] == [("Ada", 1), ("Bob", 1)]


def test_a_leaver_scores_nothing_and_a_bot_finishing_wins_nothing(
    people: tuple[Group, list[Player]],
) -> None:
    group, (ada, bob, _, bot) = people
    room = group_room(group, ada)
    finished(room, [(bot, 250), (bob, 150)], NOV, left={0: ada})  # Ada left, the bot won
    lines = {s.name: (s.games, s.wins, s.points, s.average) for s in board(group).table}
    assert lines == {"Ada": (1, 0, 0, None), "Bob": (1, 0, 0, 150.0)}
    seats = board(group).history[0].seats
    assert [(s.name, s.points, s.left) for s in seats] == [("Robo", 0, True), ("Bob", 0, False)]


def test_seasons_are_calendar_months_in_utc(people: tuple[Group, list[Player]]) -> None:
    group, (ada, bob, _, _) = people
    room = group_room(group, ada)
    finished(room, [(ada, 200), (bob, 100)], datetime(2026, 10, 31, 23, 59, 59, tzinfo=UTC))
    finished(room, [(ada, 100), (bob, 200)], datetime(2026, 11, 1, 0, 0, 0, tzinfo=UTC))
    november = board(group)
    assert november.seasons == ["2026-11", "2026-10"]
    assert [(s.name, s.points) for s in november.table] == [("Bob", 1), ("Ada", 0)]
    october = board(group, "2026-10")
    assert [(s.name, s.points) for s in october.table] == [("Ada", 1), ("Bob", 0)]
    assert len(october.history) == 1 and october.history[0].seats[0].name == "Ada"
    current = board(group, None)
    assert current.season == "2026-11" and board(group, "2025-01").table == []


def test_records_over_every_season(people: tuple[Group, list[Player]]) -> None:
    group, (ada, bob, cy, _) = people
    yahtzee, yatzy = group_room(group, ada), group_room(group, bob, "yatzy")
    october = datetime(2026, 10, 5, tzinfo=UTC)
    finished(yahtzee, [(ada, 300), (bob, 100)], october, sheets={0: yahtzee_sheet(50, 1)})
    finished(yahtzee, [(ada, 210), (bob, 100)], october + timedelta(days=1))
    finished(yahtzee, [(ada, 150), (bob, 100), (cy, 400)], NOV)  # Cy is no member
    finished(yahtzee, [(ada, 90), (bob, 300)], NOV + timedelta(days=1))
    finished(yatzy, [(bob, 250), (ada, 240)], NOV + timedelta(days=2))
    found = board(group).records
    best = {(r.ruleset, r.name, r.value) for r in found.best_scores}
    assert best == {("yahtzee", "Ada", 300), ("yatzy", "Bob", 250)}
    assert found.most_yahtzees is not None
    assert (found.most_yahtzees.name, found.most_yahtzees.value) == ("Ada", 2)
    # Ada won twice, then ranked 2nd behind Cy (no member, yet he finished ahead).
    assert found.longest_streak is not None
    assert (found.longest_streak.name, found.longest_streak.value) == ("Ada", 2)


def test_head_to_head_counts_games_ahead_and_behind(people: tuple[Group, list[Player]]) -> None:
    group, (ada, bob, cy, _) = people
    room = group_room(group, ada)
    finished(room, [(ada, 200), (bob, 150), (cy, 300)], NOV)
    finished(room, [(ada, 120), (bob, 180)], NOV)
    finished(room, [(ada, 100), (bob, 100)], NOV)
    found = board(group)
    assert found.people == [(ada.pk, "Ada"), (bob.pk, "Bob")]
    ada_bob, bob_ada = found.versus[(ada.pk, bob.pk)], found.versus[(bob.pk, ada.pk)]
    assert (ada_bob.games, ada_bob.wins, ada_bob.losses) == (3, 1, 1)
    assert (bob_ada.games, bob_ada.wins, bob_ada.losses) == (3, 1, 1)
    assert (cy.pk, ada.pk) not in found.versus


def test_history_newest_first_and_other_rooms_left_out(
    people: tuple[Group, list[Player]],
) -> None:
    group, (ada, bob, _, _) = people
    room = group_room(group, ada)
    first = finished(room, [(ada, 200), (bob, 150)], NOV)
    second = finished(room, [(ada, 120), (bob, 180)], NOV + timedelta(hours=1))
    other = group_create(player=ada, name="Elsewhere")
    finished(group_room(other, ada), [(ada, 1), (bob, 2)], NOV)
    found = board(group).history
    assert [(g.room_code, g.number) for g in found] == [
        (room.code, second.number),
        (room.code, first.number),
    ]
    assert [(s.name, s.rank, s.points) for s in found[0].seats] == [("Bob", 1, 1), ("Ada", 2, 0)]


def test_the_board_takes_three_queries_whatever_the_games(
    people: tuple[Group, list[Player]],
) -> None:
    group, (ada, bob, cy, bot) = people
    room = group_room(group, ada)
    members = members_of(group)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            group_board(group, members, season=None, today=NOV)
        return len(captured)

    finished(room, [(ada, 200), (bob, 150)], NOV)
    few = queries()
    for n in range(30):
        finished(room, [(ada, n), (bob, 150), (cy, 100), (bot, 90)], NOV - timedelta(days=n))
    assert few == queries() == 2  # the rooms' ids, the finished seats (members: given)
