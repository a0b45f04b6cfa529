"""ASGI entry point of a server process, served by Daphne:
``daphne yahtzee_site.asgi:application``.

Loading it refuses unsafe production settings (with DEBUG off, the security system
checks of games/checks.py must pass), then starts the process's background work
(``games.background.runtime``: game clock, SQLite checkpoints, the coach's worker), which stops
when the process exits.
"""

from __future__ import annotations

import gc

from yahtzee_site.routing import application
from yahtzee_site.startup import refuse_unsafe_settings

refuse_unsafe_settings()

from games.background import runtime  # noqa: E402

runtime.start()

# Everything loaded so far lives as long as the process: keep it out of the garbage
# collector's full passes, and make those passes rarer (docs/decisions/0003-gc-tuning.md).
gc.freeze()
GC_THRESHOLDS = (700, 10, 100)  # Python's defaults are (700, 10, 10)
gc.set_threshold(*GC_THRESHOLDS)

__all__ = ["application"]
