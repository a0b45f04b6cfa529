"""The moderators' admin: find rooms, players, games and chat; act on them with a reason.

Nothing here edits rows directly.  Every list and change page is read-only
(``has_add/change/delete_permission`` return False), and the only way to change
anything is a moderation action: it asks for a reason on a confirmation page,
then calls the matching ``games.services.mod_*`` function per object, which
makes the change in one transaction and records a ``ModerationAction``.

Permissions: a staff user sees a model's pages with its *view* (or *change*)
permission, and may run its moderation actions with its *change* permission.
Inlines follow the page they sit on: whoever may view a game sees its move log.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth import get_permission_codename
from django.db.models import Count, Model, Q, QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games import services
from games.errors import ServiceError
from games.models import (
    ChatMessage,
    Event,
    Game,
    GameReview,
    Membership,
    ModerationAction,
    Player,
    Room,
    Scorecard,
    Turn,
)
from scoring import rulesets

admin.site.site_header = "Dice games moderation"
admin.site.site_title = "Dice games moderation"
admin.site.index_title = "Rooms, players, games and chat"


# -- showing game data --------------------------------------------------------


def variant_title(name: str) -> str:
    """The variant's title ("Yam's" for ``yams``), or the stored name if it is unknown."""
    try:
        return rulesets.get(name).title
    except ValueError:
        return name


def seat_label(seat: int | None) -> str:
    """Seats are stored from 0 and shown from 1, as the site does; no seat is a spectator."""
    return "spectator" if seat is None else str(seat + 1)


def roll_parts(roll: dict[str, Any]) -> tuple[str, str, str]:
    """One roll of the move log as three phrases: the dice kept (with their positions,
    counting from 1), the dice drawn, and the dice showing after the roll.

    >>> roll_parts({"held": [0, 4], "drawn": [6, 1, 2], "dice": [5, 6, 1, 2, 5]})
    ('held [5, 5] (dice 1, 5)', 'drew [6, 1, 2]', '→ dice [5, 6, 1, 2, 5]')
    >>> roll_parts({"held": [], "drawn": [3, 3, 4, 5, 6], "dice": [3, 3, 4, 5, 6]})
    ('held []', 'drew [3, 3, 4, 5, 6]', '→ dice [3, 3, 4, 5, 6]')
    >>> roll_parts({"by": "Bot Ada", "held": [], "drawn": [1] * 5, "dice": [1] * 5})[0]
    'Bot Ada: held []'
    """
    dice = list(roll.get("dice", []))
    held = list(roll.get("held", []))
    kept = [dice[i] for i in held if isinstance(i, int) and 0 <= i < len(dice)]
    where = f" (dice {', '.join(str(i + 1) for i in held)})" if held else ""
    by = f"{roll['by']}: " if roll.get("by") else ""
    return f"{by}held {kept}{where}", f"drew {list(roll.get('drawn', []))}", f"→ dice {dice}"


def moment_label(moment: datetime | None) -> str:
    """A time to the second, in the site's time zone ("-" when there is none)."""
    if moment is None:
        return "-"
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S")


def moment_lines(moment: datetime | None) -> SafeString:
    """``moment_label`` with the date above the time, for narrow table columns."""
    day, _, time = moment_label(moment).partition(" ")
    return format_html("{}<br>{}", day, time) if time else format_html("{}", day)


def _rolled_at(stamp: object) -> str:
    """A roll's stored ISO time as "rolled at HH:MM:SS" (empty when unreadable)."""
    try:
        moment = datetime.fromisoformat(stamp) if isinstance(stamp, str) else None
    except ValueError:
        moment = None
    if moment is None:
        return ""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return f"rolled at {moment:%H:%M:%S}"


def roll_log(rolls: list[dict[str, Any]]) -> SafeString:
    """Every roll of a turn, numbered; hovering a roll shows when it was drawn."""
    if not rolls:
        return format_html("<em>{}</em>", "no roll")
    items = format_html_join(
        "", '<li title="{}"><code>{}</code> <code>{}</code> <code>{}</code></li>',
        ((_rolled_at(roll.get("at")), *roll_parts(roll)) for roll in rolls),
    )
    return format_html('<ol class="roll-log">{}</ol>', items)


