"""The statements of the hot path, in plain SQL through ``connection.cursor()``
(docs/decisions/0031-the-hot-path-through-the-orm.md and 0039-a-moves-statements-in-
plain-sql.md): the rows a move's service reads, as model instances (Django's
``Model.from_db``); whether a player is banned; and what every version's room state
reads, as dicts shaped like ``values()``. What a move writes (the versions, event and
kept answer that every room service writes too) is in ``play.sql_writes``.

Through querysets these statements cost several times what running them does. Every
other statement goes through the ORM.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from django.db import connection, models
from django.utils.dateparse import parse_datetime

from accounts.models import Player, ban_in_force
from play.models import ActionRequest, Game, Scorecard, Turn
from rooms.models import Membership, Room

# -- the rows a move's service reads and changes --------------------------------------


M = TypeVar("M", bound=models.Model)


@dataclass(frozen=True)
class Row(Generic[M]):
    """How the rows of a model's ``table`` are read whole: every field by attname, in
    the order instances are made with (so that no field is left to load later), and the
    fields whose values SQLite gives in another form: JSON as text, times without their
    zone, UTC (tests/games/test_writes.py checks all three against the model)."""

    model: type[M]
    table: str
    fields: tuple[str, ...]
    json: frozenset[str] = frozenset()
    times: frozenset[str] = frozenset()

    def columns(self, alias: str) -> str:
        """Every field of the table called ``alias`` in a query (the names are quoted:
        ``column`` is a keyword of SQL)."""
        return ", ".join(f'{alias}."{name}"' for name in self.fields)

    def select(self, where: str) -> str:
        """The ``SELECT`` of every field of the rows matching ``where``."""
        return f"SELECT {self.columns(self.table)} FROM {self.table} WHERE {where}"

    def make(self, values: tuple[Any, ...]) -> M:
        """The instance of a row, made as Django's ``Model.from_db`` recipe does."""
        converted = [
            _json(value) if name in self.json else _time(value) if name in self.times else value
            for name, value in zip(self.fields, values, strict=True)
        ]
        return self.model.from_db(connection.alias, self.fields, converted)

    def one(self, sql: str, params: list[Any]) -> M | None:
        """The instance of the first row of ``sql`` (a ``select`` of this), or ``None``."""
        values = _first_values(sql, params)
        return None if values is None else self.make(values)


def _first_values(sql: str, params: list[Any]) -> tuple[Any, ...] | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        values: tuple[Any, ...] | None = cursor.fetchone()
    return values


PLAYER_ROW = Row(
    Player,
    "games_player",
    (
        "id",
        "name",
        "user_id",
        "bot_level",
        "created_at",
        "banned_at",
        "ban_reason",
        "banned_until",
        "language",
    ),
    times=frozenset({"created_at", "banned_at", "banned_until"}),
)
ROOM_ROW = Row(
    Room,
    "games_room",
    (
        "id",
        "code",
        "host_id",
        "ruleset",
        "options",
        "seat_count",
        "pace",
        "turn_seconds",
        "holidays",
        "together",
        "duplicate",
        "coach_enabled",
        "daily",
        "rated",
        "public",
        "status",
        "version",
        "created_at",
        "last_activity_at",
        "closed_at",
        "closed_reason",
    ),
    json=frozenset({"options"}),
    times=frozenset({"created_at", "last_activity_at", "closed_at"}),
)
GAME_ROW = Row(
    Game,
    "games_game",
    (
        "id",
        "room_id",
        "number",
        "ruleset",
        "options",
        "status",
        "version",
        "together",
        "seed",
        "par",
        "current_seat",
        "turn_count",
        "turn_deadline",
        "bot_due_at",
        "started_at",
        "finished_at",
        "ended_reason",
    ),
    json=frozenset({"options", "par"}),
    times=frozenset({"turn_deadline", "bot_due_at", "started_at", "finished_at"}),
)
MEMBERSHIP_ROW = Row(
    Membership,
    "games_membership",
    (
        "id",
        "room_id",
        "player_id",
        "seat",
        "state",
        "joined_at",
        "left_at",
        "sockets",
        "seen_at",
        "muted",
        "stranger_chat",
        "browser",
        "address",
    ),
    times=frozenset({"joined_at", "left_at", "seen_at"}),
)
REQUEST_ROW = Row(
    ActionRequest,
    "games_actionrequest",
    ("id", "player_id", "request_id", "room_id", "action", "response", "created_at"),
    json=frozenset({"response"}),
    times=frozenset({"created_at"}),
)
CARD_ROW = Row(
    Scorecard,
    "games_scorecard",
    (
        "id",
        "game_id",
        "seat",
        "player_id",
        "data",
        "total",
        "rank",
        "held_for_id",
        "first_player_id",
        "holiday_until",
        "holiday_left",
    ),
    json=frozenset({"data"}),
    times=frozenset({"holiday_until"}),
)
TURN_ROW = Row(
    Turn,
    "games_turn",
    (
        "id",
        "game_id",
        "number",
        "seat",
        "player_id",
        "state",
        "rolls",
        "holding",
        "box",
        "column",
        "points",
        "bonus",
        "finish",
        "announced_by_id",
        "placed_by_id",
        "deadline",
        "started_at",
        "finished_at",
    ),
    json=frozenset({"state", "rolls", "holding"}),
    times=frozenset({"deadline", "started_at", "finished_at"}),
)


