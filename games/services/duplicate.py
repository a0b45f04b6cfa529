"""Duplicate dice: what the room's log may say of a round before it closes, the round's
reveal once it has, and par, the expert bot's game on the same dice.

Every seat of a duplicate game rolls the same dice (``scoring.duplicate``), so a seat's
dice, holds and scores of the open round would tell the others what their next rolls
bring. Until the round closes, the log's move events say only whose move it was; the
placement that closes a round carries every seat's turn of it.
"""

from __future__ import annotations

from typing import Any

from games.coach.advice import level_ready
from games.selectors.compare import PLAYED_FIELDS, turn_view
from play.models import Game, Turn
from scoring import duplicate
from scoring.rulesets import get as ruleset
from scoring.strategy import levels

MOVE_KINDS = frozenset({"roll", "hold", "announce", "place", "timeout", "skip"})
# What a move event of a duplicate game keeps for everyone to read.
PUBLIC_KEYS = ("seat", "ranking", "revealed")
PAR_LEVEL = "expert"


def _public(data: dict[str, Any]) -> dict[str, Any]:
    return {key: data[key] for key in PUBLIC_KEYS if key in data} | {"sealed": True}


def sealed(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """The event data the room's log keeps of a move in a duplicate game: whose move it
    was, the round's reveal when it closed the round, and the ranking when it ended the
    game, but no dice, holds, announcement or score."""
    if kind not in MOVE_KINDS:
        return data
    if kind in ("timeout", "skip"):
        return {step: _public(part) for step, part in data.items()
                if isinstance(part, dict)}
    return _public(data)


def revealed(game: Game, round_: int) -> list[dict[str, Any]]:
    """Every seat's turn of round ``round_`` (closed): its rolls, announcement and the
    box it filled, in seat order."""
    seats = game.scorecards.count()
    turns = Turn.objects.filter(game=game, number__gt=(round_ - 1) * seats,
                                number__lte=round_ * seats).order_by("seat")
    return [turn_view(row) for row in turns.values(*PLAYED_FIELDS)]


def par_of(game: Game) -> dict[str, Any] | None:
    """The expert bot's game on the dice of duplicate ``game`` (finished), stored the
    first time it is worked out; ``None`` while the bot's tables are not ready (they
    start warming) or for a game without a seed."""
    if not game.seed:
        return None
    if game.par is None:
        rs = ruleset(game.ruleset, **game.options)
        if not level_ready(PAR_LEVEL, rs):
            return None
        game.par = duplicate.play(rs.new_scorecard(), levels.get(PAR_LEVEL),
                                  bytes.fromhex(game.seed))
        game.save(update_fields=["par"])
    return game.par
