"""What a player has played, for their profile's figures: their scorecards of past games
and the rolls of their turns in finished ones."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.db.models import Count, OuterRef, QuerySet, Subquery

from accounts.models import Player
from play.models import Game, Scorecard, Turn

# (game status, rule set, room code, game number, finished at, card data, total, rank,
# seats in the game, the daily challenge's day or None)
PlayedCard = tuple[str, str, str, int, datetime | None, Any, int, int | None, int, date | None]


def played_cards(player: Player) -> QuerySet[Scorecard, PlayedCard]:
    """``player``'s scorecards of finished and ended games, newest first, each as a
    ``PlayedCard``."""
    seats = Subquery(
        Scorecard.objects.filter(game=OuterRef("game"))
        .values("game")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return (
        Scorecard.objects.filter(
            player=player, game__status__in=[Game.Status.FINISHED, Game.Status.ENDED]
        )
        .annotate(seats=seats)
        .order_by("-game__finished_at", "-game_id")
        .values_list(
            "game__status",
            "game__ruleset",
            "game__room__code",
            "game__number",
            "game__finished_at",
            "data",
            "total",
            "rank",
            "seats",
            "game__daily_attempt__challenge__day",
        )
    )


def finished_rolls(player: Player) -> QuerySet[Turn, tuple[str, Any]]:
    """(rule set, rolls) of ``player``'s own turns in finished games."""
    return Turn.objects.filter(
        player=player, game__status=Game.Status.FINISHED, game__scorecards__player=player
    ).values_list("game__ruleset", "rolls")


def played_with(player: Player) -> QuerySet[Scorecard, int]:
    """The ids of the people with an account who sat in a finished game with ``player``
    (bots and guests aside), each once."""
    return (
        Scorecard.objects.filter(
            game__status=Game.Status.FINISHED,
            game__scorecards__player=player,
            player__user__isnull=False,
            player__bot_level="",
        )
        .exclude(player=player)
        .values_list("player_id", flat=True)
        .distinct()
    )
