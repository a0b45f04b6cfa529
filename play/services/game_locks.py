"""Games locked for the other apps' services, in the caller's transaction (the room's
row locked first, as every service does), and a seat's card kept for its player."""

from __future__ import annotations

from accounts.models import Player
from play.models import Game, Scorecard
from rooms.models import Room


def game_lock(game_id: int) -> Game:
    """The game with ``game_id``, locked in the caller's transaction
    (``Game.DoesNotExist`` when there is none)."""
    return Game.objects.select_for_update().get(pk=game_id)


def game_in_play_lock(room: Room) -> Game | None:
    """The room's game in play, locked in the caller's transaction, or ``None``."""
    return Game.objects.select_for_update().filter(room=room, status=Game.Status.PLAYING).first()


def card_hold_for(card: Scorecard, person: Player) -> None:
    """Mark ``card``'s seat as kept for ``person`` (a bot plays it meanwhile), in the
    caller's transaction."""
    Scorecard.objects.filter(pk=card.pk).update(held_for=person)
