"""Why a move is good, in one plain sentence: what kept dice aim at, what a box is worth.

The coach values every choice exactly (or by its estimate); this module only puts the
best one into words.  A keep is explained by the open boxes it brings within reach: the
boxes whose chance to score well after one more roll rises most over rerolling all five.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from scoring.dice import face_counts
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard
from scoring.strategy.advice import Choice

FACE_WORDS = ("ones", "twos", "threes", "fours", "fives", "sixes")
FACE_WORD = ("one", "two", "three", "four", "five", "six")
COUNT_WORDS = ("", "", "two", "three", "four", "five")
# A box is "within reach" when keeping the dice lifts its chance to score well by this.
LIFT = 0.1
TARGETS_NAMED = 3


def _good(rs: RuleSet, box: str, dice: tuple[int, ...]) -> bool:
    """Whether ``dice`` score well in ``box``: an upper box three of its face or more (par
    for the upper bonus), any other box anything at all."""
    spec = rs.box(box)
    points = spec.scorer(face_counts(dice))
    if spec.section == "upper":
        return points >= 3 * (spec.high // 5)  # the box of face f scores up to 5f
    return points > 0


@lru_cache(maxsize=256)
def _chance(rs: RuleSet, box: str, keep: tuple[int, ...]) -> float:
    """The chance that ``keep`` plus one throw of the other dice scores well in ``box``."""
    free = 5 - len(keep)
    total, good = 6 ** free, 0
    for throw in itertools.combinations_with_replacement(range(1, 7), free):
        ways = math.factorial(free)
        for count in Counter(throw).values():
            ways //= math.factorial(count)
        if _good(rs, box, (*keep, *throw)):
            good += ways
    return good / float(total)


def _kept_words(keep: tuple[int, ...]) -> str:
    """"the three sixes", "the 2-3-4-5", "the 6 and the 5", "5 5 3"."""
    if len(set(keep)) == 1:
        face = keep[0]
        return f"the {FACE_WORD[face - 1]}" if len(keep) == 1 else \
            f"the {COUNT_WORDS[len(keep)]} {FACE_WORDS[face - 1]}"
    ordered = sorted(keep)
    if len(set(ordered)) == len(ordered) and ordered[-1] - ordered[0] == len(ordered) - 1:
        return "the " + "-".join(map(str, ordered))
    return " ".join(map(str, sorted(keep, reverse=True)))


def _listing(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _bonus_open(sheet: Scorecard, rs: RuleSet) -> bool:
    """Whether some column can still earn the upper bonus and has not yet."""
    if rs.upper_bonus_points <= 0:
        return False
    return any(sheet.column_totals(column).upper_bonus == 0 for column in rs.columns)


def why_keep(sheet: Scorecard, keep: tuple[int, ...]) -> str:
    """Why to keep ``keep`` (values) and reroll the rest."""
    rs = sheet.ruleset
    if not keep:
        return "Reroll all five: none of these dice helps the boxes still open enough."
    open_boxes = sorted({box for _column, box in sheet.open_slots()}, key=rs.index)
    lifts = []
    for box in open_boxes:
        lift = _chance(rs, box, tuple(sorted(keep))) - _chance(rs, box, ())
        if lift >= LIFT:
            lifts.append((lift * rs.box(box).high, box))
    targets = [box for _weight, box in sorted(lifts, key=lambda t: (-t[0], rs.index(t[1])))]
    names = [rs.box_title(box) for box in targets[:TARGETS_NAMED]]
    if not names:
        return f"Keep {_kept_words(keep)}: it gives the best final score from here."
    verb = {1: "is", 2: "are both"}.get(len(names), "are all")
    sentence = f"Keep {_kept_words(keep)}: {_listing(names)} {verb} within reach"
    if rs.box(targets[0]).section == "upper" and _bonus_open(sheet, rs):
        sentence += ", and so is the upper bonus"
    return sentence + "."


def why_place(sheet: Scorecard, dice: Sequence[int], box: str, column: str | None,
              announced: str | None = None) -> str:
    """Why to fill ``box`` (in ``column``) with ``dice`` now."""
    rs = sheet.ruleset
    options = sheet.options(dice, announced=announced)
    chosen = next((p for p in options if p.box == box
                   and (column is None or p.column == column)), None)
    where = rs.box_title(box)
    if len(rs.columns) > 1 and column:
        where = f"{where} ({rs.column_title(column)})"
    if chosen is None:
        return f"Fill {where}: it gives the best final score from here."
    points = chosen.points + chosen.bonus
    if points == 0:
        return f"Score 0 in {where}: of the open boxes, it is the one you will miss least."
    sentence = f"Score {points} in {where}"
    if sheet.gain(chosen) > points and rs.box(box).section == "upper":
        return f"{sentence}: it earns the upper bonus."
    if points >= max(p.points + p.bonus for p in options):
        return f"{sentence}: the most these dice can score."
    return f"{sentence}: the boxes worth more are better kept for a better roll."


def why(sheet: Scorecard, dice: Sequence[int], best: Choice,
        announced: str | None = None) -> str:
    """One sentence on why ``best`` (a choice of ``advise``) is the move to make.

    >>> from scoring import rulesets
    >>> card = rulesets.get("yahtzee").new_scorecard()
    >>> why(card, (2, 3, 4, 5, 1), Choice("keep", 250.0, keep=(2, 3, 4, 5)))
    'Keep the 2-3-4-5: Small straight and Large straight are both within reach.'
    >>> why(card, (2, 3, 4, 5, 6), Choice("place", 250.0, box="large_straight", column="main"))
    'Score 40 in Large straight: the most these dice can score.'
    """
    if best.kind == "keep":
        return why_keep(sheet, tuple(best.keep))
    if best.kind == "announce":
        title = sheet.ruleset.box_title(best.box or "")
        return f"Announce {title}: of the boxes you may announce, these dice suit it best."
    return why_place(sheet, dice, best.box or "", best.column, announced)
