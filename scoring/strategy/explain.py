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
from scoring.words import Param, Words, gettext_noop

# Words for kept dice: "the six", "the three sixes" (said by ``common.words.say``).
FACE_WORDS = (
    gettext_noop("ones"),
    gettext_noop("twos"),
    gettext_noop("threes"),
    gettext_noop("fours"),
    gettext_noop("fives"),
    gettext_noop("sixes"),
)
ONE_DIE = (
    gettext_noop("the one"),
    gettext_noop("the two"),
    gettext_noop("the three"),
    gettext_noop("the four"),
    gettext_noop("the five"),
    gettext_noop("the six"),
)
SAME_DICE = (
    "",
    "",
    gettext_noop("the two %(faces)s"),
    gettext_noop("the three %(faces)s"),
    gettext_noop("the four %(faces)s"),
    gettext_noop("the five %(faces)s"),
)
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
    total, good = 6**free, 0
    for throw in itertools.combinations_with_replacement(range(1, 7), free):
        ways = math.factorial(free)
        for count in Counter(throw).values():
            ways //= math.factorial(count)
        if _good(rs, box, (*keep, *throw)):
            good += ways
    return good / float(total)


def _kept_words(keep: tuple[int, ...]) -> Words:
    """ "the three sixes", "the 2-3-4-5", "the 6", "5 5 3"."""
    if len(set(keep)) == 1:
        face = keep[0]
        if len(keep) == 1:
            return Words(ONE_DIE[face - 1])
        return Words(SAME_DICE[len(keep)], {"faces": FACE_WORDS[face - 1]})
    ordered = sorted(keep)
    if len(set(ordered)) == len(ordered) and ordered[-1] - ordered[0] == len(ordered) - 1:
        return Words(gettext_noop("the %(run)s"), {"run": "-".join(map(str, ordered))})
    return Words(" ".join(map(str, sorted(keep, reverse=True))))


# Keep sentences by the number of boxes named (1 to TARGETS_NAMED), and whether the upper
# bonus comes within reach too.
WITHIN_REACH = {
    (1, False): gettext_noop("Keep %(dice)s: %(box)s is within reach."),
    (2, False): gettext_noop("Keep %(dice)s: %(box)s and %(box2)s are both within reach."),
    (3, False): gettext_noop("Keep %(dice)s: %(box)s, %(box2)s and %(box3)s are all within reach."),
    (1, True): gettext_noop("Keep %(dice)s: %(box)s is within reach, and so is the upper bonus."),
    (2, True): gettext_noop(
        "Keep %(dice)s: %(box)s and %(box2)s are both within reach, and so is the upper bonus."
    ),
    (3, True): gettext_noop(
        "Keep %(dice)s: %(box)s, %(box2)s and %(box3)s are all within "
        "reach, and so is the upper bonus."
    ),
}


def _bonus_open(sheet: Scorecard, rs: RuleSet) -> bool:
    """Whether some column can still earn the upper bonus and has not yet."""
    if rs.upper_bonus_points <= 0:
        return False
    return any(sheet.column_totals(column).upper_bonus == 0 for column in rs.columns)


def why_keep(sheet: Scorecard, keep: tuple[int, ...]) -> Words:
    """Why to keep ``keep`` (values) and reroll the rest."""
    rs = sheet.ruleset
    if not keep:
        return Words(
            gettext_noop("Reroll all five: none of these dice helps the boxes still open enough.")
        )
    open_boxes = sorted({box for _column, box in sheet.open_slots()}, key=rs.index)
    lifts = []
    for box in open_boxes:
        lift = _chance(rs, box, tuple(sorted(keep))) - _chance(rs, box, ())
        if lift >= LIFT:
            lifts.append((lift * rs.box(box).high, box))
    targets = [box for _weight, box in sorted(lifts, key=lambda t: (-t[0], rs.index(t[1])))]
    names = [rs.box_title(box) for box in targets[:TARGETS_NAMED]]
    kept = _kept_words(keep)
    if not names:
        return Words(
            gettext_noop("Keep %(dice)s: it gives the best final score from here."), {"dice": kept}
        )
    bonus = rs.box(targets[0]).section == "upper" and _bonus_open(sheet, rs)
    params: dict[str, Param] = {"dice": kept}
    params.update(zip(("box", "box2", "box3"), names, strict=False))
    return Words(WITHIN_REACH[len(names), bonus], params)


def why_place(
    sheet: Scorecard,
    dice: Sequence[int],
    box: str,
    column: str | None,
    announced: str | None = None,
) -> Words:
    """Why to fill ``box`` (in ``column``) with ``dice`` now."""
    rs = sheet.ruleset
    options = sheet.options(dice, announced=announced)
    chosen = next(
        (p for p in options if p.box == box and (column is None or p.column == column)), None
    )
    where: Param = rs.box_title(box)
    if len(rs.columns) > 1 and column:
        where = Words("%(box)s (%(column)s)", {"box": where, "column": rs.column_title(column)})
    if chosen is None:
        return Words(
            gettext_noop("Fill %(box)s: it gives the best final score from here."), {"box": where}
        )
    points = chosen.points + chosen.bonus
    if points == 0:
        return Words(
            gettext_noop(
                "Score 0 in %(box)s: of the open boxes, it is the one you will miss least."
            ),
            {"box": where},
        )
    params: dict[str, Param] = {"points": points, "box": where}
    if sheet.gain(chosen) > points and rs.box(box).section == "upper":
        return Words(gettext_noop("Score %(points)s in %(box)s: it earns the upper bonus."), params)
    if points >= max(p.points + p.bonus for p in options):
        return Words(
            gettext_noop("Score %(points)s in %(box)s: the most these dice can score."), params
        )
    return Words(
        gettext_noop(
            "Score %(points)s in %(box)s: the boxes worth more are better kept for a better roll."
        ),
        params,
    )


def why(sheet: Scorecard, dice: Sequence[int], best: Choice, announced: str | None = None) -> Words:
    """One sentence on why ``best`` (a choice of ``advise``) is the move to make (said in
    English by ``str``, in the viewer's language by ``common.words.say``).

    >>> from scoring import rulesets
    >>> card = rulesets.get("yahtzee").new_scorecard()
    >>> str(why(card, (2, 3, 4, 5, 1), Choice("keep", 250.0, keep=(2, 3, 4, 5))))
    'Keep the 2-3-4-5: Small straight and Large straight are both within reach.'
    >>> str(why(card, (2, 3, 4, 5, 6), Choice("place", 250.0, box="large_straight",
    ...                                       column="main")))
    'Score 40 in Large straight: the most these dice can score.'
    """
    if best.kind == "keep":
        return why_keep(sheet, tuple(best.keep))
    if best.kind == "announce":
        return Words(
            gettext_noop(
                "Announce %(box)s: of the boxes you may announce, these dice suit it best."
            ),
            {"box": sheet.ruleset.box_title(best.box or "")},
        )
    return why_place(sheet, dice, best.box or "", best.column, announced)
