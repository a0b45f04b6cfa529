"""The part of a room's state that every viewer shares, built once per room version.

``read_snapshot(code, prior)`` reads the room (a few queries: ``play.sql``)
into a ``Snapshot`` (``games.selectors.room_snapshot``: what each viewer is sent of
it), which this process keeps (``games.realtime.snapshot_cache``); the members it read
serve for ``SNAPSHOT_SECONDS``. While the previous snapshot is that young, the next
version's reuses its log and what the events since it leave unchanged: the members
and chat when only moves came in between, the scorecards after rolls, holds and
announcements, the reactions when none came.
"""

from __future__ import annotations

import time
from dataclasses import asdict
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from django.db.models import F

from games.selectors.compare import turn_view
from games.selectors.room_snapshot import Seats, Snapshot
from games.selectors.take_backs import take_backs
from games.selectors.views import compact_json, ruleset_view_of
from play import sql
from play.models import Game
from play.modes import Mode, mode_for
from rooms.models import ChatMessage, Membership
from scoring import scorecard_json
from scoring.scorecard import Scorecard as Sheet
from scoring.turn import Turn as TurnState

LOG_SIZE = CHAT_SIZE = 50
# How long what a snapshot read stands for the room beyond its version: heartbeats
# change the members, and a player's new name (taken in another room) their seat, chat
# lines and reactions, without a version of this room. Pages ping every 15 s and a
# socket counts as open for 45 s after its last sign of life (``views.HEARTBEAT_LIMIT``),
# so members read this long ago never show a pinging socket as gone.
SNAPSHOT_SECONDS = 15.0
# A game's turn where no turn is open (everyone's turn at once, the shared part of the
# state: each player's own open turn comes on top, ``room_snapshot.Snapshot.own_of``).
NO_TURN: dict[str, Any] = {
    "current_seat": None,
    "dice": [],
    "held": [],
    "rolls_left": 3,
    "announced": None,
    "must_announce": False,
    "options": {},
}
# Events that change the game only (not who is in the room, nor the chat).
MOVE_KINDS = frozenset({"roll", "hold", "announce", "place", "skip", "timeout", "place_taken_back"})
# Moves that leave every scorecard as it was.
CARD_KEEPING_KINDS = frozenset({"roll", "hold", "announce"})
# Events the move log leaves out: presence changes, and reactions (listed on their own).
UNLOGGED_KINDS = ("presence", "react")
# The state's ``reactions``: those made in the REACTION_SECONDS before the version's event,
# among its last REACTION_VERSIONS versions (an index range, never a scan of the room's
# history), the newest REACTIONS_SHOWN of them.
REACTION_SECONDS = 10
REACTION_VERSIONS = 50
REACTIONS_SHOWN = 20


# -- reading a room: its members and chat through ``values()``, the reads of every
# version in plain SQL (play.sql) --------------------------------------


def _event(e: dict[str, Any]) -> dict[str, Any]:
    return {
        "seq": e["seq"],
        "kind": e["kind"],
        "actor": e["actor_name"],
        "actor_id": e["actor_id"],
        "data": e["data"],
        "at": e["created_at"].isoformat(),
    }


# A scorecard's view only changes with its row: a snapshot keeps its seats' views by row
# content (``Seats``), and the next one of the room redoes only the card that changed.


