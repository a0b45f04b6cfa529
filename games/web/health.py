"""``GET /healthz``: whether this server process can reach its database and channel layer.

A load balancer polls it to take a process out of rotation: 200 with every part
``ok``, else 503 naming what failed, and 503 ``restarting`` once the process is going
away (``common.draining``).  It reads nothing of any room and writes nothing
to the database.
"""

from __future__ import annotations

import logging
import secrets

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from common import draining

log = logging.getLogger(__name__)


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        if cursor.fetchone() != (1,):
            raise RuntimeError("SELECT 1 did not answer 1")


async def _channel_layer() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer is configured")
    channel = await layer.new_channel()
    token = secrets.token_hex(8)
    await layer.send(channel, {"type": "health.check", "token": token})
    message = await layer.receive(channel)
    if message.get("token") != token:
        raise RuntimeError("the channel layer returned another message")


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Check the database and a round trip through the channel layer."""
    if draining.draining():
        return JsonResponse({"status": "restarting"}, status=503)
    parts: dict[str, str] = {}
    for name, check in (("database", _database), ("channel_layer", async_to_sync(_channel_layer))):
        try:
            check()
            parts[name] = "ok"
        except Exception as exc:  # any failure is reported, never raised
            log.warning("health check: %s failed: %s", name, exc)
            parts[name] = f"failed: {type(exc).__name__}"
    healthy = all(v == "ok" for v in parts.values())
    return JsonResponse(
        {"status": "ok" if healthy else "failing", **parts}, status=200 if healthy else 503
    )
