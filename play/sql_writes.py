"""What a move writes, in plain SQL through ``connection.cursor()`` (docs/decisions/
0039-a-moves-statements-in-plain-sql.md): the versions, event and kept answer that every
room service writes (``bump``, ``finish``), a new turn, and what rolling, announcing and
placing change in a turn and a scorecard. ``play.sql`` reads the same rows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from django.db import connection

from play.models import Game, Scorecard, Turn
from rooms.models import Room


def _write(sql: str, params: list[Any]) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _stored(moment: datetime | None) -> datetime | None:
    """``moment`` as Django stores it: SQLite keeps UTC without a zone."""
    if moment is not None and connection.vendor == "sqlite":
        return moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def write_versions(room: Room, game: Game | None) -> None:
    """Write the room's version, and the game's; the instances' other changes stay for
    ``save_changes`` (a column in a statement is written, its index too on SQLite, even
    when its value is the same)."""
    _write("UPDATE games_room SET version = %s WHERE id = %s", [room.version, room.pk])
    room.written("version")
    if game is not None:
        _write("UPDATE games_game SET version = %s WHERE id = %s", [game.version, game.pk])
        game.written("version")


def insert_event(
    room: Room,
    game: Game | None,
    kind: str,
    actor_id: int | None,
    data: Mapping[str, object],
    moment: datetime,
) -> None:
    """Record the event of the room's current version."""
    _write(
        "INSERT INTO games_event (room_id, seq, game_id, game_version, kind, actor_id,"
        " data, created_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
        [
            room.pk,
            room.version,
            game.pk if game is not None else None,
            game.version if game is not None else None,
            kind,
            actor_id,
            json.dumps(data),
            _stored(moment),
        ],
    )


def insert_answer(
    room: Room,
    player_id: int,
    request_id: str,
    action: str,
    response: dict[str, Any],
    moment: datetime,
) -> None:
    """Keep the answer to the player's request id, for its retries."""
    _write(
        "INSERT INTO games_actionrequest (player_id, request_id, room_id, action, response,"
        " created_at) VALUES (%s, %s, %s, %s, %s, %s)",
        [player_id, request_id, room.pk, action, json.dumps(response), _stored(moment)],
    )


def insert_turn(
    game: Game,
    seat: int,
    player_id: int,
    state: dict[str, Any],
    moment: datetime,
    deadline: datetime | None = None,
) -> None:
    """Open the game's turn number ``turn_count`` for the player at ``seat`` (``deadline``:
    the turn's own, everyone's turn at once)."""
    _write(
        "INSERT INTO games_turn (game_id, number, seat, player_id, state, rolls, holding,"
        ' box, "column", points, bonus, finish, announced_by_id, placed_by_id, deadline,'
        " started_at, finished_at) VALUES (%s, %s, %s, %s, %s, '[]', '[]', '', '', NULL, 0,"
        " '', NULL, NULL, %s, %s, NULL)",
        [
            game.pk,
            game.turn_count,
            seat,
            player_id,
            json.dumps(state),
            _stored(deadline),
            _stored(moment),
        ],
    )


def write_turn_play(turn: Turn) -> None:
    """Write what rolling and keeping change in a turn: its state, rolls and held dice."""
    _write(
        "UPDATE games_turn SET state = %s, rolls = %s, holding = %s WHERE id = %s",
        [json.dumps(turn.state), json.dumps(turn.rolls), json.dumps(turn.holding), turn.pk],
    )


def write_announcement(turn: Turn) -> None:
    """Write a turn's announced box (in its state) and who announced it."""
    _write(
        "UPDATE games_turn SET state = %s, announced_by_id = %s WHERE id = %s",
        [json.dumps(turn.state), turn.announced_by_id, turn.pk],
    )


def write_turn_end(turn: Turn) -> None:
    """Write how a turn ended: the box filled, its points, who filled it and when."""
    _write(
        'UPDATE games_turn SET box = %s, "column" = %s, points = %s, bonus = %s,'
        " finish = %s, placed_by_id = %s, finished_at = %s WHERE id = %s",
        [
            turn.box,
            turn.column,
            turn.points,
            turn.bonus,
            turn.finish,
            turn.placed_by_id,
            _stored(turn.finished_at),
            turn.pk,
        ],
    )


def write_card(card: Scorecard) -> None:
    """Write a scorecard's sheet and total."""
    _write(
        "UPDATE games_scorecard SET data = %s, total = %s WHERE id = %s",
        [json.dumps(card.data), card.total, card.pk],
    )
