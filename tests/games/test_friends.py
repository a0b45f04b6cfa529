"""Friends: requests by name, link or played-with, answered or cancelled; crossing
requests; blocks and privacy. Every refusal changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.db import transaction

from accounts.models import Player
from accounts.selectors.players import accounts_named
from accounts.services.accounts import account_delete
from common.errors import ServiceError
from friends.models import Block, FriendRequest, Friendship, Privacy
from friends.selectors.blocks import blocked_between, blocked_ids, hidden_among
from friends.selectors.friends import (
    friend_ids,
    friend_token,
    people_played_with,
    player_of_token,
    requests_received,
    requests_sent,
)
from friends.selectors.privacy import appearing_offline, privacy_of
from friends.services.blocks import block_add, block_remove
from friends.services.privacy import privacy_set
from friends.services.requests import (
    friend_remove,
    friend_request_accept,
    friend_request_cancel,
    friend_request_decline,
    friend_request_send,
)
from friends.signals import friend_accepted, friend_requested
from play.models import Game
from tests.support.fixture_types import MakeAccount, MakePlayer, MakeRoom


def rows() -> tuple[int, int, int, int]:
    return (
        FriendRequest.objects.count(),
        Friendship.objects.count(),
        Block.objects.count(),
        Privacy.objects.count(),
    )


@pytest.fixture
def heard() -> Iterator[list[tuple[str, dict[str, object]]]]:
    """What the friends' signals said."""
    said: list[tuple[str, dict[str, object]]] = []

    def requested(sender: object, **kwargs: object) -> None:
        said.append(("requested", {k: v for k, v in kwargs.items() if k != "signal"}))

    def accepted(sender: object, **kwargs: object) -> None:
        said.append(("accepted", {k: v for k, v in kwargs.items() if k != "signal"}))

    friend_requested.connect(requested)
    friend_accepted.connect(accepted)
    yield said
    friend_requested.disconnect(requested)
    friend_accepted.disconnect(accepted)


@pytest.mark.django_db(transaction=True)
def test_a_request_accepted_makes_friends_and_each_signal_comes_after_commit(
    account: MakeAccount, heard: list[tuple[str, dict[str, object]]]
) -> None:
    ada, bob = account("Ada"), account("Bob")
    with transaction.atomic():
        assert friend_request_send(player=ada, other=bob) is False
        assert heard == []  # not before the commit
    assert heard == [("requested", {"sender_id": ada.pk, "receiver_id": bob.pk})]
    assert [r.sender for r in requests_received(bob)] == [ada]
    assert [r.receiver for r in requests_sent(ada)] == [bob]
    friend_request_accept(player=bob, sender_id=ada.pk)
    assert heard[-1] == ("accepted", {"player_id": bob.pk, "friend_id": ada.pk})
    assert friend_ids(ada) == {bob.pk} and friend_ids(bob) == {ada.pk}
    assert rows() == (0, 1, 0, 0)
    friend_remove(player=bob, friend_id=ada.pk)
    assert friend_ids(ada) == set() and rows() == (0, 0, 0, 0)


