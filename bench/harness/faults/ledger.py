"""What the database behind the servers holds about a room, read with plain SQL (SQLite or
PostgreSQL), and what must never be wrong with it."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bench.harness.room_client import Seat


@dataclass
class Ledger:
    """What the database holds about a room and one of its games."""

    version: int
    seqs: list[int]  # the room's every event number, in order
    events: list[tuple[int, str, dict[str, Any]]]  # the game's and the room's: (seq, kind, data)
    game_version: int
    status: str
    together: bool  # everyone's turn at once: placements come in any order within a round
    cards: dict[int, dict[str, Any]]  # seat: {"boxes": ..., "total": ...}
    turns: list[dict[str, Any]]  # number, seat, box, column, rolls, finish

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        """The data of every event of ``kind``, in order."""
        return [data for _seq, k, data in self.events if k == kind]

    def turn(self, number: int) -> dict[str, Any]:
        """Turn ``number`` (1 for the game's first)."""
        return next(t for t in self.turns if t["number"] == number)

    def filled(self) -> int:
        """Boxes filled on all the scorecards."""
        return sum(len(boxes) for card in self.cards.values() for boxes in card["boxes"].values())


def connect(database_url: str) -> Any:
    """A DB-API connection that sees every commit at once (SQLite or PostgreSQL)."""
    if database_url.startswith("sqlite:///"):
        return sqlite3.connect(database_url.removeprefix("sqlite:///"), timeout=30)
    import psycopg

    return psycopg.connect(database_url, autocommit=True)


def _query(connection: Any, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Run ``sql`` (``%s`` placeholders) on either kind of connection."""
    if isinstance(connection, sqlite3.Connection):
        sql = sql.replace("%s", "?")
    return list(connection.execute(sql, params).fetchall())


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


def read_ledger(database_url: str, code: str, number: int = 1) -> Ledger:
    """Read room ``code`` and its game ``number`` (1: the first) from the database
    (SQLite or PostgreSQL) behind the servers."""
    connection = connect(database_url)

    def rows(sql: str, *params: Any) -> list[tuple[Any, ...]]:
        return _query(connection, sql, *params)

    try:
        room_id, version = rows("SELECT id, version FROM games_room WHERE code = %s", code)[0]
        game_id, game_version, status, together = rows(
            "SELECT id, version, status, together FROM games_game "
            "WHERE room_id = %s AND number = %s",
            room_id,
            number,
        )[0]
        every = rows(
            "SELECT seq, kind, data, game_id FROM games_event WHERE room_id = %s ORDER BY seq",
            room_id,
        )
        cards = {
            seat: {"boxes": _json(data)["boxes"], "total": total}
            for seat, data, total in rows(
                "SELECT seat, data, total FROM games_scorecard WHERE game_id = %s", game_id
            )
        }
        turns = [
            {
                "number": n,
                "seat": seat,
                "box": box,
                "column": column,
                "rolls": _json(rolls),
                "finish": finish,
            }
            for n, seat, box, column, rolls, finish in rows(
                'SELECT number, seat, box, "column", rolls, finish FROM games_turn '
                "WHERE game_id = %s ORDER BY number",
                game_id,
            )
        ]
    finally:
        connection.close()
    events = [
        (seq, kind, _json(data)) for seq, kind, data, game in every if game in (None, game_id)
    ]
    return Ledger(
        version,
        [seq for seq, *_rest in every],
        events,
        game_version,
        status,
        bool(together),
        cards,
        turns,
    )


def _placed_in_order(
    places: list[dict[str, Any]], finished: list[dict[str, Any]], seats: int
) -> list[str]:
    """One seat after another: the n-th place event is the n-th finished turn's, seat n mod
    the seats."""
    for index, (event, turn) in enumerate(zip(places, finished, strict=False)):
        said = (event["seat"], event["box"], event["column"])
        if event["seat"] != index % seats or said != (turn["seat"], turn["box"], turn["column"]):
            return [f"placement {index + 1} {said} is not turn {turn['number']}'s"]
    return []


def _placed_as_turns(places: list[dict[str, Any]], finished: list[dict[str, Any]]) -> list[str]:
    """Everyone's turn at once (a round's placements in any order): the place events are
    the finished turns' placements. With duplicate dice, a move's event names only its
    seat while the game is played (``sealed``), and the turns a round's last placement
    reveals must be the record's."""
    placed = [(t["seat"], t["box"], t["column"]) for t in finished]
    if any(e.get("sealed") for e in places):
        if Counter(e["seat"] for e in places) != Counter(seat for seat, _b, _c in placed):
            return ["the place events are not the finished turns' seats"]
        revealed = {
            (r["seat"], r["box"], r["column"]) for e in places for r in e.get("revealed") or []
        }
        return [] if revealed <= set(placed) else ["revealed turns are not the record's"]
    if Counter((e["seat"], e["box"], e["column"]) for e in places) != Counter(placed):
        return ["the place events are not the finished turns' placements"]
    return []


def ledger_problems(ledger: Ledger) -> list[str]:
    """What is wrong with the record: gaps in the event numbers, a placement or a roll
    missing or recorded twice."""
    problems = []
    if ledger.seqs != list(range(1, ledger.version + 1)):
        problems.append(f"event numbers are not 1..{ledger.version}")
    places = ledger.of_kind("place")
    finished = [t for t in ledger.turns if t["finish"]]
    if not len(places) == len(finished) == ledger.filled():
        problems.append(
            f"{len(places)} place events, {len(finished)} finished turns, "
            f"{ledger.filled()} boxes filled"
        )
    if ledger.together:
        problems += _placed_as_turns(places, finished)
    else:
        problems += _placed_in_order(places, finished, len(ledger.cards))
    rolled = sum(len(t["rolls"]) for t in ledger.turns)
    if len(ledger.of_kind("roll")) != rolled or any(len(t["rolls"]) > 3 for t in ledger.turns):
        problems.append(f"{len(ledger.of_kind('roll'))} roll events, {rolled} rolls in turns")
    return problems


def shown_problems(
    name: str, game: dict[str, Any], own_seat: int | None, ledger: Ledger
) -> list[str]:
    """What a client called ``name`` (at ``own_seat``) shows of the game (``game``: the
    game part of its state) that differs from the database: its version or a scorecard.
    With duplicate dice in play the other seats are sealed (shown as before the open
    round): only the client's own card is compared."""
    shown = {s["seat"]: {"boxes": s["boxes"], "total": s["total"]} for s in game.get("seats", [])}
    stored = ledger.cards
    if game.get("duplicate") and game.get("status") == "playing":
        shown = {k: v for k, v in shown.items() if k == own_seat}
        stored = {k: v for k, v in stored.items() if k == own_seat}
    if game.get("version") != ledger.game_version or shown != stored:
        return [
            f"{name} shows game version {game.get('version')} "
            f"and other scorecards than the database ({ledger.game_version})"
        ]
    return []


def view_problems(seats: Sequence[Seat], ledger: Ledger) -> list[str]:
    """Clients whose game version or scorecards differ from the database's."""
    return [
        problem
        for seat in seats
        for problem in shown_problems(seat.login.name, seat.game or {}, seat.my_seat, ledger)
    ]


def turn_finished_on(connection: Any, code: str, turn: int) -> bool:
    """Whether turn ``turn`` of room ``code``'s first game is finished, on ``connection``
    (from ``connect``)."""
    rows = _query(
        connection,
        "SELECT t.finish FROM games_turn t JOIN games_game g "
        "ON t.game_id = g.id JOIN games_room r ON g.room_id = r.id "
        "WHERE r.code = %s AND g.number = 1 AND t.number = %s",
        code,
        turn,
    )
    return bool(rows and rows[0][0])


def turn_finished(database_url: str, code: str, turn: int) -> bool:
    """Whether the database holds turn ``turn`` of room ``code``'s first game as finished."""
    connection = connect(database_url)
    try:
        return turn_finished_on(connection, code, turn)
    finally:
        connection.close()


def scorecard_mismatches(database_url: str, rooms: Sequence[tuple[str, Sequence[Seat]]]) -> int:
    """How many scorecards some player's last view shows otherwise than the database, in
    ``rooms`` (each a room's code and its seats)."""
    found = 0
    for code, seats in rooms:
        stored = {
            seat: (card["boxes"], card["total"])
            for seat, card in read_ledger(database_url, code).cards.items()
        }
        for seat in seats:
            assert seat.game is not None  # every seat played the room's game
            shown = {s["seat"]: (s["boxes"], s["total"]) for s in seat.game["seats"]}
            found += sum(1 for k in stored.keys() | shown.keys() if stored.get(k) != shown.get(k))
    return found