def _locked(sql: str) -> str:
    """``sql`` locking the rows it reads where the database can (SQLite's writers queue
    for the whole database instead)."""
    return sql + " FOR UPDATE" if connection.features.has_select_for_update else sql


_ROOM = ROOM_ROW.select("code = %s")
_GAME = GAME_ROW.select("room_id = %s ORDER BY number DESC LIMIT 1")
_MEMBERSHIP = MEMBERSHIP_ROW.select("room_id = %s AND player_id = %s AND state = %s")
_REQUEST = REQUEST_ROW.select("player_id = %s AND room_id = %s AND request_id = %s")
_CARD = CARD_ROW.select("game_id = %s AND seat = %s")
_CARD_OF = CARD_ROW.select("game_id = %s AND player_id = %s")
_TURN = TURN_ROW.select("game_id = %s AND number = %s")
_OPEN_TURN = TURN_ROW.select(
    "game_id = %s AND seat = %s AND finished_at IS NULL ORDER BY number DESC LIMIT 1"
)
# The next seat's card, or the first seat's after the last, with its player.
_CARD_AFTER = (
    f"SELECT {CARD_ROW.columns('c')}, {PLAYER_ROW.columns('p')}"
    " FROM games_scorecard c JOIN games_player p ON p.id = c.player_id"
    " WHERE c.game_id = %s ORDER BY c.seat <= %s, c.seat LIMIT 1"
)


def locked_room(code: str) -> Room | None:
    """The room with ``code``, its row locked for this transaction."""
    return ROOM_ROW.one(_locked(_ROOM), [code])


def latest_game(room: Room) -> Game | None:
    """The room's latest game, its row locked for this transaction."""
    game = GAME_ROW.one(_locked(_GAME), [room.pk])
    if game is not None:
        game.room = room
    return game


def active_membership(room: Room, player_id: int) -> Membership | None:
    """The player's active membership of the room."""
    return MEMBERSHIP_ROW.one(_MEMBERSHIP, [room.pk, player_id, Membership.State.ACTIVE])


def answered_request(room: Room, player_id: int, request_id: str) -> ActionRequest | None:
    """The stored answer to the player's request id in the room, if any."""
    return REQUEST_ROW.one(_REQUEST, [player_id, room.pk, request_id])


def card_at(game: Game, seat: int) -> Scorecard | None:
    """The game's scorecard at ``seat`` (its player loads when first used)."""
    card = CARD_ROW.one(_CARD, [game.pk, seat])
    if card is not None:
        card.game = game
    return card


def card_of(game: Game, player_id: int) -> Scorecard | None:
    """The game's scorecard of the player (its player loads when first used)."""
    card = CARD_ROW.one(_CARD_OF, [game.pk, player_id])
    if card is not None:
        card.game = game
    return card


def card_after(game: Game, seat: int) -> Scorecard | None:
    """The card of the seat whose turn comes after ``seat``'s, with its player."""
    values = _first_values(_CARD_AFTER, [game.pk, seat])
    if values is None:
        return None
    split = len(CARD_ROW.fields)
    card = CARD_ROW.make(values[:split])
    card.game, card.player = game, PLAYER_ROW.make(values[split:])
    return card


