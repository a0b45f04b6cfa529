"""The expert: plays the advisor's best choice at every step.

For Yahtzee and Yatzy the advisor is the exact solver (optimal solitaire play); for
Yam's and Triple Yahtzee it is the lookahead (exact play of the turn against a
calibrated estimate of the rest of the sheet): see ``scoring.strategy.advisors``.

>>> from scoring import rulesets
>>> from scoring.dice import scripted
>>> from scoring.turn import Turn
>>> card = rulesets.get("yams").new_scorecard()
>>> turn = Turn().roll(scripted([6, 6, 6, 6, 6]), card=card)
>>> Expert().decide(card, turn)
Announce(box='yams')
"""

from __future__ import annotations

from scoring.scorecard import Scorecard
from scoring.strategy.advice import decision_for
from scoring.strategy.advisors import advisor_for
from scoring.strategy.decisions import Decision
from scoring.turn import Turn


class Expert:
    """The strongest level: the advisor's best choice.  Stateless and deterministic."""

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        """The advisor's best choice for this sheet and turn, as a move."""
        if not turn.has_rolled or card.is_complete:
            raise ValueError("decide is asked after the first roll of an unfinished sheet")
        choices = advisor_for(card.ruleset).advise(
            card, turn.dice, turn.rolls_left, announced=turn.announced
        )
        if not choices:
            raise ValueError("no legal placement: a Yam's turn that had to announce did not")
        return decision_for(choices[0], turn.dice)
