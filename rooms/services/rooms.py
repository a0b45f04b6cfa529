"""Rooms: create and configure, join, take a seat, leave, start and rematch (kick and
mute, bots: ``rooms.services.room_hosting``)."""

from __future__ import annotations

from typing import Any, cast

from django.db import transaction
from django.utils.translation import gettext, ngettext

from accounts.models import Player
from accounts.services.players import player_rename, unique_name
from common.clock import now
from common.errors import ServiceError
from common.news import Answer, News
from common.protocol.events import Departure, RoomSettings
from common.protocol.keys import Pace
from friends.selectors.blocks import blocked_by_any
from play.models import Game
from play.modes import mode_of, pace_named, raise_refusal
from play.services.core import (
    Done,
    bump,
    current_game,
    membership,
    require_host,
    require_not_banned,
    room_act,
)
from play.services.play import begin_game, end_game
from rooms.models import Invite, Membership, Room
from rooms.selectors.tablemates import names_beside
from rooms.services.bot_seats import hand_seat_to_bot
from rooms.services.devices import note_device
from rooms.services.invite_expiry import invites_expire, invites_expire_closed, invites_expire_full
from rooms.services.invite_sending import rematch_locked
from rooms.services.public_tables import seat_for_newcomer
from rooms.services.room_rows import new_code
from rooms.services.room_settings import (
    checked_duplicate,
    checked_holidays,
    checked_rated,
    checked_settings,
)
from rooms.services.seating import active_members, close_ranks, free_seat, seated_members


def game_in_play(room: Room) -> Game | None:
    """The room's latest game, locked, if it is in play (``None`` otherwise)."""
    game = current_game(room)
    return game if game is not None and game.status == Game.Status.PLAYING else None


def _settings_news(room: Room) -> RoomSettings:
    """The room's settings as its ``room_created`` and ``room_configured`` events say."""
    return {
        "ruleset": room.ruleset,
        "options": dict(room.options),
        "seats": room.seat_count,
        "pace": cast(Pace, room.pace),  # one of the modes' (play.modes)
        "turn_seconds": room.turn_seconds,
        "holidays": room.holidays,
        "together": room.together,
        "duplicate": room.duplicate,
    }


def room_create(
    *,
    player: Player,
    ruleset: str,
    options: dict[str, Any] | None = None,
    seats: int = 4,
    turn_seconds: int | None = None,
    pace: str = Room.Pace.LIVE,
    holidays: bool | None = None,
    together: bool | None = None,
    duplicate: bool | None = None,
    rated: bool = False,
    public: bool = False,
    browser: str = "",
    address: str = "",
) -> Room:
    """Open a private room with the host in the first seat (``browser`` and ``address``:
    the id of the browser it is opened from and the hash of its address, kept with the
    membership: ``rooms.services.devices``). ``pace``: live or by the day
    (``turn_seconds`` is then hours or days; ``holidays`` lets players pause their clock,
    allowed when left out). ``together``: everyone's turn at once, by the day's default;
    ``duplicate``: every seat rolls the same dice (at once), off when left out;
    ``rated``: its games change the players' ratings (decision 0070); ``public``: open to
    anyone (docs/open-tables.md)."""
    require_not_banned(player)
    if player.is_bot:
        raise ServiceError("not_a_person", gettext("bots do not open rooms"))
    rs, seat_count, pace, timer = checked_settings(ruleset, options, seats, turn_seconds, pace)
    allowed = checked_holidays(holidays, True)
    same_dice, at_once = checked_duplicate(
        duplicate, together, False, pace_named(pace).rounds_by_default
    )
    with transaction.atomic():
        room = Room.objects.create(
            code=new_code(),
            host=player,
            ruleset=rs.name,
            options=dict(rs.options),
            seat_count=seat_count,
            pace=pace,
            turn_seconds=timer,
            holidays=allowed,
            together=at_once,
            duplicate=same_dice,
            rated=rated,
            public=public,
            last_activity_at=now(),
        )
        Membership.objects.create(
            room=room, player=player, seat=0, browser=browser, address=address
        )
        bump(room, "room_created", actor=player, data=_settings_news(room))
    return room


def room_configure(
    *,
    player: Player,
    code: str,
    ruleset: str,
    options: dict[str, Any],
    seats: int,
    turn_seconds: int | None,
    coach: bool | None = None,
    pace: str | None = None,
    holidays: bool | None = None,
    together: bool | None = None,
    duplicate: bool | None = None,
    rated: bool | None = None,
    request_id: str | None = None,
) -> Answer:
    """The host changes the room's settings between games; seated players close ranks.
    ``coach`` turns the coach's hints on or off, ``pace`` sets live or by the day,
    ``holidays`` allows holidays, ``together`` plays everyone's turn at once and
    ``duplicate`` gives every seat the same dice, ``rated`` makes its games rated (before
    the first game only; ``None``: each stays as it is; turning ``together`` off turns
    duplicate dice off too)."""
    return room_act(
        "configure",
        player,
        code,
        request_id,
        lambda room: _configure(
            room,
            player,
            ruleset=ruleset,
            options=options,
            seats=seats,
            turn_seconds=turn_seconds,
            coach=coach,
            pace=pace,
            holidays=holidays,
            together=together,
            duplicate=duplicate,
            rated=rated,
        ),
    )


