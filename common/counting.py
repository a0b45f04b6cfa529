"""Which rooms count, and what that allows (docs/decisions/0054): whether a placement
may be taken back is the game's mode's to say (``play.modes.Mode.counts`` and
``take_back_refusal``); this module keeps the grace a placement that may be taken back
gets from the bots.

A room counts when its results are compared or ranked against others': a daily
challenge (every attempt at the day's dice is ranked) and a room with the same dice for
everyone (each round is compared seat by seat); rated rooms will count too. In a room
that counts, a box once filled stays filled. Every other room is casual: a player who
taps the wrong box may take it back until the next seat acts (one seat after another)
or the round closes (everyone at once).
"""

from __future__ import annotations

from datetime import timedelta

# After a placement that may be taken back, no bot acts for this many times the table's
# bot delay (play.services.turns.bot_delay: 0.8 s, so 3.2 s), however soon it was due:
# a bot's first roll would close the window before the player had seen their mistake.
GRACE_IN_BOT_DELAYS = 4


def take_back_grace(bot_delay: timedelta) -> timedelta:
    """How long no bot acts after a placement that may be taken back, for a table whose
    bots pause ``bot_delay`` before each action."""
    return bot_delay * GRACE_IN_BOT_DELAYS
