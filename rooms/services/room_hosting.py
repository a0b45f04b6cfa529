"""The host's hand over who is in a room: kick or mute a person, seat or remove a bot
(between games). The rest of a room's life is in ``rooms.services.rooms``."""

from __future__ import annotations

from typing import cast

from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.news import Answer
from common.protocol.events import BotSeat
from common.protocol.keys import BotLevel
from play.modes import mode_of, raise_refusal
from play.services.core import Done, bump, require_host, room_act
from rooms.models import Membership, Room
from rooms.services.bot_seats import new_bot
from rooms.services.invite_expiry import invites_expire_closed, invites_expire_full
from rooms.services.rooms import game_in_play, member_depart
from rooms.services.seating import active_members, free_seat


def _active_member(room: Room, target: int) -> Membership:
    """The active membership of ``target`` (a player id) in ``room``, with its player."""
    member = (
        Membership.objects.select_related("player")
        .filter(
            room=room,
            player_id=target,
            state=Membership.State.ACTIVE,
        )
        .first()
    )
    if member is None:
        raise ServiceError("not_in_room", gettext("that player is not in this room"))
    return member


def room_kick(*, player: Player, code: str, target: int, request_id: str | None = None) -> Answer:
    """The host removes a person (by player id) from the room; they cannot come back."""
    return room_act("kick", player, code, request_id, lambda room: _kick(room, player, target))


def _kick(room: Room, player: Player, target: int) -> Done:
    require_host(room, player)
    member = _active_member(room, target)
    if member.player_id == player.pk or member.player.is_bot:
        raise ServiceError("cannot_kick", gettext("kick another person (remove bots instead)"))
    game = game_in_play(room)
    data = member_depart(room, game, member, Membership.State.KICKED)
    event = bump(room, "kicked", actor=player, game=game if data["bot"] else None, data=data)
    return Done(event, news=tuple(invites_expire_closed(room)))


def room_mute(
    *, player: Player, code: str, target: int, muted: bool = True, request_id: str | None = None
) -> Answer:
    """The host mutes (``muted=True``) or unmutes a person's chat and reactions in the
    room, by player id; announced in the move log. The same setting again changes
    nothing."""
    return room_act(
        "mute", player, code, request_id, lambda room: _mute(room, player, target, muted)
    )


def _mute(room: Room, player: Player, target: int, muted: bool) -> Done:
    require_host(room, player)
    member = _active_member(room, target)
    if member.player_id == player.pk or member.player.is_bot:
        raise ServiceError("cannot_mute", gettext("mute another person (bots never talk)"))
    if member.muted == muted:
        return Done(None, remember=False)
    member.muted = muted
    member.save(update_fields=["muted"])
    event = bump(room, "mute", actor=player, data={"player": member.player.name, "muted": muted})
    return Done(event)


def room_add_bot(
    *, player: Player, code: str, level: str = "beginner", request_id: str | None = None
) -> Answer:
    """The host seats a bot between games."""
    return room_act("add_bot", player, code, request_id, lambda room: _add_bot(room, player, level))


def _add_bot(room: Room, player: Player, level: str) -> Done:
    require_host(room, player)
    raise_refusal(mode_of(room).ranking.bots_refusal(1))  # a rated table
    if game_in_play(room) is not None:
        raise ServiceError("game_in_progress", gettext("seats change between games"))
    seat = free_seat(room)
    if seat is None:
        raise ServiceError("room_full", gettext("every seat of this room is taken"))
    bot = new_bot(level, [m.player.name for m in active_members(room)])
    Membership.objects.create(room=room, player=bot, seat=seat)
    # ``new_bot`` refused any level but the protocol's (bad_level).
    data: BotSeat = {"player": bot.name, "seat": seat, "level": cast(BotLevel, level)}
    event = bump(room, "bot_added", actor=player, data=data)
    return Done(event, extra={"seat": seat}, news=tuple(invites_expire_full(room)))


def room_remove_bot(
    *, player: Player, code: str, seat: int, request_id: str | None = None
) -> Answer:
    """The host removes the bot in ``seat`` between games."""
    return room_act(
        "remove_bot", player, code, request_id, lambda room: _remove_bot(room, player, seat)
    )


def _remove_bot(room: Room, player: Player, seat: int) -> Done:
    require_host(room, player)
    if game_in_play(room) is not None:
        raise ServiceError("game_in_progress", gettext("seats change between games"))
    member = next((m for m in active_members(room) if m.seat == seat), None)
    if member is None or not member.player.is_bot:
        raise ServiceError("not_a_bot", gettext("there is no bot in that seat"))
    member.state, member.seat, member.left_at = Membership.State.LEFT, None, now()
    member.save()
    event = bump(
        room, "bot_removed", actor=player, data={"player": member.player.name, "seat": seat}
    )
    return Done(event)
