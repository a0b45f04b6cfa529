"""What staff do from the admin; every action is recorded with who, when, what and why."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext

from accounts.models import Player
from accounts.services.players import player_ban, player_locked, player_unban
from common.clock import now
from common.errors import ServiceError
from common.news import Ban, Change, News, Outcome
from common.text import visible_only
from lobby.models import TableLimits
from lobby.services.limits import limits_set
from moderation.models import ModerationAction
from play.models import Game
from play.services.core import bump, lock_room
from play.services.game_locks import game_in_play_lock, game_lock
from play.services.play import end_game
from rooms.models import ChatMessage, Membership, Room
from rooms.selectors.members import (
    active_member,
    chat_message_fresh,
    member_fresh,
    open_room_codes,
)
from rooms.services.chat import chat_message_remove
from rooms.services.invite_expiry import invites_expire_closed
from rooms.services.rooms import member_depart


def _reason(reason: str) -> str:
    """The moderator's reason, which players may read: trimmed, without invisible
    characters (``visible_only``)."""
    text = visible_only(reason).strip()
    if not 1 <= len(text) <= 500:
        raise ServiceError("reason_required", gettext("say why (1 to 500 characters)"))
    return text


def mod_reason(reason: str) -> str:
    """A moderator's reason as every action keeps it (refused when empty or too long)."""
    return _reason(reason)


def _record(moderator: User, action: str, reason: str, **targets: Any) -> ModerationAction:
    details = targets.pop("details", {})
    return ModerationAction.objects.create(
        moderator=moderator, action=action, reason=reason, details=details, **targets
    )


def mod_close_room(*, moderator: User, room: Room, reason: str) -> Outcome[ModerationAction]:
    """Close a room; a game in it ends where it stands. Returns the record."""
    why = _reason(reason)
    with transaction.atomic():
        locked = lock_room(room.code)
        if locked.status == Room.Status.CLOSED:
            raise ServiceError(
                "room_closed", gettext("room %(code)s is already closed") % {"code": locked.code}
            )
        game = game_in_play_lock(locked)
        if game is not None:
            end_game(game, f"room closed by a moderator: {why}")
        locked.status, locked.closed_at, locked.closed_reason = Room.Status.CLOSED, now(), why
        bump(locked, "room_closed", game=game, data={"reason": why, "by": "moderator"})
        expired = invites_expire_closed(locked)
        action = _record(moderator, "close_room", why, room=locked, game=game)
    return Outcome(action, (Change(locked.code, locked.version), *expired))


def mod_end_game(*, moderator: User, game: Game, reason: str) -> Outcome[ModerationAction]:
    """End a game in progress where it stands. Returns the record."""
    why = _reason(reason)
    with transaction.atomic():
        room = lock_room(game.room.code)
        locked = game_lock(game.pk)
        if locked.status != Game.Status.PLAYING:
            raise ServiceError(
                "game_over", gettext("game %(game)s is not being played") % {"game": locked}
            )
        end_game(locked, f"ended by a moderator: {why}")
        bump(room, "game_ended", game=locked, data={"reason": why, "by": "moderator"})
        action = _record(moderator, "end_game", why, room=room, game=locked)
    return Outcome(action, (Change(room.code, room.version),))


def mod_kick(
    *, moderator: User, member: Membership, reason: str, details: dict[str, Any] | None = None
) -> Outcome[ModerationAction]:
    """Remove a person from a room for good (a bot finishes their game seat); returns the
    record, whose ``details`` hold ``details``."""
    why = _reason(reason)
    with transaction.atomic():
        room = lock_room(member.room.code)
        if room.status == Room.Status.CLOSED:
            raise ServiceError(
                "room_closed", gettext("room %(code)s is already closed") % {"code": room.code}
            )
        locked = member_fresh(member.pk)
        if locked.state != Membership.State.ACTIVE or locked.player.is_bot:
            raise ServiceError(
                "not_in_room",
                gettext("%(player)s is not a person in %(room)s")
                % {"player": locked.player, "room": room},
            )
        game = game_in_play_lock(room)
        data = member_depart(room, game, locked, Membership.State.KICKED)
        bump(room, "kicked", game=game if data["bot"] else None, data={**data, "by": "moderator"})
        expired = invites_expire_closed(room)
        action = _record(
            moderator, "kick", why, room=room, player=locked.player, details=details or {}
        )
    return Outcome(action, (Change(room.code, room.version), *expired))


def ban_message(until: datetime | None) -> str:
    """What a banned player is told (their sockets' last ``error``), in the active
    language."""
    if until is None:
        return gettext("A moderator banned you from playing here.")
    end = formats.date_format(until.astimezone(UTC), "DATETIME_FORMAT")
    return gettext("A moderator banned you from playing here until %(end)s UTC.") % {"end": end}


