"""Yahtzee (Hasbro rules) and Triple Yahtzee (three columns worth x1, x2, x3)."""

from __future__ import annotations

from types import MappingProxyType

from scoring import patterns
from scoring.boxes import UPPER, Box, fixed_if, sum_if, upper_boxes
from scoring.dice import Counts
from scoring.errors import RulesError
from scoring.ruleset import RuleSet
from scoring.scorecard import Placement, Scorecard
from scoring.words import Words, gettext_noop

# What full house and the straights are worth when a Yahtzee is played as a joker.
JOKER_POINTS = MappingProxyType({"full_house": 25, "small_straight": 30, "large_straight": 40})


def yahtzee_boxes() -> tuple[Box, ...]:
    """The thirteen boxes of a Yahtzee sheet."""
    return (
        *upper_boxes(),
        *_kind_boxes(),
        *_pattern_boxes(),
        Box(
            "chance",
            gettext_noop("Chance"),
            gettext_noop("Sum of all dice."),
            "lower",
            patterns.total,
            5,
            30,
        ),
    )


def _kind_boxes() -> tuple[Box, ...]:
    """Three and four of a kind: the sum of all dice when enough of them match."""
    return (
        Box(
            "three_of_a_kind",
            gettext_noop("Three of a kind"),
            gettext_noop("Sum of all dice when at least three show the same face."),
            "lower",
            sum_if(lambda c: max(c) >= 3),
            0,
            30,
        ),
        Box(
            "four_of_a_kind",
            gettext_noop("Four of a kind"),
            gettext_noop("Sum of all dice when at least four show the same face."),
            "lower",
            sum_if(lambda c: max(c) >= 4),
            0,
            30,
        ),
    )


def _pattern_boxes() -> tuple[Box, ...]:
    """Full house, the straights and the Yahtzee: fixed points for a pattern."""
    return (
        Box(
            "full_house",
            gettext_noop("Full house"),
            gettext_noop("25 for three of one face and two of another."),
            "lower",
            fixed_if(lambda c: patterns.shape(c) == (3, 2), 25),
            0,
            25,
        ),
        Box(
            "small_straight",
            gettext_noop("Small straight"),
            gettext_noop("30 for four faces in a row (1-2-3-4, 2-3-4-5 or 3-4-5-6)."),
            "lower",
            fixed_if(lambda c: patterns.longest_run(c) >= 4, 30),
            0,
            30,
        ),
        Box(
            "large_straight",
            gettext_noop("Large straight"),
            gettext_noop("40 for five faces in a row (1-2-3-4-5 or 2-3-4-5-6)."),
            "lower",
            fixed_if(lambda c: patterns.longest_run(c) == 5, 40),
            0,
            40,
        ),
        Box(
            "yahtzee",
            gettext_noop("Yahtzee"),
            gettext_noop("50 when all five dice show the same face."),
            "lower",
            fixed_if(patterns.is_five_of_a_kind, 50),
            0,
            50,
        ),
    )


