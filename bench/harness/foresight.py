"""A cheater with foresight, for the foresight bench and tests (issue 41): a player who
knows every die slot of the day (a scout saw them) and plans each round's rerolls to
land on them.

Each round, from the first roll (the same for everyone), it tries every way to hold
dice for the second and the third roll, reads the faces the slots will show, and
takes the plan whose final dice are worth most: the box's points plus the expected
rest of the game (the exact advisor's value of placing them). Yahtzee and Yatzy.

>>> from scoring import rulesets
>>> from scoring.turn import Turn
>>> from scoring import duplicate
>>> seed = bytes(32)
>>> card = rulesets.get("yatzy").new_scorecard()
>>> turn = Turn().roll(duplicate.source(seed, 1, 1, ()), card=card)
>>> type(Foresight(seen(seed)).decide(card, turn)).__name__ in ("Roll", "Place")
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from scoring import duplicate
from scoring.dice import DICE_COUNT
from scoring.scorecard import Scorecard
from scoring.strategy.advisors import advisor_for
from scoring.strategy.decisions import Decision, Place, Roll
from scoring.turn import Turn

Faces = Callable[[int, int, int], int]  # (round, roll, slot) -> the face that slot shows
HOLDS = tuple(
    tuple(p for p in range(DICE_COUNT) if mask >> p & 1) for mask in range(2**DICE_COUNT - 1)
)  # every hold but all five


def seen(seed: bytes) -> Faces:
    """Every slot of the dice of ``seed``, as a scout who rerolled all five dice at every
    roll of a game on them saw it."""
    return lambda round_, roll, slot: duplicate.die(seed, round_, roll, slot)


class Foresight:
    """Plays knowing the ``faces`` every slot will show; a ``Strategy``."""

    def __init__(self, faces: Faces) -> None:
        self.faces = faces
        self._plans: dict[
            tuple[Scorecard, int], tuple[tuple[tuple[int, ...], ...], tuple[str, str]]
        ] = {}

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        """The planned move: the next planned hold, or the planned box."""
        round_ = card.filled_count + 1
        key = (card, round_)
        if key not in self._plans:
            self._plans = {key: plan(card, self.faces, round_)}
        holds, (box, column) = self._plans[key]
        done = turn.rolls_used - 1
        if done < len(holds):
            return Roll(holds[done])
        return Place(box, column)


def plan(
    card: Scorecard, faces_of: Faces, round_: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[str, str]]:
    """The best plan of round ``round_`` knowing the slots: the holds of its rerolls (none,
    one or two) and the box (and column) to fill."""
    advisor = advisor_for(card.ruleset)

    @cache
    def placed(dice: tuple[int, ...]) -> tuple[float, str, str]:
        best = advisor.advise(card, dice, 0)[0]
        return best.value, best.box or "", best.column or ""

    def worth(dice: tuple[int, ...]) -> tuple[float, str, str]:
        return placed(tuple(sorted(dice)))

    faces = [[faces_of(round_, roll, slot) for slot in range(DICE_COUNT)] for roll in (1, 2, 3)]
    first = tuple(faces[0])
    best: tuple[float, tuple[tuple[int, ...], ...], tuple[int, ...]] = (worth(first)[0], (), first)
    for hold in HOLDS:
        second = tuple(first[i] if i in hold else faces[1][i] for i in range(DICE_COUNT))
        if worth(second)[0] > best[0]:
            best = (worth(second)[0], (hold,), second)
        for again in HOLDS:
            third = tuple(second[i] if i in again else faces[2][i] for i in range(DICE_COUNT))
            if worth(third)[0] > best[0]:
                best = (worth(third)[0], (hold, again), third)
    _, box, column = worth(best[2])
    return best[1], (box, column)
