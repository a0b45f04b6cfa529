"""One check for tests that read a value the code types as optional and the test knows
is there (a deadline once a game runs, the newest of a room's events...)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def present(value: T | None) -> T:
    """``value``; the test fails here if it is ``None``."""
    assert value is not None, "expected a value, found None"
    return value
