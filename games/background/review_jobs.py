"""Precomputing a finished game's reviews: the coach's worker has the review child
process compute them on spare CPU, and stores them (and, for a ranked daily attempt,
its challenge's luck bound: ``daily.services.foresight``)."""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from coach.services.reviews import store_review_texts
from daily.services import foresight
from games.background import jobs, reviews
from play.selectors.games import game_by_id
from play.services.duplicate import par_of

log = logging.getLogger(__name__)


def compute_and_store(game_id: int) -> int:
    """Have the review child compute the game's missing reviews and store them (and a
    duplicate game's par, when the expert can play at once; a ranked daily attempt's
    challenge's luck bound, then the attempt's foresight check, which the review's own
    storing may have made before the bound was there); returns how many reviews were
    new."""
    game = game_by_id(game_id)
    if game is not None:
        par_of(game)
        challenge = foresight.bound_wanted(game)
        if challenge is not None:
            try:
                foresight.luck_bound_store(
                    challenge=challenge, bound=reviews.luck_bound(challenge.pk)
                )
            except reviews.ReviewProcessError:  # the next finished attempt tries again
                if not reviews.stopped():
                    log.exception("the luck bound of %s could not be worked out", challenge)
    try:
        texts = reviews.reviews(game_id)
    except reviews.ReviewProcessError:
        if not reviews.stopped():
            raise
        # The process is going away (a restart): the reviews are worked out when asked.
        log.info("the reviews of game %s are left for later: this process stops", game_id)
        return 0
    stored = store_review_texts(game_id, texts)
    if game is not None:
        foresight.foresight_check(game=game)
    log.info("stored %d reviews of game %s", stored, game_id)
    return stored


def precompute_later(sender: Any = None, *, game_id: int, **kwargs: Any) -> bool:
    """Queue ``compute_and_store(game_id)`` on the coach's worker (a receiver of
    ``play.signals.game_finished``); whether it was queued."""
    return jobs.in_background(f"reviews:{game_id}", partial(compute_and_store, game_id))
