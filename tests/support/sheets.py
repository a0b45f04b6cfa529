"""Helpers for building score sheets in tests."""

from __future__ import annotations

from collections.abc import Iterable

from scoring import rulesets, scorecard_json
from scoring.dice import Dice
from scoring.scorecard import Scorecard

Move = tuple[Dice, str] | tuple[Dice, str, str]  # (dice, box) or (dice, box, column)

# Three of each face in the upper section: exactly 63.
UPPER_63 = [
    ((1, 1, 1, 2, 3), "ones"),
    ((2, 2, 2, 1, 3), "twos"),
    ((3, 3, 3, 1, 2), "threes"),
    ((4, 4, 4, 1, 2), "fours"),
    ((5, 5, 5, 1, 2), "fives"),
    ((6, 6, 6, 1, 2), "sixes"),
]


def play(card: Scorecard, moves: Iterable[Move]) -> Scorecard:
    """Place each ``(dice, box[, column])`` in turn through the public API."""
    for move in moves:
        dice, box, *column = move
        card = card.place(dice, box, column[0] if column else None)
    return card


def sheet(name: str, moves: Iterable[Move] = (), **options: object) -> Scorecard:
    """A fresh sheet of ``name`` with ``moves`` played on it."""
    return play(rulesets.get(name, **options).new_scorecard(), moves)


def filled(
    name: str,
    column_boxes: dict[str, dict[str, int]],
    extra: dict[str, int] | None = None,
    **options: object,
) -> Scorecard:
    """A sheet read from JSON with the given boxes already filled."""
    rs = rulesets.get(name, **options)
    boxes = {c: column_boxes.get(c, {}) for c in rs.columns}
    bonuses = {c: (extra or {}).get(c, 0) for c in rs.columns}
    return scorecard_json.from_json(
        {"ruleset": name, "options": dict(rs.options), "boxes": boxes, "extra_yahtzees": bonuses}
    )
