"""The daily challenge: one set of dice per variant and UTC day from a server secret,
played alone with the coach off; one ranked attempt per account and day, and every other
attempt on practice dice. (Ranks, par, streaks, and near-perfect results sent to
moderators: test_daily_board.py.)"""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import Settings

from accounts.models import Player
from coach.selectors.hints import hint_position
from daily.models import DailyAttempt, DailyChallenge, Practice
from daily.selectors import daily as selectors
from daily.services import daily
from games import services
from scoring import duplicate, rulesets
from tests.support.clients import client_of
from tests.support.fixture_types import MakeAccount, MakePlayer
from tests.support.game_state import play_out, refused, state_of
from tests.support.present import present

pytestmark = pytest.mark.django_db


def test_the_days_dice_come_from_the_secret_and_the_date(
    account: MakeAccount, settings: Settings
) -> None:
    ada, bob = account("Ada"), account("Bob")
    first = daily.daily_play(player=ada, ruleset="yatzy")
    second = daily.daily_play(player=bob, ruleset="yatzy")
    seed = daily.seed_of("yatzy", selectors.today())
    assert first.game.seed == second.game.seed == seed and len(seed) == 64
    assert daily.seed_of("yatzy", selectors.today() - timedelta(days=1)) != seed
    assert daily.seed_of("yahtzee", selectors.today()) != seed
    settings.SECRET_KEY = "another secret, another set of dice " * 2
    assert daily.seed_of("yatzy", selectors.today()) != seed
    for attempt in (first, second):
        services.game_roll(player=attempt.player, code=attempt.game.room.code)
    faces = [duplicate.die(bytes.fromhex(seed), 1, 1, s) for s in range(5)]
    assert [list(state_of(a.game.room.code, a.player)[2].dice) for a in (first, second)] == [
        faces,
        faces,
    ]
    # The dice of the day stay out of the pages: the log of a solo table keeps them.
    room = first.game.room
    assert room.daily and not room.coach_enabled and room.seat_count == 1


def test_one_ranked_attempt_per_account_and_day(account: MakeAccount) -> None:
    ada, guest = account("Ada"), account("Gus", signed=False)
    first = daily.daily_play(player=ada, ruleset="yahtzee")
    assert first.ranked and not first.practice
    assert daily.daily_play(player=ada, ruleset="yahtzee") == first  # back to the game
    play_out(first)
    again = daily.daily_play(player=ada, ruleset="yahtzee")
    assert not again.ranked and again.game_id != first.game_id
    assert again.practice == Practice.AGAIN
    assert daily.daily_play(player=guest, ruleset="yahtzee").practice == Practice.GUEST
    yesterday = daily.daily_play(
        player=account("Cy"), ruleset="yahtzee", day=selectors.today() - timedelta(days=1)
    )
    assert not yesterday.ranked and not yesterday.practice  # past days: their own dice
    assert yesterday.game.seed == daily.seed_of("yahtzee", selectors.today() - timedelta(days=1))
    # A guest who makes an account today ranks from tomorrow.
    guest.user = User.objects.create_user("gus", password="pw-long-enough")
    guest.save()
    assert daily.daily_play(player=guest, ruleset="yatzy").practice == Practice.NEW_ACCOUNT
    before = DailyAttempt.objects.count()
    refused(
        "not_yet",
        daily.daily_play,
        player=ada,
        ruleset="yahtzee",
        day=selectors.today() + timedelta(days=1),
    )
    refused("unknown_ruleset", daily.daily_play, player=ada, ruleset="poker")
    assert DailyAttempt.objects.count() == before


