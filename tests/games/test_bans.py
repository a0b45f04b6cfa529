"""Bans that bite: at once, in every room, on every path, until their end; a kick that
refuses the browser too (the guest limit: test_guest_limit.py; the banned player's
sockets: test_ban_sockets.py)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Player, banned_now
from common.browsers import COOKIE
from common.errors import ServiceError
from common.news import Answer
from games import services
from moderation.models import ModerationAction
from play import sql
from rooms.models import Membership, Room
from tests.support.clients import client_of
from tests.support.fixture_types import MakePlayer, MakeRoom
from tests.support.game_state import game_of, refused
from tests.support.present import present

pytestmark = pytest.mark.django_db


@pytest.fixture
def tables(ada: Player, bob: Player, cy: Player, make_room: MakeRoom) -> tuple[Room, Room]:
    """Bob plays in Ada's game (seat 1) and watches nothing yet in Cy's open room."""
    playing = make_room(ada, "yatzy", seats=2, joined=[bob], start=True)
    waiting = make_room(cy, "yahtzee", seats=3, joined=[bob])
    return playing, waiting


def test_a_ban_hands_the_seat_to_a_bot_and_tells_every_room(
    tables: tuple[Room, Room], bob: Player, staff: User
) -> None:
    playing, waiting = tables
    before = game_of(playing.code).version
    services.mod_ban(moderator=staff, player=bob, reason="abuse")
    game = game_of(playing.code)
    assert game.status == game.Status.PLAYING and game.version > before
    card = game.scorecards.select_related("player").get(seat=1)
    assert card.player.is_bot
    for room in (playing, waiting):
        event = present(room.events.order_by("-seq").first())
        assert event.kind == "banned"
        assert event.data["player"] == "Bob" and event.data["by"] == "moderator"
        assert Membership.objects.get(room=room, player=bob).state == Membership.State.LEFT
    assert present(playing.events.order_by("-seq").first()).data["bot"] == card.player.name
    assert Membership.objects.get(room=playing, player=card.player).seat == 1


def test_a_banned_host_passes_the_room_on(
    ada: Player, bob: Player, staff: User, make_room: MakeRoom
) -> None:
    room = make_room(bob, "yatzy", seats=2, joined=[ada], start=True)
    services.mod_ban(moderator=staff, player=bob, reason="abuse")
    room.refresh_from_db()
    assert room.host_id == ada.pk and room.status == Room.Status.OPEN


# Every write a member can make, with fields that would otherwise be fine or refused
# for another reason: the ban comes first.
WRITES: list[tuple[Callable[..., Answer], dict[str, object]]] = [
    (services.chat_post, {"text": "hi"}),
    (services.reaction_send, {"emoji": "👍"}),
    (services.room_join, {}),
    (services.room_take_seat, {}),
    (services.room_leave, {}),
    (services.game_roll, {"hold": []}),
    (services.game_hold, {"hold": [0]}),
    (services.game_announce, {"box": "ones"}),
    (services.game_place, {"box": "chance"}),
    (services.game_skip, {}),
    (services.game_hand_to_bot, {"seat": 0}),
    (
        services.room_configure,
        {"ruleset": "yatzy", "options": {}, "seats": 2, "turn_seconds": None},
    ),
    (services.room_start, {}),
    (services.room_rematch, {}),
    (services.room_add_bot, {}),
    (services.room_remove_bot, {"seat": 1}),
    (services.room_kick, {"target": 1}),
    (services.room_mute, {"target": 1}),
]


@pytest.mark.parametrize(
    ("service", "fields"), WRITES, ids=[service.__name__ for service, _ in WRITES]
)
def test_a_banned_player_can_do_nothing_in_a_room(
    ada: Player,
    bob: Player,
    staff: User,
    make_room: MakeRoom,
    service: Callable[..., Answer],
    fields: dict[str, object],
) -> None:
    room = make_room(bob, "yatzy", seats=2, joined=[ada], start=True)
    services.mod_ban(moderator=staff, player=Player.objects.get(pk=bob.pk), reason="x")
    refused("banned", service, player=bob, code=room.code, **fields)


def test_a_banned_player_opens_no_room(bob: Player, staff: User) -> None:
    services.mod_ban(moderator=staff, player=bob, reason="x")
    refused("banned", services.room_create, player=bob, ruleset="yatzy")


def test_a_ban_ends_by_itself(ada: Player, bob: Player, staff: User, make_room: MakeRoom) -> None:
    room = make_room(ada, "yatzy", seats=3)
    services.mod_ban(
        moderator=staff, player=bob, reason="cool off", until=timezone.now() + timedelta(hours=1)
    )
    refused("banned", services.room_join, player=bob, code=room.code)
    Player.objects.filter(pk=bob.pk).update(banned_until=timezone.now() - timedelta(seconds=1))
    services.room_join(player=bob, code=room.code)
    services.chat_post(player=bob, code=room.code, text="back")
    bob.refresh_from_db()
    assert not bob.is_banned
    assert ModerationAction.objects.get(action="ban").details["until"] is not None


@pytest.mark.parametrize(
    "until",
    [
        timezone.now() - timedelta(minutes=1),
        timezone.now().replace(tzinfo=None) + timedelta(days=1),
    ],
)
def test_a_ban_ends_in_the_future(bob: Player, staff: User, until: datetime) -> None:
    with pytest.raises(ServiceError) as err:
        services.mod_ban(moderator=staff, player=bob, reason="x", until=until)
    assert err.value.code == "bad_ban_end"
    bob.refresh_from_db()
    assert not bob.is_banned and not ModerationAction.objects.exists()


# -- accounts: the ban is on the account's player, whatever browser it signs in from --


def test_every_browser_of_a_banned_account_is_refused(
    ada: Player, staff: User, make_room: MakeRoom
) -> None:
    user = User.objects.create_user("troll", password="pw")
    troll = Player.objects.create(name="Troll", user=user)
    room = make_room(ada, "yatzy", seats=3)
    services.mod_ban(moderator=staff, player=troll, reason="x")
    browser = Client()
    browser.force_login(user)
    page = browser.get(f"/r/{room.code}/")
    assert "A moderator banned you from playing here." in page.content.decode()
    answer = browser.post(f"/r/{room.code}/join/", {"name": "Fresh"})
    assert answer.status_code == 400 and "banned" in answer.content.decode()
    assert not Membership.objects.filter(room=room, player=troll).exists()
    assert Player.objects.filter(user=user).count() == 1


# The guest limit: tests/games/test_guest_limit.py.


# -- a kick refuses the browser -------------------------------------------------------


def test_a_kicked_browser_cannot_come_back_as_a_new_guest(ada: Player, make_room: MakeRoom) -> None:
    room = make_room(ada, "yatzy", seats=3)
    browser = Client()
    assert browser.post(f"/r/{room.code}/join/", {"name": "Troll"}).status_code == 302
    assert browser.cookies[COOKIE].value
    troll = Player.objects.get(name="Troll")
    services.room_kick(player=ada, code=room.code, target=troll.pk)
    browser.cookies.pop("sessionid")  # a new session: the kicked player is gone from it
    again = browser.post(f"/r/{room.code}/join/", {"name": "Troll2"})
    assert again.status_code == 400 and "removed" in again.content.decode()
    assert not Membership.objects.filter(room=room, player__name="Troll2").exists()
    elsewhere = Client()  # another browser is another person
    assert elsewhere.post(f"/r/{room.code}/join/", {"name": "Dee"}).status_code == 302


def test_a_forged_browser_cookie_is_a_new_browser(ada: Player, make_room: MakeRoom) -> None:
    room = make_room(ada, "yatzy", seats=3)
    browser = Client()
    browser.post(f"/r/{room.code}/join/", {"name": "Troll"})
    kicked = browser.cookies[COOKIE].value
    services.room_kick(player=ada, code=room.code, target=Player.objects.get(name="Troll").pk)
    forged = Client()
    forged.cookies[COOKIE] = kicked.split(":", 1)[0] + ":forged"
    assert forged.post(f"/r/{room.code}/join/", {"name": "Eve"}).status_code == 302
    assert forged.cookies[COOKIE].value != kicked


def test_the_services_refuse_a_kicked_browser(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=3)
    services.room_join(player=bob, code=room.code, browser="b" * 32)
    services.room_kick(player=ada, code=room.code, target=bob.pk)
    refused("kicked", services.room_join, player=cy, code=room.code, browser="b" * 32)
    services.room_join(player=cy, code=room.code, browser="c" * 32)


# -- the admin: a reason and an optional end ------------------------------------------


def test_the_admin_bans_until_a_date_and_lists_it(
    admin_client: Client, bob: Player, cy: Player
) -> None:
    url = reverse("admin:accounts_player_changelist")
    ask = admin_client.post(url, {"action": "ban_players", ACTION_CHECKBOX_NAME: [bob.pk]})
    assert (
        'name="until"' in ask.content.decode() and 'type="datetime-local"' in ask.content.decode()
    )
    past = admin_client.post(
        url,
        {
            "action": "ban_players",
            ACTION_CHECKBOX_NAME: [bob.pk],
            "post": "yes",
            "reason": "spam",
            "until": "2001-01-01T10:00",
        },
        follow=True,
    )
    assert "a ban ends in the future" in past.content.decode()
    bob.refresh_from_db()
    assert not bob.is_banned
    until = (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)
    admin_client.post(
        url,
        {
            "action": "ban_players",
            ACTION_CHECKBOX_NAME: [bob.pk],
            "post": "yes",
            "reason": "spam",
            "until": f"{until:%Y-%m-%dT%H:%M}",
        },
    )
    admin_client.post(
        url,
        {
            "action": "ban_players",
            ACTION_CHECKBOX_NAME: [cy.pk],
            "post": "yes",
            "reason": "spam",
            "until": "",
        },
    )
    bob.refresh_from_db()
    assert bob.banned_until == until and bob.ban_reason == "spam"
    listing = admin_client.get(url).content.decode()
    assert f"{until:%Y-%m-%d %H:%M} UTC" in listing and "for good" in listing
    Player.objects.filter(pk=cy.pk).update(banned_until=timezone.now() - timedelta(hours=1))
    banned = admin_client.get(url, {"banned": "yes"}).context["cl"].result_list
    assert list(banned) == [bob]  # Cy's ban has ended
    assert cy in admin_client.get(url, {"banned": "no"}).context["cl"].result_list


def test_bots_are_not_banned(ada: Player, staff: User, make_room: MakeRoom) -> None:
    room = make_room(ada, "yatzy", seats=2, bots=["beginner"])
    bot = Membership.objects.get(room=room, seat=1).player
    with pytest.raises(ServiceError) as err:
        services.mod_ban(moderator=staff, player=bot, reason="x")
    assert err.value.code == "not_a_person"
    bot.refresh_from_db()
    assert bot.banned_at is None and not ModerationAction.objects.exists()


def test_the_ban_rule_is_the_same_in_sql_in_python_and_on_a_move(make_player: MakePlayer) -> None:
    """Whether a ban holds is decided in three places (the admin's filter in SQL, a
    player's ``is_banned``, a move's plain read): none, ended, lasting and for good agree."""
    moment = timezone.now()
    hour = timedelta(hours=1)
    cases = {
        "never": (None, None),
        "ended": (moment - 2 * hour, moment - hour),
        "lasting": (moment - hour, moment + hour),
        "for good": (moment - hour, None),
    }
    players = {}
    for name, (at, until) in cases.items():
        player = players[name] = make_player(name)
        Player.objects.filter(pk=player.pk).update(banned_at=at, banned_until=until)
    in_force = {"lasting", "for good"}
    assert {
        p.name for p in Player.objects.filter(banned_now(), pk__in=[p.pk for p in players.values()])
    } == in_force
    assert {
        name for name, p in players.items() if Player.objects.get(pk=p.pk).is_banned
    } == in_force
    assert {name for name, p in players.items() if sql.banned(p.pk, moment)} == in_force


def test_the_banned_players_room_page_offers_no_invite_nor_leaving(
    ada: Player, bob: Player, cy: Player, staff: User, make_room: MakeRoom
) -> None:
    """Whether the ban left the player in the room or not (a spectator's chair, a seat a
    bot took), its page offers nothing the ban refuses: no invite link, no way to leave."""
    playing = make_room(ada, "yatzy", seats=2, joined=[bob], start=True)
    watching = make_room(cy, "yatzy", seats=2, joined=[ada], start=True)
    services.room_join(player=bob, code=watching.code)  # a spectator's chair
    services.mod_ban(moderator=staff, player=Player.objects.get(pk=bob.pk), reason="x")
    for code in (playing.code, watching.code):
        page = client_of(bob).get(f"/r/{code}/").content.decode()
        assert "You are banned" in page
        for control in (
            'data-testid="copy-invite-bar"',
            'data-action="copy-invite"',
            'data-testid="leave"',
            'data-action="leave"',
            "Invite link",
        ):
            assert control not in page
