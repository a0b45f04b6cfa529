"""Blocks: a person blocked (the friendship and any pending request between the two
ended; the blocked person is not told) or unblocked."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from accounts.models import Player
from common.errors import ServiceError
from friends.models import Block, FriendRequest, Friendship
from friends.selectors.blocks import has_blocked
from friends.services.requests import require_account


def block_add(*, player: Player, other: Player) -> None:
    """``player`` blocks ``other`` (a guest may be blocked; a bot, oneself or someone
    blocked already may not)."""
    require_account(player)
    if other.pk == player.pk:
        raise ServiceError("yourself", gettext("that is you"))
    if other.is_bot:
        raise ServiceError("not_a_person", gettext("bots cannot be blocked"))
    with transaction.atomic():
        if has_blocked(player.pk, other.pk):
            raise ServiceError(
                "already_blocked", gettext("you blocked %(name)s already") % {"name": other.name}
            )
        FriendRequest.objects.filter(
            Q(sender=player, receiver=other) | Q(sender=other, receiver=player)
        ).delete()
        low, high = sorted((player.pk, other.pk))
        Friendship.objects.filter(low_id=low, high_id=high).delete()
        Block.objects.create(blocker=player, blocked=other)


def block_remove(*, player: Player, other_id: int) -> None:
    """``player`` unblocks the player with id ``other_id`` (no friendship comes back)."""
    require_account(player)
    with transaction.atomic():
        deleted, _ = Block.objects.filter(blocker=player, blocked_id=other_id).delete()
        if not deleted:
            raise ServiceError("not_blocked", gettext("you have not blocked this person"))
