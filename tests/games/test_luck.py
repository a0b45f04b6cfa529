"""Luck and skill: a review splits each player's final score into the expectation at the
start, the luck of the dice and what the decisions gave away, and the parts add up."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Turn
from tests.support.game_state import game_of, play_turn
from tests.support.reviews import adds_up

pytestmark = pytest.mark.django_db


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
