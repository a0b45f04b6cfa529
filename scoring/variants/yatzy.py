"""Yatzy (Scandinavian rules), with the seed-001 option of exact counts."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType

from scoring import patterns
from scoring.boxes import Box, fixed_if, upper_boxes
from scoring.dice import Counts
from scoring.ruleset import RuleSet
from scoring.words import Words, gettext_noop


def _kind(need: int, exact: bool) -> Callable[[Counts], int]:
    return lambda c: need * patterns.best_face(c, need, exact=exact)


def _two_pairs(exact: bool) -> Callable[[Counts], int]:
    def scorer(c: Counts) -> int:
        faces = patterns.faces_with(c, 2, exact=exact)
        return 2 * (faces[0] + faces[1]) if len(faces) >= 2 else 0

    return scorer


def _full_house(c: Counts) -> int:
    return patterns.total(c) if patterns.shape(c) == (3, 2) else 0


def _matching_rules(exact: bool) -> tuple[str, ...]:
    """The rules of one pair, two pairs, three and four of a kind, by ``exact``."""
    if exact:
        return (
            gettext_noop(
                "Sum of the highest two matching dice (a face shown by exactly two dice)."
            ),
            gettext_noop("Sum of two pairs of different faces (each shown by exactly two dice)."),
            gettext_noop("Sum of three matching dice (a face shown by exactly three dice)."),
            gettext_noop("Sum of four matching dice (a face shown by exactly four dice)."),
        )
    return (
        gettext_noop("Sum of the highest two matching dice (a face shown by at least two dice)."),
        gettext_noop("Sum of two pairs of different faces (each shown by at least two dice)."),
        gettext_noop("Sum of three matching dice (a face shown by at least three dice)."),
        gettext_noop("Sum of four matching dice (a face shown by at least four dice)."),
    )


def _matching_boxes(exact: bool) -> tuple[Box, ...]:
    """One pair, two pairs, three and four of a kind: the sum of the matching dice only
    (with ``exact``, of faces shown by exactly that many dice)."""
    rules = _matching_rules(exact)
    return (
        Box("one_pair", gettext_noop("One pair"), rules[0], "lower", _kind(2, exact), 0, 12),
        Box(
            "two_pairs",
            gettext_noop("Two pairs"),
            rules[1],
            "lower",
            _two_pairs(exact),
            0,
            22,
        ),
        Box(
            "three_of_a_kind",
            gettext_noop("Three of a kind"),
            rules[2],
            "lower",
            _kind(3, exact),
            0,
            18,
        ),
        Box(
            "four_of_a_kind",
            gettext_noop("Four of a kind"),
            rules[3],
            "lower",
            _kind(4, exact),
            0,
            24,
        ),
    )


def _whole_roll_boxes() -> tuple[Box, ...]:
    """The straights, full house, chance and yatzy: they score the whole roll, with or
    without exact counts."""
    return (
        Box(
            "small_straight",
            gettext_noop("Small straight"),
            gettext_noop("15 for exactly 1-2-3-4-5."),
            "lower",
            fixed_if(lambda c: patterns.is_exact_straight(c, 1), 15),
            0,
            15,
        ),
        Box(
            "large_straight",
            gettext_noop("Large straight"),
            gettext_noop("20 for exactly 2-3-4-5-6."),
            "lower",
            fixed_if(lambda c: patterns.is_exact_straight(c, 2), 20),
            0,
            20,
        ),
        Box(
            "full_house",
            gettext_noop("Full house"),
            gettext_noop("Sum of all dice for three of one face and two of another."),
            "lower",
            _full_house,
            0,
            28,
        ),
        Box(
            "chance",
            gettext_noop("Chance"),
            gettext_noop("Sum of all dice."),
            "lower",
            patterns.total,
            5,
            30,
        ),
        Box(
            "yatzy",
            gettext_noop("Yatzy"),
            gettext_noop("50 when all five dice show the same face."),
            "lower",
            fixed_if(patterns.is_five_of_a_kind, 50),
            0,
            50,
        ),
    )


class Yatzy(RuleSet):
    """Yatzy: 15 boxes, upper bonus 50 at 63, kinds score only the matching dice."""

    name = "yatzy"
    title = gettext_noop("Yatzy")
    summary = gettext_noop(
        "The Scandinavian cousin: fifteen boxes with a pair and two pairs, "
        "kinds that score only the matching dice, and a 50-point upper bonus."
    )
    option_choices = MappingProxyType({"exact_counts": (False, True)})
    upper_bonus_threshold = 63
    upper_bonus_points = 50

    def special_rule_phrases(self) -> tuple[Words, ...]:
        """The upper bonus, and no joker."""
        return (
            *super().special_rule_phrases(),
            Words(
                gettext_noop(
                    "A second yatzy scores like any other roll: there is no joker "
                    "and no extra bonus."
                )
            ),
        )

    def _make_boxes(self) -> tuple[Box, ...]:
        exact = self.options["exact_counts"]
        return (*upper_boxes(), *_matching_boxes(exact), *_whole_roll_boxes())
