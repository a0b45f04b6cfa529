"""Chat, and the moderation services the admin calls."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from accounts.models import Player
from common.errors import ServiceError
from games import services
from moderation.models import ModerationAction, Report
from play.models import Game
from rooms.models import ChatMessage, Membership, Room
from tests.support.fixture_types import MakePlayer, MakeRoom
from tests.support.game_state import game_of, refused
from tests.support.present import present

pytestmark = pytest.mark.django_db


@pytest.fixture
def room(ada: Player, bob: Player, make_room: MakeRoom) -> Room:
    return make_room(ada, "yahtzee", seats=2, joined=[bob])


def test_chat_is_kept_with_the_room(room: Room, ada: Player, bob: Player) -> None:
    services.chat_post(player=ada, code=room.code, text="  good luck!  ")
    answer = services.chat_post(player=bob, code=room.code, text="line one\nline two")
    assert answer["event"]["kind"] == "chat"
    assert list(room.chat.values_list("player__name", "text")) == [
        ("Ada", "good luck!"),
        ("Bob", "line one\nline two"),
    ]


def test_spectators_chat_too_and_strangers_cannot(
    room: Room, ada: Player, cy: Player, make_player: MakePlayer
) -> None:
    services.room_start(player=ada, code=room.code)
    services.room_join(player=cy, code=room.code)
    services.chat_post(player=cy, code=room.code, text="nice roll")
    refused("not_in_room", services.chat_post, player=make_player("Eve"), code=room.code, text="hi")


@pytest.mark.parametrize("text", ["", "   ", "\x07\x08", "x" * 501])
def test_bad_messages(room: Room, ada: Player, text: str) -> None:
    refused("bad_text", services.chat_post, player=ada, code=room.code, text=text)
    assert not ChatMessage.objects.exists()


def test_a_long_message_fits(room: Room, ada: Player) -> None:
    services.chat_post(player=ada, code=room.code, text="x" * 500)
    assert len(ChatMessage.objects.get().text) == 500


def test_a_few_messages_at_a_time(room: Room, ada: Player, bob: Player) -> None:
    for n in range(3):
        services.chat_post(player=ada, code=room.code, text=f"spam {n}")
    refused("chat_too_fast", services.chat_post, player=ada, code=room.code, text="more")
    services.chat_post(player=bob, code=room.code, text="my turn to talk")
    ChatMessage.objects.filter(player=ada).update(created_at=timezone.now() - timedelta(seconds=3))
    services.chat_post(player=ada, code=room.code, text="after a pause")


def test_moderators_close_rooms_and_their_games(room: Room, ada: Player, staff: User) -> None:
    services.room_start(player=ada, code=room.code)
    services.mod_close_room(moderator=staff, room=room, reason="abusive names")
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED and room.closed_reason == "abusive names"
    assert game_of(room.code).status == Game.Status.ENDED
    record = ModerationAction.objects.get()
    assert (record.moderator, record.action, record.reason, record.room) == (
        staff,
        "close_room",
        "abusive names",
        room,
    )
    refused("room_closed", services.room_join, player=ada, code=room.code)
    with pytest.raises(ServiceError):
        services.mod_close_room(moderator=staff, room=room, reason="again")


def test_every_moderation_needs_a_reason(room: Room, staff: User, bob: Player) -> None:
    for reason in ("", "   ", "x" * 501):
        with pytest.raises(ServiceError) as err:
            services.mod_ban(moderator=staff, player=bob, reason=reason)
        assert err.value.code == "reason_required"
    assert not ModerationAction.objects.exists()


def test_end_game(room: Room, ada: Player, staff: User) -> None:
    services.room_start(player=ada, code=room.code)
    game = game_of(room.code)
    services.mod_end_game(moderator=staff, game=game, reason="stuck table")
    game.refresh_from_db()
    assert game.status == Game.Status.ENDED and "stuck table" in game.ended_reason
    refused("game_over", services.game_roll, player=ada, code=room.code)
    services.room_rematch(player=ada, code=room.code)
    assert game_of(room.code).number == 2


def test_kick_hands_the_game_seat_to_a_bot(
    room: Room, ada: Player, bob: Player, staff: User
) -> None:
    services.room_start(player=ada, code=room.code)
    member = Membership.objects.get(room=room, player=bob)
    services.mod_kick(moderator=staff, member=member, reason="rude in chat")
    member.refresh_from_db()
    assert member.state == Membership.State.KICKED
    assert game_of(room.code).scorecards.get(seat=1).player.is_bot
    refused("kicked", services.room_join, player=bob, code=room.code)


def test_ban_and_unban(
    room: Room, bob: Player, staff: User, ada: Player, make_room: MakeRoom
) -> None:
    services.mod_ban(moderator=staff, player=bob, reason="spam")
    bob.refresh_from_db()
    assert bob.is_banned
    refused("banned", services.room_create, player=bob, ruleset="yatzy")
    refused("banned", services.chat_post, player=bob, code=room.code, text="hi")
    other = make_room(ada, "yatzy")
    refused("banned", services.room_join, player=bob, code=other.code)
    services.mod_unban(moderator=staff, player=bob, reason="appeal accepted")
    bob.refresh_from_db()
    services.room_join(player=bob, code=room.code)  # the ban took him out of the room
    services.chat_post(player=bob, code=room.code, text="sorry")
    assert list(
        ModerationAction.objects.order_by("created_at").values_list("action", flat=True)
    ) == ["ban", "unban"]


def test_remove_chat_keeps_the_record(room: Room, bob: Player, staff: User) -> None:
    services.chat_post(player=bob, code=room.code, text="something rude")
    message = ChatMessage.objects.get()
    services.mod_remove_chat(moderator=staff, message=message, reason="rude")
    message.refresh_from_db()
    assert message.removed_at is not None
    record = ModerationAction.objects.get()
    assert record.details == {"message_id": message.pk, "text": "something rude"}
    assert present(room.events.last()).kind == "chat_removed"


RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: "safe" RLO "gnp.exe" shows as "safeexe.png"


@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        (f"safe{RLO}gnp.exe", "safegnp.exe"),
        ("\u2067gg\u2069 wp", "gg wp"),
        ("g\u200bg\ufeff", "gg"),
        ("nice\u2800 roll", "nice roll"),
        ("a\u200d\u200cb", "ab"),
        ("line one\u2066\nline two", "line one\nline two"),
        ("\U0001f469\u200d\U0001f4bb coding", "\U0001f469\u200d\U0001f4bb coding"),  # emoji
        (
            "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
            "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
        ),  # Persian's non-joiner shapes the word: it stays
        ("\u2764\ufe0f", "\u2764\ufe0f"),
    ],
)
def test_chat_loses_the_invisible_characters_names_lose(
    room: Room, ada: Player, raw: str, kept: str
) -> None:
    answer = services.chat_post(player=ada, code=room.code, text=raw)
    assert ChatMessage.objects.get().text == kept == answer["event"]["data"]["text"]


@pytest.mark.parametrize("text", [f"{RLO}\u200b", "\u2800 \u2066\u2069"])
def test_a_message_of_invisible_characters_only_is_refused(
    room: Room, ada: Player, text: str
) -> None:
    refused("bad_text", services.chat_post, player=ada, code=room.code, text=text)


def test_reports_and_moderators_reasons_lose_them_too(
    room: Room, ada: Player, bob: Player, staff: User
) -> None:
    services.chat_post(player=bob, code=room.code, text="rude")
    services.report_send(
        player=ada,
        code=room.code,
        reason="other",
        text=f"he wrote {RLO}gnp.exe",
        message=ChatMessage.objects.get().pk,
    )
    assert Report.objects.get().text == "he wrote gnp.exe"
    refused(
        "bad_reason",
        services.report_send,
        player=ada,
        code=room.code,
        reason="other",
        text="\u200b\u2066",
        target=bob.pk,
    )
    services.mod_ban(moderator=staff, player=bob, reason=f"spam{RLO} links")
    bob.refresh_from_db()
    assert bob.ban_reason == "spam links"
    assert ModerationAction.objects.get().reason == "spam links"
    refused("reason_required", services.mod_unban, moderator=staff, player=bob, reason="\u200b")
