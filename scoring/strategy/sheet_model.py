"""A calibrated estimate of what the rest of a score sheet is worth: the value model
behind the lookahead advisor (``scoring.strategy.lookahead``).

The estimate is linear in a few features of each column, so that the change made by
filling one box with any score is cheap to tabulate:

- every open box (and, unused by the current calibration, times the share ``t`` of
  the sheet still open);
- the upper bonus: the chance of still reaching it, from the points missing and the
  upper boxes open, each upper box scoring face x count with a calibrated spread of
  counts;
- Yam's maximum and minimum, once one of them is filled: a constant plus the value of
  one turn spent on the other box under the column's rule;
- Yam's down and up columns: which box is next (unused so far);
- Yahtzee columns whose Yahtzee box holds 50: their open boxes (room for an
  extra-Yahtzee bonus).

The weights come from ``bench/calibrate_lookahead.py`` (self-play: each component is
the mean of what the games went on to show) and live in
``scoring.strategy.lookahead_weights``.

>>> from scoring import rulesets
>>> model = model_for(rulesets.get("yams"))
>>> card = rulesets.get("yams").new_scorecard()
>>> 550 < model.value(card) < 1000
True
>>> model.value(card.place([6, 6, 6, 6, 1], "maximum", "free")) < model.value(card)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

import numpy as np

from scoring.boxes import UPPER
from scoring.dice import face_counts
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard
from scoring.strategy import lookahead_weights
from scoring.strategy.turn_widget import ROLLS, turn_values
from scoring.variants.yams import DOWN, UP

# Scores run from 0 to 50 in every box of every variant.
TOP = 51
SCORE_RANGE = np.arange(TOP)
# A plausible spread of the count of dice an upper box ends with (0 to 5), used until
# self-play has calibrated one.
DEFAULT_COUNTS = (0.03, 0.09, 0.22, 0.40, 0.22, 0.04)

Row = tuple[int | None, ...]


class SheetModel:
    """The value model of one rule set: ``value(card)`` estimates the points still to
    come at the start of a turn; ``after_place`` tabulates, for a box, the gain plus
    the value of the sheet after filling it with each score 0-50."""

    def __init__(
        self,
        ruleset: RuleSet,
        weights: Mapping[str, float],
        upper_counts: Sequence[Sequence[float]] | None = None,
    ) -> None:
        rs = self.ruleset = ruleset
        cats = rs.categories
        self.columns = rs.columns
        self.width = len(cats)
        self.slots = len(cats) * len(rs.columns)
        self.multipliers = np.array(rs.multipliers, dtype=float)
        self.scores = np.array(
            [[rs.box(key).scorer(face_counts(roll)) for key in cats] for roll in ROLLS]
        )
        self.upper = tuple(cats.index(k) for k in UPPER)
        self.face_of = {b: face for face, b in enumerate(self.upper, start=1)}
        self.threshold = rs.upper_bonus_threshold
        self.bonus_points = rs.upper_bonus_points
        self.high = cats.index("maximum") if "maximum" in cats else None
        self.low = cats.index("minimum") if "minimum" in cats else None
        self.yahtzee = cats.index("yahtzee") if rs.extra_yahtzee_bonus else None
        self.ordered = {c: name for c, name in enumerate(rs.columns) if name in (DOWN, UP)}
        self.names = feature_names(rs)
        self.position = {name: i for i, name in enumerate(self.names)}
        unknown = set(weights) - set(self.names)
        if unknown:
            raise ValueError(f"unknown weights for {rs.name}: {sorted(unknown)}")
        self.weights = np.array([float(weights.get(name, 0.0)) for name in self.names])
        self.counts = np.array(upper_counts or [DEFAULT_COUNTS] * 6, dtype=float)
        self.bonus_chance = bonus_chances(self.counts, self.threshold)
        self.pair_turn = pair_turn_values() if self.high is not None else None
        self._unpack()

    def _unpack(self) -> None:
        cols, width = len(self.columns), self.width
        w = dict(zip(self.names, self.weights, strict=True))

        def per_box(kind: str) -> np.ndarray:
            return np.array(
                [
                    [w.get(f"{kind}/{col}/{key}", 0.0) for key in self.ruleset.categories]
                    for col in self.columns
                ]
            ).reshape(cols, width)

        def per_column(kind: str) -> np.ndarray:
            return np.array([w.get(f"{kind}/{col}", 0.0) for col in self.columns])

        self.w_open, self.w_open_t, self.w_next = (
            per_box("open"),
            per_box("open_t"),
            per_box("next"),
        )
        self.w_bonus, self.w_bonus_t = per_column("bonus"), per_column("bonus_t")
        self.w_min_alone, self.w_min_turn = per_column("min_alone"), per_column("min_turn")
        self.w_max_alone, self.w_max_turn = per_column("max_alone"), per_column("max_turn")
        self.w_yz, self.w_yz_t = per_column("yz"), per_column("yz_t")

    # -- features (training, and the reference for the fast paths) ------------------

    def phase(self, card: Scorecard) -> float:
        """The share of the sheet still open, 0 to 1."""
        return (self.slots - card.filled_count) / self.slots

    def features(self, card: Scorecard) -> np.ndarray:
        """The feature vector of ``card`` (aligned with ``names``)."""
        found = np.zeros(len(self.names))
        t = self.phase(card)
        for c, col in enumerate(self.columns):
            for kind, box, value in self.column_features(c, card.scores[c], t):
                name = f"{kind}/{col}" if box is None else f"{kind}/{col}/{box}"
                found[self.position[name]] += value
        return found

    def column_features(self, c: int, row: Row, t: float) -> list[tuple[str, str | None, float]]:
        """The non-zero features of one column as ``(kind, box or None, value)``."""
        cats = self.ruleset.categories
        found: list[tuple[str, str | None, float]] = []
        for b, value in enumerate(row):
            if value is None:
                found += [("open", cats[b], 1.0), ("open_t", cats[b], t)]
        chance = self.column_bonus_chance(row)
        if chance:
            found += [("bonus", None, chance), ("bonus_t", None, chance * t)]
        if self.high is not None and self.low is not None:
            high, low = row[self.high], row[self.low]
            assert self.pair_turn is not None
            if high is not None and low is None:
                found += [
                    ("min_alone", None, 1.0),
                    ("min_turn", None, float(self.pair_turn[0][high])),
                ]
            if low is not None and high is None:
                found += [
                    ("max_alone", None, 1.0),
                    ("max_turn", None, float(self.pair_turn[1][low])),
                ]
        if c in self.ordered:
            following = self.next_box(c, row)
            if following is not None:
                found.append(("next", cats[following], 1.0))
        if self.yahtzee is not None and row[self.yahtzee] == 50:
            room = sum(v is None for v in row)
            if room:
                found += [("yz", None, float(room)), ("yz_t", None, room * t)]
        return found

    def next_box(self, c: int, row: Row) -> int | None:
        """The next box of an ordered (down/up) column, or ``None`` once it is full."""
        free = [b for b, v in enumerate(row) if v is None]
        if not free:
            return None
        return free[0] if self.ordered[c] == DOWN else free[-1]

    def column_bonus_chance(self, row: Row) -> float:
        """The calibrated chance that the column still reaches its upper bonus (0 once
        reached: the bonus is then in the total already)."""
        upper = sum(row[b] or 0 for b in self.upper)
        if upper >= self.threshold:
            return 0.0
        return float(self.bonus_chance[self.upper_mask(row), self.threshold - upper])

    def upper_mask(self, row: Row) -> int:
        """Bit ``face - 1`` set for each open upper box."""
        return sum(1 << (face - 1) for b, face in self.face_of.items() if row[b] is None)

    def value(self, card: Scorecard) -> float:
        """The estimated points still to come from ``card`` at the start of a turn."""
        if card.is_complete:
            return 0.0
        return float(self.features(card) @ self.weights)

    # -- the fast path used by every decision -------------------------------------

    def column_value(self, c: int, row: Row, t: float) -> float:
        """The estimated value still to come from one column (``value`` is the sum)."""
        total = 0.0
        for b, value in enumerate(row):
            if value is None:
                total += self.w_open[c, b] + self.w_open_t[c, b] * t
        chance = self.column_bonus_chance(row)
        total += chance * (self.w_bonus[c] + self.w_bonus_t[c] * t)
        total += self._pair_value(c, row)
        if c in self.ordered:
            following = self.next_box(c, row)
            if following is not None:
                total += self.w_next[c, following]
        if self.yahtzee is not None and row[self.yahtzee] == 50:
            total += sum(v is None for v in row) * (self.w_yz[c] + self.w_yz_t[c] * t)
        return float(total)

    def _pair_value(self, c: int, row: Row) -> float:
        if self.high is None or self.low is None or self.pair_turn is None:
            return 0.0
        high, low = row[self.high], row[self.low]
        if high is not None and low is None:
            return float(self.w_min_alone[c] + self.w_min_turn[c] * self.pair_turn[0][high])
        if low is not None and high is None:
            return float(self.w_max_alone[c] + self.w_max_turn[c] * self.pair_turn[1][low])
        return 0.0

    def after_place(self, card: Scorecard, slots: Sequence[tuple[int, int]]) -> np.ndarray:
        """``F[s, x]``: for each slot ``(column index, box index)`` (open boxes) and each
        score ``x`` 0-50, what the final score gains from filling it with ``x``: the
        change of the total (multiplier, upper bonus, Yam's maximum/minimum rule;
        not the extra-Yahtzee bonus) plus the estimated value of the sheet after."""
        filled = card.filled_count + 1
        t = (self.slots - filled) / self.slots
        if filled == self.slots:
            rest = np.zeros(len(self.columns))
        else:
            rest = np.array([self.column_value(c, row, t) for c, row in enumerate(card.scores)])
        total_rest = rest.sum()
        found = np.empty((len(slots), TOP))
        for s, (c, b) in enumerate(slots):
            row = card.scores[c]
            found[s] = (
                self.multipliers[c] * self._delta_total(row, b)
                + total_rest
                - rest[c]
                + self._column_after(c, row, b, t)
            )
        return found

    def _delta_total(self, row: Row, b: int) -> np.ndarray:
        """How much a column's subtotal changes when box ``b`` takes each score 0-50."""
        x = SCORE_RANGE.astype(float)
        if self.high is not None and self.low is not None and b in (self.high, self.low):
            other = row[self.low if b == self.high else self.high]
            if other is None:
                return x
            counts = x > other if b == self.high else x < other
            return np.where(counts, x, -other)
        if b in self.face_of:
            upper = sum(row[i] or 0 for i in self.upper)
            if upper < self.threshold:
                with_bonus: np.ndarray = x + self.bonus_points * (upper + x >= self.threshold)
                return with_bonus
        return x

    def _column_after(self, c: int, row: Row, b: int, t: float) -> np.ndarray | float:
        """``column_value`` of the column once box ``b`` holds each score 0-50."""
        after = (*row[:b], 0, *row[b + 1 :])
        total: np.ndarray | float = 0.0
        for i, value in enumerate(after):
            if value is None:
                total += self.w_open[c, i] + self.w_open_t[c, i] * t
        weight = self.w_bonus[c] + self.w_bonus_t[c] * t
        if b in self.face_of and weight:
            upper = sum(row[i] or 0 for i in self.upper) + SCORE_RANGE
            chance = self.bonus_chance[
                self.upper_mask(after), np.clip(self.threshold - upper, 0, self.threshold)
            ]
            total = total + weight * np.where(upper >= self.threshold, 0.0, chance)
        else:
            total += weight * self.column_bonus_chance(after)
        if (
            self.pair_turn is not None
            and self.high is not None
            and self.low is not None
            and b in (self.high, self.low)
        ):
            high, low = row[self.high], row[self.low]
            if b == self.high and low is None:
                total = total + self.w_min_alone[c] + self.w_min_turn[c] * self.pair_turn[0]
            elif b == self.low and high is None:
                total = total + self.w_max_alone[c] + self.w_max_turn[c] * self.pair_turn[1]
        else:
            total += self._pair_value(c, after)
        if c in self.ordered:
            following = self.next_box(c, after)
            if following is not None:
                total += self.w_next[c, following]
        if self.yahtzee is not None:
            room = sum(v is None for v in after)
            per_box = room * (self.w_yz[c] + self.w_yz_t[c] * t)
            if b == self.yahtzee:
                total = total + np.where(SCORE_RANGE == 50, per_box, 0.0)
            elif row[self.yahtzee] == 50:
                total += per_box
        return total


