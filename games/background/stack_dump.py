"""On SIGUSR1 a server process writes where it is waiting to its log (standard error):
every thread's stack, then every asyncio task's, down the chain of what each awaits.
``kill -USR1 <pid>`` on a process that seems stuck shows what it waits for
(docs/operations.md)."""

from __future__ import annotations

import asyncio
import faulthandler
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any


def _awaited_frames(task: asyncio.Task[Any]) -> Iterator[FrameType]:
    """The frames of ``task``'s coroutine and of every coroutine or generator it awaits
    (``Task.print_stack`` shows only the outermost one of a suspended task)."""
    awaited: Any = task.get_coro()
    seen = 0
    while awaited is not None and seen < 100:
        frame = (
            getattr(awaited, "cr_frame", None)
            or getattr(awaited, "gi_frame", None)
            or getattr(awaited, "ag_frame", None)
        )
        if frame is not None:
            yield frame
        awaited = (
            getattr(awaited, "cr_await", None)
            or getattr(awaited, "gi_yieldfrom", None)
            or getattr(awaited, "ag_await", None)
        )
        seen += 1


def _dump(signum: int, frame: FrameType | None) -> None:
    print(f"--- stacks of process on signal {signum}: threads ---", file=sys.stderr)
    faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
    try:
        tasks = asyncio.all_tasks()
    except RuntimeError:  # no event loop runs in the main thread
        return
    print(f"--- {len(tasks)} asyncio tasks ---", file=sys.stderr)
    for task in tasks:
        print(f"{task!r}, awaiting (outermost first):", file=sys.stderr)
        for awaiting in _awaited_frames(task):
            code = awaiting.f_code
            print(
                f'  File "{code.co_filename}", line {awaiting.f_lineno}, in {code.co_name}',
                file=sys.stderr,
            )
    sys.stderr.flush()


def install() -> None:
    """Dump stacks on SIGUSR1 (where the platform has it; from the main thread only)."""
    if hasattr(signal, "SIGUSR1") and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGUSR1, _dump)
