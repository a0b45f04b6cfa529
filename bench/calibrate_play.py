"""The self-play of ``calibrate_lookahead.py``: games played in worker processes, and
what each says about the lookahead model's components (the samples ``fit`` reads).

Round 0 plays the beginner; later rounds the lookahead on the weights given.
"""

from __future__ import annotations

import multiprocessing
import random
from typing import TypedDict

import numpy as np

from scoring import rulesets
from scoring.boxes import UPPER
from scoring.dice import DiceSource, from_rng
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard
from scoring.strategy.advice import decision_for
from scoring.strategy.beginner import Beginner
from scoring.strategy.decisions import Announce, Decision, Place, Roll, Strategy
from scoring.strategy.lookahead import LookaheadAdvisor
from scoring.strategy.sheet_model import SheetModel
from scoring.turn import Turn

Weights = dict[str, float]  # a feature's name -> its weight
Counts = list[list[float]]  # UPPER_COUNTS of one variant: per face, the share of each count


class Game(TypedDict):
    """What one game says about the model's components (``_play``)."""

    slots: np.ndarray
    pair: np.ndarray
    bonus: np.ndarray
    room: np.ndarray
    counts: np.ndarray
    final: int


class Round(TypedDict):
    """A round's games merged (``run_round``)."""

    slots: np.ndarray
    pair: np.ndarray
    bonus: np.ndarray
    room: np.ndarray
    counts: np.ndarray
    finals: list[int]


class _Worker(TypedDict, total=False):
    """A worker process's rule set, model and player (``_init``)."""

    rs: RuleSet
    model: SheetModel
    player: Strategy


class Lookahead:
    """A player following a lookahead advisor built on given weights."""

    def __init__(self, advisor: LookaheadAdvisor) -> None:
        self.advisor = advisor

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        choices = self.advisor.advise(card, turn.dice, turn.rolls_left, announced=turn.announced)
        return decision_for(choices[0], turn.dice)


_STATE: _Worker = {}  # filled by _init in each worker process


def _init(name: str, weights: Weights | None, counts: Counts | None, refine: int = 0) -> None:
    rs = rulesets.get(name)
    _STATE["rs"] = rs
    _STATE["model"] = SheetModel(rs, weights or {}, counts)
    if weights is None:
        _STATE["player"] = Beginner()
    else:
        _STATE["player"] = Lookahead(LookaheadAdvisor(rs, _STATE["model"], refine))


def _play(seed: int) -> Game:
    """One game, and what it says about the model's components: for every turn start
    and every box open then, the phase and what the box went on to add; the Yam's
    pair once one of it is filled; the upper bonus chance and whether it was reached;
    the room left for extra Yahtzees and the extra-Yahtzee points that followed."""
    rs, model, strategy = _STATE["rs"], _STATE["model"], _STATE["player"]
    cards, fills, counts, final = _self_play(rs, strategy, from_rng(random.Random(seed)))
    slots, pair, bonus, room = [], [], [], []
    high, low = model.high, model.low
    for state in cards:
        t = model.phase(state)
        for c, row in enumerate(state.scores):
            mult = rs.multipliers[c]
            for b, value in enumerate(row):
                if value is None:
                    slots.append((c * model.width + b, t, fills[c, b][1]))
            if high is not None and low is not None:
                assert model.pair_turn is not None  # set with high and low
                if row[high] is not None and row[low] is None:
                    pair.append((c, 0, t, model.pair_turn[0][row[high]], fills[c, low][1]))
                if row[low] is not None and row[high] is None:
                    pair.append((c, 1, t, model.pair_turn[1][row[low]], fills[c, high][1]))
            chance = model.column_bonus_chance(row)
            upper_done = all(row[b] is not None for b in model.upper)
            if not upper_done and state.column_totals(rs.columns[c]).upper_bonus == 0:
                reached = final.column_totals(rs.columns[c]).upper_bonus * mult
                bonus.append((c, t, chance, reached))
            if model.yahtzee is not None and row[model.yahtzee] == 50:
                free = sum(v is None for v in row)
                if free:
                    extra = (final.extra[c] - state.extra[c]) * rs.extra_yahtzee_bonus * mult
                    room.append((c, t, free, extra))
    return {
        "slots": np.array(slots).reshape(-1, 3),
        "pair": np.array(pair).reshape(-1, 5),
        "bonus": np.array(bonus).reshape(-1, 4),
        "room": np.array(room).reshape(-1, 4),
        "counts": counts,
        "final": final.total,
    }


def _self_play(
    rs: RuleSet, strategy: Strategy, source: DiceSource
) -> tuple[list[Scorecard], dict[tuple[int, int], tuple[int, float]], np.ndarray, Scorecard]:
    """One game of ``strategy`` with dice from ``source``: the sheet at each turn's
    start, what each box (column, box index) added and at which turn it was filled,
    the count of dice of each face each upper box was filled with, the final sheet."""
    card = rs.new_scorecard()
    cards: list[Scorecard] = []
    fills: dict[tuple[int, int], tuple[int, float]] = {}
    counts = np.zeros((6, 6))
    while not card.is_complete:
        cards.append(card)
        turn: Turn | None = Turn().roll(source, card=card)
        while turn is not None:
            decision = strategy.decide(card, turn)
            if isinstance(decision, Roll):
                turn = turn.roll(source, decision.hold, card=card)
            elif isinstance(decision, Announce):
                turn = turn.announce(decision.box, card)
            else:
                assert isinstance(decision, Place)
                if decision.box in UPPER:
                    face = UPPER.index(decision.box) + 1
                    counts[face - 1, turn.dice.count(face)] += 1
                after = turn.place(card, decision.box, decision.column)
                c = rs.columns.index(decision.column)
                fills[c, rs.index(decision.box)] = (len(cards) - 1, _added(rs, card, after, c))
                card, turn = after, None
    return cards, fills, counts, card


def _added(rs: RuleSet, before: Scorecard, after: Scorecard, c: int) -> float:
    """What a placement added to column ``c``, its upper and extra-Yahtzee bonuses aside."""
    mult = rs.multipliers[c]
    before_t, after_t = before.totals()[c], after.totals()[c]
    return (
        after_t.total
        - before_t.total
        - mult * (after_t.upper_bonus - before_t.upper_bonus)
        - mult * (after_t.yahtzee_bonus - before_t.yahtzee_bonus)
    )


def run_round(
    name: str,
    weights: Weights | None,
    counts: Counts | None,
    games: int,
    seed: int,
    processes: int,
    refine: int = 0,
) -> Round:
    """``games`` games of variant ``name`` (seeds from ``seed`` on) in ``processes``
    worker processes, the beginner's when ``weights`` is ``None``, their samples merged."""
    with multiprocessing.Pool(processes, _init, (name, weights, counts, refine)) as pool:
        results = pool.map(_play, [seed + i for i in range(games)], chunksize=4)
    return {
        "slots": np.concatenate([r["slots"] for r in results]),
        "pair": np.concatenate([r["pair"] for r in results]),
        "bonus": np.concatenate([r["bonus"] for r in results]),
        "room": np.concatenate([r["room"] for r in results]),
        "counts": np.sum([r["counts"] for r in results], axis=0),
        "finals": [r["final"] for r in results],
    }
