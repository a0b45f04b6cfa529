"""Fixtures for the games app: players, rooms, and dice the test decides."""

from __future__ import annotations

import threading
import warnings
from collections.abc import AsyncIterator, Iterator, Sequence
from datetime import timedelta
from types import ModuleType
from typing import Any

import pytest
import pytest_asyncio
from channels.layers import channel_layers
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connections
from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQL
from django.utils import timezone
from pytest_django import DjangoDbBlocker, Settings

from accounts.models import Player
from common.protocol.events import Rank
from games import services
from games.background import reviews as review_process
from notices.models import Preferences
from play.models import Game
from play.services import dice, play
from play.services.play import finish_game
from rooms.models import Room
from scoring.dice import scripted
from scoring.strategy.advice import Advisor
from tests.support.database_sessions import close_database_threads, sessions_on
from tests.support.fixture_types import (
    MakeAccount,
    MakePlayer,
    MakeRoom,
    Pair,
    ReviewedGame,
    ScriptDice,
)
from tests.support.reviewed_game import play_reviewed_game
from tests.support.reviews import check_luck_adds_up
from tests.support.waiting import wait_until


@pytest.fixture(scope="session", autouse=True)
def sessions_left_are_named(
    request: pytest.FixtureRequest, django_db_blocker: DjangoDbBlocker
) -> Iterator[None]:
    """On PostgreSQL, once this process's last test is over, close its own connections
    and the sockets' database threads' ones (one a socket's call opened as its test
    ended stays open), then name any other session still using its test database, with
    this process's threads, in a warning: dropping the database would wait 5 s for it
    and fail with pytest-django's bare warning (decision 0007)."""
    database = connections["default"]
    if not isinstance(database, PostgreSQL):
        yield
        return
    request.getfixturevalue("django_db_setup")  # so that this ends before the drop
    yield
    with django_db_blocker.unblock():
        close_database_threads()
    database.close()
    database.close_pool()  # type: ignore[attr-defined]  # as the drop does first (no stub)
    left: list[tuple[Any, ...]] = []

    def none_left() -> bool:
        left[:] = sessions_on(database)
        return not left

    try:
        wait_until(none_left, 1.0, interval=0.05)
    except AssertionError:
        name = database.settings_dict["NAME"]
        threads = [thread.name for thread in threading.enumerate()]
        warnings.warn(
            f"sessions still using {name} after the last test: {left}; threads: {threads}",
            pytest.PytestWarning,
            stacklevel=1,
        )


@pytest.fixture(autouse=True)
def no_bot_pause(settings: Settings) -> None:
    """Bots act as soon as they are due, and only when a test runs the clock; the coach
    starts no background jobs (a test runs them itself); no SQLite checkpoint thread
    outlives a test; the review child runs at normal priority (on idle CPU only, busy
    cores would starve it)."""
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_REVIEWS_ON_IDLE_CPU = False
    settings.SQLITE_CHECKPOINT_THREAD = False
    settings.GAMES_CLOCK_IN_PROCESS = False
    settings.GAMES_COACH_IN_BACKGROUND = False


