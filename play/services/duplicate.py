"""Duplicate dice: a closed round's reveal, and par, the expert bot's game on the same
dice.

Every seat of a duplicate game rolls the same dice (``scoring.duplicate``), so until a
round closes the log's move events say only whose move it was
(``play.modes.shared_dice``); the placement that closes a round carries every seat's
turn of it, as ``revealed`` reads it.
"""

from __future__ import annotations

from typing import Any

from common.protocol.game import RevealedTurn
from play.advice import level_ready
from play.models import Game, Turn
from play.modes import mode_of
from play.selectors.compare import PLAYED_FIELDS, turn_view
from scoring import duplicate
from scoring.rulesets import get as ruleset
from scoring.strategy import levels

PAR_LEVEL = "expert"


def revealed(game: Game, round_: int) -> list[RevealedTurn]:
    """Every seat's turn of round ``round_`` (closed): its rolls, announcement and the
    box it filled, in seat order."""
    seats = game.scorecards.count()
    turns = Turn.objects.filter(
        game=game, number__gt=(round_ - 1) * seats, number__lte=round_ * seats
    ).order_by("seat")
    return [turn_view(row) for row in turns.values(*PLAYED_FIELDS)]


def par_of(game: Game) -> dict[str, Any] | None:
    """The expert bot's game on the dice of duplicate ``game`` (finished), stored the
    first time it is worked out; ``None`` while the bot's tables are not ready (they
    start warming) or for a game without a seed."""
    seed = mode_of(game.room, game).dice.seed_of(game)
    if seed is None:
        return None
    if game.par is None:
        rs = ruleset(game.ruleset, **game.options)
        if not level_ready(PAR_LEVEL, rs):
            return None
        game.par = duplicate.play(rs.new_scorecard(), levels.get(PAR_LEVEL), seed)
        game.save(update_fields=["par"])
    return game.par
