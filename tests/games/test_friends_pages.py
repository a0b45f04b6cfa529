"""The friends pages: a guest is offered an account and nothing is stored; add by name
(nobody, one, several to pick from), answer, the friend link and its QR code, privacy
choices, friends' whereabouts as JSON, the header's link; moderators read the rows."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Player
from friends.models import Block, FriendRequest, Friendship, Privacy
from friends.selectors.friends import friend_ids, friend_token
from friends.services.blocks import block_add
from friends.services.requests import friend_request_accept, friend_request_send
from tests.support.clients import client_of
from tests.support.fixture_types import MakeAccount, MakePlayer


def signed_in(player: Player) -> Client:
    browser = client_of(player)
    assert player.user is not None
    browser.force_login(player.user)
    return browser


def counts() -> tuple[int, int, int, int]:
    return (
        FriendRequest.objects.count(),
        Friendship.objects.count(),
        Block.objects.count(),
        Privacy.objects.count(),
    )


def test_a_guest_is_offered_an_account_and_nothing_is_stored(
    account: MakeAccount, make_player: MakePlayer
) -> None:
    ada = account("Ada")
    guest = client_of(make_player("Guest"))
    page = guest.get("/friends/")
    assert b'data-testid="friends-sign-up"' in page.content
    assert b"/account/sign-up/?next=/friends/" in page.content
    for url, data in (
        ("/friends/add/", {"name": "Ada"}),
        ("/friends/add/player/", {"player": ada.pk}),
        ("/friends/block/", {"player": ada.pk}),
        ("/friends/privacy/", {"invites": "nobody"}),
        (f"/friends/add/{friend_token(ada)}/", {}),
    ):
        answer = guest.post(url, data)
        assert answer.status_code == 200 and b"friends-sign-up" in answer.content, url
    link = guest.get(f"/friends/add/{friend_token(ada)}/")
    assert f"next=/friends/add/{friend_token(ada)}/".replace(":", "%3A").encode() in link.content
    assert counts() == (0, 0, 0, 0)


def test_add_by_name_nobody_one_or_several(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    browser = signed_in(ada)
    nobody = browser.post("/friends/add/", {"name": "Zed"}, follow=True)
    assert b"Nobody with an account is called Zed." in nobody.content
    assert counts() == (0, 0, 0, 0)
    browser.post("/friends/add/", {"name": "bob"})
    assert list(FriendRequest.objects.values_list("sender", "receiver")) == [(ada.pk, bob.pk)]
    twin = account("Bob2")
    Player.objects.filter(pk=twin.pk).update(name="Bob")
    several = browser.post("/friends/add/", {"name": "Bob"})
    assert several.content.count(b'data-testid="candidate"') == 2
    assert FriendRequest.objects.count() == 1  # nothing sent before the pick
    browser.post("/friends/add/player/", {"player": twin.pk})
    assert FriendRequest.objects.count() == 2
    refused = browser.post("/friends/add/player/", {"player": "not-an-id"}, follow=True)
    assert b"There is no such player." in refused.content and FriendRequest.objects.count() == 2


def test_the_page_answers_requests_and_shows_friends(account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    friend_request_send(player=bob, other=ada)
    friend_request_send(player=ada, other=cy)
    browser = signed_in(ada)
    page = browser.get("/friends/").content
    assert b'data-testid="received"' in page and b'data-testid="sent"' in page
    assert b'data-testid="friends-link"' in page  # the header's link, for an account
    browser.post("/friends/accept/", {"player": bob.pk})
    browser.post("/friends/cancel/", {"player": cy.pk})
    shown = browser.get("/friends/").content.decode()
    assert f'data-testid="friend" data-player="{bob.pk}"' in shown
    assert 'data-whereabouts="offline"' in shown
    assert friend_ids(ada) == {bob.pk} and FriendRequest.objects.count() == 0


def test_the_friend_link_and_its_qr_code(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    link = f"/friends/add/{friend_token(ada)}/"
    own = signed_in(ada)
    assert link.encode() in own.get("/friends/").content
    qr = own.get("/friends/link/qr.svg")
    assert qr["Content-Type"] == "image/svg+xml" and b"<svg" in qr.content
    assert own.post(link).status_code == 302 and counts() == (0, 0, 0, 0)  # oneself: refused
    browser = signed_in(bob)
    assert b'data-testid="friend-link-send"' in browser.get(link).content
    browser.post(link)
    friend_request_accept(player=ada, sender_id=bob.pk)
    assert friend_ids(bob) == {ada.pk}
    assert browser.get("/friends/add/forged:token/").status_code == 404
    assert client_of().get("/friends/link/qr.svg").status_code == 404


def test_privacy_choices_are_kept_and_a_bad_one_refused(account: MakeAccount) -> None:
    ada = account("Ada")
    browser = signed_in(ada)
    browser.post("/friends/privacy/", {"appear_offline": "on", "invites": "everyone"})
    assert Privacy.objects.count() == 0
    browser.post("/friends/privacy/", {"appear_offline": "on", "invites": "nobody"})
    kept = Privacy.objects.get(player=ada)
    assert (kept.appear_offline, kept.invites) == (True, "nobody")


def test_whereabouts_json_lists_friends_only(account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    friend_request_send(player=ada, other=bob)
    friend_request_accept(player=bob, sender_id=ada.pk)
    assert cy.pk not in friend_ids(ada)
    answer = signed_in(ada).get("/friends/whereabouts.json").json()
    assert answer == {"people": [{"player": bob.pk, "whereabouts": "offline", "label": "offline"}]}
    assert client_of().get("/friends/whereabouts.json").json() == {"people": []}


def test_the_rooms_block_button_answers_json(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    browser = signed_in(ada)
    json_please = {"Accept": "application/json"}
    done = browser.post("/friends/block/", {"player": bob.pk}, headers=json_please)
    assert done.json() == {"ok": True, "message": "You blocked Bob."}
    again = browser.post("/friends/block/", {"player": bob.pk}, headers=json_please)
    assert again.status_code == 400 and again.json()["ok"] is False
    assert Block.objects.count() == 1


def test_moderators_read_the_friends_rows(admin_client: Client, account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    friend_request_send(player=ada, other=bob)
    friend_request_send(player=cy, other=bob)
    friend_request_accept(player=bob, sender_id=cy.pk)
    block_add(player=ada, other=cy)
    for model, shown in (("friendrequest", "Ada"), ("friendship", "Bob"), ("block", "Cy")):
        page = admin_client.get(f"/admin/friends/{model}/")
        assert page.status_code == 200 and shown.encode() in page.content, model
        assert admin_client.get(f"/admin/friends/{model}/add/").status_code == 403


def test_an_account_never_at_a_table_gets_its_player_on_the_page(db: None) -> None:
    user = User.objects.create_user("zoe", password="pw-long-enough")
    browser = Client()
    browser.force_login(user)
    page = browser.get("/friends/")
    assert b'data-testid="friends-page"' in page.content
    assert Player.objects.get(user=user).name == "zoe"
