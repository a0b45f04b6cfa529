"""How many games are in play now, by the pace of their rooms (``/metrics``)."""

from __future__ import annotations

from django.db.models import Count

from play.models import Game


def games_in_play() -> dict[str, int]:
    """Games in play, by their room's pace (``live``, ``day``; a pace with none is left
    out)."""
    rows = (
        Game.objects.filter(status=Game.Status.PLAYING)
        .values_list("room__pace")
        .annotate(games=Count("id"))
        .order_by()
    )
    return {str(pace): int(games) for pace, games in rows}
