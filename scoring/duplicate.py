"""Duplicate dice: every seat of a game meets the same dice, die slot by die slot.

A game's secret ``seed`` gives each slot (0-4) of each roll (1-3) of each round (1, 2,
...) its own value, so two players who keep the same dice see the same rerolls, and
players who keep different dice still share every slot they both reroll.

>>> seed = bytes(32)
>>> [die(seed, 1, 1, slot) for slot in range(5)]
[1, 3, 5, 3, 4]
>>> source(seed, 1, 2, hold=[0, 4])(3) == [die(seed, 1, 2, s) for s in (1, 2, 3)]
True
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from typing import Any

from scoring.dice import DICE_COUNT, DiceSource
from scoring.scorecard import Scorecard
from scoring.strategy.decisions import Announce, Roll, Strategy
from scoring.turn import Turn

SEED_BYTES = 32


def die(seed: bytes, round_: int, roll: int, slot: int) -> int:
    """The face of die ``slot`` at roll ``roll`` of round ``round_``: the first byte
    below 252 of HMAC-SHA256(seed, "round:roll:slot"), modulo 6, plus 1 (below 252,
    every face is equally likely; were there none, "round:roll:slot:1" and so on)."""
    message = f"{round_}:{roll}:{slot}"
    counter = 0
    while True:
        digest = hmac.new(seed, message.encode(), hashlib.sha256).digest()
        for byte in digest:
            if byte < 252:
                return byte % 6 + 1
        counter += 1  # every byte 252 or more: about once in 10**57 digests
        message = f"{round_}:{roll}:{slot}:{counter}"


def source(seed: bytes, round_: int, roll: int, hold: Iterable[int]) -> DiceSource:
    """The dice source of roll ``roll`` of round ``round_`` keeping ``hold``: the faces
    of the slots not held, in slot order."""
    held = set(hold)

    def faces(count: int) -> list[int]:
        return [die(seed, round_, roll, slot) for slot in range(DICE_COUNT) if slot not in held][
            :count
        ]

    return faces


def play(card: Scorecard, strategy: Strategy, seed: bytes) -> dict[str, Any]:
    """``strategy`` playing ``card`` to the end on the dice of ``seed``: its ``total``
    and each round's ``rolls`` (held positions and dice), ``announced`` box, and the
    ``box``, ``column``, ``points`` and ``bonus`` it filled."""
    rounds: list[dict[str, Any]] = []
    while not card.is_complete:
        number = len(rounds) + 1
        turn = Turn().roll(source(seed, number, 1, ()), card=card)
        rolls = [{"held": [], "dice": list(turn.dice)}]
        while True:
            decision = strategy.decide(card, turn)
            if isinstance(decision, Roll):
                turn = turn.roll(
                    source(seed, number, turn.rolls_used + 1, decision.hold),
                    decision.hold,
                    card=card,
                )
                rolls.append({"held": list(turn.held), "dice": list(turn.dice)})
            elif isinstance(decision, Announce):
                turn = turn.announce(decision.box, card)
            else:
                placement = card.placement(
                    turn.dice, decision.box, decision.column, announced=turn.announced
                )
                card = card.place(
                    turn.dice, decision.box, decision.column, announced=turn.announced
                )
                rounds.append(
                    {
                        "rolls": rolls,
                        "announced": turn.announced,
                        "box": placement.box,
                        "column": placement.column,
                        "points": placement.points,
                        "bonus": placement.bonus,
                    }
                )
                break
    return {"total": card.total, "rounds": rounds}
