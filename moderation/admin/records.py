"""The record of every moderation action."""

from __future__ import annotations

from django.contrib import admin
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy

from moderation.admin.base import ReadOnlyAdmin
from moderation.admin.display import as_json
from moderation.models import ModerationAction


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyAdmin):
    """The record of every moderation action: who, when, what, on what, and why."""

    list_display = ["created_at", "moderator", "action", "reason", "room", "player", "game"]
    list_filter = ["action", "created_at"]
    search_fields = ["reason", "room__code", "player__name", "moderator__username"]
    date_hierarchy = "created_at"
    list_select_related = ["moderator", "room", "player", "game__room"]
    fields = (
        "created_at",
        "moderator",
        "action",
        "reason",
        "room",
        "player",
        "game",
        "details_shown",
    )
    readonly_fields = fields

    @admin.display(description=gettext_lazy("details"))
    def details_shown(self, obj: ModerationAction) -> SafeString:
        """What the action recorded beyond its targets (a removed message's text)."""
        return as_json(obj.details)
