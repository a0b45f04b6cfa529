"""Reading and writing the rows every game action touches, without ORM query building.

Each action of a game reads and writes about a dozen rows; building those queries
through the ORM cost more than running them. These helpers keep Django's models
(instances, field conversions, ``auto_now_add``) but send SQL that is written once
per shape and cached, so an action costs little more than its database round trips.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypeVar

from django.db import connection, models

from games.models import ActionRequest, Game, Membership, Player, Room, Scorecard, Turn

M = TypeVar("M", bound=models.Model)


def _lock_clause() -> str:
    return " FOR UPDATE" if connection.features.has_select_for_update else ""


def _first(model: type[M], sql: str, params: list[Any]) -> M | None:
    return next(iter(model.objects.raw(sql, params)), None)


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


def _columns(model: type[models.Model]) -> str:
    return ", ".join(_q(f.column) for f in model._meta.concrete_fields)


def locked_room(code: str) -> Room | None:
    """The room with ``code``, its row locked for this transaction (PostgreSQL)."""
    sql = (f"SELECT {_columns(Room)} FROM {Room._meta.db_table} WHERE code = %s"
           + _lock_clause())
    return _first(Room, sql, [code])


def answered_request(player_id: int, room_id: int, request_id: str) -> ActionRequest | None:
    """The stored answer to the player's request id in the room, if any."""
    sql = (f"SELECT {_columns(ActionRequest)} FROM {ActionRequest._meta.db_table}"
           " WHERE player_id = %s AND room_id = %s AND request_id = %s")
    return _first(ActionRequest, sql, [player_id, room_id, request_id])


def active_membership(room_id: int, player_id: int) -> Membership | None:
    """The player's active membership of the room."""
    sql = (f"SELECT {_columns(Membership)} FROM {Membership._meta.db_table}"
           " WHERE room_id = %s AND player_id = %s AND state = %s")
    return _first(Membership, sql, [room_id, player_id, Membership.State.ACTIVE])


def latest_game(room_id: int) -> Game | None:
    """The room's latest game, locked (PostgreSQL)."""
    sql = (f"SELECT {_columns(Game)} FROM {Game._meta.db_table} WHERE room_id = %s"
           " ORDER BY number DESC LIMIT 1" + _lock_clause())
    return _first(Game, sql, [room_id])


def card_at(game: Game, seat: int) -> Scorecard:
    """The game's scorecard at ``seat``, with its player's name and level loaded (other
    player fields load on first use); ``DoesNotExist`` if none."""
    sql = (f"SELECT {', '.join('c.' + c for c in _columns(Scorecard).split(', '))},"
           " p.name AS p_name, p.bot_level AS p_bot_level"
           f" FROM {Scorecard._meta.db_table} c"
           f" JOIN {Player._meta.db_table} p ON p.id = c.player_id"
           " WHERE c.game_id = %s AND c.seat = %s")
    card = _first(Scorecard, sql, [game.pk, seat])
    if card is None:
        raise Scorecard.DoesNotExist(f"no scorecard at seat {seat}")
    card.player = Player.from_db(card._state.db, ["id", "name", "bot_level"],
                                 [card.player_id, card.p_name, card.p_bot_level])
    card.game = game
    return card


def turn_of(game: Game, number: int) -> Turn:
    """Turn ``number`` of the game (``DoesNotExist`` if none)."""
    sql = (f"SELECT {_columns(Turn)} FROM {Turn._meta.db_table}"
           " WHERE game_id = %s AND number = %s")
    turn = _first(Turn, sql, [game.pk, number])
    if turn is None:
        raise Turn.DoesNotExist(f"no turn {number}")
    turn.game = game
    return turn


@lru_cache(maxsize=128)
def _update_sql(model: type[models.Model], names: tuple[str, ...]) -> str:
    fields = [model._meta.get_field(n) for n in names]
    return (f"UPDATE {model._meta.db_table} SET "
            + ", ".join(f"{_q(f.column)} = %s" for f in fields)
            + f" WHERE {_q(model._meta.pk.column)} = %s")


def update(instance: models.Model, names: tuple[str, ...] | None = None) -> None:
    """Write ``instance``'s fields ``names`` (all but the key when ``None``) to its row,
    as ``save(update_fields=...)`` would."""
    opts = instance._meta
    if names is None:
        names = tuple(f.name for f in opts.concrete_fields if not f.primary_key)
    values = []
    for name in names:
        field = opts.get_field(name)
        values.append(field.get_db_prep_save(field.pre_save(instance, False), connection))
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(type(instance), names), [*values, instance.pk])


@lru_cache(maxsize=32)
def _insert_sql(model: type[models.Model]) -> str:
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    return (f"INSERT INTO {model._meta.db_table} ({', '.join(_q(f.column) for f in fields)})"
            f" VALUES ({', '.join(['%s'] * len(fields))})")


def insert(instance: models.Model) -> None:
    """Insert ``instance`` as a new row (its key is not read back)."""
    values = [f.get_db_prep_save(f.pre_save(instance, True), connection)
              for f in instance._meta.concrete_fields if not f.primary_key]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(type(instance)), values)
