"""Reads of each person's privacy choices."""

from __future__ import annotations

from collections.abc import Collection

from accounts.models import Player
from friends.models import Privacy


def privacy_of(player: Player) -> Privacy:
    """``player``'s privacy choices (the defaults, unsaved, when they never chose)."""
    return Privacy.objects.filter(player=player).first() or Privacy(player=player)


def appearing_offline(ids: Collection[int]) -> set[int]:
    """Those of the players with ids in ``ids`` who chose to appear offline."""
    return set(
        Privacy.objects.filter(player_id__in=ids, appear_offline=True).values_list(
            "player_id", flat=True
        )
    )
