"""The site's measurements, recorded where the work happens and read at ``/metrics``
(``metrics/``, docs/operations.md#metrics) in Prometheus's format.

With ``PROMETHEUS_MULTIPROC_DIR`` set (an empty folder per machine, the same for all its
server processes), prometheus-client keeps each process's values in files there and
``/metrics`` sums them: any process answers for the machine. Decision 0078."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import Counter, Gauge, Histogram

# Seconds, from a quick move to a stalled database: what p50, p99 and "over 1 s" need.
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

sockets_open = Gauge(
    "dice_sockets_open", "Websockets open now.", ["kind"], multiprocess_mode="livesum"
)
moves = Counter("dice_moves", "Requests a room accepted, by kind.", ["kind"])
move_seconds = Histogram(
    "dice_move_seconds", "A request's time on the server, received to answered.", buckets=BUCKETS
)
move_part_seconds = Histogram(
    "dice_move_part_seconds",
    "Parts of a request's time: service (the transaction), send (to the channel layer), "
    "build (the viewer's state or patch, sent).",
    ["part"],
    buckets=BUCKETS,
)
errors = Counter("dice_errors", "Requests refused, by error code.", ["code"])
snapshot_builds = Counter("dice_snapshot_builds", "Room states read from the database.")
layer_send_seconds = Histogram(
    "dice_layer_send_seconds", "One group message sent to the channel layer.", buckets=BUCKETS
)
notices = Counter(
    "dice_notices", "Notices handed on, by channel and outcome.", ["channel", "outcome"]
)
clock_lag_seconds = Gauge(
    "dice_clock_lag_seconds",
    "How late the game clock's last pass started, past its interval.",
    multiprocess_mode="max",
)
background_children = Gauge(
    "dice_background_children", "Review child processes running.", multiprocess_mode="livesum"
)


@contextmanager
def timed(histogram: Histogram) -> Iterator[None]:
    """Observe how long the block takes on ``histogram`` (a histogram or one of its
    labelled children), whether or not it raises."""
    started = time.perf_counter()
    try:
        yield
    finally:
        histogram.observe(time.perf_counter() - started)
