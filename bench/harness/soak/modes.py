"""The ways of playing a soak's rooms cycle through: every rule set, live and by the day,
one seat after another, everyone's turn at once, and the same dice for everyone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Mode:
    """How a room is played: the host's ``configure`` request before its first game."""

    name: str
    ruleset: str
    pace: str  # "live" or "day" (by the day)
    together: bool  # everyone's turn at once
    duplicate: bool = False  # every seat rolls the same dice (always together)

    def configure(self, seats: int) -> dict[str, Any]:
        """The fields of the ``configure`` request (docs/protocol.md) for ``seats``
        players, without a turn clock (live: no limit; by the day: a day)."""
        return {
            "ruleset": self.ruleset,
            "options": {},
            "seats": seats,
            "pace": self.pace,
            "together": self.together,
            "duplicate": self.duplicate,
        }


# Room n plays MODES[n % len(MODES)]: six rooms cover every rule set, both paces, both
# turn orders and duplicate dice.
MODES = (
    Mode("yahtzee-live", "yahtzee", "live", together=False),
    Mode("yatzy-live-together", "yatzy", "live", together=True),
    Mode("yams-live-duplicate", "yams", "live", together=True, duplicate=True),
    Mode("triple-day", "triple_yahtzee", "day", together=False),
    Mode("yahtzee-day-together", "yahtzee", "day", together=True),
    Mode("yatzy-day-duplicate", "yatzy", "day", together=True, duplicate=True),
)
