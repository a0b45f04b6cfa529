"""The check that every new migration of the site's apps can run beside the code before
it (docs/decisions/0080), run by ``make lint-migrations``:

    .venv/bin/python -m tests.support.migration_lint [APP ...]

django-migration-linter reads the SQL each migration runs on PostgreSQL (a throwaway
server, ``bench/harness/servers.py``: the database of a site whose processes are
restarted one by one) and refuses what the processes still running the old code cannot
work beside: a NOT NULL column without a database default, a column or table dropped or
renamed, a column's type changed, a unique constraint added, a data migration importing
models. It exits 1 when it refuses one. The migrations deployed before the check are
history, listed in ``DEPLOYED`` and not linted; a new one that cannot be made compatible
is listed in ``REVIEWED`` with the way it is rolled out (decision 0080).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Collection, Iterable, Iterator
from contextlib import contextmanager

import django
from django.db.migrations.operations.base import Operation
from django_migration_linter import MigrationLinter

from bench.harness.servers import postgres_server
from yahtzee_site.site_apps import SITE_APPS

# Every migration of the site's apps when the check came: applied to the sites that run
# today, so a rolling upgrade never runs them again beside older code.
DEPLOYED: frozenset[tuple[str, str]] = frozenset(
    {
        ("accounts", "0001_initial"),
        ("coach", "0001_initial"),
        ("daily", "0001_initial"),
        ("friends", "0001_initial"),
        ("games", "0001_initial"),
        ("games", "0002_coach_and_reviews"),
        ("games", "0003_drop_indexes_covered_by_unique_constraints"),
        ("games", "0004_review_data_help_text"),
        ("games", "0005_longer_player_names"),
        ("games", "0006_live_holds"),
        ("games", "0007_membership_muted"),
        ("games", "0009_bans"),
        ("games", "0010_reports"),
        ("games", "0011_player_language"),
        ("games", "0012_pending_email_addresses"),
        ("games", "0013_scorecard_held_for"),
        ("games", "0014_room_pace_and_holidays"),
        ("games", "0015_membership_online"),
        ("games", "0016_push_and_notices"),
        ("games", "0017_everyone_at_once"),
        ("games", "0018_notices_by_email_and_preferences"),
        ("games", "0019_duplicate_dice"),
        ("games", "0020_daily_challenge"),
        ("games", "0021_fair_daily_and_shared_devices"),
        ("games", "0022_models_leave_for_their_apps"),
        ("groups", "0001_initial"),
        ("lobby", "0001_waiting_and_limits"),
        ("lobby", "0002_the_limits"),
        ("moderation", "0001_initial"),
        ("notices", "0001_initial"),
        ("notices", "0002_bell"),
        ("notices", "0003_invite_notices"),
        ("play", "0001_initial"),
        ("play", "0002_scorecard_first_player"),
        ("ratings", "0001_initial"),
        ("rooms", "0001_initial"),
        ("rooms", "0002_room_rated"),
        ("rooms", "0003_invite"),
        ("rooms", "0004_public_tables"),
        ("rooms", "0005_member_mute"),
    }
)

# New migrations the old code cannot run beside, each reviewed: (app, name) -> why, and
# how it is rolled out (a maintenance window, or a second release: decision 0080).
REVIEWED: dict[tuple[str, str], str] = {}


class SiteMigrationLinter(MigrationLinter):
    """django-migration-linter that skips the migrations deployed or reviewed, by app and
    name (its own ``ignore_name`` option matches names only, and every app has a
    ``0001_initial``)."""

    def should_ignore_migration(
        self,
        app_label: str,
        migration_name: str,
        operations: Iterable[Operation] = (),
        is_initial: bool = False,
    ) -> bool:
        name = (app_label, migration_name)
        return (
            name in DEPLOYED
            or name in REVIEWED
            or super().should_ignore_migration(app_label, migration_name, operations, is_initial)
        )


def lint(apps: Collection[str]) -> bool:
    """Lint the migrations of ``apps`` not deployed nor reviewed, on the database Django is
    set up with, printing the linter's verdict on each; whether none was refused."""
    linter = SiteMigrationLinter(
        include_apps=apps,
        # No cache file in the user's home: the few new migrations are read anew each time.
        no_cache=True,
        quiet=["ignore"],
    )
    linter.lint_all_migrations()
    linter.print_summary()
    return not linter.has_errors


@contextmanager
def django_on_postgresql() -> Iterator[None]:
    """Django set up (with ``DJANGO_SETTINGS_MODULE``, by default the site's settings) on
    the empty database of a throwaway PostgreSQL server, stopped at the end."""
    with postgres_server() as database_url:
        os.environ["DATABASE_URL"] = database_url
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yahtzee_site.settings")
        django.setup()
        yield


def main(argv: list[str]) -> int:
    """Lint the migrations of the apps ``argv`` names (default: the site's) on PostgreSQL;
    0 when none is refused, 1 otherwise."""
    with django_on_postgresql():
        return 0 if lint(argv or SITE_APPS) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
