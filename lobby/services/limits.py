"""The moderators' limits at public tables set (``lobby.models.TableLimits``, edited in
the admin: ``moderation.admin.lobby``)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from common.errors import ServiceError
from lobby.models import TableLimits

# The most a limit may be: days of a new account, tables at once.
MOST_DAYS = 365
MOST_TABLES = 50


def limits_refusal(
    *, new_account_days: int, new_account_tables: int, tables_at_once: int
) -> str | None:
    """Why these limits are refused (in the active language), or ``None``."""
    if not 0 <= new_account_days <= MOST_DAYS:
        return gettext("a new account is new for 0 to %(n)s days") % {"n": MOST_DAYS}
    if not (0 <= new_account_tables <= MOST_TABLES and 0 <= tables_at_once <= MOST_TABLES):
        return gettext("tables at once are 0 to %(n)s") % {"n": MOST_TABLES}
    return None


def limits_set(
    *, guests_may_open: bool, new_account_days: int, new_account_tables: int, tables_at_once: int
) -> TableLimits:
    """Store the limits (the one row, made if there is none yet)."""
    why = limits_refusal(
        new_account_days=new_account_days,
        new_account_tables=new_account_tables,
        tables_at_once=tables_at_once,
    )
    if why is not None:
        raise ServiceError("bad_limit", why)
    with transaction.atomic():
        limits = TableLimits.objects.select_for_update().order_by("pk").first() or TableLimits()
        limits.guests_may_open = guests_may_open
        limits.new_account_days = new_account_days
        limits.new_account_tables = new_account_tables
        limits.tables_at_once = tables_at_once
        limits.save()
    return limits
