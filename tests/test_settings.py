"""Environment-driven settings and the production-safety system checks.

Settings are read once per process, so each configuration is checked in a
fresh ``python`` subprocess with its own environment.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import override_settings

from games.checks import check_production_settings, check_site_url
from yahtzee_site.settings import LOCAL_SECRET_KEY, REDIS_LAYER_CONNECTION

Env = Callable[..., dict[str, str]]

DUMP_SETTINGS = """
import json
from django.conf import settings
print(json.dumps({
    "DEBUG": settings.DEBUG,
    "SECRET_KEY": settings.SECRET_KEY,
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "DATABASE": settings.DATABASES["default"],
    "CHANNEL_LAYERS": settings.CHANNEL_LAYERS,
    "STATICFILES": settings.STORAGES["staticfiles"]["BACKEND"],
    "USE_FINDERS": getattr(settings, "WHITENOISE_USE_FINDERS", False),
    "STATIC_MAX_AGE": getattr(settings, "WHITENOISE_MAX_AGE", None),
    "STATIC_AUTOREFRESH": getattr(settings, "WHITENOISE_AUTOREFRESH", False),
    "BOT_DELAY": settings.GAMES_BOT_DELAY_SECONDS,
    "CLOCK": settings.GAMES_CLOCK_IN_PROCESS,
    "DATABASE_THREADS": settings.SOCKET_DATABASE_THREADS,
}, default=str))
"""


def run_python(code: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter with exactly ``env``."""
    return subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def load_settings(clean_env: Env, cwd: Path, **overrides: str) -> dict[str, Any]:
    result = run_python(DUMP_SETTINGS, clean_env(**overrides), cwd)
    assert result.returncode == 0, result.stderr
    loaded: dict[str, Any] = json.loads(result.stdout)
    return loaded


def test_local_defaults(clean_env: Env, project_root: Path) -> None:
    s = load_settings(clean_env, project_root)
    assert s["DEBUG"] is True
    assert s["SECRET_KEY"] == LOCAL_SECRET_KEY
    assert s["ALLOWED_HOSTS"] == ["localhost", "127.0.0.1", "[::1]"]
    db = s["DATABASE"]
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == str(project_root / "db.sqlite3")
    assert db["OPTIONS"] == {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
        "PRAGMA wal_autocheckpoint=10000",
    }
    assert s["CHANNEL_LAYERS"]["default"]["BACKEND"] == "common.channel_layer.ProcessChannelLayer"
    assert s["USE_FINDERS"] is True
    assert s["STATICFILES"] == "django.contrib.staticfiles.storage.StaticFilesStorage"
    assert (s["STATIC_MAX_AGE"], s["STATIC_AUTOREFRESH"]) == (0, True)  # an edit shows at once


def test_a_server_whose_files_stay_put_lets_browsers_keep_them(
    clean_env: Env, project_root: Path
) -> None:
    s = load_settings(clean_env, project_root, STATIC_MAX_AGE="3600")
    assert (s["STATIC_MAX_AGE"], s["STATIC_AUTOREFRESH"]) == (3600, False)
    assert s["USE_FINDERS"] is True


def test_postgres_database_url(clean_env: Env, project_root: Path) -> None:
    s = load_settings(
        clean_env, project_root, DATABASE_URL="postgres://dice:s3cret@db.internal:5433/dicegames"
    )
    db = s["DATABASE"]
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["PASSWORD"]) == ("dicegames", "dice", "s3cret")
    assert (db["HOST"], db["PORT"]) == ("db.internal", 5433)
    assert "transaction_mode" not in db.get("OPTIONS", {})


def test_sqlite_database_url_keeps_immediate_transactions(
    clean_env: Env, project_root: Path, tmp_path: Path
) -> None:
    s = load_settings(clean_env, project_root, DATABASE_URL=f"sqlite:///{tmp_path}/other.db")
    assert s["DATABASE"]["NAME"] == f"{tmp_path}/other.db"
    assert s["DATABASE"]["CONN_MAX_AGE"] is None
    assert s["DATABASE_THREADS"] == 1  # one writer at a time
    assert s["DATABASE"]["OPTIONS"] == {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
        "PRAGMA wal_autocheckpoint=10000",
    }


