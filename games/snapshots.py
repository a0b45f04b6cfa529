"""The part of a room's state that every viewer shares, built once per room version.

A change reaches every socket of a room; the first one to ask builds the room's
``Snapshot`` from the database (seven plain SQL queries on the models' tables),
the others, and every socket that follows, get it from this process's cache and
add their own parts (``you``, ``game.options``, ``seconds_left``, presence)
without touching the database. The shared parts are serialised once per version,
so a viewer's message costs a few small ``json.dumps`` calls.

A snapshot is reused for a few seconds at most, so that what changes without a
new version (heartbeats behind the presence shown) is never far behind.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games.models import ChatMessage, Event, Game, Membership, Player, Room, Scorecard, Turn
from scoring import rulesets
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard as Sheet
from scoring.turn import Turn as TurnState

PRESENCE_GRACE = timedelta(seconds=30)
HEARTBEAT_LIMIT = timedelta(seconds=45)
LOG_SIZE = CHAT_SIZE = 50
SNAPSHOTS_KEPT = 512
SNAPSHOT_SECONDS = 5.0


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def presence_of(bot: bool, sockets: int, seen: datetime | None, moment: datetime) -> str:
    """``online`` while a socket is open (and pinging), ``reconnecting`` for 30 s after,
    then ``gone``.  Bots are always online."""
    if bot:
        return "online"
    if sockets and seen is not None and moment - seen <= HEARTBEAT_LIMIT:
        return "online"
    if seen is not None and moment - seen <= PRESENCE_GRACE:
        return "reconnecting"
    return "gone"


def ruleset_view(rs: RuleSet) -> dict[str, Any]:
    """What a page needs to draw and explain a variant's scorecard."""
    return {
        "name": rs.name, "title": rs.title, "options": dict(rs.options),
        "columns": [{"key": c, "title": rs.column_title(c), "rule": rs.column_rule(c)}
                    for c in rs.columns],
        "sections": [{"name": name, "boxes": [
            {"key": k, "title": rs.box_title(k), "rule": rs.box_rule(k)} for k in keys]}
            for name, keys in rs.sections],
        "upper_bonus_threshold": rs.upper_bonus_threshold,
        "upper_bonus_points": rs.upper_bonus_points,
        "announce_column": rs.announce_column,
        "special_rules": list(rs.special_rules()),
    }


@lru_cache(maxsize=64)
def _ruleset_view_of(name: str, options: str) -> dict[str, Any]:
    return ruleset_view(rulesets.get(name, **json.loads(options)))