def test_crossing_requests_become_a_friendship(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    friend_request_send(player=ada, other=bob)
    assert friend_request_send(player=bob, other=ada) is True
    assert friend_ids(bob) == {ada.pk} and rows() == (0, 1, 0, 0)


def test_decline_and_cancel_leave_no_friendship(account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    friend_request_send(player=ada, other=bob)
    friend_request_send(player=ada, other=cy)
    friend_request_decline(player=bob, sender_id=ada.pk)
    friend_request_cancel(player=ada, receiver_id=cy.pk)
    assert rows() == (0, 0, 0, 0)


def test_every_bad_request_is_refused_and_changes_nothing(
    account: MakeAccount, make_player: MakePlayer
) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    guest = make_player("Guest")
    bot = Player.objects.create(name="Robo", bot_level="beginner")
    friend_request_send(player=ada, other=bob)
    friend_request_send(player=ada, other=cy)
    friend_request_accept(player=cy, sender_id=ada.pk)
    block_add(player=bob, other=account("Dee"))
    dee = Player.objects.get(name="Dee")
    before = rows()
    refusals: dict[str, Callable[[], object]] = {
        "yourself": lambda: friend_request_send(player=ada, other=ada),
        "not_a_person": lambda: friend_request_send(player=ada, other=bot),
        "no_account": lambda: friend_request_send(player=ada, other=guest),
        "account_needed": lambda: friend_request_send(player=guest, other=ada),
        "already_asked": lambda: friend_request_send(player=ada, other=bob),
        "already_friends": lambda: friend_request_send(player=cy, other=ada),
        "unavailable": lambda: friend_request_send(player=dee, other=bob),
        "no_request": lambda: friend_request_accept(player=ada, sender_id=bob.pk),
        "not_friends": lambda: friend_remove(player=ada, friend_id=bob.pk),
        "already_blocked": lambda: block_add(player=bob, other=dee),
        "not_blocked": lambda: block_remove(player=ada, other_id=bob.pk),
        "bad_choice": lambda: privacy_set(player=ada, appear_offline=True, invites="everyone"),
    }
    for code, refused in refusals.items():
        with pytest.raises(ServiceError) as error:
            refused()
        assert error.value.code == code
        assert rows() == before, code
    # the other way round, a blocked person is refused in the same words
    with pytest.raises(ServiceError, match="cannot send this person") as error:
        friend_request_send(player=bob, other=dee)
    assert rows() == before
    more: dict[str, Callable[[], object]] = {
        "not_a_person": lambda: block_add(player=ada, other=bot),
        "yourself": lambda: block_add(player=ada, other=ada),
        "account_needed": lambda: block_add(player=guest, other=ada),
    }
    for code, refused in more.items():
        with pytest.raises(ServiceError) as error:
            refused()
        assert error.value.code == code and rows() == before


def test_a_block_ends_the_friendship_and_requests_both_ways(account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    friend_request_send(player=ada, other=bob)
    friend_request_accept(player=bob, sender_id=ada.pk)
    friend_request_send(player=cy, other=ada)
    block_add(player=ada, other=bob)
    block_add(player=ada, other=cy)
    assert rows() == (0, 0, 2, 0)
    assert blocked_between(bob.pk, ada.pk) and blocked_between(ada.pk, bob.pk)
    assert blocked_ids(bob) == {ada.pk} and blocked_ids(ada) == {bob.pk, cy.pk}
    assert hidden_among([ada.pk, bob.pk, cy.pk]) == {ada.pk: frozenset({bob.pk, cy.pk})}
    block_remove(player=ada, other_id=bob.pk)
    assert not blocked_between(ada.pk, bob.pk) and friend_ids(ada) == set()


def test_a_deleted_account_leaves_its_friends_requests_and_blocks(account: MakeAccount) -> None:
    ada, bob, cy, dee = account("Ada"), account("Bob"), account("Cy"), account("Dee")
    friend_request_send(player=ada, other=bob)
    friend_request_accept(player=bob, sender_id=ada.pk)
    friend_request_send(player=cy, other=ada)
    block_add(player=dee, other=ada)
    privacy_set(player=ada, appear_offline=True, invites="nobody")
    friend_request_send(player=bob, other=cy)
    assert ada.user is not None
    account_delete(user=ada.user)
    assert rows() == (1, 0, 0, 0)  # only Bob's request to Cy is left
    assert friend_ids(bob) == set() and blocked_ids(dee) == set()


def test_privacy_defaults_and_choices(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    assert (privacy_of(ada).appear_offline, privacy_of(ada).invites) == (False, "groups")
    assert rows() == (0, 0, 0, 0)  # reading made no row
    privacy_set(player=ada, appear_offline=True, invites="nobody")
    privacy_set(player=ada, appear_offline=True, invites="friends")
    assert privacy_of(ada).invites == "friends"
    assert appearing_offline([ada.pk, bob.pk]) == {ada.pk}


def test_the_friend_link_names_its_owner_and_nothing_forged(account: MakeAccount) -> None:
    ada = account("Ada")
    token = friend_token(ada)
    assert token == friend_token(ada) and player_of_token(token) == ada
    assert player_of_token(token[:-2] + "xx") is None
    assert player_of_token("not-a-token") is None


def test_names_find_accounts_letter_case_aside_and_several(
    account: MakeAccount, make_player: MakePlayer
) -> None:
    ada = account("Ada")
    make_player("Ada")  # a guest of the same name is not found
    other = account("Ada2")
    other.name = "Ada"
    other.save()
    assert accounts_named("ADA") == [ada, other]
    assert accounts_named("ada2") == [other]
    assert accounts_named("nobody") == []


def test_people_played_with_are_accounts_of_finished_games(
    account: MakeAccount, make_player: MakePlayer, make_room: MakeRoom
) -> None:
    ada, bob, cy, dee = account("Ada"), account("Bob"), account("Cy"), account("Dee")
    guest = make_player("Guest")
    finished = make_room(ada, joined=[bob, guest, dee], bots=[], start=True)
    make_room(ada, joined=[cy], start=True)  # still being played: Cy is not listed
    Game.objects.filter(room=finished).update(status=Game.Status.FINISHED)
    block_add(player=dee, other=ada)
    friend_request_send(player=bob, other=ada)
    listed = people_played_with(ada)
    assert [(m.player.name, m.state) for m in listed] == [("Bob", "received")]
