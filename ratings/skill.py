"""The rating model (decision 0070): openskill's Plackett-Luce with its published
defaults, and how a rating is shown: its ordinal (``mu - 3 sigma``, a skill the player is
very likely above) scaled to start at 1000, with the uncertainty beside it.

>>> shown(25.0, 25.0 / 3)
1000
>>> margin(25.0 / 3)
667
>>> is_provisional(9), is_provisional(10)
(True, False)
"""

from __future__ import annotations

from openskill.models import PlackettLuce

# openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (a little uncertainty
# added before each game, so that a rating keeps moving).
MODEL = PlackettLuce()
# A new rating shows 1000; one point of mu is 40 points shown.
SCALE = 40.0
START = 1000.0
# Sigmas either side in the margin shown ("1240 ± 120": about 95 % sure).
MARGIN_SIGMAS = 2
# Rated games in a variant before a rating stops being provisional.
SETTLED_AFTER = 10


def shown(mu: float, sigma: float) -> int:
    """The rating shown for skill ``mu`` with uncertainty ``sigma``: the library's
    ordinal (``mu - 3 sigma``) scaled, so a new player shows 1000 and rises as games
    make the rating surer."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(z=3, alpha=SCALE, target=START))


def margin(sigma: float) -> int:
    """The uncertainty shown beside a rating, in its points (two sigmas)."""
    return round(MARGIN_SIGMAS * sigma * SCALE)


def is_provisional(games: int) -> bool:
    """Whether a rating after ``games`` rated games is still provisional."""
    return games < SETTLED_AFTER
