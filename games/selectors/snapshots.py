"""The part of a room's state that every viewer shares, built once per room version.

``snapshot(code, version)`` reads the room (a few queries: ``games.models.sql``)
into a ``Snapshot`` that this process caches for ``SNAPSHOT_SECONDS``; each
viewer's state adds its own parts (``you``, ``game.options``, ``seconds_left``,
presence) without touching the database. The next version's snapshot reuses the
previous one's log, seats and, when only moves came in between, members and chat.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import F
from django.utils import timezone

from games.models import ChatMessage, Game, Membership, sql
from games.selectors.views import (
    compact_json,
    json_with,
    presence_of,
    ruleset_json_of,
    ruleset_view_of,
)
from scoring import scorecard_json
from scoring.scorecard import Scorecard as Sheet
from scoring.turn import Turn as TurnState

LOG_SIZE = CHAT_SIZE = 50
SNAPSHOT_SECONDS = 5.0
# Events that change the game only (not who is in the room, nor the chat).
MOVE_KINDS = frozenset({"roll", "hold", "announce", "place", "skip", "timeout"})
# Events the move log leaves out: presence changes, and reactions (listed on their own).
UNLOGGED_KINDS = ("presence", "react")
# The state's ``reactions``: those of the last REACTION_SECONDS, among the room's last
# REACTION_VERSIONS versions (an index range, never a scan of the room's history), the
# newest REACTIONS_SHOWN of them.
REACTION_SECONDS = 10
REACTION_VERSIONS = 50
REACTIONS_SHOWN = 20


# -- reading a room: its members and chat through ``values()``, the reads of every
# version in plain SQL (games.models.sql) --------------------------------------

def _event(e: dict[str, Any]) -> dict[str, Any]:
    return {"seq": e["seq"], "kind": e["kind"], "actor": e["actor_name"],
            "actor_id": e["actor_id"], "data": e["data"], "at": e["created_at"].isoformat()}


# A scorecard's view only changes with its row: a snapshot keeps its seats' views (and
# their JSON) by row content, and the next one of the room redoes only the card that
# changed.
Seats = dict[tuple[Any, ...], tuple[dict[str, Any], str, Sheet]]


def _seat(card: dict[str, Any], known: Seats, seats: Seats
          ) -> tuple[dict[str, Any], str, Sheet]:
    data = card["data"]
    key = (card["id"], compact_json(data), card["total"],
           card["rank"], card["seat"], card["player_id"], card["player_name"],
           card["player_bot_level"], card["held_for_id"], card["held_for_name"])
    found = known.get(key)
    if found is not None:
        seats[key] = found
        return found
    sheet = scorecard_json.from_json(data)
    view = {
        "seat": card["seat"], "player": card["player_id"], "name": card["player_name"],
        "bot": bool(card["player_bot_level"]), "bot_level": card["player_bot_level"] or None,
        "boxes": data["boxes"],
        "totals": [asdict(t) | {"subtotal": t.subtotal, "total": t.total}
                   for t in sheet.totals()],
        "total": card["total"], "rank": card["rank"],
        # The person a bot keeps this seat for until they are back (games.services.absence).
        "held_for": ({"player": card["held_for_id"], "name": card["held_for_name"]}
                     if card["held_for_id"] is not None else None),
    }
    found = seats[key] = (view, compact_json(view), sheet)
    return found


def _game(room_id: int, known: Seats, seats_read: Seats
          ) -> tuple[dict[str, Any], str, str] | None:
    """The room's latest game as everyone sees it, plus ``deadline`` and ``player`` (whose
    turn it is), which the viewer's state turns into ``seconds_left`` and ``options``;
    with the JSON of everything but those and of the options. Seat views are taken from
    ``known`` when their row has not changed; ``seats_read`` receives them all."""
    game = sql.first(sql.GAME, [room_id])
    if game is None:
        return None
    seats, seat_json, sheets = [], [], {}
    for card in sql.fetch(sql.CARDS, [game["id"]]):
        view, text, sheet = _seat(card, known, seats_read)
        seats.append(view)
        seat_json.append(text)
        sheets[card["seat"]] = (card, sheet)
    view: dict[str, Any] = {
        "number": game["number"], "status": game["status"], "version": game["version"],
        "ruleset": ruleset_view_of(game["ruleset"], game["options"]),
        "current_seat": game["current_seat"], "turn": game["turn_count"],
        "seconds_left": None, "seats": seats, "dice": [], "held": [], "rolls_left": 3,
        "announced": None, "must_announce": False, "options": [],
        "deadline": None, "player": None,
    }
    if game["status"] == Game.Status.PLAYING:
        view["deadline"] = game["turn_deadline"]
        card, sheet = sheets[game["current_seat"]]
        view["player"] = card["player_id"]
        row = sql.fetch(sql.TURN, [game["id"], game["turn_count"]])[0]
        turn = TurnState.from_json(row["state"], card=sheet)
        # ``held``: the dice marked to keep now (``hold``), which start as the last roll's.
        view.update(dice=list(turn.dice), held=list(row["holding"]), rolls_left=turn.rolls_left,
                    announced=turn.announced,
                    must_announce=turn.has_rolled and turn.announced is None
                    and sheet.must_announce)
        if turn.has_rolled:
            options = sheet.options(turn.dice, announced=turn.announced)
            view["options"] = [
                {"column": p.column, "box": p.box, "points": p.points, "bonus": p.bonus,
                 "gain": gain}
                for p, gain in zip(options, sheet.gains(options), strict=True)]
    small = {k: v for k, v in view.items() if k not in (
        "options", "seconds_left", "deadline", "player", "ruleset", "seats")}
    rest = json_with(small, ruleset=ruleset_json_of(game["ruleset"], game["options"]),
                 seats="[" + ",".join(seat_json) + "]")
    return view, rest, compact_json(view["options"])


def _log(room_id: int, prior: Snapshot | None) -> list[tuple[dict[str, Any], str]]:
    """The room's last ``LOG_SIZE`` events but presence changes and reactions, newest
    first, with their JSON: events never change, so only those newer than ``prior``'s log
    are read."""
    kept = prior.log_items if prior is not None else []
    newest = kept[0][0]["seq"] if kept else 0
    views = [_event(e) for e in sql.fetch(sql.LOGGED, [room_id, *UNLOGGED_KINDS, newest,
                                                        LOG_SIZE])]
    return ([(v, compact_json(v)) for v in views] + kept)[:LOG_SIZE]


def _reactions(room_id: int, version: int) -> list[dict[str, Any]]:
    """The room's recent reactions as events, oldest first (see ``REACTION_SECONDS``)."""
    since = timezone.now() - timedelta(seconds=REACTION_SECONDS)
    recent = sql.fetch(sql.OF_KIND, [room_id, "react", version - REACTION_VERSIONS])
    return [_event(e) for e in recent if e["created_at"] >= since][-REACTIONS_SHOWN:]


