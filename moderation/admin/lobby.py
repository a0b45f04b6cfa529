"""The limits at public tables (docs/open-tables.md): one page the moderators edit,
saved through ``lobby.services.limits.limits_set``."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from lobby.models import TableLimits
from lobby.selectors.limits import limits_stored
from lobby.services.limits import limits_refusal, limits_set
from moderation.admin.base import ModelAdmin


class TableLimitsForm(forms.ModelForm):  # type: ignore[type-arg]
    """The limits, refused in the service's words when out of bounds."""

    class Meta:
        model = TableLimits
        fields = ("guests_may_open", "new_account_days", "new_account_tables", "tables_at_once")

    def clean(self) -> dict[str, Any]:
        """The service's refusal of the numbers given, if any."""
        data = super().clean() or {}
        numbers = ("new_account_days", "new_account_tables", "tables_at_once")
        if all(isinstance(data.get(name), int) for name in numbers):
            why = limits_refusal(**{name: data[name] for name in numbers})
            if why is not None:
                raise forms.ValidationError(why)
        return data


@admin.register(TableLimits)
class TableLimitsAdmin(ModelAdmin):
    """What guests and new accounts may open: one row, never deleted."""

    form = TableLimitsForm
    list_display = [
        "__str__",
        "guests_may_open",
        "new_account_days",
        "new_account_tables",
        "tables_at_once",
    ]
    fields = ("guests_may_open", "new_account_days", "new_account_tables", "tables_at_once")

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Only while no row is stored: there is one set of limits."""
        return super().has_add_permission(request) and not limits_stored()

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """Never: without a row the defaults hold."""
        return False

    def save_model(self, request: HttpRequest, obj: TableLimits, form: Any, change: bool) -> None:
        """Store the form's limits through the lobby's service."""
        data = form.cleaned_data
        stored = limits_set(
            guests_may_open=data["guests_may_open"],
            new_account_days=data["new_account_days"],
            new_account_tables=data["new_account_tables"],
            tables_at_once=data["tables_at_once"],
        )
        obj.pk = stored.pk
