"""Server-rendered SVG charts: the geometry here, the drawing in the template.

No JavaScript and no library: a line of at most a few hundred points is a handful of
SVG elements, which the page's CSS colours for the light and the dark theme
(docs/decisions/0015-profile-chart-in-server-svg.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
        for i, v in enumerate(values))
    return PercentChart(width=WIDTH, height=HEIGHT, left=LEFT, right_edge=WIDTH - RIGHT,
                        bottom_edge=HEIGHT - BOTTOM, marks=marks,
                        ticks=tuple(Tick(y=_y(t), label=gettext("%(value)s%%") % {"value": t})
                                    for t in TICKS))
