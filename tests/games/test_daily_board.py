"""The daily challenge's results: ranks among everyone and among friends, par (the day's
and a practice game's own), the results page and its share text and card, streaks and the
calendar, and near-perfect results sent to moderators. (The day's dice, who ranks and
who practises: test_daily.py.)"""

import io
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone
from PIL import Image

from daily.models import DailyAttempt, DailyChallenge
from daily.selectors import daily as selectors
from daily.services import daily, daily_scores
from moderation.models import Report
from play.models import Game
from rooms.models import Room
from scoring import duplicate, rulesets
from scoring.strategy import levels
from tests.support.clients import client_of
from tests.support.fixture_types import MakeAccount, MakeRoom
from tests.support.game_state import play_out

pytestmark = pytest.mark.django_db


def test_ranks_among_everyone_and_among_friends(account: MakeAccount, make_room: MakeRoom) -> None:
    ada, bob, cy, dee = (account(n) for n in ("Ada", "Bob", "Cy", "Dee"))
    make_room(ada, "yatzy", joined=[bob])  # Ada and Bob shared a table: friends
    attempts = {
        p.name: play_out(daily.daily_play(player=p, ruleset="yatzy")) for p in (ada, bob, cy, dee)
    }
    scores = {"Ada": 150, "Bob": 200, "Cy": 250, "Dee": 200}
    for name, score in scores.items():
        DailyAttempt.objects.filter(pk=attempts[name].pk).update(score=score)
        attempts[name].refresh_from_db()
    assert selectors.standing(attempts["Ada"]) == selectors.Standing(4, 4, 2, 2)
    assert selectors.standing(attempts["Bob"]) == selectors.Standing(2, 4, 1, 2)
    challenge = attempts["Ada"].challenge
    lines = selectors.leaderboard(challenge, bob)
    assert [(line.rank, line.name, line.score) for line in lines] == [
        (1, "Cy", 250),
        (2, "Bob", 200),
        (2, "Dee", 200),
        (4, "Ada", 150),
    ]
    assert [line.is_viewer for line in lines] == [False, True, False, False]
    # An unranked attempt sees where it would stand, and is not on the board.
    extra = play_out(daily.daily_play(player=ada, ruleset="yatzy"))
    DailyAttempt.objects.filter(pk=extra.pk).update(score=300)
    extra.refresh_from_db()
    assert selectors.standing(extra) == selectors.Standing(1, 4, 1, 2)  # others: not Ada
    assert len(selectors.leaderboard(challenge, None)) == 4


def test_par_and_the_results_page(account: MakeAccount) -> None:
    ada = account("Ada")
    attempt = play_out(daily.daily_play(player=ada, ruleset="yatzy"))
    challenge = attempt.challenge
    par = daily.par_of(challenge)
    expected = duplicate.play(
        rulesets.get("yatzy").new_scorecard(),
        levels.get("expert"),
        bytes.fromhex(daily.seed_of("yatzy", challenge.day)),
    )
    assert par == expected["total"] and DailyChallenge.objects.get().par == expected
    assert attempt.score == attempt.game.scorecards.get().total
    assert attempt.finished_at is not None
    html = (
        client_of(ada)
        .get(reverse("games:daily_result", args=["yatzy", challenge.day.isoformat()]))
        .content.decode()
    )
    assert f'data-score="{attempt.score}" data-ranked="true"' in html
    assert f'data-par="{par}"' in html and 'data-rank="1" data-of="1"' in html
    attempt.refresh_from_db()
    assert attempt.accuracy is not None  # the review was built for it
    assert f"Yatzy daily {challenge.day.isoformat()}: {attempt.score}, par {par}, skill " in html
    assert client_of().get(f"/daily/shared/{attempt.pk}/").status_code == 404  # no walking
    shared = client_of().get(reverse("games:daily_shared", args=[attempt.share_code]))
    text = shared.content.decode()
    assert shared.status_code == 200 and f"scored {attempt.score} on the day" in text
    assert 'property="og:title"' in text and "Yatzy daily" in text
    card_url = reverse("games:daily_card", args=[attempt.share_code])
    assert f'property="og:image" content="http://testserver{card_url}"' in text
    card = client_of().get(card_url)
    assert card.status_code == 200 and card["Content-Type"] == "image/png"
    with Image.open(io.BytesIO(card.content)) as picture:
        assert picture.size == (1200, 630)
    assert daily.seed_of("yatzy", challenge.day) not in html + text
    tomorrow = (selectors.today() + timedelta(days=1)).isoformat()
    assert client_of(ada).get(f"/daily/yatzy/{tomorrow}/").status_code == 404
    assert client_of(ada).get("/daily/yatzy/yesterday/").status_code == 404


