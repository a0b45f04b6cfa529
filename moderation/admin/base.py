"""The read-only admin pages and the moderation actions every page offers."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth import get_permission_codename
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext, gettext_lazy

from common.errors import ServiceError
from common.news import Outcome
from common.publish import publish_on_commit
from moderation.admin.display import admin_link
from moderation.models import ModerationAction

if TYPE_CHECKING:  # Django's admin classes are generic in django-stubs only
    ModelAdmin = admin.ModelAdmin[Any]
    TabularInline = admin.TabularInline[Any, Any]
else:
    ModelAdmin, TabularInline = admin.ModelAdmin, admin.TabularInline


# A date's year has at most 4 digits, a month or a day 2: a part of more than this many
# is no date at all.
DATE_PART_DIGITS = 9


def moderator_of(request: HttpRequest) -> User:
    """The staff member behind an admin request (the admin lets only them in)."""
    if not isinstance(request.user, User):
        raise PermissionDenied
    return request.user


def _has_nul(request: HttpRequest) -> bool:
    """Whether the query string holds a NUL character, in a name or a value."""
    return any("\x00" in text for name, values in request.GET.lists() for text in (name, *values))


def _date_too_long(request: HttpRequest, field: str | None) -> bool:
    """Whether the list's dates are asked for with a year, month or day of more digits
    than any date has (Django's date hierarchy fails on one with ``OverflowError``
    instead of refusing it, as it refuses one merely out of range)."""
    return field is not None and any(
        len(value.strip().lstrip("+-")) > DATE_PART_DIGITS
        for part in ("year", "month", "day")
        for value in request.GET.getlist(f"{field}__{part}")
    )


class ReadOnlyAdmin(ModelAdmin):
    """Lists and change pages to look at; nothing is added, edited or deleted here."""

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """The list; a search or filter with a NUL character (which no row holds, and
        PostgreSQL refuses to look for) is refused with Django's message for it, and a
        date of absurd length as Django refuses a wrong filter (``?e=1``)."""
        if _has_nul(request):
            self.message_user(request, ProhibitNullCharactersValidator.message, messages.ERROR)
            return HttpResponseRedirect(request.path)
        if _date_too_long(request, self.date_hierarchy):
            return HttpResponseRedirect(f"{request.path}?e=1")  # as Django answers a wrong filter
        return super().changelist_view(request, extra_context)

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Any], search_term: str
    ) -> tuple[QuerySet[Any], bool]:
        """Django's search; a term with a NUL character finds nothing (the admin's select
        boxes search here without the list's check)."""
        if "\x00" in search_term:
            return queryset.none(), False
        return super().get_search_results(request, queryset, search_term)

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Rows are created by the site's services only."""
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        """Change pages show the row read-only; changes go through moderation actions."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        """Nothing is deleted: the record is kept."""
        return False


class ReadOnlyInline(TabularInline):
    """A read-only table of related rows, visible to whoever may view the parent page."""

    extra = 0
    max_num = 0
    can_delete = False

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        """Whoever may view (or moderate) the parent object sees these rows."""
        opts = self.parent_model._meta
        return any(
            request.user.has_perm(f"{opts.app_label}.{get_permission_codename(action, opts)}")
            for action in ("view", "change")
        )

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        """Inline rows are never added."""
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        """Inline rows are never edited."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        """Inline rows are never deleted."""
        return False


class ReasonForm(forms.Form):
    """Why the moderator acts; stored with the ``ModerationAction``."""

    reason = forms.CharField(
        max_length=500,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 4, "cols": 70}),
        label=gettext_lazy("Reason"),
        help_text=gettext_lazy("Required, up to 500 characters. It is recorded with the action."),
    )


class BanForm(ReasonForm):
    """A ban's reason and its optional end."""

    until = forms.DateTimeField(
        required=False,
        label=gettext_lazy("Banned until"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=gettext_lazy(
            "Optional, in UTC. Empty: the ban has no end. After it the "
            "player may play again without anyone acting."
        ),
    )


class ModerationMixin(ModelAdmin):
    """Runs a ``games.services.mod_*`` function on the selected objects, after a
    confirmation page that asks for the reason.

    The first POST (from the change list's action menu) shows the page; its form
    posts back the same ``action`` and ``_selected_action`` values with
    ``post=yes`` and the reason.  Each object is then handled on its own: a
    refusal (``ServiceError``) is reported as an error and the others go on.  A
    selection of values that cannot be ids, or of no row, is refused with a message at
    either step.
    """

    moderation_template = "admin/moderation_confirm.html"

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """The list and its actions; an action on values that cannot be ids of the model
        (not numbers, out of the database's range) is refused with a message."""
        if request.method == "POST" and ACTION_CHECKBOX_NAME in request.POST:
            problem = self._not_an_id(request.POST.getlist(ACTION_CHECKBOX_NAME))
            if problem:
                self.message_user(
                    request,
                    gettext("Nothing was done: %(error)s") % {"error": problem},
                    messages.ERROR,
                )
                return HttpResponseRedirect(request.get_full_path())
        return super().changelist_view(request, extra_context)

    def _not_an_id(self, values: list[str]) -> str | None:
        """Why one of ``values`` cannot be the primary key of a row (``None``: each can)."""
        field = self.opts.pk
        try:
            for value in values:
                ProhibitNullCharactersValidator()(value)
                typed = field.to_python(value)
                for validator in field.validators:
                    validator(typed)
        except ValidationError as error:
            return " ".join(error.messages)
        return None

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        """Moderation actions need the model's *change* permission."""
        opts = self.opts
        codename = get_permission_codename("change", opts)
        return request.user.has_perm(f"{opts.app_label}.{codename}")

    def moderate(
        self,
        request: HttpRequest,
        queryset: QuerySet[Any],
        *,
        service: Callable[..., Outcome[ModerationAction]],
        target: str,
        title: str,
        done: str,
        label: Callable[[Any], str] = str,
        form_class: type[ReasonForm] = ReasonForm,
    ) -> TemplateResponse | None:
        """Ask for a reason (and the other fields of ``form_class``), then call
        ``service(moderator=..., <target>=obj, reason=..., <field>=...)`` for each
        selected object, publish what it changed, and report how each went.

        ``title`` heads the confirmation page; ``done`` is each success message, with
        ``label(obj)`` in its ``%(object)s``.
        """
        if not queryset.exists():
            self.message_user(
                request,
                gettext("Nothing was done: none of the selected items exists."),
                messages.ERROR,
            )
            return None
        form = form_class(request.POST if request.POST.get("post") == "yes" else None)
        if not form.is_valid():
            return self._confirmation(request, queryset, form, title)
        fields = dict(form.cleaned_data)
        for obj in queryset:
            try:
                outcome = service(moderator=moderator_of(request), **fields, **{target: obj})
            except ServiceError as exc:
                self.message_user(request, f"{label(obj)}: {exc.message}", messages.ERROR)
            else:
                publish_on_commit(outcome.news)
                self.message_user(request, done % {"object": label(obj)}, messages.SUCCESS)
        return None

    def _confirmation(
        self, request: HttpRequest, queryset: QuerySet[Any], form: ReasonForm, title: str
    ) -> TemplateResponse:
        opts = self.opts
        site = self.admin_site
        context = {
            **site.each_context(request),
            "title": title,
            "opts": opts,
            "objects": [admin_link(obj) for obj in queryset],
            "queryset": queryset,
            "form": form,
            "action": request.POST.get("action", ""),
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
            "media": self.media + form.media,
        }
        request.current_app = site.name
        return TemplateResponse(request, self.moderation_template, context)
