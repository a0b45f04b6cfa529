"""Yam's (seed 002): twelve boxes in four columns, each with its own filling order."""

from __future__ import annotations

from types import MappingProxyType

from scoring import patterns
from scoring.boxes import Box, fixed_if, upper_boxes
from scoring.dice import Counts
from scoring.errors import RulesError
from scoring.ruleset import RuleSet
from scoring.scorecard import Placement, Scorecard
from scoring.words import Words, gettext_noop

FREE, DOWN, UP, ANNOUNCED = "free", "down", "up", "announced"
# The column keys as errors name them ("the Ones box of the down column"), for the catalogs.
COLUMN_WORDS = (
    gettext_noop("free"),
    gettext_noop("down"),
    gettext_noop("up"),
    gettext_noop("announced"),
)


def _is_straight(c: Counts) -> bool:
    return patterns.is_exact_straight(c, 1) or patterns.is_exact_straight(c, 2)


def _middle_boxes() -> tuple[Box, ...]:
    """Maximum and minimum: the sum of all dice (``Yams.middle_total`` counts the pair)."""
    return (
        Box(
            "maximum",
            gettext_noop("Maximum"),
            gettext_noop("Sum of all dice; aim high."),
            "middle",
            patterns.total,
            5,
            30,
        ),
        Box(
            "minimum",
            gettext_noop("Minimum"),
            gettext_noop(
                "Sum of all dice; aim low: the column's maximum and minimum count 0 "
                "unless the minimum is below the maximum."
            ),
            "middle",
            patterns.total,
            5,
            30,
        ),
    )


def _lower_boxes() -> tuple[Box, ...]:
    """Full house, four of a kind, the straight and the Yam's: fixed points."""
    return (
        Box(
            "full_house",
            gettext_noop("Full house"),
            gettext_noop("20 for three of one face and two of another; a yams counts too."),
            "lower",
            fixed_if(lambda c: patterns.shape(c) in ((3, 2), (5,)), 20),
            0,
            20,
        ),
        Box(
            "four_of_a_kind",
            gettext_noop("Four of a kind"),
            gettext_noop("30 when at least four dice show the same face."),
            "lower",
            fixed_if(lambda c: max(c) >= 4, 30),
            0,
            30,
        ),
        Box(
            "straight",
            gettext_noop("Straight"),
            gettext_noop("40 for 1-2-3-4-5 or 2-3-4-5-6."),
            "lower",
            fixed_if(_is_straight, 40),
            0,
            40,
        ),
        Box(
            "yams",
            gettext_noop("Yam's"),
            gettext_noop("50 when all five dice show the same face."),
            "lower",
            fixed_if(patterns.is_five_of_a_kind, 50),
            0,
            50,
        ),
    )


class Yams(RuleSet):
    """Yam's: columns free, down (top first), up (bottom first) and announced."""

    name = "yams"
    title = gettext_noop("Yam's")
    summary = gettext_noop(
        "The French favourite: four columns to fill - in any order, downwards, upwards, "
        "and by announcing the box after the first roll - with maximum and minimum boxes."
    )
    columns = (FREE, DOWN, UP, ANNOUNCED)
    multipliers = (1, 1, 1, 1)
    upper_bonus_threshold = 61
    upper_bonus_points = 30
    announce_column = ANNOUNCED
    column_titles = MappingProxyType(
        {
            FREE: gettext_noop("Free"),
            DOWN: gettext_noop("Down"),
            UP: gettext_noop("Up"),
            ANNOUNCED: gettext_noop("Announced"),
        }
    )
    column_rules = MappingProxyType(
        {
            FREE: gettext_noop("Any open box, in any order."),
            DOWN: gettext_noop("From the top: Ones first, then Twos, and so on down to Yam's."),
            UP: gettext_noop("From the bottom: Yam's first, then Straight, and so on up to Ones."),
            ANNOUNCED: gettext_noop(
                "Right after the first roll, announce one of its open boxes; "
                "that box is then the only one you may fill this turn."
            ),
        }
    )

    def _make_boxes(self) -> tuple[Box, ...]:
        return (*upper_boxes(), *_middle_boxes(), *_lower_boxes())

    def special_rule_phrases(self) -> tuple[Words, ...]:
        """The per-column bonus and the maximum/minimum rule."""
        return (
            Words(
                gettext_noop(
                    "%(points)s bonus points in each column whose ones to sixes "
                    "add up to more than 60."
                ),
                {"points": self.upper_bonus_points},
            ),
            Words(
                gettext_noop(
                    "In each column, maximum and minimum count 0 unless the "
                    "minimum is below the maximum."
                )
            ),
            Words(
                gettext_noop(
                    "A box of the announced column can only be filled in a turn "
                    "that announced it; when only those boxes are left, announce "
                    "one after the first roll."
                )
            ),
        )

    def _next_in_order(self, card: Scorecard, column: str) -> str | None:
        open_boxes = card.open_boxes(column)
        if not open_boxes:
            return None
        return open_boxes[0] if column == DOWN else open_boxes[-1]

    def placements(self, card: Scorecard, counts: Counts, announced: str | None) -> list[Placement]:
        """Free: any open box; down/up: the next box in order; announced: only the
        box announced this turn, and then nothing else."""
        if announced is not None:
            return self.plain_placements(card, self.columns.index(ANNOUNCED), counts, [announced])
        found = self.plain_placements(card, 0, counts)
        for column in (DOWN, UP):
            key = self._next_in_order(card, column)
            if key is not None:
                found += self.plain_placements(card, self.columns.index(column), counts, [key])
        return found

    def illegal_reason(
        self, card: Scorecard, col: int, key: str, counts: Counts, announced: str | None
    ) -> RulesError:
        column = self.columns[col]
        if announced is not None:
            return RulesError(
                "illegal_box",
                gettext_noop(
                    "you announced %(box)s: this turn only the announced %(box)s box may be filled"
                ),
                box=self.box_title(announced),
            )
        if column == ANNOUNCED:
            return RulesError(
                "illegal_box",
                gettext_noop(
                    "a box of the announced column is filled only in a turn where it was "
                    "announced after the first roll"
                ),
            )
        following = self.box_title(self._next_in_order(card, column) or key)
        if column == DOWN:
            return RulesError(
                "illegal_box",
                gettext_noop("the down column fills from the top down: its next box is %(box)s"),
                box=following,
            )
        return RulesError(
            "illegal_box",
            gettext_noop("the up column fills from the bottom up: its next box is %(box)s"),
            box=following,
        )

    def check_column(self, column: str, row: tuple[int | None, ...]) -> None:
        """The down column is filled from the top, the up column from the bottom."""
        used = [value is not None for value in row]
        if column == UP:
            used.reverse()
        if column in (DOWN, UP) and used != sorted(used, reverse=True):
            direction = "from the top down" if column == DOWN else "from the bottom up"
            raise RulesError("bad_scorecard", f"the {column} column fills {direction}")

    def must_announce(self, card: Scorecard) -> bool:
        """True when every open box is in the announced column."""
        slots = card.open_slots()
        return bool(slots) and all(column == ANNOUNCED for column, _ in slots)

    def middle_total(self, row: tuple[int | None, ...]) -> int:
        """Maximum + minimum, or 0 once both are filled and the minimum is not below the
        maximum.  While only one is filled, it counts as it stands."""
        high, low = row[self._index["maximum"]], row[self._index["minimum"]]
        if high is not None and low is not None and low >= high:
            return 0
        return (high or 0) + (low or 0)
