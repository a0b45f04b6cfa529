"""The rows every game action reads and writes, in SQL written once per shape.

Each action of a game reads and writes about a dozen rows; building those queries
through the ORM cost several times what running them does (docs/decisions/
0001-public-apis-only.md). These helpers send hand-written SQL through
``connection.cursor()``, make instances with ``Model.from_db`` (the models remember
what they were loaded with: ``TracksChanges``), and write only the fields an action
changed, with each field's own ``pre_save`` and ``get_db_prep_save``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, TypeVar

from django.db import connection, models
from django.utils.dateparse import parse_datetime

from games.models import (
    ActionRequest,
    Game,
    Membership,
    Player,
    Room,
    Scorecard,
    TracksChanges,
    Turn,
)

M = TypeVar("M", bound=models.Model)


def _datetime(value: Any) -> datetime | None:
    if isinstance(value, str):
        value = parse_datetime(value)
    if value is not None and value.tzinfo is None:  # SQLite keeps UTC without a zone
        value = value.replace(tzinfo=UTC)
    return value


def _json(field: models.JSONField) -> Any:
    return lambda value: field.from_db_value(value, None, connection)


@lru_cache(maxsize=64)
def _converters(model: type[models.Model]) -> tuple[tuple[int, Any], ...]:
    """(position, conversion) of each concrete field whose database value needs one."""
    found = []
    for pos, field in enumerate(model._meta.concrete_fields):
        if isinstance(field, models.DateTimeField):
            found.append((pos, _datetime))
        elif isinstance(field, models.BooleanField):
            found.append((pos, lambda value: value if value is None else bool(value)))
        elif isinstance(field, models.JSONField):
            found.append((pos, _json(field)))
    return tuple(found)


@lru_cache(maxsize=64)
def _attnames(model: type[models.Model]) -> tuple[str, ...]:
    return tuple(f.attname for f in model._meta.concrete_fields)


@lru_cache(maxsize=64)
def columns(model: type[models.Model], alias: str = "") -> str:
    """The model's columns in field order, quoted (prefixed with ``alias.``)."""
    quote = connection.ops.quote_name
    prefix = f"{alias}." if alias else ""
    return ", ".join(prefix + quote(f.column) for f in model._meta.concrete_fields)


def instance(model: type[M], row: tuple[Any, ...] | list[Any]) -> M:
    """``model``'s instance from a row of all its concrete columns in field order (as
    ``columns(model)`` lists them), converted as the ORM converts what it reads."""
    values = list(row)
    for pos, convert in _converters(model):
        values[pos] = convert(values[pos])
    return model.from_db(connection.alias, _attnames(model), values)


def _first(model: type[M], sql: str, params: list[Any]) -> M | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return None if row is None else instance(model, row)


@lru_cache(maxsize=64)
def _select(model: type[models.Model], where: str, tail: str = "", lock: bool = False) -> str:
    clause = " FOR UPDATE" if lock and connection.features.has_select_for_update else ""
    return f"SELECT {columns(model)} FROM {model._meta.db_table} WHERE {where}{tail}{clause}"


def locked_room(code: str) -> Room | None:
    """The room with ``code``, its row locked for this transaction (PostgreSQL)."""
    return _first(Room, _select(Room, "code = %s", lock=True), [code])


def answered_request(player_id: int, room_id: int, request_id: str) -> ActionRequest | None:
    """The stored answer to the player's request id in the room, if any."""
    sql = _select(ActionRequest, "player_id = %s AND room_id = %s AND request_id = %s")
    return _first(ActionRequest, sql, [player_id, room_id, request_id])


def active_membership(room_id: int, player_id: int) -> Membership | None:
    """The player's active membership of the room."""
    sql = _select(Membership, "room_id = %s AND player_id = %s AND state = %s")
    return _first(Membership, sql, [room_id, player_id, Membership.State.ACTIVE])


def latest_game(room_id: int) -> Game | None:
    """The room's latest game, locked (PostgreSQL)."""
    sql = _select(Game, "room_id = %s", " ORDER BY number DESC LIMIT 1", lock=True)
    return _first(Game, sql, [room_id])


_CARDS_WHERE = {
    "all": " ORDER BY c.seat",
    "seat": " AND c.seat = %s",
    # The seats after the given one first, then from the first seat: the next in turn.
    "after": " ORDER BY c.seat <= %s, c.seat LIMIT 1",
}


