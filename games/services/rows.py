"""Reading and writing the rows every game action touches, without ORM query building.

Each action of a game reads and writes about a dozen rows; building those queries
through the ORM cost more than running them. These helpers keep Django's models
(instances, field conversions, ``auto_now_add``) but send SQL that is written once
per shape and cached, and turn each row into an instance with the field converters
worked out once per model, so an action costs little more than its database round
trips.
"""

from __future__ import annotations

import _thread
import json
from functools import lru_cache
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper
from django.db.models.base import ModelState
from django.db.models.signals import post_init, pre_init
from django.db.models.sql import Query

from games.models import ActionRequest, Game, Membership, Player, Room, Scorecard, Turn

M = TypeVar("M", bound=models.Model)

# Where an instance read by ``instance()`` keeps the values it was read with.
LOADED = "_games_loaded"

# One reader per model and connection: (position, converters, column) of each field that
# needs converting from what the driver returns.
_Reader = list[tuple[int, list[Any], Any]]


def database() -> BaseDatabaseWrapper:
    """This thread's default database connection (looked up once per call site instead of
    on every attribute, as ``django.db.connection`` does)."""
    return connections[DEFAULT_DB_ALIAS]


class DriverCursor:
    """The database driver's own cursor, for the game's SQL (written once, ``%s``
    placeholders): Django's cursor wrapper (placeholder conversion by regular expression
    on every query, execute wrappers, settings lookups) cost four times what SQLite
    takes to run one of these queries. Errors still come out as Django's
    (``IntegrityError``, ...), and a broken transaction is still refused."""

    __slots__ = ("db", "qmark", "raw")

    def __init__(self, db: BaseDatabaseWrapper) -> None:
        self.db, self.qmark = db, db.vendor == "sqlite"
        with db.wrap_database_errors:
            self.raw = db.connection.cursor()

    def __enter__(self) -> DriverCursor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.raw.close()

    def execute(self, sql: str, params: list[Any] | tuple[Any, ...] = ()) -> None:
        """Run ``sql`` (``%s`` placeholders) with ``params``."""
        self.db.validate_no_broken_transaction()
        with self.db.wrap_database_errors:
            self.raw.execute(_qmark(sql) if self.qmark else sql, params)

    def fetchone(self) -> tuple[Any, ...] | None:
        """The next row, or ``None``."""
        return self.raw.fetchone()

    def fetchall(self) -> list[tuple[Any, ...]]:
        """The remaining rows."""
        return self.raw.fetchall()

    @property
    def description(self) -> Any:
        """The driver's description of the result's columns."""
        return self.raw.description

    @property
    def rowcount(self) -> int:
        """The number of rows the last statement changed."""
        return self.raw.rowcount


@lru_cache(maxsize=256)
def _qmark(sql: str) -> str:
    return sql.replace("%s", "?")


def cursor(db: BaseDatabaseWrapper | None = None) -> DriverCursor | CursorWrapper:
    """A cursor for the game's hand-written SQL (``%s`` placeholders, no literal ``%``).

    It is the driver's own cursor (``DriverCursor``). The queries then also stay out of
    DEBUG's query log, which on SQLite runs one more query per query to quote its
    parameters, doubling the cost of a move on a local server. A test or tool that counts
    or wraps queries (``force_debug_cursor`` as in ``assertNumQueries``,
    ``execute_wrapper``) gets Django's cursor and sees them.
    """
    db = db or database()
    if db.force_debug_cursor or db.execute_wrappers:
        return db.cursor()
    # Django's checks before a cursor, each called only when it has something to do:
    # called every time, they took a tenth of a move (a lock, an event-loop lookup).
    if db.connection is None or (db.health_check_enabled and not db.health_check_done):
        db.close_if_health_check_failed()
        db.ensure_connection()
    if db._thread_ident != _thread.get_ident():
        db.validate_thread_sharing()
    return DriverCursor(db)


def _reader(db: BaseDatabaseWrapper, model: type[models.Model]) -> _Reader:
    readers: dict[type[models.Model], _Reader] = db.__dict__.setdefault("_games_readers", {})
    found = readers.get(model)
    if found is None:
        compiler = db.ops.compiler("SQLCompiler")(Query(model), db, db.alias)
        columns = [f.get_col(model._meta.db_table) for f in model._meta.concrete_fields]
        found = readers[model] = [(pos, converters, column) for pos, (converters, column)
                                  in compiler.get_converters(columns).items()]
    return found


