"""What the coach and the expert bots say about a position: every choice with its value.

An *advisor* knows one rule set.  ``advise`` lists every distinct choice open to a
player (which dice to keep for the next roll, which box to fill, or in Yam's which
box to announce) with the expected final score of the whole sheet if the player
makes that choice and plays the advisor's strategy afterwards, best first.  Exact
advisors (Yahtzee, Yatzy) give the true optimum; the others give an estimate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from scoring.scorecard import Scorecard
from scoring.strategy.decisions import Announce, Decision, Place, Roll

ChoiceKind = Literal["keep", "place", "announce"]


@dataclass(frozen=True)
class Choice:
    """One option of a decision and its expected final score (``value``).

    ``keep`` holds the dice values kept for the next roll (sorted; ``kind == "keep"``);
    ``box`` and ``column`` name the box filled (``"place"``) or announced
    (``"announce"``, column is the announced column).
    """

    kind: ChoiceKind
    value: float
    keep: tuple[int, ...] = ()
    box: str | None = None
    column: str | None = None

    def to_json(self) -> dict[str, object]:
        """Plain JSON data for the coach and the review."""
        data: dict[str, object] = {"kind": self.kind, "value": round(self.value, 4)}
        if self.kind == "keep":
            data["keep"] = list(self.keep)
        else:
            data["box"] = self.box
            data["column"] = self.column
        return data


@runtime_checkable
class Advisor(Protocol):
    """Values positions of one rule set; ``exact`` says whether they are the true optimum."""

    exact: bool

    def state_value(self, card: Scorecard) -> float:
        """The expected score still to come from ``card`` at the start of a turn."""
        ...

    def advise(
        self,
        card: Scorecard,
        dice: Sequence[int],
        rolls_left: int,
        *,
        announced: str | None = None,
    ) -> tuple[Choice, ...]:
        """Every distinct choice after a roll, best first.  ``rolls_left`` > 0 lists the
        keeps of fewer than five dice and the boxes open now (keeping all five never
        beats the best of those); 0 lists the boxes.  In Yam's, right after the first
        roll, the announcements are listed too."""
        ...


def hold_positions(dice: Sequence[int], keep: Sequence[int]) -> tuple[int, ...]:
    """The positions of ``dice`` to hold so that exactly the values ``keep`` stay.

    >>> hold_positions((6, 2, 6, 3, 6), (6, 6))
    (0, 2)
    """
    wanted = list(keep)
    held = []
    for position, value in enumerate(dice):
        if value in wanted:
            wanted.remove(value)
            held.append(position)
    if wanted:
        raise ValueError(f"cannot keep {list(keep)} from dice {list(dice)}")
    return tuple(held)


def decision_for(choice: Choice, dice: Sequence[int]) -> Decision:
    """The bot move that carries out ``choice`` on ``dice``."""
    if choice.kind == "keep":
        return Roll(hold_positions(dice, choice.keep))
    if choice.kind == "announce":
        assert choice.box is not None
        return Announce(choice.box)
    assert choice.box is not None and choice.column is not None
    return Place(choice.box, choice.column)
