"""Reading the figures a page prints: as numbers, and whether each is rounded once."""

from __future__ import annotations

import re
from decimal import Decimal


def figure(text: str) -> Decimal:
    """A figure as a page prints it ("+12.3", "&minus;4.0", "\N{MINUS SIGN}0.04", "0",
    "= 106"), as a number; anything else fails."""
    text = text.strip().removeprefix("=").strip()
    text = text.replace("&minus;", "-").replace("\N{MINUS SIGN}", "-")
    assert re.fullmatch(r"[+-]?(0|\d+\.\d{1,2}|\d+)", text), text
    return Decimal(text)


def once(printed: Decimal, exact: float) -> bool:
    """Whether ``printed`` is ``exact`` rounded once to its decimals: no further from it
    than half its last digit (a figure rounded twice, 98.149 to 98.15 to 98.2, is not)."""
    exponent = printed.as_tuple().exponent
    assert isinstance(exponent, int)  # a printed figure is finite (not NaN or infinity)
    half = Decimal(1).scaleb(exponent) / 2
    return abs(printed - Decimal(exact)) <= half + Decimal("1e-9")