def ruleset_view_of(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """``ruleset_view`` of a stored rule-set name and options (computed once each)."""
    return _ruleset_view_of(name, json.dumps(options, sort_keys=True))


# -- reading a room: plain SQL on Django's models' tables ------------------------

def _sql(text: str) -> str:
    tables = {"room": Room, "membership": Membership, "game": Game, "scorecard": Scorecard,
              "turn": Turn, "event": Event, "chat": ChatMessage,
              "player": Player}
    return text.format(**{k: m._meta.db_table for k, m in tables.items()})


ROOM_SQL = _sql("SELECT id, code, status, seat_count, turn_seconds, host_id, coach_enabled,"
                " ruleset, options, version FROM {room} WHERE code = %s")
MEMBERS_SQL = _sql(
    "SELECT m.id, m.player_id, m.seat, m.sockets, m.seen_at, p.name AS player_name,"
    " p.bot_level AS player_bot_level FROM {membership} m JOIN {player} p"
    " ON p.id = m.player_id WHERE m.room_id = %s AND m.state = %s ORDER BY m.joined_at, m.id")
GAME_SQL = _sql("SELECT id, number, ruleset, options, status, version, current_seat,"
                " turn_count, turn_deadline FROM {game} WHERE room_id = %s"
                " ORDER BY number DESC LIMIT 1")
CARDS_SQL = _sql(
    "SELECT c.id, c.seat, c.player_id, c.data, c.total, c.rank, p.name AS player_name,"
    " p.bot_level AS player_bot_level FROM {scorecard} c JOIN {player} p"
    " ON p.id = c.player_id WHERE c.game_id = %s ORDER BY c.seat")
TURN_SQL = _sql("SELECT id, state FROM {turn} WHERE game_id = %s AND number = %s")
_EVENT_COLUMNS = ("SELECT e.id, e.seq, e.kind, e.actor_id, e.data, e.created_at,"
                  " p.name AS actor_name FROM {event} e LEFT JOIN {player} p"
                  " ON p.id = e.actor_id")
EVENTS_SQL = _sql(_EVENT_COLUMNS + " WHERE e.room_id = %s AND e.kind <> %s"
                  " ORDER BY e.seq DESC LIMIT %s")
EVENT_SQL = _sql(_EVENT_COLUMNS + " WHERE e.room_id = %s AND e.seq = %s")
CHAT_SQL = _sql(
    "SELECT c.id, c.player_id, c.text, c.created_at, p.name AS player_name"
    " FROM {chat} c JOIN {player} p ON p.id = c.player_id"
    " WHERE c.room_id = %s AND c.removed_at IS NULL"
    " ORDER BY c.created_at DESC, c.id DESC LIMIT %s")


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _when(value: Any) -> datetime | None:
    if isinstance(value, str):
        value = parse_datetime(value)
    if value is not None and value.tzinfo is None:  # SQLite stores UTC without a zone
        value = value.replace(tzinfo=UTC)
    return value


JSON_COLUMNS = frozenset({"options", "data", "state"})
TIME_COLUMNS = frozenset({"seen_at", "turn_deadline", "created_at"})


def _fetch(sql: str, params: list[Any]) -> list[dict[str, Any]]:
    """The rows of a query as dicts, JSON and times decoded as the models' fields do."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        names = [d[0] for d in cursor.description]
        rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    for row in rows:
        for name in JSON_COLUMNS.intersection(row):
            row[name] = _json(row[name])
        for name in TIME_COLUMNS.intersection(row):
            row[name] = _when(row[name])
    return rows


def _event(e: dict[str, Any]) -> dict[str, Any]:
    return {"seq": e["seq"], "kind": e["kind"], "actor": e["actor_name"],
            "actor_id": e["actor_id"], "data": e["data"], "at": e["created_at"].isoformat()}


def _game(room_id: int) -> dict[str, Any] | None:
    """The room's latest game as everyone sees it, plus ``deadline`` and ``player`` (whose
    turn it is), which the viewer's state turns into ``seconds_left`` and ``options``."""
    found = _fetch(GAME_SQL, [room_id])
    if not found:
        return None
    game = found[0]
    seats, sheets = [], {}
    for card in _fetch(CARDS_SQL, [game["id"]]):
        sheet = Sheet.from_json(card["data"])
        sheets[card["seat"]] = (card, sheet)
        seats.append({
            "seat": card["seat"], "player": card["player_id"], "name": card["player_name"],
            "bot": bool(card["player_bot_level"]),
            "bot_level": card["player_bot_level"] or None,
            "boxes": card["data"]["boxes"],
            "totals": [asdict(t) | {"subtotal": t.subtotal, "total": t.total}
                       for t in sheet.totals()],
            "total": card["total"], "rank": card["rank"],
        })
    view: dict[str, Any] = {
        "number": game["number"], "status": game["status"], "version": game["version"],
        "ruleset": ruleset_view_of(game["ruleset"], game["options"]),
        "current_seat": game["current_seat"], "turn": game["turn_count"],
        "seconds_left": None, "seats": seats, "dice": [], "held": [], "rolls_left": 3,
        "announced": None, "must_announce": False, "options": [],
        "deadline": None, "player": None,
    }
    if game["status"] != Game.Status.PLAYING:
        return view
    view["deadline"] = game["turn_deadline"]
    card, sheet = sheets[game["current_seat"]]
    view["player"] = card["player_id"]
    row = _fetch(TURN_SQL, [game["id"], game["turn_count"]])[0]
    turn = TurnState.from_json(row["state"], card=sheet)
    view.update(dice=list(turn.dice), held=list(turn.held), rolls_left=turn.rolls_left,
                announced=turn.announced,
                must_announce=turn.has_rolled and turn.announced is None
                and sheet.must_announce)
    if turn.has_rolled:
        view["options"] = [
            {"column": p.column, "box": p.box, "points": p.points, "bonus": p.bonus,
             "gain": sheet.gain(p)}
            for p in sheet.options(turn.dice, announced=turn.announced)]
    return view


def _read(code: str) -> dict[str, Any] | None:
    """The shared state of room ``code`` read from the database (``None``: no room)."""
    found = _fetch(ROOM_SQL, [code])
    if not found:
        return None
    room = found[0]
    members = _fetch(MEMBERS_SQL, [room["id"], Membership.State.ACTIVE])
    events = _fetch(EVENTS_SQL, [room["id"], "presence", LOG_SIZE])
    if events and events[0]["seq"] == room["version"]:
        latest: dict[str, Any] | None = events[0]
    else:
        latest = next(iter(_fetch(EVENT_SQL, [room["id"], room["version"]])), None)
    chat = _fetch(CHAT_SQL, [room["id"], CHAT_SIZE])
    return {
        "type": "state",
        "version": room["version"],
        "event": _event(latest) if latest else None,
        "room": {"code": room["code"], "status": room["status"],
                 "seat_count": room["seat_count"], "turn_seconds": room["turn_seconds"],
                 "host": room["host_id"], "coach": bool(room["coach_enabled"]),
                 "ruleset": ruleset_view_of(room["ruleset"], room["options"])},
        "members": [{"player": m["player_id"], "name": m["player_name"], "seat": m["seat"],
                     "bot": bool(m["player_bot_level"]),
                     "bot_level": m["player_bot_level"] or None,
                     "host": room["host_id"] == m["player_id"],
                     "sockets": m["sockets"], "seen_at": m["seen_at"]} for m in members],
        "game": _game(room["id"]),
        "log": [_event(e) for e in events],
        "chat": [{"id": c["id"], "player": c["player_id"], "name": c["player_name"],
                  "text": c["text"], "at": c["created_at"].isoformat()}
                 for c in reversed(chat)],
    }


