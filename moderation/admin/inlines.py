"""The read-only tables shown inside a room's and a game's page."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy

from moderation.admin.base import ReadOnlyInline
from moderation.admin.display import (
    as_json,
    describe_sheet,
    moment_label,
    moment_lines,
    roll_log,
    seat_label,
    shares_label,
)
from play.models import Event, Game, Scorecard, Turn
from rooms.models import ChatMessage, Membership
from rooms.selectors.devices import shared_devices


class MembershipInline(ReadOnlyInline):
    """Who is (or was) in a room, or which rooms a player was in."""

    model = Membership
    fields = ("room", "player", "seat_shown", "state", "joined_at", "left_at", "shares")
    readonly_fields = fields
    ordering = ["-joined_at"]

    @admin.display(description=gettext_lazy("seat"))
    def seat_shown(self, obj: Membership) -> str:
        """The seat, counting from 1."""
        return seat_label(obj.seat)

    @admin.display(description=gettext_lazy("shares"))
    def shares(self, obj: Membership) -> str:
        """The room's other members on the same browser or address, by name."""
        return shares_label(shared_devices(obj.room_id).get(obj.player_id, []))

    def get_queryset(self, request: HttpRequest) -> QuerySet[Membership]:
        """Rooms and players in one query."""
        return super().get_queryset(request).select_related("room", "player")


class GameInline(ReadOnlyInline):
    """The games played in a room, each linking to its move log."""

    model = Game
    fields = ("number", "status", "started_at", "finished_at", "ended_reason")
    readonly_fields = fields
    show_change_link = True


class ScorecardInline(ReadOnlyInline):
    """Each seat of a game: who played it and the sheet as it stands."""

    model = Scorecard
    fields = ("seat_shown", "player", "total", "rank", "holiday_until", "sheet", "shares")
    readonly_fields = fields

    @admin.display(description=gettext_lazy("seat"))
    def seat_shown(self, obj: Scorecard) -> str:
        """The seat, counting from 1."""
        return seat_label(obj.seat)

    @admin.display(description=gettext_lazy("filled boxes"))
    def sheet(self, obj: Scorecard) -> SafeString:
        """The sheet's filled boxes, readable."""
        return describe_sheet(obj.data)

    @admin.display(description=gettext_lazy("shares"))
    def shares(self, obj: Scorecard) -> str:
        """The game's other seats on the same browser or address, by name."""
        players = [card.player for card in obj.game.scorecards.select_related("player")]
        return shares_label(shared_devices(obj.game.room_id, players).get(obj.player_id, []))

    def get_queryset(self, request: HttpRequest) -> QuerySet[Scorecard]:
        """Players in the same query."""
        return super().get_queryset(request).select_related("player")


class TurnInline(ReadOnlyInline):
    """The move log: every roll with every die drawn, and where the dice were placed."""

    model = Turn
    fields = (
        "number",
        "seat_shown",
        "player",
        "rolls_shown",
        "announced",
        "box",
        "column",
        "points",
        "bonus",
        "placed_by",
        "finish",
        "deadline",
        "started",
        "finished",
    )
    readonly_fields = fields
    verbose_name = "turn"
    verbose_name_plural = "move log"

    @admin.display(description=gettext_lazy("seat"))
    def seat_shown(self, obj: Turn) -> str:
        """The seat, counting from 1."""
        return seat_label(obj.seat)

    @admin.display(description=gettext_lazy("rolls"))
    def rolls_shown(self, obj: Turn) -> SafeString:
        """Every roll: held dice, dice drawn, resulting dice."""
        return roll_log(obj.rolls)

    @admin.display(description=gettext_lazy("announced"))
    def announced(self, obj: Turn) -> str:
        """The Yam's box announced this turn, if any."""
        state = obj.state if isinstance(obj.state, dict) else {}
        return state.get("announced") or "-"

    @admin.display(description=gettext_lazy("started"))
    def started(self, obj: Turn) -> SafeString:
        """When the turn began, to the second (date above time)."""
        return moment_lines(obj.started_at)

    @admin.display(description=gettext_lazy("finished"))
    def finished(self, obj: Turn) -> SafeString:
        """When the dice were placed, to the second (date above time)."""
        return moment_lines(obj.finished_at)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Turn]:
        """Players in the same query."""
        return super().get_queryset(request).select_related("player")


class EventInline(ReadOnlyInline):
    """The game's events as the clients received them (collapsed: it is long)."""

    model = Event
    fields = ("seq", "game_version", "kind", "actor", "data_shown", "created")
    readonly_fields = fields
    classes = ["collapse"]
    ordering = ["seq"]

    @admin.display(description=gettext_lazy("data"))
    def data_shown(self, obj: Event) -> SafeString:
        """The event's data as JSON."""
        return as_json(obj.data)

    @admin.display(description=gettext_lazy("at"))
    def created(self, obj: Event) -> str:
        """When it happened, to the second."""
        return moment_label(obj.created_at)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Event]:
        """Actors in the same query."""
        return super().get_queryset(request).select_related("actor")


class ChatInline(ReadOnlyInline):
    """A room's chat, oldest to newest; removed lines marked, the others removable (each
    button submits the chat list's "remove" action, which asks why)."""

    model = ChatMessage
    fields = ("at", "player", "text", "removed", "remove")
    readonly_fields = fields
    ordering = ["created_at", "id"]
    verbose_name = "chat line"
    verbose_name_plural = "chat, oldest to newest"

    @admin.display(description=gettext_lazy("at"))
    def at(self, obj: ChatMessage) -> str:
        """When the line was posted, to the second."""
        return moment_label(obj.created_at)

    @admin.display(description=gettext_lazy("removed"))
    def removed(self, obj: ChatMessage) -> str:
        """When a moderator removed the line ("-": it is shown in the room)."""
        return (
            gettext("removed %(moment)s") % {"moment": moment_label(obj.removed_at)}
            if obj.removed_at
            else "-"
        )

    @admin.display(description="")
    def remove(self, obj: ChatMessage) -> SafeString | str:
        """A button that asks to remove the line (the form sits below the page's form)."""
        if obj.removed_at is not None:
            return ""
        return format_html(
            '<button type="submit" form="remove-chat" name="{}" value="{}" class="button" '
            'data-testid="remove-chat-{}">Remove this line</button>',
            ACTION_CHECKBOX_NAME,
            obj.pk,
            obj.pk,
        )

    def get_fields(self, request: HttpRequest, obj: Model | None = None) -> tuple[str, ...]:
        """The remove buttons only for whoever may remove chat lines."""
        if request.user.has_perm("rooms.change_chatmessage"):
            return self.fields
        return tuple(name for name in self.fields if name != "remove")

    def get_queryset(self, request: HttpRequest) -> QuerySet[ChatMessage]:
        """Players in the same query."""
        return super().get_queryset(request).select_related("player")
