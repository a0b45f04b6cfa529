"""Which advisor knows which rule set: the exact solver where it exists, else the
one-turn lookahead estimate.

>>> from scoring import rulesets
>>> advisor_for(rulesets.get("yams")).exact
False
"""

from __future__ import annotations

from scoring.ruleset import RuleSet
from scoring.strategy import solver
from scoring.strategy.advice import Advisor


def is_exact(ruleset: RuleSet) -> bool:
    """Whether the advice for ``ruleset`` is the true optimum (Yahtzee and Yatzy)."""
    return solver.is_solvable(ruleset)


def advisor_for(ruleset: RuleSet) -> Advisor:
    """The advisor of ``ruleset``, built on first use and shared by the whole process.

    For Yahtzee and Yatzy this may build the solver's tables (seconds) unless they
    are loaded already: see ``is_ready`` before calling it where waiting is not allowed.
    """
    if solver.is_solvable(ruleset):
        return solver.solver_for(ruleset)
    from scoring.strategy.lookahead import lookahead_for

    return lookahead_for(ruleset)


def is_ready(ruleset: RuleSet) -> bool:
    """Whether ``advisor_for(ruleset)`` answers at once (no table to build or load)."""
    return not solver.is_solvable(ruleset) or solver.is_loaded(ruleset)
