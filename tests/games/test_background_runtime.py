"""One owner of a server process's background work: started once, stopped cleanly."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_django import Settings

from bench.harness.live_server import daphne
from bench.harness.room_client import Seat, next_move, open_room
from games.background import checkpoints, jobs, review_jobs, reviews, runtime
from play.signals import game_finished
from ratings.services.ratings import rating_on_finish
from rooms.background import clock
from tests.support.present import present
from tests.support.waiting import wait_until

PACE = 1 / 15  # seconds between two requests of one socket
NAMES = {"game-clock", "coach-jobs", "sqlite-checkpoint"}


def running_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name in NAMES]


@pytest.fixture
def runtime_alone_on_game_finished() -> Iterator[None]:
    """``game_finished`` with the runtime's receiver alone (the ratings' connects at
    start-up, for good), so that what the runtime connects and disconnects shows."""
    game_finished.disconnect(dispatch_uid="ratings.rating_on_finish")
    yield
    game_finished.connect(rating_on_finish, dispatch_uid="ratings.rating_on_finish")


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("runtime_alone_on_game_finished")
def test_start_runs_each_piece_once_and_stop_ends_them_all(settings: Settings) -> None:
    settings.GAMES_CLOCK_IN_PROCESS = True
    settings.GAMES_COACH_IN_BACKGROUND = True
    settings.SQLITE_CHECKPOINT_THREAD = True
    assert running_threads() == [] and not runtime.is_running()
    runtime.start()
    try:
        runtime.start()  # a second call starts nothing more
        expected = NAMES if checkpoints.database_file() else NAMES - {"sqlite-checkpoint"}
        assert sorted(running_threads()) == sorted(expected)
        # The reviews' receiver is connected (disconnecting it says so), beside the bell's.
        assert game_finished.disconnect(dispatch_uid=runtime.__name__)
        game_finished.connect(review_jobs.precompute_later, dispatch_uid=runtime.__name__)
    finally:
        runtime.stop()
    assert running_threads() == [] and not runtime.is_running()
    assert not game_finished.disconnect(dispatch_uid=runtime.__name__)
    runtime.stop()  # stopping twice is harmless


@pytest.mark.django_db(transaction=True)
def test_the_settings_turn_each_piece_off(settings: Settings) -> None:
    settings.GAMES_CLOCK_IN_PROCESS = False
    settings.GAMES_COACH_IN_BACKGROUND = False
    settings.SQLITE_CHECKPOINT_THREAD = False
    runtime.start()
    try:
        assert running_threads() == []
        assert jobs.in_background("anything", lambda: None) is False
    finally:
        runtime.stop()


def test_the_pieces_stop_even_when_started_alone() -> None:
    started = clock.start()
    assert clock.start() is started
    clock.stop()
    assert not started.is_alive()
    assert checkpoints.stop() is None  # type: ignore[func-returns-value]  # nothing to stop


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            text = (task / "children").read_text().split()
        except FileNotFoundError:  # a thread that ended since the listing: none of its own
            continue
        found |= {int(child) for child in text}
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie has ended: only an init that does not reap
    keeps its entry, as some containers' do)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def ask_for_a_review() -> None:
    with contextlib.suppress(reviews.ReviewProcessError):
        # A job the child answers with a failure (a wrong id on purpose).
        reviews.reviews("not a game id")  # type: ignore[arg-type]


def new_children_alive(before: set[int]) -> list[int]:
    return [pid for pid in children_of(os.getpid()) - before if alive(pid)]


# Not in the PostgreSQL pass (docs/decisions/0007): process handling, the same on any
# database.
@pytest.mark.sqlite_pass_only
def test_after_stop_no_review_child_starts_until_resume() -> None:
    before = children_of(os.getpid())
    reviews.stop()
    try:
        with pytest.raises(reviews.ReviewProcessError, match="was stopped"):
            reviews.reviews(1)
        assert reviews.child() is None and new_children_alive(before) == []
    finally:
        reviews.resume()
    try:
        with pytest.raises(reviews.ReviewProcessError, match=r"^\w+: "):  # the child's
            reviews.reviews("not a game id")  # type: ignore[arg-type]  # a failing job
        assert reviews.child() is not None
    finally:
        reviews.stop(grace=1.0)
        reviews.resume()
    assert new_children_alive(before) == []


@pytest.mark.sqlite_pass_only  # process handling (as above)
def test_stop_also_ends_a_review_child_being_started_as_it_comes() -> None:
    before = children_of(os.getpid())
    try:
        for _ in range(5):
            reviews.resume()
            job = threading.Thread(target=ask_for_a_review)
            job.start()
            reviews.stop(grace=0.2)  # before, while or after the job starts the child
            job.join(60)
            assert not job.is_alive()
            assert new_children_alive(before) == []
    finally:
        reviews.resume()


async def play_alone(base_url: str) -> None:
    login, code = open_room(base_url, "Solo", seats=1)
    seat = Seat(login, code)
    await seat.connect()
    try:
        await seat.wait_for(lambda: seat.state is not None)
        assert (await seat.send("start"))["type"] == "ack"
        await seat.wait_for(seat.my_turn)
        assert seat.game is not None  # the started game
        while seat.game["status"] == "playing":
            version = seat.version
            move = next_move(seat.game)
            await asyncio.sleep(PACE)  # the server allows 20 messages a second per socket
            answer = await seat.send(move.pop("type"), **move)
            assert answer["type"] == "ack", answer
            await seat.reached(max(version + 1, answer["version"]))
    finally:
        await seat.close()


# Not in the PostgreSQL pass (docs/decisions/0007): this server serves a SQLite file of its
# own.
@pytest.mark.sqlite_pass_only
def test_a_server_stopped_with_sigterm_leaves_no_review_child(tmp_path: Path) -> None:
    with daphne(tmp_path) as server:
        asyncio.run(play_alone(server.base_url))
        process = present(server.process)
        pid = process.pid
        # The child starts with the game's review job.
        children = wait_until(
            lambda: children_of(pid), 60, what="the finished game's review child to start"
        )
        assert len(children) == 1, children
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        child = children.pop()
        # The child runs at idle priority: with every core busy it may wait a long while
        # for the CPU it needs even to exit.
        try:
            wait_until(lambda: not alive(child), 60, what="the review child to end with its server")
        except AssertionError as failure:  # with what the server said of it as it stopped
            raise AssertionError(f"{failure}\n{server.log_text()[-3000:]}") from None


@pytest.mark.sqlite_pass_only  # a SQLite file of its own, as above
def test_a_server_writes_where_it_waits_on_sigusr1_and_goes_on(tmp_path: Path) -> None:
    with daphne(tmp_path) as server:
        present(server.process).send_signal(signal.SIGUSR1)
        log = wait_until(
            lambda: "asyncio tasks ---" in server.log_text() and server.log_text(),
            30,
            what="the stacks in the server's log",
        )
        assert isinstance(log, str)
        assert "--- stacks of process on signal" in log
        assert "Thread" in log and "most recent call first" in log  # every thread's stack
        assert server.running()
        with urllib.request.urlopen(f"{server.base_url}/healthz", timeout=10) as response:
            assert response.status == 200  # and it serves on
