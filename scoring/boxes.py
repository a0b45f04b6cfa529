"""A box of the score sheet: its key, how people call it, and how it scores."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scoring import patterns
from scoring.dice import Counts

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")


@dataclass(frozen=True)
class Box:
    """One box: ``scorer(counts)`` is its context-free score, within ``low``..``high``."""

    key: str
    title: str
    rule: str
    section: str
    scorer: Callable[[Counts], int]
    low: int
    high: int


def _upper_scorer(face: int) -> Callable[[Counts], int]:
    return lambda counts: patterns.face_sum(counts, face)


def upper_boxes() -> tuple[Box, ...]:
    """Ones to sixes: the sum of the dice showing that face (shared by every variant)."""
    return tuple(
        Box(
            key=key,
            title=key.capitalize(),
            rule=f"Sum of the dice showing {face}.",
            section="upper",
            scorer=_upper_scorer(face),
            low=0,
            high=5 * face,
        )
        for face, key in enumerate(UPPER, start=1)
    )


def fixed_if(
    test: Callable[[Counts], bool], points: int
) -> Callable[[Counts], int]:
    """A scorer worth ``points`` when ``test`` holds, else 0."""
    return lambda counts: points if test(counts) else 0


def sum_if(test: Callable[[Counts], bool]) -> Callable[[Counts], int]:
    """A scorer worth the sum of all dice when ``test`` holds, else 0."""
    return lambda counts: patterns.total(counts) if test(counts) else 0
