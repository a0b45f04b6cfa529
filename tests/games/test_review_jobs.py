"""Reviews worked out ahead: precomputed once a game finishes, by the review child
process (on idle CPU only, replaced when it dies) and by the background worker. (The
review itself and its page: test_coach.py.)"""

from __future__ import annotations

import json
import os
from types import ModuleType

import pytest
from pytest_django import DjangoCaptureOnCommitCallbacks, Settings

from accounts.models import Player
from coach.models import GameReview
from coach.services import reviews as review
from games import services
from games.background import jobs, review_jobs
from games.background import reviews as review_process
from play.selectors.rule_sets import ruleset_of
from play.signals import game_finished
from tests.support.fixture_types import ReviewedGame, ScriptDice
from tests.support.game_state import game_of, play_turn
from tests.support.waiting import wait_until

pytestmark = pytest.mark.django_db


def test_finished_games_have_their_reviews_precomputed(
    reviewed_game: ReviewedGame,
    ada: Player,
    monkeypatch: pytest.MonkeyPatch,
    script_dice: ScriptDice,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    game = reviewed_game["game"]
    assert services.reviews_precompute(game_id=game.pk) == 1
    assert GameReview.objects.filter(game=game, player=ada).exists()

    finished = []

    def record(sender: object, *, game_id: int, **kwargs: object) -> None:
        finished.append(game_id)

    game_finished.connect(record)
    try:
        services.room_rematch(player=ada, code=reviewed_game["code"])
        script_dice([1, 2, 3, 4, 6] * 13)
        with django_capture_on_commit_callbacks(execute=True):
            for _ in range(12):
                play_turn(ada, reviewed_game["code"])
            assert finished == []
            play_turn(ada, reviewed_game["code"])
    finally:
        game_finished.disconnect(record)
    assert finished == [game_of(reviewed_game["code"]).pk]  # once, after the last turn


@pytest.mark.django_db(transaction=True)  # the child process reads committed rows
def test_background_reviews_are_computed_by_a_child_process(
    reviewed_game: ReviewedGame, ada: Player, review_child: ModuleType
) -> None:
    game = reviewed_game["game"]
    here = review.build_review(ruleset_of(game), list(game.turns.order_by("number")), ada)
    texts = review_child.reviews(game.pk)
    assert [(player, json.loads(text)) for player, text in texts] == [(ada.pk, here)]
    child = review_child.child()
    assert child is not None and child.pid != os.getpid()
    assert review.store_review_texts(game.pk, texts) == 1
    assert GameReview.objects.get(game=game, player=ada).data == here
    assert review.store_review_texts(game.pk, [(ada.pk, "{}")]) == 0  # the first stays
    assert GameReview.objects.get(game=game, player=ada).data == here
    assert review_child.reviews(game.pk) == []  # nothing left to review
    assert review_child.child() is child  # one child serves every game


# Not in the PostgreSQL pass (docs/decisions/0007): the review child's process handling is
# the same on any database.
@pytest.mark.sqlite_pass_only
def test_the_review_child_runs_on_idle_cpu_only(
    review_child: ModuleType, settings: Settings
) -> None:
    settings.GAMES_REVIEWS_ON_IDLE_CPU = True
    child = review_child.start()
    assert review_child.start() is child  # one child at a time
    wait_until(
        lambda: os.sched_getscheduler(child.pid) == os.SCHED_IDLE,
        60,
        what="the review child to take the SCHED_IDLE policy",
    )
    wait_until(
        lambda: os.getpriority(os.PRIO_PROCESS, child.pid) == review_process.NICENESS,
        60,
        what="the review child to lower its priority",
    )


@pytest.mark.sqlite_pass_only  # process handling, the same on any database (as above)
@pytest.mark.django_db(transaction=True)
def test_the_review_process_reports_failures_and_is_replaced_when_it_dies(
    reviewed_game: ReviewedGame, review_child: ModuleType
) -> None:
    game = reviewed_game["game"]
    assert review_child.reviews(game.pk)
    first = review_child.child()
    with pytest.raises(review_process.ReviewProcessError, match=r"^\w+: "):
        review_child.reviews("not a game id")  # a job that fails: the child goes on
    assert review_child.child() is first
    first.kill()
    first.wait()
    assert review_child.child() is None
    assert review_child.reviews(game.pk)  # a new child
    second = review_child.child()
    assert second.pid != first.pid
    review_child.stop()  # its input closes: it ends by itself
    assert second.wait(timeout=10) == 0
    assert review_child.child() is None


@pytest.mark.django_db(transaction=True)
def test_a_finished_game_has_its_reviews_precomputed_by_the_worker(
    reviewed_game: ReviewedGame, ada: Player, review_child: ModuleType
) -> None:
    game = reviewed_game["game"]
    assert review_jobs.precompute_later(game_id=game.pk) is False  # no worker runs here
    worker = jobs.start()
    try:
        assert review_jobs.precompute_later(game_id=game.pk) is True
        worker.wait_idle()
    finally:
        jobs.stop()
    assert not worker.is_alive()
    assert GameReview.objects.get(game=game, player=ada).data == review.build_review(
        ruleset_of(game), list(game.turns.order_by("number")), ada
    )


@pytest.mark.django_db(transaction=True)
def test_a_review_cut_off_by_the_process_stopping_is_left_for_later_without_an_error(
    reviewed_game: ReviewedGame, review_child: ModuleType, caplog: pytest.LogCaptureFixture
) -> None:
    # SIGTERM (a restart) stops the review child before the worker: the job under way
    # finds it gone, and says so once, with no traceback.
    game = reviewed_game["game"]
    review_child.stop()
    with caplog.at_level("INFO", logger="games.background.review_jobs"):
        assert review_jobs.compute_and_store(game.pk) == 0
    assert not GameReview.objects.filter(game=game).exists()
    assert [r.levelname for r in caplog.records if r.name.startswith("games.")] == ["INFO"]
    assert "left for later" in caplog.text
    review_child.resume()  # the process started again: the next finished game's job
    assert review_jobs.compute_and_store(game.pk) > 0