# -- a snapshot and each viewer's state --------------------------------------------

@dataclass
class Snapshot:
    """A room's shared state at one version, and its JSON pieces."""

    version: int
    built_at: float
    shared: dict[str, Any]

    def __post_init__(self) -> None:
        game = self.shared["game"]
        rest = {k: v for k, v in self.shared.items() if k not in ("members", "game")}
        self._rest_json = _dumps(rest)
        self._members = {m["player"]: m for m in self.shared["members"]}
        if game is None:
            self._game_json = None
            return
        self._game_rest_json = _dumps({k: v for k, v in game.items() if k not in (
            "options", "seconds_left", "deadline", "player")})
        self._options_json = _dumps(game["options"])

    def _you(self, viewer: int) -> dict[str, Any] | None:
        mine = self._members.get(viewer)
        if mine is None:
            return None
        return {"player": viewer, "name": mine["name"], "seat": mine["seat"],
                "host": mine["host"]}

    def _members_at(self, moment: datetime) -> list[dict[str, Any]]:
        views = []
        for member in self.shared["members"]:
            view = {k: v for k, v in member.items() if k not in ("sockets", "seen_at")}
            seen = member["seen_at"]
            view["presence"] = presence_of(member["bot"], member["sockets"], seen, moment)
            view["seen_seconds_ago"] = int((moment - seen).total_seconds()) if seen else None
            views.append(view)
        return views

    def _seconds_left(self, moment: datetime) -> int | None:
        deadline = self.shared["game"]["deadline"]
        if deadline is None:
            return None
        return max(0, int((deadline - moment).total_seconds()))

    def state_for(self, viewer: int) -> dict[str, Any] | None:
        """The whole table as player ``viewer`` sees it; ``None`` if not a member."""
        you = self._you(viewer)
        if you is None:
            return None
        moment = timezone.now()
        state = dict(self.shared)
        state["you"] = you
        state["members"] = self._members_at(moment)
        game = self.shared["game"]
        if game is not None:
            game = {k: v for k, v in game.items() if k not in ("deadline", "player")}
            game["seconds_left"] = self._seconds_left(moment)
            if self.shared["game"]["player"] != viewer:
                game["options"] = []
            state["game"] = game
        return state

    def text_for(self, viewer: int) -> str | None:
        """``state_for(viewer)`` as the JSON text sent on the socket (the shared pieces
        serialised once per version)."""
        you = self._you(viewer)
        if you is None:
            return None
        moment = timezone.now()
        game = self.shared["game"]
        if game is None:
            game_json = "null"
        else:
            options = self._options_json if game["player"] == viewer else "[]"
            game_json = (f'{{"seconds_left":{_dumps(self._seconds_left(moment))},'
                         f'"options":{options},{self._game_rest_json[1:]}')
        return (f'{{"you":{_dumps(you)},"members":{_dumps(self._members_at(moment))},'
                f'"game":{game_json},{self._rest_json[1:]}')


_snapshots: OrderedDict[str, Snapshot] = OrderedDict()
_lock = threading.Lock()


def cached(code: str, version: int) -> Snapshot | None:
    """This process's snapshot of room ``code`` at ``version`` or newer, if it has a
    recent one (no database access)."""
    with _lock:
        found = _snapshots.get(code)
        if found is None or found.version < version \
                or time.monotonic() - found.built_at >= SNAPSHOT_SECONDS:
            return None
        _snapshots.move_to_end(code)
        return found


def snapshot(code: str, version: int | None = None) -> Snapshot | None:
    """The snapshot of room ``code`` at ``version`` or newer (the current version when
    ``None``), built from the database unless cached; ``None`` when there is no room."""
    if version is not None:
        found = cached(code, version)
        if found is not None:
            return found
    moment = time.monotonic()
    shared = _read(code)
    if shared is None:
        return None
    built = Snapshot(shared["version"], moment, shared)
    with _lock:
        current = _snapshots.get(code)
        if current is None or current.version <= built.version:
            _snapshots[code] = built
            _snapshots.move_to_end(code)
        while len(_snapshots) > SNAPSHOTS_KEPT:
            _snapshots.popitem(last=False)
    return built