def test_postgres_database_url_uses_psycopg_with_a_pool(clean_env: Env, project_root: Path) -> None:
    s = load_settings(
        clean_env,
        project_root,
        DATABASE_URL="postgres://game:pw@127.0.0.1:5432/dice",
        DATABASE_POOL_SIZE="8",
    )
    db = s["DATABASE"]
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["HOST"], db["PORT"]) == ("dice", "game", "127.0.0.1", 5432)
    assert db["CONN_MAX_AGE"] == 0
    assert db["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 8, "timeout": 10}
    assert s["DATABASE_THREADS"] == 4  # rooms' moves go on side by side
    threads = load_settings(
        clean_env, project_root, DATABASE_URL="postgres://h/d", SOCKET_DATABASE_THREADS="2"
    )
    assert threads["DATABASE_THREADS"] == 2
    bad = run_python(
        DUMP_SETTINGS,
        clean_env(DATABASE_URL="postgres://h/d", DATABASE_POOL_SIZE="lots"),
        project_root,
    )
    assert bad.returncode != 0 and "DATABASE_POOL_SIZE='lots' is not a whole number" in bad.stderr


def test_redis_url_selects_redis_channel_layer(clean_env: Env, project_root: Path) -> None:
    s = load_settings(clean_env, project_root, REDIS_URL="redis://127.0.0.1:6379/2")
    layer = s["CHANNEL_LAYERS"]["default"]
    assert layer["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    [host] = layer["CONFIG"]["hosts"]
    assert host["address"] == "redis://127.0.0.1:6379/2"
    assert (host["socket_timeout"], host["socket_connect_timeout"]) == (None, 5)
    assert host["socket_keepalive"] is True


def test_redis_reads_wait_out_the_blocking_pops_and_dead_connections_still_show() -> None:
    """A read that gives up before the layer's blocking pop returns empty would raise in
    every idle consumer and close its socket (redis-py 8 reads for 5 s by default), and a
    socket timeout makes redis-py send through ``asyncio.wait_for`` (see
    tests/test_redis_layer.py): reads have no timeout, and TCP tells a dead Redis."""
    assert REDIS_LAYER_CONNECTION["socket_timeout"] is None
    options = REDIS_LAYER_CONNECTION["socket_keepalive_options"]
    assert isinstance(options, dict)
    if hasattr(socket, "TCP_KEEPIDLE"):
        idle, every, probes = (
            options[getattr(socket, name)]
            for name in ("TCP_KEEPIDLE", "TCP_KEEPINTVL", "TCP_KEEPCNT")
        )
        assert idle + every * probes <= 20  # seconds of silence before it closes


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1", True),
        ("true", True),
        ("YES", True),
        ("On", True),
        ("0", False),
        ("false", False),
        ("no", False),
        ("OFF", False),
    ],
)
def test_debug_accepts_boolean_words(
    clean_env: Env, project_root: Path, raw: str, expected: bool
) -> None:
    assert load_settings(clean_env, project_root, DEBUG=raw)["DEBUG"] is expected


def test_bad_debug_value_names_the_variable(clean_env: Env, project_root: Path) -> None:
    result = run_python(DUMP_SETTINGS, clean_env(DEBUG="maybe"), project_root)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DEBUG='maybe'" in result.stderr


def test_allowed_hosts_and_secret_key_from_environment(clean_env: Env, project_root: Path) -> None:
    s = load_settings(
        clean_env,
        project_root,
        ALLOWED_HOSTS="dice.example, www.dice.example,",
        SECRET_KEY="k" * 50,
    )
    assert s["ALLOWED_HOSTS"] == ["dice.example", "www.dice.example"]
    assert s["SECRET_KEY"] == "k" * 50


def test_debug_off_uses_compressed_manifest_storage(clean_env: Env, project_root: Path) -> None:
    s = load_settings(clean_env, project_root, DEBUG="0")
    assert s["STATICFILES"] == "yahtzee_site.storage.VersionedStaticFilesStorage"
    assert s["USE_FINDERS"] is False


# --- the system check -------------------------------------------------------

UNSAFE = {
    "DEBUG": False,
    "SECRET_KEY": LOCAL_SECRET_KEY,
    "ALLOWED_HOSTS": [],
    "CHANNEL_LAYERS": {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}},
}
SAFE = {
    "DEBUG": False,
    "SECRET_KEY": "a-long-random-production-secret-0123456789abcdef",
    "ALLOWED_HOSTS": ["dice.example"],
    "CHANNEL_LAYERS": {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": ["redis://127.0.0.1:6379/0"]},
        }
    },
}


def error_ids() -> list[str | None]:
    return [error.id for error in check_production_settings()]


def test_check_reports_every_unsafe_production_setting() -> None:
    with override_settings(**UNSAFE):
        errors = check_production_settings()
    assert [e.id for e in errors] == [
        "yahtzee_site.E001",
        "yahtzee_site.E002",
        "yahtzee_site.E003",
    ]
    assert "SECRET_KEY" in errors[0].msg
    assert "ALLOWED_HOSTS" in errors[1].msg
    assert "in-memory" in errors[2].msg and "REDIS_URL" in str(errors[2].hint)


@pytest.mark.parametrize(
    ("override", "expected"),
    [
        ({"SECRET_KEY": LOCAL_SECRET_KEY}, "yahtzee_site.E001"),
        ({"ALLOWED_HOSTS": []}, "yahtzee_site.E002"),
        ({"CHANNEL_LAYERS": UNSAFE["CHANNEL_LAYERS"]}, "yahtzee_site.E003"),
        (
            {"CHANNEL_LAYERS": {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}},
            "yahtzee_site.E003",
        ),
        (
            {
                "CHANNEL_LAYERS": {
                    "default": {"BACKEND": "common.channel_layer.ProcessChannelLayer"}
                }
            },
            "yahtzee_site.E003",
        ),
        ({"CHANNEL_LAYERS": {}}, "yahtzee_site.E003"),
    ],
)
def test_check_reports_each_problem_alone(override: dict[str, object], expected: str) -> None:
    with override_settings(**{**SAFE, **override}):
        assert error_ids() == [expected]


