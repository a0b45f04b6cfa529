"""Players, as moderators see them; ban and unban."""

from __future__ import annotations

from datetime import UTC

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext, gettext_lazy

from accounts.models import Player
from moderation.admin.base import BanForm, ModerationMixin, ReadOnlyAdmin
from moderation.admin.filters import BannedFilter, KindFilter
from moderation.admin.inlines import MembershipInline
from moderation.services.moderation import mod_ban, mod_unban


@admin.register(Player)
class PlayerAdmin(ModerationMixin, ReadOnlyAdmin):
    """People and bots by name; moderators ban and unban them."""

    list_display = ["name", "bot_level", "banned", "banned_until_text", "created_at", "user"]
    list_filter = [BannedFilter, KindFilter, "created_at"]
    search_fields = ["name", "user__username"]
    ordering = ["-created_at"]
    list_select_related = ["user"]
    fields = ("name", "bot_level", "user", "created_at", "banned_at", "banned_until", "ban_reason")
    readonly_fields = fields
    inlines = [MembershipInline]
    actions = ["ban_players", "unban_players"]

    @admin.display(description=gettext_lazy("banned"), boolean=True, ordering="banned_at")
    def banned(self, obj: Player) -> bool:
        """Whether the player is banned."""
        return obj.is_banned

    @admin.display(description=gettext_lazy("banned until"), ordering="banned_until")
    def banned_until_text(self, obj: Player) -> str:
        """Until when the player is banned: a date, "for good", or nothing."""
        if not obj.is_banned:
            return ""
        if obj.banned_until is None:
            return "for good"
        return f"{obj.banned_until.astimezone(UTC):%Y-%m-%d %H:%M} UTC"

    @admin.action(description=gettext_lazy("Ban selected players"), permissions=["moderate"])
    def ban_players(
        self, request: HttpRequest, queryset: QuerySet[Player]
    ) -> TemplateResponse | None:
        """Ban each player, at once and until the date given (or for good)."""
        return self.moderate(
            request,
            queryset,
            target="player",
            service=mod_ban,
            title=gettext("Ban players"),
            done=gettext("Banned %(object)s."),
            form_class=BanForm,
        )

    @admin.action(description=gettext_lazy("Unban selected players"), permissions=["moderate"])
    def unban_players(
        self, request: HttpRequest, queryset: QuerySet[Player]
    ) -> TemplateResponse | None:
        """Lift each player's ban."""
        return self.moderate(
            request,
            queryset,
            service=mod_unban,
            target="player",
            title=gettext("Unban players"),
            done=gettext("Unbanned %(object)s."),
        )
