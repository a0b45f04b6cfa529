"""Work the server does on its own: expired turns, bot moves, idle rooms.

Safe with several server processes: each piece of work is claimed under the
game's row lock and re-checked there, so it is done once.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.db.models.functions import Coalesce

from games.models import Game, Room
from games.services._core import bump, lock_room, now
from games.services.play import end_game, run_due_game

IDLE = timedelta(hours=24)
log = logging.getLogger(__name__)


def games_run_due(*, at: datetime | None = None, limit: int = 100) -> int:
    """Do the bot actions and expired turns due at ``at``, longest overdue first; returns
    how many were done.  A game whose work fails is logged and left for the next pass:
    it never stops the others."""
    moment = at or now()
    due = (Game.objects.filter(status=Game.Status.PLAYING)
           .filter(Q(bot_due_at__lte=moment) | Q(turn_deadline__lte=moment))
           .order_by(Coalesce("bot_due_at", "turn_deadline"), "id")
           .values_list("id", flat=True)[:limit])
    done = 0
    for game_id in list(due):
        try:
            done += run_due_game(game_id, moment) is not None
        except Exception:
            log.exception("due work of game %s failed; it will be tried again", game_id)
    return done


def rooms_close_idle(*, at: datetime | None = None, idle: timedelta = IDLE) -> int:
    """Close open rooms with no activity for ``idle`` (a game in them ends); returns how many."""
    moment = at or now()
    codes = list(Room.objects.filter(status=Room.Status.OPEN, last_activity_at__lt=moment - idle)
                 .values_list("code", flat=True))
    closed = 0
    for code in codes:
        with transaction.atomic():
            room = lock_room(code)
            if room.status != Room.Status.OPEN or room.last_activity_at >= moment - idle:
                continue
            game = Game.objects.select_for_update().filter(
                room=room, status=Game.Status.PLAYING).first()
            if game is not None:
                end_game(game, "room closed after 24 hours without activity")
            room.status, room.closed_at = Room.Status.CLOSED, now()
            room.closed_reason = "no activity for 24 hours"
            bump(room, "room_closed", game=game, data={"reason": room.closed_reason})
            closed += 1
    return closed