def test_only_ranked_attempts_see_the_days_dice(account: MakeAccount) -> None:
    """The scouting of issue 41: whatever is played before a ranked attempt (a guest, a
    second try, an account made today, the same browser or address) rolls other dice."""
    seed = daily.seed_of("yahtzee", selectors.today())
    scouts = [
        daily.daily_play(player=account("Gus", signed=False), ruleset="yahtzee"),
        daily.daily_play(
            player=account("Nia", signed=False),
            ruleset="yahtzee",
            browser="b" * 32,
            address="a" * 32,
        ),
    ]
    ranked = daily.daily_play(
        player=account("Ada"), ruleset="yahtzee", browser="b" * 32, address="a" * 32
    )
    assert ranked.ranked and ranked.game.seed == seed  # the scouts left no mark on it
    scouts += [
        daily.daily_play(player=account("Bob"), ruleset="yahtzee", browser="b" * 32),
        daily.daily_play(player=account("Cy"), ruleset="yahtzee", address="a" * 32),
    ]
    assert [s.practice for s in scouts] == [
        Practice.GUEST,
        Practice.GUEST,
        Practice.BROWSER,
        Practice.ADDRESS,
    ]
    seeds = {s.game.seed for s in scouts}
    assert seed not in seeds and len(seeds) == len(scouts)  # each practice its own dice
    for scout in scouts:
        services.game_roll(player=scout.player, code=scout.game.room.code)
        dice = list(state_of(scout.game.room.code, scout.player)[2].dice)
        assert dice == [
            duplicate.die(bytes.fromhex(scout.game.seed), 1, 1, slot) for slot in range(5)
        ]
    # Staff read every game's dice in the admin: they practise.
    mod = account("Mod")
    User.objects.filter(pk=present(mod.user_id)).update(is_staff=True)
    assert daily.daily_play(player=mod, ruleset="yahtzee").practice == Practice.STAFF
    # Another browser and address, an account from before the day: ranked.
    assert daily.daily_play(
        player=account("Dee"), ruleset="yahtzee", browser="c" * 32, address="d" * 32
    ).ranked


def test_a_browser_or_address_that_wins_a_race_leaves_the_other_practising(
    account: MakeAccount, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada, bob = account("Ada"), account("Bob")
    assert daily.daily_play(player=ada, ruleset="yatzy", browser="b" * 32).ranked
    real = daily.why_practice
    checks = iter([""])  # Bob's first check ran before Ada's attempt was committed
    monkeypatch.setattr(daily, "why_practice", lambda **kw: next(checks, None) or real(**kw))
    bob_attempt = daily.daily_play(player=bob, ruleset="yatzy", browser="b" * 32)
    assert not bob_attempt.ranked and bob_attempt.practice == Practice.BROWSER
    assert DailyAttempt.objects.filter(ranked=True).count() == 1


def test_a_daily_table_takes_no_hints_no_guests_and_no_rematch(
    account: MakeAccount, bob: Player
) -> None:
    ada = account("Ada")
    attempt = daily.daily_play(player=ada, ruleset="yatzy")
    code = attempt.game.room.code
    services.game_roll(player=ada, code=code)
    assert "daily" in refused("coach_off", hint_position, player=ada, code=code).message
    refused("daily_table", services.room_join, player=bob, code=code)
    refused("daily_table", services.room_add_bot, player=ada, code=code)
    play_out(attempt)
    refused("daily_table", services.room_rematch, player=ada, code=code)


def test_the_day_turns_at_midnight_utc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timezone, "now", lambda: datetime(2026, 12, 1, 23, 59, tzinfo=UTC))
    assert selectors.today() == date(2026, 12, 1)
    monkeypatch.setattr(timezone, "now", lambda: datetime(2026, 12, 2, 0, 0, tzinfo=UTC))
    assert selectors.today() == date(2026, 12, 2)
    # A player in Tokyo at 08:30 on the 2nd plays the 1st's dice until 09:00 their time.
    tokyo = datetime(2026, 12, 2, 8, 30, tzinfo=timezone.get_fixed_timezone(9 * 60))
    monkeypatch.setattr(timezone, "now", lambda: tokyo)
    assert selectors.today() == date(2026, 12, 1)


