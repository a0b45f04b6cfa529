"""What a move reads and writes: only the rows it changes (and of a room or game, through
``save_changes``, only the columns that changed), in a bounded number of queries; the
plain SQL of ``play.sql`` reads what the ORM would read and stores what it
would store."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection, transaction
from django.db.models import (
    BooleanField,
    DateTimeField,
    ExpressionWrapper,
    F,
    JSONField,
    Model,
    Q,
)
from django.test.utils import CaptureQueriesContext

from accounts.models import Player
from games import services
from play import sql
from play.models import ActionRequest, Event, Game, Scorecard, Turn
from play.services.core import lock_room
from rooms.models import Membership, Room
from scoring import rulesets
from tests.support.fixture_types import MakeRoom
from tests.support.present import present

pytestmark = pytest.mark.django_db


def _writes(queries: CaptureQueriesContext) -> list[tuple[str, list[str]]]:
    """(table, sorted columns set) of each captured UPDATE, (table, []) of each INSERT."""
    found = []
    for query in queries.captured_queries:
        sql = query["sql"]
        if sql.startswith("UPDATE"):
            head = sql.split(" WHERE ", 1)[0]
            found.append(
                (
                    re.findall(r'UPDATE "?(\w+)"?', head)[0],
                    sorted(re.findall(r'(?:SET |, )"?(\w+)"? = ', head)),
                )
            )
        elif sql.startswith("INSERT"):
            found.append((re.findall(r'INSERT INTO "?(\w+)"?', sql)[0], []))
    return found


def test_a_room_writes_only_the_fields_changed_since_it_was_read(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=2, turn_seconds=60)
    with transaction.atomic():
        read = lock_room(room.code)
        with CaptureQueriesContext(connection) as nothing:
            read.save_changes()
        assert nothing.captured_queries == []
        read.version += 1
        with CaptureQueriesContext(connection) as one:
            read.save_changes()
        assert _writes(one) == [("games_room", ["version"])]
        read.options["forced_joker"] = True  # a JSON value changed in place
        read.turn_seconds = None
        read.host = bob
        with CaptureQueriesContext(connection) as three:
            read.save_changes()
        assert _writes(three) == [("games_room", ["host_id", "options", "turn_seconds"])]
        with CaptureQueriesContext(connection) as again:  # written: the new values count
            read.save_changes()
        assert again.captured_queries == []
    stored = Room.objects.get(pk=room.pk)
    assert (stored.version, stored.options, stored.turn_seconds, stored.host_id) == (
        room.version + 1,
        room.options | {"forced_joker": True},
        None,
        bob.pk,
    )
    made = Room(
        code="fresh-room",
        host=ada,
        ruleset="yatzy",
        seat_count=2,
        last_activity_at=stored.last_activity_at,
    )
    made.save_changes()  # not read from the database: saved whole
    assert Room.objects.get(code="fresh-room").seat_count == 2


def test_a_move_writes_only_the_rows_it_changes(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=2, joined=[bob], start=True)
    with CaptureQueriesContext(connection) as roll:
        services.game_roll(player=ada, code=room.code, request_id="r1")
    # No column whose value stays is written: on SQLite that would write its index too.
    assert _writes(roll) == [
        ("games_turn", ["holding", "rolls", "state"]),
        ("games_room", ["version"]),
        ("games_game", ["version"]),
        ("games_event", []),
        ("games_actionrequest", []),
    ]
    with CaptureQueriesContext(connection) as place:
        services.game_place(player=ada, code=room.code, box="chance")
    assert _writes(place) == [
        ("games_scorecard", ["data", "total"]),
        (
            "games_turn",
            ["bonus", "box", "column", "finish", "finished_at", "placed_by_id", "points"],
        ),
        ("games_turn", []),  # bob's turn opens
        ("games_room", ["version"]),
        ("games_game", ["version"]),
        ("games_game", ["current_seat", "turn_count"]),  # through save_changes
        ("games_event", []),
    ]


def test_a_whole_game_takes_a_bounded_number_of_queries_a_move(
    ada: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=1, start=True)
    most = {"roll": 0, "place": 0}
    for n, box in enumerate(rulesets.get("yatzy").categories):
        for kind, move in (("roll", {}), ("place", {"box": box})):
            with CaptureQueriesContext(connection) as queries:
                getattr(services, f"game_{kind}")(
                    player=ada, code=room.code, request_id=f"{kind}{n}", **move
                )
            most[kind] = max(most[kind], len(queries.captured_queries))
    assert Game.objects.get(room=room).status == Game.Status.FINISHED
    # Savepoint and release, the ban check, the room, a repeated request id, the
    # membership, the game, the card, the turn; then what the move writes, and for a
    # placement the next seat's card (two reads when the turn goes round to seat 0).
    assert most["roll"] <= 14 and most["place"] <= 18, most


def _fields(instance: Model) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


@pytest.mark.parametrize(
    "row",
    [
        sql.PLAYER_ROW,
        sql.ROOM_ROW,
        sql.GAME_ROW,
        sql.MEMBERSHIP_ROW,
        sql.REQUEST_ROW,
        sql.CARD_ROW,
        sql.TURN_ROW,
    ],
    ids=lambda row: row.table,
)
def test_the_plain_sql_reads_name_every_field_and_convert_every_value(row: sql.Row[Any]) -> None:
    fields = row.model._meta.concrete_fields
    assert row.table == row.model._meta.db_table
    assert row.fields == tuple(f.attname for f in fields)
    assert row.json == {f.attname for f in fields if isinstance(f, JSONField)}
    assert row.times == {f.attname for f in fields if isinstance(f, DateTimeField)}


def test_the_plain_sql_reads_give_what_the_orm_gives(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    # Everyone's turn at once: two turns open, each with its deadline.
    room = make_room(ada, "yams", seats=2, joined=[bob], start=True, turn_seconds=60, together=True)
    services.game_roll(player=ada, code=room.code, request_id="r1")
    game = Game.objects.get(room=room)
    _the_models_read_are_the_orms(room, game, ada, bob)
    _the_room_and_game_rows_are_the_orms(room, game)
    _the_turn_and_event_rows_are_the_orms(room, game)


def _the_models_read_are_the_orms(room: Room, game: Game, ada: Player, bob: Player) -> None:
    """Each model the plain SQL reads has the ORM's fields, of the ORM's types, loaded."""
    pairs = [
        (sql.locked_room(room.code), Room.objects.get(pk=room.pk)),
        (sql.latest_game(room), game),
        (sql.active_membership(room, bob.pk), Membership.objects.get(room=room, player=bob)),
        (sql.answered_request(room, ada.pk, "r1"), ActionRequest.objects.get(room=room)),
        (sql.card_at(game, 1), Scorecard.objects.get(game=game, seat=1)),
        (sql.turn_of(game, 1), Turn.objects.get(game=game, number=1)),
        (sql.card_after(game, 0), Scorecard.objects.get(game=game, seat=1)),
        (sql.card_after(game, 1), Scorecard.objects.get(game=game, seat=0)),
        (present(sql.card_after(game, 1)).player, ada),
        (present(sql.card_after(game, 0)).player, bob),
        (sql.card_of(game, bob.pk), Scorecard.objects.get(game=game, player=bob)),
        (sql.open_turn_of(game, 1), Turn.objects.get(game=game, seat=1)),
    ]
    for read, expected in pairs:
        assert read is not None and _fields(read) == _fields(expected)
        # Types too: 0 and 1 compare equal to booleans, a naive time fails to.
        assert {k: type(v) for k, v in _fields(read).items()} == {
            k: type(v) for k, v in _fields(expected).items()
        }
        assert read.get_deferred_fields() == set() and not read._state.adding
    assert sql.answered_request(room, ada.pk, "nope") is None
    assert sql.card_at(game, 5) is None and sql.locked_room("nope") is None


def _the_room_and_game_rows_are_the_orms(room: Room, game: Game) -> None:
    """The room's and the game's plain rows hold the values the ORM reads."""
    assert (
        sql.first(sql.ROOM, [room.code])
        == Room.objects.filter(pk=room.pk)
        .values(
            "id",
            "code",
            "status",
            "seat_count",
            "pace",
            "turn_seconds",
            "holidays",
            "together",
            "duplicate",
            "daily",
            "rated",
            "public",
            "host_id",
            "coach_enabled",
            "ruleset",
            "options",
            "version",
        )
        .get()
    )
    has_seed = ExpressionWrapper(~Q(seed=""), output_field=BooleanField())
    # django-stubs' plugin takes the annotation for the model's own ``duplicate`` property.
    assert (
        sql.first(sql.GAME, [room.pk])
        == Game.objects.filter(pk=game.pk)
        .annotate(  # type: ignore[no-redef, misc]
            duplicate=has_seed
        )
        .values(
            "id",
            "number",
            "ruleset",
            "options",
            "status",
            "version",
            "together",
            "duplicate",
            "current_seat",
            "turn_count",
            "turn_deadline",
        )
        .get()
    )


def _the_turn_and_event_rows_are_the_orms(room: Room, game: Game) -> None:
    """The turns', the round's and the log's plain rows hold the values the ORM reads."""
    assert sql.fetch(sql.TURN, [game.pk, 1]) == list(
        Turn.objects.filter(game=game, number=1).values("state", "holding")
    )
    assert [row["deadline"] for row in sql.fetch(sql.ROUND, [game.pk, 0])] == [
        game.turn_deadline
    ] * 2
    assert sql.fetch(sql.ROUND, [game.pk, 0]) == list(
        Turn.objects.filter(game=game, number__gt=0)
        .order_by("seat")
        .values("seat", "state", "holding", "deadline", "finished_at", "box", "column", "bonus")
    )
    assert sql.fetch(sql.ROUND_PLAYED, [game.pk, 0, 2]) == list(
        Turn.objects.filter(game=game, number__in=[1, 2])
        .order_by("seat")
        .values("seat", "state", "rolls", "box", "column", "points", "bonus", "finish")
    )
    events = (
        Event.objects.filter(room=room)
        .order_by("-seq")
        .values("seq", "kind", "actor_id", "data", "created_at", actor_name=F("actor__name"))
    )
    assert sql.fetch(sql.LOGGED, [room.pk, "presence", "react", 0, 50]) == list(events)
    version = Room.objects.get(pk=room.pk).version
    assert sql.first(sql.AT, [room.pk, version]) == events.filter(seq=version).get()


