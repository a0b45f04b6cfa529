"""Reads of a player's bell: the unread count, the newest items, each item worded in the
active language (``notices.selectors.bell_kinds``), and the ``bell`` message a page is
sent (docs/protocol.md, "The bell")."""

from __future__ import annotations

from django.urls import reverse

from common.protocol.bell import BellItem as BellItemView
from common.protocol.bell import BellMessage
from notices.models import BellItem, Preferences
from notices.selectors.bell_kinds import KINDS

PANEL_ITEMS = 10  # the newest items the header's panel shows
PAGE_ITEMS = 100  # and the bell's own page


def bell_unread(player_id: int) -> int:
    """How many items of the player's bell are unread."""
    return BellItem.objects.filter(player=player_id, read_at__isnull=True).count()


def bell_items(player_id: int, *, limit: int = PANEL_ITEMS) -> list[BellItem]:
    """The player's newest items (at most ``limit``), newest first, of the kinds the
    site knows."""
    return list(
        BellItem.objects.filter(player=player_id, kind__in=KINDS).order_by("-created_at", "-id")[
            :limit
        ]
    )


def bell_item_view(item: BellItem) -> BellItemView:
    """``item`` as the page shows it, worded in the active language."""
    kind = KINDS[item.kind]
    return {
        "id": item.pk,
        "kind": kind.name,
        "icon": kind.icon,
        "text": kind.text(item.data),
        "detail": kind.detail(item.data),
        "link": reverse("games:bell_open", args=[item.pk]),
        "created": item.created_at.isoformat(),
        "read": item.read_at is not None,
    }


def bell_view(player_id: int) -> BellMessage:
    """The ``bell`` message of the player: their unread count and newest items."""
    return {
        "type": "bell",
        "unread": bell_unread(player_id),
        "items": [bell_item_view(item) for item in bell_items(player_id)],
    }


def bell_kinds_off(player_ids: list[int]) -> dict[int, frozenset[str]]:
    """The kinds each of these players turned off (none for a player who never chose)."""
    rows = Preferences.objects.filter(player__in=player_ids).values_list("player", "bell_off")
    return {player: frozenset(off or ()) for player, off in rows}