def _configure(
    room: Room,
    player: Player,
    *,
    ruleset: str,
    options: dict[str, Any],
    seats: int,
    turn_seconds: int | None,
    coach: bool | None,
    pace: str | None,
    holidays: bool | None,
    together: bool | None,
    duplicate: bool | None,
    rated: bool | None,
) -> Done:
    rs, seat_count, pace, timer = checked_settings(
        ruleset, options, seats, turn_seconds, room.pace if pace is None else pace
    )
    allowed = checked_holidays(holidays, room.holidays)
    same_dice, at_once = checked_duplicate(
        duplicate, together, together is not False and room.duplicate, room.together
    )
    require_host(room, player)
    if game_in_play(room) is not None:
        raise ServiceError("game_in_progress", gettext("settings change between games"))
    seated = seated_members(room)
    if len(seated) > seat_count:
        raise ServiceError(
            "seats_taken",
            ngettext(
                "%(n)s seat is taken: free some first",
                "%(n)s seats are taken: free some first",
                len(seated),
            )
            % {"n": len(seated)},
        )
    room.rated = checked_rated(room, rated, played=room.games.exists())
    # A rated table seats no bot (play.modes.rated).
    raise_refusal(mode_of(room).ranking.bots_refusal(sum(m.player.is_bot for m in seated)))
    close_ranks(seated)
    room.ruleset, room.options = rs.name, dict(rs.options)
    room.seat_count, room.pace, room.turn_seconds = seat_count, pace, timer
    room.holidays, room.together, room.duplicate = allowed, at_once, same_dice
    if coach is not None:
        room.coach_enabled = coach
    news: RoomSettings = {**_settings_news(room), "coach": room.coach_enabled}
    return Done(bump(room, "room_configured", actor=player, data=news))


def room_join(
    *,
    player: Player,
    code: str,
    browser: str = "",
    address: str = "",
    request_id: str | None = None,
) -> Answer:
    """Join by code: a free seat before the first game, a spectator's chair once games
    have been played (or while one is in progress). ``browser`` is the id of the browser
    asking (``common.browsers``): one someone was kicked from is refused too;
    ``address`` the hash of its address (both kept: ``rooms.services.devices``)."""
    return room_act(
        "join", player, code, request_id, lambda room: join_locked(room, player, browser, address)
    )


def require_not_blocked(room: Room, player: Player) -> None:
    """Refuse a person any active member of ``room`` blocked, in words that do not say
    so (docs/friends.md)."""
    members = Membership.objects.filter(room=room, state=Membership.State.ACTIVE).exclude(
        player=player
    )
    if blocked_by_any(player.pk, members.values_list("player_id", flat=True)):
        raise ServiceError("cannot_join", gettext("you cannot join this room"))


def join_locked(room: Room, player: Player, browser: str = "", address: str = "") -> Done:
    """``room_join``'s step, on the room its caller locked."""
    member = Membership.objects.filter(room=room, player=player).first()
    if member is not None and member.state == Membership.State.KICKED:
        raise ServiceError("kicked", gettext("the host removed you from this room"))
    if member is not None and member.state == Membership.State.ACTIVE:
        member.save(update_fields=note_device(member, browser=browser, address=address))
        return Done(None, extra={"seat": member.seat}, remember=False)
    if (
        browser
        and Membership.objects.filter(
            room=room, state=Membership.State.KICKED, browser=browser
        ).exists()
    ):
        raise ServiceError(
            "kicked", gettext("the host removed someone using this browser from this room")
        )
    require_not_blocked(room, player)
    seat = None if room.games.exists() else seat_for_newcomer(room)
    if seat is None and not room.games.exists():
        raise ServiceError("room_full", gettext("every seat of this room is taken"))
    name = unique_name(player.name, names_beside(player, room))
    if name != player.name:  # two Alices at one table: the newcomer is "Alice 2"
        player_rename(player=player, name=name)
    if member is None:
        member = Membership.objects.create(
            room=room, player=player, seat=seat, browser=browser, address=address
        )
    else:
        member.state, member.seat, member.left_at = Membership.State.ACTIVE, seat, None
        note_device(member, browser=browser, address=address)
        member.save()
    event = bump(room, "joined", actor=player, data={"player": player.name, "seat": seat})
    news = invites_expire_full(room) if seat is not None else []
    return Done(event, extra={"seat": seat}, news=tuple(news))