def banned(player_id: int, moment: datetime) -> bool:
    """Whether the player's ban is in force at ``moment`` (set, and not ended)."""
    row = first("SELECT banned_at, banned_until FROM games_player WHERE id = %s", [player_id])
    return row is not None and ban_in_force(row["banned_at"], row["banned_until"], moment)


def turn_of(game: Game, number: int) -> Turn | None:
    """Turn ``number`` of the game."""
    turn = TURN_ROW.one(_TURN, [game.pk, number])
    if turn is not None:
        turn.game = game
    return turn


def open_turn_of(game: Game, seat: int) -> Turn | None:
    """The open turn of ``seat`` in the game (everyone's turn at once), if any."""
    turn = TURN_ROW.one(_OPEN_TURN, [game.pk, seat])
    if turn is not None:
        turn.game = game
    return turn


# -- the rows every version of a room's state reads -----------------------------------

ROOM = (
    "SELECT id, code, status, seat_count, pace, turn_seconds, holidays, together,"
    " duplicate, daily, rated, public, host_id, coach_enabled, ruleset, options, version"
    " FROM games_room"
    " WHERE code = %s"
)
GAME = (
    "SELECT id, number, ruleset, options, status, version, together, seed <> '' AS"
    " duplicate, current_seat, turn_count, turn_deadline FROM games_game WHERE room_id = %s"
    " ORDER BY number DESC LIMIT 1"
)
CARDS = (
    "SELECT c.id, c.seat, c.player_id, c.data, c.total, c.rank, c.held_for_id,"
    " c.holiday_until, c.holiday_left, p.name AS player_name,"
    " p.bot_level AS player_bot_level, h.name AS held_for_name"
    " FROM games_scorecard c JOIN games_player p ON p.id = c.player_id"
    " LEFT JOIN games_player h ON h.id = c.held_for_id"
    " WHERE c.game_id = %s ORDER BY c.seat"
)
TURN = "SELECT state, holding FROM games_turn WHERE game_id = %s AND number = %s"
# Everyone's turn at once: the round's turns, one a seat (numbers after the last round's).
ROUND = (
    'SELECT seat, state, holding, deadline, finished_at, box, "column", bonus'
    " FROM games_turn WHERE game_id = %s AND number > %s ORDER BY seat"
)
# Duplicate dice: a closed round's turns, for everyone to compare (numbers in a range).
ROUND_PLAYED = (
    'SELECT seat, state, rolls, box, "column", points, bonus, finish'
    " FROM games_turn WHERE game_id = %s AND number > %s AND number <= %s"
    " ORDER BY seat"
)
_EVENTS = (
    "SELECT e.seq, e.kind, e.actor_id, e.data, e.created_at, p.name AS actor_name"
    " FROM games_event e LEFT JOIN games_player p ON p.id = e.actor_id"
    " WHERE e.room_id = %s "
)
LOGGED = _EVENTS + "AND e.kind NOT IN (%s, %s) AND e.seq > %s ORDER BY e.seq DESC LIMIT %s"
OF_KIND = _EVENTS + "AND e.kind = %s AND e.seq > %s ORDER BY e.seq"
AT = _EVENTS + "AND e.seq = %s"

JSON_COLUMNS = frozenset({"options", "data", "state", "holding", "rolls"})
TIME_COLUMNS = frozenset(
    {
        "turn_deadline",
        "created_at",
        "banned_at",
        "banned_until",
        "holiday_until",
        "deadline",
        "finished_at",
    }
)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _time(value: str | datetime | None) -> datetime | None:
    moment = parse_datetime(value) if isinstance(value, str) else value
    if moment is not None and moment.tzinfo is None:  # SQLite stores UTC without a zone
        moment = moment.replace(tzinfo=UTC)
    return moment


def fetch(sql: str, params: list[Any]) -> list[dict[str, Any]]:
    """The rows of one of this module's queries, as ``values()`` would give them."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        names = [d[0] for d in cursor.description]
        found = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    for name in names:
        convert = _json if name in JSON_COLUMNS else _time if name in TIME_COLUMNS else None
        if convert is not None:
            for row in found:
                row[name] = convert(row[name])
    return found


def first(sql: str, params: list[Any]) -> dict[str, Any] | None:
    """The first row of ``fetch``, or ``None``."""
    found = fetch(sql, params)
    return found[0] if found else None