def _seat(card: dict[str, Any], known: Seats, seats: Seats) -> tuple[dict[str, Any], Sheet]:
    data = card["data"]
    key = (
        card["id"],
        compact_json(data),
        card["total"],
        card["rank"],
        card["seat"],
        card["player_id"],
        card["player_name"],
        card["player_bot_level"],
        card["held_for_id"],
        card["held_for_name"],
        card["holiday_until"],
        card["holiday_left"],
    )
    found = known.get(key)
    if found is not None:
        seats[key] = found
        return found
    sheet = scorecard_json.from_json(data)
    view = {
        "seat": card["seat"],
        "player": card["player_id"],
        "name": card["player_name"],
        "bot": bool(card["player_bot_level"]),
        "bot_level": card["player_bot_level"] or None,
        "boxes": data["boxes"],
        "totals": _totals(sheet),
        "total": card["total"],
        "rank": card["rank"],
        # The person a bot keeps this seat for until they are back (games.services.absence).
        "held_for": (
            {"player": card["held_for_id"], "name": card["held_for_name"]}
            if card["held_for_id"] is not None
            else None
        ),
        # By the day: the seat's clock is paused until then (games.services.holidays).
        "holiday_until": (
            card["holiday_until"].isoformat() if card["holiday_until"] is not None else None
        ),
        "holiday_left": card["holiday_left"],
    }
    found = seats[key] = (view, sheet)
    return found


def _totals(sheet: Sheet) -> list[dict[str, Any]]:
    return [asdict(t) | {"subtotal": t.subtotal, "total": t.total} for t in sheet.totals()]


def _before_round(view: dict[str, Any], sheet: Sheet, row: dict[str, Any]) -> dict[str, Any]:
    """Duplicate dice: the seat's view as it stood before its box of the open round
    (``row``, its turn) was filled."""
    data = scorecard_json.to_json(sheet)
    data["boxes"][row["column"]].pop(row["box"], None)
    if row["bonus"]:
        data["extra_yahtzees"][row["column"]] -= 1
    before = scorecard_json.from_json(data)
    return view | {"boxes": data["boxes"], "totals": _totals(before), "total": before.total}


