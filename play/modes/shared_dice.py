"""Duplicate dice: every seat of a game meets the same dice (``scoring.duplicate``), so
until a round closes the log says only whose move it was; the placement that closes a
round carries every seat's turn of it, and the finished game is compared seat by seat."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from play.models import Game, Turn
from play.modes.base import Dice
from scoring import duplicate
from scoring.dice import DiceSource

MOVE_KINDS = frozenset({"roll", "hold", "announce", "place", "timeout", "skip"})
# What a move event of a duplicate game keeps for everyone to read.
PUBLIC_KEYS = ("seat", "ranking", "revealed")


def _public(data: Mapping[str, object]) -> dict[str, object]:
    return {key: data[key] for key in PUBLIC_KEYS if key in data} | {"sealed": True}


def sealed_data(kind: str, data: Mapping[str, object]) -> Mapping[str, object]:
    """The event data the room's log keeps of a move in a duplicate game: whose move it
    was, the round's reveal when it closed the round, and the ranking when it ended the
    game, but no dice, holds, announcement or score."""
    if kind not in MOVE_KINDS:
        return data
    if kind in ("timeout", "skip"):
        return {step: _public(part) for step, part in data.items() if isinstance(part, dict)}
    return _public(data)


class SeededDice(Dice):
    """Dice from the game's secret seed: each die slot of each roll of each round."""

    reveals_rounds = True

    def new_seed(self) -> str:
        """A new secret, in hex."""
        return secrets.token_hex(duplicate.SEED_BYTES)

    def seed_of(self, game: Game) -> bytes | None:
        """The game's secret."""
        return bytes.fromhex(game.seed)

    def source(self, game: Game, turn: Turn, roll: int, hold: Sequence[int]) -> DiceSource | None:
        """The seed's dice of the turn's round (a round is a turn of every seat), roll
        and slots."""
        round_ = (turn.number - 1) // game.scorecards.count() + 1
        return duplicate.source(bytes.fromhex(game.seed), round_, roll, hold)


class SharedDice(SeededDice):
    """Duplicate dice at a table of several: sealed rounds, compared, counted."""

    name = "shared"
    counts = "duplicate"
    compared = True
    sealed = True

    def logged(self, game: Game, kind: str, data: Mapping[str, object]) -> Mapping[str, object]:
        """While the game is played, a move's seat only (``sealed_data``); all of it after."""
        if game.status == Game.Status.PLAYING:
            return sealed_data(kind, data)
        return data


SHARED_DICE = SharedDice()
