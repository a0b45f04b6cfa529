"""The moderators' admin: actions that ask why, lists with their search and filters,
and move logs. (Reports and the room page: test_admin_reports.py; who may come in:
test_admin_access.py.)"""

from __future__ import annotations

import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Player
from common.errors import ServiceError
from games import services
from moderation.models import ModerationAction
from play.models import Game, Scorecard
from rooms.models import ChatMessage, Membership, Room
from tests.support.admin_pages import (
    act,
    changelist,
    listed,
    messages_of,
    moderate,
    moderated_world,
    recorded,
    snapshot,
)
from tests.support.fixture_types import MakePlayer, MakeRoom, ScriptDice
from tests.support.game_state import game_of

# Not in the PostgreSQL pass (docs/decisions/0007): the admin only reads through the ORM what
# the services tests of that pass write.
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass_only]


@pytest.fixture
def room(ada: Player, bob: Player, make_room: MakeRoom) -> Room:
    """Ada hosts a Yahtzee room with Bob; their first game is in progress."""
    return make_room(ada, "yahtzee", seats=2, joined=[bob], start=True)


# -- the actions ---------------------------------------------------------------


def test_close_rooms_ends_their_games(admin_client: Client, admin_user: User, room: Room) -> None:
    done = moderate(admin_client, "room", "close_rooms", [room], "abusive room name")
    room.refresh_from_db()
    game = game_of(room.code)
    assert (room.status, room.closed_reason) == (Room.Status.CLOSED, "abusive room name")
    assert game.status == Game.Status.ENDED
    assert messages_of(done) == [("success", f"Closed room {room.code}.")]
    record = recorded(admin_client, action="close_room")
    assert (record.moderator, record.reason, record.room, record.game) == (
        admin_user,
        "abusive room name",
        room,
        game,
    )


def test_a_refused_object_is_reported_and_the_others_go_on(
    admin_client: Client, admin_user: User, room: Room, cy: Player, make_room: MakeRoom
) -> None:
    other = make_room(cy, "yatzy", seats=2)
    services.mod_close_room(moderator=admin_user, room=room, reason="first")
    done = act(
        admin_client, "room", "close_rooms", [room, other], post="yes", reason="second", follow=True
    )
    assert sorted(messages_of(done)) == [
        ("error", f"{room.code}: room {room.code} is already closed"),
        ("success", f"Closed room {other.code}."),
    ]
    other.refresh_from_db()
    assert other.status == Room.Status.CLOSED
    assert list(
        ModerationAction.objects.filter(reason="second").values_list("room", flat=True)
    ) == [other.pk]


def test_end_games(admin_client: Client, admin_user: User, room: Room) -> None:
    game = game_of(room.code)
    done = moderate(admin_client, "game", "end_games", [game], "players colluding")
    game.refresh_from_db()
    room.refresh_from_db()
    assert game.status == Game.Status.ENDED and "players colluding" in game.ended_reason
    assert room.status == Room.Status.OPEN
    assert messages_of(done) == [("success", f"Ended game {game}.")]
    record = recorded(admin_client, action="end_game")
    assert (record.moderator, record.room, record.game) == (admin_user, room, game)


def test_kick_hands_the_game_seat_to_a_bot(
    admin_client: Client, admin_user: User, room: Room, bob: Player
) -> None:
    member = Membership.objects.get(room=room, player=bob)
    done = moderate(admin_client, "membership", "kick_members", [member], "rude in chat")
    member.refresh_from_db()
    assert (member.state, member.seat) == (Membership.State.KICKED, None)
    card = Scorecard.objects.select_related("player").get(game=game_of(room.code), seat=1)
    assert card.player.is_bot
    assert Membership.objects.get(room=room, seat=1, state="active").player == card.player
    assert messages_of(done) == [("success", f"Kicked Bob from room {room.code}.")]
    record = recorded(admin_client, action="kick")
    assert (record.moderator, record.room, record.player) == (admin_user, room, bob)
    with pytest.raises(ServiceError) as err:
        services.room_join(player=bob, code=room.code)
    assert err.value.code == "kicked"


