"""Read models: what the pages and the history show."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import asdict
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Avg, Count, Max
from django.utils import timezone

from games.models import ChatMessage, Event, Game, Membership, Player, Room, Scorecard
from scoring import rulesets
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard as Sheet
from scoring.turn import Turn as TurnState


def player_history(player: Player) -> dict[str, dict[str, float | int]]:
    """Per variant: games finished, best and average final score.

    Games a moderator ended, or that ended with nobody left, do not count.
    """
    rows = (Scorecard.objects.filter(player=player, game__status=Game.Status.FINISHED)
            .values("game__ruleset")
            .annotate(games=Count("id"), best=Max("total"), average=Avg("total"))
            .order_by("game__ruleset"))
    return {
        row["game__ruleset"]: {"games": row["games"], "best": row["best"],
                               "average": round(float(row["average"]), 1)}
        for row in rows
    }


# -- the state a viewer sees -------------------------------------------------

PRESENCE_GRACE = timedelta(seconds=30)
HEARTBEAT_LIMIT = timedelta(seconds=45)
LOG_SIZE = CHAT_SIZE = 50


def presence(member: Membership, moment: datetime) -> str:
    """``online`` while a socket is open (and pinging), ``reconnecting`` for 30 s after,
    then ``gone``.  Bots are always online."""
    return _presence(member.player.is_bot, member.sockets, member.seen_at, moment)


def _presence(bot: bool, sockets: int, seen: datetime | None, moment: datetime) -> str:
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


def event_view(event: Event) -> dict[str, Any]:
    """An event as the protocol sends it."""
    return {"seq": event.seq, "kind": event.kind,
            "actor": event.actor.name if event.actor else None,
            "actor_id": event.actor_id,
            "data": event.data, "at": event.created_at.isoformat()}


def _game_view(game: Game) -> dict[str, Any]:
    """The game as everyone sees it; ``options`` are those of the player whose turn it
    is (``room_state`` shows them to that player only) and ``deadline`` is turned into
    ``seconds_left`` when a viewer's state is sent."""
    cards = list(game.scorecards.select_related("player"))
    seats = []
    sheets = {}
    for card in cards:
        sheet = Sheet.from_json(card.data)
        sheets[card.seat] = (card, sheet)
        seats.append({
            "seat": card.seat, "player": card.player_id, "name": card.player.name,
            "bot": card.player.is_bot, "bot_level": card.player.bot_level or None,
            "boxes": card.data["boxes"],
            "totals": [asdict(t) | {"subtotal": t.subtotal, "total": t.total}
                       for t in sheet.totals()],
            "total": card.total, "rank": card.rank,
        })
    view: dict[str, Any] = {
        "number": game.number, "status": game.status, "version": game.version,
        "ruleset": ruleset_view(rulesets.get(game.ruleset, **game.options)),
        "current_seat": game.current_seat, "turn": game.turn_count,
        "seconds_left": None, "seats": seats, "dice": [], "held": [], "rolls_left": 3,
        "announced": None, "must_announce": False, "options": [],
        "deadline": None, "player": None,
    }
    if game.status != Game.Status.PLAYING:
        return view
    view["deadline"] = game.turn_deadline
    card, sheet = sheets[game.current_seat]
    view["player"] = card.player_id
    turn = TurnState.from_json(game.turns.get(number=game.turn_count).state, card=sheet)
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


# The shared part of a room's state, per room, for the version it was built at: when a
# change reaches every socket of a room, one build serves them all.
# A snapshot is reused for a few seconds at most, so that what changes without a new
# version (heartbeats behind the presence shown) is never far behind.
SNAPSHOTS_KEPT = 512
SNAPSHOT_SECONDS = 5.0
_snapshots: OrderedDict[str, tuple[int, float, dict[str, Any]]] = OrderedDict()
_snapshots_lock = threading.Lock()