def _stored(table: str, pk: int) -> tuple[Any, ...]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {table} WHERE id = %s", [pk])
        return present(cursor.fetchone())


def test_the_plain_sql_writes_store_what_the_orm_would(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    # Everyone's turn at once: two turns open, each with its deadline.
    room = make_room(ada, "yams", seats=2, joined=[bob], start=True, turn_seconds=60, together=True)
    services.game_roll(player=ada, code=room.code, request_id="r1")
    services.game_announce(player=ada, code=room.code, box="maximum", request_id="a1")
    services.game_place(
        player=ada, code=room.code, box="maximum", column="announced", request_id="p1"
    )
    game = Game.objects.get(room=room)
    written = [
        Room.objects.get(pk=room.pk),
        game,
        *Turn.objects.filter(game=game),
        Scorecard.objects.get(game=game, seat=0),
        *Event.objects.filter(room=room),
        *ActionRequest.objects.filter(room=room),
    ]
    # The room, the game, two turns, a card, six events (created, joined, started, the
    # three moves) and the three answers.
    assert len(written) == 2 + 2 + 1 + 6 + 3
    for instance in written:
        # Saved again whole through the ORM, every column keeps the very value stored:
        # times in Django's form (UTC without a zone on SQLite), JSON as Django writes it.
        before = _stored(instance._meta.db_table, instance.pk)
        instance.save()
        assert _stored(instance._meta.db_table, instance.pk) == before, instance