def describe_sheet(data: Any) -> SafeString:
    """The filled boxes of a stored scorecard, column by column, in sheet order."""
    try:
        rs = rulesets.get(data["ruleset"], **data["options"])
        boxes, extra = data["boxes"], data.get("extra_yahtzees", {})
    except (KeyError, TypeError, ValueError):
        return format_html("<code>{}</code>", json.dumps(data, sort_keys=True))
    lines = []
    for column in rs.columns:
        filled = boxes.get(column, {})
        entries = ", ".join(f"{rs.box_title(k)} {filled[k]}" for k in rs.categories if k in filled)
        bonus = f"; extra Yahtzees {extra[column]}" if extra.get(column) else ""
        lines.append((rs.column_title(column), len(filled), len(rs.categories),
                      entries or "nothing yet", bonus))
    return format_html_join(
        "", "<div><strong>{}</strong> ({}/{}): {}{}</div>", lines)


def as_json(value: Any) -> SafeString:
    """Stored JSON, compact, in a code element."""
    return format_html("<code>{}</code>", json.dumps(value, sort_keys=True, ensure_ascii=False))


def admin_link(obj: Model) -> SafeString | str:
    """A link to ``obj``'s admin page (its plain name when it has none)."""
    opts = obj._meta
    try:
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
    except NoReverseMatch:
        return str(obj)
    return format_html('<a href="{}">{}</a>', url, obj)


# -- read-only pages ----------------------------------------------------------


