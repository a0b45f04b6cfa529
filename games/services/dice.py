"""Where the server's dice come from, never the client: ``secrets.SystemRandom``, or in
a duplicate game the game's secret seed (``scoring.duplicate``)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from play.models import Game, Turn
from scoring import duplicate
from scoring.dice import DiceSource, from_rng

_SYSTEM = from_rng(secrets.SystemRandom())


def draw(count: int) -> Sequence[int]:
    """Draw ``count`` dice with the operating system's random source."""
    return _SYSTEM(count)


def new_seed() -> str:
    """A new duplicate game's secret seed, in hex."""
    return secrets.token_hex(duplicate.SEED_BYTES)


def round_of(game: Game, turn: Turn) -> int:
    """The round (1, 2, ...) that ``turn`` of a game played everyone at once belongs to."""
    return (turn.number - 1) // game.scorecards.count() + 1


def source_for(game: Game, turn: Turn, roll: int, hold: object) -> DiceSource:
    """Where roll ``roll`` of ``turn`` keeping ``hold`` draws from: the seed's dice of
    that round, roll and slots in a duplicate game, else the system's."""
    if not game.seed or not isinstance(hold, (list, tuple)):
        return draw
    return duplicate.source(bytes.fromhex(game.seed), round_of(game, turn), roll, hold)
