"""Reads of blocks: whether two people are apart, who a player blocked or is blocked
by, and, for a room, whose chat each member does not see."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from django.db.models import Q

from accounts.models import Player
from friends.models import Block


def blocked_between(a: int, b: int) -> bool:
    """Whether either of the players with ids ``a`` and ``b`` blocked the other."""
    return Block.objects.filter(
        Q(blocker_id=a, blocked_id=b) | Q(blocker_id=b, blocked_id=a)
    ).exists()


def has_blocked(blocker: int, blocked: int) -> bool:
    """Whether the player with id ``blocker`` blocked the one with id ``blocked``."""
    return Block.objects.filter(blocker_id=blocker, blocked_id=blocked).exists()


def blocked_ids(player: Player) -> set[int]:
    """The ids of the people ``player`` blocked or is blocked by."""
    pairs = Block.objects.filter(Q(blocker=player) | Q(blocked=player)).values_list(
        "blocker_id", "blocked_id"
    )
    return {blocked if blocker == player.pk else blocker for blocker, blocked in pairs}


def blocks_made(player: Player) -> list[Block]:
    """The blocks ``player`` made, newest first, with the people blocked."""
    return list(
        Block.objects.filter(blocker=player).select_related("blocked").order_by("-created_at")
    )


def blocked_by_any(player_id: int, blockers: Iterable[int]) -> bool:
    """Whether any of the players with ids in ``blockers`` (a query of ids serves, as a
    subquery) blocked ``player_id``."""
    return Block.objects.filter(blocked_id=player_id, blocker_id__in=blockers).exists()


def hidden_among(members: Collection[int]) -> dict[int, frozenset[int]]:
    """For each of ``members`` (player ids) who blocked others of them, the ids of those
    they blocked: whose chat they do not see (one query; members who blocked nobody
    there are left out)."""
    hidden: dict[int, set[int]] = {}
    if len(members) < 2:  # nobody to hide from anybody
        return {}
    for blocker, blocked in Block.objects.filter(
        blocker_id__in=members, blocked_id__in=members
    ).values_list("blocker_id", "blocked_id"):
        hidden.setdefault(blocker, set()).add(blocked)
    return {viewer: frozenset(ids) for viewer, ids in hidden.items()}


def blockers_of(player_id: int) -> set[int]:
    """The ids of the people who blocked the player with id ``player_id``."""
    return set(Block.objects.filter(blocked_id=player_id).values_list("blocker_id", flat=True))


def blocked_by(player: Player) -> list[int]:
    """The ids of the people ``player`` blocked."""
    return list(Block.objects.filter(blocker=player).values_list("blocked_id", flat=True))
