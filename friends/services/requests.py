"""Friend requests and friendships: a request made, accepted, declined or cancelled;
two crossing requests made a friendship; a friend removed."""

from __future__ import annotations

from functools import partial

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext

from accounts.models import Player
from common.errors import ServiceError
from friends.models import FriendRequest, Friendship
from friends.selectors.blocks import blocked_between
from friends.selectors.friends import are_friends
from friends.signals import friend_accepted, friend_requested


def require_account(player: Player) -> None:
    """Refuse a guest or a bot: friends and blocks are for people with an account."""
    if player.is_bot or player.user_id is None:
        raise ServiceError("account_needed", gettext("friends are for people with an account"))


def _require_other_person(player: Player, other: Player) -> None:
    require_account(player)
    if other.pk == player.pk:
        raise ServiceError("yourself", gettext("that is you"))
    if other.is_bot:
        raise ServiceError("not_a_person", gettext("bots cannot be friends"))
    if other.user_id is None:
        raise ServiceError(
            "no_account", gettext("%(name)s has no account yet") % {"name": other.name}
        )


def _befriend(a: Player, b: Player) -> None:
    """Make ``a`` and ``b`` friends, their pending requests gone (the caller's
    transaction)."""
    FriendRequest.objects.filter(Q(sender=a, receiver=b) | Q(sender=b, receiver=a)).delete()
    low, high = sorted((a.pk, b.pk))
    Friendship.objects.get_or_create(low_id=low, high_id=high)


def friend_request_send(*, player: Player, other: Player) -> bool:
    """``player`` asks ``other`` to be friends; if ``other`` had asked ``player`` already,
    the two become friends at once. Refused for oneself, a bot, a guest, a blocked pair,
    friends already, or a request already sent. Returns whether they are now friends."""
    _require_other_person(player, other)
    with transaction.atomic():
        if blocked_between(player.pk, other.pk):
            raise ServiceError(
                "unavailable", gettext("you cannot send this person a friend request")
            )
        if are_friends(player, other):
            raise ServiceError(
                "already_friends",
                gettext("you and %(name)s are friends already") % {"name": other.name},
            )
        crossing = FriendRequest.objects.filter(sender=other, receiver=player).exists()
        if crossing:
            _befriend(player, other)
            transaction.on_commit(
                partial(
                    friend_accepted.send, sender=Friendship, player_id=player.pk, friend_id=other.pk
                )
            )
            return True
        try:
            with transaction.atomic():
                FriendRequest.objects.create(sender=player, receiver=other)
        except IntegrityError:
            raise ServiceError(
                "already_asked",
                gettext("you asked %(name)s already") % {"name": other.name},
            ) from None
        transaction.on_commit(
            partial(
                friend_requested.send,
                sender=FriendRequest,
                sender_id=player.pk,
                receiver_id=other.pk,
            )
        )
    return False


def friend_request_accept(*, player: Player, sender_id: int) -> None:
    """``player`` accepts the request of the player with id ``sender_id``: friends."""
    require_account(player)
    with transaction.atomic():
        request = (
            FriendRequest.objects.select_for_update()
            .select_related("sender")
            .filter(sender_id=sender_id, receiver=player)
            .first()
        )
        if request is None:
            raise ServiceError("no_request", gettext("there is no such friend request"))
        _befriend(player, request.sender)
        transaction.on_commit(
            partial(
                friend_accepted.send, sender=Friendship, player_id=player.pk, friend_id=sender_id
            )
        )


def friend_request_decline(*, player: Player, sender_id: int) -> None:
    """``player`` declines the request of the player with id ``sender_id`` (who is not
    told)."""
    require_account(player)
    with transaction.atomic():
        deleted, _ = FriendRequest.objects.filter(sender_id=sender_id, receiver=player).delete()
        if not deleted:
            raise ServiceError("no_request", gettext("there is no such friend request"))


def friend_request_cancel(*, player: Player, receiver_id: int) -> None:
    """``player`` takes back their request to the player with id ``receiver_id``."""
    require_account(player)
    with transaction.atomic():
        deleted, _ = FriendRequest.objects.filter(sender=player, receiver_id=receiver_id).delete()
        if not deleted:
            raise ServiceError("no_request", gettext("there is no such friend request"))


def friend_remove(*, player: Player, friend_id: int) -> None:
    """``player`` and the player with id ``friend_id`` are friends no more."""
    require_account(player)
    low, high = sorted((player.pk, friend_id))
    with transaction.atomic():
        deleted, _ = Friendship.objects.filter(low_id=low, high_id=high).delete()
        if not deleted:
            raise ServiceError("not_friends", gettext("you are not friends"))
