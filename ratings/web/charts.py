"""A rating's history as a server-rendered SVG line, drawn as the profile's other chart
is (``coach/web/charts.py``, decision 0015): the geometry here, the drawing in the
template, no JavaScript."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.formats import number_format

WIDTH, HEIGHT = 600, 200
LEFT, RIGHT, TOP, BOTTOM = 56, 12, 12, 32
# Gridline steps, the first that needs no more than MAX_TICKS lines; at least MIN_SPAN
# points of rating from bottom to top, so that a small change looks small.
STEPS, MAX_TICKS, MIN_SPAN = (50, 100, 250, 500, 1000), 6, 200


@dataclass(frozen=True)
class Mark:
    """A point of the line: its position and the rating it shows."""

    x: float
    y: float
    value: int


@dataclass(frozen=True)
class Tick:
    """A gridline of the rating axis."""

    y: float
    label: str


@dataclass(frozen=True)
class RatingChart:
    """A line of ratings, oldest first, in a ``WIDTH`` x ``HEIGHT`` drawing (the names
    the template ``games/chart_line.html`` reads)."""

    width: int
    height: int
    left: int
    right_edge: int
    bottom_edge: int
    marks: tuple[Mark, ...]
    ticks: tuple[Tick, ...]

    @property
    def points(self) -> str:
        """The ``points`` attribute of the line's ``polyline``."""
        return " ".join(f"{m.x:.1f},{m.y:.1f}" for m in self.marks)


def rating_chart(values: Sequence[int]) -> RatingChart:
    """The geometry of ``values`` (ratings shown, oldest first; at least one), evenly
    spaced from left to right, centred between round gridlines (at most six, at least
    200 points apart top to bottom); a single value sits in the middle.

    >>> chart = rating_chart([1000, 1100])
    >>> chart.points, [t.label for t in chart.ticks]
    ('56.0,129.0 588.0,51.0', ['950', '1000', '1050', '1100', '1150'])
    """
    middle = (min(values) + max(values)) / 2
    reach = max(max(values) - min(values), MIN_SPAN) / 2
    step = next((s for s in STEPS if 2 * reach / s <= MAX_TICKS - 1), STEPS[-1])
    low = math.floor((middle - reach) / step) * step
    high = math.ceil((middle + reach) / step) * step
    span = HEIGHT - TOP - BOTTOM

    def y(value: float) -> float:
        return TOP + span * (high - value) / (high - low)

    width = WIDTH - LEFT - RIGHT
    count = len(values)
    marks = tuple(
        Mark(x=LEFT + (width * i / (count - 1) if count > 1 else width / 2), y=y(v), value=v)
        for i, v in enumerate(values)
    )
    ticks = tuple(
        Tick(y=y(t), label=number_format(t, force_grouping=False))
        for t in range(low, high + 1, step)
    )
    return RatingChart(WIDTH, HEIGHT, LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM, marks, ticks)
