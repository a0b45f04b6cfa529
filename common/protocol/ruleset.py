"""A rule set as the state names it: keys and numbers only (docs/protocol.md)."""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from msgspec import Meta

from common.protocol.keys import BoxKey, ColumnKey, RulesetName


class RulesetOptions(TypedDict, total=False):
    """A rule set's options: only those of the rule set named."""

    joker: Literal["forced", "free"]
    exact_counts: bool


class ColumnView(TypedDict):
    key: ColumnKey


class BoxView(TypedDict):
    key: BoxKey


class Section(TypedDict):
    name: str
    boxes: list[BoxView]


class Ruleset(TypedDict):
    """Keys and numbers only, the same for every viewer; the words are embedded in each
    page (rule-texts)."""

    name: RulesetName
    options: RulesetOptions
    columns: Annotated[list[ColumnView], Meta(min_length=1)]
    sections: list[Section]
    upper_bonus_threshold: int
    upper_bonus_points: int
    announce_column: ColumnKey | None
