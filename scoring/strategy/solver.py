"""The exact solver for Yahtzee and Yatzy: optimal expected scores and advice.

``solver_for(ruleset)`` returns the process's solver for a rule set, building its
value table on first use (``solver_build``; a few seconds) or reading it from
the table store when one is configured (``set_store``; the site keeps a cache
file).  ``Solver.state_value`` and ``Solver.advise`` then answer in well under a
millisecond.  The process's solvers, store and builder are a ``Tables`` object
(``process_tables()``); tests make their own.

>>> from scoring import rulesets
>>> s = solver_for(rulesets.get("yahtzee"))
>>> round(s.state_value(rulesets.get("yahtzee").new_scorecard()), 7)
254.5877287
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from scoring.dice import validate_dice
from scoring.errors import RulesError
from scoring.ruleset import RuleSet
from scoring.scorecard import Placement, Scorecard
from scoring.strategy import solver_build, solver_rules
from scoring.strategy.advice import Choice
from scoring.strategy.dice_space import (
    DICE,
    FIVE_OF_A_KIND,
    KEEP_INDEX,
    OUTCOMES,
    best_keeps_one,
    sub_keeps,
)
from scoring.strategy.solver_build import value_index
from scoring.strategy.solver_rules import SOLVABLE, UPPER_COUNT, SolverRules, rules_for
from scoring.strategy.solver_worth import last_throw_worth, placement_value
from scoring.words import gettext_noop

# Bump whenever the tables' meaning or layout changes: stored tables are then rebuilt.
CODE_VERSION = 1
MAGIC = b"FIVEDICE-SOLVER\n"
# Values closer than this are a tie; ties go to placing now, then to keeping more dice.
TIE = 1e-9
# Roll-worth arrays remembered per solver: a turn asks about the same state thrice.
RECENT = 256


class TableStore(Protocol):
    """Where built tables are kept between processes (the site uses a cache file)."""

    def load(self, name: str) -> bytes | None:
        """The bytes saved under ``name``, or ``None``."""
        ...

    def save(self, name: str, data: bytes) -> None:
        """Keep ``data`` under ``name``, replacing what was there."""
        ...


class Solver:
    """Optimal play of one solvable rule set, from its table of state values."""

    exact = True

    def __init__(self, rules: SolverRules, values: np.ndarray) -> None:
        if values.shape != (solver_build.table_size(rules),):
            raise ValueError("the value table does not fit these rules")
        self.rules = rules
        self.ruleset = rules.ruleset
        self.values = values
        self._index = {key: i for i, key in enumerate(rules.ruleset.categories)}
        self._recent: dict[tuple[tuple[int, int, int], int], np.ndarray] = {}
        self._recent_lock = threading.Lock()

    # -- states ----------------------------------------------------------

    def state_of(self, card: Scorecard) -> tuple[int, int, int]:
        """``(filled boxes as bits, capped upper sum, Yahtzee-box-holds-50 flag)``."""
        if card.ruleset != self.ruleset:
            raise ValueError(f"this solver plays {self.ruleset!r}, not {card.ruleset!r}")
        row = card.scores[0]
        mask = sum(1 << i for i, v in enumerate(row) if v is not None)
        upper = min(self.rules.threshold, sum(v or 0 for v in row[:UPPER_COUNT]))
        flag = int(self.rules.flags > 1 and row[self.rules.yahtzee_box] == 50)
        return mask, upper, flag

    def state_value(self, card: Scorecard) -> float:
        """The expected score still to come from ``card`` at the start of a turn."""
        value = float(self.values[value_index(self.rules, *self.state_of(card))])
        if value != value:
            raise ValueError("this sheet cannot occur in a game")
        return value

    # -- advice ----------------------------------------------------------

    def advise(
        self,
        card: Scorecard,
        dice: Sequence[int],
        rolls_left: int,
        *,
        announced: str | None = None,
    ) -> tuple[Choice, ...]:
        """Every distinct choice after a roll with its expected final score, best first.

        With rolls left, the keeps of fewer than five dice and the boxes open now;
        with none, the boxes.
        """
        dice = validate_dice(dice)
        if type(rolls_left) is not int or not 0 <= rolls_left <= 2:
            raise RulesError("bad_rolls_left", f"rolls left is 0, 1 or 2; got {rolls_left!r}")
        if announced is not None:
            raise RulesError("no_announcement", f"{self.ruleset.title} has no announcements")
        if card.is_complete:
            raise RulesError("game_over", gettext_noop("every box is filled: the game is over"))
        total = card.total
        state = self.state_of(card)
        choices = [
            Choice("place", total + self._placement_value(state, p), box=p.box, column=p.column)
            for p in card.options(dice)
        ]
        if rolls_left:
            worth = self._roll_worth(card, state, rolls_left - 1)
            keeps = [k for k in sub_keeps(tuple(sorted(dice))) if len(k) < len(dice)]
            expected = OUTCOMES[[KEEP_INDEX[k] for k in keeps]] @ worth
            choices += [
                Choice("keep", total + float(v), keep=k)
                for k, v in zip(keeps, expected, strict=True)
            ]
        return tuple(sorted(choices, key=_rank))

    def _roll_worth(
        self, card: Scorecard, state: tuple[int, int, int], rolls_after: int
    ) -> np.ndarray:
        """What each roll of the next throw is worth (score still to come) when
        ``rolls_after`` more rolls follow it; the last few states are remembered."""
        key = (state, rolls_after)
        worth = self._recent.get(key)
        if worth is None:
            worth = self._placement_worth(card, state)
            for _ in range(rolls_after):
                worth = best_keeps_one(worth)
            with self._recent_lock:
                if len(self._recent) >= RECENT:
                    self._recent.pop(next(iter(self._recent)))
                self._recent[key] = worth
        return worth

    def _placement_value(self, state: tuple[int, int, int], placement: Placement) -> float:
        """Score still to come after ``placement`` (from ``Scorecard.options``): its
        points and bonuses, plus the value of the state it leads to."""
        box = self._index[placement.box]
        return placement_value(
            self.rules, self.values, state, box, placement.points, placement.bonus
        )

    def _placement_worth(self, card: Scorecard, state: tuple[int, int, int]) -> np.ndarray:
        """``worth[roll]``: the best placement of each roll on the last throw (score still
        to come), a Yahtzee played as a joker included."""
        worth = last_throw_worth(self.rules, self.values, state)
        if self.rules.flags > 1 and state[0] >> self.rules.yahtzee_box & 1:
            for face, row in enumerate(FIVE_OF_A_KIND, start=1):
                worth[row] = max(
                    self._placement_value(state, p) for p in card.options((face,) * DICE)
                )
        return worth

    # -- storage ---------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The table with a header naming the rules and code it was built for."""
        header = (
            json.dumps(
                {
                    "rules": self.rules.key,
                    "fingerprint": fingerprint(self.rules),
                    "entries": len(self.values),
                }
            ).encode()
            + b"\n"
        )
        return MAGIC + header + self.values.astype("<f8").tobytes()

    @classmethod
    def from_bytes(cls, rules: SolverRules, data: bytes) -> Solver:
        """A solver from ``to_bytes`` output; ``ValueError`` if it is for other rules,
        another code version, or damaged."""
        if not data.startswith(MAGIC):
            raise ValueError("not a solver table")
        end = data.index(b"\n", len(MAGIC))
        header = json.loads(data[len(MAGIC) : end])
        if header.get("fingerprint") != fingerprint(rules):
            raise ValueError("the table was built for other rules or another code version")
        values = np.frombuffer(data, dtype="<f8", offset=end + 1)
        if len(values) != header.get("entries"):
            raise ValueError("the table is truncated")
        return cls(rules, values.astype(np.float64))


