"""``GET /metrics``: the processes' measurements (``common/instruments.py``), summed over
this machine's server processes when ``PROMETHEUS_MULTIPROC_DIR`` is set, and counts read
from the database at the scrape; only for the addresses of ``METRICS_NETWORKS`` or a
request that brings ``METRICS_TOKEN``, a 404 for everyone else."""

from __future__ import annotations

import hmac
import ipaddress
import os
from collections.abc import Iterator

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Metric,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily

from notices.selectors.outbox import queued_by_channel
from play.selectors.live import games_in_play


def allowed(request: HttpRequest) -> bool:
    """Whether ``request`` brings the token (``Authorization: Bearer …``) or comes from
    one of the networks the operator let in."""
    token = settings.METRICS_TOKEN
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if token and hmac.compare_digest(given.encode(), token.encode()):
        return True
    try:
        address = ipaddress.ip_address(request.META.get("REMOTE_ADDR", ""))
    except ValueError:
        return False
    return any(
        address in ipaddress.ip_network(net, strict=False) for net in settings.METRICS_NETWORKS
    )


class DatabaseCounts:
    """What the database says at the scrape: games in play, notices waiting."""

    def collect(self) -> Iterator[Metric]:
        games = GaugeMetricFamily(
            "dice_games_in_play", "Games in play, by their room's pace.", labels=["pace"]
        )
        for pace, count in sorted(games_in_play().items()):
            games.add_metric([pace], count)
        yield games
        queued = GaugeMetricFamily(
            "dice_notices_queued", "Notices waiting in the outbox, by channel.", labels=["channel"]
        )
        for channel, count in sorted(queued_by_channel().items()):
            queued.add_metric([channel], count)
        yield queued


@require_GET
def metrics_page(request: HttpRequest) -> HttpResponse:
    """The metrics in Prometheus's text format."""
    if not allowed(request):
        raise Http404
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        measured = CollectorRegistry()
        multiprocess.MultiProcessCollector(measured)  # type: ignore[no-untyped-call]
    else:
        measured = REGISTRY
    counted = CollectorRegistry()
    counted.register(DatabaseCounts())
    body = generate_latest(measured) + generate_latest(counted)
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)
