"""The limits at public tables (docs/open-tables.md): one row, read-only like every page
here, changed by the action "Set the limits" (a reason recorded, as every moderation
action: ``moderation.services.moderation.mod_set_table_limits``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext, gettext_lazy

from lobby.models import TableLimits
from lobby.services.limits import MOST_DAYS, MOST_TABLES
from moderation.admin.base import ModerationMixin, ReadOnlyAdmin, ReasonForm
from moderation.services.moderation import mod_set_table_limits


class LimitsForm(ReasonForm):
    """The new limits, with the reason."""

    guests_may_open = forms.BooleanField(
        required=False, label=gettext_lazy("Guests may open public tables")
    )
    new_account_days = forms.IntegerField(
        min_value=0, max_value=MOST_DAYS, label=gettext_lazy("Days an account is new")
    )
    new_account_tables = forms.IntegerField(
        min_value=0, max_value=MOST_TABLES, label=gettext_lazy("Public tables at once, new")
    )
    tables_at_once = forms.IntegerField(
        min_value=0, max_value=MOST_TABLES, label=gettext_lazy("Public tables at once, others")
    )


@admin.register(TableLimits)
class TableLimitsAdmin(ModerationMixin, ReadOnlyAdmin):
    """What guests and new accounts may open at public tables."""

    list_display = [
        "__str__",
        "guests_may_open",
        "new_account_days",
        "new_account_tables",
        "tables_at_once",
    ]
    fields = ("guests_may_open", "new_account_days", "new_account_tables", "tables_at_once")
    readonly_fields = fields
    actions = ["set_limits"]

    @admin.action(description=gettext_lazy("Set the limits"), permissions=["moderate"])
    def set_limits(
        self, request: HttpRequest, queryset: QuerySet[TableLimits]
    ) -> TemplateResponse | None:
        """Store the limits given, with the reason."""
        return self.moderate(
            request,
            queryset,
            target="limits",
            service=mod_set_table_limits,
            title=gettext("Set the limits at public tables"),
            done=gettext("%(object)s set."),
            form_class=LimitsForm,
        )

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        """Nothing: rows are never added here."""
        return {}
