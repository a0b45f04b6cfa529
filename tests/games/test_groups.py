"""Groups' services: made, a friend added, joined by the link, left, a member removed,
the group handed on, renamed, a new link, closed; a game opened for the group; a report.
Each refusal says why and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Player
from accounts.services.accounts import account_delete
from common.errors import ServiceError
from common.news import Bell
from friends.services.blocks import block_add
from friends.services.privacy import privacy_set
from friends.services.requests import friend_request_accept, friend_request_send
from groups.models import Group, GroupMember, GroupReport, GroupRoom
from groups.selectors.groups import (
    group_of_room,
    groupmate_ids,
    groups_of,
    is_member,
    member_ids,
)
from groups.services.games import group_game_open
from groups.services.groups import (
    group_close,
    group_close_by_moderator,
    group_create,
    group_link_renew,
    group_rename,
)
from groups.services.members import (
    group_join,
    group_leave,
    group_member_add,
    group_member_remove,
    group_owner_hand_on,
)
from groups.services.reports import group_report_send
from notices.models import BellItem
from rooms.models import Invite
from tests.support.fixture_types import MakeAccount, MakePlayer


def befriend(a: Player, b: Player) -> None:
    friend_request_send(player=a, other=b)
    friend_request_accept(player=b, sender_id=a.pk)


def snapshot() -> tuple[object, ...]:
    """Everything the groups' services write."""
    return (
        list(Group.objects.order_by("pk").values_list()),
        list(GroupMember.objects.order_by("pk").values_list()),
        list(GroupRoom.objects.order_by("pk").values_list()),
        list(GroupReport.objects.order_by("pk").values_list()),
    )


def refused(code: str, act: Callable[[], object]) -> None:
    """``act`` is refused with ``code``, and nothing was written."""
    before = snapshot()
    with pytest.raises(ServiceError) as caught:
        act()
    assert caught.value.code == code, caught.value.message
    assert caught.value.message
    assert snapshot() == before


def test_a_group_is_made_with_its_owner_as_member(account: MakeAccount) -> None:
    ada = account("Ada")
    group = group_create(player=ada, name="  Tuesday \u200b dice  ")
    assert group.name == "Tuesday dice" and group.owner == ada and len(group.token) >= 20
    assert member_ids(group) == {ada.pk}
    assert [line.group for line in groups_of(ada)] == [group]


def test_making_a_group_is_refused_for_a_guest_a_bad_name_or_too_many(
    account: MakeAccount, make_player: MakePlayer
) -> None:
    ada = account("Ada")
    refused("account_needed", lambda: group_create(player=make_player("Guest"), name="G"))
    refused("bad_name", lambda: group_create(player=ada, name=" \u200b "))
    refused("bad_name", lambda: group_create(player=ada, name="x" * 61))
    for n in range(20):
        group_create(player=ada, name=f"G{n}")
    refused("too_many_groups", lambda: group_create(player=ada, name="One more"))


def test_a_member_adds_a_friend_and_nobody_else(account: MakeAccount) -> None:
    ada, bob, cy, dee = (account(n) for n in ("Ada", "Bob", "Cy", "Dee"))
    group = group_create(player=ada, name="Dice")
    befriend(ada, bob)
    befriend(bob, cy)
    rung = group_member_add(player=ada, group_id=group.pk, friend=bob)
    group_member_add(player=bob, group_id=group.pk, friend=cy)  # any member adds a friend
    # Each one added hears of it on their bell, with a link to the group.
    assert rung == [Bell(bob.pk)]
    item = BellItem.objects.get(player=bob)
    assert (item.kind, item.link) == ("group_added", f"/groups/{group.pk}/")
    assert BellItem.objects.filter(player=cy, data__name="Bob").exists()
    assert member_ids(group) == {ada.pk, bob.pk, cy.pk}
    assert GroupMember.objects.get(group=group, player=cy).added_by == bob
    refused("not_friends", lambda: group_member_add(player=ada, group_id=group.pk, friend=dee))
    refused("already_member", lambda: group_member_add(player=ada, group_id=group.pk, friend=bob))
    refused("not_a_member", lambda: group_member_add(player=dee, group_id=group.pk, friend=ada))
    refused("no_group", lambda: group_member_add(player=ada, group_id=group.pk + 9, friend=bob))


