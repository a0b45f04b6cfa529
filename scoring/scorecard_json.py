"""A scorecard as plain JSON data, and back, checking every field on the way in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from scoring import rulesets
from scoring.errors import RulesError
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard


def to_json(card: Scorecard) -> dict[str, Any]:
    """Plain JSON data; ``from_json`` reads it back to an equal sheet."""
    rs = card.ruleset
    return {
        "ruleset": rs.name,
        "options": dict(rs.options),
        "boxes": {
            column: {k: v for k, v in zip(rs.categories, row, strict=True) if v is not None}
            for column, row in zip(rs.columns, card.scores, strict=True)
        },
        "extra_yahtzees": dict(zip(rs.columns, card.extra, strict=True)),
    }


def from_json(data: object) -> Scorecard:
    """Rebuild a sheet from ``to_json`` data, checking every field (``RulesError``
    with code ``bad_scorecard`` otherwise)."""
    if not isinstance(data, Mapping):
        raise RulesError("bad_scorecard", "a scorecard must be a JSON object")
    expected = {"ruleset", "options", "boxes", "extra_yahtzees"}
    if set(data) != expected:
        raise RulesError("bad_scorecard", f"a scorecard has exactly the keys {sorted(expected)}")
    options = data["options"]
    if not isinstance(data["ruleset"], str) or not _is_object(options):
        raise RulesError("bad_scorecard", "ruleset must be a name and options an object")
    try:
        rs = rulesets.get(data["ruleset"], **options)
    except ValueError as exc:
        raise RulesError("bad_scorecard", str(exc)) from None
    boxes, extra = data["boxes"], data["extra_yahtzees"]
    if not _is_object(boxes) or set(boxes) != set(rs.columns):
        raise RulesError("bad_scorecard", f"boxes must have the columns {list(rs.columns)}")
    if not _is_object(extra) or set(extra) != set(rs.columns):
        raise RulesError(
            "bad_scorecard", f"extra_yahtzees must have the columns {list(rs.columns)}"
        )
    scores = tuple(_read_column(rs, column, boxes[column]) for column in rs.columns)
    counts = tuple(
        _read_extra(rs, c, extra[column], scores[c]) for c, column in enumerate(rs.columns)
    )
    return Scorecard(rs, scores, counts)


def _is_object(value: object) -> TypeGuard[Mapping[str, object]]:
    """A JSON object: a mapping with string keys."""
    return isinstance(value, Mapping) and all(isinstance(k, str) for k in value)


def _read_column(rs: RuleSet, column: str, filled: object) -> tuple[int | None, ...]:
    if not _is_object(filled):
        raise RulesError("bad_scorecard", f"column {column!r} must be an object of box scores")
    unknown = set(filled) - set(rs.categories)
    if unknown:
        raise RulesError("bad_scorecard", f"unknown boxes {sorted(unknown)} in column {column!r}")
    row: list[int | None] = []
    for key in rs.categories:
        value = filled.get(key)
        if value is not None and (type(value) is not int or value not in rs.possible_scores(key)):
            low, high = rs.box_bounds(key)
            raise RulesError(
                "bad_scorecard",
                f"{column}/{key} must be a score the box can hold ({low} to {high}); got {value!r}",
            )
        row.append(value)
    rs.check_column(column, tuple(row))
    return tuple(row)


def _read_extra(rs: RuleSet, col: int, value: object, row: tuple[int | None, ...]) -> int:
    column = rs.columns[col]
    if type(value) is not int or value < 0:
        raise RulesError("bad_scorecard", f"extra_yahtzees/{column} must be a whole number >= 0")
    if value and not rs.extra_yahtzee_bonus:
        raise RulesError("bad_scorecard", f"{rs.name} has no extra-Yahtzee bonus")
    if value and (row[rs.index("yahtzee")] != 50 or value > sum(v is not None for v in row) - 1):
        raise RulesError(
            "bad_scorecard",
            f"column {column!r} cannot hold {value} extra Yahtzees with the boxes it has",
        )
    return value
