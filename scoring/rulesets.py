"""The registry of variants: ``names()`` and ``get(name, **options)``.

>>> names()
('yahtzee', 'yatzy', 'yams', 'triple_yahtzee')
>>> get("yahtzee", joker="free").options["joker"]
'free'
>>> get("yahtzee", joker="wild")
Traceback (most recent call last):
...
ValueError: option 'joker' of yahtzee must be one of 'forced', 'free'; got 'wild'
"""

from __future__ import annotations

from typing import Any

from scoring.ruleset import RuleSet
from scoring.variants.yahtzee import TripleYahtzee, Yahtzee
from scoring.variants.yams import Yams
from scoring.variants.yatzy import Yatzy

_VARIANTS: dict[str, type[RuleSet]] = {
    cls.name: cls for cls in (Yahtzee, Yatzy, Yams, TripleYahtzee)
}
_CACHE: dict[tuple[str, tuple[tuple[str, Any], ...]], RuleSet] = {}


def names() -> tuple[str, ...]:
    """Every variant name, in the order the site shows them."""
    return tuple(_VARIANTS)


def option_choices(name: str, /) -> dict[str, tuple[Any, ...]]:
    """The options of a variant and their allowed values (the first is the default)."""
    cls = _variant(name)
    return {key: cls.option_choices[key] for key in cls.option_choices}


def get(name: str, /, **options: Any) -> RuleSet:
    """The ``RuleSet`` of ``name`` with ``options``; ``ValueError`` naming the valid choices."""
    cls = _variant(name)
    checked = cls._check_options(options)
    key = (cls.name, tuple(sorted(checked.items())))
    if key not in _CACHE:
        _CACHE[key] = cls(**checked)
    return _CACHE[key]


def _variant(name: object) -> type[RuleSet]:
    if not isinstance(name, str) or name not in _VARIANTS:
        raise ValueError(f"unknown variant {name!r}; choose one of: {', '.join(_VARIANTS)}")
    return _VARIANTS[name]