def _members(room: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"player": m["player_id"], "name": m["player_name"], "seat": m["seat"],
             "bot": bool(m["player_bot_level"]), "bot_level": m["player_bot_level"] or None,
             "host": room["host_id"] == m["player_id"], "muted": bool(m["muted"]),
             "sockets": m["sockets"], "seen_at": m["seen_at"]}
            for m in Membership.objects.filter(room_id=room["id"], state=Membership.State.ACTIVE)
            .order_by("joined_at", "id")
            .values("player_id", "seat", "sockets", "seen_at", "muted",
                    player_name=F("player__name"), player_bot_level=F("player__bot_level"))]


def _chat(room_id: int) -> list[dict[str, Any]]:
    return [{"id": c["id"], "player": c["player_id"], "name": c["player_name"],
             "text": c["text"], "at": c["created_at"].isoformat()}
            for c in reversed(ChatMessage.objects.filter(room_id=room_id, removed_at__isnull=True)
                              .order_by("-created_at", "-id")
                              .values("id", "player_id", "text", "created_at",
                                      player_name=F("player__name"))[:CHAT_SIZE])]


def _same_people(version: int, prior: Snapshot | None,
                 log: list[tuple[dict[str, Any], str]], reactions: list[dict[str, Any]],
                 moment: float) -> bool:
    """Whether ``prior``'s members and chat still hold at ``version``: every change since
    it is a move of the game or a reaction (``log`` and ``reactions`` show all of them:
    presence changes leave gaps in their numbers), and its members were read less than
    ``SNAPSHOT_SECONDS`` ago (their heartbeats change without a new version)."""
    if prior is None or moment - prior.members_at >= SNAPSHOT_SECONDS:
        return False
    news = sorted((view for view in [*(v for v, _text in log), *reactions]
                   if view["seq"] > prior.version), key=lambda view: view["seq"])
    return [view["seq"] for view in news] == list(range(prior.version + 1, version + 1)) \
        and all(view["kind"] in MOVE_KINDS or view["kind"] == "react" for view in news)


