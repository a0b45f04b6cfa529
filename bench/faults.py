"""Faults: crash and restart servers, cut connections, repeat and race requests; every game
must go on with no move lost or applied twice.

    .venv/bin/python bench/faults.py                    # SQLite, one Daphne process
    .venv/bin/python bench/faults.py --stack postgres   # PostgreSQL + Redis, two processes
    .venv/bin/python bench/faults.py --only kill_daphne # one scenario (repeatable)

The scenarios and their checks live in ``tests/support/faults.py``, which the test
suite's fault tests (tests/games/test_faults.py) run in their fast rounds. One line per
scenario, then one JSON line; exit status 1 if any scenario failed.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.faults import main

if __name__ == "__main__":
    sys.exit(main())
