"""The invite pages without a script: a room's "Invite friends" (friends listed with where
they are, those invited marked, what sending did), and an invite's one-tap page (what it
is, one button that seats its receiver; an ended invite says so; a guest is asked to
sign in; someone else's is not found)."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import Player
from accounts.services.players import SESSION_KEY
from friends.models import Friendship, Privacy
from games import services
from rooms.models import Invite, Membership, Room
from rooms.services.invites import invites_send
from tests.support.fixture_types import MakeAccount, MakeRoom

pytestmark = pytest.mark.django_db


def signed_in(player: Player) -> Client:
    client = Client()
    assert player.user is not None
    client.force_login(player.user)
    return client


@pytest.fixture
def people(account: MakeAccount) -> list[Player]:
    bo, ada, cy = account("Bo"), account("Ada"), account("Cy")
    for other in (ada, cy):
        low, high = sorted((bo.pk, other.pk))
        Friendship.objects.create(low_id=low, high_id=high)
    return [bo, ada, cy]


def test_invite_friends_lists_them_sends_and_says_what_came_of_it(
    people: list[Player], make_room: MakeRoom, account: MakeAccount
) -> None:
    bo, ada, cy = people
    Privacy.objects.create(player=cy, invites=Privacy.Invites.NOBODY)
    room = make_room(bo, "yatzy", seats=4, pace="day")
    host = signed_in(bo)
    page = host.get(f"/rooms/{room.code}/invite/").content.decode()
    assert 'data-testid="invite-friend"' in page and "Ada" in page and "Cy" in page
    assert page.count('data-whereabouts="offline"') == 2 and "disabled" not in page
    sent = host.post(
        f"/rooms/{room.code}/invite/", {"player": [ada.pk, cy.pk]}, follow=True
    ).content.decode()
    assert "Invited Ada; Cy does not take invites" in sent
    assert 'data-testid="invite-invited"' in sent and "disabled" in sent  # Ada marked
    assert list(Invite.objects.values_list("receiver__name", flat=True)) == ["Ada"]
    assert host.post(f"/rooms/{room.code}/invite/", {"player": ["x"]}).status_code == 400
    assert host.post(f"/rooms/{room.code}/invite/", {}).status_code == 400
    assert Invite.objects.count() == 1
    assert signed_in(cy).get(f"/rooms/{room.code}/invite/").status_code == 404  # not in it
    guest = Client()
    answer = guest.get(f"/rooms/{room.code}/invite/").content.decode()
    assert 'data-testid="invite-sign-in"' in answer
    room_page = host.get(f"/r/{room.code}/").content.decode()
    assert f'data-invite-friends-url="/rooms/{room.code}/invite/"' in room_page


def test_one_tap_seats_the_receiver_and_an_ended_invite_says_so(
    people: list[Player], make_room: MakeRoom, account: MakeAccount
) -> None:
    bo, ada, cy = people
    room = make_room(bo, "yahtzee", seats=2)
    invites_send(sender=bo, room=room, receivers=[ada, cy])
    mine = Invite.objects.get(receiver=ada)
    url = f"/invites/{mine.pk}/"
    # A guest, and a browser that is nobody yet, are asked to sign in.
    guest = Client()
    session = guest.session
    session[SESSION_KEY] = Player.objects.create(name="Guest").pk
    session.save()
    assert f"?next={url}" in guest.get(url).content.decode()
    assert 'data-testid="invite-sign-in"' in Client().get(url).content.decode()
    assert signed_in(account("Zed")).get(url).status_code == 404  # not theirs
    ada_browser = signed_in(ada)
    page = ada_browser.get(url).content.decode()
    assert "Bo invites you to a table" in page and "Yahtzee" in page and "live" in page
    assert 'data-testid="invite-others">Cy<' in page
    taken = ada_browser.post(url, {"answer": "take"})
    assert taken.status_code == 302 and taken["Location"] == f"/r/{room.code}/"
    assert Membership.objects.get(room=room, player=ada).seat == 1
    # The seats filled: Cy's invite expired, and says so, with the room to watch.
    cys = signed_in(cy).get(f"/invites/{Invite.objects.get(receiver=cy).pk}/").content.decode()
    assert "This invite has expired: the seats filled." in cys
    assert 'data-testid="invite-watch"' in cys and 'data-testid="invite-take"' not in cys
    again = ada_browser.post(url, {"answer": "take"})
    assert again.status_code == 400 and "already answered" in again.content.decode()
    services.room_leave(player=ada, code=room.code)
    services.room_leave(player=bo, code=room.code)
    assert Room.objects.get(pk=room.pk).status == Room.Status.CLOSED
    closed = ada_browser.get(url).content.decode()
    assert "You took this invite." in closed and 'data-testid="invite-watch"' not in closed
