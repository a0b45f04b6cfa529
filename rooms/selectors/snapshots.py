"""The part of a room's state that every viewer shares, built once per room version.

``read_snapshot(code, prior)`` reads the room (a few queries: ``play.sql``)
into a ``Snapshot`` (``play.selectors.room_snapshot``: what each viewer is sent of
it), which this process keeps (``games.realtime.snapshot_cache``); the members it read
serve for ``SNAPSHOT_SECONDS``. While the previous snapshot is that young, the next
version's reuses its log and what the events since it leave unchanged: the members
and chat when only moves came in between, the scorecards after rolls, holds and
announcements, the reactions when none came. The game's part of the state is read by
``play.selectors.game_view``.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, NamedTuple, cast

from django.db.models import F

from common.protocol.events import Event, ReactionEvent
from common.protocol.state import ChatLine, Room
from friends.selectors.blocks import hidden_among
from play import sql
from play.modes import mode_for
from play.selectors.game_view import game_view
from play.selectors.room_snapshot import Seats, Snapshot
from play.selectors.shared_state import MemberRead, Shared
from play.selectors.views import ruleset_view_of
from rooms.models import ChatMessage, Membership
from rooms.selectors.mutes import hidden_with_mutes, mutes_in

LOG_SIZE = CHAT_SIZE = 50
# How long what a snapshot read stands for the room beyond its version: heartbeats
# change the members, and a player's new name (taken in another room) their seat, chat
# lines and reactions, without a version of this room. Pages ping every 15 s and a
# socket counts as open for 45 s after its last sign of life (``views.HEARTBEAT_LIMIT``),
# so members read this long ago never show a pinging socket as gone.
SNAPSHOT_SECONDS = 15.0
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


def _event(e: dict[str, Any]) -> Event:
    return {
        "seq": e["seq"],
        "kind": e["kind"],
        "actor": e["actor_name"],
        "actor_id": e["actor_id"],
        "data": e["data"],
        "at": e["created_at"].isoformat(),
    }


def _log(room_id: int, prior: Snapshot | None) -> list[Event]:
    """The room's last ``LOG_SIZE`` events but presence changes and reactions, newest
    first: only those newer than ``prior``'s log are read (events never change; their
    actors' names may, which a ``prior`` no older than ``SNAPSHOT_SECONDS`` bounds)."""
    kept = prior.shared["log"] if prior is not None else []
    newest = kept[0]["seq"] if kept else 0
    views = [_event(e) for e in sql.fetch(sql.LOGGED, [room_id, *UNLOGGED_KINDS, newest, LOG_SIZE])]
    return (views + kept)[:LOG_SIZE]


def _reactions(room_id: int, version: int) -> list[ReactionEvent]:
    """The reactions among the room's last ``REACTION_VERSIONS`` versions as events,
    oldest first (``recent`` keeps those the state shows)."""
    return [
        {
            "seq": e["seq"],
            "kind": "react",
            "actor": e["actor_name"],
            "actor_id": e["actor_id"],
            "data": e["data"],
            "at": e["created_at"].isoformat(),
        }
        for e in sql.fetch(sql.OF_KIND, [room_id, "react", version - REACTION_VERSIONS])
    ]


def recent(reactions: list[ReactionEvent], latest: Event | None) -> list[ReactionEvent]:
    """The newest ``REACTIONS_SHOWN`` of ``reactions`` made at most ``REACTION_SECONDS``
    before the event of the version (so the state of a version never depends on when it
    is read)."""
    if latest is None:
        return reactions[-REACTIONS_SHOWN:]
    since = datetime.fromisoformat(latest["at"]) - timedelta(seconds=REACTION_SECONDS)
    return [r for r in reactions if datetime.fromisoformat(r["at"]) >= since][-REACTIONS_SHOWN:]


def _members(room: dict[str, Any]) -> list[MemberRead]:
    return [
        {
            "player": m["player_id"],
            "name": m["player_name"],
            "seat": m["seat"],
            "bot": bool(m["player_bot_level"]),
            "bot_level": m["player_bot_level"] or None,
            "host": room["host_id"] == m["player_id"],
            "muted": bool(m["muted"]),
            "strangers_chat": bool(m["stranger_chat"]),
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
            "stranger_chat",
            player_name=F("player__name"),
            player_bot_level=F("player__bot_level"),
        )
    ]


def _chat(room_id: int) -> list[ChatLine]:
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
    version: int, prior: Snapshot | None, views: Sequence[Event | ReactionEvent]
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


