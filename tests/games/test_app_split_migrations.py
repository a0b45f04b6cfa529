"""The models left ``games`` for apps of their own (docs/decisions/0060) without a row
lost: a database built by the migrations of the ``games`` app alone, as the site had
them before the split, and filled through the services with rooms of every mode,
finished and running games, reviews, daily attempts, reports, bans, push subscriptions
and the outbox, migrates to the new apps with every row as it was, and its games go on.

It runs in both passes of ``make test``: on SQLite, and on PostgreSQL.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.apps import apps
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import Permission, User
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.db.models import Q
from django.test import Client

from accounts.models import Player
from accounts.services.players import SESSION_KEY
from bench.harness.play import game_of, play_turn
from coach.models import GameReview
from daily.models import DailyAttempt
from daily.services.daily import daily_play
from games import services
from moderation.models import ModerationAction, Report
from notices.models import Notice, PushSubscription
from notices.services import notices
from play.models import Game
from rooms.models import ChatMessage, Room
from tests.support.admin_pages import SITE_APPS
from tests.support.push_service import push_service

pytestmark = pytest.mark.django_db(transaction=True)

NEW_APPS = [app for app in SITE_APPS if app != "games"]
LAST_BEFORE = "0021_fair_daily_and_shared_devices"
SPLIT = "0001_initial"


def split_apps() -> list[str]:
    """The apps whose first migration took their models over from ``games``."""
    found = MigrationLoader(connection).disk_migrations
    return [
        app
        for app in NEW_APPS
        if (app, SPLIT) in found
        and any(parent == "games" for parent, _ in found[app, SPLIT].dependencies)
    ]


def split_models() -> list[str]:
    """The models ``games`` held before the split (those its apps took over)."""
    state = MigrationLoader(connection).project_state(("games", LAST_BEFORE))
    return [model for app, model in state.models if app == "games"]


def migrate_past_the_split() -> None:
    """Run the split's migrations (state only: the new apps' first and the one of
    ``games`` that hands them their content types, all at once as a site upgraded);
    those made since, whose tables and columns the test database has kept, are recorded
    without running again."""
    call_command("migrate", "games", verbosity=0)
    call_command("migrate", fake=True, verbosity=0)


@pytest.fixture
def before_the_split(settings: Any, tmp_path: Any) -> Iterator[None]:
    """The test database as the site before the split left it: the new apps' migrations
    not applied, and their models' content types under ``games``. The split's
    migrations change no table (they are state only), so unrecording them (rather than
    running them backwards, which costs seconds of migration state for nothing) gives
    that site's database, with the columns and tables added since kept (the services
    that fill it write them; ``migrate_past_the_split`` records their migrations
    without running them). Left fully migrated, whatever the test did."""
    settings.WEBPUSH_PRIVATE_KEY = ""
    settings.WEBPUSH_LOOPBACK = True
    settings.WEBPUSH_KEY_FILE = tmp_path / "vapid.pem"
    notices.vapid_key.cache_clear()
    MigrationRecorder(connection).migration_qs.filter(
        Q(app__in=NEW_APPS) | Q(app="games", name__gt=LAST_BEFORE)
    ).delete()
    ContentType.objects.filter(app_label__in=split_apps(), model__in=split_models()).update(
        app_label="games"
    )  # the models of the split, not those the apps made since
    ContentType.objects.clear_cache()
    yield
    migrate_past_the_split()
    ContentType.objects.clear_cache()
    notices.vapid_key.cache_clear()


def applied() -> set[tuple[str, str]]:
    return set(MigrationRecorder(connection).applied_migrations())


def rows() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the site's models, and of the permissions and the
    admin's log that point at their content types, in key order."""
    tables = sorted(
        {m._meta.db_table for m in apps.get_models() if m._meta.app_label in SITE_APPS}
        | {"auth_permission", "auth_user_user_permissions", "django_admin_log"}
    )
    found = {}
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)} ORDER BY 1")
            found[table] = [
                tuple(json.dumps(v, default=str) for v in row) for row in cursor.fetchall()
            ]
    return found


def content_types() -> dict[int, tuple[str, str]]:
    return {
        ct.pk: (ct.app_label, ct.model)
        for ct in ContentType.objects.exclude(
            app_label__in=("auth", "admin", "sessions", "contenttypes", "axes")
        )
    }


def browser_of(player: Player) -> Client:
    client = Client()
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return client


def finish(code: str, players: list[Player]) -> Game:
    """Play room ``code``'s game to its end, each seat in turn (or all at once)."""
    while game_of(code).status == Game.Status.PLAYING:
        for player in players:
            if game_of(code).status == Game.Status.PLAYING:
                play_turn(player, code)
    return game_of(code)


