"""Rooms, their members and their chat, as moderators see and act on them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from django.contrib import admin
from django.db.models import Count, Model, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext, gettext_lazy

from moderation.admin.base import ModerationMixin, ReadOnlyAdmin
from moderation.admin.display import seat_label, variant_title
from moderation.admin.filters import MemberKindFilter, RemovedFilter, SharedDeviceFilter
from moderation.admin.inlines import ChatInline, GameInline, MembershipInline
from moderation.services.moderation import mod_close_room, mod_kick, mod_remove_chat
from play.models import Game
from play.selectors.games import playing_game_of
from rooms.models import ChatMessage, Membership, Room

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    class RoomCounts(TypedDict):
        """What the room list counts for each room (``RoomAdmin.get_queryset``)."""

        game_total: int
        seats_taken: int


@admin.register(Room)
class RoomAdmin(ModerationMixin, ReadOnlyAdmin):
    """Rooms by code, host, status and activity; moderators close them."""

    list_display = [
        "code",
        "variant",
        "host",
        "status",
        "seats",
        "created_at",
        "last_activity_at",
        "game_count",
    ]
    list_filter = [
        "status",
        "ruleset",
        "pace",
        "duplicate",
        SharedDeviceFilter,
        "created_at",
        "last_activity_at",
    ]
    search_fields = ["code", "host__name"]
    date_hierarchy = "last_activity_at"
    ordering = ["-last_activity_at"]
    list_select_related = ["host"]
    fields = (
        "code",
        "host",
        "ruleset",
        "options",
        "seat_count",
        "pace",
        "turn_seconds",
        "holidays",
        "status",
        "version",
        "created_at",
        "last_activity_at",
        "closed_at",
        "closed_reason",
    )
    readonly_fields = fields
    inlines = [MembershipInline, GameInline, ChatInline]
    actions = ["close_rooms"]
    change_form_template = "admin/rooms/room/change_form.html"

    def render_change_form(
        self, request: HttpRequest, context: dict[str, Any], *args: Any, **kwargs: Any
    ) -> HttpResponse:
        """The page, with the moderation buttons this moderator may use on this room."""
        room = context.get("original")
        if isinstance(room, Room):
            game = playing_game_of(room)
            may = {model: self._may_moderate(request, model) for model in (Room, Game, ChatMessage)}
            context.update(
                {
                    "can_close_room": may[Room] and room.status == Room.Status.OPEN,
                    "playing_game": game if may[Game] else None,
                    "can_remove_chat": may[ChatMessage],
                }
            )
        return super().render_change_form(request, context, *args, **kwargs)

    def _may_moderate(self, request: HttpRequest, model: type[Model]) -> bool:
        model_admin = self.admin_site.get_model_admin(model)
        return isinstance(model_admin, ModerationMixin) and model_admin.has_moderate_permission(
            request
        )

    def get_queryset(self, request: HttpRequest) -> QuerySet[WithAnnotations[Room, RoomCounts]]:
        """Rooms with their taken seats and their number of games."""
        rooms: QuerySet[Room] = super().get_queryset(request)
        return rooms.annotate(
            game_total=Count("games", distinct=True),
            seats_taken=Count(
                "members",
                distinct=True,
                filter=Q(members__state=Membership.State.ACTIVE, members__seat__isnull=False),
            ),
        )

    @admin.display(description=gettext_lazy("variant"), ordering="ruleset")
    def variant(self, obj: Room) -> str:
        """The variant's title."""
        return variant_title(obj.ruleset)

    @admin.display(description=gettext_lazy("seats"))
    def seats(self, obj: WithAnnotations[Room, RoomCounts]) -> str:
        """Seats taken out of the room's seats."""
        return f"{obj.seats_taken}/{obj.seat_count}"

    @admin.display(description=gettext_lazy("games"), ordering="game_total")
    def game_count(self, obj: WithAnnotations[Room, RoomCounts]) -> int:
        """How many games the room has played."""
        return obj.game_total

    @admin.action(description=gettext_lazy("Close selected rooms"), permissions=["moderate"])
    def close_rooms(
        self, request: HttpRequest, queryset: QuerySet[Room]
    ) -> TemplateResponse | None:
        """Close each room; a game in progress ends where it stands."""
        return self.moderate(
            request,
            queryset,
            service=mod_close_room,
            target="room",
            title=gettext("Close rooms"),
            done=gettext("Closed room %(object)s."),
        )


@admin.register(Membership)
class MembershipAdmin(ModerationMixin, ReadOnlyAdmin):
    """Who sits (or sat) where, and whom the host muted; moderators kick people out of
    rooms."""

    list_display = ["room", "player", "seat_shown", "state", "muted", "joined_at", "left_at"]
    list_filter = ["state", MemberKindFilter, "muted", "joined_at"]
    search_fields = ["room__code", "player__name"]
    date_hierarchy = "joined_at"
    ordering = ["-joined_at"]
    list_select_related = ["room", "player"]
    fields = ("room", "player", "seat_shown", "state", "muted", "joined_at", "left_at")
    readonly_fields = fields
    actions = ["kick_members"]

    @admin.display(description=gettext_lazy("seat"), ordering="seat")
    def seat_shown(self, obj: Membership) -> str:
        """The seat, counting from 1."""
        return seat_label(obj.seat)

    @admin.action(
        description=gettext_lazy("Kick selected players from their room"), permissions=["moderate"]
    )
    def kick_members(
        self, request: HttpRequest, queryset: QuerySet[Membership]
    ) -> TemplateResponse | None:
        """Remove each person from the room for good; a bot finishes their game seat."""
        return self.moderate(
            request,
            queryset,
            target="member",
            service=mod_kick,
            title=gettext("Kick players from their room"),
            done=gettext("Kicked %(object)s."),
            label=lambda m: (
                gettext("%(player)s from room %(room)s") % {"player": m.player, "room": m.room}
            ),
        )


@admin.register(ChatMessage)
class ChatMessageAdmin(ModerationMixin, ReadOnlyAdmin):
    """Chat lines by text, player and room; moderators remove them (kept, marked removed)."""

    list_display = ["room", "player", "text_shown", "created_at", "removed"]
    list_filter = [RemovedFilter, "created_at"]
    search_fields = ["text", "player__name", "room__code"]
    date_hierarchy = "created_at"
    ordering = ["-created_at", "-id"]
    list_select_related = ["room", "player"]
    fields = ("room", "player", "text", "created_at", "removed_at")
    readonly_fields = fields
    actions = ["remove_messages"]

    @admin.display(description=gettext_lazy("text"), ordering="text")
    def text_shown(self, obj: ChatMessage) -> str:
        """The message, cut at 80 characters."""
        return obj.text if len(obj.text) <= 80 else f"{obj.text[:79]}…"

    @admin.display(description=gettext_lazy("removed"), boolean=True, ordering="removed_at")
    def removed(self, obj: ChatMessage) -> bool:
        """Whether a moderator removed the message."""
        return obj.removed_at is not None

    @admin.action(description=gettext_lazy("Remove selected messages"), permissions=["moderate"])
    def remove_messages(
        self, request: HttpRequest, queryset: QuerySet[ChatMessage]
    ) -> TemplateResponse | None:
        """Remove each message from its room's chat."""
        return self.moderate(
            request,
            queryset,
            target="message",
            service=mod_remove_chat,
            title=gettext("Remove chat messages"),
            done=gettext("Removed the message %(object)s."),
        )
