"""The runnable examples in the site's own docstrings stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import yahtzee_site
from tests.support.site_apps import APPS


def site_modules() -> list[str]:
    """Every module of the site's packages (migrations aside)."""
    names = []
    for package in (yahtzee_site, *map(importlib.import_module, APPS)):
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}."):
            if ".migrations" not in info.name and not info.name.endswith(("wsgi", "asgi")):
                names.append(info.name)
    return sorted(names)


MODULES = site_modules()


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_modules_with_examples_are_found() -> None:
    with_examples = {
        name
        for name in MODULES
        if doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS).attempted
    }
    assert {
        "yahtzee_site.env",
        "games.web.pages",
        "common.templatetags.dice",
        "common.errors",
        "accounts.services.players",
        "rooms.services.chat",
        "moderation.admin.display",
    } <= with_examples
