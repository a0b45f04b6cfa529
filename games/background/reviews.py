"""Post-game reviews computed in a child process that runs only on spare CPU.

``reviews(game_id)`` hands a finished game to this server process's review child and
returns its reviews as JSON text (``coach.services.reviews.review_texts``); the child
reads the game itself and stores nothing. ``luck_bound(challenge_id)`` has it work out
a daily challenge's luck bound the same way (``daily.services.foresight``). It is
spawned by the first call, at the lowest CPU priority (``SCHED_IDLE`` and ``nice`` 19,
unless the setting ``GAMES_REVIEWS_ON_IDLE_CPU`` is off), so it takes only the CPU the
servers leave idle; it reads jobs from its standard input and ends when that closes,
which ``stop()`` and its server's death both do; after ``stop()`` no child starts until
``resume()``. Messages are pickles, each preceded by its length. Why a child process:
docs/decisions/0005-reviews-in-a-child-process.md.

    python -m games.background.reviews [--idle]   # the child (spawned by ``reviews``)
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

from common import instruments

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
NICENESS = 19
_SIZE = 4  # bytes of a message's length

_lock = threading.Lock()  # held by a ``reviews`` call from its question to its answer
_spawn_lock = threading.Lock()  # held while ``_child`` or ``_stopped`` changes
_child: subprocess.Popen[bytes] | None = None
_stopped = False


class ReviewProcessError(RuntimeError):
    """The child could not compute a review (it failed, or died)."""


def _frame(message: object) -> bytes:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return len(data).to_bytes(_SIZE, "big") + data


def _pipes(process: subprocess.Popen[bytes]) -> tuple[IO[bytes], IO[bytes]]:
    """The child's standard input and output (``_start`` pipes both)."""
    if process.stdin is None or process.stdout is None:
        raise ValueError("the review child has no pipes")
    return process.stdin, process.stdout


def _write(stream: IO[bytes], frame: bytes) -> None:
    stream.write(frame)
    stream.flush()


def _read(stream: IO[bytes]) -> Any:
    head = stream.read(_SIZE)
    if len(head) < _SIZE:
        raise EOFError("the other end closed")
    size = int.from_bytes(head, "big")
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("the other end closed in mid-message")
    return pickle.loads(data)  # our own child process, over its own pipes


def _start() -> subprocess.Popen[bytes]:
    from django.conf import settings
    from django.db import connections

    idle = ["--idle"] if settings.GAMES_REVIEWS_ON_IDLE_CPU else []
    process = subprocess.Popen(
        [sys.executable, "-m", "games.background.reviews", *idle],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
    )
    # The database this process uses (a test run's own, for one), whatever the settings
    # say: the first message.
    try:
        _write(_pipes(process)[0], _frame(connections["default"].settings_dict["NAME"]))
    except OSError:
        process.kill()
        process.wait()
        raise
    return process


def _running_child() -> subprocess.Popen[bytes]:
    """The review child, started (again) if it does not run; ``ReviewProcessError`` after
    ``stop``. The caller holds ``_lock``."""
    global _child
    with _spawn_lock:
        if _stopped:
            raise ReviewProcessError("the review process was stopped")
        if _child is None or _child.poll() is not None:
            _child = None
            instruments.background_children.set(0)
            _child = _start()
            instruments.background_children.set(1)
        return _child


def _forget(process: subprocess.Popen[bytes]) -> None:
    global _child
    with _spawn_lock:
        if _child is process:
            _child = None
            instruments.background_children.set(0)


def start() -> subprocess.Popen[bytes]:
    """This process's review child, started now if it does not run (after ``stop`` too)."""
    resume()
    with _lock:
        return _running_child()


def resume() -> None:
    """Let ``reviews`` start a child again after ``stop`` (the first call starts it)."""
    global _stopped
    with _spawn_lock:
        _stopped = False


def child() -> subprocess.Popen[bytes] | None:
    """This process's review child, if it has started one and it still runs."""
    with _spawn_lock:
        return _child if _child is not None and _child.poll() is None else None