def _game(
    room: dict[str, Any], known: Seats, seats_read: Seats, same_cards: Snapshot | None = None
) -> dict[str, Any] | None:
    """The room's latest game as everyone sees it, plus ``deadline`` and ``player`` (whose
    turn it is), which the viewer's state turns into ``seconds_left`` and ``options``
    (everyone's turn at once: ``own``, each player's open turn of the round), and the
    placements that may still be taken back (``undoable``), as the game's mode shows it
    (``room``: the room's row).
    Seat views are taken from ``known`` when their row has not changed, or all of them
    from ``same_cards`` (a snapshot of the same game since which no scorecard changed);
    ``seats_read`` receives them all."""
    game = sql.first(sql.GAME, [room["id"]])
    if game is None:
        return None
    mode = _mode(room, game)
    seats: list[dict[str, Any]] = []
    sheets: dict[int, tuple[int, Sheet]] = {}
    before = same_cards.shared["game"] if same_cards is not None else None
    if same_cards is not None and before is not None and before["number"] == game["number"]:
        seats_read.update(same_cards.seats)
        kept = sorted(same_cards.seats.values(), key=lambda found: found[0]["seat"])
        # The seats as they are (with duplicate dice, those shown may be as they were).
        seats = [view for view, _sheet in kept] if before["own_seats"] else before["seats"]
        sheets = {view["seat"]: (view["player"], sheet) for view, sheet in kept}
    else:
        for card in sql.fetch(sql.CARDS, [game["id"]]):
            seat_view, sheet = _seat(card, known, seats_read)
            seats.append(seat_view)
            sheets[card["seat"]] = (card["player_id"], sheet)
    rounds = mode.turns.rounds
    count = game["turn_count"]
    view: dict[str, Any] = {
        "number": game["number"],
        "status": game["status"],
        "version": game["version"],
        "ruleset": ruleset_view_of(game["ruleset"], game["options"]),
        "together": bool(game["together"]),
        "round": -(-count // len(seats)) if seats else 0,
        "duplicate": bool(game["duplicate"]),
        "revealed": None,
        "turns": None,
        "turn": count,
        "seconds_left": None,
        "seats": seats,
        **NO_TURN,
        "current_seat": None if rounds else game["current_seat"],
        "deadline": None,
        "player": None,
        "own": {},
        "own_seats": {},
        "undoable": [],
        "rounds": rounds,
    }
    playing = game["status"] == Game.Status.PLAYING
    if mode.dice.reveals_rounds and seats:
        # The last closed round (the last round, once the game is over) for all to compare.
        shown = view["round"] - 1 if playing else view["round"]
        view["revealed"] = [
            turn_view(row)
            for row in sql.fetch(
                sql.ROUND_PLAYED, [game["id"], (shown - 1) * len(seats), shown * len(seats)]
            )
        ]
    if not playing:
        return view
    if rounds:
        _round(
            view,
            sql.fetch(sql.ROUND, [game["id"], count - len(seats)]),
            sheets,
            sealed=mode.dice.sealed,
        )
        view["undoable"] = take_backs(game, view, mode=mode)
        return view
    view["deadline"] = game["turn_deadline"]
    player, sheet = sheets[game["current_seat"]]
    view["player"] = player
    row = sql.fetch(sql.TURN, [game["id"], count])[0]
    view.update(_turn(row, sheet))
    view["undoable"] = take_backs(game, view, mode=mode)
    return view


def _mode(room: dict[str, Any], game: dict[str, Any]) -> Mode:
    """The mode of ``game`` of ``room`` (their rows)."""
    return mode_for(
        pace=room["pace"],
        together=bool(game["together"]),
        seeded=bool(game["duplicate"]),
        daily=bool(room["daily"]),
    )


def _turn(row: dict[str, Any], sheet: Sheet) -> dict[str, Any]:
    """An open turn (its ``state`` and ``holding``) as its player sees it."""
    turn = TurnState.from_json(row["state"], card=sheet)
    seen = {
        # ``held``: the dice marked to keep now (``hold``), which start as the last roll's.
        "dice": list(turn.dice),
        "held": list(row["holding"]),
        "rolls_left": turn.rolls_left,
        "announced": turn.announced,
        "must_announce": turn.has_rolled and turn.announced is None and sheet.must_announce,
        "options": {},
    }
    if turn.has_rolled:
        options = sheet.options(turn.dice, announced=turn.announced)
        # By column, then box, as ``boxes`` are: a roll's patch names the boxes it changed.
        by_column: dict[str, dict[str, list[int]]] = {}
        for p, gain in zip(options, sheet.gains(options), strict=True):
            by_column.setdefault(p.column, {})[p.box] = [p.points, p.bonus, gain]
        seen["options"] = by_column
    return seen


def _round(
    view: dict[str, Any],
    rows: list[dict[str, Any]],
    sheets: dict[int, tuple[int, Sheet]],
    *,
    sealed: bool,
) -> None:
    """Everyone's turn at once: the round's turn of each seat for all to see (``turns``;
    ``sealed``: without their dice, holds, announcements or scores, duplicate dice),
    each open one as its player sees it (``own``), and as ``deadline`` the latest of the
    open turns' (the round is over by then)."""
    turns, own, deadlines = [], {}, []
    seats = list(view["seats"])
    scored: dict[int, int] = {}  # duplicate dice: players who scored, by seat index
    for row in rows:
        player, sheet = sheets[row["seat"]]
        seen = _turn(row, sheet)
        done = row["finished_at"] is not None
        turns.append(
            {
                "seat": row["seat"],
                "dice": [] if sealed else seen["dice"],
                "held": [] if sealed else seen["held"],
                "rolls_left": seen["rolls_left"],
                "announced": None if sealed else seen["announced"],
                "done": done,
            }
        )
        if not done:
            own[player] = seen | {"current_seat": row["seat"], "deadline": row["deadline"]}
            if row["deadline"] is not None:
                deadlines.append(row["deadline"])
        elif sealed and row["box"]:
            index = next(i for i, s in enumerate(seats) if s["seat"] == row["seat"])
            seats[index] = _before_round(seats[index], sheet, row)
            scored[player] = index
    view.update(turns=turns, own=own, deadline=max(deadlines, default=None))
    if scored:
        # Each who scored sees their own seat as it is; everyone else, as it was.
        view["own_seats"] = {
            player: [*seats[:index], view["seats"][index], *seats[index + 1 :]]
            for player, index in scored.items()
        }
        view["seats"] = seats


def _log(room_id: int, prior: Snapshot | None) -> list[dict[str, Any]]:
    """The room's last ``LOG_SIZE`` events but presence changes and reactions, newest
    first: only those newer than ``prior``'s log are read (events never change; their
    actors' names may, which a ``prior`` no older than ``SNAPSHOT_SECONDS`` bounds)."""
    kept: list[dict[str, Any]] = prior.shared["log"] if prior is not None else []
    newest = kept[0]["seq"] if kept else 0
    views = [_event(e) for e in sql.fetch(sql.LOGGED, [room_id, *UNLOGGED_KINDS, newest, LOG_SIZE])]
    return (views + kept)[:LOG_SIZE]


def _reactions(room_id: int, version: int) -> list[dict[str, Any]]:
    """The reactions among the room's last ``REACTION_VERSIONS`` versions as events,
    oldest first (``recent`` keeps those the state shows)."""
    return [
        _event(e) for e in sql.fetch(sql.OF_KIND, [room_id, "react", version - REACTION_VERSIONS])
    ]


def recent(reactions: list[dict[str, Any]], latest: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The newest ``REACTIONS_SHOWN`` of ``reactions`` made at most ``REACTION_SECONDS``
    before the event of the version (so the state of a version never depends on when it
    is read)."""
    if latest is None:
        return reactions[-REACTIONS_SHOWN:]
    since = datetime.fromisoformat(latest["at"]) - timedelta(seconds=REACTION_SECONDS)
    return [r for r in reactions if datetime.fromisoformat(r["at"]) >= since][-REACTIONS_SHOWN:]


def _members(room: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "player": m["player_id"],
            "name": m["player_name"],
            "seat": m["seat"],
            "bot": bool(m["player_bot_level"]),
            "bot_level": m["player_bot_level"] or None,
            "host": room["host_id"] == m["player_id"],
            "muted": bool(m["muted"]),
            "sockets": m["sockets"],
            "seen_at": m["seen_at"],
        }
        for m in Membership.objects.filter(room_id=room["id"], state=Membership.State.ACTIVE)
        .order_by("joined_at", "id")
        .values(
            "player_id",
            "seat",
            "sockets",
            "seen_at",
            "muted",
            player_name=F("player__name"),
            player_bot_level=F("player__bot_level"),
        )
    ]


def _chat(room_id: int) -> list[dict[str, Any]]:
    return [
        {
            "id": c["id"],
            "player": c["player_id"],
            "name": c["player_name"],
            "text": c["text"],
            "at": c["created_at"].isoformat(),
        }
        for c in reversed(
            ChatMessage.objects.filter(room_id=room_id, removed_at__isnull=True)
            .order_by("-created_at", "-id")
            .values("id", "player_id", "text", "created_at", player_name=F("player__name"))[
                :CHAT_SIZE
            ]
        )
    ]


def _kinds_since(
    version: int, prior: Snapshot | None, views: list[dict[str, Any]]
) -> set[str] | None:
    """The kinds of the events since ``prior`` up to ``version`` when ``views`` hold every
    one of them (presence changes leave gaps in the log's and the reactions' numbers);
    ``None`` otherwise."""
    if prior is None:
        return None
    news = [view for view in views if view["seq"] > prior.version]
    if sorted(view["seq"] for view in news) != list(range(prior.version + 1, version + 1)):
        return None
    return {view["kind"] for view in news}


def read_snapshot(code: str, prior: Snapshot | None = None) -> Snapshot | None:
    """Room ``code``'s snapshot read from the database (``None``: no room); ``prior``,
    an earlier snapshot of the room from this process, spares reading its log again."""
    moment = time.monotonic()
    room = sql.first(sql.ROOM, [code])
    if room is None:
        return None
    if prior is not None and (prior.room_id != room["id"] or prior.version > room["version"]):
        prior = None
    # Heartbeats and renames change what a room shows without a version: past
    # SNAPSHOT_SECONDS, nothing of ``prior`` serves again but its seat views (kept by
    # the content of their rows, names included).
    young = prior if prior is not None and moment - prior.members_at < SNAPSHOT_SECONDS else None
    read = _read_since(room, young, moment)
    latest = _latest_event(room, read.log, read.reactions, young)
    seats: Seats = {}
    game = _game(room, prior.seats if prior is not None else {}, seats, read.same_cards)
    room_view = {
        "code": room["code"],
        "status": room["status"],
        "seat_count": room["seat_count"],
        "pace": room["pace"],
        "turn_seconds": room["turn_seconds"],
        "holidays": bool(room["holidays"]),
        "together": bool(room["together"]),
        "duplicate": bool(room["duplicate"]),
        "daily": bool(room["daily"]),
        "host": room["host_id"],
        "coach": bool(room["coach_enabled"]),
    }
    shared = {
        "type": "state",
        "version": room["version"],
        "event": latest,
        "room": room_view | {"ruleset": ruleset_view_of(room["ruleset"], room["options"])},
        "members": read.members,
        "game": game,
        "log": read.log,
        "chat": read.chat,
        "reactions": recent(read.reactions, latest),
    }
    return Snapshot(
        room["version"], moment, shared, room_id=room["id"], seats=seats, members_at=read.members_at
    )


class _Read(NamedTuple):
    """What a snapshot holds beyond its game, read or kept from a young snapshot."""

    log: list[dict[str, Any]]
    reactions: list[dict[str, Any]]
    members_at: float
    members: list[dict[str, Any]]
    chat: list[dict[str, Any]]
    same_cards: Snapshot | None  # a snapshot of the same scorecards, if any


def _read_since(room: dict[str, Any], young: Snapshot | None, moment: float) -> _Read:
    """The room's log, reactions, members and chat at ``moment``, what ``young`` (a
    snapshot of the room no older than ``SNAPSHOT_SECONDS``) holds of them kept where
    the events since it leave it unchanged."""
    log = _log(room["id"], young)
    logged = _kinds_since(room["version"], young, log)
    if young is not None and logged is not None:
        # No reaction since: the ones ``young`` shows are all that can still show.
        reactions = [
            r for r in young.shared["reactions"] if r["seq"] > room["version"] - REACTION_VERSIONS
        ]
    else:
        reactions = _reactions(room["id"], room["version"])
    since = (
        logged if logged is not None else _kinds_since(room["version"], young, [*log, *reactions])
    )
    # Only moves and reactions since ``young``: its members and chat still hold.
    if young is not None and since is not None and since <= MOVE_KINDS | {"react"}:
        same = logged is not None and logged <= CARD_KEEPING_KINDS
        return _Read(
            log,
            reactions,
            young.members_at,
            young.shared["members"],
            young.shared["chat"],
            young if same else None,
        )
    # Someone came, went or wrote, or what was read is old: read it all again, so
    # that what a snapshot holds is never older than its ``members_at``.
    if young is not None:
        log = _log(room["id"], None)
        if logged is not None:
            reactions = _reactions(room["id"], room["version"])
    return _Read(log, reactions, moment, _members(room), _chat(room["id"]), None)


def _latest_event(
    room: dict[str, Any],
    log: list[dict[str, Any]],
    reactions: list[dict[str, Any]],
    young: Snapshot | None,
) -> dict[str, Any] | None:
    """The event of the room's version, from what was read if it is there."""
    if log and log[0]["seq"] == room["version"]:
        return log[0]
    if reactions and reactions[-1]["seq"] == room["version"]:
        return reactions[-1]
    if young is not None and young.version == room["version"]:
        latest: dict[str, Any] | None = young.shared["event"]
        return latest
    row = sql.first(sql.AT, [room["id"], room["version"]])
    return _event(row) if row else None


__all__ = ["Snapshot", "read_snapshot"]
