"""Dynamic programming over sheet states: the expected remaining score of every state.

A state is (boxes filled, upper-section sum capped at the bonus threshold,
whether the Yahtzee box holds 50).  Its value is the expected score still to
come at the start of a turn under optimal play.  States are solved from the
full sheet backwards, one layer of equally-filled sheets at a time, many states
per array operation; unreachable upper sums are skipped (left as NaN).

One turn, for a batch of states, in three steps (arrays are keeps x states):

* ``placement_values``: the best value of filling a box with each roll;
* ``best_keeps`` (twice): the value of each keep is the mean over the next die,
  one die at a time; a roll is worth the best of its sub-keeps;
* the state's value is the chance-weighted mean over the first roll.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from scoring.strategy.dice_space import (
    CHILDREN,
    COUNTS,
    DICE,
    FACES,
    FIVE_OF_A_KIND,
    PARENT_COUNTS,
    PARENTS,
    ROLL_PROBABILITY,
)
from scoring.strategy.solver_rules import UPPER_COUNT, SolverRules

# States per array batch: big enough to amortise numpy's call overhead, small
# enough for the batch's arrays to stay in cache.
BATCH = 1536
NEG = -np.inf
# 0..5 dice as a column, to broadcast over a batch.
COUNTS_COLUMN = np.arange(DICE + 1)[:, None]


@dataclass(frozen=True)
class States:
    """A batch of states as parallel arrays."""

    mask: np.ndarray
    upper: np.ndarray
    flag: np.ndarray

    def __len__(self) -> int:
        return len(self.mask)


def value_index(
    rules: SolverRules, mask: np.ndarray | int, upper: np.ndarray | int, flag: np.ndarray | int
) -> np.ndarray | int:
    """Position of states in the flat value table."""
    return (mask * (rules.threshold + 1) + upper) * rules.flags + flag


def table_size(rules: SolverRules) -> int:
    """Entries of the flat value table."""
    return (1 << rules.boxes) * (rules.threshold + 1) * rules.flags


@lru_cache(maxsize=256)
def reachable_uppers(filled_upper: int, threshold: int) -> np.ndarray:
    """Every capped upper sum that the filled upper boxes (bit f-1 for face f) can hold."""
    sums = {0}
    for face in range(1, UPPER_COUNT + 1):
        if filled_upper >> (face - 1) & 1:
            sums = {min(threshold, s + face * c) for s in sums for c in range(DICE + 1)}
    return np.array(sorted(sums), dtype=np.int64)


def layer_states(rules: SolverRules, filled: int) -> tuple[States, np.ndarray, np.ndarray]:
    """Every state to solve with ``filled`` boxes used, and the table positions that
    copy a solved one: ``(states, copy_to, copy_from)``.

    Upper sums from which the open upper boxes cannot reach the bonus any more are
    all worth the same, so only the lowest of them is solved.
    """
    masks: list[np.ndarray] = []
    ups: list[np.ndarray] = []
    flags: list[np.ndarray] = []
    copy_to: list[np.ndarray] = []
    copy_from: list[np.ndarray] = []
    lower_boxes = rules.boxes - UPPER_COUNT
    lower = np.arange(1 << lower_boxes, dtype=np.int64)
    lower_filled = np.array([int(m).bit_count() for m in lower])
    yahtzee_bit = 1 << (rules.yahtzee_box - UPPER_COUNT) if rules.flags > 1 else 0
    for used in range(1 << UPPER_COUNT):
        rest = lower[lower_filled == filled - used.bit_count()]
        if not len(rest):
            continue
        solved, dead = _upper_classes(used, rules.threshold)
        with_fifty = rest[(rest & yahtzee_bit) != 0] if yahtzee_bit else rest[:0]
        for flag, group in ((0, rest[(rest & yahtzee_bit) == 0]), (0, with_fifty), (1, with_fifty)):
            if not len(group):
                continue
            group_masks = (group << UPPER_COUNT) | used
            masks.append(np.repeat(group_masks, len(solved)))
            ups.append(np.tile(solved, len(group)))
            flags.append(np.full(len(group) * len(solved), flag, dtype=np.int64))
            if len(dead):
                copy_to.append(
                    np.asarray(
                        value_index(
                            rules,
                            np.repeat(group_masks, len(dead)),
                            np.tile(dead, len(group)),
                            flag,
                        )
                    )
                )
                copy_from.append(
                    np.repeat(value_index(rules, group_masks, solved[0], flag), len(dead))
                )

    def join(parts: list[np.ndarray]) -> np.ndarray:
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)

    return States(join(masks), join(ups), join(flags)), join(copy_to), join(copy_from)


@lru_cache(maxsize=128)
def _upper_classes(used: int, threshold: int) -> tuple[np.ndarray, np.ndarray]:
    """For filled upper boxes ``used``: the upper sums to solve (the lowest hopeless one
    first, then every sum that can still reach the bonus) and the other hopeless ones."""
    u = reachable_uppers(used, threshold)
    room = DICE * sum(f for f in range(1, UPPER_COUNT + 1) if not used >> (f - 1) & 1)
    live, hopeless = u[u + room >= threshold], u[u + room < threshold]
    return np.concatenate([hopeless[:1], live]), hopeless[1:]


@dataclass(frozen=True)
class PlacementPlan:
    """Which candidate values each roll takes the best of, laid out for array code.

    Candidates live in rows of a per-batch ``sources`` array: for each upper box
    and count 1-5 one row, for each lower box and positive score one row.  Rolls are
    processed in ``order`` (most candidates first) so that the j-th candidate of
    every roll that has one is ``sources[columns[j]]``, a prefix of the rolls.
    """

    lower_rows: tuple[tuple[int, np.ndarray, int], ...]
    sources: int
    order: np.ndarray
    back: np.ndarray
    columns: tuple[np.ndarray, ...]


def upper_row(box: int, count: int) -> int:
    """The sources row of upper box ``box`` scoring ``count`` dice (count 1-5)."""
    return box * DICE + count - 1


@lru_cache(maxsize=8)
def placement_plan(rules: SolverRules) -> PlacementPlan:
    """The candidate layout for ``rules`` (built once per rules)."""
    next_row = UPPER_COUNT * DICE
    lower_rows = []
    for box in range(UPPER_COUNT, rules.boxes):
        positive = np.unique(rules.scores[box][rules.scores[box] > 0])
        lower_rows.append((box, positive, next_row))
        next_row += len(positive)
    rolls = len(COUNTS[0])
    candidates: list[list[int]] = [[] for _ in range(rolls)]
    for roll in range(rolls):
        for box in range(UPPER_COUNT):
            if COUNTS[box][roll]:
                candidates[roll].append(upper_row(box, int(COUNTS[box][roll])))
        for box, positive, first in lower_rows:
            score = rules.scores[box][roll]
            if score > 0:
                candidates[roll].append(first + int(np.searchsorted(positive, score)))
    order = np.array(sorted(range(rolls), key=lambda r: -len(candidates[r])), dtype=np.intp)
    back = np.argsort(order)
    widest = len(candidates[order[0]])
    columns = tuple(
        np.array([candidates[r][j] for r in order if len(candidates[r]) > j], dtype=np.intp)
        for j in range(widest)
    )
    return PlacementPlan(tuple(lower_rows), next_row, order, back, columns)


def placement_values(
    rules: SolverRules, values: np.ndarray, states: States, ws: Workspace | None = None
) -> np.ndarray:
    """``out[roll, state]``: the best of filling an open box with ``roll``, counting the
    points, bonuses and the value of the state it leads to.

    Scoring 0 in a box is never better than scoring more in it (a higher upper
    sum or a Yahtzee worth 50 never hurts), so every roll starts from the best
    zero-point placement and only its positive boxes are compared after that.
    """
    plan = placement_plan(rules)
    mask, upper, flag = states.mask, states.upper, states.flag
    n = len(states)
    if ws is None:
        ws = Workspace(plan.sources, n)
    threshold = rules.threshold
    below = upper < threshold
    sources = ws.sources
    zero = np.full(n, NEG)
    zero_after: dict[int, np.ndarray] = {}
    for box in range(rules.boxes):
        bit = 1 << box
        is_open = (mask & bit) == 0
        nxt = mask | bit
        if box < UPPER_COUNT:
            points = (box + 1) * COUNTS_COLUMN
            reached = upper + points
            bonus = np.where(below & (reached >= threshold), rules.upper_bonus, 0)
            after = values[value_index(rules, nxt, np.minimum(reached, threshold), flag)]
            worth = np.where(is_open, points + bonus + after, NEG)
            zero_after[box] = worth[0]
            sources[upper_row(box, 1) : upper_row(box, DICE) + 1] = worth[1:]
        elif box == rules.yahtzee_box:
            zero_after[box] = np.where(is_open, values[value_index(rules, nxt, upper, 0)], NEG)
        else:
            zero_after[box] = np.where(is_open, values[value_index(rules, nxt, upper, flag)], NEG)
        np.maximum(zero, zero_after[box], out=zero)
    for box, positive, first in plan.lower_rows:
        if box == rules.yahtzee_box:
            fifty = values[value_index(rules, mask | (1 << box), upper, 1)]
            after = np.where((mask >> box) & 1 == 0, fifty, NEG)
        else:
            after = zero_after[box]
        np.add(positive[:, None], after[None, :], out=sources[first : first + len(positive)])
    best, part, out = ws.best, ws.part, ws.out
    best[:] = zero
    for rows in plan.columns:
        k = len(rows)
        np.take(sources, rows, axis=0, out=part[:k], mode="clip")
        np.maximum(best[:k], part[:k], out=best[:k])
    np.take(best, plan.back, axis=0, out=out, mode="clip")
    if rules.flags > 1:
        _five_of_a_kind(rules, values, states, out, sources, zero_after)
    return out


def _five_of_a_kind(
    rules: SolverRules,
    values: np.ndarray,
    states: States,
    out: np.ndarray,
    sources: np.ndarray,
    zero_after: dict[int, np.ndarray],
) -> None:
    """Yahtzee's rows for five of a kind once the Yahtzee box is used: the extra
    bonus and the joker rule (the rows are already right while the box is open)."""
    mask, flag = states.mask, states.flag
    filled = (mask >> rules.yahtzee_box) & 1 == 1
    if not filled.any():
        return
    lower = [b for b in range(UPPER_COUNT, rules.boxes) if b != rules.yahtzee_box]
    lower_bits = sum(1 << b for b in lower)
    extra = rules.extra_bonus * flag
    for face in range(1, FACES + 1):
        row = FIVE_OF_A_KIND[face - 1]
        up = face - 1
        upper_open = (mask >> up) & 1 == 0
        own_upper = sources[upper_row(up, DICE)]
        as_joker = np.full(len(states), NEG)
        as_plain = np.full(len(states), NEG)
        for box in lower:
            plain = rules.scores[box][row]
            joker = rules.joker_points[box]
            np.maximum(as_joker, (plain if joker < 0 else joker) + zero_after[box], out=as_joker)
            np.maximum(as_plain, plain + zero_after[box], out=as_plain)
        other_upper = np.full(len(states), NEG)
        for box in range(UPPER_COUNT):
            if box != up:
                np.maximum(other_upper, zero_after[box], out=other_upper)
        if rules.joker == "forced":
            lower_left = (mask & lower_bits) != lower_bits
            used = np.where(upper_open, own_upper, np.where(lower_left, as_joker, other_upper))
        else:
            used = np.maximum(
                np.maximum(own_upper, other_upper), np.where(upper_open, as_plain, as_joker)
            )
        out[row] = np.where(filled, used + extra, out[row])


class Workspace:
    """Preallocated arrays for batches of ``n`` states: allocating megabytes per batch
    costs more in page faults than the arithmetic, so each thread reuses its own."""

    def __init__(self, sources: int, n: int) -> None:
        rolls = len(COUNTS[0])
        self.n = n
        self.sources = np.empty((sources, n))
        self.best = np.empty((rolls, n))
        self.part = np.empty((rolls, n))
        self.out = np.empty((rolls, n))
        self.keeps = [np.empty((len(CHILDREN[m]), n)) for m in range(DICE)]


_local = threading.local()


def workspace(rules: SolverRules, n: int) -> Workspace:
    """This thread's workspace for batches of ``n`` states of ``rules``."""
    sources = placement_plan(rules).sources
    ws = getattr(_local, "workspace", None)
    if ws is None or ws.n != n or len(ws.sources) != sources:
        ws = _local.workspace = Workspace(sources, n)
    return ws


