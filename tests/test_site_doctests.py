"""The runnable examples in the site's own docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["yahtzee_site.env", "games.views", "games.templatetags.dice"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
