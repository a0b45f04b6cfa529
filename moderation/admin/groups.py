"""Groups with their members, rooms and reports, for moderators to read; they close a
group with a reason, or dismiss its reports (the report queue of groups)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from django.contrib import admin
from django.contrib.auth.models import User
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext, gettext_lazy

from common.news import Outcome
from groups.models import Group, GroupMember, GroupReport, GroupRoom
from moderation.admin.base import ModerationMixin, ReadOnlyAdmin, ReadOnlyInline
from moderation.models import ModerationAction
from moderation.services.group_moderation import mod_close_group, mod_dismiss_group_reports

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    class GroupCounts(TypedDict):
        """What the group list counts for each group."""

        member_total: int


class GroupMemberInline(ReadOnlyInline):
    """Who is (or was) in the group."""

    model = GroupMember
    fields = ("player", "joined_at", "left_at", "removed", "added_by")
    readonly_fields = fields
    ordering = ["-joined_at"]


class GroupRoomInline(ReadOnlyInline):
    """The rooms opened for the group."""

    model = GroupRoom
    fields = ("room", "created_at")
    readonly_fields = fields
    ordering = ["-created_at"]


class GroupReportInline(ReadOnlyInline):
    """Players' reports of the group."""

    model = GroupReport
    fields = ("created_at", "reporter", "reason", "text", "status", "outcome")
    readonly_fields = fields
    ordering = ["-created_at"]


@admin.register(Group)
class GroupAdmin(ModerationMixin, ReadOnlyAdmin):
    """Groups by name and owner; moderators close them with a reason."""

    list_display = ["name", "owner", "created_at", "members_now", "closed_at"]
    list_filter = ["created_at", "closed_at"]
    search_fields = ["name", "owner__name"]
    date_hierarchy = "created_at"
    ordering = ["-created_at"]
    list_select_related = ["owner"]
    fields = ("name", "owner", "created_at", "closed_at", "closed_reason")
    readonly_fields = fields
    inlines = [GroupMemberInline, GroupRoomInline, GroupReportInline]
    actions = ["close_groups"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[WithAnnotations[Group, GroupCounts]]:
        """Groups with how many members they have now."""
        groups: QuerySet[Group] = super().get_queryset(request)
        return groups.annotate(
            member_total=Count("members", filter=Q(members__left_at__isnull=True))
        )

    @admin.display(description=gettext_lazy("members"), ordering="member_total")
    def members_now(self, obj: WithAnnotations[Group, GroupCounts]) -> int:
        """How many members the group has now."""
        return obj.member_total

    @admin.action(description=gettext_lazy("Close selected groups"), permissions=["moderate"])
    def close_groups(
        self, request: HttpRequest, queryset: QuerySet[Group]
    ) -> TemplateResponse | None:
        """Close each group: no new games, nobody joins; its members read the reason."""
        return self.moderate(
            request,
            queryset,
            service=mod_close_group,
            target="group",
            title=gettext("Close groups"),
            done=gettext("Closed group %(object)s."),
        )


def _close_reported(
    *, moderator: User, report: GroupReport, reason: str
) -> Outcome[ModerationAction]:
    return mod_close_group(moderator=moderator, group=report.group, reason=reason)


def _dismiss_reported(
    *, moderator: User, report: GroupReport, reason: str
) -> Outcome[ModerationAction]:
    return mod_dismiss_group_reports(moderator=moderator, group=report.group, reason=reason)


@admin.register(GroupReport)
class GroupReportAdmin(ModerationMixin, ReadOnlyAdmin):
    """Players' reports of groups, open ones first: close the group, or dismiss them."""

    list_display = ["created_at", "group", "reporter", "reason", "status", "outcome"]
    list_filter = ["status", "reason", "created_at"]
    search_fields = ["group__name", "reporter__name"]
    date_hierarchy = "created_at"
    ordering = ["-status", "-created_at"]
    list_select_related = ["group", "reporter"]
    fields = (
        "created_at",
        "group",
        "reporter",
        "reason",
        "text",
        "status",
        "handled_by",
        "handled_at",
        "outcome",
    )
    readonly_fields = fields
    actions = ["close_reported_groups", "dismiss_reports"]

    @admin.action(description=gettext_lazy("Close the groups reported"), permissions=["moderate"])
    def close_reported_groups(
        self, request: HttpRequest, queryset: QuerySet[GroupReport]
    ) -> TemplateResponse | None:
        """Close each report's group (its open reports are handled with it)."""
        return self.moderate(
            request,
            queryset.select_related("group"),
            service=_close_reported,
            target="report",
            title=gettext("Close the groups reported"),
            done=gettext("Closed the group of %(object)s."),
        )

    @admin.action(description=gettext_lazy("Dismiss the reports"), permissions=["moderate"])
    def dismiss_reports(
        self, request: HttpRequest, queryset: QuerySet[GroupReport]
    ) -> TemplateResponse | None:
        """Dismiss each report's group's open reports: nothing to do."""
        return self.moderate(
            request,
            queryset.select_related("group"),
            service=_dismiss_reported,
            target="report",
            title=gettext("Dismiss group reports"),
            done=gettext("Dismissed the reports of %(object)s."),
        )