def test_bots_cannot_be_kicked(admin_client: Client, room: Room) -> None:
    services.room_leave(player=room.host, code=room.code)  # a bot takes Ada's seat
    bot_member = Membership.objects.get(room=room, seat=0, state="active")
    done = act(
        admin_client,
        "membership",
        "kick_members",
        [bot_member],
        post="yes",
        reason="test",
        follow=True,
    )
    assert [level for level, _ in messages_of(done)] == ["error"]
    assert not ModerationAction.objects.exists()


def test_ban_then_unban(
    admin_client: Client, admin_user: User, room: Room, ada: Player, cy: Player, make_room: MakeRoom
) -> None:
    other = make_room(cy, "yatzy", seats=3)
    moderate(admin_client, "player", "ban_players", [ada], "harassment")
    ada.refresh_from_db()
    assert ada.is_banned and ada.ban_reason == "harassment"
    record = recorded(admin_client, action="ban")
    assert (record.moderator, record.player, record.reason) == (admin_user, ada, "harassment")
    for call in (
        lambda: services.room_join(player=ada, code=other.code),
        lambda: services.room_create(player=ada, ruleset="yatzy"),
        lambda: services.chat_post(player=ada, code=room.code, text="hello?"),
    ):
        with pytest.raises(ServiceError) as err:
            call()
        assert err.value.code == "banned"

    moderate(admin_client, "player", "unban_players", [ada], "appeal accepted")
    ada.refresh_from_db()
    assert not ada.is_banned
    record = recorded(admin_client, action="unban")
    assert (record.moderator, record.player) == (admin_user, ada)
    services.room_join(player=ada, code=other.code)
    services.room_create(player=ada, ruleset="yatzy")
    services.room_join(player=ada, code=room.code)  # the ban took her out of the room
    services.chat_post(player=ada, code=room.code, text="sorry")


def test_banning_twice_is_reported(admin_client: Client, admin_user: User, ada: Player) -> None:
    services.mod_ban(moderator=admin_user, player=ada, reason="spam")
    done = act(
        admin_client, "player", "ban_players", [ada], post="yes", reason="again", follow=True
    )
    assert messages_of(done) == [("error", "Ada: Ada is already banned")]
    assert ModerationAction.objects.count() == 1


def test_remove_chat_messages(
    admin_client: Client, admin_user: User, room: Room, ada: Player, bob: Player
) -> None:
    services.chat_post(player=ada, code=room.code, text="you are all idiots")
    services.chat_post(player=bob, code=room.code, text="gg")
    rude = ChatMessage.objects.get(player=ada)
    moderate(admin_client, "chatmessage", "remove_messages", [rude], "insult")
    rude.refresh_from_db()
    assert rude.removed_at is not None
    assert ChatMessage.objects.get(player=bob).removed_at is None
    record = recorded(admin_client, action="remove_chat")
    assert (record.moderator, record.room, record.player) == (admin_user, room, ada)
    assert record.details == {"message_id": rude.pk, "text": "you are all idiots"}


def test_actions_are_csrf_protected(admin_user: User, room: Room) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin_user)
    before = snapshot()
    data = {
        "action": "close_rooms",
        ACTION_CHECKBOX_NAME: [room.pk],
        "post": "yes",
        "reason": "no token",
    }
    assert client.post(changelist("room"), data).status_code == 403
    assert snapshot() == before
    client.get(changelist("room"))
    data["csrfmiddlewaretoken"] = client.cookies["csrftoken"].value
    assert client.post(changelist("room"), data).status_code == 302
    assert Room.objects.get(pk=room.pk).status == Room.Status.CLOSED


# -- lists, search and filters -------------------------------------------------


@pytest.fixture
def world(
    room: Room,
    ada: Player,
    cy: Player,
    make_player: MakePlayer,
    make_room: MakeRoom,
    admin_user: User,
) -> SimpleNamespace:
    """Two rooms (one closed, with a bot), chat (one line removed), a banned player."""
    return moderated_world(room, ada, cy, make_player, make_room, admin_user)


