"""Everyone's turn at once: each round opens a turn for every seat, played in any order;
the round closes when all have scored. Deadlines are each seat's own; time is moved,
never waited for."""

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import Player
from bench.harness.room_client import placements
from games import services
from play.models import Event, Game, Scorecard, Turn
from rooms.selectors.your_rooms import rooms_of
from tests.support.fixture_types import MakeRoom, ScriptDice
from tests.support.game_state import first_option, game_of, play_turn, refused, state_of
from tests.support.present import present
from tests.support.views import fresh_snapshot_of, view_of

pytestmark = pytest.mark.django_db

DAY = 24 * 3600


def open_seats(code: str) -> list[int]:
    return sorted(
        Turn.objects.filter(game=game_of(code), finished_at__isnull=True).values_list(
            "seat", flat=True
        )
    )


def deadline_of(code: str, seat: int) -> datetime | None:
    return Turn.objects.get(game=game_of(code), seat=seat, finished_at__isnull=True).deadline


@pytest.fixture
def trio(ada: Player, bob: Player, cy: Player, make_room: MakeRoom) -> str:
    """Ada, Bob and Cy at Yatzy by the day, everyone at once (a day a turn), round 1."""
    return make_room(ada, "yatzy", seats=3, pace="day", joined=[bob, cy], start=True).code


def test_a_round_opens_a_turn_for_every_seat_and_closes_when_all_have_scored(
    trio: str, ada: Player, bob: Player, cy: Player, dee: Player
) -> None:
    game = game_of(trio)
    assert game.together and game.turn_count == 3 and open_seats(trio) == [0, 1, 2]
    # Any order: Cy rolls, Ada rolls, Bob scores first, Ada rolls again, Cy and Ada score.
    services.game_roll(player=cy, code=trio)
    services.game_roll(player=ada, code=trio)
    play_turn(bob, trio)
    assert open_seats(trio) == [0, 2]
    refused("not_your_turn", services.game_roll, player=bob, code=trio)  # he has scored
    services.room_join(player=dee, code=trio)
    refused("not_your_turn", services.game_roll, player=dee, code=trio)  # she watches
    services.game_roll(player=ada, code=trio, hold=[0, 1])
    option = first_option(trio, cy)
    services.game_place(player=cy, code=trio, box=option.box, column=option.column)
    assert game_of(trio).turn_count == 3  # still round 1: Ada is playing
    option = first_option(trio, ada)
    services.game_place(player=ada, code=trio, box=option.box, column=option.column)
    game = game_of(trio)
    assert game.turn_count == 6 and open_seats(trio) == [0, 1, 2]
    finished = Turn.objects.filter(game=game, number__lte=3).order_by("finished_at")
    assert [t.seat for t in finished] == [1, 2, 0]  # the order they scored in
    assert all(len(t.rolls) >= 1 and t.box for t in finished)
    assert [Scorecard.objects.get(game=game, seat=s).total for s in range(3)] == [
        t.points for t in finished.order_by("seat")
    ]


def test_each_player_sees_their_own_turn_and_everyone_sees_every_seats_dice(
    trio: str, ada: Player, bob: Player, cy: Player, dee: Player, script_dice: ScriptDice
) -> None:
    services.room_join(player=dee, code=trio)
    script_dice([1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 2, 2])
    services.game_roll(player=bob, code=trio)
    services.game_roll(player=cy, code=trio)
    snapshot = fresh_snapshot_of(trio)
    ada_game = view_of(snapshot, ada.pk)["game"]
    bob_game = view_of(snapshot, bob.pk)["game"]
    dee_game = view_of(snapshot, dee.pk)["game"]
    assert (ada_game["current_seat"], ada_game["dice"], ada_game["options"]) == (0, [], {})
    assert (bob_game["current_seat"], bob_game["dice"], bob_game["rolls_left"]) == (
        1,
        [1, 2, 3, 4, 5],
        2,
    )
    assert {o["box"] for o in placements(bob_game)} >= {"small_straight", "chance"}
    assert (dee_game["current_seat"], dee_game["dice"], dee_game["options"]) == (None, [], {})
    assert (
        ada_game["turns"]
        == bob_game["turns"]
        == dee_game["turns"]
        == [
            {"seat": 0, "dice": [], "held": [], "rolls_left": 3, "announced": None, "done": False},
            {
                "seat": 1,
                "dice": [1, 2, 3, 4, 5],
                "held": [],
                "rolls_left": 2,
                "announced": None,
                "done": False,
            },
            {
                "seat": 2,
                "dice": [6, 6, 6, 6, 6],
                "held": [],
                "rolls_left": 2,
                "announced": None,
                "done": False,
            },
        ]
    )
    assert ada_game["round"] == 1 and ada_game["together"]
    # Each player's clock is their own; a spectator sees the round's last deadline.
    assert 0 < ada_game["seconds_left"] <= DAY and 0 < dee_game["seconds_left"] <= DAY
    services.game_roll(player=bob, code=trio, hold=[1, 2, 3])
    services.game_place(player=bob, code=trio, box="twos")
    bob_game = view_of(fresh_snapshot_of(trio), bob.pk)["game"]
    assert (bob_game["current_seat"], bob_game["dice"]) == (None, [])
    assert bob_game["turns"][1] == {
        "seat": 1,
        "dice": [2, 2, 3, 4, 2],
        "held": [1, 2, 3],
        "rolls_left": 1,
        "announced": None,
        "done": True,
    }