def instance(db: BaseDatabaseWrapper, model: type[M], row: tuple[Any, ...] | list[Any]) -> M:
    """``model``'s instance from a row of all its concrete columns in field order (as
    ``columns(model)`` lists them), converted as the ORM converts what it reads. The
    instance remembers what it was read with, so that ``update`` writes only what
    changed."""
    values = list(row)
    for pos, converters, column in _reader(db, model):
        value = values[pos]
        for convert in converters:
            value = convert(value, column, db)
        values[pos] = value
    new = built(model, _attnames(model), values, db.alias)
    # JSON values are kept as read (text): the instance's own may be changed in place.
    loaded = values.copy()
    for pos in _json_positions(model):
        loaded[pos] = row[pos]
    new.__dict__[LOADED] = loaded
    return new


@lru_cache(maxsize=64)
def _fields(model: type[models.Model]) -> tuple[tuple[str, str, Any], ...]:
    return tuple((f.name, f.attname, f) for f in model._meta.concrete_fields)


@lru_cache(maxsize=64)
def _attnames(model: type[models.Model]) -> tuple[str, ...]:
    return tuple(attname for _name, attname, _field in _fields(model))


def built(model: type[M], names: tuple[str, ...], values: list[Any] | tuple[Any, ...],
          alias: str) -> M:
    """``model``'s instance as loaded from database ``alias`` with the fields ``names``
    (attribute names; the others deferred) set to ``values``, as ``Model.from_db`` makes
    it. ``Model.__init__`` goes through every field's descriptor and sends two signals:
    a move makes about nine instances, and that was a tenth of its cost. Nothing here
    listens to those signals; when something does, the instance is made the usual way."""
    if pre_init.has_listeners(model) or post_init.has_listeners(model):
        return model.from_db(alias, names, values)
    new = model.__new__(model)
    state = ModelState()
    state.adding, state.db = False, alias
    attributes = new.__dict__
    attributes["_state"] = state
    attributes.update(zip(names, values, strict=True))
    return new


def new(model: type[M], **values: Any) -> M:
    """A new, unsaved ``model`` instance for ``insert``, as ``model(**values)`` makes it
    but without its per-field descriptors and signals: ``values`` by field name (a
    related instance, kept as the ORM keeps it) or attribute name (a key); the rest take
    their defaults."""
    if pre_init.has_listeners(model) or post_init.has_listeners(model):
        return model(**values)
    made = model.__new__(model)
    attributes = made.__dict__
    attributes["_state"] = ModelState()
    for name, attname, field in _fields(model):
        if name in values:
            value = values.pop(name)
            if field.is_relation and value is not None:
                if not isinstance(value, field.related_model):
                    raise ValueError(f"{model.__name__}.{name} must be a "
                                     f"{field.related_model.__name__} instance")
                field.set_cached_value(made, value)
                value = value.pk
        elif attname in values:
            value = values.pop(attname)
        else:
            value = field.get_default()
        attributes[attname] = value
    if values:
        raise TypeError(f"{model.__name__} has no fields {', '.join(sorted(values))}")
    return made


@lru_cache(maxsize=64)
def columns(model: type[models.Model], alias: str = "") -> str:
    """The model's columns in field order, quoted (prefixed with ``alias.``)."""
    quote = connections[DEFAULT_DB_ALIAS].ops.quote_name
    prefix = f"{alias}." if alias else ""
    return ", ".join(prefix + quote(f.column) for f in model._meta.concrete_fields)


def _first(model: type[M], sql: str, params: list[Any]) -> M | None:
    db = database()
    with cursor(db) as c:
        c.execute(sql, params)
        row = c.fetchone()
    return None if row is None else instance(db, model, row)


