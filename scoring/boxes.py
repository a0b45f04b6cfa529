"""A box of the score sheet: its key, how people call it, and how it scores."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from scoring import patterns
from scoring.dice import Counts
from scoring.words import Words, gettext_noop

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
UPPER_TITLES = (
    gettext_noop("Ones"),
    gettext_noop("Twos"),
    gettext_noop("Threes"),
    gettext_noop("Fours"),
    gettext_noop("Fives"),
    gettext_noop("Sixes"),
)


@dataclass(frozen=True)
class Box:
    """One box: ``scorer(counts)`` is its context-free score, within ``low``..``high``.

    ``title`` and ``rule`` are marked English (``scoring.words``); ``rule`` may have
    ``%(name)s`` placeholders filled from ``rule_params``.
    """

    key: str
    title: str
    rule: str
    section: str
    scorer: Callable[[Counts], int]
    low: int
    high: int
    rule_params: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def rule_phrase(self) -> Words:
        """The rule as a marked template and its numbers."""
        return Words(self.rule, self.rule_params)


def _upper_scorer(face: int) -> Callable[[Counts], int]:
    return lambda counts: patterns.face_sum(counts, face)


def upper_boxes() -> tuple[Box, ...]:
    """Ones to sixes: the sum of the dice showing that face (shared by every variant)."""
    return tuple(
        Box(
            key=key,
            title=title,
            rule=gettext_noop("Sum of the dice showing %(face)s."),
            section="upper",
            scorer=_upper_scorer(face),
            low=0,
            high=5 * face,
            rule_params=MappingProxyType({"face": face}),
        )
        for face, (key, title) in enumerate(zip(UPPER, UPPER_TITLES, strict=True), start=1)
    )


def fixed_if(test: Callable[[Counts], bool], points: int) -> Callable[[Counts], int]:
    """A scorer worth ``points`` when ``test`` holds, else 0."""
    return lambda counts: points if test(counts) else 0


def sum_if(test: Callable[[Counts], bool]) -> Callable[[Counts], int]:
    """A scorer worth the sum of all dice when ``test`` holds, else 0."""
    return lambda counts: patterns.total(counts) if test(counts) else 0
