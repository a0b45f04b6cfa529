"""The lookahead advisor: exact play of the current turn against a calibrated estimate
of the rest of the sheet.  It advises Yam's and Triple Yahtzee, whose sheets are too
big to solve exactly (and any variant, where the solver is not at hand).

For every box a roll could fill, the value of filling it is the real change of the
total (multiplier, bonuses, the Yam's maximum/minimum rule, jokers) plus the value
model's estimate of the sheet after it (``scoring.strategy.sheet_model``).  The best
of those for each of the 252 rolls is backed up exactly through the rolls left
(``scoring.strategy.turn_widget``), for every keep; in Yam's each box that could be
announced is backed up on its own.  With no roll left, the few best boxes are valued
one turn deeper (``REFINE``).  Values are expected final scores.  A decision takes a
few milliseconds (p99 about 30 ms on a busy 2-core machine: ``bench/bots.py``).

>>> from scoring import rulesets
>>> card = rulesets.get("yams").new_scorecard()
>>> best = lookahead_for(card.ruleset).advise(card, (6, 6, 6, 6, 6), 2)[0]
>>> best.kind, best.box, best.column
('announce', 'yams', 'announced')
>>> lookahead_for(card.ruleset).advise(card, (6, 6, 2, 6, 3), 2)[0].keep
(6, 6, 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

import numpy as np

from scoring.dice import validate_dice
from scoring.ruleset import RuleSet
from scoring.scorecard import Placement, Scorecard
from scoring.strategy.advice import Choice
from scoring.strategy.sheet_model import SheetModel, model_for
from scoring.strategy.turn_widget import (
    FIRST_ROLL,
    KEEP_INDEX,
    ROLL_INDEX,
    ROLLS,
    SUB_KEEPS,
    keep_values,
    turn_values,
)

# A roll no joker rule applies to: the boxes it may fill are the plain legal boxes.
PROBE = (1, 2, 3, 4, 6)
FIVE_OF_A_KIND = tuple(i for i, roll in enumerate(ROLLS) if len(set(roll)) == 1)
# With no roll left, this many of the best boxes are valued one turn deeper: the
# sheet after each is valued by ``state_value`` (a lookahead of the next turn) rather
# than by the model alone; the other boxes get the mean correction of those.
REFINE = 4
# Order of equal values: placing ends the turn, so it goes first.
KIND_ORDER = {"place": 0, "announce": 1, "keep": 2}

Slot = tuple[int, int]


class LookaheadAdvisor:
    """Advice for one rule set from a one-turn exact lookahead (``exact`` is False)."""

    exact = False

    def __init__(
        self, ruleset: RuleSet, model: SheetModel | None = None, refine: int = REFINE
    ) -> None:
        self.ruleset = ruleset
        self.model = model or model_for(ruleset)
        self.refine = refine
        self.jokers = bool(ruleset.extra_yahtzee_bonus)

    # -- the Advisor protocol ------------------------------------------------------

    def state_value(self, card: Scorecard) -> float:
        """The expected points still to come from ``card`` at the start of a turn: the
        lookahead's own play of this turn, then the model's estimate."""
        if card.is_complete:
            return 0.0
        plain = [] if card.must_announce else self.slots(card, None)
        announce = self.announce_slots(card)
        table = self.model.after_place(card, plain + announce)
        best = np.full(len(ROLLS), -np.inf)
        if plain:
            terminal = self.terminal(card, plain, table[: len(plain)], None)
            best = np.maximum(best, turn_values(terminal).seen2)
        if announce:
            best = np.maximum(best, self._announced(table[len(plain) :], announce).max(axis=0))
        return float(FIRST_ROLL @ best)

    def advise(
        self,
        card: Scorecard,
        dice: Sequence[int],
        rolls_left: int,
        *,
        announced: str | None = None,
    ) -> tuple[Choice, ...]:
        """Every legal choice after a roll with its expected final score, best first."""
        dice = validate_dice(dice)
        if type(rolls_left) is not int or not 0 <= rolls_left <= 2:
            raise ValueError(f"rolls_left must be 0, 1 or 2; got {rolls_left!r}")
        if card.is_complete:
            raise ValueError("the sheet is complete: there is nothing to decide")
        rs, here = self.ruleset, ROLL_INDEX[tuple(sorted(dice))]
        total = card.total
        must = card.must_announce and announced is None
        plain = [] if must else self.slots(card, announced)
        announce = self.announce_slots(card) if announced is None and rolls_left == 2 else []
        table = self.model.after_place(card, plain + announce)
        choices: list[Choice] = []
        if plain:
            where = {slot: s for s, slot in enumerate(plain)}
            for p in card.options(dice, announced=announced):
                c = rs.columns.index(p.column)
                value = table[where[c, rs.index(p.box)], p.points] + self._bonus(p, c)
                choices.append(Choice("place", total + value, box=p.box, column=p.column))
            if not rolls_left and self.refine and len(choices) > 1:
                choices = self._deeper(card, dice, announced, choices)
            if rolls_left:
                terminal = self.terminal(card, plain, table[: len(plain)], announced)
                keeps = keep_values(terminal) if rolls_left == 1 else turn_values(terminal).keep2
                choices += [
                    Choice("keep", total + float(keeps[KEEP_INDEX[keep]]), keep=keep)
                    for keep in SUB_KEEPS[here]
                ]
        if announce:
            values = self._announced(table[len(plain) :], announce)[:, here]
            column = rs.announce_column
            choices += [
                Choice("announce", total + float(v), box=rs.categories[b], column=column)
                for (_, b), v in zip(announce, values, strict=True)
            ]
        # Values are rounded to 1e-9 so that sums done in another order tie exactly.
        ranked = sorted(
            ((round(ch.value, 9), KIND_ORDER[ch.kind], i) for i, ch in enumerate(choices)),
            key=lambda item: (-item[0], item[1], item[2]),
        )
        return tuple(replace(choices[i], value=float(value)) for value, _, i in ranked)

    # -- the machinery -------------------------------------------------------------

    def _deeper(
        self,
        card: Scorecard,
        dice: Sequence[int],
        announced: str | None,
        choices: list[Choice],
    ) -> list[Choice]:
        """Re-value the ``refine`` best placements one turn deeper (see ``REFINE``)."""
        best = sorted(range(len(choices)), key=lambda i: -choices[i].value)[: self.refine]
        found = list(choices)
        shifts = []
        for i in best:
            ch = choices[i]
            assert ch.box is not None  # a placement names its box
            after = card.place(dice, ch.box, ch.column, announced=announced)
            value = after.total + self.state_value(after)
            shifts.append(value - ch.value)
            found[i] = replace(ch, value=value)
        shift = sum(shifts) / len(shifts)
        return [
            ch if i in best else replace(ch, value=ch.value + shift) for i, ch in enumerate(found)
        ]

    def slots(self, card: Scorecard, announced: str | None) -> list[Slot]:
        """The (column, box) indexes a roll may fill, jokers aside."""
        rs = self.ruleset
        return [
            (rs.columns.index(p.column), rs.index(p.box))
            for p in card.options(PROBE, announced=announced)
        ]

    def announce_slots(self, card: Scorecard) -> list[Slot]:
        """Yam's: the open boxes of the announced column (none in other variants)."""
        rs = self.ruleset
        if rs.announce_column is None:
            return []
        c = rs.columns.index(rs.announce_column)
        return [(c, b) for b, value in enumerate(card.scores[c]) if value is None]

    def terminal(
        self, card: Scorecard, slots: list[Slot], table: np.ndarray, announced: str | None
    ) -> np.ndarray:
        """For every roll, the best value of filling one of ``slots`` with it (rows of
        ``table`` from ``SheetModel.after_place``); five of a kind asks the engine
        wherever a joker rule may apply."""
        boxes = [b for _, b in slots]
        rows = np.arange(len(slots))[:, None]
        terminal: np.ndarray = table[rows, self.model.scores[:, boxes].T].max(axis=0)
        yahtzee = self.model.yahtzee
        if (
            self.jokers
            and yahtzee is not None
            and any(column[yahtzee] is not None for column in card.scores)
        ):
            rs = self.ruleset
            where = {slot: s for s, slot in enumerate(slots)}
            for r in FIVE_OF_A_KIND:
                options = card.options(ROLLS[r], announced=announced)
                terminal[r] = max(
                    table[where[rs.columns.index(p.column), rs.index(p.box)], p.points]
                    + self._bonus(p, rs.columns.index(p.column))
                    for p in options
                )
        return terminal

    def _announced(self, table: np.ndarray, slots: list[Slot]) -> np.ndarray:
        """``seen2`` of each announced box on its own: rows follow ``slots``."""
        boxes = [b for _, b in slots]
        rows = np.arange(len(slots))[:, None]
        return turn_values(table[rows, self.model.scores[:, boxes].T]).seen2

    def _bonus(self, placement: Placement, c: int) -> float:
        return placement.bonus * float(self.ruleset.multipliers[c])


@cache
def lookahead_for(ruleset: RuleSet) -> LookaheadAdvisor:
    """The lookahead advisor of ``ruleset``, built once per process."""
    return LookaheadAdvisor(ruleset)
