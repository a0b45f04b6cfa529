"""Expert and beginner bots at the table: whole games through the clock, and an expert
that waits for the coach's tables without holding the clock up."""

from __future__ import annotations

import pytest

from accounts.models import Player
from games import services
from play import advice as coach
from play.models import Game, Scorecard
from play.services import play
from rooms.models import Membership
from scoring.strategy.advice import Advisor
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import game_of, play_turn
from tests.support.present import present
from tests.support.views import state_seen

pytestmark = pytest.mark.django_db


def _play_to_the_end(code: str, person: Player, limit: int = 2000) -> Game:
    for _ in range(limit):
        game = game_of(code)
        if game.status != Game.Status.PLAYING:
            return game
        card = Scorecard.objects.select_related("player").get(game=game, seat=game.current_seat)
        if card.player.is_bot:
            assert len(services.games_run_due()) == 1
        else:
            play_turn(person, code)
    raise AssertionError("the game did not end")


# Not in the PostgreSQL pass (docs/decisions/0007): the bots' games differ from people's
# only in the coach and the rules engine, which the SQLite pass covers.
@pytest.mark.sqlite_pass_only
@pytest.mark.parametrize("ruleset", ["yahtzee", "yams"])
def test_expert_and_beginner_bots_play_a_whole_game(
    ruleset: str, ada: Player, yahtzee_coach: Advisor, make_room: MakeRoom
) -> None:
    room = make_room(ada, ruleset, seats=3, bots=["expert"])
    answer = services.room_add_bot(player=ada, code=room.code, level="beginner")
    assert answer["event"]["data"]["level"] == "beginner"
    levels = {m["name"]: m["bot_level"] for m in state_seen(room.code, ada)["members"]}
    assert sorted(levels.values(), key=str) == [None, "beginner", "expert"]
    services.room_start(player=ada, code=room.code)
    game = _play_to_the_end(room.code, ada)
    assert game.status == Game.Status.FINISHED
    cards = list(game.scorecards.select_related("player"))
    assert all(play.sheet_of(card).is_complete for card in cards)
    assert sorted(present(card.rank) for card in cards)[0] == 1
    assert [s["bot_level"] for s in state_seen(room.code, ada)["game"]["seats"]] == [
        None,
        "expert",
        "beginner",
    ]


def test_an_expert_bot_waits_for_its_tables_without_holding_up_the_clock(
    ada: Player, monkeypatch: pytest.MonkeyPatch, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yams", seats=2, bots=["expert"])
    monkeypatch.setattr(coach, "warm", lambda rs: False)  # the tables are still building
    services.room_start(player=ada, code=room.code)
    play_turn(ada, room.code)
    assert len(services.games_run_due()) == 1  # the first roll needs no strategy
    version = game_of(room.code).version
    for _ in range(3):
        assert len(services.games_run_due()) == 0  # nothing done, nothing blocked
    game = game_of(room.code)
    assert game.version == version and game.bot_due_at is not None
    monkeypatch.setattr(coach, "warm", lambda rs: True)
    assert len(services.games_run_due()) == 1
    assert game_of(room.code).version == version + 1
    assert Membership.objects.filter(room=room, player__bot_level="expert").exists()
