"""The beginner: a simple sensible player that holds towards the best-looking box and
places for the most points.

Each decision looks one roll ahead only.  For every box the current dice could
fill, the beginner tries a few natural holds (see ``holds.candidate_holds``) and
works out the exact expected score of that box after one more roll; it rolls
towards the best of those unless the dice already score at least as much now, or
already score the most their best box can hold.  It then fills the box that adds
the most to its total (ties and scratches go to the box that can hold the least),
paying no attention to what later turns might need.

>>> from scoring import rulesets
>>> from scoring.dice import scripted
>>> from scoring.turn import Turn
>>> card = rulesets.get("yahtzee").new_scorecard()
>>> turn = Turn().roll(scripted([6, 6, 6, 2, 3]), card=card)
>>> Beginner().decide(card, turn)
Roll(hold=(0, 1, 2))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from scoring.scorecard import Placement, Scorecard
from scoring.strategy.decisions import Announce, Decision, Place, Roll
from scoring.strategy.holds import Values, candidate_holds, positions
from scoring.strategy.odds import expected, means
from scoring.turn import Turn

# While a Yam's column's maximum is open, a beginner keeps its minimum at this or
# below: a higher minimum is worth nothing to them (it risks the pair counting 0).
MINIMUM_CAP = 15
# Expected values closer than this are a tie (floating-point sums).
EPSILON = 1e-9

Worth = Callable[[int], float]


@dataclass(frozen=True)
class Aim:
    """A box to roll for, the hold that goes for it and its expected worth."""

    column: str
    box: str
    held: Values
    value: float


class Beginner:
    """A simple sensible player that holds towards the best-looking box and places for
    the most points.  Stateless: one instance can play any number of games."""

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        """Announce if Yam's requires it (or the dice already fill an announced box to
        the top), roll towards the box with the best expected score if that beats
        what the dice score now, otherwise place for the most points."""
        if not turn.has_rolled or card.is_complete:
            raise ValueError("decide is asked after the first roll of an unfinished sheet")
        announced = announcement(card, turn)
        if announced is not None:
            return Announce(announced)
        options = card.options(turn.dice, announced=turn.announced)
        if not options:
            raise ValueError("no legal placement: a Yam's turn that had to announce did not")
        place, value = best_placement(card, options)
        if turn.rolls_left and not is_made(card, place, value):
            aim = best_aim(card, turn.dice, options)
            if aim is not None and aim.value > value + EPSILON:
                return Roll(positions(turn.dice, aim.held))
        return Place(place.box, place.column)


def worth(card: Scorecard, column: str, box: str) -> Worth:
    """What a score in ``box`` of ``column`` is worth to a beginner: the points times the
    column's multiplier, except for Yam's maximum and minimum (see ``pair_rule``)."""
    rs = card.ruleset
    multiplier = rs.multipliers[rs.columns.index(column)]
    rule = pair_rule(card, column, box)
    if rule is None:
        return lambda points: points * multiplier
    return lambda points: rule(points) * multiplier


def pair_rule(card: Scorecard, column: str, box: str) -> Worth | None:
    """Yam's maximum and minimum: the pair counts 0 unless the minimum is below the
    maximum, so a score is worth its points only on the right side of the other box
    (and costs the other box's points otherwise).  While the maximum is open, a
    minimum above ``MINIMUM_CAP`` is worth nothing.  ``None`` for every other box."""
    rs = card.ruleset
    pair = {"maximum": "minimum", "minimum": "maximum"}
    if box not in pair or pair[box] not in rs.categories:
        return None
    other = card.scores[rs.columns.index(column)][rs.index(pair[box])]
    if other is None:
        if box == "minimum":
            return lambda points: points if points <= MINIMUM_CAP else 0
        return lambda points: points
    if box == "minimum":
        return lambda points: points if points < other else -other
    return lambda points: points if points > other else -other


def placement_value(card: Scorecard, option: Placement) -> float:
    """How much ``option`` adds to the sheet: its ``worth``, any extra-Yahtzee bonus and
    an upper bonus it reaches, times the column's multiplier."""
    rs = card.ruleset
    multiplier = rs.multipliers[rs.columns.index(option.column)]
    gained = worth(card, option.column, option.box)(option.points) + option.bonus * multiplier
    if option.box in rs.section_boxes("upper"):
        upper = card.column_totals(option.column).upper
        if upper < rs.upper_bonus_threshold <= upper + option.points:
            gained += rs.upper_bonus_points * multiplier
    return gained


def best_placement(card: Scorecard, options: Iterable[Placement]) -> tuple[Placement, float]:
    """The placement adding the most; on a tie the box that can hold the least, then
    the first in sheet order (column, then box)."""
    rs = card.ruleset
    scored = [(placement_value(card, option), option) for option in options]
    value, chosen = min(
        scored,
        key=lambda item: (
            -item[0],
            rs.box_bounds(item[1].box)[1],
            rs.columns.index(item[1].column),
            rs.index(item[1].box),
        ),
    )
    return chosen, value


def is_made(card: Scorecard, option: Placement, value: float) -> bool:
    """Whether ``option`` already scores the most its box can hold, at full worth:
    rolling again cannot make that box any better."""
    rs = card.ruleset
    high = rs.box_bounds(option.box)[1]
    multiplier = rs.multipliers[rs.columns.index(option.column)]
    return 0 < high == option.points and value >= high * multiplier


def best_aim(card: Scorecard, dice: Values, options: Iterable[Placement]) -> Aim | None:
    """Among the slots of ``options``, the box and hold with the best expected worth
    after one more roll (the first in sheet order on a tie); ``None`` without options."""
    holds = candidate_holds(dice)
    best: Aim | None = None
    for option in options:
        aim = aim_at(card, option.column, option.box, holds)
        if best is None or aim.value > best.value + EPSILON:
            best = aim
    return best


def aim_at(card: Scorecard, column: str, box: str, holds: Iterable[Values]) -> Aim:
    """The hold among ``holds`` (at least one) with the best expected worth of one slot
    after one more roll (the first on a tie)."""
    rs = card.ruleset
    multiplier = rs.multipliers[rs.columns.index(column)]
    rule = pair_rule(card, column, box)
    table = means(rs, box) if rule is None else {}
    best: Aim | None = None
    for held in holds:
        if rule is None:
            value = table[held] * multiplier
        else:
            value = expected(rs, box, held, rule) * multiplier
        if best is None or value > best.value + EPSILON:
            best = Aim(column, box, held, value)
    if best is None:
        raise ValueError("aim_at needs at least one hold")
    return best


def announcement(card: Scorecard, turn: Turn) -> str | None:
    """Yam's, right after the first roll: the box to announce, or ``None``.

    When only announced boxes are left the beginner announces the one with the best
    prospect (its worth now, or after one more roll).  Otherwise it announces only a
    box the dice already fill to the top (a straight, a yams...), the most valuable.
    """
    rs = card.ruleset
    column = rs.announce_column
    if column is None or turn.rolls_used != 1 or turn.announced is not None:
        return None
    boxes = card.open_boxes(column)
    if not boxes:
        return None
    now = {box: worth(card, column, box)(rs.score(turn.dice, box)) for box in boxes}
    if card.must_announce:
        holds = candidate_holds(turn.dice)
        prospects = {
            box: round(max(now[box], aim_at(card, column, box, holds).value), 9) for box in boxes
        }
        return min(boxes, key=lambda box: (-prospects[box], rs.box_bounds(box)[1]))
    made = [box for box in boxes if 0 < rs.box_bounds(box)[1] <= now[box]]
    return max(made, key=lambda box: now[box], default=None)