def read_snapshot(code: str, prior: Snapshot | None = None) -> Snapshot | None:
    """Room ``code``'s snapshot read from the database (``None``: no room); ``prior``,
    an earlier snapshot of the room from this process, spares reading its log again."""
    moment = time.monotonic()
    room = sql.first(sql.ROOM, [code])
    if room is None:
        return None
    if prior is not None and (prior.room_id != room["id"] or prior.version > room["version"]):
        prior = None
    log = _log(room["id"], prior)
    reactions = _reactions(room["id"], room["version"])
    if _same_people(room["version"], prior, log, reactions, moment):
        members_at, members = prior.members_at, prior.shared["members"]
        chat_view, chat_json = prior.shared["chat"], prior.chat_json
    else:
        members_at, members, chat_view = moment, _members(room), _chat(room["id"])
        chat_json = compact_json(chat_view)
    if log and log[0][0]["seq"] == room["version"]:
        latest: dict[str, Any] | None = log[0][0]
    elif reactions and reactions[-1]["seq"] == room["version"]:
        latest = reactions[-1]
    elif prior is not None and prior.version == room["version"]:
        latest = prior.shared["event"]
    else:
        row = sql.first(sql.AT, [room["id"], room["version"]])
        latest = _event(row) if row else None
    seats: Seats = {}
    game = _game(room["id"], prior.seats if prior is not None else {}, seats)
    room_view = {"code": room["code"], "status": room["status"],
                 "seat_count": room["seat_count"], "turn_seconds": room["turn_seconds"],
                 "host": room["host_id"], "coach": bool(room["coach_enabled"])}
    shared = {
        "type": "state",
        "version": room["version"],
        "event": latest,
        "room": room_view | {"ruleset": ruleset_view_of(room["ruleset"], room["options"])},
        "members": members,
        "game": game[0] if game else None,
        "log": [view for view, _text in log],
        "chat": chat_view,
        "reactions": reactions,
    }
    ruleset_json = ruleset_json_of(room["ruleset"], room["options"])
    rest = (f'{{"type":"state","version":{room["version"]},"event":{compact_json(latest)},'
            f'"room":{json_with(room_view, ruleset=ruleset_json)},'
            f'"log":[{",".join(text for _view, text in log)}],"chat":{chat_json},'
            f'"reactions":{compact_json(reactions)}}}')
    return Snapshot(room["version"], moment, shared, room_id=room["id"], log_items=log,
                    seats=seats, members_at=members_at, chat_json=chat_json,
                    rest_json=rest, game_json=game[1] if game else None,
                    options_json=game[2] if game else None)


# -- a snapshot and each viewer's state --------------------------------------------

@dataclass
class Snapshot:
    """A room's shared state at one version, and its JSON pieces."""

    version: int
    built_at: float
    shared: dict[str, Any]
    room_id: int
    log_items: list[tuple[dict[str, Any], str]]  # the log's events and their JSON
    seats: Seats  # the game's seat views and their JSON, by scorecard row
    members_at: float  # when the members (and the chat) were read
    chat_json: str
    rest_json: str  # everything but the members and the game
    game_json: str | None  # the game but what depends on the viewer and the moment
    options_json: str | None  # the game's options, for the player whose turn it is

    def __post_init__(self) -> None:
        self._members = {m["player"]: m for m in self.shared["members"]}
        # The members' JSON as last sent, by what the moment made of them: the viewers a
        # version reaches within the same second share one serialisation.
        self._members_sent: tuple[tuple[tuple[str, int | None], ...], str] | None = None

    def _you(self, viewer: int) -> dict[str, Any] | None:
        mine = self._members.get(viewer)
        if mine is None:
            return None
        return {"player": viewer, "name": mine["name"], "seat": mine["seat"],
                "host": mine["host"]}

    def _seen(self, moment: datetime) -> tuple[tuple[str, int | None], ...]:
        """Each member's presence and seconds since last seen, at ``moment``."""
        return tuple(
            (presence_of(m["bot"], m["sockets"], m["seen_at"], moment),
             int((moment - m["seen_at"]).total_seconds()) if m["seen_at"] else None)
            for m in self.shared["members"])

    def _members_at(self, moment: datetime,
                    seen: tuple[tuple[str, int | None], ...] | None = None
                    ) -> list[dict[str, Any]]:
        views = []
        for member, (presence, ago) in zip(self.shared["members"], seen or self._seen(moment),
                                           strict=True):
            view = {k: v for k, v in member.items() if k not in ("sockets", "seen_at")}
            view["presence"], view["seen_seconds_ago"] = presence, ago
            views.append(view)
        return views

    def _members_json(self, moment: datetime) -> str:
        seen = self._seen(moment)
        sent = self._members_sent
        if sent is None or sent[0] != seen:
            sent = self._members_sent = (seen, compact_json(self._members_at(moment, seen)))
        return sent[1]

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
        if game is None or self.game_json is None:
            game_json = "null"
        else:
            options = self.options_json if game["player"] == viewer else "[]"
            game_json = (f'{{"seconds_left":{compact_json(self._seconds_left(moment))},'
                         f'"options":{options},{self.game_json[1:]}')
        return (f'{{"you":{compact_json(you)},"members":{self._members_json(moment)},'
                f'"game":{game_json},{self.rest_json[1:]}')
