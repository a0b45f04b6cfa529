"""What staff do from the admin; every action is recorded with who, when, what and why."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from games.errors import ServiceError
from games.models import ChatMessage, Game, Membership, ModerationAction, Player, Room
from games.services.core import bump, lock_room, now
from games.services.play import end_game
from games.services.rooms import _depart


def _reason(reason: object) -> str:
    text = reason.strip() if isinstance(reason, str) else ""
    if not 1 <= len(text) <= 500:
        raise ServiceError("reason_required", "say why (1 to 500 characters)")
    return text


def _record(moderator: AbstractBaseUser, action: str, reason: str, **targets: Any) -> None:
    details = targets.pop("details", {})
    ModerationAction.objects.create(moderator=moderator, action=action, reason=reason,
                                    details=details, **targets)


def mod_close_room(*, moderator: AbstractBaseUser, room: Room, reason: object) -> None:
    """Close a room; a game in it ends where it stands."""
    why = _reason(reason)
    with transaction.atomic():
        locked = lock_room(room.code)
        if locked.status == Room.Status.CLOSED:
            raise ServiceError("room_closed", f"room {locked.code} is already closed")
        game = Game.objects.select_for_update().filter(
            room=locked, status=Game.Status.PLAYING).first()
        if game is not None:
            end_game(game, f"room closed by a moderator: {why}")
        locked.status, locked.closed_at, locked.closed_reason = Room.Status.CLOSED, now(), why
        bump(locked, "room_closed", game=game, data={"reason": why, "by": "moderator"})
        _record(moderator, "close_room", why, room=locked, game=game)


def mod_end_game(*, moderator: AbstractBaseUser, game: Game, reason: object) -> None:
    """End a game in progress where it stands."""
    why = _reason(reason)
    with transaction.atomic():
        room = lock_room(game.room.code)
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.status != Game.Status.PLAYING:
            raise ServiceError("game_over", f"game {locked} is not being played")
        end_game(locked, f"ended by a moderator: {why}")
        bump(room, "game_ended", game=locked, data={"reason": why, "by": "moderator"})
        _record(moderator, "end_game", why, room=room, game=locked)


def mod_kick(*, moderator: AbstractBaseUser, member: Membership, reason: object) -> None:
    """Remove a person from a room for good (a bot finishes their game seat)."""
    why = _reason(reason)
    with transaction.atomic():
        room = lock_room(member.room.code)
        if room.status == Room.Status.CLOSED:
            raise ServiceError("room_closed", f"room {room.code} is already closed")
        locked = Membership.objects.select_related("player").get(pk=member.pk)
        if locked.state != Membership.State.ACTIVE or locked.player.is_bot:
            raise ServiceError("not_in_room", f"{locked.player} is not a person in {room}")
        game = Game.objects.select_for_update().filter(
            room=room, status=Game.Status.PLAYING).first()
        data = _depart(room, game, locked, Membership.State.KICKED)
        bump(room, "kicked", game=game if data["bot"] else None,
             data={**data, "by": "moderator"})
        _record(moderator, "kick", why, room=room, player=locked.player)


def mod_ban(*, moderator: AbstractBaseUser, player: Player, reason: object) -> None:
    """Ban a player from creating or joining rooms and from chatting."""
    why = _reason(reason)
    with transaction.atomic():
        locked = Player.objects.select_for_update().get(pk=player.pk)
        if locked.is_banned:
            raise ServiceError("banned", f"{locked} is already banned")
        locked.banned_at, locked.ban_reason = now(), why
        locked.save(update_fields=["banned_at", "ban_reason"])
        _record(moderator, "ban", why, player=locked)


def mod_unban(*, moderator: AbstractBaseUser, player: Player, reason: object) -> None:
    """Lift a ban."""
    why = _reason(reason)
    with transaction.atomic():
        locked = Player.objects.select_for_update().get(pk=player.pk)
        if not locked.is_banned:
            raise ServiceError("not_banned", f"{locked} is not banned")
        locked.banned_at, locked.ban_reason = None, ""
        locked.save(update_fields=["banned_at", "ban_reason"])
        _record(moderator, "unban", why, player=locked)


def mod_remove_chat(*, moderator: AbstractBaseUser, message: ChatMessage, reason: object) -> None:
    """Remove a chat message from the room (it is kept, marked removed, for the record)."""
    why = _reason(reason)
    with transaction.atomic():
        room = lock_room(message.room.code)
        locked = ChatMessage.objects.get(pk=message.pk)
        if locked.removed_at is not None:
            raise ServiceError("already_removed", "that message is already removed")
        locked.removed_at = now()
        locked.save(update_fields=["removed_at"])
        bump(room, "chat_removed", data={"id": locked.pk})
        _record(moderator, "remove_chat", why, room=room, player=locked.player,
                details={"message_id": locked.pk, "text": locked.text})
