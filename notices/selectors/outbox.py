"""What waits in the outbox (``/metrics``)."""

from __future__ import annotations

from django.db.models import Count

from notices.models import Notice


def queued_by_channel() -> dict[str, int]:
    """Notices not yet sent nor given up on, by channel (``push``, ``email``), each
    channel listed."""
    rows = (
        Notice.objects.filter(sent_at__isnull=True)
        .values_list("channel")
        .annotate(notices=Count("id"))
        .order_by()
    )
    found = {str(channel): int(notices) for channel, notices in rows}
    return {channel: found.get(channel, 0) for channel in Notice.Channel.values}
