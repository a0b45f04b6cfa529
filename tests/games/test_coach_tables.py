"""A server process reads the coach's stored tables as it starts (the default options of
each exact variant), so the first hint is answered at once; it builds none."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from coach.background import coach_tables
from coach.tables import FileTableStore
from games.background import runtime
from play.advice import warm
from scoring import rulesets
from scoring.strategy import solver, solver_build
from scoring.strategy.solver_rules import SolverRules
from tests.support.waiting import wait_until

# Not in the PostgreSQL pass (docs/decisions/0007): the solver's table files, no database.
pytestmark = pytest.mark.sqlite_pass_only

YATZY, YAHTZEE = rulesets.get("yatzy"), rulesets.get("yahtzee")


def fake_solve(rules: SolverRules, workers: int = 2) -> np.ndarray:
    """A table of the right size at once (every state worth 100)."""
    return np.full(solver_build.table_size(rules), 100.0)


@pytest.fixture
def only_yatzy_stored(tmp_path: Path) -> Iterator[Path]:
    """The process's table store holds Yatzy's table alone (a fake one); the process has
    none loaded. Afterwards the real store, and no fake solver left behind."""
    fake = solver.Tables(FileTableStore(tmp_path), solve=fake_solve)
    fake.save(fake.build(YATZY))
    tables = solver.process_tables()
    real = tables.store
    tables.store = FileTableStore(tmp_path)
    tables.forget_all()
    yield tmp_path
    tables.store = real
    tables.forget_all()


def test_the_owner_reads_the_stored_tables_at_start_and_builds_none(
    only_yatzy_stored: Path,
) -> None:
    assert coach_tables.read_at_start() == (YAHTZEE, YATZY)
    assert not solver.is_loaded(YATZY)
    runtime.start()
    try:
        wait_until(lambda: solver.is_loaded(YATZY), what="Yatzy's stored table read")
    finally:
        runtime.stop()
    assert coach_tables.THREAD_NAME not in [t.name for t in threading.enumerate()]
    assert warm(YATZY)  # the first hint: no warming up
    assert not solver.is_loaded(YAHTZEE)  # not stored: left to its first use
    assert sorted(p.name.split("-")[0] for p in only_yatzy_stored.iterdir()) == [
        "yatzy_exact_counts_false"
    ]