def test_each_seat_has_its_own_deadline_and_the_clock_plays_each_when_it_passes(
    trio: str, ada: Player, bob: Player, cy: Player
) -> None:
    play_turn(ada, trio)
    services.seat_holiday(player=bob, code=trio, days=2)
    cys = present(deadline_of(trio, 2))
    assert present(deadline_of(trio, 1)) - cys == timedelta(days=2)  # his holiday moved his only
    assert game_of(trio).turn_deadline == cys  # the clock looks at the first due
    assert services.games_run_due(at=cys - timedelta(seconds=1)) == []
    assert len(services.games_run_due(at=cys + timedelta(seconds=1))) == 1
    assert open_seats(trio) == [1]
    timeout = Event.objects.filter(kind="timeout").get()
    assert timeout.actor == cy and timeout.data["place"]["seat"] == 2
    bobs = present(deadline_of(trio, 1))
    assert game_of(trio).turn_deadline == bobs
    assert services.games_run_due(at=cys + timedelta(days=1)) == []  # Bob is on holiday
    assert len(services.games_run_due(at=bobs + timedelta(seconds=1))) == 1
    game = game_of(trio)
    assert game.turn_count == 6 and open_seats(trio) == [0, 1, 2]  # round 2
    # Bob's holiday still runs: round 2 counts his day from its end, the others' from now.
    assert present(deadline_of(trio, 1)) > present(deadline_of(trio, 0)) + timedelta(hours=12)


def test_three_missed_rounds_give_the_seat_to_a_bot_that_plays_the_next_round(
    trio: str, ada: Player, bob: Player, cy: Player
) -> None:
    for _ in range(3):
        play_turn(ada, trio)
        play_turn(bob, trio)
        game = game_of(trio)
        due = present(game.turn_deadline) + timedelta(seconds=1)
        assert len(services.games_run_due(at=due)) == 1
    card = Scorecard.objects.select_related("player").get(game=game_of(trio), seat=2)
    assert card.player.is_bot and card.held_for == cy
    # Round 4: the bot's turn is open and due at once, with no deadline of its own.
    game = game_of(trio)
    assert game.turn_count == 12 and deadline_of(trio, 2) is None
    assert game.bot_due_at is not None
    while 2 in open_seats(trio):
        assert services.games_run_due(at=timezone.now() + timedelta(seconds=1))
    assert open_seats(trio) == [0, 1]
    assert Turn.objects.get(game=game, number=12).placed_by == card.player


def test_bots_play_their_turns_of_the_round_while_the_person_plays_theirs(
    ada: Player, make_room: MakeRoom
) -> None:
    code = make_room(
        ada, "yatzy", seats=3, bots=["beginner", "beginner"], together=True, start=True
    ).code
    game = game_of(code)
    assert game.bot_due_at is not None and game.turn_deadline is None
    services.game_roll(player=ada, code=code)
    while open_seats(code) != [0]:
        assert services.games_run_due(at=timezone.now() + timedelta(seconds=1))
    assert game_of(code).bot_due_at is None  # nothing for bots to do until Ada scores
    option = first_option(code, ada)
    services.game_place(player=ada, code=code, box=option.box, column=option.column)
    assert game_of(code).turn_count == 6 and game_of(code).bot_due_at is not None


