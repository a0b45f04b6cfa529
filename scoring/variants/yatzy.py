"""Yatzy (Scandinavian rules), with the seed-001 option of exact counts."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType

from scoring import patterns
from scoring.boxes import Box, fixed_if, upper_boxes
from scoring.dice import Counts
from scoring.ruleset import RuleSet


def _kind(need: int, exact: bool) -> Callable[[Counts], int]:
    return lambda c: need * patterns.best_face(c, need, exact=exact)


def _two_pairs(exact: bool) -> Callable[[Counts], int]:
    def scorer(c: Counts) -> int:
        faces = patterns.faces_with(c, 2, exact=exact)
        return 2 * (faces[0] + faces[1]) if len(faces) >= 2 else 0

    return scorer


def _full_house(c: Counts) -> int:
    return patterns.total(c) if patterns.shape(c) == (3, 2) else 0


class Yatzy(RuleSet):
    """Yatzy: 15 boxes, upper bonus 50 at 63, kinds score only the matching dice."""

    name = "yatzy"
    title = "Yatzy"
    summary = (
        "The Scandinavian cousin: fifteen boxes with a pair and two pairs, "
        "kinds that score only the matching dice, and a 50-point upper bonus."
    )
    option_choices = MappingProxyType({"exact_counts": (False, True)})
    upper_bonus_threshold = 63
    upper_bonus_points = 50

    def special_rules(self) -> tuple[str, ...]:
        """The upper bonus, and no joker."""
        return (
            *super().special_rules(),
            "A second yatzy scores like any other roll: there is no joker and no extra bonus.",
        )

    def _make_boxes(self) -> tuple[Box, ...]:
        exact = self.options["exact_counts"]
        at = "exactly" if exact else "at least"
        return (
            *upper_boxes(),
            Box("one_pair", "One pair",
                f"Sum of the highest two matching dice (a face shown by {at} two dice).",
                "lower", _kind(2, exact), 0, 12),
            Box("two_pairs", "Two pairs",
                f"Sum of two pairs of different faces (each shown by {at} two dice).",
                "lower", _two_pairs(exact), 0, 22),
            Box("three_of_a_kind", "Three of a kind",
                f"Sum of three matching dice (a face shown by {at} three dice).",
                "lower", _kind(3, exact), 0, 18),
            Box("four_of_a_kind", "Four of a kind",
                f"Sum of four matching dice (a face shown by {at} four dice).",
                "lower", _kind(4, exact), 0, 24),
            Box("small_straight", "Small straight", "15 for exactly 1-2-3-4-5.", "lower",
                fixed_if(lambda c: patterns.is_exact_straight(c, 1), 15), 0, 15),
            Box("large_straight", "Large straight", "20 for exactly 2-3-4-5-6.", "lower",
                fixed_if(lambda c: patterns.is_exact_straight(c, 2), 20), 0, 20),
            Box("full_house", "Full house",
                "Sum of all dice for three of one face and two of another.",
                "lower", _full_house, 0, 28),
            Box("chance", "Chance", "Sum of all dice.", "lower", patterns.total, 5, 30),
            Box("yatzy", "Yatzy", "50 when all five dice show the same face.", "lower",
                fixed_if(patterns.is_five_of_a_kind, 50), 0, 50),
        )