def test_one_process_may_keep_its_messages_in_memory() -> None:
    in_memory = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    with override_settings(**{**SAFE, "CHANNEL_LAYERS": in_memory, "ONE_PROCESS": True}):
        assert error_ids() == []


def test_check_is_silent_for_safe_production_settings() -> None:
    with override_settings(**SAFE):
        assert error_ids() == []


def test_check_is_silent_with_debug_on() -> None:
    with override_settings(**{**UNSAFE, "DEBUG": True}):
        assert error_ids() == []


def test_check_runs_without_deploy_flag() -> None:
    with override_settings(**UNSAFE), pytest.raises(SystemCheckError, match=r"yahtzee_site\.E003"):
        call_command("check", tags=["security"])


def test_manage_py_check_refuses_local_defaults_with_debug_off(
    clean_env: Env, project_root: Path
) -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        env=clean_env(DEBUG="0"),
        cwd=project_root,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode != 0
    assert "yahtzee_site.E001" in result.stderr
    assert "yahtzee_site.E003" in result.stderr


def test_asgi_refuses_to_start_with_unsafe_settings(clean_env: Env, project_root: Path) -> None:
    result = run_python("import yahtzee_site.asgi", clean_env(DEBUG="0"), project_root)
    assert result.returncode != 0
    assert "Refusing to start" in result.stderr
    assert "yahtzee_site.E001" in result.stderr


def test_asgi_starts_with_production_settings(clean_env: Env, project_root: Path) -> None:
    env = clean_env(
        DEBUG="0",
        SECRET_KEY=SAFE["SECRET_KEY"],
        ALLOWED_HOSTS="dice.example",
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    result = run_python("import yahtzee_site.asgi", env, project_root)
    assert result.returncode == 0, result.stderr


def test_game_settings_have_defaults_and_read_the_environment(
    clean_env: Env, project_root: Path
) -> None:
    defaults = load_settings(clean_env, project_root)
    assert (defaults["BOT_DELAY"], defaults["CLOCK"]) == (0.8, True)
    tuned = load_settings(
        clean_env, project_root, GAMES_BOT_DELAY_SECONDS="0.05", GAMES_CLOCK_IN_PROCESS="0"
    )
    assert (tuned["BOT_DELAY"], tuned["CLOCK"]) == (0.05, False)


@pytest.mark.parametrize("raw", ["soon", "-1", "nan"])
def test_a_bad_bot_delay_names_the_variable(clean_env: Env, project_root: Path, raw: str) -> None:
    result = run_python(DUMP_SETTINGS, clean_env(GAMES_BOT_DELAY_SECONDS=raw), project_root)
    assert result.returncode != 0
    assert "GAMES_BOT_DELAY_SECONDS" in result.stderr


def test_sqlite_connections_use_the_write_ahead_log(
    clean_env: Env, project_root: Path, tmp_path: Path
) -> None:
    """Readers never block the writer (and commits survive a crash of the process)."""
    code = (
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "with connection.cursor() as c:\n"
        "    c.execute('PRAGMA journal_mode'); mode = c.fetchone()[0]\n"
        "    c.execute('PRAGMA synchronous'); sync = c.fetchone()[0]\n"
        "print(mode, sync)"
    )
    result = run_python(code, clean_env(DATABASE_URL=f"sqlite:///{tmp_path}/wal.db"), project_root)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["wal", "1"]  # synchronous=NORMAL


# --- SITE_URL: the address invite links use -----------------------------------


def test_site_url_is_read_from_the_environment_and_checked(
    clean_env: Env, project_root: Path
) -> None:
    code = "from django.conf import settings; print(settings.SITE_URL)"
    result = run_python(code, clean_env(SITE_URL="http://192.168.1.20:8200/"), project_root)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "http://192.168.1.20:8200"
    result = run_python(code, clean_env(SITE_URL="192.168.1.20:8200/play"), project_root)
    assert result.returncode != 0
    assert "SITE_URL" in result.stderr and "http://192.168.1.20:8000" in result.stderr


@pytest.mark.parametrize(
    ("site_url", "hosts", "warned"),
    [
        ("http://192.168.1.20:8200", ["dice.example", "192.168.1.20"], False),
        ("https://www.dice.example", [".dice.example"], False),
        ("http://[fd00::2]:8000", ["[fd00::2]"], False),
        ("http://192.168.1.20:8200", ["dice.example"], True),
        ("", ["dice.example"], False),
    ],
)
def test_a_site_url_the_site_would_refuse_is_warned_about(
    site_url: str, hosts: list[str], warned: bool
) -> None:
    with override_settings(SITE_URL=site_url, ALLOWED_HOSTS=hosts, DEBUG=False):
        warnings = check_site_url()
    assert [w.id for w in warnings] == (["yahtzee_site.W002"] if warned else [])
