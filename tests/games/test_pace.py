"""Rooms by the day: turns of hours or days, the clock that plays a missed one, holidays,
and a room that waits for its players longer than a live one. Time is moved, never
waited for."""

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import Player
from games import services
from play.models import Event, Game, Scorecard, Turn
from rooms.models import Membership, Room
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import game_of, play_turn, refused
from tests.support.present import present
from tests.support.views import fresh_snapshot_of, view_of

pytestmark = pytest.mark.django_db

DAY = 24 * 3600


def card_of(code: str, player: Player) -> Scorecard:
    return Scorecard.objects.get(game=game_of(code), player=player)


def close_to(
    moment: datetime | None, expected: datetime, slack: timedelta = timedelta(seconds=5)
) -> bool:
    return moment is not None and abs(moment - expected) <= slack


@pytest.fixture
def daily(ada: Player, bob: Player, make_room: MakeRoom) -> str:
    """Ada and Bob in a Yatzy room by the day (a turn a day), Ada to play."""
    return make_room(
        ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True
    ).code


# -- settings ---------------------------------------------------------------------


def test_a_room_by_the_day_gives_a_day_a_turn_unless_told_otherwise(
    ada: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yahtzee", pace="day")
    assert (room.pace, room.turn_seconds, room.holidays, room.together) == ("day", DAY, True, True)
    assert room.events.get().data == {
        "ruleset": "yahtzee",
        "options": {"joker": "forced"},
        "seats": 4,
        "pace": "day",
        "turn_seconds": DAY,
        "holidays": True,
        "together": True,
        "duplicate": False,
    }
    week = make_room(ada, "yatzy", pace="day", together=False, turn_seconds=7 * DAY, holidays=False)
    assert (week.turn_seconds, week.holidays, week.together) == (7 * DAY, False, False)
    live = make_room(ada, "yatzy")
    assert (live.pace, live.together) == ("live", False)
    assert make_room(ada, "yatzy", together=True).together


@pytest.mark.parametrize(
    ("pace", "seconds", "error"),
    [
        ("day", 3599, "bad_timer"),
        ("day", 7 * DAY + 1, "bad_timer"),
        ("live", 3600, "bad_timer"),
        ("live", True, "bad_timer"),
        ("weekly", None, "bad_pace"),
    ],
)
def test_a_pace_or_turn_limit_out_of_bounds_opens_nothing(
    ada: Player, pace: str, seconds: int | None, error: str
) -> None:
    refused(
        error, services.room_create, player=ada, ruleset="yatzy", pace=pace, turn_seconds=seconds
    )
    assert not Room.objects.exists()


def test_the_host_sets_the_pace_between_games(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=2, turn_seconds=60, joined=[bob]).code
    settings: dict[str, Any] = {"ruleset": "yatzy", "options": {}, "seats": 2}
    services.room_configure(
        player=ada, code=code, **settings, pace="day", turn_seconds=3 * 3600, holidays=False
    )
    room = Room.objects.get(code=code)
    assert (room.pace, room.turn_seconds, room.holidays) == ("day", 3 * 3600, False)
    # Left out, the pace and the holidays stay as they are; the limit is checked against it.
    refused(
        "bad_timer", services.room_configure, player=ada, code=code, **settings, turn_seconds=60
    )
    services.room_configure(player=ada, code=code, **settings, turn_seconds=None)
    room.refresh_from_db()
    assert (room.pace, room.turn_seconds, room.holidays) == ("day", DAY, False)
    refused(
        "not_host",
        services.room_configure,
        player=bob,
        code=code,
        **settings,
        turn_seconds=None,
        pace="live",
    )
    services.room_configure(player=ada, code=code, **settings, turn_seconds=90, pace="live")
    room.refresh_from_db()
    assert (room.pace, room.turn_seconds) == ("live", 90)
    state = view_of(fresh_snapshot_of(code), ada.pk)
    assert {k: state["room"][k] for k in ("pace", "turn_seconds", "holidays")} == {
        "pace": "live",
        "turn_seconds": 90,
        "holidays": False,
    }


# -- the clock --------------------------------------------------------------------


def test_a_turn_by_the_day_runs_out_after_its_day_and_is_played_for_its_player(
    daily: str, bob: Player
) -> None:
    game = game_of(daily)
    assert close_to(game.turn_deadline, timezone.now() + timedelta(days=1))
    assert len(services.games_run_due(at=timezone.now() + timedelta(hours=23))) == 0
    assert len(services.games_run_due(at=present(game.turn_deadline) + timedelta(seconds=1))) == 1
    turn = Turn.objects.get(game=game, number=1)
    assert turn.finish == Turn.Finish.TIMEOUT and turn.box
    after = game_of(daily)
    assert after.current_seat == 1 and close_to(
        after.turn_deadline, timezone.now() + timedelta(days=1)
    )


def test_three_missed_days_in_a_row_give_the_seat_to_a_bot_until_its_person_is_back(
    daily: str, ada: Player, bob: Player
) -> None:
    for _ in range(3):  # Ada lets three days pass; Bob plays each of his turns
        game = game_of(daily)
        due = present(game.turn_deadline) + timedelta(seconds=1)
        assert len(services.games_run_due(at=due)) == 1
        if game_of(daily).current_seat == 1:
            play_turn(bob, daily)
    card = Scorecard.objects.get(game=game_of(daily), seat=0)
    assert card.held_for == ada and card.player.is_bot
    services.presence_connect(player=ada, code=daily)
    assert Scorecard.objects.get(game=game_of(daily), seat=0).player == ada


def test_nobody_hurries_a_player_by_the_day(daily: str, ada: Player, bob: Player) -> None:
    play_turn(ada, daily)
    Membership.objects.filter(room__code=daily, player=bob).update(
        sockets=0, seen_at=timezone.now() - timedelta(days=2)
    )
    refused("by_the_day", services.game_skip, player=ada, code=daily)
    refused("by_the_day", services.game_hand_to_bot, player=ada, code=daily, seat=1)


def test_a_room_by_the_day_stays_open_for_thirty_quiet_days(
    daily: str, ada: Player, make_room: MakeRoom
) -> None:
    live = make_room(ada, "yatzy").code
    Room.objects.update(last_activity_at=timezone.now() - timedelta(days=2))
    assert [c.code for c in services.rooms_close_idle()] == [live]
    Room.objects.filter(code=daily).update(last_activity_at=timezone.now() - timedelta(days=31))
    assert [c.code for c in services.rooms_close_idle()] == [daily]
    assert game_of(daily).status == Game.Status.ENDED
    event = present(Event.objects.filter(room__code=daily).last())
    assert event.data == {"reason": "no activity for 30 days", "cause": "idle", "hours": 720}


def test_the_host_role_by_the_day_passes_after_a_day_away(
    daily: str, ada: Player, bob: Player
) -> None:
    services.presence_connect(player=bob, code=daily)
    Membership.objects.filter(room__code=daily, player=ada).update(
        sockets=0, seen_at=timezone.now() - timedelta(hours=20)
    )
    assert services.rooms_pass_host() == [] and Room.objects.get(code=daily).host == ada
    Membership.objects.filter(room__code=daily, player=ada).update(
        seen_at=timezone.now() - timedelta(hours=25)
    )
    assert len(services.rooms_pass_host()) == 1 and Room.objects.get(code=daily).host == bob
    assert present(Event.objects.filter(room__code=daily).last()).data["pace"] == "day"


# -- holidays ---------------------------------------------------------------------


def test_a_holiday_on_your_turn_moves_your_deadline_by_its_length(daily: str, ada: Player) -> None:
    before = present(game_of(daily).turn_deadline)
    services.seat_holiday(player=ada, code=daily, days=3)
    card = card_of(daily, ada)
    assert close_to(card.holiday_until, timezone.now() + timedelta(days=3))
    assert card.holiday_left == 4 * DAY
    assert game_of(daily).turn_deadline == before + timedelta(days=3)
    # The clock does nothing when the day is up: the holiday holds the turn.
    assert services.games_run_due(at=before + timedelta(days=2)) == []
    state = view_of(fresh_snapshot_of(daily), ada.pk)
    seat = state["game"]["seats"][0]
    assert seat["holiday_until"] == present(card.holiday_until).isoformat()
    assert seat["holiday_left"] == 4 * DAY
    assert state["game"]["seconds_left"] > 3 * DAY + 23 * 3600
    assert present(Event.objects.filter(room__code=daily).last()).kind == "holiday"


def test_back_early_the_unused_days_come_off_the_deadline_and_back_to_you(
    daily: str, ada: Player
) -> None:
    left = present(game_of(daily).turn_deadline) - timezone.now()  # a day
    services.seat_holiday(player=ada, code=daily, days=2)
    # A day of the holiday goes by: every moment stored moves a day back.
    card, game = card_of(daily, ada), game_of(daily)
    Scorecard.objects.filter(pk=card.pk).update(
        holiday_until=present(card.holiday_until) - timedelta(days=1)
    )
    Game.objects.filter(pk=game.pk).update(
        turn_deadline=present(game.turn_deadline) - timedelta(days=1)
    )
    services.seat_holiday_end(player=ada, code=daily)
    card = card_of(daily, ada)
    assert card.holiday_until is None
    assert abs(card.holiday_left - 6 * DAY) <= 1  # seven days less the one taken
    # Back, Ada has the day of her turn she had when she left.
    assert close_to(game_of(daily).turn_deadline, timezone.now() + left)
    assert present(Event.objects.filter(room__code=daily).last()).kind == "holiday_ended"
    refused("not_on_holiday", services.seat_holiday_end, player=ada, code=daily)


def test_a_turn_that_comes_during_a_holiday_counts_its_time_from_the_holidays_end(
    daily: str, ada: Player, bob: Player
) -> None:
    services.seat_holiday(player=bob, code=daily, days=2)
    until = present(card_of(daily, bob).holiday_until)
    assert close_to(game_of(daily).turn_deadline, timezone.now() + timedelta(days=1))
    play_turn(ada, daily)
    assert game_of(daily).current_seat == 1
    assert close_to(game_of(daily).turn_deadline, until + timedelta(days=1))


def test_holidays_are_refused_clearly(
    daily: str, ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    refused("bad_days", services.seat_holiday, player=ada, code=daily, days=0)
    refused("bad_days", services.seat_holiday, player=ada, code=daily, days=8)
    services.room_join(player=cy, code=daily)  # a spectator
    refused("not_a_player", services.seat_holiday, player=cy, code=daily, days=1)
    services.seat_holiday(player=ada, code=daily, days=5)
    refused("on_holiday", services.seat_holiday, player=ada, code=daily, days=1)
    services.seat_holiday_end(player=ada, code=daily)
    Scorecard.objects.filter(pk=card_of(daily, ada).pk).update(holiday_left=3599)
    refused("no_holiday_left", services.seat_holiday, player=ada, code=daily, days=1)
    Scorecard.objects.filter(pk=card_of(daily, ada).pk).update(holiday_left=2 * DAY)
    refused("bad_days", services.seat_holiday, player=ada, code=daily, days=3)
    live = make_room(ada, "yatzy", seats=2, joined=[bob], start=True).code
    refused("not_by_the_day", services.seat_holiday, player=ada, code=live, days=1)
    strict = make_room(
        ada, "yatzy", seats=2, pace="day", together=False, holidays=False, joined=[bob], start=True
    ).code
    refused("no_holidays", services.seat_holiday, player=bob, code=strict, days=1)


def test_the_home_page_form_opens_a_room_by_the_day(client: Client) -> None:
    page = client.get("/")
    assert b'name="turn_hours"' in page.content and b'value="day"' in page.content
    response = client.post(
        "/rooms/new/",
        {
            "name": "Ada",
            "ruleset": "yatzy",
            "seats": "3",
            "pace": "day",
            "turn_hours": "48",
            "turn_seconds": "90",
        },
    )
    room = Room.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/r/{room.code}/")
    assert (room.pace, room.turn_seconds, room.holidays) == ("day", 2 * DAY, False)
    assert room.together  # by the day's default, for a page without its script
    form = {"name": "Ada", "ruleset": "yatzy", "seats": "3", "pace": "day", "turn_hours": "24"}
    client.post("/rooms/new/", {**form, "together_set": "1"})  # the script's: unticked
    assert not Room.objects.latest("id").together
    client.post("/rooms/new/", {**form, "pace": "live", "together": "on"})
    assert Room.objects.latest("id").together
    Room.objects.exclude(pk=room.pk).delete()
    refused_page = client.post(
        "/rooms/new/",
        {
            "name": "Ada",
            "ruleset": "yatzy",
            "seats": "3",
            "pace": "day",
            "turn_hours": "200",
            "holidays": "on",
        },
    )
    assert refused_page.status_code == 400 and Room.objects.count() == 1
    assert "1 hour to 7 days" in refused_page.content.decode()


def test_the_last_day_of_holiday_is_what_is_left_of_it(daily: str, ada: Player) -> None:
    Scorecard.objects.filter(pk=card_of(daily, ada).pk).update(holiday_left=2 * DAY - 3600)
    before = present(game_of(daily).turn_deadline)
    services.seat_holiday(player=ada, code=daily, days=2)
    card = card_of(daily, ada)
    assert card.holiday_left == 0
    assert game_of(daily).turn_deadline == before + timedelta(days=2, hours=-1)
    services.seat_holiday_end(player=ada, code=daily)  # back at once: all of it returns
    assert abs(card_of(daily, ada).holiday_left - (2 * DAY - 3600)) <= 1


def test_a_rematch_keeps_a_holiday_under_way_and_a_bot_takes_none(
    daily: str, ada: Player, bob: Player
) -> None:
    services.seat_holiday(player=bob, code=daily, days=3)
    until = card_of(daily, bob).holiday_until
    Game.objects.filter(room__code=daily).update(status=Game.Status.FINISHED)  # it is over
    services.room_rematch(player=ada, code=daily)
    card = card_of(daily, bob)
    assert card.game.number == 2 and card.holiday_until == until
    assert abs(card.holiday_left - 4 * DAY) <= 1  # the days still to come count here
    play_turn(ada, daily)  # Bob's turn comes while he is away
    assert abs(
        present(game_of(daily).turn_deadline) - (present(until) + timedelta(days=1))
    ) <= timedelta(seconds=1)
    services.room_leave(player=bob, code=daily)  # a bot finishes his game
    bot_card = Scorecard.objects.get(game=game_of(daily), seat=1)
    assert bot_card.player.is_bot and bot_card.holiday_until is None


def test_no_host_role_passes_in_a_closed_room_or_while_the_host_is_here(
    daily: str, ada: Player, bob: Player
) -> None:
    services.presence_connect(player=bob, code=daily)
    services.presence_connect(player=ada, code=daily)
    Membership.objects.filter(room__code=daily, player=ada).update(
        seen_at=timezone.now() - timedelta(seconds=10)
    )  # Ada's page pings: she is here
    assert services.rooms_pass_host() == []
    Membership.objects.filter(room__code=daily, player=ada).update(
        sockets=0, seen_at=timezone.now() - timedelta(days=2)
    )
    Room.objects.filter(code=daily).update(status=Room.Status.CLOSED)
    assert services.rooms_pass_host() == [] and Room.objects.get(code=daily).host == ada
