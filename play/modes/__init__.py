"""Play modes as rules (DESIGN.md, "Modes are rules, not flags"; decision 0062): one
``Mode`` per game, chosen once by ``mode_of``, whose policies the services, selectors,
pages and the admin ask instead of testing the room's or the game's fields.

``base.py`` says what each axis answers; one module per policy: turn order
(``one_after_another.py``, ``everyone_at_once.py``), dice (``own_dice.py``,
``shared_dice.py``, ``daily_dice.py``), pace (``live.py``, ``by_the_day.py``), table
(``open_table.py``, ``daily_table.py``), ranking (``casual.py``, ``rated.py``);
``choice.py`` registers them and chooses.
"""

from play.modes.base import Refusal, raise_refusal
from play.modes.choice import PACES, Mode, mode_for, mode_of, pace_named, turn_order_of

__all__ = [
    "PACES",
    "Mode",
    "Refusal",
    "mode_for",
    "mode_of",
    "pace_named",
    "raise_refusal",
    "turn_order_of",
]
