"""Server-rendered SVG charts: the geometry here, the drawing in the template.

No JavaScript and no library: a line of at most a few hundred points is a handful of
SVG elements, which the page's CSS colours for the light and the dark theme
(docs/decisions/0015-profile-chart-in-server-svg.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

WIDTH, HEIGHT = 600, 240
LEFT, RIGHT, TOP, BOTTOM = 56, 12, 12, 32
TICKS = (0, 25, 50, 75, 100)


@dataclass(frozen=True)
class Mark:
    """A point of the line: its position in the drawing and the value it shows."""

    x: float
    y: float
    value: float


@dataclass(frozen=True)
class Tick:
    """A gridline of the value axis."""

    y: float
    label: str


@dataclass(frozen=True)
class PercentChart:
    """A line of percentages (0-100) in the order given, in a ``WIDTH`` x ``HEIGHT``
    drawing."""

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


def _y(value: float) -> float:
    span = HEIGHT - TOP - BOTTOM
    return TOP + span * (1 - min(max(value, 0.0), 100.0) / 100)


def percent_chart(values: Sequence[float]) -> PercentChart:
    """The geometry of a line chart of ``values`` (percentages), evenly spaced from left
    to right; a single value sits in the middle.

    >>> chart = percent_chart([50.0, 100.0])
    >>> chart.points
    '56.0,110.0 588.0,12.0'
    """
    span = WIDTH - LEFT - RIGHT
    count = len(values)
    marks = tuple(
        Mark(x=LEFT + (span * i / (count - 1) if count > 1 else span / 2), y=_y(v), value=v)
        for i, v in enumerate(values)
    )
    return PercentChart(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right_edge=WIDTH - RIGHT,
        bottom_edge=HEIGHT - BOTTOM,
        marks=marks,
        ticks=tuple(Tick(y=_y(t), label=gettext("%(value)s%%") % {"value": t}) for t in TICKS),
    )


@dataclass(frozen=True)
class Moment:
    """A step of a game marked on its chart: a roll that moved the expectation a lot
    (``kind`` "lucky" or "unlucky") or a decision that gave much away ("costly")."""

    x: float
    y: float
    kind: str
    turn: int
    roll: int
    points: float

    @property
    def corner(self) -> tuple[float, float]:
        """The top left corner of a 10 x 10 mark centred on the point."""
        return self.x - 5, self.y - 5


@dataclass(frozen=True)
class ValueChart(PercentChart):
    """A line of values (expected final scores), with its marked moments."""

    moments: tuple[Moment, ...] = ()


def value_chart(steps: Sequence[dict[str, Any]], lucky: float, costly: float) -> ValueChart:
    """The geometry of a review's path (``steps``: each roll's ``expected``, ``luck`` and
    ``lost``): the expectation after each roll, left to right, between round tens; a
    roll whose luck is ``lucky`` points or more either way, and a decision that lost
    ``costly`` or more, are marked.

    >>> chart = value_chart([{"expected": 200, "luck": 0, "lost": 0, "turn": 1, "roll": 1},
    ...                      {"expected": 250, "luck": 50, "lost": 6, "turn": 1, "roll": 2}],
    ...                     lucky=10, costly=5)
    >>> chart.points, [(m.kind, m.points) for m in chart.moments]
    ('56.0,208.0 588.0,12.0', [('lucky', 50), ('costly', 6)])
    """
    values = [float(s["expected"]) for s in steps]
    low = 10 * (int(min(values, default=0)) // 10)
    high = 10 * -(-int(max(values, default=10) + 0.999) // 10)
    high = max(high, low + 10)
    span_x, span_y = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(value: float) -> float:
        return TOP + span_y * (1 - (value - low) / (high - low))

    count = len(values)
    marks = tuple(
        Mark(x=LEFT + (span_x * i / (count - 1) if count > 1 else span_x / 2), y=y(v), value=v)
        for i, v in enumerate(values)
    )
    moments = []
    for mark, step in zip(marks, steps, strict=True):
        if abs(step["luck"]) >= lucky:
            moments.append(
                Moment(
                    mark.x,
                    mark.y,
                    "lucky" if step["luck"] > 0 else "unlucky",
                    step["turn"],
                    step["roll"],
                    step["luck"],
                )
            )
        if step["lost"] >= costly:
            moments.append(
                Moment(mark.x, mark.y, "costly", step["turn"], step["roll"], step["lost"])
            )
    step_y = max(10, 10 * round((high - low) / 40))
    ticks = tuple(Tick(y=y(v), label=str(v)) for v in range(low, high + 1, step_y))
    return ValueChart(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right_edge=WIDTH - RIGHT,
        bottom_edge=HEIGHT - BOTTOM,
        marks=marks,
        ticks=ticks,
        moments=tuple(moments),
    )
