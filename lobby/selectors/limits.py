"""The limits the moderators set on public tables (``lobby.models.TableLimits``), and
whether a player may open one more."""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext, ngettext

from accounts.models import Player
from common.clock import now
from lobby.models import TableLimits
from rooms.selectors.open_tables import public_tables_hosted


def limits() -> TableLimits:
    """The moderators' limits: the one stored row, or the defaults when none is."""
    return TableLimits.objects.order_by("pk").first() or TableLimits()


def opening_refusal(player: Player, *, opened: int = 0) -> str | None:
    """Why ``player`` may not open one more public table now (in the active language),
    or ``None`` when they may; ``opened``: tables already counted that this one is."""
    rules = limits()
    user = player.user
    if user is None:
        if not rules.guests_may_open:
            return gettext("make an account to open a table to anyone; you may join one")
        most = rules.new_account_tables
    elif user.date_joined > now() - timedelta(days=rules.new_account_days):
        most = rules.new_account_tables
    else:
        most = rules.tables_at_once
    if public_tables_hosted(player.pk) - opened >= most:
        return ngettext(
            "you may have %(n)s open table at a time: close it or play it first",
            "you may have %(n)s open tables at a time: close one or play it first",
            most,
        ) % {"n": most}
    return None