def today_range(field: str) -> dict[str, str]:
    """The parameters of the date filter's "Today" link."""
    today = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    return {f"{field}__gte": str(today), f"{field}__lt": str(today + timedelta(days=1))}


def test_room_list(admin_client: Client, world: SimpleNamespace) -> None:
    room, other = world.room, world.other
    html = admin_client.get(changelist("room")).content.decode()
    assert "Close selected rooms" in html and "Yahtzee" in html and "2/2" in html
    assert listed(admin_client, "room") == {room, other}
    assert listed(admin_client, "room", q=room.code) == {room}
    # Cy hosts the other room; a random code may hold "cy" as well (1 in about 90).
    assert listed(admin_client, "room", q="cy") == {other} | (
        {room} if "cy" in room.code else set()
    )
    assert listed(admin_client, "room", status__exact="closed") == {other}
    assert listed(admin_client, "room", ruleset="yahtzee") == {room}
    assert listed(admin_client, "room", **today_range("created_at")) == {room, other}
    assert listed(admin_client, "room", **today_range("last_activity_at")) == {room, other}
    assert listed(admin_client, "room", last_activity_at__year=timezone.now().year) == {room, other}


def test_player_list(
    admin_client: Client, world: SimpleNamespace, ada: Player, bob: Player, cy: Player
) -> None:
    html = admin_client.get(changelist("player")).content.decode()
    assert "Ban selected players" in html and "Unban selected players" in html
    assert listed(admin_client, "player", q="bob") == {bob}
    assert listed(admin_client, "player", q="ada") == {ada, world.bot}  # "Bot Ada"
    assert listed(admin_client, "player", banned="yes") == {world.eve}
    assert listed(admin_client, "player", banned="no") == {ada, bob, cy, world.bot}
    assert listed(admin_client, "player", kind="bot") == {world.bot}
    assert listed(admin_client, "player", kind="person", banned="no") == {ada, bob, cy}
    assert listed(admin_client, "player", **today_range("created_at")) >= {ada, world.eve}


def test_membership_list(admin_client: Client, world: SimpleNamespace, bob: Player) -> None:
    html = admin_client.get(changelist("membership")).content.decode()
    assert "Kick selected players from their room" in html
    bobs = Membership.objects.get(player=bob)
    assert listed(admin_client, "membership", q="bob") == {bobs}
    assert len(listed(admin_client, "membership", q=world.other.code)) == 2
    assert listed(admin_client, "membership", kind="bot") == {
        Membership.objects.get(player=world.bot)
    }
    assert bobs in listed(admin_client, "membership", state__exact="active", kind="person")
    assert listed(admin_client, "membership", state__exact="kicked") == set()
    assert len(listed(admin_client, "membership", joined_at__year=timezone.now().year)) == 4
    assert listed(admin_client, "membership", muted__exact="1") == set()
    Membership.objects.filter(pk=bobs.pk).update(muted=True)  # as the host's mute does
    assert listed(admin_client, "membership", muted__exact="1") == {bobs}


def test_game_list(admin_client: Client, world: SimpleNamespace) -> None:
    game = game_of(world.room.code)
    html = admin_client.get(changelist("game")).content.decode()
    assert "End selected games" in html and "Ada, Bob" in html
    assert listed(admin_client, "game", q=world.room.code) == {game}
    assert listed(admin_client, "game", q="bob") == {game}
    # Cy did not play; the search also looks in room codes, which are random letters.
    assert listed(admin_client, "game", q="cy") == ({game} if "cy" in world.room.code else set())
    assert listed(admin_client, "game", status__exact="playing") == {game}
    assert listed(admin_client, "game", status__exact="finished") == set()
    assert listed(admin_client, "game", ruleset="yahtzee") == {game}
    assert listed(admin_client, "game", **today_range("started_at")) == {game}
    assert listed(admin_client, "game", started_at__year=timezone.now().year) == {game}


