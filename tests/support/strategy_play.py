"""Helpers for the strategy tests: the rule-set configurations they run over, check a
decision against the contract, apply it through the public Turn/Scorecard API, play
whole games, and a random player."""

from __future__ import annotations

import random

from scoring.dice import DiceSource
from scoring.scorecard import Scorecard
from scoring.strategy.decisions import Announce, Decision, Place, Roll, Strategy
from scoring.turn import Turn

#: (rule-set name, options) pairs the strategy tests run over, and their pytest ids.
CONFIGS: list[tuple[str, dict[str, object]]] = [
    ("yahtzee", {}),
    ("yahtzee", {"joker": "free"}),
    ("yatzy", {}),
    ("yatzy", {"exact_counts": True}),
    ("yams", {}),
    ("triple_yahtzee", {}),
    ("triple_yahtzee", {"joker": "free"}),
]
IDS = [name + "".join(f"-{k}={v}" for k, v in opts.items()) for name, opts in CONFIGS]


def assert_legal(card: Scorecard, turn: Turn, decision: Decision) -> None:
    """The ``Strategy`` contract, checked on its own (the engine checks again on apply)."""
    rs = card.ruleset
    if isinstance(decision, Roll):
        assert turn.rolls_left > 0
        assert not (card.must_announce and turn.announced is None)
        assert len(decision.hold) < 5
        assert len(set(decision.hold)) == len(decision.hold)
        assert all(type(p) is int and 0 <= p < 5 for p in decision.hold)
    elif isinstance(decision, Announce):
        assert rs.announce_column is not None
        assert turn.rolls_used == 1 and turn.announced is None
        assert decision.box in card.open_boxes(rs.announce_column)
    else:
        assert isinstance(decision, Place)
        legal = {(p.column, p.box) for p in card.options(turn.dice, announced=turn.announced)}
        assert (decision.column, decision.box) in legal


def apply(
    card: Scorecard, turn: Turn, decision: Decision, source: DiceSource
) -> tuple[Scorecard, Turn | None]:
    """The sheet and turn after ``decision``; the turn is ``None`` once a box is filled."""
    if isinstance(decision, Roll):
        return card, turn.roll(source, decision.hold, card=card)
    if isinstance(decision, Announce):
        return card, turn.announce(decision.box, card)
    return turn.place(card, decision.box, decision.column), None


def play_game(
    card: Scorecard, strategy: Strategy, source: DiceSource, *, watcher: Strategy | None = None
) -> Scorecard:
    """Play ``card`` to the end with ``strategy``, checking every decision.  If a
    ``watcher`` is given it is asked too at every step and its answer checked (but not
    played): a way to put a strategy in states it would not reach itself."""
    turns = 0
    while not card.is_complete:
        turns += 1
        turn: Turn | None = Turn().roll(source, card=card)
        while turn is not None:
            if watcher is not None:
                assert_legal(card, turn, watcher.decide(card, turn))
            decision = strategy.decide(card, turn)
            assert_legal(card, turn, decision)
            card, turn = apply(card, turn, decision, source)
        assert turns <= len(card.ruleset.categories) * len(card.ruleset.columns)
    return card


class RandomPlayer:
    """Rolls on half the time with random holds, then fills a random legal box; in
    Yam's announces a random box when it must."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        """A random legal move."""
        rs = card.ruleset
        if card.must_announce and turn.announced is None:
            return Announce(self.rng.choice(card.open_boxes(rs.announce_column)))
        if turn.rolls_left and self.rng.random() < 0.5:
            hold = tuple(i for i in range(5) if self.rng.random() < 0.5)
            if len(hold) < 5:
                return Roll(hold)
        option = self.rng.choice(card.options(turn.dice, announced=turn.announced))
        return Place(option.box, option.column)


class Announcer(RandomPlayer):
    """A random player that also announces (Yam's) on a third of its first rolls, to
    reach announced turns the beginner would not choose."""

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        """A random legal move, announcing now and then."""
        rs = card.ruleset
        column = rs.announce_column
        if (
            column
            and turn.rolls_used == 1
            and turn.announced is None
            and card.open_boxes(column)
            and self.rng.random() < 1 / 3
        ):
            return Announce(self.rng.choice(card.open_boxes(column)))
        return super().decide(card, turn)
