"""The coach's stored tables, read as a server process starts (docs/strategy.md).

The exact advisors (Yahtzee, Yatzy) need a table per variant and options, read from
``STRATEGY_CACHE_DIR`` (or built, when it is not there) the first time a process needs
it; meanwhile hints are refused with ``coach_warming_up`` and the page asks again a
second later. ``start`` reads, on a thread of its own, the stored tables of every
variant with its default options (the options a room and the daily challenge start
with), so the first hint of those is answered at once. It never builds a missing table:
that takes tens of seconds of both cores, and ``make strategy`` does it ahead of time
(else the first hint of that variant waits for it, as before). Other options are read
on their first use.
"""

from __future__ import annotations

import logging
import threading
import time

from coach.tables import FileTableStore
from play.advice import advisor
from scoring import rulesets
from scoring.ruleset import RuleSet
from scoring.strategy import solver
from scoring.strategy.solver_rules import rules_for

log = logging.getLogger(__name__)
THREAD_NAME = "coach-tables"
STOP_WAIT = 5.0  # seconds ``stop`` waits for a table being read

_lock = threading.Lock()
_thread: threading.Thread | None = None
_stopping = threading.Event()


def read_at_start() -> tuple[RuleSet, ...]:
    """The rule sets whose stored tables a server process reads as it starts: every
    variant the exact solver plays, with its default options."""
    return tuple(rs for rs in map(rulesets.get, rulesets.names()) if solver.is_solvable(rs))


def is_stored(rs: RuleSet) -> bool:
    """Whether the process's table store holds a table for ``rs`` (under its current
    rules and code)."""
    store = solver.process_tables().store
    return (
        isinstance(store, FileTableStore) and store.path(solver.table_name(rules_for(rs))).is_file()
    )


def _read_stored() -> None:
    started = time.monotonic()
    for rs in read_at_start():
        if _stopping.is_set():
            return
        if solver.is_loaded(rs) or not is_stored(rs):
            continue
        try:
            advisor(rs)
        except Exception:  # the first hint tries again, and says so
            log.exception("reading the coach's table for %s failed", rs.name)
    log.info("the coach's stored tables are read (%.2f s)", time.monotonic() - started)


def start() -> None:
    """Start reading the stored tables (once until ``stop``)."""
    global _thread
    with _lock:
        if _thread is not None and _thread.is_alive():
            return
        _stopping.clear()
        _thread = threading.Thread(target=_read_stored, name=THREAD_NAME, daemon=True)
        _thread.start()


def stop() -> None:
    """Stop after the table being read (waiting up to ``STOP_WAIT`` seconds for it)."""
    global _thread
    with _lock:
        thread, _thread = _thread, None
    _stopping.set()
    if thread is not None:
        thread.join(STOP_WAIT)
