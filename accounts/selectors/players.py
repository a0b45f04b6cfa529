"""Reads of players for the other apps: one by its id, and the people who played a game."""

from __future__ import annotations

from collections.abc import Collection

from django.db.models import Q, QuerySet

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


def players_by_ids(ids: Collection[int]) -> QuerySet[Player]:
    """The players whose ids are in ``ids``, their accounts read with them, by name."""
    return Player.objects.filter(pk__in=ids).select_related("user").order_by("name", "pk")


def accounts_named(name: str) -> list[Player]:
    """The people with an account whose account name or player's name is ``name``
    (letter case aside), by name then id."""
    return list(
        Player.objects.filter(user__isnull=False, bot_level="")
        .filter(Q(user__username__iexact=name) | Q(name__iexact=name))
        .select_related("user")
        .order_by("name", "pk")
    )
