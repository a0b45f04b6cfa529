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


def invite_choices(ids: Collection[int]) -> dict[int, str]:
    """Who may invite each of the players with ids in ``ids`` (a ``Privacy.Invites``
    value; the default for those who never chose), in one query."""
    chosen = dict(Privacy.objects.filter(player_id__in=ids).values_list("player_id", "invites"))
    default = Privacy._meta.get_field("invites").get_default()
    return {pk: chosen.get(pk, default) for pk in ids}
