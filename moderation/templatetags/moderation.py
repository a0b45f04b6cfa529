"""Template tags of the moderators' admin: how many reports wait for a moderator."""

from __future__ import annotations

from django import template
from django.utils.translation import ngettext

from moderation.admin.reports import open_reports

register = template.Library()


@register.inclusion_tag("admin/moderation/open_reports.html", takes_context=True)
def open_reports_link(context: template.Context) -> dict[str, object]:
    """A link to the open reports, saying how many there are, for a staff user who may
    see reports (nothing for anyone else)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if (
        user is None
        or not user.is_active
        or not user.is_staff
        or not (
            user.has_perm("moderation.view_report") or user.has_perm("moderation.change_report")
        )
    ):
        return {"count": None}
    count = open_reports()
    return {
        "count": count,
        "label": ngettext("%(n)s open report", "%(n)s open reports", count) % {"n": count},
    }
