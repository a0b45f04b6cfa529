"""Optional accounts: sign up keeps the guest player, sign in brings it to another device,
sign out, password change, the sign-in limit, account deletion, CSRF on every form."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from accounts.models import Player
from accounts.services.players import current_player
from coach.models import GameReview
from common.errors import ServiceError
from games import selectors, services
from play.models import Game, Scorecard, Turn
from rooms.models import Membership, Room
from tests.support.clients import ClientResponse
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import game_of, play_turn
from tests.support.present import present
from tests.support.views import state_seen

pytestmark = pytest.mark.django_db

PASSWORD = "dice-and-tea-42"
SIGN_UP, SIGN_IN = reverse("games:sign_up"), reverse("games:login")
SIGN_OUT, PASSWORD_CHANGE = reverse("games:logout"), reverse("games:password_change")
ACCOUNT, DELETE = reverse("games:account"), reverse("games:account_delete")


def browser(address: str = "203.0.113.7") -> Client:
    """A browser that sends CSRF tokens the way the pages do (and fails without them)."""
    return Client(enforce_csrf_checks=True, REMOTE_ADDR=address)


def post(
    client: Client, url: str, data: dict[str, str], *, page: str | None = None
) -> ClientResponse:
    """Submit a form as a browser would: open its page for the CSRF token, then post."""
    client.get(page or url)
    token = client.cookies["csrftoken"].value
    return client.post(url, {**data, "csrfmiddlewaretoken": token})


def guest_with_room(client: Client, name: str = "Ada", *, start: bool = True) -> str:
    """The browser opens a room (the home page's form) with a bot and starts a game."""
    response = post(
        client,
        reverse("games:room_create"),
        {"name": name, "ruleset": "yatzy", "seats": "2"},
        page="/",
    )
    code: str = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    player = Room.objects.get(code=code).host
    services.room_add_bot(player=player, code=code, level="beginner")
    if start:
        services.room_start(player=player, code=code)
    return code


def player_of(client: Client) -> Player | None:
    """The player a browser is now, as every page and socket resolves it."""
    request = client.get(ACCOUNT).wsgi_request
    return current_player(request.session, request.user)


def sign_up(client: Client, username: str = "ada", **extra: str) -> ClientResponse:
    return post(
        client,
        SIGN_UP,
        {"username": username, "password1": PASSWORD, "password2": PASSWORD, **extra},
    )


def test_signing_up_keeps_the_guest_player_its_seat_and_goes_back() -> None:
    client = browser()
    code = guest_with_room(client)
    guest = Player.objects.get(name="Ada", user=None, memberships__room__code=code)
    room_url = reverse("games:room", args=[code])

    response = sign_up(client, next=room_url)

    assert response.status_code == 302 and response["Location"] == room_url
    user = User.objects.get(username="ada")
    assert Player.objects.get(pk=guest.pk).user == user
    assert player_of(client) == guest
    page = client.get(room_url)
    assert page.context["member"] and page.context["player"] == guest
    assert [r.code for r in selectors.rooms_of(guest)] == [code]


def test_signing_in_elsewhere_brings_back_the_player_its_rooms_and_its_seat() -> None:
    first = browser()
    code = guest_with_room(first)
    sign_up(first)
    ada = Player.objects.get(user__username="ada")

    second = browser("198.51.100.9")
    assert "your_rooms" not in second.get("/").context or not second.get("/").context["your_rooms"]
    response = post(
        second,
        SIGN_IN,
        {"username": "ada", "password": PASSWORD, "next": reverse("games:room", args=[code])},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("games:room", args=[code])

    assert player_of(second) == ada
    home = second.get("/")
    assert [(r.code, r.state, r.seat) for r in home.context["your_rooms"]] == [
        (code, "your_turn", 0)
    ]
    assert home.context["user"].username == "ada"
    room = second.get(reverse("games:room", args=[code]))
    assert room.context["member"] and room.context["player"] == ada
    # The seat is theirs to play from this device.
    request = room.wsgi_request
    player = current_player(request.session, request.user)
    assert player is not None  # signed in: the account's player
    answer = services.game_roll(player=player, code=code)
    assert answer["ok"] and len(game_of(code).turns.get(number=1).state["dice"]) == 5


def test_a_guest_of_the_second_device_leaves_its_rooms_when_it_signs_in() -> None:
    first = browser()
    guest_with_room(first)
    sign_up(first)
    second = browser("198.51.100.9")
    other = guest_with_room(second, "Ada on the phone")
    phone_guest = Player.objects.get(name="Ada on the phone")

    post(second, SIGN_IN, {"username": "ada", "password": PASSWORD})

    member = Membership.objects.get(player=phone_guest, room__code=other)
    assert member.state == Membership.State.LEFT
    assert game_of(other).scorecards.get(seat=0).player.is_bot  # a bot took the seat
    assert Player.objects.get(pk=phone_guest.pk).user is None


def test_an_account_without_a_player_takes_the_guest_of_the_device_it_signs_in_on() -> None:
    User.objects.create_user("ada", password=PASSWORD)
    client = browser()
    code = guest_with_room(client)
    post(client, SIGN_IN, {"username": "ada", "password": PASSWORD})
    player = present(player_of(client))
    assert present(player.user).username == "ada" and player.memberships.get().room.code == code


@pytest.mark.parametrize(
    ("form", "says"),
    [
        ({"username": "bob", "password1": "short", "password2": "short"}, "too short"),
        ({"username": "bob", "password1": "password123", "password2": "password123"}, "too common"),
        (
            {"username": "bob", "password1": PASSWORD, "password2": PASSWORD + "x"},
            "didn\u2019t match",
        ),
        ({"username": "", "password1": PASSWORD, "password2": PASSWORD}, "required"),
        ({"username": "ada", "password1": PASSWORD, "password2": PASSWORD}, "already exists"),
        ({"username": "bo b!", "password1": PASSWORD, "password2": PASSWORD}, "valid username"),
        (
            {
                "username": "bob",
                "email": "not-an-address",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
            "valid email",
        ),
    ],
)
def test_bad_sign_ups_are_refused_with_a_reason_and_create_nothing(
    form: dict[str, Any], says: str
) -> None:
    User.objects.create_user("ada", password=PASSWORD)
    client = browser()
    guest_with_room(client, "Bob", start=False)

    response = post(client, SIGN_UP, form)

    assert response.status_code == 400
    assert says in response.content.decode()
    assert User.objects.count() == 1 and Player.objects.get(name="Bob").user is None
    assert not response.wsgi_request.user.is_authenticated


def test_signing_out_is_a_post_and_this_browser_forgets_the_player() -> None:
    client = browser()
    code = guest_with_room(client)
    sign_up(client)
    assert client.get(SIGN_OUT).status_code == 405
    room_url = reverse("games:room", args=[code])

    response = post(client, SIGN_OUT, {"next": room_url}, page=room_url)

    assert response.status_code == 302 and response["Location"] == room_url
    assert not client.get("/").context["your_rooms"]
    assert player_of(client) is None
    assert b"Sign in" in client.get("/").content


def test_changing_the_password_keeps_the_session_and_retires_the_old_one() -> None:
    client = browser()
    sign_up(client)
    response = post(
        client,
        PASSWORD_CHANGE,
        {
            "old_password": PASSWORD,
            "new_password1": "new-dice-77-tea",
            "new_password2": "new-dice-77-tea",
        },
    )
    assert response.status_code == 302 and response["Location"] == ACCOUNT
    assert client.get(ACCOUNT).status_code == 200  # still signed in

    other = browser("198.51.100.9")
    refused = post(other, SIGN_IN, {"username": "ada", "password": PASSWORD})
    assert refused.status_code == 400 and not refused.wsgi_request.user.is_authenticated
    assert (
        post(other, SIGN_IN, {"username": "ada", "password": "new-dice-77-tea"}).status_code == 302
    )


def test_a_wrong_old_password_changes_nothing() -> None:
    client = browser()
    sign_up(client)
    response = post(
        client,
        PASSWORD_CHANGE,
        {
            "old_password": "wrong",
            "new_password1": "new-dice-77-tea",
            "new_password2": "new-dice-77-tea",
        },
    )
    assert response.status_code == 200 and "incorrectly" in response.content.decode()
    assert User.objects.get().check_password(PASSWORD)


def test_wrong_passwords_lock_out_that_name_from_that_address_only(settings: Settings) -> None:
    User.objects.create_user("ada", password=PASSWORD)
    User.objects.create_user("bob", password=PASSWORD)
    wifi = browser("192.0.2.10")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert post(wifi, SIGN_IN, {"username": "ada", "password": "guess"}).status_code == 400

    locked = post(wifi, SIGN_IN, {"username": "ada", "password": "guess"})
    assert locked.status_code == 429
    assert 0 < int(locked["Retry-After"]) <= 15 * 60
    page = locked.content.decode()
    assert "Too many wrong passwords" in page and "try again in 15 minutes" in page
    assert 'data-testid="error-page"' in page  # the site's own page
    # Even the right password waits now.
    again = post(wifi, SIGN_IN, {"username": "ada", "password": PASSWORD})
    assert again.status_code == 429 and not again.wsgi_request.user.is_authenticated

    # Someone else on the same Wi-Fi, and Ada from another address, still sign in.
    assert (
        post(browser("192.0.2.10"), SIGN_IN, {"username": "bob", "password": PASSWORD}).status_code
        == 302
    )
    assert (
        post(
            browser("198.51.100.9"), SIGN_IN, {"username": "ada", "password": PASSWORD}
        ).status_code
        == 302
    )


def test_deleting_the_account_renames_the_player_and_changes_nothing_else(
    bob: Player, make_room: MakeRoom
) -> None:
    client = browser()
    code = guest_with_room(client, start=False)
    sign_up(client)
    ada = Player.objects.get(user__username="ada")
    # A finished game with Bob, then a game in play with Bob, and a chat line.
    finished = make_room(ada, "yatzy", seats=2, joined=[bob], start=True).code
    while game_of(finished).status == Game.Status.PLAYING:
        play_turn(ada, finished)
        play_turn(bob, finished)
    live = make_room(ada, "yatzy", seats=2, joined=[bob], start=True).code
    play_turn(ada, live)
    services.chat_post(player=ada, code=finished, text="good game")
    GameReview.objects.create(game=game_of(finished), player=bob, data={"loss": 1.5})
    cards = list(Scorecard.objects.filter(game=game_of(finished)).values())
    turns = list(Turn.objects.order_by("id").values())
    reviews = list(GameReview.objects.values())

    wrong = post(client, DELETE, {"password": "not it"})
    assert wrong.status_code == 400 and "not your password" in wrong.content.decode()
    assert User.objects.filter(username="ada").exists()

    response = post(client, DELETE, {"password": PASSWORD})

    assert response.status_code == 302 and response["Location"] == "/"
    assert not User.objects.filter(username="ada").exists()
    assert not client.get("/").wsgi_request.user.is_authenticated
    assert player_of(client) is None
    state = state_seen(finished, bob)
    assert [s["name"] for s in state["game"]["seats"]] == ["Deleted player", "Bob"]
    assert [m["name"] for m in state["chat"]] == ["Deleted player"]
    assert list(Scorecard.objects.filter(game=game_of(finished)).values()) == cards
    assert list(GameReview.objects.values()) == reviews
    assert list(Turn.objects.order_by("id").values())[: len(turns)] == turns
    # Ada left every room; her seat in the game in play went to a bot.
    assert not Membership.objects.filter(player=ada, state=Membership.State.ACTIVE).exists()
    assert game_of(live).scorecards.get(seat=0).player.is_bot
    assert game_of(live).status == Game.Status.PLAYING
    assert Membership.objects.get(player=ada, room__code=code).state == Membership.State.LEFT


def test_every_account_form_refuses_a_post_without_its_csrf_token() -> None:
    client = browser()
    sign_up(client)
    for url, data in [
        (SIGN_OUT, {}),
        (PASSWORD_CHANGE, {"old_password": PASSWORD}),
        (DELETE, {"password": PASSWORD}),
    ]:
        assert client.post(url, data).status_code == 403
    assert client.get(ACCOUNT).status_code == 200 and User.objects.count() == 1

    anonymous = browser()
    anonymous.get(SIGN_UP)
    assert (
        anonymous.post(
            SIGN_UP, {"username": "bob", "password1": PASSWORD, "password2": PASSWORD}
        ).status_code
        == 403
    )
    assert anonymous.post(SIGN_IN, {"username": "ada", "password": PASSWORD}).status_code == 403
    assert User.objects.count() == 1


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/r/x/", "javascript:alert(1)"]
)
def test_next_goes_only_to_pages_of_this_site(target: str) -> None:
    client = browser()
    assert sign_up(client, next=target)["Location"] == "/"
    assert post(client, SIGN_OUT, {"next": target}, page=ACCOUNT)["Location"] == "/"
    assert (
        post(client, SIGN_IN, {"username": "ada", "password": PASSWORD, "next": target})["Location"]
        == "/"
    )


def test_the_header_offers_the_account_on_every_page(ada: Player, make_room: MakeRoom) -> None:
    client = browser()
    code = make_room(ada, "yatzy").code
    for url in ["/", reverse("games:rules", args=["yatzy"]), reverse("games:room", args=[code])]:
        page = client.get(url).content.decode()
        assert f'href="{SIGN_IN}?next={url}"' in page
        assert f'href="{SIGN_UP}?next={url}"' in page
    sign_up(client)
    page = client.get("/").content.decode()
    assert 'data-testid="account-link"' in page and ">ada</a>" in page
    assert 'data-testid="sign-out"' in page and "Sign in</a>" not in page
    assert client.get(ACCOUNT + "?next=/rules/yatzy/").context["next"] == "/rules/yatzy/"


def test_a_deleted_account_is_no_one_on_its_other_devices() -> None:
    first = browser()
    code = guest_with_room(first)
    sign_up(first)
    second = browser("198.51.100.9")
    post(second, SIGN_IN, {"username": "ada", "password": PASSWORD})
    assert player_of(second) is not None

    post(first, DELETE, {"password": PASSWORD})

    home = second.get("/")
    assert not home.wsgi_request.user.is_authenticated and not home.context["your_rooms"]
    assert player_of(second) is None
    assert not second.get(reverse("games:room", args=[code])).context["member"]


def test_a_name_taken_since_the_form_checked_it_is_refused_and_creates_nothing() -> None:
    User.objects.create_user("ada", password=PASSWORD)
    with pytest.raises(ServiceError) as refused:
        services.account_create(username="ada", password=PASSWORD)
    assert refused.value.code == "taken" and User.objects.count() == 1
    made = services.account_create(username="bob", password=PASSWORD)
    assert User.objects.get(username="bob") == made and made.check_password(PASSWORD)
