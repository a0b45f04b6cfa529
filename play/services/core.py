"""What every service shares: locking, versions and events, replayed requests, and
the news a service returns of what it committed (``Change``, ``Ban``) for the realtime
layer to publish."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, TypedDict, TypeVar

from django.db import transaction
from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.news import Answer, Change, News
from common.protocol.events import EventData, EventKind
from common.words import say
from play import sql, sql_writes
from play.models import Game
from play.modes import mode_of, raise_refusal
from play.signals import room_recorded
from rooms.models import Membership, Room
from scoring.errors import RulesError

T = TypeVar("T")

# A room's last activity is kept to this step, so a move rewrites it (and its index)
# at most once a minute.
ACTIVITY_STEP = timedelta(minutes=1)


def changed(room: Room, since: int) -> list[Change]:
    """The room's ``Change`` if it moved past version ``since`` (``[]`` otherwise)."""
    return [Change(room.code, room.version)] if room.version > since else []


def lock_room(code: str) -> Room:
    """The room with ``code``, locked for this transaction (rows are always locked room
    first, then its game)."""
    if not code:
        raise ServiceError("unknown_room", gettext("there is no room with that code"))
    room = sql.locked_room(code)
    if room is None:
        raise ServiceError("unknown_room", gettext("there is no room with that code"))
    return room


def current_game(room: Room) -> Game | None:
    """The room's latest game, locked (``None`` before the first game)."""
    return sql.latest_game(room)


def playing_game(room: Room) -> Game:
    """The room's game in progress, locked; ``game_over`` or ``not_started`` otherwise."""
    game = current_game(room)
    if game is None:
        raise ServiceError("not_started", gettext("the game has not started yet"))
    if game.status != Game.Status.PLAYING:
        raise ServiceError("game_over", gettext("this game is over"))
    return game


def membership(room: Room, player: Player) -> Membership:
    """The player's active membership of the room; ``not_in_room`` otherwise."""
    found = sql.active_membership(room, player.pk)
    if found is None:
        raise ServiceError("not_in_room", gettext("join the room first"))
    return found


def require_host(room: Room, player: Player) -> None:
    """Only the host may do this."""
    if room.host_id != player.pk:
        raise ServiceError("not_host", gettext("only the host can do that"))


def require_live(room: Room) -> None:
    """Refuse to hurry a player along in a room by the day: its players come when they
    like, and the clock plays for whoever lets a deadline pass."""
    raise_refusal(mode_of(room).timing.hurry_refusal())


def require_not_banned(player: Player) -> None:
    """A banned player cannot create a room or act in one (read from the database, so a
    ban counts at once even for a player object held since before it; a ban whose
    ``banned_until`` has passed no longer counts)."""
    if sql.banned(player.pk, now()):
        raise ServiceError("banned", gettext("you are banned from playing here"))


def require_not_muted(member: Membership) -> None:
    """A member the host muted cannot chat or react."""
    if member.muted:
        raise ServiceError("muted", gettext("the host muted you: you cannot chat or react here"))


class Recorded(TypedDict):
    """An event as the answer of the service that recorded it carries it (``bump``)."""

    kind: EventKind
    seq: int
    game_version: int | None
    actor: int | None
    data: EventData


def bump(
    room: Room,
    kind: EventKind,
    *,
    actor: Player | None = None,
    game: Game | None = None,
    data: EventData | None = None,
) -> Recorded:
    """Record what happened: a new room version (and game version), and its event."""
    room.version += 1
    moment = now()
    if room.last_activity_at is None or moment - room.last_activity_at >= ACTIVITY_STEP:
        room.last_activity_at = moment
    if game is not None:
        game.version += 1
    sql_writes.write_versions(room, game)
    room_recorded.send(sender=Room, room=room)  # the rooms app writes what else changed
    if game is not None:
        game.save_changes()
    data = data or {}
    # Duplicate dice: the round's dice stay secret until it closes.
    kept = mode_of(room, game).dice.logged(game, kind, data) if game is not None else data
    sql_writes.insert_event(room, game, kind, actor.pk if actor is not None else None, kept, moment)
    return {
        "kind": kind,
        "seq": room.version,
        "game_version": game.version if game is not None else None,
        "actor": actor.pk if actor is not None else None,
        "data": data,
    }


