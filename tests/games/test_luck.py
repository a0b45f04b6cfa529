"""Luck and skill: a review splits each player's final score into the expectation at the
start, the luck of the dice and what the decisions gave away, and the parts add up."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Player
from coach.models import GameReview
from common.figures import rounded
from games import services
from play.models import Game, Turn
from scoring import rulesets
from scoring.strategy import advisors
from tests.support.clients import client_of
from tests.support.fixture_types import MakeRoom, ScriptDice
from tests.support.game_state import game_of, play_turn
from tests.support.reviews import (
    adds_up,
    review_figures_are_rounded_once,
    shown,
    split_printed_right,
)

# The split is arithmetic on the coach's values, the games are played through services
# the PostgreSQL pass covers elsewhere, and the replay reads the stored reviews as the
# replay tests do: once is enough (docs/decisions/0007).
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass_only]

# The dice of the replay's game: with them, a split rounded part by part would not add up.
DICE_SEED = 2


@pytest.mark.parametrize("ruleset", ["yatzy", "triple_yahtzee"])
def test_luck_and_skill_add_up_to_the_score_of_a_game_played_at_once(
    ruleset: str, ada: Player, make_room: MakeRoom
) -> None:
    """A person and an expert bot play every round at once; the person's review splits
    their score exactly (an estimate's drift is luck too)."""
    room = make_room(ada, ruleset, seats=2, bots=["expert"], together=True, start=True)
    while game_of(room.code).status == Game.Status.PLAYING:
        if Turn.objects.filter(game=game_of(room.code), seat=0, finished_at__isnull=True).exists():
            play_turn(ada, room.code)
        services.games_run_due(at=timezone.now() + timedelta(seconds=1))
    data = services.review_of(player=ada, code=room.code, number=1).data
    assert len(data["path"]) == Turn.objects.filter(game=game_of(room.code), seat=0).count()
    assert adds_up(data)


def test_the_replay_splits_every_players_score_into_luck_and_skill(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom, script_dice: ScriptDice
) -> None:
    """Every member, a spectator too, sees each person's split on the replay (built now
    where the coach is exact), with a chart for each; bots have none. Every figure the
    replay and the review print is the exact value rounded once, and the parts of each
    split add up to the score as printed, here where rounding each alone would not."""
    advisors.advisor_for(rulesets.get("yatzy"))  # the exact coach, loaded
    room = make_room(
        ada, "yatzy", seats=3, joined=[bob], bots=["beginner"], together=True, start=True
    )
    services.room_join(player=cy, code=room.code)  # watches
    generator = random.Random(DICE_SEED)
    script_dice([generator.randint(1, 6) for _ in range(3000)])
    while game_of(room.code).status == Game.Status.PLAYING:
        for player in (ada, bob):
            if Turn.objects.filter(
                game=game_of(room.code), player=player, finished_at__isnull=True
            ).exists():
                play_turn(player, room.code)
        services.games_run_due(at=timezone.now() + timedelta(seconds=1))
    html = client_of(cy).get(f"/r/{room.code}/games/1/replay/").content.decode()
    assert 'data-testid="replay-luck"' in html and "replay-luck-pending" not in html
    assert html.count('data-testid="replay-luck-row"') == 2
    assert html.count('data-testid="replay-luck-chart"') == 2
    alone_off = 0
    for seat, player in enumerate((ada, bob)):
        data = GameReview.objects.get(game=game_of(room.code), player=player).data
        assert adds_up(data)
        assert f'data-seat="{seat}" data-total="{data["total"]}"' in html
        row = html.split(f'data-testid="replay-luck-row" data-seat="{seat}"', 1)[1]
        printed = {
            key: shown(row, f"replay-luck-{testid}")
            for key, testid in (
                ("start", "start"),
                ("luck", "luck"),
                ("yours", "lost"),
                ("others", "others"),
                ("total", "total"),
            )
        }
        printed["yours"], printed["others"] = -printed["yours"], -printed["others"]
        assert split_printed_right(printed, data), (printed, data)
        alone = (
            rounded(data["expected_start"])
            + rounded(data["luck"])
            - rounded(data["total_lost"])
            - rounded(data["others_lost"])
        )
        alone_off += alone != data["total"]
    assert alone_off  # the dice were chosen so: rounding each part alone misses the score
    review_figures_are_rounded_once(
        client_of(ada).get(f"/r/{room.code}/games/1/review/").content.decode(),
        GameReview.objects.get(game=game_of(room.code), player=ada).data,
    )
