"""The rule set a room or a game plays by."""

from __future__ import annotations

from django.db.models import Model

from scoring import rulesets
from scoring.ruleset import RuleSet


def ruleset_of(played: Model) -> RuleSet:
    """The rule set of a room or a game (their ``ruleset`` name and ``options``)."""
    return rulesets.get(played.ruleset, **played.options)  # type: ignore[attr-defined]
