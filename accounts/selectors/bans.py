"""Reads about bans that the pages need outside a room."""

from __future__ import annotations

from collections.abc import Collection

from accounts.models import Player, banned_now


def any_banned(player_ids: Collection[int]) -> bool:
    """Whether one of the players ``player_ids`` is banned now (one query)."""
    return Player.objects.filter(banned_now(), pk__in=list(player_ids)).exists()