def test_a_whole_game_at_once_ends_with_a_ranking_after_the_last_round(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = make_room(
        ada, "yatzy", seats=3, joined=[bob], bots=["beginner"], together=True, start=True
    ).code
    rounds = 0
    while game_of(code).status == Game.Status.PLAYING and rounds < 20:
        rounds += 1
        play_turn(bob, code)
        play_turn(ada, code)
        while game_of(code).status == Game.Status.PLAYING and 2 in open_seats(code):
            services.games_run_due(at=timezone.now() + timedelta(seconds=1))
    game = game_of(code)
    assert game.status == Game.Status.FINISHED and rounds == 15
    assert game.turns.count() == 45 and not open_seats(code)
    ranking = Event.objects.filter(kind__in=("place", "roll", "announce")).latest("seq")
    assert [r["seat"] for r in ranking.data["ranking"]] == [
        c.seat for c in sorted(game.scorecards.all(), key=lambda c: (c.rank, c.seat))
    ]
    # A rematch plays at once too; the room's setting decides the next game.
    services.room_rematch(player=ada, code=code)
    assert game_of(code).together and game_of(code).turn_count == 3


def test_yams_announcements_are_each_seats_own(
    ada: Player, bob: Player, make_room: MakeRoom, script_dice: ScriptDice
) -> None:
    code = make_room(ada, "yams", seats=2, joined=[bob], together=True, start=True).code
    script_dice([1, 1, 1, 2, 3, 6, 6, 6, 5, 4])
    services.game_roll(player=ada, code=code)
    services.game_roll(player=bob, code=code)
    services.game_announce(player=bob, code=code, box="sixes")
    services.game_announce(player=ada, code=code, box="ones")
    _, _, adas = state_of(code, ada)
    _, _, bobs = state_of(code, bob)
    assert (adas.announced, bobs.announced) == ("ones", "sixes")
    views = view_of(fresh_snapshot_of(code), ada.pk)["game"]
    assert [t["announced"] for t in views["turns"]] == ["ones", "sixes"]
    assert set(views["options"]) == {"announced"}
    services.game_place(player=bob, code=code, box="sixes")
    # The round still shows: Bob's finished turn is read against the sheet he played it
    # on (on his sheet now, the Sixes he announced are filled, which no turn could
    # announce).
    views = view_of(fresh_snapshot_of(code), ada.pk)["game"]
    assert [(t["announced"], t["done"]) for t in views["turns"]] == [
        ("ones", False),
        ("sixes", True),
    ]
    assert views["current_seat"] == 0 and set(views["options"]) == {"announced"}
    assert view_of(fresh_snapshot_of(code), bob.pk)["game"]["current_seat"] is None
    services.game_place(player=ada, code=code, box="ones")
    cards = {c.seat: c.data["boxes"]["announced"] for c in game_of(code).scorecards.all()}
    assert cards == {0: {"ones": 3}, 1: {"sixes": 18}}


def test_the_host_skips_an_absent_seat_of_a_live_round_by_its_number(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=3, joined=[bob, cy], together=True, start=True).code
    refused("unknown_seat", services.game_skip, player=ada, code=code)
    refused("cannot_skip", services.game_skip, player=ada, code=code, seat=0)  # her own
    services.game_skip(player=ada, code=code, seat=2)
    assert open_seats(code) == [0, 1]
    refused("cannot_skip", services.game_skip, player=ada, code=code, seat=2)  # scored
    refused("not_host", services.game_skip, player=bob, code=code, seat=0)
    services.game_hand_to_bot(player=ada, code=code, seat=1)
    game = game_of(code)
    assert game.bot_due_at is not None and game.turn_deadline is None
    while 1 in open_seats(code):
        assert services.games_run_due(at=timezone.now() + timedelta(seconds=1))
    assert open_seats(code) == [0]


def test_the_host_chooses_at_once_or_one_after_another_between_games(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=2, joined=[bob]).code
    settings: dict[str, Any] = {"ruleset": "yatzy", "options": {}, "seats": 2, "turn_seconds": None}
    services.room_configure(player=ada, code=code, **settings, together=True)
    assert view_of(fresh_snapshot_of(code), ada.pk)["room"]["together"] is True
    services.room_configure(player=ada, code=code, **settings)  # left out: as it was
    services.room_start(player=ada, code=code)
    assert game_of(code).together
    refused(
        "game_in_progress",
        services.room_configure,
        player=ada,
        code=code,
        **settings,
        together=False,
    )


def test_your_games_show_your_own_deadline_of_the_round(
    trio: str, ada: Player, bob: Player
) -> None:
    services.seat_holiday(player=bob, code=trio, days=2)
    [bobs] = rooms_of(bob)
    assert (bobs.state, bobs.deadline, bobs.turn_of) == ("your_turn", deadline_of(trio, 1), None)
    play_turn(ada, trio)
    [adas] = rooms_of(ada)
    assert (adas.state, adas.turn_of) == ("playing", None)  # no one turn is "the" turn
    assert adas.waiting_for == ("Bob", "Cy")
    assert adas.deadline == deadline_of(trio, 1)  # the round's last: Bob's, after his holiday