def feature_names(ruleset: RuleSet) -> tuple[str, ...]:
    """Every feature of ``ruleset``'s model, in a fixed order."""
    cats = ruleset.categories
    names: list[str] = []
    for col in ruleset.columns:
        names += [f"open/{col}/{key}" for key in cats]
        names += [f"open_t/{col}/{key}" for key in cats]
        names += [f"bonus/{col}", f"bonus_t/{col}"]
        if "maximum" in cats and "minimum" in cats:
            names += [f"min_alone/{col}", f"min_turn/{col}", f"max_alone/{col}", f"max_turn/{col}"]
        if col in (DOWN, UP):
            names += [f"next/{col}/{key}" for key in cats]
        if ruleset.extra_yahtzee_bonus:
            names += [f"yz/{col}", f"yz_t/{col}"]
    return tuple(names)


def bonus_chances(counts: np.ndarray, threshold: int) -> np.ndarray:
    """``P[mask, need]``: the chance that the open upper boxes of ``mask`` (bit
    ``face - 1``) add up to at least ``need`` (1 to ``threshold``) points, each box
    showing ``face`` x a count drawn from ``counts[face - 1]``; 0 for ``need`` 0 (the
    bonus is reached already, it counts in the total)."""
    top = 5 * 21 + 1
    table = np.zeros((64, threshold + 1))
    for mask in range(64):
        spread = np.zeros(top)
        spread[0] = 1.0
        for face in range(1, 7):
            if mask >> (face - 1) & 1:
                grown = np.zeros(top)
                for n, p in enumerate(counts[face - 1]):
                    grown[n * face :] += p * spread[: top - n * face]
                spread = grown
        at_least = spread[::-1].cumsum()[::-1]
        table[mask, 1:] = at_least[1 : threshold + 1]
    return table


@cache
def pair_turn_values() -> tuple[np.ndarray, np.ndarray]:
    """Yam's maximum/minimum: the value of one turn spent on the open one of the pair,
    for each score 0-50 of the other: (minimum open, maximum open).  The minimum counts
    as its points below the maximum, else the pair counts 0 (the maximum is lost)."""
    sums = np.array([sum(roll) for roll in ROLLS], dtype=float)
    other = SCORE_RANGE[:, None].astype(float)
    low = np.where(sums[None, :] < other, sums[None, :], -other)
    high = np.where(sums[None, :] > other, sums[None, :], -other)
    return turn_values(low).start, turn_values(high).start


@cache
def model_for(ruleset: RuleSet) -> SheetModel:
    """The calibrated model of ``ruleset``, built once per process."""
    weights, counts = lookahead_weights.weights_for(ruleset.name)
    return SheetModel(ruleset, weights, counts)
