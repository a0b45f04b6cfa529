"""The immutable score sheet of one player, and the value objects it hands out."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scoring.dice import face_counts, validate_dice
from scoring.errors import RulesError
from scoring.words import gettext_noop

if TYPE_CHECKING:
    from scoring.ruleset import RuleSet


@dataclass(frozen=True)
class Placement:
    """A legal way to score a roll: ``points`` in the box, plus any extra-Yahtzee ``bonus``."""

    column: str
    box: str
    points: int
    bonus: int = 0
    joker: bool = False

    @property
    def total(self) -> int:
        """Points written by this placement: the box plus any extra-Yahtzee bonus.  The
        column's total can change by another amount (an upper bonus reached, the Yam's
        maximum/minimum rule): ``Scorecard.gain`` tells that."""
        return self.points + self.bonus


@dataclass(frozen=True)
class ColumnTotals:
    """The sections of one column and what they add up to."""

    column: str
    upper: int
    upper_bonus: int
    middle: int
    lower: int
    yahtzee_bonus: int
    multiplier: int

    @property
    def subtotal(self) -> int:
        """The column's total before its multiplier."""
        return self.upper + self.upper_bonus + self.middle + self.lower + self.yahtzee_bonus

    @property
    def total(self) -> int:
        """The column's contribution to the final score."""
        return self.subtotal * self.multiplier


