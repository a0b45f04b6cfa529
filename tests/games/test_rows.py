"""The game's hand-written SQL reads rows exactly as the ORM does."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.backends.utils import CursorDebugWrapper
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import ActionRequest, Game, Membership, Room, Scorecard, Turn
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
