"""The groups pages: a guest is offered an account; a group made, joined by its link,
a friend added, a game opened for it; its page shows the league, records, head to head
and history to members only; the owner's buttons; the report; the group's leaderboard;
the moderators close a group and dismiss its reports in the admin."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from accounts.models import Player
from friends.services.requests import friend_request_accept, friend_request_send
from groups.models import Group, GroupMember, GroupReport
from groups.selectors.groups import group_of_room, member_ids
from groups.services.groups import group_create
from groups.services.members import group_join
from groups.services.reports import group_report_send
from moderation.models import ModerationAction
from rooms.models import Room
from rooms.selectors.rooms import room_by_code
from tests.support.admin_pages import moderate
from tests.support.clients import client_of
from tests.support.fixture_types import MakeAccount, MakePlayer
from tests.support.group_games import finished, group_room


def signed_in(player: Player) -> Client:
    browser = client_of(player)
    assert player.user is not None
    browser.force_login(player.user)
    return browser


def test_a_guest_is_offered_an_account_and_nothing_is_stored(
    account: MakeAccount, make_player: MakePlayer
) -> None:
    ada = account("Ada")
    group = group_create(player=ada, name="Dice")
    guest = client_of(make_player("Guest"))
    page = guest.get("/groups/")
    assert b'data-testid="groups-sign-up"' in page.content
    assert b"/account/sign-up/?next=/groups/" in page.content
    for url in ("/groups/new/", f"/groups/join/{group.token}/", f"/groups/{group.pk}/leave/"):
        answer = guest.post(url, {"name": "Mine"})
        assert answer.status_code == 200 and b"groups-sign-up" in answer.content, url
    assert Group.objects.count() == 1 and GroupMember.objects.count() == 1


def test_a_group_is_made_joined_by_its_link_and_a_friend_added(account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    browser = signed_in(ada)
    refused = browser.post("/groups/new/", {"name": " "}, follow=True)
    assert b"a group&#x27;s name has 1 to 60 characters" in refused.content
    made = browser.post("/groups/new/", {"name": "Friday dice"}, follow=True)
    group = Group.objects.get()
    assert made.redirect_chain[-1][0] == f"/groups/{group.pk}/"
    assert group.token.encode() in made.content  # the join link is on the page
    assert browser.get(f"/groups/{group.pk}/qr.svg").content.startswith(b"<svg")
    listing = browser.get("/groups/")
    assert b'data-testid="group-line"' in listing.content and b"Friday dice" in listing.content

    bobs = signed_in(bob)
    offer = bobs.get(f"/groups/join/{group.token}/")
    assert b'data-testid="group-join"' in offer.content
    joined = bobs.post(f"/groups/join/{group.token}/", follow=True)
    assert joined.redirect_chain[-1][0] == f"/groups/{group.pk}/"
    assert bobs.get(f"/groups/join/{group.token}/").status_code == 302  # a member: to the page
    assert bobs.get("/groups/join/not-a-token/").status_code == 404

    friend_request_send(player=ada, other=cy)
    friend_request_accept(player=cy, sender_id=ada.pk)
    page = browser.get(f"/groups/{group.pk}/")
    assert f'<option value="{cy.pk}">Cy</option>'.encode() in page.content  # addable friend
    browser.post(f"/groups/{group.pk}/add/", {"player": cy.pk})
    assert member_ids(group) == {ada.pk, bob.pk, cy.pk}
    again = browser.post(f"/groups/{group.pk}/add/", {"player": cy.pk}, follow=True)
    assert b"Cy is in the group already" in again.content
    bad = browser.post(f"/groups/{group.pk}/add/", {"player": "x"}, follow=True)
    assert b"There is no such player." in bad.content


def test_the_page_is_for_members_only(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    group = group_create(player=ada, name="Dice")
    assert signed_in(bob).get(f"/groups/{group.pk}/").status_code == 404
    assert signed_in(bob).get(f"/groups/{group.pk}/ratings/yahtzee/").status_code == 404
    assert signed_in(ada).get(f"/groups/{group.pk + 1}/").status_code == 404


def test_the_page_shows_the_league_records_head_to_head_and_history(
    account: MakeAccount,
) -> None:
    ada, bob = account("Ada"), account("Bob")
    group = group_create(player=ada, name="Dice")
    group_join(player=bob, token=group.token)
    room = group_room(group, ada)
    now = timezone.now()
    finished(room, [(ada, 200), (bob, 150)], now)
    finished(room, [(ada, 100), (bob, 180)], now - timedelta(days=40))
    page = signed_in(bob).get(f"/groups/{group.pk}/").content.decode()
    assert f'data-testid="league-line" data-player="{ada.pk}" data-points="1" data-wins="1"' in page
    assert f'data-testid="league-line" data-player="{bob.pk}" data-points="0" data-wins="0"' in page
    assert 'data-record="best-yahtzee" data-value="200"' in page
    assert 'data-record="streak" data-value="1"' in page
    assert f'data-row="{ada.pk}" data-wins="1" data-losses="1"' in page
    assert f"/r/{room.code}/games/1/replay/" in page and page.count('"history-game"') == 1
    assert "the first scores n\u22121 and the last 0" in page  # the rule is stated
    last = (now - timedelta(days=40)).strftime("%Y-%m")
    earlier = signed_in(bob).get(f"/groups/{group.pk}/", {"season": last}).content.decode()
    assert f'data-player="{bob.pk}" data-points="1"' in earlier
    odd = signed_in(bob).get(f"/groups/{group.pk}/", {"season": "2026-13"}).content.decode()
    assert f'data-player="{ada.pk}" data-points="1"' in odd  # not a season: the current one
    board = signed_in(bob).get(f"/groups/{group.pk}/ratings/yatzy/")
    assert board.status_code == 200 and board.context["heading"] == "Dice"


def test_a_game_for_the_group_opens_its_room(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    group = group_create(player=ada, name="Dice")
    group_join(player=bob, token=group.token)
    browser = signed_in(bob)
    form = {"ruleset": "yams", "pace": "day", "seats": "3", "rated": "on"}
    opened = browser.post(f"/groups/{group.pk}/games/new/", form)
    code = opened["Location"].rstrip("/").rsplit("/", 1)[-1]
    room = group_room_of(code)
    assert (room.ruleset, room.pace, room.seat_count, room.rated) == ("yams", "day", 3, True)
    page = browser.get(f"/groups/{group.pk}/").content.decode()
    assert f"/r/{code}/" in page and 'data-testid="group-room"' in page
    for bad in ({**form, "seats": "99"}, {**form, "seats": "²"}, {**form, "pace": "fast"}):
        refused = browser.post(f"/groups/{group.pk}/games/new/", bad, follow=True)
        assert refused.redirect_chain[-1][0] == f"/groups/{group.pk}/#new-game"
        assert b'data-testid="flash"' in refused.content


def group_room_of(code: str) -> Room:
    room = room_by_code(code)
    assert room is not None and group_of_room(room.pk) is not None
    return room


def test_the_owners_buttons(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    group = group_create(player=ada, name="Dice")
    group_join(player=bob, token=group.token)
    owner, member = signed_in(ada), signed_in(bob)
    assert b'data-testid="group-rename"' not in member.get(f"/groups/{group.pk}/").content
    denied = member.post(
        f"/groups/{group.pk}/settings/", {"do": "rename", "name": "Mine"}, follow=True
    )
    assert b"only the group&#x27;s owner may do that" in denied.content
    owner.post(f"/groups/{group.pk}/settings/", {"do": "rename", "name": "Yams club"})
    old = group.token
    owner.post(f"/groups/{group.pk}/settings/", {"do": "renew"})
    group.refresh_from_db()
    assert group.name == "Yams club" and group.token != old
    owner.post(f"/groups/{group.pk}/owner/", {"player": bob.pk})
    group.refresh_from_db()
    assert group.owner == bob
    member.post(f"/groups/{group.pk}/remove/", {"player": ada.pk})
    assert member_ids(group) == {bob.pk}
    left = member.post(f"/groups/{group.pk}/leave/", follow=True)
    assert left.redirect_chain[-1][0] == "/groups/"
    group.refresh_from_db()
    assert group.is_closed  # its last member left


def test_a_member_reports_the_group(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    group = group_create(player=ada, name="Dice")
    group_join(player=bob, token=group.token)
    browser = signed_in(bob)
    bad = browser.post(f"/groups/{group.pk}/report/", {"reason": "other"}, follow=True)
    assert b"say what is wrong when the reason is" in bad.content
    assert GroupReport.objects.count() == 0
    done = browser.post(f"/groups/{group.pk}/report/", {"reason": "abuse"}, follow=True)
    assert b"the moderators will look at this group" in done.content
    assert GroupReport.objects.get().reporter == bob


@pytest.mark.sqlite_pass_only
def test_moderators_close_a_group_and_dismiss_reports(
    account: MakeAccount, admin_client: Client, admin_user: User
) -> None:
    ada, bob = account("Ada"), account("Bob")
    group, other = group_create(player=ada, name="Rude name"), group_create(player=bob, name="Ok")
    group_join(player=bob, token=group.token)
    group_join(player=ada, token=other.token)
    group_report_send(player=bob, group_id=group.pk, reason="abuse")
    group_report_send(player=ada, group_id=other.pk, reason="spam")
    page = admin_client.get(f"/admin/groups/group/{group.pk}/change/").content.decode()
    assert "Rude name" in page and "Bob" in page  # members inline
    moderate(admin_client, "group", "close_groups", [group], "an insult as a name")
    group.refresh_from_db()
    assert group.is_closed and group.closed_reason == "an insult as a name"
    action = ModerationAction.objects.get(action="close_group")
    assert action.moderator == admin_user and action.details["group_id"] == group.pk
    assert GroupReport.objects.get(group=group).status == GroupReport.Status.HANDLED
    report = GroupReport.objects.get(group=other)
    moderate(admin_client, "groupreport", "dismiss_reports", [report], "harmless")
    report.refresh_from_db()
    assert (
        report.status == GroupReport.Status.DISMISSED
        and not Group.objects.get(pk=other.pk).is_closed
    )
    closed = signed_in(ada).get(f"/groups/{group.pk}/").content.decode()
    assert 'data-testid="group-closed"' in closed and "an insult as a name" in closed
    assert 'data-testid="game-open"' not in closed