def test_streaks_and_the_calendar(account: MakeAccount, monkeypatch: pytest.MonkeyPatch) -> None:
    ada = account("Ada")
    today = selectors.today()
    for back in (0, 1, 2, 4):
        day = today - timedelta(days=back)
        challenge = DailyChallenge.objects.create(day=day, ruleset="yatzy")
        room = Room.objects.create(
            code=f"c{back}",
            host=ada,
            ruleset="yatzy",
            seat_count=1,
            daily=True,
            last_activity_at=timezone.now(),
        )
        game = Game.objects.create(room=room, number=1, ruleset="yatzy")
        DailyAttempt.objects.create(
            challenge=challenge, player=ada, game=game, ranked=True, score=200
        )
    days = selectors.played_days(ada)
    assert selectors.streak(days) == 3
    assert selectors.streak(days - {today}) == 2  # today's still to play
    grid = selectors.calendar(days)
    assert len(grid) == selectors.CALENDAR_WEEKS and grid[-1][-1] == (today, True)
    assert sum(played for week in grid for _, played in week) == 4
    html = client_of(ada).get(f"/players/{ada.pk}/").content.decode()
    assert 'data-streak="3"' in html and html.count("data-played=") == 4


def test_near_perfect_days_go_to_the_moderators_queue(account: MakeAccount) -> None:
    ada = account("Ada")
    attempts = []
    for back in range(3):
        day = selectors.today() - timedelta(days=back)
        challenge = DailyChallenge.objects.create(day=day, ruleset="yatzy")
        room = Room.objects.create(
            code=f"p{back}",
            host=ada,
            ruleset="yatzy",
            seat_count=1,
            daily=True,
            last_activity_at=timezone.now(),
        )
        game = Game.objects.create(room=room, number=1, ruleset="yatzy")
        attempts.append(
            DailyAttempt.objects.create(
                challenge=challenge, player=ada, game=game, ranked=True, score=250
            )
        )
    daily_scores.record_accuracy(attempts[0].game, ada, 100.0)
    daily_scores.record_accuracy(attempts[1].game, ada, 99.8)
    assert not Report.objects.exists()
    daily_scores.record_accuracy(attempts[2].game, ada, 99.6)
    report = Report.objects.get()
    assert (report.reason, report.reported, report.reporter) == (Report.Reason.ACCURACY, ada, None)
    daily_scores.record_accuracy(attempts[2].game, ada, 99.9)
    assert Report.objects.count() == 1  # once while it is open


def test_a_practice_game_shows_its_own_par_where_it_would_stand_and_how_to_rank(
    account: MakeAccount,
) -> None:
    ada, gus = account("Ada"), account("Gus", signed=False)
    ranked = play_out(daily.daily_play(player=ada, ruleset="yatzy"))
    DailyAttempt.objects.filter(pk=ranked.pk).update(score=200)
    practice = play_out(daily.daily_play(player=gus, ruleset="yatzy"))
    expected = duplicate.play(
        rulesets.get("yatzy").new_scorecard(),
        levels.get("expert"),
        bytes.fromhex(practice.game.seed),
    )["total"]
    assert daily.attempt_par(practice) == expected
    practice.refresh_from_db()
    assert practice.par == expected
    html = (
        client_of(gus)
        .get(reverse("games:daily_result", args=["yatzy", practice.challenge.day.isoformat()]))
        .content.decode()
    )
    assert 'data-ranked="false" data-practice="true"' in html
    assert f'data-par="{expected}"' in html and "Par of your dice" in html
    assert "Would rank" in html and 'data-of="2"' in html
    assert 'data-reason="guest"' in html and "Create an account" in html
    assert ", practice: " in html  # the share text says so
    room = client_of(gus).get(f"/r/{practice.game.room.code}/").content.decode()
    assert 'data-testid="daily-practice-badge"' in room
    assert (
        'data-testid="daily-practice-badge"'
        not in client_of(ada).get(f"/r/{ranked.game.room.code}/").content.decode()
    )


@pytest.mark.sqlite_pass_only  # the page's words while par is unknown: no database in it
def test_share_text_never_says_par_unknown(
    account: MakeAccount, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada = account("Ada")
    attempt = play_out(daily.daily_play(player=ada, ruleset="yatzy"))
    monkeypatch.setattr(daily, "level_ready", lambda level, rs: False)  # tables warming
    html = (
        client_of(ada)
        .get(reverse("games:daily_result", args=["yatzy", attempt.challenge.day.isoformat()]))
        .content.decode()
    )
    assert "par ?" not in html and 'data-testid="daily-share"' not in html
    assert "Par is being worked out" in html
    shared = client_of().get(reverse("games:daily_shared", args=[attempt.share_code]))
    assert "par ?" not in shared.content.decode() and shared.status_code == 200


def test_a_guest_who_makes_an_account_keeps_their_streak(account: MakeAccount) -> None:
    gus = account("Gus", signed=False)
    play_out(daily.daily_play(player=gus, ruleset="yatzy"))
    gus.user = User.objects.create_user("gus", password="pw-long-enough")
    gus.save()
    assert selectors.streak(selectors.played_days(gus)) == 1
    # A past day played again is no part of a streak.
    play_out(
        daily.daily_play(player=gus, ruleset="yatzy", day=selectors.today() - timedelta(days=1))
    )
    assert selectors.streak(selectors.played_days(gus)) == 1
