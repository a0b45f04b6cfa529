"""The outbox (``Notice``) as every way of sending reads it: how often a notice is tried,
the address of a player's account, whether the turn a notice is about is still open,
and handing a notice back to be sent later. ``notices.services.notices`` (push, and the
notifier's pass) and ``notices.services.notice_emails`` build on it."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth import get_user_model

from accounts.models import Player
from notices.models import Notice
from play.models import Game, Turn
from play.selectors.games import open_turn_of_player

# A notice that could not reach a device is tried again after this (times the attempts so
# far), at most MAX_ATTEMPTS times in all.
RETRY_AFTER = timedelta(minutes=2)
MAX_ATTEMPTS = 5


def address_of(player: Player) -> str:
    """The confirmed email address of the player's account ("" for none)."""
    if player.user_id is None:
        return ""
    return (
        get_user_model().objects.filter(pk=player.user_id).values_list("email", flat=True).first()
        or ""
    )


def game_of(notice: Notice) -> Game:
    """The game a turn's notice is about (an invite's notice has none: a caller's bug)."""
    if notice.game is None:
        raise ValueError(f"notice {notice.pk} is about no game's turn")
    return notice.game


def open_turn_of(notice: Notice) -> Turn | None:
    """The turn a notice is about while it is still open and its seat still the
    player's (a bot may keep it now)."""
    return open_turn_of_player(game=game_of(notice), number=notice.turn, player=notice.player)


def postpone(notice: Notice, until: datetime) -> None:
    """Give a claimed notice back to the outbox, due ``until``."""
    Notice.objects.filter(pk=notice.pk).update(due_at=until, claimed_at=None)
