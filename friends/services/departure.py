"""What a player who leaves the site leaves behind among their people."""

from __future__ import annotations

from django.db.models import Q

from accounts.models import Player
from common.news import News
from friends.models import Block, FriendRequest, Friendship, Privacy


def friends_forget(sender: object, *, player: Player, **kwargs: object) -> list[News]:
    """``accounts.signals.player_leaving``'s receiver (a deleted account, or a guest whose
    place an account took): ``player``'s friendships, friend requests and blocks, both
    ways, and privacy choices are deleted. Nothing to publish."""
    FriendRequest.objects.filter(Q(sender=player) | Q(receiver=player)).delete()
    Friendship.objects.filter(Q(low=player) | Q(high=player)).delete()
    Block.objects.filter(Q(blocker=player) | Q(blocked=player)).delete()
    Privacy.objects.filter(player=player).delete()
    return []
