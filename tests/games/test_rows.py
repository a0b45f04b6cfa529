"""The game's hand-written SQL reads rows exactly as the ORM does."""

from __future__ import annotations

import re

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import ActionRequest, Event, Game, Membership, Room, Scorecard, Turn
from games.services import rows

pytestmark = pytest.mark.django_db


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_rows_read_every_field_as_the_orm_does(ada, bob, make_room) -> None:
    room = make_room(ada, "yams", seats=2, joined=[bob], start=True)
    services.game_roll(player=ada, code=room.code, request_id="r1")
    game = Game.objects.get(room=room)
    pairs = [
        (rows.locked_room(room.code), Room.objects.get(pk=room.pk)),
        (rows.latest_game(room.pk), game),
        (rows.active_membership(room.pk, bob.pk), Membership.objects.get(room=room, player=bob)),
        (rows.answered_request(ada.pk, room.pk, "r1"), ActionRequest.objects.get(room=room)),
        (rows.card_at(game, 1), Scorecard.objects.get(game=game, seat=1)),
        (rows.turn_of(game, 1), Turn.objects.get(game=game, number=1)),
    ]
    for read, expected in pairs:
        assert _fields(read) == _fields(expected)
        assert not read._state.adding
    assert [c.player.name for c in rows.cards_of(game)] == ["Ada", "Bob"]
    assert [(rows.card_after(game, seat).seat, rows.card_after(game, seat).player.name)
            for seat in (0, 1)] == [(1, "Bob"), (0, "Ada")]  # the next in turn, then round
    assert rows.answered_request(ada.pk, room.pk, "nope") is None
    with pytest.raises(Scorecard.DoesNotExist):
        rows.card_at(game, 5)






def _set_columns(queries: CaptureQueriesContext) -> list[list[str]]:
    """The columns each captured UPDATE sets."""
    return [re.findall(r'"(\w+)" = ', q["sql"].split(" WHERE ", 1)[0])
            for q in queries.captured_queries]


def test_update_writes_only_what_changed_since_the_row_was_read(ada, bob, make_room) -> None:
    room = make_room(ada, "yatzy", seats=2, turn_seconds=60)
    with transaction.atomic():
        read = rows.locked_room(room.code)
        with CaptureQueriesContext(connection) as nothing:
            rows.update(read)
        assert nothing.captured_queries == []
        read.version += 1
        with CaptureQueriesContext(connection) as one:
            rows.update(read)
        assert _set_columns(one) == [["version"]]
        read.options["forced_joker"] = True  # a JSON value changed in place
        read.turn_seconds = None
        read.host = bob
        with CaptureQueriesContext(connection) as three:
            rows.update(read)
        assert _set_columns(three) == [["host_id", "options", "turn_seconds"]]
        with CaptureQueriesContext(connection) as again:  # written: the new values count
            rows.update(read)
        assert again.captured_queries == []
    stored = Room.objects.get(pk=room.pk)
    assert (stored.version, stored.options, stored.turn_seconds, stored.host_id) == (
        room.version + 1, room.options | {"forced_joker": True}, None, bob.pk)


def test_instances_loaded_by_the_orm_remember_their_values_too(ada, make_room) -> None:
    room = make_room(ada, "yatzy", seats=2)
    orm = Room.objects.get(pk=room.pk)
    assert rows.changed(orm) == ()
    orm.seat_count = 4
    assert rows.changed(orm) == ("seat_count",)
    rows.update(orm)
    assert Room.objects.get(pk=room.pk).seat_count == 4
    made = Room(code="x", host=ada, ruleset="yatzy", seat_count=2)
    assert "code" in rows.changed(made) and "seat_count" in rows.changed(made)
    explicit = rows.locked_room(room.code)
    explicit.status = Room.Status.CLOSED
    with CaptureQueriesContext(connection) as named:  # names given: those, changed or not
        rows.update(explicit, ("status", "seat_count"))
    assert _set_columns(named) == [["status", "seat_count"]]
    assert Room.objects.get(pk=room.pk).status == Room.Status.CLOSED


def test_inserted_rows_are_read_back_as_written(ada, make_room) -> None:
    room = make_room(ada, "yatzy", seats=2)
    event = rows.new(Event, room=room, seq=room.version + 1, kind="note", actor=ada,
                     data={"a": [1, 2]})
    rows.insert(event)
    stored = Event.objects.get(room=room, seq=room.version + 1)
    assert (stored.kind, stored.actor_id, stored.data) == ("note", ada.pk, {"a": [1, 2]})
    assert stored.created_at is not None and stored.created_at.tzinfo is not None
    with pytest.raises(IntegrityError), transaction.atomic():
        rows.insert(rows.new(Event, room=room, seq=room.version + 1, kind="again"))

