"""Shared test fixtures: the project root and clean environments for subprocesses; each
pytest-xdist worker's own Redis database when the suite runs against Redis."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation

from bench.harness import live_server
from tests.support import chromium, workers
from tests.support.postgres_template import migrated_template

# The PostgreSQL pass's longest modules, longest first (measured on a clean clone). That
# pass hands whole modules to its three workers in collection order
# (``--no-loadscope-reorder`` in the Makefile): starting these first leaves only short
# ones for the end, so the workers finish together instead of two waiting on the third's
# last long module. (The SQLite pass keeps pytest-xdist's order, most tests first: it
# was no quicker with its long browser modules all at the start.)
LONGEST_FIRST = (
    "tests/games/test_faults.py",
    "tests/games/test_app_split_migrations.py",
    "tests/games/test_patches.py",
    "tests/games/test_room_state.py",
    "tests/games/test_coach.py",
    "tests/games/test_review_jobs.py",
    "tests/games/test_push.py",
    "tests/games/test_security.py",
    "tests/games/test_csrf.py",
    "tests/games/test_guessing.py",
    "tests/games/test_consumer_requests.py",
    "tests/games/test_your_rooms.py",
    "tests/games/test_consumers.py",
    "tests/games/test_duplicate.py",
    "tests/games/test_daily_board.py",
    "tests/games/test_daily.py",
    "tests/games/test_consumer_reactions.py",
    "tests/games/test_patch_contents.py",
)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the last of a run of browser tests, before the fixtures are torn down (the
    test databases among them, at the end), close the shared browser (see
    ``tests/support/chromium.py``)."""
    if nextitem is None or nextitem.get_closest_marker("browser") is None:
        chromium.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the modules of ``LONGEST_FIRST`` first, in its order; the others keep theirs."""
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


def pytest_configure(config: pytest.Config) -> None:
    """Hash test passwords with a fast hasher, as Django's testing docs advise (a staff
    user's PBKDF2 hash costs a third of a second, and many tests make one); trust
    loopback in the guest limit. Under ``python -m bench.harness.servers`` also give this
    worker a Redis database of its own for the cache and the channel layer, so one
    worker's ``cache.clear()`` (a FLUSHDB) never empties another's groups."""
    override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]).enable()
    # The test client comes from 127.0.0.1 and makes many guests: the guest limit trusts
    # loopback (its tests come from other addresses).
    override_settings(GUEST_LIMIT_TRUSTED=live_server.TRUSTED_FOR_TESTS.split(",")).enable()
    if not settings.REDIS_URL:
        return
    url = workers.redis_database(settings.REDIS_URL, workers.index())
    layers: dict[str, dict[str, Any]] = settings.CHANNEL_LAYERS  # one layer's CONFIG as set
    host = {**layers["default"]["CONFIG"]["hosts"][0], "address": url}
    override_settings(
        REDIS_URL=url,
        CACHES={"default": {**settings.CACHES["default"], "LOCATION": url}},
        CHANNEL_LAYERS={"default": {**layers["default"], "CONFIG": {"hosts": [host]}}},
    ).enable()


@pytest.fixture(autouse=True)
def no_language_left_behind() -> Iterator[None]:
    """Each test starts in the site's default language. A page asked through Django's test
    client activates its visitor's language in the test's own thread (LocaleMiddleware
    never deactivates it), so without this a French page left every later test of that
    worker in French, and which tests followed which changed from run to run."""
    yield
    translation.deactivate()


def sqlite_test_database() -> Path | None:
    """The file of the SQLite test database (settings name one per test process), or
    ``None`` on another database."""
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.sqlite3":
        return None
    return Path(database["TEST"]["NAME"])


@pytest.fixture(scope="session")
def django_db_keepdb(request: pytest.FixtureRequest) -> bool:
    """On SQLite, Django's test runner keeps the test database it finds (a copy of the
    migrated template, see ``django_db_modify_db_settings``), applying only what it lacks,
    instead of migrating a new one in each worker (docs/decisions/0007)."""
    reuse: bool = request.config.getvalue("reuse_db")
    return reuse or sqlite_test_database() is not None


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None, request: pytest.FixtureRequest
) -> Iterator[None]:
    """Once pytest-django has named this worker's SQLite test database, start it as a
    copy of the template the live servers copy too (``live_server.migrated_template``:
    one ``migrate`` for the whole run), and remove it after the run (unless
    ``--reuse-db``). On PostgreSQL, the test database is made from the run's migrated
    template (``tests.support.postgres_template``)."""
    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.postgresql":
        database.setdefault("TEST", {})["TEMPLATE"] = migrated_template(os.environ["DATABASE_URL"])
    target = sqlite_test_database()
    if target is None or target.exists():
        yield
        return
    live_server.copy_database(live_server.migrated_template(live_server.clean_env()), target)
    yield
    if not request.config.getvalue("reuse_db"):
        for path in (target, *(Path(f"{target}-{end}") for end in ("wal", "shm"))):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


@pytest.fixture(scope="session")
def project_root() -> Path:
    """The repository root (where manage.py lives)."""
    return live_server.ROOT


@pytest.fixture(scope="session")
def clean_env() -> Callable[..., dict[str, str]]:
    """Build a subprocess environment: ``os.environ`` minus the site's settings
    variables, plus the keyword overrides, e.g. ``clean_env(DEBUG="0")``."""
    return live_server.clean_env
