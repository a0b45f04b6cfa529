"""The solver's table files and ``manage.py build_strategy``."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games.coach.tables import FileTableStore
from scoring import rulesets
from scoring.strategy import solver


def test_a_saved_table_reads_back_and_replaces_older_ones_of_the_same_rules(tmp_path):
    store = FileTableStore(tmp_path / "tables")
    assert store.load("yahtzee_joker_forced-aaaa") is None  # no directory yet
    store.save("yahtzee_joker_forced-aaaa", b"old")
    store.save("yahtzee_joker_free-bbbb", b"other rules")
    store.save("yahtzee_joker_forced-cccc", b"new")
    assert store.load("yahtzee_joker_forced-cccc") == b"new"
    assert store.load("yahtzee_joker_forced-aaaa") is None
    assert store.load("yahtzee_joker_free-bbbb") == b"other rules"
    assert sorted(p.name for p in (tmp_path / "tables").iterdir()) == [
        "yahtzee_joker_forced-cccc.table", "yahtzee_joker_free-bbbb.table"]


@pytest.fixture
def table_dir(tmp_path, monkeypatch):
    """The solver's store pointed at an empty directory, holding this process's solvers."""
    store = FileTableStore(tmp_path)
    monkeypatch.setattr(solver, "_store", store)
    return store


def test_build_strategy_builds_only_what_is_missing_or_stale(table_dir, monkeypatch):
    for ruleset in solver.solvable_rulesets():
        solver.save(solver.solver_for(ruleset))  # tables this process already has
    stale = solver.table_name(solver.solver_for(rulesets.get("yahtzee", joker="free")).rules)
    table_dir.path(stale).write_bytes(b"FIVEDICE-SOLVER\n{}\n")
    out = StringIO()
    call_command("build_strategy", stdout=out)
    lines = out.getvalue().splitlines()
    assert sum("up to date" in line for line in lines) == 3
    (rebuilt,) = [line for line in lines if "built in" in line]
    assert "joker='free'" in rebuilt and "254.5896095" in rebuilt
    assert solver.load_stored(rulesets.get("yahtzee", joker="free")) is not None
