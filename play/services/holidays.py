"""Holidays in rooms by the day: a player pauses their own clock for up to seven days a
game, when the host allows it.

A holiday moves the seat's deadline by exactly as long as it lasts: started during the
player's turn, the deadline moves on by the holiday; a turn that comes while it runs
has its time counted from its end (``play.services.turns.deadline_for``); ended early, the
unused days go back to the seat's allowance and come off the deadline.
"""

from __future__ import annotations

import math
from datetime import timedelta

from django.utils.translation import gettext, ngettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.news import Answer
from common.protocol.events import HolidayData
from play.models import Game, Scorecard
from play.modes import mode_of, raise_refusal
from play.services.core import Done, bump, playing_game, room_act
from play.services.turns import shift_seat_deadline
from rooms.models import Room

MAX_DAYS = 7
DAY = 24 * 3600
MIN_LEFT = 3600  # less than an hour of holiday left is none


def _card(room: Room, player: Player) -> tuple[Game, Scorecard]:
    """The game in play of a room by the day and ``player``'s seat in it."""
    raise_refusal(mode_of(room).timing.holiday_refusal())
    game = playing_game(room)
    card = game.scorecards.filter(player=player).first()
    if card is None:
        raise ServiceError(
            "not_a_player", gettext("only the players of this game take holidays from it")
        )
    return game, card


def seat_holiday(*, player: Player, code: str, days: int, request_id: str | None = None) -> Answer:
    """Pause the player's clock for ``days`` (1-7, within what is left of their seven
    days in this game; the last of them as long as what is left)."""
    return room_act("holiday", player, code, request_id, lambda room: _holiday(room, player, days))


def _holiday(room: Room, player: Player, days: int) -> Done:
    game, card = _card(room, player)
    if not room.holidays:
        raise ServiceError("no_holidays", gettext("the host does not allow holidays in this room"))
    moment = now()
    if card.holiday_until is not None and card.holiday_until > moment:
        raise ServiceError("on_holiday", gettext("you are on holiday already: end it first"))
    left = card.holiday_left
    if left < MIN_LEFT:
        raise ServiceError("no_holiday_left", gettext("you have no holiday left in this game"))
    most = min(MAX_DAYS, math.ceil(left / DAY))  # the last day: what is left of it
    if not 1 <= days <= most:
        raise ServiceError(
            "bad_days",
            ngettext(
                "a holiday lasts 1 day (what you have left in this game)",
                "a holiday lasts 1 to %(n)s days (what you have left in this game)",
                most,
            )
            % {"n": most},
        )
    length = min(timedelta(days=days), timedelta(seconds=left))
    card.holiday_until = moment + length
    card.holiday_left -= int(length.total_seconds())
    card.save(update_fields=["holiday_until", "holiday_left"])
    shift_seat_deadline(game, card, length)
    data: HolidayData = {
        "seat": card.seat,
        "player": player.name,
        "days": days,
        "until": card.holiday_until.isoformat(),
    }
    return Done(bump(room, "holiday", actor=player, game=game, data=data), game)


def seat_holiday_end(*, player: Player, code: str, request_id: str | None = None) -> Answer:
    """End the player's holiday now: the unused time goes back to their allowance (to
    the second) and comes off their turn's deadline."""
    return room_act(
        "holiday_end", player, code, request_id, lambda room: _holiday_end(room, player)
    )


def _holiday_end(room: Room, player: Player) -> Done:
    game, card = _card(room, player)
    moment = now()
    if card.holiday_until is None or card.holiday_until <= moment:
        raise ServiceError("not_on_holiday", gettext("you are not on holiday"))
    unused = card.holiday_until - moment
    card.holiday_until = None
    card.holiday_left += int(unused.total_seconds())
    card.save(update_fields=["holiday_until", "holiday_left"])
    shift_seat_deadline(game, card, -unused)
    data: HolidayData = {"seat": card.seat, "player": player.name}
    return Done(bump(room, "holiday_ended", actor=player, game=game, data=data), game)