@dataclass(frozen=True)
class Scorecard:
    """One player's sheet.  ``place`` returns a new sheet; nothing here mutates.

    ``scores[c][i]`` is the score in box ``ruleset.categories[i]`` of column
    ``ruleset.columns[c]`` (``None`` while open); ``extra[c]`` counts the
    extra-Yahtzee bonuses earned in column ``c``.

    >>> from scoring import rulesets
    >>> card = rulesets.get("yahtzee").new_scorecard()
    >>> card = card.place([4, 4, 4, 2, 2], "full_house")
    >>> card.total, card.is_filled("full_house"), card.is_complete
    (25, True, False)
    """

    ruleset: RuleSet
    scores: tuple[tuple[int | None, ...], ...]
    extra: tuple[int, ...]

    # -- reading ---------------------------------------------------------

    def column_index(self, column: str | None) -> int:
        """Index of ``column``; ``None`` means the only column of a one-column variant."""
        return self.ruleset.column_index(column)

    def score_in(self, box: str, column: str | None = None) -> int | None:
        """The score written in a box, or ``None`` while it is open."""
        return self.scores[self.column_index(column)][self.ruleset.index(box)]

    def is_filled(self, box: str, column: str | None = None) -> bool:
        """Whether a box has been used (a 0 counts as used)."""
        return self.score_in(box, column) is not None

    def open_boxes(self, column: str | None = None) -> tuple[str, ...]:
        """The open boxes of one column, in sheet order."""
        row = self.scores[self.column_index(column)]
        return tuple(k for k, v in zip(self.ruleset.categories, row, strict=True) if v is None)

    def open_slots(self) -> tuple[tuple[str, str], ...]:
        """Every open (column, box) pair of the sheet."""
        return tuple(
            (column, key)
            for column, row in zip(self.ruleset.columns, self.scores, strict=True)
            for key, value in zip(self.ruleset.categories, row, strict=True)
            if value is None
        )

    @property
    def filled_count(self) -> int:
        """How many boxes have been used, over all columns."""
        return sum(v is not None for row in self.scores for v in row)

    @property
    def is_complete(self) -> bool:
        """Every box of every column is used: the game is over for this player."""
        return all(v is not None for row in self.scores for v in row)

    def extra_yahtzees(self, column: str | None = None) -> int:
        """How many extra-Yahtzee bonuses the column has earned."""
        return self.extra[self.column_index(column)]

    @property
    def must_announce(self) -> bool:
        """Yam's: only announced-column boxes are left, so this turn must announce one."""
        return self.ruleset.must_announce(self)

    # -- playing ---------------------------------------------------------

    def options(self, dice: object, *, announced: str | None = None) -> tuple[Placement, ...]:
        """Every legal placement of ``dice`` with its points (joker, column order,
        announcement applied), in column then sheet order."""
        counts = face_counts(validate_dice(dice))
        if announced is not None:
            self.ruleset.check_announcement(self, announced)
        return tuple(self.ruleset.placements(self, counts, announced))

    def placement(
        self,
        dice: object,
        box: str,
        column: str | None = None,
        *,
        announced: str | None = None,
    ) -> Placement:
        """The placement of ``dice`` in one box, or ``RulesError`` saying why it is illegal."""
        dice = validate_dice(dice)
        legal = self.options(dice, announced=announced)
        col = self.column_index(column)
        column_key = self.ruleset.columns[col]
        index = self.ruleset.index(box)
        for option in legal:
            if option.column == column_key and option.box == box:
                return option
        if self.scores[col][index] is not None:
            title = self.ruleset.box_title(box)
            if len(self.ruleset.columns) > 1:
                raise RulesError(
                    "box_taken",
                    gettext_noop("the %(box)s box of the %(column)s column is already filled"),
                    box=title,
                    column=column_key,
                )
            raise RulesError(
                "box_taken", gettext_noop("the %(box)s box is already filled"), box=title
            )
        counts = face_counts(dice)
        raise self.ruleset.illegal_reason(self, col, box, counts, announced)

    def place(
        self,
        dice: object,
        box: str,
        column: str | None = None,
        *,
        announced: str | None = None,
    ) -> Scorecard:
        """A new sheet with ``dice`` scored in ``box`` (and ``column``)."""
        return self._with(self.placement(dice, box, column, announced=announced))

    def gain(self, placement: Placement) -> int:
        """How much a placement from ``options`` changes the final score: its points and
        bonus, an upper bonus it reaches, the Yam's maximum/minimum rule, the multiplier.

        >>> from scoring import rulesets
        >>> card = rulesets.get("yahtzee").new_scorecard()
        >>> card = card.place([6, 6, 6, 1, 2], "sixes").place([5, 5, 5, 1, 2], "fives")
        >>> card = card.place([4, 4, 4, 1, 2], "fours").place([3, 3, 3, 1, 2], "threes")
        >>> card = card.place([2, 2, 2, 1, 3], "twos")  # upper section: 60
        >>> [card.gain(p) for p in card.options([1, 1, 1, 4, 6]) if p.box == "ones"]
        [38]
        """
        return self.gains((placement,))[0]

    def gains(self, placements: Iterable[Placement]) -> tuple[int, ...]:
        """``gain`` of each placement (each column's total now worked out once)."""
        now: dict[str, int] = {}
        found = []
        for placement in placements:
            column = placement.column
            if column not in now:
                now[column] = self.column_totals(column).total
            found.append(self._with(placement).column_totals(column).total - now[column])
        return tuple(found)

    def _with(self, chosen: Placement) -> Scorecard:
        col = self.ruleset.columns.index(chosen.column)
        row = list(self.scores[col])
        row[self.ruleset.index(chosen.box)] = chosen.points
        scores = (*self.scores[:col], tuple(row), *self.scores[col + 1 :])
        extra = self.extra
        if chosen.bonus:
            extra = (*extra[:col], extra[col] + 1, *extra[col + 1 :])
        return Scorecard(self.ruleset, scores, extra)

    # -- totals ----------------------------------------------------------

    def column_totals(self, column: str | None = None) -> ColumnTotals:
        """Sections, bonuses and total of one column."""
        return self.ruleset.column_totals(self, self.column_index(column))

    def totals(self) -> tuple[ColumnTotals, ...]:
        """``column_totals`` of every column, in order."""
        return tuple(self.ruleset.column_totals(self, c) for c in range(len(self.scores)))

    @property
    def total(self) -> int:
        """The final (or running) score: every column's total times its multiplier."""
        return sum(t.total for t in self.totals())
