"""Shared test fixtures: the project root and clean environments for subprocesses."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent

# Settings variables a developer or CI may have exported; subprocess tests start
# from the local defaults and set only what they test.
SETTINGS_VARIABLES = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL",
                      "GAMES_BOT_DELAY_SECONDS", "GAMES_CLOCK_IN_PROCESS")


def _clean_environ(**overrides: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    env["DJANGO_SETTINGS_MODULE"] = "yahtzee_site.settings"
    env.update(overrides)
    return env


@pytest.fixture(scope="session")
def project_root() -> Path:
    """The repository root (where manage.py lives)."""
    return PROJECT_ROOT


@pytest.fixture(scope="session")
def clean_env() -> Callable[..., dict[str, str]]:
    """Build a subprocess environment: ``os.environ`` minus the site's settings
    variables, plus the keyword overrides, e.g. ``clean_env(DEBUG="0")``."""
    return _clean_environ
