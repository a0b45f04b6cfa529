"""The knee of a load curve: the actions a second at which the p99 latency passes a limit.

``search`` measures steps of rising offered load (``Step``: the rooms playing, the
actions a second actually answered, the p99) until one passes the limit, then halves
the gap around it. ``crossing`` finds the first step (by rooms) whose p99 passes the
limit and interpolates linearly between it and the step before, on the measured actions
a second; the curve bends upwards there, so the straight line between two steps puts
the knee a little early or late by at most the gap between them.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

LIMIT_MS = 100.0


@dataclass(frozen=True)
class Step:
    """One step of the search: ``rooms`` played for a while, and what it measured
    (``lost``: actions never answered, which the p99 does not count)."""

    rooms: int
    actions_per_s: float
    p99_ms: float
    lost: int = 0


@dataclass(frozen=True)
class Knee:
    """Where the p99 passed ``limit_ms``: ``actions_per_s`` between ``below`` (the last
    step within the limit) and ``above`` (the first past it); ``None`` when the steps
    never passed it or the first already had."""

    limit_ms: float
    actions_per_s: float | None
    below: Step | None
    above: Step | None

    def describe(self) -> str:
        """One line: the knee and the two steps it lies between."""
        if self.above is None:
            last = f" (last step {_step(self.below)})" if self.below else ""
            return f"not reached{last}"
        if self.below is None or self.actions_per_s is None:
            return f"below the first step ({_step(self.above)})"
        return f"{self.actions_per_s:.0f}/s, between {_step(self.below)} and {_step(self.above)}"


def _step(step: Step) -> str:
    return f"{step.rooms} rooms: {step.actions_per_s:.0f}/s p99 {step.p99_ms:.0f} ms"


def passes(step: Step, limit_ms: float = LIMIT_MS) -> bool:
    """Whether ``step``'s p99 is past the limit."""
    return step.p99_ms > limit_ms


def crossing(steps: Sequence[Step], limit_ms: float = LIMIT_MS) -> Knee:
    """The knee of ``steps`` at ``limit_ms``, taken in the order of their rooms.

    >>> knee = crossing([Step(100, 95.0, 20.0), Step(250, 230.0, 140.0), Step(200, 190.0, 60.0)])
    >>> round(knee.actions_per_s, 1), knee.below.rooms, knee.above.rooms
    (210.0, 200, 250)
    """
    below: Step | None = None
    for step in sorted(steps, key=lambda s: s.rooms):
        if passes(step, limit_ms):
            if below is None:
                return Knee(limit_ms, None, None, step)
            rise = step.p99_ms - below.p99_ms
            share = (limit_ms - below.p99_ms) / rise if rise > 0 else 1.0
            at = below.actions_per_s + share * (step.actions_per_s - below.actions_per_s)
            return Knee(limit_ms, at, below, step)
        below = step
    return Knee(limit_ms, None, below, None)


async def search(
    play: Callable[[int], Awaitable[dict[str, Any]]],
    first: dict[str, Any],
    step: int,
    max_rooms: int,
    limit_ms: float = LIMIT_MS,
    halvings: int = 1,
) -> dict[str, Any]:
    """Start from ``first``, the figures of a run already made (its ``rooms``,
    ``actions_per_s``, ``p99_ms``, ``lost``), then play ``step`` rooms more, then
    ``2 * step`` more and so on (``play(rooms)`` returns such figures), until a step's
    p99 passes ``limit_ms`` or the next would be past ``max_rooms``; then play halfway
    between the two steps around the limit, ``halvings`` times, each time keeping the
    half the limit lies in. Returns the steps' figures (in the order they ran) and the
    knee between them (``crossing``)."""
    figures = [{key: first[key] for key in ("rooms", "actions_per_s", "p99_ms", "lost")}]
    steps = [Step(first["rooms"], first["actions_per_s"], first["p99_ms"], first["lost"])]

    async def measure(rooms: int) -> None:
        found = {"rooms": rooms, **await play(rooms)}
        figures.append(found)
        steps.append(Step(rooms, found["actions_per_s"], found["p99_ms"], found["lost"]))
        print(f"knee step: {found}", file=sys.stderr, flush=True)

    rooms = first["rooms"]
    while not passes(steps[-1], limit_ms) and rooms + step <= max_rooms:
        rooms += step
        await measure(rooms)
    for _ in range(halvings):
        knee = crossing(steps, limit_ms)
        if knee.below is None or knee.above is None:
            break
        middle = (knee.below.rooms + knee.above.rooms) // 2
        if middle in (knee.below.rooms, knee.above.rooms):
            break
        await measure(middle)
    knee = crossing(steps, limit_ms)
    return {
        "limit_ms": limit_ms,
        "actions_per_s": None if knee.actions_per_s is None else round(knee.actions_per_s, 1),
        "interpolated": knee.actions_per_s is not None,
        "said": knee.describe(),
        "steps": figures,
    }