def keep_values(after: np.ndarray, ws: Workspace) -> list[np.ndarray]:
    """``after[roll, state]`` is what each roll is worth; returns, per keep size m,
    the expected worth of each keep of m dice when the others are rolled."""
    by_size: list[np.ndarray] = [*ws.keeps, after]
    for size in range(DICE - 1, -1, -1):
        acc, rows, index = by_size[size], by_size[size + 1], CHILDREN[size]
        part = ws.part[: len(acc)]
        np.take(rows, index[:, 0], axis=0, out=acc, mode="clip")
        for j in range(1, FACES):
            np.take(rows, index[:, j], axis=0, out=part, mode="clip")
            np.add(acc, part, out=acc)
        acc *= 1.0 / FACES
    return by_size


def best_keeps(after: np.ndarray, ws: Workspace) -> np.ndarray:
    """With one more roll to come: what each roll is worth when the best sub-keep is
    kept (keeping all five is standing on ``after``).  Overwrites ``after``."""
    by_size = keep_values(after, ws)
    best = by_size[0]
    for size in range(1, DICE + 1):
        mine = by_size[size]
        for j, count in enumerate(PARENT_COUNTS[size]):
            part = ws.part[:count]
            np.take(best, PARENTS[size][:count, j], axis=0, out=part, mode="clip")
            np.maximum(mine[:count], part, out=mine[:count])
        best = mine
    return best


