"""Ratings (decision 0070): a finished rated game moves its people's ratings as
openskill's Plackett-Luce does from the same inputs, once; ties share a place, a leaver
is last; bots, guests, casual rooms and the daily are never rated, and a rated table
refuses bots."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from openskill.models import PlackettLuce
from pytest_django import DjangoCaptureOnCommitCallbacks

from accounts.models import Player
from common.errors import ServiceError
from daily.services.daily import daily_play
from games import services
from play.models import Game
from ratings.models import Rating, RatingChange
from ratings.services.ratings import game_rate
from rooms.models import Room
from tests.support.fixture_types import MakeAccount, MakeRoom, ScriptDice
from tests.support.game_state import play_out
from tests.support.histories import yahtzee_near_the_end
from tests.support.rated_games import play_last_turns, rated_room

pytestmark = pytest.mark.django_db


def expected(
    places: Sequence[int], before: Sequence[tuple[float, float]] = ()
) -> list[tuple[float, float]]:
    """openskill's own answer for these placings, from ``before`` (new ratings if empty)."""
    model = PlackettLuce()
    start = before or [(model.mu, model.sigma)] * len(places)
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in start]
    return [(team[0].mu, team[0].sigma) for team in model.rate(teams, ranks=list(places))]


def flat(pairs: Sequence[tuple[float, float]]) -> list[float]:
    """Each pair's mu then sigma, in one list for ``pytest.approx``."""
    return [value for pair in pairs for value in pair]


def ratings_now(people: Sequence[Player]) -> list[tuple[float, float]]:
    """The yahtzee rating (mu, sigma) of each of ``people``."""
    found = {r.player_id: r for r in Rating.objects.filter(variant="yahtzee")}
    return [(found[p.pk].mu, found[p.pk].sigma) for p in people]


