"""The solver's table files and ``manage.py build_strategy``.

The bookkeeping (what is missing, stale or up to date, file names, code versions) runs
on fake tables, made at once; ``tests/scoring/strategy/test_solver.py`` builds real
tables and checks their values.
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import numpy as np
import pytest
from django.core.management import call_command

from coach.management.commands.build_strategy import Command
from coach.tables import FileTableStore
from scoring import rulesets
from scoring.ruleset import RuleSet
from scoring.strategy import solver, solver_build
from scoring.strategy.solver_rules import SolverRules, rules_for

# Not in the PostgreSQL pass (docs/decisions/0007): the solver's table files, no database.
pytestmark = pytest.mark.sqlite_pass_only

FREE = rulesets.get("yahtzee", joker="free")


def test_a_saved_table_reads_back_and_replaces_older_ones_of_the_same_rules(tmp_path: Path) -> None:
    store = FileTableStore(tmp_path / "tables")
    assert store.load("yahtzee_joker_forced-aaaa") is None  # no directory yet
    store.save("yahtzee_joker_forced-aaaa", b"old")
    store.save("yahtzee_joker_free-bbbb", b"other rules")
    store.save("yahtzee_joker_forced-cccc", b"new")
    assert store.load("yahtzee_joker_forced-cccc") == b"new"
    assert store.load("yahtzee_joker_forced-aaaa") is None
    assert store.load("yahtzee_joker_free-bbbb") == b"other rules"
    assert sorted(p.name for p in (tmp_path / "tables").iterdir()) == [
        "yahtzee_joker_forced-cccc.table",
        "yahtzee_joker_free-bbbb.table",
    ]


class FakeSolve:
    """Stands in for ``solver_build.solve``: a table of the right size with every state
    worth 100, and a list of the rules it was asked for."""

    def __init__(self) -> None:
        self.built: list[str] = []

    def __call__(self, rules: SolverRules, workers: int = 2) -> np.ndarray:
        self.built.append(rules.key)
        return np.full(solver_build.table_size(rules), 100.0)


@pytest.fixture
def tables(tmp_path: Path) -> solver.Tables:
    """Solvers of this test alone: a store in an empty directory, and fake builds."""
    return solver.Tables(FileTableStore(tmp_path), solve=FakeSolve())


@pytest.fixture
def stored(tables: solver.Tables) -> solver.Tables:
    """``tables`` with every table stored; the fake's list of builds starts empty."""
    for ruleset in solver.solvable_rulesets():
        tables.save(tables.build(ruleset))
    built_by(tables).clear()
    return tables


def built_by(tables: solver.Tables) -> list[str]:
    """The keys of the rules ``tables``' fake solve was asked to build, in order."""
    assert isinstance(tables.solve, FakeSolve)
    return tables.solve.built


def store_of(tables: solver.Tables) -> FileTableStore:
    assert isinstance(tables.store, FileTableStore)
    return tables.store


def build_strategy(tables: solver.Tables, *args: str) -> list[str]:
    """The command's report, a line per rule set."""
    out = StringIO()
    call_command(Command(tables=tables), *args, stdout=out)
    return out.getvalue().splitlines()[1:]


def keys(*found: RuleSet) -> list[str]:
    return [rules_for(rs).key for rs in found]


def files(tables: solver.Tables) -> list[str]:
    return sorted(p.name for p in store_of(tables).directory.iterdir())


def test_build_strategy_builds_every_missing_table_under_its_rules_name(
    tables: solver.Tables,
) -> None:
    lines = build_strategy(tables)
    every = solver.solvable_rulesets()
    assert built_by(tables) == keys(*every)
    assert len(lines) == 4 and all("optimal expected score 100.0000000" in x for x in lines)
    assert files(tables) == sorted(f"{solver.table_name(rules_for(rs))}.table" for rs in every)
    assert all(tables.load_stored(rs) is not None for rs in every)


def test_build_strategy_builds_only_what_is_missing_or_stale(stored: solver.Tables) -> None:
    store_of(stored).path(solver.table_name(rules_for(FREE))).write_bytes(b"FIVEDICE-SOLVER\n{}\n")
    lines = build_strategy(stored)
    assert sum("up to date" in line for line in lines) == 3
    (rebuilt,) = [line for line in lines if "built in" in line]
    assert "joker='free'" in rebuilt
    assert built_by(stored) == keys(FREE)
    assert stored.load_stored(FREE) is not None


def test_force_rebuilds_every_table(stored: solver.Tables) -> None:
    lines = build_strategy(stored, "--force")
    assert sum("built in" in line for line in lines) == 4
    assert built_by(stored) == keys(*solver.solvable_rulesets())


def test_a_new_code_version_rebuilds_every_table_and_drops_the_old_files(
    stored: solver.Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = files(stored)
    monkeypatch.setattr(solver, "CODE_VERSION", solver.CODE_VERSION + 1)
    build_strategy(stored)
    assert built_by(stored) == keys(*solver.solvable_rulesets())
    after = files(stored)
    assert len(after) == 4 and not set(before) & set(after)


def test_the_command_fills_the_process_store_by_default() -> None:
    assert Command().tables is solver.process_tables()
