"""The ``RuleSet`` base class: what every variant shares."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import Any, ClassVar

from scoring.boxes import UPPER, Box
from scoring.dice import Counts, face_counts, validate_dice
from scoring.errors import RulesError
from scoring.scorecard import ColumnTotals, Placement, Scorecard
from scoring.words import Words, gettext_noop

MAIN = "main"
# Every distinct roll, as sorted dice: 252 of them.
ALL_ROLLS = tuple(combinations_with_replacement(range(1, 7), 5))


class RuleSet:
    """The rules of one variant with its options.  Immutable; equal when name and options are.

    Subclasses set the class attributes and implement ``_make_boxes``; the
    placement rules live in ``placements`` and ``illegal_reason``.  The first
    value of each entry of ``option_choices`` is that option's default.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    columns: ClassVar[tuple[str, ...]] = (MAIN,)
    multipliers: ClassVar[tuple[int, ...]] = (1,)
    option_choices: ClassVar[Mapping[str, tuple[Any, ...]]] = MappingProxyType({})
    upper_bonus_threshold: ClassVar[int] = 63
    upper_bonus_points: ClassVar[int] = 35
    extra_yahtzee_bonus: ClassVar[int] = 0
    announce_column: ClassVar[str | None] = None
    column_titles: ClassVar[Mapping[str, str]] = MappingProxyType({MAIN: gettext_noop("Score")})
    column_rules: ClassVar[Mapping[str, str]] = MappingProxyType(
        {MAIN: gettext_noop("Fill each box once, in any order.")}
    )

    def __init__(self, **options: Any) -> None:
        self.options: Mapping[str, Any] = MappingProxyType(self._check_options(options))
        self.boxes: tuple[Box, ...] = self._make_boxes()
        self.categories: tuple[str, ...] = tuple(b.key for b in self.boxes)
        self._box: Mapping[str, Box] = {b.key: b for b in self.boxes}
        self._index: Mapping[str, int] = {b.key: i for i, b in enumerate(self.boxes)}
        grouped: dict[str, list[str]] = {}
        for b in self.boxes:
            grouped.setdefault(b.section, []).append(b.key)
        self.sections: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
            (name, tuple(keys)) for name, keys in grouped.items()
        )
        self._upper_indexes = tuple(self._index[k] for k in UPPER)
        self._lower_indexes = tuple(self._index[k] for k in self.section_boxes("lower"))
        self._box = MappingProxyType(self._box)
        self._index = MappingProxyType(self._index)
        self._possible: dict[str, frozenset[int]] = {}
        self._frozen = True

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_frozen", False):
            raise AttributeError(f"{type(self).__name__} is immutable (shared by every game)")
        super().__setattr__(name, value)

    # -- identity --------------------------------------------------------

    @classmethod
    def _check_options(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        checked = {key: choices[0] for key, choices in cls.option_choices.items()}
        for key, value in options.items():
            if key not in cls.option_choices:
                valid = ", ".join(cls.option_choices) or "none"
                raise ValueError(f"unknown option {key!r} for {cls.name}; valid options: {valid}")
            choices = cls.option_choices[key]
            if not any(type(value) is type(c) and value == c for c in choices):
                listed = ", ".join(repr(c) for c in choices)
                raise ValueError(
                    f"option {key!r} of {cls.name} must be one of {listed}; got {value!r}"
                )
            checked[key] = value
        return checked

    def _make_boxes(self) -> tuple[Box, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleSet):
            return NotImplemented
        return self.name == other.name and dict(self.options) == dict(other.options)

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.options.items()))))

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"rulesets.get({self.name!r}{opts})"

    # -- boxes -----------------------------------------------------------

    def box(self, key: str) -> Box:
        """The ``Box`` for ``key``; ``RulesError`` naming the valid boxes if unknown."""
        try:
            return self._box[key]
        except (KeyError, TypeError):
            raise RulesError(
                "unknown_box",
                f"unknown box {key!r} for {self.name}; valid boxes: {', '.join(self.categories)}",
            ) from None

    def index(self, key: str) -> int:
        """Position of a box in ``categories``."""
        self.box(key)
        return self._index[key]

    def box_title(self, key: str) -> str:
        """How people call the box, e.g. "Three of a kind"."""
        return self.box(key).title

    def box_rule(self, key: str) -> str:
        """One sentence saying how the box scores."""
        return str(self.box(key).rule_phrase)

    def box_rule_phrase(self, key: str) -> Words:
        """``box_rule`` as a marked template and its numbers, for translation."""
        return self.box(key).rule_phrase

    def box_bounds(self, key: str) -> tuple[int, int]:
        """The lowest and highest points the box can hold."""
        b = self.box(key)
        return b.low, b.high

    def possible_scores(self, key: str) -> frozenset[int]:
        """Every score the box can hold in some game (context-free or by a rule such
        as the joker): what a sheet read from JSON may contain."""
        if key not in self._possible:
            scorer = self.box(key).scorer
            values = {scorer(face_counts(d)) for d in ALL_ROLLS}
            self._possible[key] = frozenset(values | self.rule_scores(key))
        return self._possible[key]

    def rule_scores(self, key: str) -> frozenset[int]:
        """Scores a box can get from a rule rather than from the dice (none by default)."""
        return frozenset()

    def section_boxes(self, section: str) -> tuple[str, ...]:
        """The boxes of one section ("upper", "middle", "lower") in sheet order."""
        return dict(self.sections).get(section, ())

    def column_title(self, column: str) -> str:
        """How people call a column, e.g. "Down" or "x2"."""
        return self.column_titles[self.columns[self.column_index(column)]]

    def column_rule(self, column: str) -> str:
        """One sentence saying how a column is filled and counted."""
        return self.column_rules[self.columns[self.column_index(column)]]

    def special_rules(self) -> tuple[str, ...]:
        """Bonuses and rules beyond the boxes, one sentence each, for these options."""
        return tuple(str(phrase) for phrase in self.special_rule_phrases())

    def special_rule_phrases(self) -> tuple[Words, ...]:
        """``special_rules`` as marked templates and their numbers, for translation."""
        return (
            Words(
                gettext_noop(
                    "%(points)s bonus points when ones to sixes add up to %(threshold)s or more."
                ),
                {"points": self.upper_bonus_points, "threshold": self.upper_bonus_threshold},
            ),
        )

    def column_index(self, column: str | None) -> int:
        """Index of a column; ``None`` is accepted when there is only one."""
        if column is None:
            if len(self.columns) == 1:
                return 0
            raise RulesError(
                "column_required", f"{self.title} needs a column: one of {', '.join(self.columns)}"
            )
        try:
            return self.columns.index(column)
        except ValueError:
            raise RulesError(
                "unknown_column",
                f"unknown column {column!r} for {self.name}; valid columns: "
                f"{', '.join(self.columns)}",
            ) from None

    # -- the kata question -----------------------------------------------

    def score(self, dice: object, category: str) -> int:
        """The context-free score of five dice (any order) in one box.

        >>> from scoring import rulesets
        >>> rulesets.get("yatzy").score([5, 6, 5, 5, 2], "fives")
        15
        """
        box = self.box(category)
        return box.scorer(face_counts(validate_dice(dice)))

    # -- the sheet -------------------------------------------------------

    def new_scorecard(self) -> Scorecard:
        """An empty sheet for this variant."""
        empty = (None,) * len(self.categories)
        return Scorecard(self, (empty,) * len(self.columns), (0,) * len(self.columns))

    def plain_placements(
        self, card: Scorecard, col: int, counts: Counts, keys: Iterable[str] | None = None
    ) -> list[Placement]:
        """Placements in the open boxes ``keys`` (default all) of one column at face value."""
        row = card.scores[col]
        column = self.columns[col]
        wanted = self.categories if keys is None else keys
        return [
            Placement(column, key, self._box[key].scorer(counts))
            for key in wanted
            if row[self._index[key]] is None
        ]

    def placements(self, card: Scorecard, counts: Counts, announced: str | None) -> list[Placement]:
        """Every legal placement, column by column (``column_placements`` of each)."""
        return [
            p for c in range(len(self.columns)) for p in self.column_placements(card, c, counts)
        ]

    def column_placements(self, card: Scorecard, col: int, counts: Counts) -> list[Placement]:
        """Legal placements in one column; the default is any open box at face value."""
        return self.plain_placements(card, col, counts)

    def illegal_reason(
        self, card: Scorecard, col: int, key: str, counts: Counts, announced: str | None
    ) -> RulesError:
        """Why an open box cannot take this roll (only asked after ``placements`` refused
        it): the ``illegal_box`` error to raise."""
        return RulesError(
            "illegal_box",
            gettext_noop("the %(box)s box cannot take this roll"),
            box=self.box_title(key),
        )

    def check_announcement(self, card: Scorecard, announced: str) -> None:
        """Refuse an announcement this variant or sheet cannot have."""
        if self.announce_column is None:
            raise RulesError(
                "no_announcements",
                gettext_noop("%(variant)s has no announcements"),
                variant=self.title,
            )
        col = self.columns.index(self.announce_column)
        if card.scores[col][self.index(announced)] is not None:
            raise RulesError(
                "box_taken",
                gettext_noop("the %(box)s box of the %(column)s column is already filled"),
                box=self.box_title(announced),
                column=self.announce_column,
            )

    def check_column(self, column: str, row: tuple[int | None, ...]) -> None:
        """Refuse a column read from JSON that no game could have produced."""

    def must_announce(self, card: Scorecard) -> bool:
        """Whether the only open boxes are ones that need an announcement."""
        return False

    # -- totals ----------------------------------------------------------

    def middle_total(self, row: tuple[int | None, ...]) -> int:
        """Points of the middle section of a column (only Yam's has one)."""
        return 0

    def column_totals(self, card: Scorecard, col: int) -> ColumnTotals:
        """Sections and bonuses of one column."""
        row = card.scores[col]
        upper = sum(row[i] or 0 for i in self._upper_indexes)
        return ColumnTotals(
            column=self.columns[col],
            upper=upper,
            upper_bonus=self.upper_bonus_points if upper >= self.upper_bonus_threshold else 0,
            middle=self.middle_total(row),
            lower=sum(row[i] or 0 for i in self._lower_indexes),
            yahtzee_bonus=card.extra[col] * self.extra_yahtzee_bonus,
            multiplier=self.multipliers[col],
        )