def test_chat_list(admin_client: Client, world: SimpleNamespace, ada: Player) -> None:
    luck = ChatMessage.objects.get(text="good luck all")
    anyone = ChatMessage.objects.get(text="anyone here?")
    html = admin_client.get(changelist("chatmessage")).content.decode()
    assert "Remove selected messages" in html and "good luck all" in html
    assert listed(admin_client, "chatmessage", q="luck") == {luck}
    # Ada wrote in the room; a random code may hold "ada" as well (1 in about 3,000).
    assert listed(admin_client, "chatmessage", q="ada") == {luck} | (
        {anyone} if "ada" in world.other.code else set()
    )
    assert listed(admin_client, "chatmessage", q=world.other.code) == {anyone}
    assert listed(admin_client, "chatmessage", removed="yes") == {anyone}
    assert listed(admin_client, "chatmessage", removed="no") == {luck}
    assert listed(admin_client, "chatmessage", **today_range("created_at")) == {luck, anyone}
    assert listed(admin_client, "chatmessage", created_at__year=timezone.now().year) == {
        luck,
        anyone,
    }


def test_moderation_action_list(admin_client: Client, world: SimpleNamespace) -> None:
    html = admin_client.get(changelist("moderationaction")).content.decode()
    assert "spam links" in html and "empty table" in html and "admin" in html
    ban = ModerationAction.objects.get(action="ban")
    assert listed(admin_client, "moderationaction", q="spam") == {ban}
    eves = listed(admin_client, "moderationaction", q="eve")  # or a code holding "eve"
    codes = world.room.code + " " + world.other.code
    assert eves == {ban} if "eve" not in codes else ban in eves
    assert len(listed(admin_client, "moderationaction", q=world.other.code)) == 2
    assert listed(admin_client, "moderationaction", action="ban") == {ban}
    assert len(listed(admin_client, "moderationaction", **today_range("created_at"))) == 3
    assert len(listed(admin_client, "moderationaction", created_at__year=timezone.now().year)) == 3
    page = admin_client.get(reverse("admin:moderation_moderationaction_change", args=[ban.pk]))
    assert page.status_code == 200 and "spam links" in page.content.decode()


# -- the move log ---------------------------------------------------------------


def test_the_game_page_shows_every_die_drawn(
    admin_client: Client, room: Room, ada: Player, bob: Player, script_dice: ScriptDice
) -> None:
    script_dice([1, 2, 3, 4, 5, 6, 6, 6, 3, 3, 3, 2, 2])
    services.game_roll(player=ada, code=room.code)
    services.game_roll(player=ada, code=room.code, hold=[0, 1])
    services.game_place(player=ada, code=room.code, box="chance")
    services.game_roll(player=bob, code=room.code)
    services.game_place(player=bob, code=room.code, box="full_house")
    game = game_of(room.code)
    page = admin_client.get(reverse("admin:play_game_change", args=[game.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())  # what the moderator reads
    for line in (
        "held [] drew [1, 2, 3, 4, 5] → dice [1, 2, 3, 4, 5]",
        "held [1, 2] (dice 1, 2) drew [6, 6, 6] → dice [1, 2, 6, 6, 6]",
        "held [] drew [3, 3, 3, 2, 2] → dice [3, 3, 3, 2, 2]",
    ):
        assert line in text
    assert html.count('<li title="rolled at ') == 3
    assert "<strong>Score</strong> (1/13): Chance 21" in html
    assert "<strong>Score</strong> (1/13): Full house 25" in html
    assert "no roll" in html  # Ada's third turn has not started rolling
    assert re.search(r'field-box">\s*<p>full_house</p>', html)
    assert "game_started" in html  # the event log


def test_the_game_page_shows_an_announced_box(
    admin_client: Client, ada: Player, script_dice: ScriptDice, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yams", seats=1, start=True)
    script_dice([6, 6, 6, 2, 1])
    services.game_roll(player=ada, code=room.code)
    services.game_announce(player=ada, code=room.code, box="sixes")
    html = admin_client.get(
        reverse("admin:play_game_change", args=[game_of(room.code).pk])
    ).content.decode()
    assert re.search(r'field-announced">\s*<p>sixes</p>', html)
    assert "<strong>Announced</strong> (0/12): nothing yet" in html