class Yahtzee(RuleSet):
    """Yahtzee: 13 boxes, upper bonus 35 at 63, +100 per extra Yahtzee, joker rule."""

    name = "yahtzee"
    title = gettext_noop("Yahtzee")
    summary = gettext_noop(
        "The classic: thirteen boxes, a 35-point bonus for 63 in the upper section, "
        "and 100 more for every extra Yahtzee."
    )
    option_choices = MappingProxyType({"joker": ("forced", "free")})
    upper_bonus_threshold = 63
    upper_bonus_points = 35
    extra_yahtzee_bonus = 100

    def _make_boxes(self) -> tuple[Box, ...]:
        return yahtzee_boxes()

    def rule_scores(self, key: str) -> frozenset[int]:
        """Full house and the straights can hold their joker value."""
        return frozenset({JOKER_POINTS[key]}) if key in JOKER_POINTS else frozenset()

    def special_rule_phrases(self) -> tuple[Words, ...]:
        """Upper bonus, extra-Yahtzee bonus and the joker rule of the chosen option."""
        if self.options["joker"] == "forced":
            joker = gettext_noop(
                "Joker rule: a Yahtzee rolled once the Yahtzee box is filled must go in its "
                "upper box (five 4s in Fours) if that is open; otherwise in any open lower box, "
                "where full house, small and large straight score 25, 30 and 40; and only "
                "when the lower section is full, in an open upper box for 0."
            )
        else:
            joker = gettext_noop(
                "Joker rule (free): a Yahtzee may go in any open box; once the Yahtzee box "
                "and its upper box are both filled, full house, small and large straight "
                "score 25, 30 and 40 with it."
            )
        return (
            *super().special_rule_phrases(),
            Words(
                gettext_noop(
                    "Every further Yahtzee earns 100 bonus points while the Yahtzee box holds 50 "
                    "(none if it was filled with 0)."
                )
            ),
            Words(joker),
        )

    def _joker_context(self, card: Scorecard, col: int, counts: Counts) -> tuple[str, bool] | None:
        """For a Yahtzee played after the column's Yahtzee box is used: the matching
        upper box and whether it is still open.  ``None`` when no joker applies."""
        row = card.scores[col]
        if not patterns.is_five_of_a_kind(counts) or row[self._index["yahtzee"]] is None:
            return None
        upper_key = UPPER[counts.index(5) - 1]
        return upper_key, row[self._index[upper_key]] is None

    def column_placements(self, card: Scorecard, col: int, counts: Counts) -> list[Placement]:
        """Open boxes at face value, unless the joker rule of this column applies."""
        context = self._joker_context(card, col, counts)
        if context is None:
            return self.plain_placements(card, col, counts)
        upper_key, upper_open = context
        row = card.scores[col]
        bonus = self.extra_yahtzee_bonus if row[self._index["yahtzee"]] == 50 else 0
        if self.options["joker"] == "forced":
            if upper_open:
                keys, full = [upper_key], False
            else:
                lower = [k for k in self.section_boxes("lower") if row[self._index[k]] is None]
                keys, full = lower or list(self.categories), True
        else:
            keys, full = list(self.categories), not upper_open
        column = self.columns[col]
        found = []
        for key in keys:
            if row[self._index[key]] is not None:
                continue
            if full and key in JOKER_POINTS:
                found.append(Placement(column, key, JOKER_POINTS[key], bonus, joker=True))
            else:
                found.append(Placement(column, key, self._box[key].scorer(counts), bonus))
        return found

    def illegal_reason(
        self, card: Scorecard, col: int, key: str, counts: Counts, announced: str | None
    ) -> RulesError:
        context = self._joker_context(card, col, counts)
        if context is not None:
            upper_key, upper_open = context
            if upper_open:
                return RulesError(
                    "illegal_box",
                    gettext_noop(
                        "joker rule: a Yahtzee of %(face)s must go in the open %(box)s box"
                    ),
                    face=upper_key,
                    box=self.box_title(upper_key),
                )
            return RulesError(
                "illegal_box",
                gettext_noop(
                    "joker rule: with %(box)s filled, a Yahtzee goes in an open lower box while "
                    "there is one"
                ),
                box=self.box_title(upper_key),
            )
        return super().illegal_reason(card, col, key, counts, announced)


class TripleYahtzee(Yahtzee):
    """Three Yahtzee columns played at once; column totals count x1, x2 and x3."""

    name = "triple_yahtzee"
    title = gettext_noop("Triple Yahtzee")
    summary = gettext_noop(
        "Three Yahtzee sheets side by side: fill any box of any column, and the columns "
        "count once, twice and three times."
    )
    columns = ("x1", "x2", "x3")
    multipliers = (1, 2, 3)
    # Symbols, the same in every language: not marked for translation.
    column_titles = MappingProxyType(
        {
            "x1": "\N{MULTIPLICATION SIGN}1",
            "x2": "\N{MULTIPLICATION SIGN}2",
            "x3": "\N{MULTIPLICATION SIGN}3",
        }
    )
    column_rules = MappingProxyType(
        {
            "x1": gettext_noop("Its total, bonuses included, counts once."),
            "x2": gettext_noop("Its total, bonuses included, counts twice."),
            "x3": gettext_noop("Its total, bonuses included, counts three times."),
        }
    )

    def special_rule_phrases(self) -> tuple[Words, ...]:
        """Yahtzee's rules, applied to each column on its own."""
        return (
            Words(gettext_noop("Each turn fills any open box of any column.")),
            Words(
                gettext_noop(
                    "Each column is a Yahtzee sheet of its own: the bonuses and the joker rule "
                    "below look only at the column the dice are placed in."
                )
            ),
            *super().special_rule_phrases(),
        )
