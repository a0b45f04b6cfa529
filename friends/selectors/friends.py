"""Reads of friendships and friend requests: a player's friends, the requests waiting
both ways, the people they played with, and their friend link."""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.db.models import Q

from accounts.models import Player
from accounts.selectors.players import players_by_ids
from friends.models import FriendRequest, Friendship
from friends.selectors.blocks import blocked_ids
from play.selectors.played import played_with

LINK_SALT = "friends.link"


def friend_ids(player: Player) -> set[int]:
    """The ids of ``player``'s friends."""
    pairs = Friendship.objects.filter(Q(low=player) | Q(high=player)).values_list(
        "low_id", "high_id"
    )
    return {low if high == player.pk else high for low, high in pairs}


def friends_of(player: Player) -> list[Player]:
    """``player``'s friends, by name."""
    return list(players_by_ids(friend_ids(player)))


def are_friends(a: Player, b: Player) -> bool:
    """Whether ``a`` and ``b`` are friends."""
    low, high = sorted((a.pk, b.pk))
    return Friendship.objects.filter(low_id=low, high_id=high).exists()


def requests_received(player: Player) -> list[FriendRequest]:
    """The friend requests waiting for ``player``'s answer, oldest first."""
    return list(
        FriendRequest.objects.filter(receiver=player)
        .select_related("sender")
        .order_by("created_at", "pk")
    )


def requests_sent(player: Player) -> list[FriendRequest]:
    """The friend requests ``player`` sent that wait for an answer, oldest first."""
    return list(
        FriendRequest.objects.filter(sender=player)
        .select_related("receiver")
        .order_by("created_at", "pk")
    )


def request_between(sender: Player, receiver: Player) -> FriendRequest | None:
    """The pending request from ``sender`` to ``receiver``, if any."""
    return FriendRequest.objects.filter(sender=sender, receiver=receiver).first()


@dataclass(frozen=True)
class Tablemate:
    """A person ``player`` played a finished game with, and where the two stand."""

    player: Player
    state: str  # "friend", "sent" (a request waits), "received" or "none"


def people_played_with(player: Player) -> list[Tablemate]:
    """Everyone with an account who shared a finished game with ``player``, by name
    (those blocked either way left out), with whether they are friends already or a
    request waits."""
    hidden = blocked_ids(player)
    ids = set(played_with(player)) - hidden
    friends = friend_ids(player)
    sent = set(FriendRequest.objects.filter(sender=player).values_list("receiver_id", flat=True))
    received = set(
        FriendRequest.objects.filter(receiver=player).values_list("sender_id", flat=True)
    )

    def state(pk: int) -> str:
        if pk in friends:
            return "friend"
        return "sent" if pk in sent else "received" if pk in received else "none"

    return [Tablemate(p, state(p.pk)) for p in players_by_ids(ids)]


def friend_token(player: Player) -> str:
    """The signed token of ``player``'s friend link (the same every time)."""
    return signing.Signer(salt=LINK_SALT).sign_object(player.pk)


def player_of_token(token: str) -> Player | None:
    """The person whose friend link carries ``token`` (``None``: a bad or forged token,
    or a player without an account)."""
    try:
        pk = signing.Signer(salt=LINK_SALT).unsign_object(token)
    except signing.BadSignature:
        return None
    if not isinstance(pk, int):
        return None
    found = list(players_by_ids([pk]))
    return found[0] if found and found[0].user_id is not None else None
