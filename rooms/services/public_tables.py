"""Public tables (docs/open-tables.md): a room opened to anyone or closed again while it
waits, a member's choice to chat with strangers, bots seated for the people who have
not come yet, and a newcomer given a bot's seat. What a public table does differently
is its play mode's (``play.modes.public_table``)."""

from __future__ import annotations

from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.news import Answer
from play.modes import mode_of, raise_refusal
from play.services.core import Done, bump, membership, require_host, room_act
from rooms.models import Membership, Room
from rooms.services.bot_seats import new_bot
from rooms.services.seating import active_members, free_seat


def require_waiting(room: Room) -> None:
    """Refuse unless ``room`` is open and has played no game yet."""
    if room.status != Room.Status.OPEN or room.games.exists():
        raise ServiceError(
            "not_waiting", gettext("only a table waiting for its first game can change this")
        )


def room_publish(
    *, player: Player, code: str, public: bool, request_id: str | None = None
) -> Answer:
    """The host opens the room to anyone (``public``), listed among the open tables, or
    keeps it to invited people again; only before its first game."""
    return room_act(
        "publish", player, code, request_id, lambda room: _publish(room, player, public)
    )


def _publish(room: Room, player: Player, public: bool) -> Done:
    require_host(room, player)
    require_waiting(room)
    raise_refusal(mode_of(room).table.publish_refusal(public=public))
    room.public = public
    return Done(bump(room, "published", actor=player, data={"public": public}))


def member_strangers_chat(
    *, player: Player, code: str, on: bool, request_id: str | None = None
) -> Answer:
    """A member chats with strangers (``on``) or not: at a public table a line passes
    only between two members who both do. The same choice again changes nothing."""
    return room_act(
        "strangers_chat", player, code, request_id, lambda room: _consent(room, player, on)
    )


def _consent(room: Room, player: Player, on: bool) -> Done:
    member = membership(room, player)
    if member.stranger_chat == on:
        return Done(None, remember=False)
    member.stranger_chat = on
    member.save(update_fields=["stranger_chat"])
    return Done(bump(room, "strangers_chat", actor=player, data={"player": player.name, "on": on}))


def room_fill_with_bots(*, player: Player, code: str, request_id: str | None = None) -> Answer:
    """The host of a public table that waits seats a bot in every free seat; people who
    come before the game starts take their seats (``seat_for_newcomer``)."""
    return room_act("fill_with_bots", player, code, request_id, lambda room: _fill(room, player))


def _fill(room: Room, player: Player) -> Done:
    require_host(room, player)
    require_waiting(room)
    mode = mode_of(room)
    if not mode.table.seat_from_bot():
        raise ServiceError("not_public", gettext("only an open table fills its seats with bots"))
    members = active_members(room)
    taken = {m.seat for m in members if m.seat is not None}
    free = [seat for seat in range(room.seat_count) if seat not in taken]
    if not free:
        raise ServiceError("room_full", gettext("every seat of this room is taken"))
    raise_refusal(mode.ranking.bots_refusal(len(free)))  # a rated table
    names = [m.player.name for m in members]
    for seat in free:
        bot = new_bot("beginner", names)
        names.append(bot.name)
        Membership.objects.create(room=room, player=bot, seat=seat)
    event = bump(room, "bots_filled", actor=player, data={"seats": free})
    return Done(event, extra={"seats": free})


def seat_for_newcomer(room: Room) -> int | None:
    """A seat for a person joining ``room`` before its first game: a free one, else, at
    a public table, a bot's (the bot leaves the room); ``None`` when there is none."""
    seat = free_seat(room)
    if seat is not None or not mode_of(room).table.seat_from_bot():
        return seat
    bot = next((m for m in active_members(room) if m.seat is not None and m.player.is_bot), None)
    if bot is None:
        return None
    seat, bot.seat = bot.seat, None
    bot.state, bot.left_at = Membership.State.LEFT, now()
    bot.save(update_fields=["seat", "state", "left_at"])
    return seat
