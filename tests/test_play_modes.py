"""The play modes' policies (``play.modes``, decision 0062), each decision on its own:
which policies a game's stored fields choose, and what each answers. The services that
act on them are tested through the games they play (tests/games)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from play.models import Game, Scorecard, Turn
from play.modes import PACES, Refusal, mode_for, mode_of, pace_named, turn_order_of
from play.modes.shared_dice import sealed_data
from rooms.models import Room

# Not in the PostgreSQL pass (docs/decisions/0007): no database.
pytestmark = pytest.mark.sqlite_pass_only

LATER = datetime(2026, 1, 2, 12, tzinfo=UTC)


def test_the_stored_fields_choose_one_policy_per_axis() -> None:
    mode = mode_for(pace="day", together=True, seeded=True, daily=False, rated=False)
    assert (mode.turns.name, mode.dice.name, mode.timing.name, mode.table.name) == (
        "everyone_at_once",
        "shared",
        "day",
        "open",
    )
    daily = mode_for(pace="live", together=False, seeded=True, daily=True, rated=False)
    assert (daily.turns.name, daily.dice.name, daily.timing.name, daily.table.name) == (
        "one_after_another",
        "daily",
        "live",
        "daily",
    )
    assert (
        mode_for(pace="live", together=False, seeded=False, daily=False, rated=False).dice.name
        == "own"
    )
    # Chosen once: the same combination is the same object.
    assert mode_for(pace="day", together=True, seeded=True, daily=False, rated=False) is mode


def test_a_game_is_played_as_it_began_and_a_room_without_one_as_it_is_set() -> None:
    room = Room(pace="day", together=False, duplicate=False, daily=False, rated=False)
    game = Game(room=room, together=True, seed="ab" * 16)
    assert mode_of(room, game).turns is turn_order_of(game)
    assert (mode_of(room, game).turns.name, mode_of(room, game).dice.name) == (
        "everyone_at_once",
        "shared",
    )
    assert (mode_of(room).turns.name, mode_of(room).dice.name) == ("one_after_another", "own")


def test_what_counts_and_so_refuses_a_box_taken_back() -> None:
    casual = mode_for(pace="live", together=False, seeded=False, daily=False, rated=False)
    assert casual.counts is None and casual.take_back_refusal() is None
    shared = mode_for(pace="live", together=True, seeded=True, daily=False, rated=False)
    assert shared.counts == "duplicate"
    assert shared.take_back_refusal() == Refusal(
        "room_counts",
        ("with the same dice for everyone, the game counts: a filled box stays filled"),
    )
    rated = mode_for(pace="live", together=False, seeded=False, daily=False, rated=True)
    assert rated.counts == "rated"
    assert rated.take_back_refusal() == Refusal(
        "room_counts", "a rated game counts: a filled box stays filled"
    )
    daily = mode_for(pace="live", together=False, seeded=True, daily=True, rated=False)
    assert daily.counts == "daily"
    assert daily.take_back_refusal() == Refusal(
        "room_counts", "a daily challenge counts: a filled box stays filled"
    )


def test_the_daily_table_refuses_company_and_the_coach() -> None:
    daily = mode_for(pace="live", together=False, seeded=True, daily=True, rated=False).table
    for action in ("join", "configure", "start", "rematch", "add_bot", "remove_bot", "take_seat"):
        refusal = daily.refusal(action)
        assert refusal is not None and refusal.code == "daily_table"
    assert daily.refusal("roll") is None and daily.refusal("chat") is None
    assert daily.coach_refusal() == Refusal("coach_off", "the coach is off in the daily challenge")
    assert daily.records_attempt and daily.has_challenge_page
    table = mode_for(pace="live", together=False, seeded=False, daily=False, rated=False).table
    assert table.refusal("join") is None and table.coach_refusal() is None
    assert not table.records_attempt and not table.has_challenge_page


def test_each_pace_bounds_the_turn_limit_its_own_way() -> None:
    live, day = pace_named("live"), pace_named("day")
    assert [live.turn_limit(s) for s in (None, 15, 300)] == [None, 15, 300]
    for seconds in (14, 301):
        refused = live.turn_limit(seconds)
        assert isinstance(refused, Refusal) and refused.code == "bad_timer"
    assert [day.turn_limit(s) for s in (None, 3600, 7 * 86400)] == [86400, 3600, 7 * 86400]
    for seconds in (3599, 7 * 86400 + 1, 300):
        refused = day.turn_limit(seconds)
        assert isinstance(refused, Refusal) and refused.code == "bad_timer"
    # A pace not (yet) checked reads as live: the form falls back on seconds.
    assert pace_named("weekly") is live and set(PACES) == {"live", "day"}
    assert (live.timer_field, live.timer_unit, day.timer_field, day.timer_unit) == (
        "turn_seconds",
        1,
        "turn_hours",
        3600,
    )


def test_each_pace_waits_and_allows_its_own_way() -> None:
    live, day = pace_named("live"), pace_named("day")
    hour, month = timedelta(hours=1), timedelta(days=30)
    assert live.idle_limit(live=hour, by_the_day=month) == hour
    assert day.idle_limit(live=hour, by_the_day=month) == month
    assert live.host_away(timedelta(minutes=1)) == timedelta(minutes=1)
    assert day.host_away(timedelta(minutes=1)) == timedelta(hours=24)
    assert live.hurry_refusal() is None and day.holiday_refusal() is None
    hurried, away = day.hurry_refusal(), live.holiday_refusal()
    assert hurried is not None and hurried.code == "by_the_day"
    assert away is not None and away.code == "not_by_the_day"
    assert day.notices_turns and not live.notices_turns
    assert day.rounds_by_default and not live.rounds_by_default


def test_shared_dice_seal_a_round_from_the_log_while_the_game_is_played() -> None:
    shared = mode_for(pace="live", together=True, seeded=True, daily=False, rated=False).dice
    game = Game(status=Game.Status.PLAYING, seed="ab" * 16)
    roll = {"seat": 1, "dice": [1, 2, 3, 4, 5], "held": [], "drawn": [1, 2, 3, 4, 5]}
    assert shared.logged(game, "roll", roll) == {"seat": 1, "sealed": True}
    assert shared.logged(game, "chat", {"text": "hi"}) == {"text": "hi"}
    timeout = {"roll": roll, "place": {"seat": 1, "box": "chance", "revealed": []}}
    assert (
        shared.logged(game, "timeout", timeout)
        == sealed_data("timeout", timeout)
        == {
            "roll": {"seat": 1, "sealed": True},
            "place": {"seat": 1, "revealed": [], "sealed": True},
        }
    )
    game.status = Game.Status.FINISHED
    assert shared.logged(game, "roll", roll) == roll
    assert shared.sealed and shared.compared and shared.reveals_rounds
    assert shared.seed_of(game) == bytes.fromhex("ab" * 16) and len(shared.new_seed()) == 64


def test_the_dailys_dice_and_ones_own_hide_nothing() -> None:
    game = Game(status=Game.Status.PLAYING, seed="cd" * 16)
    roll = {"seat": 0, "dice": [6, 6, 6, 6, 6]}
    daily = mode_for(pace="live", together=False, seeded=True, daily=True, rated=False).dice
    own = mode_for(pace="live", together=False, seeded=False, daily=False, rated=False).dice
    assert daily.logged(game, "roll", roll) == roll == own.logged(game, "roll", roll)
    assert not daily.sealed and not daily.compared and daily.reveals_rounds
    assert daily.seed_of(game) == bytes.fromhex("cd" * 16) and daily.new_seed() == ""
    assert not own.sealed and not own.compared and not own.reveals_rounds
    assert own.seed_of(game) is None and own.new_seed() == ""
    assert own.source(game, Turn(number=1), 1, []) is None


def test_one_after_another_the_game_holds_the_turn() -> None:
    game = Game(together=False, current_seat=2, turn_deadline=LATER)
    turns = turn_order_of(game)
    assert not turns.rounds
    assert list(turns.open_seats(game)) == [2] and turns.seat_in_turn(game) == 2
    assert turns.expired_seat(game, LATER) == 2
    assert turns.deadline_of(game, Turn(deadline=None)) == LATER
    assert turns.bot_acts_again(game, Scorecard(seat=2))
    assert not turns.bot_acts_again(game, Scorecard(seat=0))


def test_everyone_at_once_each_turn_holds_its_own_deadline() -> None:
    game = Game(together=True, current_seat=2, turn_deadline=LATER)
    turns = turn_order_of(game)
    own = LATER + timedelta(hours=1)
    assert turns.rounds and turns.seat_in_turn(game) is None
    assert turns.deadline_of(game, Turn(deadline=own)) == own
    assert turns.bot_acts_again(game, Scorecard(seat=0))
    turns.keep_deadline(game)  # nothing to keep: no query, no change
    assert turns.take_back_closed(game) is None


def test_a_rated_room_rates_people_only_and_the_daily_never() -> None:
    rated = mode_for(pace="live", together=False, seeded=False, daily=False, rated=True)
    casual = mode_for(pace="live", together=False, seeded=False, daily=False, rated=False)
    daily = mode_for(pace="live", together=False, seeded=True, daily=True, rated=True)
    assert (rated.ranking.name, casual.ranking.name, daily.ranking.name) == (
        "rated",
        "casual",
        "casual",
    )
    assert rated.ranking.rates(people=2, bots=0)
    assert not rated.ranking.rates(people=1, bots=0)
    assert not rated.ranking.rates(people=3, bots=1)
    assert not casual.ranking.rates(people=4, bots=0)
    assert not daily.ranking.rates(people=2, bots=0)
    refusal = rated.ranking.bots_refusal(1)
    assert isinstance(refusal, Refusal) and refusal.code == "rated_table"
    assert rated.ranking.bots_refusal(0) is None
    assert casual.ranking.bots_refusal(3) is None
    room = Room(pace="live", rated=True)
    assert mode_of(room).ranking is rated.ranking