def fill(
    make_player: Callable[[str], Player], make_room: Callable[..., Room], moderator: User
) -> dict[str, Any]:
    """Rooms of every mode through the services, with what play leaves behind."""
    ada, bob, cy, eve = (make_player(name) for name in ("Ada", "Bob", "Cy", "Eve"))
    live = make_room(ada, "yahtzee", seats=2, together=False, joined=[bob], start=True)
    finished = finish(live.code, [ada, bob])
    services.room_rematch(player=ada, code=live.code)
    play_turn(ada, live.code)
    services.chat_post(player=bob, code=live.code, text="well played")
    review = services.review_for(game=finished, player=ada)
    together = make_room(cy, "yatzy", seats=2, together=True, joined=[ada], start=True)
    play_turn(cy, together.code)
    duplicate = make_room(bob, "yams", seats=2, duplicate=True, joined=[cy], start=True)
    play_turn(cy, duplicate.code)
    by_the_day = make_room(
        ada, "triple_yahtzee", seats=2, pace="day", together=False, joined=[bob], start=True
    )
    play_turn(ada, by_the_day.code)
    attempt = daily_play(player=cy, ruleset="yatzy")
    line = ChatMessage.objects.get(room=live)
    services.report_send(player=ada, code=live.code, reason="abuse", message=line.pk)
    services.mod_ban(moderator=moderator, player=eve, reason="spam links")
    with push_service() as service:
        subscription = service.device().subscription()
    assert (
        browser_of(bob)
        .post("/push/subscribe/", json.dumps(subscription), content_type="application/json")
        .status_code
        == 200
    )
    report = ContentType.objects.get(app_label="games", model="report")
    moderator.user_permissions.add(
        Permission.objects.get(content_type=report, codename="view_report")
    )
    LogEntry.objects.create(
        user=moderator,
        content_type=report,
        object_id=str(Report.objects.get().pk),
        object_repr="report",
        action_flag=ADDITION,
    )
    return {
        "players": (ada, bob, cy),
        "live": live.code,
        "together": together.code,
        "duplicate": duplicate.code,
        "by_the_day": by_the_day.code,
        "review": review,
        "attempt": attempt,
    }


def test_a_database_of_the_site_before_the_split_migrates_with_every_row(
    before_the_split: None,
    make_player: Callable[[str], Player],
    make_room: Callable[..., Room],
    yahtzee_coach: object,
) -> None:
    assert ("games", LAST_BEFORE) in applied()
    assert not {(app, name) for app, name in applied() if app in NEW_APPS}
    assert not any(
        app in split_apps() and model in split_models() for app, model in content_types().values()
    )
    moderator = User.objects.create_user("mod", password="pw-long-enough", is_staff=True)
    world = fill(make_player, make_room, moderator)
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == 1
    assert Game.objects.filter(status=Game.Status.PLAYING).count() == 5
    assert GameReview.objects.count() == 1 and DailyAttempt.objects.count() == 1
    assert Report.objects.count() == 1 and ModerationAction.objects.count() == 1
    assert PushSubscription.objects.count() == 1 and Notice.objects.exists()
    before, kinds = rows(), content_types()

    migrate_past_the_split()
    ContentType.objects.clear_cache()

    assert {(app, SPLIT) for app in split_apps()} <= applied()
    assert rows() == before
    moved = content_types()
    assert moved.keys() == kinds.keys()  # the same ids: permissions and the log follow
    later = {app for app, _ in kinds.values()} - {"games"}  # apps made after the split
    assert {app for app, _ in moved.values()} == set(split_apps()) | later
    assert {model for _, model in moved.values()} == {model for _, model in kinds.values()}
    moderator = User.objects.get(pk=moderator.pk)
    assert moderator.has_perm("moderation.view_report")
    assert LogEntry.objects.get().get_edited_object() == Report.objects.get()

    ada, bob, cy = world["players"]
    for player, code in (
        (bob, world["live"]),
        (ada, world["together"]),
        (bob, world["duplicate"]),
        (bob, world["by_the_day"]),
    ):
        version = game_of(code).version
        play_turn(player, code)
        assert game_of(code).version > version, code
    attempt = DailyAttempt.objects.get(pk=world["attempt"].pk)
    version = attempt.game.version
    services.game_roll(player=cy, code=attempt.game.room.code)
    assert game_of(attempt.game.room.code).version > version
    assert services.review_for(game=world["review"].game, player=ada).pk == world["review"].pk