def test_a_block_either_way_refuses_the_add_and_the_join(account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    group = group_create(player=ada, name="Dice")
    befriend(ada, bob)
    block_add(player=bob, other=ada)  # ends the friendship too
    refused("not_friends", lambda: group_member_add(player=ada, group_id=group.pk, friend=bob))
    refused("unavailable", lambda: group_join(player=bob, token=group.token))
    block_add(player=ada, other=cy)  # the owner blocked Cy
    refused("unavailable", lambda: group_join(player=cy, token=group.token))


def test_anyone_with_an_account_joins_by_the_link(
    account: MakeAccount, make_player: MakePlayer
) -> None:
    ada, bob = account("Ada"), account("Bob")
    group = group_create(player=ada, name="Dice")
    assert group_join(player=bob, token=group.token) == group
    assert is_member(group, bob)
    refused("already_member", lambda: group_join(player=bob, token=group.token))
    refused("bad_link", lambda: group_join(player=account("Cy"), token="nope"))
    refused("bad_link", lambda: group_join(player=account("Dee"), token=""))
    refused("account_needed", lambda: group_join(player=make_player("G"), token=group.token))


def test_a_new_link_ends_the_old_one(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    group = group_create(player=ada, name="Dice")
    old = group.token
    group_join(player=bob, token=old)
    refused("not_the_owner", lambda: group_link_renew(player=bob, group_id=group.pk))
    renewed = group_link_renew(player=ada, group_id=group.pk)
    assert renewed.token != old
    refused("bad_link", lambda: group_join(player=account("Cy"), token=old))


def test_leaving_removing_and_handing_on(account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    group = group_create(player=ada, name="Dice")
    for person in (bob, cy):
        group_join(player=person, token=group.token)
    refused("owner_leaving", lambda: group_leave(player=ada, group_id=group.pk))
    refused(
        "not_the_owner", lambda: group_member_remove(player=bob, group_id=group.pk, member_id=cy.pk)
    )
    refused(
        "yourself", lambda: group_member_remove(player=ada, group_id=group.pk, member_id=ada.pk)
    )
    assert group_member_remove(player=ada, group_id=group.pk, member_id=cy.pk) == cy
    refused(
        "not_a_member", lambda: group_member_remove(player=ada, group_id=group.pk, member_id=cy.pk)
    )
    refused("removed", lambda: group_join(player=cy, token=group.token))  # not back by the link
    befriend(bob, cy)
    group_member_add(player=bob, group_id=group.pk, friend=cy)  # a member vouches for them
    assert is_member(group, cy)
    refused(
        "not_the_owner",
        lambda: group_owner_hand_on(player=bob, group_id=group.pk, member_id=bob.pk),
    )
    refused(
        "yourself", lambda: group_owner_hand_on(player=ada, group_id=group.pk, member_id=ada.pk)
    )
    refused(
        "not_a_member", lambda: group_owner_hand_on(player=ada, group_id=group.pk, member_id=9999)
    )
    assert group_owner_hand_on(player=ada, group_id=group.pk, member_id=bob.pk) == bob
    group_leave(player=ada, group_id=group.pk)  # no longer the owner: she may go
    assert member_ids(group) == {bob.pk, cy.pk}
    refused("not_a_member", lambda: group_leave(player=ada, group_id=group.pk))
    group_join(player=ada, token=group.token)  # who left (not removed) comes back by the link
    assert is_member(group, ada)


def test_the_last_member_leaving_closes_the_group(account: MakeAccount) -> None:
    ada = account("Ada")
    group = group_create(player=ada, name="Dice")
    group_leave(player=ada, group_id=group.pk)
    group.refresh_from_db()
    assert group.is_closed and groups_of(ada) == []


def test_renaming_and_closing_are_the_owners(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    group = group_create(player=ada, name="Dice")
    group_join(player=bob, token=group.token)
    refused("not_the_owner", lambda: group_rename(player=bob, group_id=group.pk, name="Mine"))
    refused("bad_name", lambda: group_rename(player=ada, group_id=group.pk, name=""))
    assert group_rename(player=ada, group_id=group.pk, name="Yams club").name == "Yams club"
    refused("not_the_owner", lambda: group_close(player=bob, group_id=group.pk))
    group_close(player=ada, group_id=group.pk)
    refused("group_closed", lambda: group_close(player=ada, group_id=group.pk))
    refused("group_closed", lambda: group_rename(player=ada, group_id=group.pk, name="Back"))
    refused("group_closed", lambda: group_join(player=account("Cy"), token=group.token))


def test_a_moderator_closes_a_group_with_a_reason(account: MakeAccount, staff: User) -> None:
    ada, bob = account("Ada"), account("Bob")
    group = group_create(player=ada, name="Dice")
    group_join(player=bob, token=group.token)
    group_report_send(player=bob, group_id=group.pk, reason="abuse")
    refused(
        "reason_required",
        lambda: group_close_by_moderator(moderator=staff, group_id=group.pk, reason=" "),
    )
    closed, settled = group_close_by_moderator(moderator=staff, group_id=group.pk, reason="rude")
    assert closed.is_closed and closed.closed_reason == "rude" and settled == 1
    assert GroupReport.objects.get().status == GroupReport.Status.HANDLED


def test_a_game_for_the_group_is_a_room_of_the_group(account: MakeAccount) -> None:
    ada, bob, cy, dee, eve = (account(n) for n in ("Ada", "Bob", "Cy", "Dee", "Eve"))
    group = group_create(player=ada, name="Dice")
    for person in (bob, cy, eve):
        group_join(player=person, token=group.token)
    block_add(player=cy, other=ada)
    privacy_set(player=eve, appear_offline=False, invites="friends")
    opened = group_game_open(player=ada, group_id=group.pk, ruleset="yatzy", seats=3, rated=True)
    room = opened.room
    assert (room.ruleset, room.seat_count, room.rated, room.host) == ("yatzy", 3, True, ada)
    assert group_of_room(room.pk) == group
    assert opened.invitees == [bob, eve]  # Cy blocked the opener: not invited
    # Bob takes invites from his groups (the default), Eve only from friends.
    assert [p["player"] for p in opened.invites["invited"]] == [bob.pk]
    assert [(p["player"], p["code"]) for p in opened.invites["refused"]] == [(eve.pk, "not_friend")]
    assert list(Invite.objects.values_list("receiver_id", "room_id", "state")) == [
        (bob.pk, room.pk, Invite.State.PENDING)
    ]
    assert opened.news  # Bob's bell rings once the caller publishes
    refused(
        "not_a_member",
        lambda: group_game_open(player=dee, group_id=group.pk, ruleset="yatzy", seats=2),
    )
    refused(
        "bad_options",
        lambda: group_game_open(player=bob, group_id=group.pk, ruleset="chess", seats=2),
    )
    group_close(player=ada, group_id=group.pk)
    refused(
        "group_closed",
        lambda: group_game_open(player=bob, group_id=group.pk, ruleset="yatzy", seats=2),
    )


def test_a_member_reports_the_group_once_while_open(account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    group = group_create(player=ada, name="Dice")
    group_join(player=bob, token=group.token)
    refused("not_a_member", lambda: group_report_send(player=cy, group_id=group.pk, reason="spam"))
    refused("bad_reason", lambda: group_report_send(player=bob, group_id=group.pk, reason="ugly"))
    refused("bad_reason", lambda: group_report_send(player=bob, group_id=group.pk, reason="other"))
    refused(
        "bad_reason",
        lambda: group_report_send(player=bob, group_id=group.pk, reason="spam", text="x" * 501),
    )
    assert group_report_send(player=bob, group_id=group.pk, reason="other", text="a slur")
    assert not group_report_send(player=bob, group_id=group.pk, reason="spam")
    report = GroupReport.objects.get()
    assert (report.reporter, report.reason, report.text) == (bob, "other", "a slur")


def test_a_deleted_account_leaves_its_groups_and_hands_on_what_it_owned(
    account: MakeAccount,
) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    ours = group_create(player=ada, name="Tuesday dice")
    group_join(player=bob, token=ours.token)
    group_join(player=cy, token=ours.token)
    alone = group_create(player=ada, name="Just me")
    assert ada.user is not None
    account_delete(user=ada.user)
    ours.refresh_from_db()
    alone.refresh_from_db()
    assert ours.owner_id == bob.pk and ours.closed_at is None  # the first to join after her
    assert member_ids(ours) == {bob.pk, cy.pk}
    assert alone.closed_at is not None


def test_the_people_of_an_open_group_see_each_others_profiles(account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    ours = group_create(player=ada, name="Tuesday dice")
    group_join(player=bob, token=ours.token)
    assert groupmate_ids(ada) == {bob.pk} and groupmate_ids(None) == set()
    assert bob.user is not None and cy.user is not None
    seen = Client()
    seen.force_login(bob.user)
    assert seen.get(f"/players/{ada.pk}/").status_code == 200
    outsider = Client()
    outsider.force_login(cy.user)
    assert outsider.get(f"/players/{ada.pk}/").status_code == 403
    group_close(player=ada, group_id=ours.pk)
    assert groupmate_ids(ada) == set()
    assert seen.get(f"/players/{ada.pk}/").status_code == 403