def read_snapshot(
    code: str, prior: Snapshot | None = None, *, fresh: bool = False
) -> Snapshot | None:
    """Room ``code``'s snapshot read from the database (``None``: no room); ``prior``,
    an earlier snapshot of the room from this process, spares reading its log again,
    and its members, chat and mutes while it is young, unless ``fresh`` (a member's
    mutes changed without a new version: ``common.news.Screen``)."""
    moment = time.monotonic()
    room = sql.first(sql.ROOM, [code])
    if room is None:
        return None
    if prior is not None and (prior.room_id != room["id"] or prior.version > room["version"]):
        prior = None
    young = None if fresh else _young(prior, moment)
    read = _read_since(room, young, moment)
    latest = _latest_event(room, read.log, read.reactions, young)
    seats: Seats = {}
    game = game_view(room, prior.seats if prior is not None else {}, seats, read.same_cards)
    room_view: Room = {
        "code": room["code"],
        "status": room["status"],
        "seat_count": room["seat_count"],
        "pace": room["pace"],
        "turn_seconds": room["turn_seconds"],
        "holidays": bool(room["holidays"]),
        "together": bool(room["together"]),
        "duplicate": bool(room["duplicate"]),
        "daily": bool(room["daily"]),
        "rated": bool(room["rated"]),
        "public": bool(room["public"]),
        "host": room["host_id"],
        "coach": bool(room["coach_enabled"]),
        "ruleset": ruleset_view_of(room["ruleset"], room["options"]),
    }
    shared: Shared = {
        "type": "state",
        "version": room["version"],
        "event": latest,
        "room": room_view,
        "members": read.members,
        "game": game,
        "log": read.log,
        "chat": read.chat,
        "reactions": recent(read.reactions, latest),
    }
    return Snapshot(
        room["version"],
        moment,
        shared,
        room_id=room["id"],
        seats=seats,
        members_at=read.members_at,
        hidden=read.hidden,
        muted=read.muted,
    )


def _young(prior: Snapshot | None, moment: float) -> Snapshot | None:
    """``prior`` if what it read of the members still serves at ``moment``. Heartbeats
    and renames change what a room shows without a version: past SNAPSHOT_SECONDS,
    nothing of ``prior`` serves again but its seat views (kept by the content of their
    rows, names included)."""
    return prior if prior is not None and moment - prior.members_at < SNAPSHOT_SECONDS else None


class _Read(NamedTuple):
    """What a snapshot holds beyond its game, read or kept from a young snapshot."""

    log: list[Event]
    reactions: list[ReactionEvent]
    members_at: float
    members: list[MemberRead]
    chat: list[ChatLine]
    same_cards: Snapshot | None  # a snapshot of the same scorecards, if any
    hidden: Mapping[int, frozenset[int]]  # whose chat each member does not see
    muted: Mapping[int, frozenset[int]]  # whom each member muted (Snapshot.muted)


def _read_since(room: dict[str, Any], young: Snapshot | None, moment: float) -> _Read:
    """The room's log, reactions, members, chat and mutes at ``moment``, what ``young`` (a
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
            young.hidden,
            young.muted,
        )
    # Someone came, went or wrote, or what was read is old: read it all again, so
    # that what a snapshot holds is never older than its ``members_at``.
    if young is not None:
        log = _log(room["id"], None)
        if logged is not None:
            reactions = _reactions(room["id"], room["version"])
    members = _members(room)
    people = [m["player"] for m in members if not m["bot"]]
    consenting = [m["player"] for m in members if m["strangers_chat"]]
    table = mode_for(
        pace=room["pace"],
        together=bool(room["together"]),
        seeded=bool(room["duplicate"]),
        daily=bool(room["daily"]),
        rated=bool(room["rated"]),
        public=bool(room["public"]),
    ).table
    muted = mutes_in(room["id"])
    hidden = table.chat_hidden(hidden_with_mutes(hidden_among(people), muted), consenting, people)
    return _Read(log, reactions, moment, members, _chat(room["id"]), None, hidden, muted)


def _latest_event(
    room: dict[str, Any],
    log: list[Event],
    reactions: list[ReactionEvent],
    young: Snapshot | None,
) -> Event | None:
    """The event of the room's version, from what was read if it is there."""
    if log and log[0]["seq"] == room["version"]:
        return log[0]
    if reactions and reactions[-1]["seq"] == room["version"]:
        # The same object as the reaction listed: a patch copies it rather than sending it
        # twice. A reaction is an event whose data are a ``react``'s.
        return cast(Event, reactions[-1])
    if young is not None and young.version == room["version"]:
        return young.shared["event"]
    row = sql.first(sql.AT, [room["id"], room["version"]])
    return _event(row) if row else None


__all__ = ["Snapshot", "read_snapshot"]
