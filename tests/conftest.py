"""Shared test fixtures: the project root and clean environments for subprocesses."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support import live_server


@pytest.fixture(scope="session")
def project_root() -> Path:
    """The repository root (where manage.py lives)."""
    return live_server.ROOT


@pytest.fixture(scope="session")
def clean_env() -> Callable[..., dict[str, str]]:
    """Build a subprocess environment: ``os.environ`` minus the site's settings
    variables, plus the keyword overrides, e.g. ``clean_env(DEBUG="0")``."""
    return live_server.clean_env