class ReadOnlyAdmin(admin.ModelAdmin):
    """Lists and change pages to look at; nothing is added, edited or deleted here."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Rows are created by the site's services only."""
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        """Change pages show the row read-only; changes go through moderation actions."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        """Nothing is deleted: the record is kept."""
        return False


class ReadOnlyInline(admin.TabularInline):
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


# -- moderation actions with a reason -----------------------------------------


class ReasonForm(forms.Form):
    """Why the moderator acts; stored with the ``ModerationAction``."""

    reason = forms.CharField(
        max_length=500,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 4, "cols": 70}),
        help_text="Required, up to 500 characters. It is recorded with the action.",
    )


class ModerationMixin(admin.ModelAdmin):
    """Runs a ``games.services.mod_*`` function on the selected objects, after a
    confirmation page that asks for the reason.

    The first POST (from the change list's action menu) shows the page; its form
    posts back the same ``action`` and ``_selected_action`` values with
    ``post=yes`` and the reason.  Each object is then handled on its own: a
    refusal (``ServiceError``) is reported as an error and the others go on.
    """

    moderation_template = "admin/moderation_confirm.html"

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        """Moderation actions need the model's *change* permission."""
        opts = self.opts
        codename = get_permission_codename("change", opts)
        return request.user.has_perm(f"{opts.app_label}.{codename}")

    def moderate(
        self,
        request: HttpRequest,
        queryset: QuerySet,
        *,
        service: Callable[..., None],
        target: str,
        title: str,
        done: str,
        label: Callable[[Any], str] = str,
    ) -> TemplateResponse | None:
        """Ask for a reason, then call ``service(moderator=..., <target>=obj, reason=...)``
        for each selected object and report how each went.

        ``title`` heads the confirmation page; ``done`` starts each success message,
        followed by ``label(obj)``.
        """
        form = ReasonForm(request.POST if request.POST.get("post") == "yes" else None)
        if not form.is_valid():
            return self._confirmation(request, queryset, form, title)
        reason = form.cleaned_data["reason"]
        for obj in queryset:
            try:
                service(moderator=request.user, reason=reason, **{target: obj})
            except ServiceError as exc:
                self.message_user(request, f"{label(obj)}: {exc.message}", messages.ERROR)
            else:
                self.message_user(request, f"{done} {label(obj)}.", messages.SUCCESS)
        return None

    def _confirmation(self, request: HttpRequest, queryset: QuerySet, form: ReasonForm,
                      title: str) -> TemplateResponse:
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


# -- list filters -------------------------------------------------------------


class BannedFilter(admin.SimpleListFilter):
    """Players who are banned, or not."""

    title = "banned"
    parameter_name = "banned"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple]:
        """Yes or no."""
        return [("yes", "Yes"), ("no", "No")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet | None:
        """Filter on whether ``banned_at`` is set."""
        if self.value() in ("yes", "no"):
            return queryset.filter(banned_at__isnull=self.value() == "no")
        return None


class KindFilter(admin.SimpleListFilter):
    """People or bots."""

    title = "kind"
    parameter_name = "kind"
    bot_level_field = "bot_level"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple]:
        """People or bots."""
        return [("person", "People"), ("bot", "Bots")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet | None:
        """Bots have a bot level; people do not."""
        people = Q(**{self.bot_level_field: ""})
        if self.value() == "person":
            return queryset.filter(people)
        if self.value() == "bot":
            return queryset.exclude(people)
        return None


class MemberKindFilter(KindFilter):
    """Memberships of people or of bots."""

    bot_level_field = "player__bot_level"


class RemovedFilter(admin.SimpleListFilter):
    """Chat messages a moderator removed, or not."""

    title = "removed"
    parameter_name = "removed"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple]:
        """Yes or no."""
        return [("yes", "Yes"), ("no", "No")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet | None:
        """Filter on whether ``removed_at`` is set."""
        if self.value() in ("yes", "no"):
            return queryset.filter(removed_at__isnull=self.value() == "no")
        return None


# -- inlines ------------------------------------------------------------------


class MembershipInline(ReadOnlyInline):
    """Who is (or was) in a room, or which rooms a player was in."""

    model = Membership
    fields = ["room", "player", "seat_shown", "state", "joined_at", "left_at"]
    readonly_fields = fields
    ordering = ["-joined_at"]

    @admin.display(description="seat")
    def seat_shown(self, obj: Membership) -> str:
        """The seat, counting from 1."""
        return seat_label(obj.seat)

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        """Rooms and players in one query."""
        return super().get_queryset(request).select_related("room", "player")


class GameInline(ReadOnlyInline):
    """The games played in a room, each linking to its move log."""

    model = Game
    fields = ["number", "status", "started_at", "finished_at", "ended_reason"]
    readonly_fields = fields
    show_change_link = True


class ScorecardInline(ReadOnlyInline):
    """Each seat of a game: who played it and the sheet as it stands."""

    model = Scorecard
    fields = ["seat_shown", "player", "total", "rank", "sheet"]
    readonly_fields = fields

    @admin.display(description="seat")
    def seat_shown(self, obj: Scorecard) -> str:
        """The seat, counting from 1."""
        return seat_label(obj.seat)

    @admin.display(description="filled boxes")
    def sheet(self, obj: Scorecard) -> SafeString:
        """The sheet's filled boxes, readable."""
        return describe_sheet(obj.data)

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        """Players in the same query."""
        return super().get_queryset(request).select_related("player")


class TurnInline(ReadOnlyInline):
    """The move log: every roll with every die drawn, and where the dice were placed."""

    model = Turn
    fields = ["number", "seat_shown", "player", "rolls_shown", "announced", "box", "column",
              "points", "bonus", "placed_by", "finish", "started", "finished"]
    readonly_fields = fields
    verbose_name = "turn"
    verbose_name_plural = "move log"

    @admin.display(description="seat")
    def seat_shown(self, obj: Turn) -> str:
        """The seat, counting from 1."""
        return seat_label(obj.seat)

    @admin.display(description="rolls")
    def rolls_shown(self, obj: Turn) -> SafeString:
        """Every roll: held dice, dice drawn, resulting dice."""
        return roll_log(obj.rolls)

    @admin.display(description="announced")
    def announced(self, obj: Turn) -> str:
        """The Yam's box announced this turn, if any."""
        state = obj.state if isinstance(obj.state, dict) else {}
        return state.get("announced") or "-"

    @admin.display(description="started")
    def started(self, obj: Turn) -> SafeString:
        """When the turn began, to the second (date above time)."""
        return moment_lines(obj.started_at)

    @admin.display(description="finished")
    def finished(self, obj: Turn) -> SafeString:
        """When the dice were placed, to the second (date above time)."""
        return moment_lines(obj.finished_at)

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        """Players in the same query."""
        return super().get_queryset(request).select_related("player")


class EventInline(ReadOnlyInline):
    """The game's events as the clients received them (collapsed: it is long)."""

    model = Event
    fields = ["seq", "game_version", "kind", "actor", "data_shown", "created"]
    readonly_fields = fields
    classes = ["collapse"]
    ordering = ["seq"]

    @admin.display(description="data")
    def data_shown(self, obj: Event) -> SafeString:
        """The event's data as JSON."""
        return as_json(obj.data)

    @admin.display(description="at")
    def created(self, obj: Event) -> str:
        """When it happened, to the second."""
        return moment_label(obj.created_at)

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        """Actors in the same query."""
        return super().get_queryset(request).select_related("actor")


# -- the model admins ---------------------------------------------------------


@admin.register(Room)
class RoomAdmin(ModerationMixin, ReadOnlyAdmin):
    """Rooms by code, host, status and activity; moderators close them."""

    list_display = ["code", "variant", "host", "status", "seats", "created_at",
                    "last_activity_at", "game_count"]
    list_filter = ["status", "ruleset", "created_at", "last_activity_at"]
    search_fields = ["code", "host__name"]
    date_hierarchy = "last_activity_at"
    ordering = ["-last_activity_at"]
    list_select_related = ["host"]
    fields = ["code", "host", "ruleset", "options", "seat_count", "turn_seconds", "status",
              "version", "created_at", "last_activity_at", "closed_at", "closed_reason"]
    readonly_fields = fields
    inlines = [MembershipInline, GameInline]
    actions = ["close_rooms"]

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        """Rooms with their taken seats and their number of games."""
        return super().get_queryset(request).annotate(
            game_total=Count("games", distinct=True),
            seats_taken=Count("members", distinct=True, filter=Q(
                members__state=Membership.State.ACTIVE, members__seat__isnull=False)),
        )

    @admin.display(description="variant", ordering="ruleset")
    def variant(self, obj: Room) -> str:
        """The variant's title."""
        return variant_title(obj.ruleset)

    @admin.display(description="seats")
    def seats(self, obj: Room) -> str:
        """Seats taken out of the room's seats."""
        return f"{obj.seats_taken}/{obj.seat_count}"

    @admin.display(description="games", ordering="game_total")
    def game_count(self, obj: Room) -> int:
        """How many games the room has played."""
        return obj.game_total

    @admin.action(description="Close selected rooms", permissions=["moderate"])
    def close_rooms(self, request: HttpRequest, queryset: QuerySet) -> TemplateResponse | None:
        """Close each room; a game in progress ends where it stands."""
        return self.moderate(request, queryset, service=services.mod_close_room, target="room",
                             title="Close rooms", done="Closed room")


@admin.register(Player)
class PlayerAdmin(ModerationMixin, ReadOnlyAdmin):
    """People and bots by name; moderators ban and unban them."""

    list_display = ["name", "bot_level", "banned", "created_at", "user"]
    list_filter = [BannedFilter, KindFilter, "created_at"]
    search_fields = ["name", "user__username"]
    ordering = ["-created_at"]
    list_select_related = ["user"]
    fields = ["name", "bot_level", "user", "created_at", "banned_at", "ban_reason"]
    readonly_fields = fields
    inlines = [MembershipInline]
    actions = ["ban_players", "unban_players"]

    @admin.display(description="banned", boolean=True, ordering="banned_at")
    def banned(self, obj: Player) -> bool:
        """Whether the player is banned."""
        return obj.is_banned

    @admin.action(description="Ban selected players", permissions=["moderate"])
    def ban_players(self, request: HttpRequest, queryset: QuerySet) -> TemplateResponse | None:
        """Ban each player from creating or joining rooms and from chatting."""
        return self.moderate(request, queryset, service=services.mod_ban, target="player",
                             title="Ban players", done="Banned")

    @admin.action(description="Unban selected players", permissions=["moderate"])
    def unban_players(self, request: HttpRequest, queryset: QuerySet) -> TemplateResponse | None:
        """Lift each player's ban."""
        return self.moderate(request, queryset, service=services.mod_unban, target="player",
                             title="Unban players", done="Unbanned")


@admin.register(Membership)
class MembershipAdmin(ModerationMixin, ReadOnlyAdmin):
    """Who sits (or sat) where; moderators kick people out of rooms."""

    list_display = ["room", "player", "seat_shown", "state", "joined_at", "left_at"]
    list_filter = ["state", MemberKindFilter, "joined_at"]
    search_fields = ["room__code", "player__name"]
    date_hierarchy = "joined_at"
    ordering = ["-joined_at"]
    list_select_related = ["room", "player"]
    fields = ["room", "player", "seat_shown", "state", "joined_at", "left_at"]
    readonly_fields = fields
    actions = ["kick_members"]

    @admin.display(description="seat", ordering="seat")
    def seat_shown(self, obj: Membership) -> str:
        """The seat, counting from 1."""
        return seat_label(obj.seat)

    @admin.action(description="Kick selected players from their room", permissions=["moderate"])
    def kick_members(self, request: HttpRequest, queryset: QuerySet) -> TemplateResponse | None:
        """Remove each person from the room for good; a bot finishes their game seat."""
        return self.moderate(request, queryset, service=services.mod_kick, target="member",
                             title="Kick players from their room", done="Kicked",
                             label=lambda m: f"{m.player} from room {m.room}")


@admin.register(Game)
class GameAdmin(ModerationMixin, ReadOnlyAdmin):
    """Games by room and player; the change page is the full move log."""

    list_display = ["room_code", "number", "variant", "players", "status", "started_at",
                    "finished_at", "version"]
    list_filter = ["status", "ruleset", "started_at"]
    search_fields = ["room__code", "scorecards__player__name"]
    date_hierarchy = "started_at"
    ordering = ["-started_at"]
    list_select_related = ["room"]
    fields = ["room", "number", "ruleset", "options", "status", "ended_reason", "version",
              "current_seat_shown", "turn_count", "turn_deadline", "bot_due_at", "started_at",
              "finished_at"]
    readonly_fields = fields
    inlines = [ScorecardInline, TurnInline, EventInline]
    actions = ["end_games"]

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        """Games with their room and seated players."""
        return super().get_queryset(request).select_related("room").prefetch_related(
            "scorecards__player")

    @admin.display(description="current seat")
    def current_seat_shown(self, obj: Game) -> str:
        """Whose turn it is, by seat counting from 1."""
        return seat_label(obj.current_seat)

    @admin.display(description="room", ordering="room__code")
    def room_code(self, obj: Game) -> str:
        """The room's code."""
        return obj.room.code

    @admin.display(description="variant", ordering="ruleset")
    def variant(self, obj: Game) -> str:
        """The variant's title."""
        return variant_title(obj.ruleset)

    @admin.display(description="players")
    def players(self, obj: Game) -> str:
        """Who plays each seat, in seat order."""
        return ", ".join(card.player.name for card in obj.scorecards.all())

    @admin.action(description="End selected games", permissions=["moderate"])
    def end_games(self, request: HttpRequest, queryset: QuerySet) -> TemplateResponse | None:
        """End each game in progress where it stands."""
        return self.moderate(request, queryset, service=services.mod_end_game, target="game",
                             title="End games", done="Ended game")


@admin.register(ChatMessage)
class ChatMessageAdmin(ModerationMixin, ReadOnlyAdmin):
    """Chat lines by text, player and room; moderators remove them (kept, marked removed)."""

    list_display = ["room", "player", "text_shown", "created_at", "removed"]
    list_filter = [RemovedFilter, "created_at"]
    search_fields = ["text", "player__name", "room__code"]
    date_hierarchy = "created_at"
    ordering = ["-created_at", "-id"]
    list_select_related = ["room", "player"]
    fields = ["room", "player", "text", "created_at", "removed_at"]
    readonly_fields = fields
    actions = ["remove_messages"]

    @admin.display(description="text", ordering="text")
    def text_shown(self, obj: ChatMessage) -> str:
        """The message, cut at 80 characters."""
        return obj.text if len(obj.text) <= 80 else f"{obj.text[:79]}…"

    @admin.display(description="removed", boolean=True, ordering="removed_at")
    def removed(self, obj: ChatMessage) -> bool:
        """Whether a moderator removed the message."""
        return obj.removed_at is not None

    @admin.action(description="Remove selected messages", permissions=["moderate"])
    def remove_messages(self, request: HttpRequest, queryset: QuerySet) -> TemplateResponse | None:
        """Remove each message from its room's chat."""
        return self.moderate(request, queryset, service=services.mod_remove_chat,
                             target="message", title="Remove chat messages",
                             done="Removed the message")


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyAdmin):
    """The record of every moderation action: who, when, what, on what, and why."""

    list_display = ["created_at", "moderator", "action", "reason", "room", "player", "game"]
    list_filter = ["action", "created_at"]
    search_fields = ["reason", "room__code", "player__name", "moderator__username"]
    date_hierarchy = "created_at"
    list_select_related = ["moderator", "room", "player", "game__room"]
    fields = ["created_at", "moderator", "action", "reason", "room", "player", "game",
              "details_shown"]
    readonly_fields = fields

    @admin.display(description="details")
    def details_shown(self, obj: ModerationAction) -> SafeString:
        """What the action recorded beyond its targets (a removed message's text)."""
        return as_json(obj.details)


@admin.register(GameReview)
class GameReviewAdmin(ReadOnlyAdmin):
    """The stored post-game reviews: a player's decisions against the coach's best."""

    list_display = ["created_at", "game", "player", "decisions", "lost", "accuracy"]
    search_fields = ["player__name", "game__room__code"]
    list_select_related = ["player", "game__room"]
    fields = ["created_at", "game", "player", "data_shown"]
    readonly_fields = fields

    @admin.display(description="decisions")
    def decisions(self, obj: GameReview) -> object:
        """How many of the player's own decisions the review values."""
        return len(obj.data.get("decisions") or [])

    @admin.display(description="points lost")
    def lost(self, obj: GameReview) -> object:
        """Expected points lost over the whole game."""
        return obj.data.get("total_lost")

    @admin.display(description="accuracy %")
    def accuracy(self, obj: GameReview) -> object:
        """Share of decisions within 0.01 points of the best."""
        return obj.data.get("accuracy")

    @admin.display(description="review")
    def data_shown(self, obj: GameReview) -> SafeString:
        """The stored review as JSON."""
        return as_json(obj.data)
