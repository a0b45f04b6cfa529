"""The game's hand-written SQL reads rows exactly as the ORM does."""

from __future__ import annotations

import re
import threading

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.backends.utils import CursorDebugWrapper
from django.db.models.signals import post_init
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import ActionRequest, Event, Game, Membership, Player, Room, Scorecard, Turn
from games.services import rows

pytestmark = pytest.mark.django_db


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_rows_read_every_field_as_the_orm_does(ada, bob) -> None:
    room = services.room_create(player=ada, ruleset="yams", seats=2)
    services.room_join(player=bob, code=room.code)
    services.room_start(player=ada, code=room.code)
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


def test_game_queries_stay_out_of_the_debug_log_unless_a_test_counts_them(settings) -> None:
    settings.DEBUG = True
    with rows.cursor() as plain:
        assert isinstance(plain, rows.DriverCursor)
        plain.execute("SELECT 1")
    assert connection.queries == []
    with CaptureQueriesContext(connection) as queries, rows.cursor() as counted:
        assert isinstance(counted, CursorDebugWrapper)
        counted.execute("SELECT 1")
    assert len(queries) == 1
    seen = []
    watch = connection.execute_wrapper(lambda run, sql, *rest: seen.append(sql) or run(sql, *rest))
    with watch, rows.cursor() as wrapped:
        wrapped.execute("SELECT %s", [2])
        assert wrapped.fetchone() == (2,)
    assert seen == ["SELECT %s"]


def test_driver_errors_come_out_as_djangos_and_a_broken_transaction_refuses(ada) -> None:
    room = services.room_create(player=ada, ruleset="yatzy", seats=2)
    request = ActionRequest(player=ada, room=room, request_id="twice", action="roll",
                            response={})
    rows.insert(request)
    with pytest.raises(IntegrityError), transaction.atomic():
        rows.insert(ActionRequest(player=ada, room=room, request_id="twice", action="roll",
                                  response={}))
    assert ActionRequest.objects.filter(request_id="twice").count() == 1
    with transaction.atomic():
        with pytest.raises(IntegrityError), transaction.atomic(savepoint=False):
            rows.insert(ActionRequest(player=ada, room=room, request_id="twice",
                                      action="roll", response={}))
        with pytest.raises(TransactionManagementError):  # as Django's own cursor refuses
            rows.locked_room(room.code)


def _set_columns(queries: CaptureQueriesContext) -> list[list[str]]:
    """The columns each captured UPDATE sets."""
    return [re.findall(r'"(\w+)" = ', q["sql"].split(" WHERE ", 1)[0])
            for q in queries.captured_queries]


def test_update_writes_only_what_changed_since_the_row_was_read(ada, bob) -> None:
    room = services.room_create(player=ada, ruleset="yatzy", seats=2, turn_seconds=60)
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


def test_update_of_an_instance_not_read_by_rows_writes_every_field(ada) -> None:
    room = services.room_create(player=ada, ruleset="yatzy", seats=2)
    orm = Room.objects.get(pk=room.pk)
    assert rows.changed(orm) == tuple(f.name for f in Room._meta.concrete_fields
                                      if not f.primary_key)
    orm.seat_count = 4
    rows.update(orm)
    assert Room.objects.get(pk=room.pk).seat_count == 4
    explicit = rows.locked_room(room.code)
    explicit.status = Room.Status.CLOSED
    with CaptureQueriesContext(connection) as named:  # names given: those, changed or not
        rows.update(explicit, ("status", "seat_count"))
    assert _set_columns(named) == [["status", "seat_count"]]
    assert Room.objects.get(pk=room.pk).status == Room.Status.CLOSED


def test_instances_are_made_as_the_orm_makes_them_unless_a_signal_listens(ada, bob) -> None:
    room = services.room_create(player=ada, ruleset="yams", seats=2)
    services.room_join(player=bob, code=room.code)
    services.room_start(player=ada, code=room.code)
    game = Game.objects.get(room=room)
    card = rows.card_at(game, 1)
    assert (card._state.adding, card._state.db) == (False, "default")
    assert card.player.get_deferred_fields() == {
        f.attname for f in Player._meta.concrete_fields} - {"id", "name", "bot_level"}
    assert card.player.banned_at is None  # a deferred field loads on first use
    card.total = 7
    card.save(update_fields=["total"])  # a model instance in every way
    assert Scorecard.objects.get(pk=card.pk).total == 7

    fresh = rows.new(Event, room=room, seq=99, game=game, game_version=1, kind="roll",
                     actor=None, data={"seat": 0})
    by_orm = Event(room=room, seq=99, game=game, game_version=1, kind="roll", actor=None,
                   data={"seat": 0})
    assert _fields(fresh) == _fields(by_orm)
    assert fresh._state.adding and fresh.actor_id is None
    assert fresh.room is room and fresh.game is game  # kept, as the ORM keeps them
    rows.insert(fresh)
    assert Event.objects.get(room=room, seq=99).data == {"seat": 0}
    assert _fields(rows.new(Turn, game_id=game.pk, number=5, seat=0, player=ada)) == _fields(
        Turn(game=game, number=5, seat=0, player=ada))
    with pytest.raises(TypeError, match="no fields colour"):
        rows.new(Turn, game=game, colour="red")
    with pytest.raises(ValueError, match=r"Turn\.game must be a Game"):
        rows.new(Turn, game=room)

    seen = []

    def listener(sender, instance, **kwargs) -> None:
        seen.append(instance)

    post_init.connect(listener, sender=Turn)
    try:
        made, read = rows.new(Turn, game=game, number=6, seat=0, player=ada), rows.turn_of(game, 1)
    finally:
        post_init.disconnect(listener, sender=Turn)
    assert seen == [made, read]  # made the usual way, so that the listener hears of them


@pytest.mark.django_db(transaction=True)  # outside a transaction a closed connection is dropped
def test_a_cursor_reconnects_and_refuses_other_threads() -> None:
    connection.close()
    with rows.cursor() as fresh:  # a closed connection is opened again
        fresh.execute("SELECT 1")
        assert fresh.fetchone() == (1,)
    failures, mine = [], rows.database()

    def elsewhere() -> None:
        try:
            rows.cursor(mine)
        except DatabaseError as exc:
            failures.append(exc)

    worker = threading.Thread(target=elsewhere)
    worker.start()
    worker.join()
    assert len(failures) == 1 and "same thread" in str(failures[0])
