"""Luck and skill: a review splits each player's final score into the expectation at the
start, the luck of the dice and what the decisions gave away, and the parts add up."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, GameReview, Turn
from scoring import rulesets
from scoring.strategy import advisors
from tests.support.clients import client_of
from tests.support.game_state import game_of, play_turn
from tests.support.reviews import adds_up

# The split is arithmetic on the coach's values, the games are played through services
# the PostgreSQL pass covers elsewhere, and the replay reads the stored reviews as the
# replay tests do: once is enough (docs/decisions/0007).
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass_only]

ROUNDED = 0.05 + 1e-9  # a number written to one decimal (1.55 as 1.6, in binary floats)


@pytest.mark.parametrize("ruleset", ["yatzy", "triple_yahtzee"])
def test_luck_and_skill_add_up_to_the_score_of_a_game_played_at_once(
        ruleset, ada, make_room):
    """A person and an expert bot play every round at once; the person's review splits
    their score exactly (an estimate's drift is luck too)."""
    room = make_room(ada, ruleset, seats=2, bots=["expert"], together=True, start=True)
    while game_of(room.code).status == Game.Status.PLAYING:
        if Turn.objects.filter(game=game_of(room.code), seat=0,
                               finished_at__isnull=True).exists():
            play_turn(ada, room.code)
        services.games_run_due(at=timezone.now() + timedelta(seconds=1))
    data = services.review_of(player=ada, code=room.code, number=1).data
    assert len(data["path"]) == Turn.objects.filter(game=game_of(room.code), seat=0).count()
    assert adds_up(data)


def test_the_replay_splits_every_players_score_into_luck_and_skill(ada, bob, cy, make_room):
    """Every member, a spectator too, sees each person's split on the replay (built now
    where the coach is exact), with a chart for each; bots have none."""
    advisors.advisor_for(rulesets.get("yatzy"))  # the exact coach, loaded
    room = make_room(ada, "yatzy", seats=3, joined=[bob], bots=["beginner"], together=True,
                     start=True)
    services.room_join(player=cy, code=room.code)  # watches
    while game_of(room.code).status == Game.Status.PLAYING:
        for player in (ada, bob):
            if Turn.objects.filter(game=game_of(room.code), player=player,
                                   finished_at__isnull=True).exists():
                play_turn(player, room.code)
        services.games_run_due(at=timezone.now() + timedelta(seconds=1))
    html = client_of(cy).get(f"/r/{room.code}/games/1/replay/").content.decode()
    assert 'data-testid="replay-luck"' in html and 'replay-luck-pending' not in html
    assert html.count('data-testid="replay-luck-row"') == 2
    assert html.count('data-testid="replay-luck-chart"') == 2
    for seat, player in enumerate((ada, bob)):
        data = GameReview.objects.get(game=game_of(room.code), player=player).data
        assert adds_up(data)
        assert f'data-seat="{seat}" data-total="{data["total"]}"' in html
        row = html.split(f'data-testid="replay-luck-row" data-seat="{seat}"', 1)[1]
        assert shown(row, "replay-luck-luck") == pytest.approx(data["luck"], abs=ROUNDED)
        assert shown(row, "replay-luck-lost") == pytest.approx(-data["total_lost"], abs=ROUNDED)


def shown(html: str, testid: str) -> float:
    """The number in the first cell ``testid`` of ``html``, as the page writes it: a
    sign (a true minus), one decimal, or two under 0.1 ("+0.06", "+0.10" for 0.097), "0" for
    nothing lost."""
    text = html.split(f'data-testid="{testid}">', 1)[1].split("<", 1)[0]
    text = text.replace("&minus;", "-").replace("\N{MINUS SIGN}", "-")
    assert re.fullmatch(r"[+-]?(0|\d+\.\d{1,2})", text), text
    return float(text)
