"""Where the server's dice come from, never the client: ``secrets.SystemRandom``, or
where the game's mode says so (duplicate dice, the daily's) the game's secret seed
(``play.modes``)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from play.models import Game, Turn
from play.modes import mode_of
from scoring import duplicate
from scoring.dice import DiceSource, from_rng

_SYSTEM = from_rng(secrets.SystemRandom())


def draw(count: int) -> Sequence[int]:
    """Draw ``count`` dice with the operating system's random source."""
    return _SYSTEM(count)


def new_seed() -> str:
    """A new duplicate game's secret seed, in hex."""
    return secrets.token_hex(duplicate.SEED_BYTES)


def source_for(game: Game, turn: Turn, roll: int, hold: Sequence[int]) -> DiceSource:
    """Where roll ``roll`` of ``turn`` keeping ``hold`` draws from: as the game's mode
    says (a duplicate game: the seed's dice of that round, roll and slots), else the
    system's."""
    return mode_of(game.room, game).dice.source(game, turn, roll, hold) or draw