def enter(
    player: Player, code: str, request_id: str | None, action: str, *, allow_closed: bool = False
) -> tuple[Room, dict[str, Any] | None]:
    """Begin a room action: lock the room, then either the answer already given to this
    request id (a retry, answered even if the room has closed since) or ``None`` to go on.
    A closed room refuses new actions unless ``allow_closed``."""
    room = lock_room(code)
    if request_id is not None:
        if not 1 <= len(request_id) <= 64:
            raise ServiceError(
                "bad_request_id", gettext("a request id is 1 to 64 characters of text")
            )
        found = sql.answered_request(room, player.pk, request_id)
        if found is not None:
            if found.action != action:
                raise ServiceError(
                    "request_id_reused",
                    gettext("request id %(id)s was used for %(action)s")
                    % {"id": repr(request_id), "action": found.action},
                )
            return room, found.response
    if room.status == Room.Status.CLOSED and not allow_closed:
        raise ServiceError("room_closed", gettext("this room is closed"))
    raise_refusal(mode_of(room).table.refusal(action))  # a daily challenge's solo table
    return room, None


def finish(
    player: Player,
    request_id: str | None,
    room: Room,
    action: str,
    event: Recorded | None,
    game: Game | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """The answer to an accepted action, kept under its request id for retries."""
    response: dict[str, Any] = {"ok": True, "version": room.version, "event": event}
    if game is not None:
        response["game_version"] = game.version
    response.update(extra)
    if request_id is not None:
        sql_writes.insert_answer(room, player.pk, request_id, action, response, now())
    return response


@dataclass(frozen=True)
class Done:
    """What an accepted room action did: its ``event`` (from ``bump``), the ``game`` it
    changed, extra fields of the answer, and whether the answer is kept for retries of
    its request id (``remember``), and other ``news`` it committed."""

    event: Recorded | None
    game: Game | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    remember: bool = True
    news: tuple[News, ...] = ()  # committed beside the room's change (a member's bell)


def room_act(
    kind: str,
    player: Player,
    code: str,
    request_id: str | None,
    step: Callable[[Room], Done],
    *,
    allow_closed: bool = False,
) -> Answer:
    """Run a room service's ``step`` on room ``code`` as action ``kind`` for ``player``.

    One transaction: it locks the room (``enter``), answers a request id it already
    answered with the stored answer, refuses a closed room (unless ``allow_closed``),
    runs ``step`` on the locked room and returns ``finish``'s answer, stored under the
    request id, as an ``Answer`` whose news is the room's ``Change`` (if it changed). A
    banned player is refused first (``banned``), whatever the action. A
    ``ServiceError`` from the step rolls everything back.

    A retry's answer carries the room's current version as news again: the first
    answer's news may never have gone out (its process died between the commit and the
    publishing), and sockets that already hold that version ignore it.
    """
    require_not_banned(player)
    with transaction.atomic():
        room, answered = enter(player, code, request_id, kind, allow_closed=allow_closed)
        if answered is not None:
            return Answer(answered, [Change(room.code, room.version)])
        since = room.version
        done = step(room)
        response = finish(
            player,
            request_id if done.remember else None,
            room,
            kind,
            done.event,
            game=done.game,
            **done.extra,
        )
    return Answer(response, [*changed(room, since), *done.news])


def rules(action: Callable[[], T]) -> T:
    """Run an engine call; its ``RulesError`` becomes a ``ServiceError`` with the same code
    and its message in the active language (box titles included)."""
    try:
        return action()
    except RulesError as exc:
        raise ServiceError(exc.code, say(exc.template, exc.params)) from None