def turn_values(rules: SolverRules, values: np.ndarray, states: States) -> np.ndarray:
    """The start-of-turn value of each state in the batch."""
    ws = workspace(rules, len(states))
    last = placement_values(rules, values, states, ws)
    middle = best_keeps(last, ws)
    first = best_keeps(middle, ws)
    value: np.ndarray = ROLL_PROBABILITY @ first
    return value


def solve(rules: SolverRules, workers: int = 2) -> np.ndarray:
    """The flat value table of every reachable state (NaN for the unreachable)."""
    values = np.full(table_size(rules), np.nan)
    full = (1 << rules.boxes) - 1
    for u in range(rules.threshold + 1):
        for f in range(rules.flags):
            values[value_index(rules, full, u, f)] = 0.0
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for filled in range(rules.boxes - 1, -1, -1):
            states, copy_to, copy_from = layer_states(rules, filled)
            batches = [
                States(
                    states.mask[i : i + BATCH],
                    states.upper[i : i + BATCH],
                    states.flag[i : i + BATCH],
                )
                for i in range(0, len(states), BATCH)
            ]
            results = pool.map(lambda b: turn_values(rules, values, b), batches)
            for batch, result in zip(batches, results, strict=True):
                values[value_index(rules, batch.mask, batch.upper, batch.flag)] = result
            values[copy_to] = values[copy_from]
    return values
