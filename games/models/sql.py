"""The reads of every move that stay plain SQL (docs/decisions/0031-the-hot-path-through-
the-orm.md): the rows a move's service reads, as model instances (``Manager.raw()``),
whether the player is banned, and what every version's room state reads, as dicts
(``connection.cursor()``).

Built through querysets, these reads cost several times what running them does; every
other statement, and every write, goes through the ORM's querysets.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from django.db import connection
from django.utils.dateparse import parse_datetime

from games.models.play import Game, Scorecard, Turn
from games.models.records import ActionRequest
from games.models.rooms import Membership, Room, ban_in_force

# -- the rows a move's service reads and changes --------------------------------------


def _locked(sql: str) -> str:
    """``sql`` locking the rows it reads where the database can (SQLite's writers queue
    for the whole database instead)."""
    return sql + " FOR UPDATE" if connection.features.has_select_for_update else sql


def locked_room(code: str) -> Room | None:
    """The room with ``code``, its row locked for this transaction."""
    return next(iter(Room.objects.raw(
        _locked("SELECT * FROM games_room WHERE code = %s"), [code])), None)


def latest_game(room: Room) -> Game | None:
    """The room's latest game, its row locked for this transaction."""
    game = next(iter(Game.objects.raw(_locked(
        "SELECT * FROM games_game WHERE room_id = %s ORDER BY number DESC LIMIT 1"),
        [room.pk])), None)
    if game is not None:
        game.room = room
    return game


def active_membership(room: Room, player_id: int) -> Membership | None:
    """The player's active membership of the room."""
    return next(iter(Membership.objects.raw(
        "SELECT * FROM games_membership WHERE room_id = %s AND player_id = %s AND state = %s",
        [room.pk, player_id, Membership.State.ACTIVE])), None)


def answered_request(room: Room, player_id: int, request_id: str) -> ActionRequest | None:
    """The stored answer to the player's request id in the room, if any."""
    return next(iter(ActionRequest.objects.raw(
        "SELECT * FROM games_actionrequest WHERE player_id = %s AND room_id = %s"
        " AND request_id = %s", [player_id, room.pk, request_id])), None)


def card_at(game: Game, seat: int) -> Scorecard | None:
    """The game's scorecard at ``seat`` (its player loads when first used)."""
    card = next(iter(Scorecard.objects.raw(
        "SELECT * FROM games_scorecard WHERE game_id = %s AND seat = %s", [game.pk, seat])),
        None)
    if card is not None:
        card.game = game
    return card


def banned(player_id: int, moment: datetime) -> bool:
    """Whether the player's ban is in force at ``moment`` (set, and not ended)."""
    row = first("SELECT banned_at, banned_until FROM games_player WHERE id = %s", [player_id])
    return row is not None and ban_in_force(row["banned_at"], row["banned_until"], moment)


def turn_of(game: Game, number: int) -> Turn | None:
    """Turn ``number`` of the game."""
    turn = next(iter(Turn.objects.raw(
        "SELECT * FROM games_turn WHERE game_id = %s AND number = %s", [game.pk, number])),
        None)
    if turn is not None:
        turn.game = game
    return turn


# -- the rows every version of a room's state reads -----------------------------------

ROOM = ("SELECT id, code, status, seat_count, turn_seconds, host_id, coach_enabled, ruleset,"
        " options, version FROM games_room WHERE code = %s")
GAME = ("SELECT id, number, ruleset, options, status, version, current_seat, turn_count,"
        " turn_deadline FROM games_game WHERE room_id = %s ORDER BY number DESC LIMIT 1")
CARDS = ("SELECT c.id, c.seat, c.player_id, c.data, c.total, c.rank, c.held_for_id,"
         " p.name AS player_name, p.bot_level AS player_bot_level, h.name AS held_for_name"
         " FROM games_scorecard c JOIN games_player p ON p.id = c.player_id"
         " LEFT JOIN games_player h ON h.id = c.held_for_id"
         " WHERE c.game_id = %s ORDER BY c.seat")
TURN = "SELECT state, holding FROM games_turn WHERE game_id = %s AND number = %s"
_EVENTS = ("SELECT e.seq, e.kind, e.actor_id, e.data, e.created_at, p.name AS actor_name"
           " FROM games_event e LEFT JOIN games_player p ON p.id = e.actor_id"
           " WHERE e.room_id = %s ")
LOGGED = _EVENTS + "AND e.kind NOT IN (%s, %s) AND e.seq > %s ORDER BY e.seq DESC LIMIT %s"
OF_KIND = _EVENTS + "AND e.kind = %s AND e.seq > %s ORDER BY e.seq"
AT = _EVENTS + "AND e.seq = %s"

JSON_COLUMNS = frozenset({"options", "data", "state", "holding"})
TIME_COLUMNS = frozenset({"turn_deadline", "created_at", "banned_until"})


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
