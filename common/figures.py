"""The coach's figures as people read them: one rounding rule for every value the site
prints, and a score's split rounded so that its printed parts add up
(docs/decisions/0051-figures-rounded-once.md).

Values are kept exact (full floats); each is rounded once, when it is printed, here or
by the browser's ``Intl.NumberFormat``, which follows the same rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal


def _decimal(value: float) -> Decimal:
    """``value`` as its shortest decimal form, the one Python and JavaScript print."""
    return Decimal(repr(float(value)))


def _unit(digits: int) -> Decimal:
    return Decimal(1).scaleb(-digits)


def rounded(value: float, digits: int = 1) -> Decimal:
    """``value`` to ``digits`` decimals, half away from zero, from its shortest decimal
    form: the rule of JavaScript's ``Intl.NumberFormat`` (and of Django's
    ``floatformat``), so that the server and the browser write the same figure.

    >>> rounded(98.149), rounded(98.15), rounded(2.675, 2), rounded(-0.25)
    (Decimal('98.1'), Decimal('98.2'), Decimal('2.68'), Decimal('-0.3'))
    """
    return _decimal(value).quantize(_unit(digits), rounding=ROUND_HALF_UP)


def apportioned(parts: Sequence[float], total: Decimal | int, digits: int = 1) -> list[Decimal]:
    """``parts``, whose exact sum is ``total`` (to within half a unit), each rounded to
    ``digits`` decimals so that the rounded parts sum to ``total`` exactly: the largest
    remainder method. Every part is first rounded down; the units the sum still lacks go
    one each to the parts with the largest remainders. Each part stays within one unit
    of its exact value, and no more parts are rounded the other way than ``rounded``
    would than the sum needs.

    >>> apportioned([248.44, 5.94, -120.38], 134)  # rounded alone: 248.4, 5.9, -120.4
    [Decimal('248.5'), Decimal('5.9'), Decimal('-120.4')]

    A ``ValueError`` when the parts are a unit or more away from ``total``.
    """
    unit = _unit(digits)
    exact = [_decimal(p) for p in parts]
    floors = [e.quantize(unit, rounding=ROUND_FLOOR) for e in exact]
    lacking = ((Decimal(total) - sum(floors, Decimal(0))) / unit).to_integral_value(
        rounding=ROUND_HALF_UP
    )
    if not 0 <= lacking <= len(parts):
        raise ValueError(f"parts {list(parts)} do not add up to {total}")
    # Largest remainder first; on a tie, a part ``rounded`` takes up, then the earlier.
    order = sorted(
        range(len(parts)),
        key=lambda i: (floors[i] - exact[i], rounded(parts[i], digits) == floors[i], i),
    )
    raised = set(order[: int(lacking)])
    return [f + unit if i in raised else f for i, f in enumerate(floors)]


@dataclass(frozen=True)
class Split:
    """A final score split as printed, to one decimal: ``start + luck - yours - others``
    equals ``total`` exactly."""

    start: Decimal
    luck: Decimal
    yours: Decimal
    others: Decimal
    total: int


def score_split(*, start: float, luck: float, yours: float, others: float, total: int) -> Split:
    """The parts of a review's split (the expectation at the start, the luck of the
    dice, what the player's choices and moves not theirs gave away) to one decimal,
    adding up to the final score ``total``. The expectation at the start, the same for
    every game of a variant, is rounded as ``rounded`` does; the three others are
    ``apportioned`` to what is left.

    >>> split = score_split(start=254.5877, luck=-15.24, yours=133.3477, others=0.0,
    ...                     total=106)  # rounded alone: 254.6 - 15.2 - 133.3 = 106.1
    >>> split.start, split.luck, split.yours, split.others
    (Decimal('254.6'), Decimal('-15.2'), Decimal('133.4'), Decimal('0.0'))
    """
    first = rounded(start)
    luck_part, yours_part, others_part = apportioned([luck, -yours, -others], total - first)
    return Split(start=first, luck=luck_part, yours=-yours_part, others=-others_part, total=total)
