"""Foresight in the daily challenge (issue 41): a scout learns every die slot of the day,
then a ranked attempt plans every reroll on them; its luck lies beyond what honest play
on those dice reaches, and the moderators get a report naming the figures. An honest
ranked attempt on the same dice is not reported."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from types import ModuleType

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import Settings

from accounts.models import Player
from bench.harness.foresight import Foresight
from daily.models import DailyAttempt, DailyChallenge
from daily.selectors.daily import today
from daily.services import daily, foresight
from games import services
from games.background import review_jobs
from moderation.models import Report
from play.models import Game
from scoring import duplicate, rulesets
from scoring.strategy import advisors, honest_play, levels
from scoring.strategy.decisions import Place, Roll, Strategy
from tests.support.fixture_types import MakePlayer
from tests.support.game_state import state_of
from tests.support.present import present

pytestmark = pytest.mark.django_db

# A day's dice: those of a real day change with the date, and the test must not. These
# are the first of the bench's days (bench/foresight.py measures the rates over many).
DAY_SEED = hashlib.sha256(b"foresight bench yahtzee 0").hexdigest()
ROUNDS = len(rulesets.get("yahtzee").categories)


@pytest.fixture
def the_day(monkeypatch: pytest.MonkeyPatch) -> bytes:
    """Today's Yahtzee challenge plays ``DAY_SEED``'s dice; the exact coach is loaded."""
    real = daily.seed_of
    monkeypatch.setattr(
        daily,
        "seed_of",
        lambda ruleset, day: (
            DAY_SEED if (ruleset, day) == ("yahtzee", today()) else real(ruleset, day)
        ),
    )
    advisors.advisor_for(rulesets.get("yahtzee"))
    return bytes.fromhex(DAY_SEED)


def account(make_player: MakePlayer, name: str) -> Player:
    """A person whose account was made before the day: their first attempt ranks."""
    player = make_player(name)
    player.user = User.objects.create_user(
        name.lower(), password="pw-long-enough", date_joined=timezone.now() - timedelta(days=3)
    )
    player.save()
    return player


def play_ranked(player: Player, strategy: Strategy) -> DailyAttempt:
    """``player``'s ranked attempt at today's Yahtzee, every move ``strategy``'s, made
    through the services as a page makes them."""
    attempt = daily.daily_play(player=player, ruleset="yahtzee")
    assert attempt.ranked and not attempt.practice
    code = attempt.game.room.code
    while Game.objects.get(pk=attempt.game_id).status == Game.Status.PLAYING:
        services.game_roll(player=player, code=code)
        while True:
            _, sheet, turn = state_of(code, player)
            move = strategy.decide(sheet, turn)
            if isinstance(move, Roll):
                services.game_roll(player=player, code=code, hold=list(move.hold))
            else:
                assert isinstance(move, Place)
                services.game_place(player=player, code=code, box=move.box, column=move.column)
                break
    attempt.refresh_from_db()
    return attempt


def scouted(seed: bytes) -> dict[tuple[int, int, int], int]:
    """What a scout who rerolled all five dice at every roll saw: every slot of every roll
    of every round (read from the seed here; it stands for any leak of the day's dice)."""
    return {
        (round_, roll, slot): duplicate.die(seed, round_, roll, slot)
        for round_ in range(1, ROUNDS + 1)
        for roll in (1, 2, 3)
        for slot in range(5)
    }


def test_a_scouted_day_played_with_foresight_is_reported_and_honest_play_is_not(
    the_day: bytes, make_player: MakePlayer, admin_client: Client
) -> None:
    seen = scouted(the_day)
    cheat = play_ranked(
        account(make_player, "Newcomer"),
        Foresight(lambda round_, roll, slot: seen[round_, roll, slot]),
    )
    review = services.review_for(game=cheat.game, player=cheat.player).data
    challenge = DailyChallenge.objects.get()
    bound = present(challenge.luck_bound)
    par = daily.par_of(challenge)
    assert bound["measure"] == "reroll luck" and bound["games"] == 122
    assert bound["par"] == par and present(cheat.score) > present(par)
    luck = honest_play.reroll_luck(review["path"])
    assert luck > bound["bound"] > bound["highest"]
    report = Report.objects.get()
    assert (report.reason, report.reported, report.reporter, report.room) == (
        Report.Reason.FORESIGHT,
        cheat.player,
        None,
        cheat.game.room,
    )
    cheat.refresh_from_db()
    for figure in (
        f"score {cheat.score}",
        f"par {par}",
        f"Luck {review['luck']:+.1f}",
        f"on rerolls {luck:+.1f}",
        f"the bound {bound['bound']:+.1f}",
        f"gave away {review['total_lost']:.1f}",
        f"accuracy {cheat.accuracy:.1f} %",
    ):
        assert figure in report.text, (figure, report.text)
    # Stored again (the coach's worker's turn): still one report.
    assert foresight.foresight_check(game=cheat.game) is None
    assert Report.objects.count() == 1
    # The expert bot's moves, played by an honest person on the same dice: not reported.
    honest = play_ranked(account(make_player, "Honest"), levels.get("expert"))
    services.review_for(game=honest.game, player=honest.player)
    assert honest.score == par and Report.objects.count() == 1
    # The moderators' queue shows the figures.
    listing = admin_client.get(reverse("admin:moderation_report_changelist")).content.decode()
    assert f"score {cheat.score}, par {par}" in listing
    page = admin_client.get(reverse("admin:moderation_report_change", args=[report.pk]))
    assert f"beyond the bound {bound['bound']:+.1f}" in page.content.decode()


@pytest.mark.django_db(transaction=True)  # the child process reads committed rows
def test_a_server_works_the_bound_out_in_the_review_child(
    make_player: MakePlayer, settings: Settings, review_child: ModuleType
) -> None:
    """With the coach's worker on, a review stored on a page's request does not wait for
    the bound: the game's review job has the review child work it out on the real day's
    dice, then checks the attempt against it."""
    settings.GAMES_COACH_IN_BACKGROUND = True
    advisors.advisor_for(rulesets.get("yahtzee"))
    honest = play_ranked(account(make_player, "Honest"), levels.get("expert"))
    review = services.review_for(game=honest.game, player=honest.player).data
    assert DailyChallenge.objects.get().luck_bound is None  # not worked out on the request
    review_jobs.compute_and_store(honest.game_id)
    challenge = DailyChallenge.objects.get()
    bound = present(challenge.luck_bound)
    assert bound["games"] == 122 and bound["par"] == daily.par_of(challenge) == honest.score
    beyond = honest_play.reroll_luck(review["path"]) > bound["bound"]
    assert Report.objects.filter(reason=Report.Reason.FORESIGHT).exists() == beyond
