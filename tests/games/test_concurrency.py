"""Two requests at the same instant: each move is applied exactly once.

These tests use real transactions and threads against the real database (a
SQLite file in IMMEDIATE mode, where writers queue; PostgreSQL locks the rows).
"""

import threading
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from accounts.models import Player
from common.errors import ServiceError
from games import services
from play.models import Game, Turn
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import game_of, state_of

pytestmark = pytest.mark.django_db(transaction=True)


def race(*calls: Callable[[], object]) -> list[object]:
    """Run the calls in threads released together; each result or ServiceError."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(index: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait()
            results[index] = call()
        except ServiceError as exc:
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.fixture
def rolled(ada: Player, bob: Player, make_room: MakeRoom) -> str:
    code = make_room(ada, "yatzy", seats=2, turn_seconds=15, joined=[bob], start=True).code
    services.game_roll(player=ada, code=code)
    return code


def test_two_placements_race_and_one_wins(rolled: str, ada: Player) -> None:
    results = race(*(lambda: services.game_place(player=ada, code=rolled, box="chance"),) * 2)
    wins = [r for r in results if isinstance(r, dict)]
    losses = [r for r in results if isinstance(r, ServiceError)]
    assert len(wins) == 1 and len(losses) == 1
    assert losses[0].code == "not_your_turn"
    assert Turn.objects.filter(box="chance").count() == 1
    assert game_of(rolled).turn_count == 2


def test_the_same_request_twice_at_once_is_applied_once(rolled: str, ada: Player) -> None:
    results = race(
        *(lambda: services.game_roll(player=ada, code=rolled, hold=[0], request_id="again"),) * 2
    )
    assert isinstance(results[0], dict) and results[0] == results[1]
    assert state_of(rolled)[2].rolls_used == 2


def test_two_clocks_claim_an_expired_turn_once(rolled: str) -> None:
    Game.objects.filter(room__code=rolled).update(
        turn_deadline=timezone.now() - timedelta(seconds=1)
    )
    done = race(services.games_run_due, services.games_run_due, services.games_run_due)
    claimed = [found for found in done if isinstance(found, list)]
    assert len(claimed) == len(done) and sum(map(len, claimed)) == 1
    assert Turn.objects.filter(finish=Turn.Finish.TIMEOUT).count() == 1
