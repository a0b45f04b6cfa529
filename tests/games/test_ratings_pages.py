"""Ratings on the pages: a room opened rated from the home page, the state's ``rated``,
a profile's ratings with their chart, a variant's leaderboard among everyone or among
given players, and the moderators' read-only admin."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import DjangoCaptureOnCommitCallbacks

from accounts.models import Player
from accounts.services.accounts import account_delete
from accounts.services.players import SESSION_KEY
from friends.services.requests import friend_request_accept, friend_request_send
from games import services
from ratings.models import Rating, RatingChange
from ratings.selectors.ratings import leaderboard, ratings_of
from rooms.models import Room
from rooms.selectors.rooms import room_state
from tests.support.fixture_types import MakeAccount, ScriptDice
from tests.support.histories import yahtzee_near_the_end
from tests.support.rated_games import play_last_turns, rated_room

pytestmark = pytest.mark.django_db


def client_of(player: Player) -> Client:
    client = Client()
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return client


@pytest.fixture
def three_rated(
    account: MakeAccount,
    script_dice: ScriptDice,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> list[Player]:
    """Ada, Bob and Cy after one rated Yahtzee game: Bob first, Ada, then Cy."""
    people = [account("Ada"), account("Bob"), account("Cy")]
    room = rated_room(people)
    yahtzee_near_the_end(room.code, [2, 5, 0])
    play_last_turns(room, people, script_dice, django_capture_on_commit_callbacks)
    return people


def test_a_room_opened_rated_says_so_in_its_state(client: Client) -> None:
    form = {"name": "Ada", "ruleset": "yahtzee", "seats": "2", "turn_seconds": "60"}
    assert client.post("/rooms/new/", {**form, "rated": "on"}).status_code == 302
    client.post("/rooms/new/", form)
    rated, casual = Room.objects.order_by("pk")
    assert (rated.rated, casual.rated) == (True, False)
    host = Player.objects.get(pk=client.session[SESSION_KEY])
    for room, rated_now in ((rated, True), (casual, False)):
        state = room_state(room.code, host)
        assert state is not None and state["room"]["rated"] is rated_now


def test_the_leaderboard_orders_everyone_or_the_players_given(
    three_rated: list[Player], client: Client
) -> None:
    ada, bob, cy = three_rated
    board = leaderboard("yahtzee")
    assert [line.player_id for line in board] == [bob.pk, ada.pk, cy.pk]
    assert board[0].shown.rating > board[1].shown.rating > board[2].shown.rating
    assert all(line.shown.provisional for line in board)
    assert [line.player_id for line in leaderboard("yahtzee", among={ada.pk, cy.pk})] == [
        ada.pk,
        cy.pk,
    ]
    assert leaderboard("yatzy") == []
    page = client.get("/ratings/yahtzee/")
    assert page.status_code == 200
    html = page.content.decode()
    for player, line in zip((bob, ada, cy), board, strict=True):
        assert f'data-player="{player.pk}" data-rating="{line.shown.rating}"' in html
        assert f'href="/players/{player.pk}/"' not in html  # nobody's profile to a visitor
    html = client_of(ada).get("/ratings/yahtzee/").content.decode()
    assert all(f'href="/players/{p.pk}/"' in html for p in three_rated)  # her tablemates'
    dee = Player.objects.create(name="Dee")
    html = client_of(dee).get("/ratings/yahtzee/").content.decode()
    assert f'href="/players/{dee.pk}/"' not in html and f'href="/players/{ada.pk}/"' not in html
    assert client.get("/ratings/yatzy/").status_code == 200
    assert client.get("/ratings/chess/").status_code == 404


def test_the_board_among_friends_holds_the_viewer_and_their_friends_only(
    three_rated: list[Player], client: Client
) -> None:
    ada, bob, cy = three_rated
    friend_request_send(player=ada, other=cy)
    friend_request_accept(player=cy, sender_id=ada.pk)
    html = client_of(ada).get("/ratings/yahtzee/friends/").content.decode()
    shown = [int(pk) for pk in re.findall(r'data-testid="ratings-line" data-player="(\d+)"', html)]
    assert shown == [ada.pk, cy.pk]
    assert 'data-scope="friends" aria-current="page"' in html
    # Bob has no friends: he sees himself alone, and the way back to everyone.
    html = client_of(bob).get("/ratings/yatzy/friends/").content.decode()
    assert "ratings-line" not in html and 'href="/ratings/yatzy/"' in html
    # Someone without an account is offered one instead of a board.
    html = client.get("/ratings/yahtzee/friends/").content.decode()
    assert "ratings-line" not in html and 'href="/account/sign-up/"' in html
    assert client_of(ada).get("/ratings/chess/friends/").status_code == 404


def test_a_banned_player_and_a_deleted_account_leave_the_leaderboard(
    three_rated: list[Player],
) -> None:
    ada, bob, cy = three_rated
    services.mod_ban(
        moderator=User.objects.create_user("mod", is_staff=True), player=bob, reason="spam"
    )
    assert [line.player_id for line in leaderboard("yahtzee")] == [ada.pk, cy.pk]
    assert cy.user is not None
    account_delete(user=cy.user)
    assert [line.player_id for line in leaderboard("yahtzee")] == [ada.pk]


def test_the_profile_shows_each_rating_with_its_history(three_rated: list[Player]) -> None:
    ada, bob, _cy = three_rated
    (shown,) = ratings_of(bob)
    html = client_of(ada).get(f"/players/{bob.pk}/").content.decode()
    assert 'data-testid="profile-ratings"' in html
    assert (
        f'data-variant="yahtzee" data-rating="{shown.rating}" data-games="1" '
        'data-provisional="true"'
    ) in html
    assert 'data-testid="profile-rating-chart"' in html
    assert html.count('data-testid="profile-rating-row"') == 1
    assert shown.rating > 1000 > ratings_of(_cy)[0].rating
    # Nobody rated yet: no section.
    other = Player.objects.create(name="Dee")
    own = client_of(other).get(f"/players/{other.pk}/").content.decode()
    assert 'data-testid="profile-ratings"' not in own


def test_moderators_read_ratings_and_their_history(
    three_rated: list[Player], admin_client: Client
) -> None:
    change = RatingChange.objects.first()
    rating = Rating.objects.first()
    assert change is not None and rating is not None
    for url in (
        "/admin/ratings/rating/",
        f"/admin/ratings/rating/{rating.pk}/change/",
        "/admin/ratings/ratingchange/",
        f"/admin/ratings/ratingchange/{change.pk}/change/",
    ):
        assert admin_client.get(url).status_code == 200
    assert admin_client.get(f"/admin/ratings/rating/{rating.pk}/delete/").status_code == 403
    assert admin_client.get("/admin/ratings/rating/add/").status_code == 403


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["Classements de Yahtzee", "provisoire", "Comment fonctionnent les classements"]),
        ("sv", ["Rating i Yahtzee", "preliminär", "Så fungerar rating"]),
    ],
)
def test_the_leaderboard_speaks_french_and_swedish(
    three_rated: list[Player], client: Client, language: str, words: list[str]
) -> None:
    html = client.get("/ratings/yahtzee/", headers={"accept-language": language}).content
    for word in words:
        assert word in html.decode(), word