@lru_cache(maxsize=4)
def _cards_sql(which: str) -> str:
    return (f"SELECT {columns(Scorecard, 'c')}, p.name, p.bot_level"
            f" FROM {Scorecard._meta.db_table} c"
            f" JOIN {Player._meta.db_table} p ON p.id = c.player_id"
            " WHERE c.game_id = %s" + _CARDS_WHERE[which])


def _cards(game: Game, seat: int | None, which: str = "all") -> list[Scorecard]:
    with connection.cursor() as cursor:
        cursor.execute(_cards_sql(which), [game.pk] if seat is None else [game.pk, seat])
        found = cursor.fetchall()
    size = len(Scorecard._meta.concrete_fields)
    cards = []
    for row in found:
        card = instance(Scorecard, row[:size])
        card.player = Player.from_db(connection.alias, ("id", "name", "bot_level"),
                                     (card.player_id, *row[size:]))
        card.game = game
        cards.append(card)
    return cards


def cards_of(game: Game) -> list[Scorecard]:
    """The game's scorecards in seat order, each with its player's name and level loaded
    (other player fields load on first use)."""
    return _cards(game, None)


def card_at(game: Game, seat: int) -> Scorecard:
    """The game's scorecard at ``seat``, loaded as by ``cards_of``; ``DoesNotExist``
    if none."""
    found = _cards(game, seat, "seat")
    if not found:
        raise Scorecard.DoesNotExist(f"no scorecard at seat {seat}")
    return found[0]


def card_after(game: Game, seat: int) -> Scorecard:
    """The scorecard of the seat whose turn comes after ``seat``'s (the next seat, or the
    first after the last), loaded as by ``cards_of``; ``DoesNotExist`` if none."""
    found = _cards(game, seat, "after")
    if not found:
        raise Scorecard.DoesNotExist("the game has no scorecards")
    return found[0]


def turn_of(game: Game, number: int) -> Turn:
    """Turn ``number`` of the game (``DoesNotExist`` if none)."""
    turn = _first(Turn, _select(Turn, "game_id = %s AND number = %s"), [game.pk, number])
    if turn is None:
        raise Turn.DoesNotExist(f"no turn {number}")
    turn.game = game
    return turn


@lru_cache(maxsize=128)
def _update_sql(model: type[models.Model], names: tuple[str, ...]
                ) -> tuple[str, tuple[models.Field[Any, Any], ...]]:
    quote = connection.ops.quote_name
    fields = tuple(model._meta.get_field(n) for n in names)
    return (f"UPDATE {model._meta.db_table} SET "
            + ", ".join(f"{quote(f.column)} = %s" for f in fields)
            + f" WHERE {quote(model._meta.pk.column)} = %s"), fields


def changed(instance: TracksChanges) -> tuple[str, ...]:
    """The names of ``instance``'s fields (but the key) that differ from what it was
    loaded or last written with; all of them for an instance made in memory."""
    return tuple(instance.changed_fields())


def update(instance: TracksChanges, names: tuple[str, ...] | None = None) -> None:
    """Write ``instance``'s fields ``names`` to its row, as ``save(update_fields=...)``
    would; ``None``: the fields that ``changed`` (nothing at all when none did)."""
    if names is None:
        names = changed(instance)
        if not names:
            return
    sql, fields = _update_sql(type(instance), names)
    values = [f.get_db_prep_save(f.pre_save(instance, False), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, instance.pk])
    instance.remember_values(names)


@lru_cache(maxsize=32)
def _insert_sql(model: type[models.Model]) -> tuple[str, tuple[models.Field[Any, Any], ...]]:
    quote = connection.ops.quote_name
    fields = tuple(f for f in model._meta.concrete_fields if not f.primary_key)
    return (f"INSERT INTO {model._meta.db_table} ({', '.join(quote(f.column) for f in fields)})"
            f" VALUES ({', '.join(['%s'] * len(fields))})"), fields


def new(model: type[M], **values: Any) -> M:
    """A new, unsaved ``model`` instance (``model(**values)``), for ``insert``."""
    return model(**values)


def insert(instance: models.Model) -> None:
    """Insert ``instance`` as a new row (its key is not read back)."""
    sql, fields = _insert_sql(type(instance))
    values = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
    instance._state.adding = False
    instance._state.db = connection.alias
    if isinstance(instance, TracksChanges):
        instance.remember_values()