def room_take_seat(*, player: Player, code: str, request_id: str | None = None) -> Answer:
    """A spectator takes a free seat for the next game."""
    return room_act("take_seat", player, code, request_id, lambda room: seat_take(room, player))


def seat_take(room: Room, player: Player) -> Done:
    """``room_take_seat``'s step, on the room its caller locked."""
    member = membership(room, player)
    if member.seat is not None:
        raise ServiceError("already_seated", gettext("you already have a seat"))
    if game_in_play(room) is not None:
        raise ServiceError("game_in_progress", gettext("seats change between games"))
    require_not_blocked(room, player)
    seat = free_seat(room)
    if seat is None:
        raise ServiceError("room_full", gettext("every seat of this room is taken"))
    member.seat = seat
    member.save(update_fields=["seat"])
    event = bump(room, "seat_taken", actor=player, data={"player": player.name, "seat": seat})
    return Done(event, extra={"seat": seat}, news=tuple(invites_expire_full(room)))


def member_depart(room: Room, game: Game | None, member: Membership, state: str) -> Departure:
    """Take a person out of the room: a bot finishes their game; the host role moves on.
    ``game`` is the locked game in play, if any (the same object the caller saves)."""
    bot = hand_seat_to_bot(room, game, member) if member.seat is not None else None
    member.state, member.seat, member.left_at = state, None, now()
    member.save()
    data: Departure = {"player": member.player.name, "bot": bot.name if bot else None}
    if room.host_id == member.player_id and room.status == Room.Status.OPEN:
        people = [m for m in active_members(room) if not m.player.is_bot]
        successor = next((m for m in people if m.seat is not None), people[0] if people else None)
        if successor is None:
            room.status, room.closed_at = Room.Status.CLOSED, now()
            room.closed_reason = "everyone left"
            if game is not None and game.status == Game.Status.PLAYING:
                end_game(game, "everyone left")
            data["closed"] = True
        else:
            room.host = successor.player
            data["host"] = successor.player.name
            if successor.muted:  # the host is never muted: no one could lift it
                successor.muted = False
                successor.save(update_fields=["muted"])
    return data


def room_leave(*, player: Player, code: str, request_id: str | None = None) -> Answer:
    """Leave the room; a game seat in play goes to a bot so the table is never blocked."""
    return room_act(
        "leave", player, code, request_id, lambda room: _leave(room, player), allow_closed=True
    )


def _leave(room: Room, player: Player) -> Done:
    member = membership(room, player)
    game = game_in_play(room)
    data = member_depart(room, game, member, Membership.State.LEFT)
    event = bump(room, "left", actor=player, game=game if data["bot"] else None, data=data)
    return Done(event, news=tuple(invites_expire_closed(room)))


def _start(room: Room, player: Player) -> Done:
    """Start the next game with the people and bots seated (the caller holds the lock);
    the room's invites expire."""
    require_host(room, player)
    if game_in_play(room) is not None:
        raise ServiceError("game_in_progress", gettext("a game is already being played"))
    seated = seated_members(room)
    if not any(not m.player.is_bot for m in seated):
        raise ServiceError("no_people", gettext("at least one person must have a seat"))
    raise_refusal(mode_of(room).ranking.bots_refusal(sum(m.player.is_bot for m in seated)))
    close_ranks(seated)
    game = begin_game(room, seated)
    event = bump(
        room,
        "game_started",
        actor=player,
        game=game,
        data={"number": game.number, "seats": [m.player.name for m in seated]},
    )
    return Done(event, game, news=tuple(invites_expire(room, Invite.Why.STARTED)))


def room_start(*, player: Player, code: str, request_id: str | None = None) -> Answer:
    """The host starts a game (the first, or a rematch) with the people and bots seated."""
    return room_act("start", player, code, request_id, lambda room: _start(room, player))


def room_rematch(*, player: Player, code: str, request_id: str | None = None) -> Answer:
    """Play again with the same seats once the game is over; when people of the last game
    are not at the table, invite them first (``invited``, ``refused``: no game yet), and
    start on the next rematch."""
    return room_act("rematch", player, code, request_id, lambda room: _rematch(room, player))


def _rematch(room: Room, player: Player) -> Done:
    if current_game(room) is None:
        raise ServiceError("not_started", gettext("there is no game to play again yet"))
    require_host(room, player)
    sent = rematch_locked(room, player)
    if sent is not None:
        return Done(None, extra=sent.as_json(), news=tuple(sent.news))
    return _start(room, player)


def rooms_leave_all(sender: object, *, player: Player, **kwargs: object) -> list[News]:
    """``accounts.signals.player_leaving``'s receiver: leave every open room ``player`` is
    in, as leaving does (a live seat goes to a bot); the rooms' changes."""
    codes = Membership.objects.filter(
        player=player,
        state=Membership.State.ACTIVE,
        room__status=Room.Status.OPEN,
    ).values_list("room__code", flat=True)
    return [news for code in list(codes) for news in room_leave(player=player, code=code).news]
