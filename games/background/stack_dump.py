"""On SIGUSR1 a server process writes where it is waiting to its log (standard error):
every thread's stack, then every asyncio task's.  ``kill -USR1 <pid>`` on a process that
seems stuck shows what it waits for (docs/operations.md)."""

from __future__ import annotations

import asyncio
import faulthandler
import signal
import sys
import threading
from types import FrameType


def _dump(signum: int, frame: FrameType | None) -> None:
    print(f"--- stacks of process on signal {signum}: threads ---", file=sys.stderr)
    faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
    try:
        tasks = asyncio.all_tasks()
    except RuntimeError:  # no event loop runs in the main thread
        return
    print(f"--- {len(tasks)} asyncio tasks ---", file=sys.stderr)
    for task in tasks:
        task.print_stack(file=sys.stderr)
    sys.stderr.flush()


def install() -> None:
    """Dump stacks on SIGUSR1 (where the platform has it; from the main thread only)."""
    if hasattr(signal, "SIGUSR1") and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGUSR1, _dump)