@lru_cache(maxsize=64)
def _select(model: type[models.Model], where: str, tail: str = "", lock: bool = False) -> str:
    clause = " FOR UPDATE" if lock and connections[DEFAULT_DB_ALIAS].features \
        .has_select_for_update else ""
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
    db = database()
    with cursor(db) as c:
        c.execute(_cards_sql(which), [game.pk] if seat is None else [game.pk, seat])
        found = c.fetchall()
    size = len(Scorecard._meta.concrete_fields)
    cards = []
    for row in found:
        card = instance(db, Scorecard, row[:size])
        card.player = built(Player, ("id", "name", "bot_level"),
                            (card.player_id, *row[size:]), db.alias)
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
def _update_sql(model: type[models.Model], names: tuple[str, ...]) -> tuple[str, tuple[Any, ...]]:
    quote = connections[DEFAULT_DB_ALIAS].ops.quote_name
    fields = tuple(model._meta.get_field(n) for n in names)
    return (f"UPDATE {model._meta.db_table} SET "
            + ", ".join(f"{quote(f.column)} = %s" for f in fields)
            + f" WHERE {quote(model._meta.pk.column)} = %s"), fields


@lru_cache(maxsize=64)
def _json_positions(model: type[models.Model]) -> tuple[int, ...]:
    return tuple(pos for pos, f in enumerate(model._meta.concrete_fields)
                 if isinstance(f, models.JSONField))


@lru_cache(maxsize=64)
def _writable(model: type[models.Model]) -> tuple[tuple[int, Any, bool], ...]:
    """(position, field, is JSON) of each concrete field but the key."""
    json_positions = _json_positions(model)
    return tuple((pos, f, pos in json_positions)
                 for pos, f in enumerate(model._meta.concrete_fields) if not f.primary_key)


def _differs(old: Any, current: Any, is_json: bool) -> bool:
    if not is_json:
        return old != current
    if old is None or current is None:
        return old is not current
    try:
        return json.loads(old) != current
    except (TypeError, ValueError):  # not text as read: write it
        return True


def changed(instance: models.Model) -> tuple[str, ...]:
    """The names of ``instance``'s fields (but the key) that differ from what it was read
    with by ``instance()`` or last written by ``update``; every one of them when it came
    from elsewhere (the ORM, a new object)."""
    loaded = instance.__dict__.get(LOADED)
    writable = _writable(type(instance))
    if loaded is None:
        return tuple(f.name for _pos, f, _json in writable)
    return tuple(f.name for pos, f, is_json in writable
                 if _differs(loaded[pos], getattr(instance, f.attname), is_json))


def update(instance: models.Model, names: tuple[str, ...] | None = None) -> None:
    """Write ``instance``'s fields ``names`` to its row, as ``save(update_fields=...)``
    would; ``None``: the fields that ``changed`` (nothing at all when none did)."""
    if names is None:
        names = changed(instance)
        if not names:
            return
    sql, fields = _update_sql(type(instance), names)
    db = database()
    values = [f.get_db_prep_save(f.pre_save(instance, False), db) for f in fields]
    with cursor(db) as c:
        c.execute(sql, [*values, instance.pk])
    loaded = instance.__dict__.get(LOADED)
    if loaded is not None:
        positions = _positions(type(instance))
        for f in fields:
            value = getattr(instance, f.attname)
            loaded[positions[f.name]] = (json.dumps(value, cls=f.encoder)
                                         if isinstance(f, models.JSONField)
                                         and value is not None else value)


@lru_cache(maxsize=64)
def _positions(model: type[models.Model]) -> dict[str, int]:
    return {f.name: pos for pos, f in enumerate(model._meta.concrete_fields)}


@lru_cache(maxsize=32)
def _insert_sql(model: type[models.Model]) -> tuple[str, tuple[Any, ...]]:
    quote = connections[DEFAULT_DB_ALIAS].ops.quote_name
    fields = tuple(f for f in model._meta.concrete_fields if not f.primary_key)
    return (f"INSERT INTO {model._meta.db_table} ({', '.join(quote(f.column) for f in fields)})"
            f" VALUES ({', '.join(['%s'] * len(fields))})"), fields


def insert(instance: models.Model) -> None:
    """Insert ``instance`` as a new row (its key is not read back)."""
    sql, fields = _insert_sql(type(instance))
    db = database()
    values = [f.get_db_prep_save(f.pre_save(instance, True), db) for f in fields]
    with cursor(db) as c:
        c.execute(sql, values)
    instance._state.adding = False
    instance._state.db = db.alias