def test_a_rated_game_moves_each_rating_as_openskill_does(
    account: MakeAccount,
    make_room: MakeRoom,
    script_dice: ScriptDice,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    room = rated_room([ada, bob, cy])
    yahtzee_near_the_end(room.code, [2, 5, 0])  # Bob first, Ada second, Cy last
    game = play_last_turns(room, [ada, bob, cy], script_dice, django_capture_on_commit_callbacks)
    first = expected([2, 1, 3])
    assert flat(ratings_now([ada, bob, cy])) == pytest.approx(flat(first))
    changes = {c.player_id: c for c in RatingChange.objects.filter(game=game)}
    assert [changes[p.pk].placing for p in (ada, bob, cy)] == [2, 1, 3]
    assert not any(c.left for c in changes.values())
    assert (changes[bob.pk].mu_before, changes[bob.pk].mu_after) == pytest.approx(
        (25.0, first[1][0])
    )
    # The rematch starts from the ratings the first game left.
    services.room_rematch(player=ada, code=room.code)
    yahtzee_near_the_end(room.code, [5, 0, 2])
    play_last_turns(room, [ada, bob, cy], script_dice, django_capture_on_commit_callbacks)
    assert flat(ratings_now([ada, bob, cy])) == pytest.approx(flat(expected([1, 3, 2], first)))
    assert list(Rating.objects.values_list("games", flat=True)) == [2, 2, 2]


def test_equal_totals_share_a_place(
    account: MakeAccount,
    make_room: MakeRoom,
    script_dice: ScriptDice,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    room = rated_room([ada, bob, cy])
    yahtzee_near_the_end(room.code, [4, 4, 1])
    game = play_last_turns(room, [ada, bob, cy], script_dice, django_capture_on_commit_callbacks)
    assert flat(ratings_now([ada, bob, cy])) == pytest.approx(flat(expected([1, 1, 2])))
    placings = RatingChange.objects.filter(game=game).order_by("player_id")
    assert [c.placing for c in placings] == [1, 1, 3]


def test_a_leaver_counts_last_whatever_their_bot_scores(
    account: MakeAccount,
    make_room: MakeRoom,
    script_dice: ScriptDice,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    room = rated_room([ada, bob, cy])
    yahtzee_near_the_end(room.code, [0, 1, 5])  # Cy leads, then leaves
    services.room_leave(player=cy, code=room.code)
    bot = room.games.get().scorecards.get(seat=2).player
    assert bot.is_bot
    game = play_last_turns(room, [ada, bob, bot], script_dice, django_capture_on_commit_callbacks)
    assert game.scorecards.get(seat=2).rank == 1  # the bot's total is still the best
    assert flat(ratings_now([ada, bob, cy])) == pytest.approx(flat(expected([2, 1, 3])))
    left = RatingChange.objects.get(game=game, player=cy)
    assert (left.placing, left.left) == (3, True)
    assert not Rating.objects.filter(player=bot).exists()


def test_a_rated_table_refuses_bots_and_is_chosen_before_the_first_game(
    account: MakeAccount,
) -> None:
    ada, bob = account("Ada"), account("Bob")
    room = services.room_create(player=ada, ruleset="yahtzee", seats=3, rated=True)
    version = Room.objects.get(pk=room.pk).version
    with pytest.raises(ServiceError) as refused:
        services.room_add_bot(player=ada, code=room.code)
    assert refused.value.code == "rated_table"
    assert Room.objects.get(pk=room.pk).version == version
    assert room.members.count() == 1
    casual = services.room_create(player=bob, ruleset="yahtzee", seats=3)
    services.room_add_bot(player=bob, code=casual.code)
    with pytest.raises(ServiceError) as refused:
        services.room_configure(
            player=bob, code=casual.code, ruleset="yahtzee", options={}, seats=3,
            turn_seconds=None, rated=True,
        )  # fmt: skip
    assert refused.value.code == "rated_table"
    assert not Room.objects.get(pk=casual.pk).rated
    services.room_join(player=bob, code=room.code)
    for rated in (False, True):  # before the first game, either way
        services.room_configure(
            player=ada, code=room.code, ruleset="yahtzee", options={}, seats=2,
            turn_seconds=None, rated=rated,
        )  # fmt: skip
    services.room_start(player=ada, code=room.code)
    assert Room.objects.get(pk=room.pk).rated


def test_a_rematch_with_a_stand_in_bot_is_refused_at_a_rated_table(
    account: MakeAccount,
    make_room: MakeRoom,
    script_dice: ScriptDice,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    room = rated_room([ada, bob, cy])
    yahtzee_near_the_end(room.code, [3, 2, 1])
    services.room_leave(player=cy, code=room.code)
    bot = room.games.get().scorecards.get(seat=2).player
    play_last_turns(room, [ada, bob, bot], script_dice, django_capture_on_commit_callbacks)
    with pytest.raises(ServiceError) as refused:
        services.room_rematch(player=ada, code=room.code)
    assert refused.value.code == "rated_table"
    with pytest.raises(ServiceError) as fixed:
        services.room_configure(
            player=ada, code=room.code, ruleset="yahtzee", options={}, seats=3,
            turn_seconds=None, rated=False,
        )  # fmt: skip
    assert fixed.value.code == "rating_fixed"
    assert room.games.count() == 1


def test_casual_rooms_guests_and_bots_at_the_start_are_not_rated(
    account: MakeAccount,
    make_room: MakeRoom,
    script_dice: ScriptDice,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    ada, bob, guest = account("Ada"), account("Bob"), account("Gus", signed=False)
    casual = rated_room([ada, bob], rated=False)
    yahtzee_near_the_end(casual.code, [1, 2])
    play_last_turns(casual, [ada, bob], script_dice, django_capture_on_commit_callbacks)
    with_guest = rated_room([ada, guest])  # one account: not rated
    yahtzee_near_the_end(with_guest.code, [1, 2])
    play_last_turns(with_guest, [ada, guest], script_dice, django_capture_on_commit_callbacks)
    # A bot at the start: a casual room's game, its room made rated by hand since.
    with_bot = make_room(ada, "yahtzee", seats=3, joined=[bob], bots=["beginner"], start=True)
    Room.objects.filter(pk=with_bot.pk).update(rated=True)
    yahtzee_near_the_end(with_bot.code, [1, 2, 3])
    bot = with_bot.games.get().scorecards.get(seat=2).player
    game = play_last_turns(
        with_bot, [ada, bob, bot], script_dice, django_capture_on_commit_callbacks
    )
    assert game_rate(game_id=game.pk) == []
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_guest_at_a_rated_table_is_left_out(
    account: MakeAccount,
    make_room: MakeRoom,
    script_dice: ScriptDice,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    ada, bob, guest = account("Ada"), account("Bob"), account("Gus", signed=False)
    room = rated_room([ada, guest, bob])
    yahtzee_near_the_end(room.code, [1, 5, 2])  # the guest wins; Bob is first of the rest
    play_last_turns(room, [ada, guest, bob], script_dice, django_capture_on_commit_callbacks)
    assert flat(ratings_now([ada, bob])) == pytest.approx(flat(expected([2, 1])))
    assert not Rating.objects.filter(player=guest).exists()


def test_the_daily_is_never_rated(account: MakeAccount) -> None:
    ada = account("Ada")
    attempt = play_out(daily_play(player=ada, ruleset="yatzy"))
    assert attempt.game.status == Game.Status.FINISHED
    Room.objects.filter(pk=attempt.game.room_id).update(rated=True)
    assert game_rate(game_id=attempt.game_id) == []
    assert not Rating.objects.exists()


def test_rating_a_game_twice_changes_nothing(
    account: MakeAccount,
    make_room: MakeRoom,
    script_dice: ScriptDice,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    ada, bob = account("Ada"), account("Bob")
    room = rated_room([ada, bob])
    yahtzee_near_the_end(room.code, [1, 2])
    game = play_last_turns(room, [ada, bob], script_dice, django_capture_on_commit_callbacks)
    before = ratings_now([ada, bob])
    assert game_rate(game_id=game.pk) == []
    assert game_rate(game_id=game.pk + 1000) == []  # no such game
    assert ratings_now([ada, bob]) == before
    assert RatingChange.objects.count() == 2
    assert list(Rating.objects.values_list("games", flat=True)) == [1, 1]
