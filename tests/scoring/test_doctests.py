"""The runnable examples in the engine's docstrings stay true."""

import doctest
import importlib
import pkgutil

import pytest

import scoring

SUBMODULES = sorted(m.name for m in pkgutil.walk_packages(scoring.__path__, prefix="scoring."))
MODULES = ["scoring", *SUBMODULES]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_public_modules_have_examples() -> None:
    assert sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES) >= 15
