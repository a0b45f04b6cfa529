"""Error reports go to Sentry only when ``SENTRY_DSN`` is set, without personal data
(``yahtzee_site/operations.py``), each checked in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

Env = Callable[..., dict[str, str]]

SENTRY_STATE = """
import django, sentry_sdk
django.setup()
client = sentry_sdk.get_client()
print(client.is_active(), client.options["send_default_pii"], client.options["traces_sample_rate"])
"""


def sentry_state(env: dict[str, str], cwd: Path) -> list[str]:
    """Whether Sentry is on, sends personal data, and samples traces, as Django set it up."""
    done = subprocess.run(
        [sys.executable, "-c", SENTRY_STATE], env=env, cwd=cwd, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_errors_go_to_sentry_only_with_a_dsn_and_without_personal_data(
    clean_env: Env, project_root: Path
) -> None:
    assert sentry_state(clean_env(), project_root)[0] == "False"
    dsn = "http://public@127.0.0.1:9/1"  # nothing is sent unless an error is reported
    assert sentry_state(clean_env(SENTRY_DSN=dsn), project_root) == ["True", "False", "0.0"]
