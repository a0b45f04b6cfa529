"""The site's own Django apps, as the tests that read its source list them."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from yahtzee_site.site_apps import SITE_APPS

ROOT = Path(__file__).resolve().parents[2]

# In the order of INSTALLED_APPS: each app's code imports only the apps before it (and
# every app's models); docs/architecture.md.
APPS = SITE_APPS


def app_modules(app: str) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Each Python file of ``app`` (its migrations left out), relative to the project, with
    the names its module binds once imported."""
    for path in sorted(p for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts):
        relative = path.relative_to(ROOT)
        name = ".".join(relative.with_suffix("").parts).removesuffix(".__init__")
        yield relative, vars(importlib.import_module(name))