def _ban_end(until: datetime | None) -> datetime | None:
    """The end of a ban: ``None`` (never) or an aware moment in the future."""
    if until is None:
        return None
    if timezone.is_naive(until):
        raise ServiceError(
            "bad_ban_end", gettext("a ban ends at a date and time with its time zone")
        )
    if until <= now():
        raise ServiceError(
            "bad_ban_end",
            gettext("a ban ends in the future (leave it empty for a ban without end)"),
        )
    return until


def mod_ban(
    *,
    moderator: User,
    player: Player,
    reason: str,
    until: datetime | None = None,
    details: dict[str, Any] | None = None,
) -> Outcome[ModerationAction]:
    """Ban a player (every browser of their account with them) until ``until`` (``None``:
    for good), at once: their sockets close (the ``Ban`` news), and they leave every
    open room they are in, a bot taking their seat in a game in play, with a ``banned``
    event in its log. Meanwhile they cannot create a room or act in one. Returns the
    record, whose ``details`` also hold ``details``."""
    why = _reason(reason)
    end = _ban_end(until)
    with transaction.atomic():
        locked = player_locked(player)
        if locked.is_bot:
            raise ServiceError("not_a_person", gettext("bots cannot be banned"))
        if locked.is_banned:
            raise ServiceError(
                "banned", gettext("%(player)s is already banned") % {"player": locked}
            )
        player_ban(player=locked, reason=why, until=end)
        action = _record(
            moderator,
            "ban",
            why,
            player=locked,
            details={**(details or {}), "until": end.isoformat() if end is not None else None},
        )
    news: list[News] = [Ban(locked.pk, end)]
    # The ban is committed: no join can succeed from here on, so the rooms the player
    # is in now are all there will be. Each is left in its own transaction, locking the
    # room before anything in it, as every room service does.
    for code in sorted(open_room_codes(locked)):
        news += _leave_banned(locked, code)
    return Outcome(action, tuple(news))


def _leave_banned(player: Player, code: str) -> list[News]:
    """Take a banned player out of one room (a bot finishes their game seat); the
    room's change, if any."""
    with transaction.atomic():
        room = lock_room(code)
        member = active_member(room, player)
        if member is None or room.status == Room.Status.CLOSED:
            return []
        game = game_in_play_lock(room)
        data = member_depart(room, game, member, Membership.State.LEFT)
        bump(room, "banned", game=game if data["bot"] else None, data={**data, "by": "moderator"})
        expired = invites_expire_closed(room)
    return [Change(room.code, room.version), *expired]


def mod_unban(*, moderator: User, player: Player, reason: str) -> Outcome[ModerationAction]:
    """Lift a ban; returns the record (no room changes)."""
    why = _reason(reason)
    with transaction.atomic():
        locked = player_locked(player)
        if not locked.is_banned:
            raise ServiceError(
                "not_banned", gettext("%(player)s is not banned") % {"player": locked}
            )
        player_unban(player=locked)
        return Outcome(_record(moderator, "unban", why, player=locked))


def mod_remove_chat(
    *, moderator: User, message: ChatMessage, reason: str, details: dict[str, Any] | None = None
) -> Outcome[ModerationAction]:
    """Remove a chat message from the room (it is kept, marked removed, for the record);
    returns the record, whose ``details`` also hold ``details``."""
    why = _reason(reason)
    with transaction.atomic():
        room = lock_room(message.room.code)
        locked = chat_message_fresh(message.pk)
        if locked.removed_at is not None:
            raise ServiceError("already_removed", gettext("that message is already removed"))
        chat_message_remove(message=locked)
        bump(room, "chat_removed", data={"id": locked.pk})
        action = _record(
            moderator,
            "remove_chat",
            why,
            room=room,
            player=locked.player,
            details={**(details or {}), "message_id": locked.pk, "text": locked.text},
        )
    return Outcome(action, (Change(room.code, room.version),))


def mod_dismiss_report(
    *, moderator: User, room: Room, player: Player, reason: str, details: dict[str, Any]
) -> Outcome[ModerationAction]:
    """Record that a report about ``player`` in ``room`` needs no action, and why."""
    return Outcome(
        _record(
            moderator, "dismiss_report", _reason(reason), room=room, player=player, details=details
        )
    )


def mod_set_table_limits(
    *,
    moderator: User,
    limits: TableLimits,
    reason: str,
    guests_may_open: bool,
    new_account_days: int,
    new_account_tables: int,
    tables_at_once: int,
) -> Outcome[ModerationAction]:
    """Set the limits at public tables (``lobby``; ``limits``: the row shown, there is one)
    and record it with the new values."""
    why = _reason(reason)
    with transaction.atomic():
        limits_set(
            guests_may_open=guests_may_open,
            new_account_days=new_account_days,
            new_account_tables=new_account_tables,
            tables_at_once=tables_at_once,
        )
        details = {
            "guests_may_open": guests_may_open,
            "new_account_days": new_account_days,
            "new_account_tables": new_account_tables,
            "tables_at_once": tables_at_once,
        }
        return Outcome(_record(moderator, "table_limits", why, details=details))
