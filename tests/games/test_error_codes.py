"""The refusals not met elsewhere: each with its stable code, each changing nothing."""

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from common.errors import ServiceError
from games import services
from play.models import Scorecard
from rooms.models import ChatMessage
from tests.support.fixture_types import MakeRoom, ScriptDice
from tests.support.game_state import game_of, refused

pytestmark = pytest.mark.django_db


def test_request_ids_are_kept_per_room(ada: Player, bob: Player, make_room: MakeRoom) -> None:
    first = make_room(ada, "yatzy", seats=2)
    second = make_room(ada, "yams", seats=2)
    services.room_join(player=bob, code=first.code, request_id="1")
    two = services.room_join(player=bob, code=second.code, request_id="1")
    assert two["event"]["kind"] == "joined" and two["seat"] == 1
    assert sorted(bob.memberships.values_list("room__code", flat=True)) == sorted(
        [first.code, second.code]
    )
    assert services.room_join(player=bob, code=second.code, request_id="1") == two


def test_bots_do_not_open_rooms() -> None:
    bot = Player.objects.create(name="Bot Ada", bot_level="beginner")
    refused("not_a_person", services.room_create, player=bot, ruleset="yatzy")


@pytest.mark.parametrize("seat", [5, -1])
def test_handing_an_unknown_seat_to_a_bot(
    ada: Player, bob: Player, seat: int, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=2, joined=[bob], start=True)
    refused("unknown_seat", services.game_hand_to_bot, player=ada, code=room.code, seat=seat)


def test_unban_someone_not_banned_and_remove_a_message_twice(
    ada: Player, staff: User, make_room: MakeRoom
) -> None:
    with pytest.raises(ServiceError) as err:
        services.mod_unban(moderator=staff, player=ada, reason="why not")
    assert err.value.code == "not_banned"
    room = make_room(ada, "yatzy")
    services.chat_post(player=ada, code=room.code, text="hello")
    message = ChatMessage.objects.get()
    services.mod_remove_chat(moderator=staff, message=message, reason="test")
    with pytest.raises(ServiceError) as err:
        services.mod_remove_chat(moderator=staff, message=message, reason="test")
    assert err.value.code == "already_removed"


def test_yams_announcement_timing_through_the_services(
    ada: Player, script_dice: ScriptDice, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yams", seats=1, start=True)
    script_dice([1, 2, 3, 4, 5, 6])
    services.game_roll(player=ada, code=room.code)
    services.game_roll(player=ada, code=room.code, hold=[1, 2, 3, 4])
    refused("announce_too_late", services.game_announce, player=ada, code=room.code, box="straight")


def test_only_announced_boxes_left_means_announce_before_rolling_again(
    ada: Player, script_dice: ScriptDice, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yams", seats=1, start=True)
    card = Scorecard.objects.get(game=game_of(room.code))
    zero = {
        "ones": 0,
        "twos": 0,
        "threes": 0,
        "fours": 0,
        "fives": 0,
        "sixes": 0,
        "maximum": 5,
        "minimum": 5,
        "full_house": 0,
        "four_of_a_kind": 0,
        "straight": 0,
        "yams": 0,
    }
    card.data = {
        **card.data,
        "boxes": {
            "free": zero,
            "down": zero,
            "up": zero,
            "announced": {k: v for k, v in zero.items() if k != "yams"},
        },
    }
    card.save()
    script_dice([6, 6, 6, 6, 2, 6])
    services.game_roll(player=ada, code=room.code)
    refused(
        "announcement_required", services.game_roll, player=ada, code=room.code, hold=[0, 1, 2, 3]
    )
    refused(
        "illegal_box",
        services.game_place,
        player=ada,
        code=room.code,
        box="yams",
        column="announced",
    )
    services.game_announce(player=ada, code=room.code, box="yams")
    services.game_roll(player=ada, code=room.code, hold=[0, 1, 2, 3])
    placed = services.game_place(player=ada, code=room.code, box="yams")
    assert placed["event"]["data"]["points"] == 50
    assert placed["event"]["data"]["ranking"][0]["rank"] == 1


def test_room_seats_close_ranks_at_start_so_every_seat_number_means_one_seat(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=4)
    services.room_add_bot(player=ada, code=room.code)
    services.room_join(player=bob, code=room.code)
    services.room_join(player=cy, code=room.code)
    services.room_remove_bot(player=ada, code=room.code, seat=1)
    services.room_start(player=ada, code=room.code)
    seats = dict(room.members.filter(state="active").values_list("player__name", "seat"))
    assert seats == {"Ada": 0, "Bob": 1, "Cy": 2}
    services.game_hand_to_bot(player=ada, code=room.code, seat=1)
    assert Scorecard.objects.get(game=game_of(room.code), player__name="Cy").seat == 2
    assert Scorecard.objects.get(game=game_of(room.code), seat=1).player.is_bot


def test_a_ban_counts_at_once_for_a_player_object_held_from_before(
    ada: Player, bob: Player, staff: User, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=2, joined=[bob], start=True)
    services.mod_ban(moderator=staff, player=Player.objects.get(pk=bob.pk), reason="spam")
    assert bob.banned_at is None  # the stale object the caller still holds
    refused("banned", services.chat_post, player=bob, code=room.code, text="hi")


def test_leaving_a_closed_room_keeps_the_moderators_reason(
    ada: Player, staff: User, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy")
    services.mod_close_room(moderator=staff, room=room, reason="abuse in chat")
    services.room_leave(player=ada, code=room.code)
    room.refresh_from_db()
    assert room.closed_reason == "abuse in chat"


def test_a_retry_is_answered_even_after_the_room_closed(
    ada: Player, staff: User, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", start=True)
    first = services.game_roll(player=ada, code=room.code, request_id="r")
    services.mod_close_room(moderator=staff, room=room, reason="test")
    assert services.game_roll(player=ada, code=room.code, request_id="r") == first


def test_a_request_id_reused_for_another_action_is_refused(
    ada: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", start=True)
    services.game_roll(player=ada, code=room.code, request_id="x")
    refused(
        "request_id_reused",
        services.game_place,
        player=ada,
        code=room.code,
        box="chance",
        request_id="x",
    )


def test_a_spectator_leaving_does_not_touch_the_game(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=1, start=True)
    services.room_join(player=bob, code=room.code)
    before = game_of(room.code).version
    services.room_leave(player=bob, code=room.code)
    assert game_of(room.code).version == before


def test_one_broken_game_does_not_stop_the_clock(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from play.models import Game

    broken = make_room(ada, "yatzy", turn_seconds=15, start=True)
    fine = make_room(bob, "yatzy", turn_seconds=15, start=True)
    Scorecard.objects.filter(game=game_of(broken.code)).update(data={"not": "a sheet"})
    Game.objects.update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert len(services.games_run_due()) == 1
    assert game_of(fine.code).turn_count == 2 and game_of(broken.code).turn_count == 1


def test_start_and_rematch_keep_their_request_ids_apart(ada: Player, make_room: MakeRoom) -> None:
    room = make_room(ada, "yatzy")
    services.room_start(player=ada, code=room.code, request_id="go")
    from play.models import Game

    Game.objects.filter(room=room).update(status=Game.Status.FINISHED)
    refused("request_id_reused", services.room_rematch, player=ada, code=room.code, request_id="go")
    assert services.room_rematch(player=ada, code=room.code, request_id="again")["ok"]
