"""Email settings from the environment: the console by default, SMTP with EMAIL_HOST,
and the production check that warns when a site's emails would reach nobody.  Settings
are read once per process, so each environment is loaded in a fresh ``python``."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from django.test import override_settings

from games.checks import check_production_settings

DUMP_EMAIL_SETTINGS = """
import json
from django.conf import settings
print(json.dumps({name: getattr(settings, name, None) for name in (
    "EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS", "EMAIL_USE_SSL", "EMAIL_TIMEOUT", "DEFAULT_FROM_EMAIL")}))
"""


def email_settings(env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", DUMP_EMAIL_SETTINGS],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_emails_go_to_the_console_unless_the_environment_names_an_smtp_server(
    clean_env: Callable[..., dict[str, str]], project_root: Path
) -> None:
    local = email_settings(clean_env(), project_root)
    assert (
        json.loads(local.stdout)["EMAIL_BACKEND"]
        == "django.core.mail.backends.console.EmailBackend"
    )

    smtp = json.loads(
        email_settings(
            clean_env(
                EMAIL_HOST="smtp.dice.example",
                EMAIL_HOST_USER="dice",
                EMAIL_HOST_PASSWORD=" s3cret ",
                EMAIL_USE_TLS="yes",
                DEFAULT_FROM_EMAIL="Five Dice <dice@dice.example>",
            ),
            project_root,
        ).stdout
    )
    assert smtp == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "smtp.dice.example",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "dice",
        "EMAIL_HOST_PASSWORD": " s3cret ",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
        "EMAIL_TIMEOUT": 10,
        "DEFAULT_FROM_EMAIL": "Five Dice <dice@dice.example>",
    }

    both = email_settings(
        clean_env(EMAIL_HOST="smtp.dice.example", EMAIL_USE_TLS="1", EMAIL_USE_SSL="1"),
        project_root,
    )
    assert both.returncode != 0 and "EMAIL_USE_TLS and EMAIL_USE_SSL" in both.stderr


SITE = {
    "DEBUG": False,
    "SECRET_KEY": "k" * 60,
    "ALLOWED_HOSTS": ["dice.example"],
    "CHANNEL_LAYERS": {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer"}},
}
CONSOLE = "django.core.mail.backends.console.EmailBackend"
SMTP = "django.core.mail.backends.smtp.EmailBackend"


def test_a_production_site_writing_its_emails_to_the_console_is_warned() -> None:
    with override_settings(**SITE, EMAIL_BACKEND=CONSOLE):
        [warning] = check_production_settings()
    assert warning.id == "yahtzee_site.W001" and not warning.is_serious()
    assert "EMAIL_HOST" in str(warning.hint)
    with override_settings(**SITE, EMAIL_BACKEND=SMTP):
        assert check_production_settings() == []
    # One process on the host's own machine (make serve): its host reads the console.
    with override_settings(**SITE, EMAIL_BACKEND=CONSOLE, ONE_PROCESS=True):
        assert check_production_settings() == []
