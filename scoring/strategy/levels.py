"""The registry of bot levels: ``names()`` and ``get(level)``.

>>> names()
('beginner', 'expert')
>>> get("beginner")
<scoring.strategy.beginner.Beginner object at ...>
>>> get("grandmaster")
Traceback (most recent call last):
...
ValueError: unknown level 'grandmaster'; choose one of: beginner, expert
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from scoring.strategy.beginner import Beginner
from scoring.strategy.decisions import Strategy
from scoring.strategy.expert import Expert


class Levels:
    """Named strategy factories, weakest first.  Stronger levels plug in here."""

    def __init__(self, factories: Mapping[str, Callable[[], Strategy]]) -> None:
        self._factories = MappingProxyType(dict(factories))

    def names(self) -> tuple[str, ...]:
        """Every level name, weakest first."""
        return tuple(self._factories)

    def get(self, level: str) -> Strategy:
        """A player of ``level``; ``ValueError`` naming the valid levels if unknown."""
        if not isinstance(level, str) or level not in self._factories:
            raise ValueError(
                f"unknown level {level!r}; choose one of: {', '.join(self._factories)}"
            )
        return self._factories[level]()


LEVELS = Levels({"beginner": Beginner, "expert": Expert})


def names() -> tuple[str, ...]:
    """Every level name, weakest first."""
    return LEVELS.names()


def get(level: str) -> Strategy:
    """A player of ``level``; ``ValueError`` naming the valid levels if unknown."""
    return LEVELS.get(level)