def room_state(code: str, viewer: Player) -> dict[str, Any] | None:
    """The whole table as ``viewer`` sees it, or ``None`` if they are not a member.

    Everything but the viewer's own parts comes from ``room_snapshot``, built once per
    room version and shared by every viewer of the process.
    """
    version = Room.objects.filter(code=code).values_list("version", flat=True).first()
    if version is None:
        return None
    shared = room_snapshot(code, version)
    if shared is None:
        return None
    mine = next((m for m in shared["members"] if m["player"] == viewer.pk), None)
    if mine is None:
        return None
    moment = timezone.now()
    state = dict(shared)
    state["you"] = {"player": viewer.pk, "name": mine["name"], "seat": mine["seat"],
                    "host": mine["host"]}
    state["members"] = [_member_at(m, moment) for m in shared["members"]]
    game = shared["game"]
    if game is not None:
        game = dict(game)
        deadline = game.pop("deadline")
        if deadline is not None:
            game["seconds_left"] = max(0, int((deadline - moment).total_seconds()))
        if game.pop("player") != viewer.pk:
            game["options"] = []
        state["game"] = game
    return state


def _member_at(member: dict[str, Any], moment: datetime) -> dict[str, Any]:
    view = {k: v for k, v in member.items() if k not in ("sockets", "seen_at")}
    seen = member["seen_at"]
    view["presence"] = _presence(member["bot"], member["sockets"], seen, moment)
    view["seen_seconds_ago"] = int((moment - seen).total_seconds()) if seen else None
    return view


def room_snapshot(code: str, version: int) -> dict[str, Any] | None:
    """The state of room ``code`` shared by all its viewers, as of ``version`` or later
    (built at most once per version in this process)."""
    now = time.monotonic()
    with _snapshots_lock:
        cached = _snapshots.get(code)
        if cached is not None and cached[0] == version and now - cached[1] < SNAPSHOT_SECONDS:
            _snapshots.move_to_end(code)
            return cached[2]
    snapshot = _build_snapshot(code)
    if snapshot is None:
        return None
    with _snapshots_lock:
        cached = _snapshots.get(code)
        if cached is None or cached[0] <= snapshot["version"]:
            _snapshots[code] = (snapshot["version"], now, snapshot)
            _snapshots.move_to_end(code)
        while len(_snapshots) > SNAPSHOTS_KEPT:
            _snapshots.popitem(last=False)
    return snapshot


def _build_snapshot(code: str) -> dict[str, Any] | None:
    room = Room.objects.filter(code=code).select_related("host").first()
    if room is None:
        return None
    members = list(Membership.objects.filter(room=room, state=Membership.State.ACTIVE)
                   .select_related("player").order_by("joined_at", "id"))
    rs = rulesets.get(room.ruleset, **room.options)
    game = Game.objects.filter(room=room).order_by("-number").first()
    latest = Event.objects.filter(room=room, seq=room.version).select_related("actor").first()
    events = list(Event.objects.filter(room=room).exclude(kind="presence")
                  .select_related("actor").order_by("-seq")[:LOG_SIZE])
    chat = list(ChatMessage.objects.filter(room=room, removed_at__isnull=True)
                .select_related("player").order_by("-created_at", "-id")[:CHAT_SIZE])
    return {
        "type": "state",
        "version": room.version,
        "event": event_view(latest) if latest else None,
        "room": {"code": room.code, "status": room.status, "seat_count": room.seat_count,
                 "turn_seconds": room.turn_seconds, "host": room.host_id,
                 "coach": room.coach_enabled,
                 "ruleset": ruleset_view(rs)},
        "members": [{"player": m.player_id, "name": m.player.name, "seat": m.seat,
                     "bot": m.player.is_bot, "bot_level": m.player.bot_level or None,
                     "host": room.host_id == m.player_id,
                     "sockets": m.sockets, "seen_at": m.seen_at} for m in members],
        "game": _game_view(game) if game is not None else None,
        "log": [event_view(e) for e in events],
        "chat": [{"id": c.pk, "player": c.player_id, "name": c.player.name, "text": c.text,
                  "at": c.created_at.isoformat()} for c in reversed(chat)],
    }
