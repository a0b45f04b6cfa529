"""Reads of players for the other apps: one by its id, and the people who played a game."""

from __future__ import annotations

from collections.abc import Collection

from django.db.models import QuerySet

from accounts.models import Player


def player_by_id(player_id: int, *, with_account: bool = False) -> Player | None:
    """The player with ``player_id`` (its user account read with it when
    ``with_account``), or ``None``."""
    found = Player.objects.filter(pk=player_id)
    return (found.select_related("user") if with_account else found).first()


def people_of_game(game_id: int, *, excluding: Collection[int]) -> QuerySet[Player]:
    """The people (bots aside) who had turns in the game with ``game_id``, but for the
    players whose ids are in ``excluding``, by id."""
    return (
        Player.objects.filter(turns__game=game_id, bot_level="")
        .exclude(pk__in=excluding)
        .distinct()
        .order_by("pk")
    )