def _rank(choice: Choice) -> tuple[float, int, int]:
    return (-round(choice.value / TIE) * TIE, 0 if choice.kind == "place" else 1, -len(choice.keep))


def fingerprint(rules: SolverRules) -> str:
    """Names exactly what a table solves: the rules' numbers and the code version."""
    digest = hashlib.sha256()
    digest.update(
        json.dumps(
            [
                CODE_VERSION,
                rules.key,
                rules.threshold,
                rules.upper_bonus,
                rules.extra_bonus,
                rules.joker,
                rules.yahtzee_box,
                rules.joker_points,
            ]
        ).encode()
    )
    digest.update(rules.scores.astype("<f8").tobytes())
    return digest.hexdigest()


def table_name(rules: SolverRules) -> str:
    """The store name of a table: the variant, its options and the fingerprint, e.g.
    ``yahtzee_joker_forced-1f2e...``; a newer fingerprint replaces an older table."""
    slug = "".join(c if c.isalnum() else "_" for c in rules.key.lower()).strip("_")
    return f"{slug}-{fingerprint(rules)[:20]}"


# -- the process's solvers ----------------------------------------------


class Solve(Protocol):
    """Builds the value table of ``rules`` (``solver_build.solve``, or a test's fake)."""

    def __call__(self, rules: SolverRules, workers: int = 2) -> np.ndarray: ...