def reviews(game_id: int) -> list[tuple[int, str]]:
    """``review.review_texts(game_id)``: the finished game read and its reviews computed
    in the child process (started, or started again, when needed). Blocks the calling
    thread until done; ``ReviewProcessError`` if the child failed or died, or after
    ``stop``."""
    texts: list[tuple[int, str]] = _ask(game_id)
    return texts


def luck_bound(challenge_id: int) -> dict[str, Any]:
    """``foresight.luck_bound_compute`` of the daily challenge ``challenge_id``, worked
    out in the child process as ``reviews`` does; ``ReviewProcessError`` likewise."""
    bound: dict[str, Any] = _ask(("luck_bound", challenge_id))
    return bound


def _ask(message: object) -> Any:
    """The child's answer to ``message`` (a game id, or a ``("luck_bound", id)`` pair)."""
    job = _frame(message)
    with _lock:
        process = None
        try:
            process = _running_child()
            jobs, answers = _pipes(process)
            _write(jobs, job)
            ok, value = _read(answers)
        except (EOFError, OSError, ValueError, pickle.UnpicklingError) as exc:
            if process is not None:
                process.kill()
                process.wait()
                _forget(process)
            raise ReviewProcessError(f"the review process died: {exc!r}") from None
    if not ok:
        raise ReviewProcessError(value)
    return value


def stopped() -> bool:
    """Whether ``stop`` ended the review child (this process is going away) and no
    ``resume`` came since."""
    return _stopped


def stop(grace: float = 10.0) -> None:
    """End this process's review child, if any, one being started included: its input is
    closed, and it is killed if it has not exited ``grace`` seconds later. A ``reviews``
    call waiting for it meanwhile fails with ``ReviewProcessError``, and so do later ones
    until ``resume``. (The child also ends with this process.)"""
    global _stopped
    with _spawn_lock:  # not ``_lock``: a ``reviews`` call may hold it, waiting
        _stopped = True
        process = _child
    if process is None:
        return
    jobs, answers = _pipes(process)
    with contextlib.suppress(OSError):
        jobs.close()
    try:
        process.wait(timeout=grace)
        log.info("the review child %d ended when its input closed", process.pid)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        log.info("the review child %d was killed %g s after its input closed", process.pid, grace)
    _forget(process)
    with contextlib.suppress(OSError):
        answers.close()


def serve(jobs: IO[bytes], answers: IO[bytes]) -> None:
    """The child's loop: compute each review read from ``jobs`` until it closes."""
    from django.db import connections

    from coach.services.reviews import review_texts
    from daily.models import DailyChallenge
    from daily.services.foresight import luck_bound_compute

    while True:
        try:
            job = _read(jobs)
        except EOFError:
            return
        try:
            if isinstance(job, tuple):  # ("luck_bound", challenge id)
                result: Any = luck_bound_compute(DailyChallenge.objects.get(pk=job[1]))
            else:
                result = review_texts(job)
            answer: tuple[bool, Any] = (True, result)
        except Exception as exc:  # reported to the server, which logs it
            answer = (False, f"{type(exc).__name__}: {exc}")
        finally:
            connections.close_all()
        try:
            _write(answers, _frame(answer))
        except BrokenPipeError:  # the server is gone
            return


def lower_priority() -> None:
    """Take CPU only when nothing else wants it: Linux's SCHED_IDLE policy (any other
    task preempts it at once), and nice 19 (also lowers its disk priority)."""
    if hasattr(os, "SCHED_IDLE"):
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        except OSError:
            log.warning("the review process could not take the SCHED_IDLE policy")
    try:
        os.nice(NICENESS)
    except OSError:
        log.warning("the review process could not lower its priority")


def main() -> None:
    """Run as the review child (at the lowest priority when given ``--idle``), Django
    set up; it only reads."""
    if "--idle" in sys.argv[1:]:
        lower_priority()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yahtzee_site.settings")
    import django

    django.setup()
    from django.conf import settings

    jobs, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not break the answers' framing
    try:
        settings.DATABASES["default"]["NAME"] = _read(jobs)
    except EOFError:
        return
    # One short connection per job, not a pool held open for the odd finished game.
    settings.DATABASES["default"].get("OPTIONS", {}).pop("pool", None)
    serve(jobs, answers)


if __name__ == "__main__":
    main()