@pytest.fixture(autouse=True)
def every_finished_game_adds_up(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """After each test, the luck-and-skill split of every person's final score adds up to
    that score in every game the test played to the end (issue 30: the identity holds on
    every game of the suite, whoever and whatever played it). The games are those the
    services finished (``finish_game``, called through as it is)."""
    finished: list[int] = []

    def finish_and_note(room: Room, game: Game, cards: Sequence[Any]) -> list[Rank]:
        finished.append(game.pk)
        return finish_game(room, game, cards)

    monkeypatch.setattr(play, "finish_game", finish_and_note)
    yield
    for game in Game.objects.filter(pk__in=finished, status=Game.Status.FINISHED):
        check_luck_adds_up(game)


@pytest.fixture(autouse=True)
def fresh_channel_layer() -> Iterator[None]:
    """Each test gets its own channel layer: the Redis layer binds its connections and
    locks to the event loop that first used them, and every async test has its own."""
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    """Each test starts with an empty cache: no misses of the guess limit
    (``common.throttle``) left over from another test's unknown room codes."""
    cache.clear()


@pytest.fixture
def make_player(db: None) -> MakePlayer:
    """Create a person with a name."""
    return lambda name: Player.objects.create(name=name)


@pytest.fixture
def ada(make_player: MakePlayer) -> Player:
    return make_player("Ada")


@pytest.fixture
def bob(make_player: MakePlayer) -> Player:
    return make_player("Bob")


@pytest.fixture
def cy(make_player: MakePlayer) -> Player:
    return make_player("Cy")


@pytest.fixture
def dee(make_player: MakePlayer) -> Player:
    return make_player("Dee")


@pytest.fixture
def account(make_player: MakePlayer) -> MakeAccount:
    """Make a person with an account made before today (a guest when ``signed`` is
    false), for the daily tests."""

    def make(name: str, signed: bool = True) -> Player:
        player = make_player(name)
        if signed:
            player.user = User.objects.create_user(
                name.lower(),
                password="pw-long-enough",
                date_joined=timezone.now() - timedelta(days=1),
            )
            player.save()
        return player

    return make


@pytest.fixture
def make_room(db: None) -> MakeRoom:
    """Open a room through the services, as a host would: ``host`` creates it, the
    ``joined`` players take the next seats in order, then bots of the ``bots`` levels, and
    ``start`` begins the first game. The room is returned as the database now has it.
    Async tests call it through ``channels.db.database_sync_to_async``."""

    def make(
        host: Player,
        ruleset: str = "yahtzee",
        *,
        seats: int = 4,
        options: dict[str, Any] | None = None,
        turn_seconds: int | None = None,
        pace: str = "live",
        holidays: bool | None = None,
        together: bool | None = None,
        duplicate: bool | None = None,
        joined: Sequence[Player] = (),
        bots: Sequence[str] = (),
        start: bool = False,
    ) -> Room:
        room = services.room_create(
            player=host,
            ruleset=ruleset,
            options=options,
            seats=seats,
            turn_seconds=turn_seconds,
            pace=pace,
            holidays=holidays,
            together=together,
            duplicate=duplicate,
        )
        for player in joined:
            services.room_join(player=player, code=room.code)
        for level in bots:
            services.room_add_bot(player=host, code=room.code, level=level)
        if start:
            services.room_start(player=host, code=room.code)
        room.refresh_from_db()
        return room

    return make


@pytest.fixture
def script_dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptDice]:
    """Make the server draw these dice next (the real draw is secrets.SystemRandom)."""

    def use(values: list[int]) -> None:
        monkeypatch.setattr(dice, "draw", scripted(values))

    yield use


@pytest.fixture
def staff(db: None) -> User:
    """A staff member who moderates."""
    return User.objects.create_user("mod", password="pw-long-enough", is_staff=True)


@pytest.fixture
def ada_account(ada: Player) -> Player:
    """Ada has an account with a confirmed address, and asked for emails about turns (the
    turn emails' tests)."""
    user = User.objects.create_user("ada", email="ada@example.org", password="pw-long-enough")
    Player.objects.filter(pk=ada.pk).update(user=user)
    ada.refresh_from_db()
    Preferences.objects.create(player=ada, email=True)
    return ada


@pytest.fixture
def review_child() -> Iterator[ModuleType]:
    """The review process of this test process, ended after the test (killed after a
    second: on idle CPU only, it may not get to run at all while the suite keeps every
    core busy). ``stop`` refuses new children until ``resume``: the test after may want one."""
    review_process.resume()
    yield review_process
    review_process.stop(grace=1.0)
    review_process.resume()


@pytest.fixture(scope="session")
def yahtzee_coach() -> Advisor:
    """The exact Yahtzee advisor, built once for the whole test run (seconds)."""
    from scoring import rulesets
    from scoring.strategy import advisors

    return advisors.advisor_for(rulesets.get("yahtzee"))


@pytest.fixture
def reviewed_game(
    ada: Player, bob: Player, script_dice: ScriptDice, yahtzee_coach: Advisor, make_room: MakeRoom
) -> ReviewedGame:
    """A solo Yahtzee game of Ada's, watched by Bob, with known decisions: a five of a
    kind scored in Chance (a bad one), a keep the coach chose (the best one), a turn the
    clock finished, and first boxes after one roll for the rest (the coach's tests)."""
    return play_reviewed_game(ada, bob, script_dice, make_room)


@pytest_asyncio.fixture
async def pair() -> AsyncIterator[Pair]:
    """Ada hosts a 3-seat yatzy room that Bob joined; both connected to it."""
    from tests.support.sockets import call, receive, socket, visitor

    ada, ada_key = await visitor("Ada")
    bob, bob_key = await visitor("Bob")
    room = await call(services.room_create, player=ada, ruleset="yatzy", seats=3)
    await call(services.room_join, player=bob, code=room.code)
    ada_ws, bob_ws = socket(room.code, ada_key), socket(room.code, bob_key)
    assert (await ada_ws.connect())[0] and (await bob_ws.connect())[0]
    await receive(ada_ws, "state")
    await receive(bob_ws, "state")
    yield {
        "code": room.code,
        "ada": ada,
        "bob": bob,
        "ada_ws": ada_ws,
        "bob_ws": bob_ws,
        "bob_key": bob_key,
        "ada_key": ada_key,
    }
    await ada_ws.disconnect()
    await bob_ws.disconnect()