class Tables:
    """Solvers shared in a process, the store their tables are kept in, and the
    function that builds a missing table.

    The module's functions (``solver_for``, ``save``...) use the process's instance,
    ``process_tables()``.  Tests make their own, with a store in a temporary directory
    and a ``solve`` that returns a fake table at once, and hand it to ``build_strategy``.
    """

    def __init__(self, store: TableStore | None = None, solve: Solve = solver_build.solve) -> None:
        self.store = store
        self.solve = solve
        self._solvers: dict[RuleSet, Solver] = {}
        self._locks: dict[RuleSet, threading.Lock] = {}
        self._registry_lock = threading.Lock()

    def is_loaded(self, ruleset: RuleSet) -> bool:
        """Whether ``solver_for(ruleset)`` returns at once."""
        return ruleset in self._solvers

    def solver_for(self, ruleset: RuleSet) -> Solver:
        """The solver of ``ruleset``: built (or read from the store) once, then shared.
        Concurrent first calls wait for one build."""
        solver = self._solvers.get(ruleset)
        if solver is not None:
            return solver
        with self._registry_lock:
            lock = self._locks.setdefault(ruleset, threading.Lock())
        with lock:
            solver = self._solvers.get(ruleset)
            if solver is None:
                solver = self.load_stored(ruleset)
                if solver is None:
                    solver = self.build(ruleset)
                    self._keep(solver)
                self._solvers[ruleset] = solver
        return solver

    def build(self, ruleset: RuleSet, workers: int = 2) -> Solver:
        """A freshly built solver (not stored, not shared): what ``solver_for`` does on
        a miss."""
        rules = rules_for(ruleset)
        return Solver(rules, self.solve(rules, workers=workers))

    def load_stored(self, ruleset: RuleSet) -> Solver | None:
        """The stored solver of ``ruleset`` if the store holds a valid table for the
        current rules and code, else ``None`` (nothing is built)."""
        rules = rules_for(ruleset)
        data = self.store.load(table_name(rules)) if self.store is not None else None
        if data is None:
            return None
        try:
            return Solver.from_bytes(rules, data)
        except ValueError:
            return None

    def save(self, solver: Solver) -> None:
        """Put ``solver``'s table in the store (if there is one) and share it."""
        self._keep(solver)
        self._solvers[solver.ruleset] = solver

    def _keep(self, solver: Solver) -> None:
        if self.store is not None:
            self.store.save(table_name(solver.rules), solver.to_bytes())

    def forget_all(self) -> None:
        """Drop every shared solver (tests use it to measure cold starts)."""
        with self._registry_lock:
            self._solvers.clear()


_process = Tables()


def process_tables() -> Tables:
    """The solvers of this process (what the functions below use)."""
    return _process


def set_store(store: TableStore | None) -> None:
    """Keep built tables in ``store`` (and read them from it) from now on."""
    _process.store = store


def is_solvable(ruleset: RuleSet) -> bool:
    """Whether the exact solver plays ``ruleset`` (Yahtzee and Yatzy, any options)."""
    return solver_rules.is_solvable(ruleset)


def solvable_rulesets() -> tuple[RuleSet, ...]:
    """Every rule set the solver plays: each solvable variant with each option choice."""
    from itertools import product

    from scoring import rulesets

    found = []
    for name in SOLVABLE:
        choices = rulesets.option_choices(name)
        for combo in product(*choices.values()):
            found.append(rulesets.get(name, **dict(zip(choices, combo, strict=True))))
    return tuple(found)


def is_loaded(ruleset: RuleSet) -> bool:
    """Whether ``solver_for(ruleset)`` returns at once."""
    return _process.is_loaded(ruleset)


def solver_for(ruleset: RuleSet) -> Solver:
    """The solver of ``ruleset``: built (or read from the store) once per process, then
    shared.  Concurrent first calls wait for one build."""
    return _process.solver_for(ruleset)


def build(ruleset: RuleSet, workers: int = 2) -> Solver:
    """A freshly built solver (no store, no sharing): what ``solver_for`` does on a miss."""
    return _process.build(ruleset, workers)


def load_stored(ruleset: RuleSet) -> Solver | None:
    """The stored solver of ``ruleset`` if the store holds a valid table for the current
    rules and code, else ``None`` (nothing is built)."""
    return _process.load_stored(ruleset)


def save(solver: Solver) -> None:
    """Put ``solver``'s table in the store (if one is set) and share it in this process."""
    _process.save(solver)


def forget_all() -> None:
    """Drop every solver of this process (tests use it to measure cold starts)."""
    _process.forget_all()