def test_a_ranked_attempt_finished_after_its_day_is_not_ranked(
    account: MakeAccount, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada = account("Ada")
    attempt = daily.daily_play(player=ada, ruleset="yatzy")
    assert attempt.ranked
    later = timezone.now() + timedelta(days=1)
    monkeypatch.setattr("play.services.play.now", lambda: later)
    play_out(attempt)
    assert attempt.score is not None and not attempt.ranked
    assert not selectors.leaderboard(attempt.challenge, None)


def test_a_daily_game_has_no_comparison_that_would_give_the_days_seed(
    account: MakeAccount, admin_client: Client
) -> None:
    ada = account("Ada")
    attempt = play_out(daily.daily_play(player=ada, ruleset="yatzy"))
    code = attempt.game.room.code
    assert client_of(ada).get(f"/r/{code}/games/1/compare/").status_code == 404
    history = client_of(ada).get(f"/r/{code}/games/").content.decode()
    assert 'data-testid="history-compare"' not in history
    # Staff read it once the day is over, not before.
    admin = admin_client.get(reverse("admin:play_game_change", args=[attempt.game_id]))
    assert attempt.game.seed not in admin.content.decode()
    assert "shown once its day is over" in admin.content.decode()
    # A day nobody played is not made by looking at it.
    past = (selectors.today() - timedelta(days=30)).isoformat()
    assert client_of(ada).get(f"/daily/yams/{past}/").status_code == 200
    assert not DailyChallenge.objects.filter(ruleset="yams").exists()


def test_the_play_page_says_beforehand_who_ranks(
    account: MakeAccount, make_player: MakePlayer
) -> None:
    ada = account("Ada")
    html = client_of(ada, ip="203.0.113.7").get("/daily/").content.decode()
    assert html.count('data-practice="false"') == len(rulesets.names())
    assert "Play today's dice (ranked)" in html
    newcomer = make_player("Nia")
    newcomer.user = User.objects.create_user("nia", password="pw-long-enough")
    newcomer.save()
    html = (
        client_of(newcomer)
        .get("/daily/yatzy/" + selectors.today().isoformat() + "/")
        .content.decode()
    )
    assert 'data-reason="new_account"' in html and "Practise on dice of your own" in html


def test_a_ranked_attempt_from_an_address_leaves_the_next_one_practising(
    account: MakeAccount,
) -> None:
    ada, bob = account("Ada"), account("Bob")
    played = client_of(ada, ip="203.0.113.7").post("/daily/play/", {"ruleset": "yams"})
    assert played.status_code == 302
    assert DailyAttempt.objects.get(player=ada).ranked
    client_of(bob, ip="203.0.113.7").post("/daily/play/", {"ruleset": "yams"})
    assert DailyAttempt.objects.get(player=bob).practice == Practice.ADDRESS
    cy = account("Cy")  # another address: ranked
    client_of(cy, ip="198.51.100.9").post("/daily/play/", {"ruleset": "yams"})
    assert DailyAttempt.objects.get(player=cy).ranked


def test_a_guest_who_signs_in_to_an_older_account_ranks_after_practising(
    account: MakeAccount,
) -> None:
    """Issue 41's problem 2: the guest practised on dice of their own, so the account
    they then sign in to in that browser (taking the guest's player) may still rank."""
    gus = account("Gus", signed=False)
    practice = play_out(daily.daily_play(player=gus, ruleset="yatzy", browser="b" * 32))
    assert practice.practice == Practice.GUEST
    gus.user = User.objects.create_user(
        "gus", password="pw-long-enough", date_joined=timezone.now() - timedelta(days=3)
    )
    gus.save()
    ranked = daily.daily_play(player=gus, ruleset="yatzy", browser="b" * 32)
    assert ranked.ranked and ranked.game.seed == daily.seed_of("yatzy", selectors.today())
    assert practice.game.seed != ranked.game.seed
    play_out(ranked)
    assert daily.daily_play(player=gus, ruleset="yatzy").practice == Practice.AGAIN
