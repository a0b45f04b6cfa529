"""Reads of the coach's stored reviews for the other apps."""

from __future__ import annotations

from accounts.models import Player
from coach.models import GameReview
from play.models import Game


def review_of_player(*, game: Game, player: Player) -> GameReview | None:
    """``player``'s stored review of ``game``, or ``None``."""
    return GameReview.objects.filter(game=game, player=player).first()
