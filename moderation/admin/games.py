"""Games with their full move log, and the post-game reviews."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy

from coach.models import GameReview
from daily.selectors.attempts import attempt_of_game
from daily.selectors.daily import today
from moderation.admin.base import ModerationMixin, ReadOnlyAdmin
from moderation.admin.display import as_json, seat_label, variant_title
from moderation.admin.inlines import EventInline, ScorecardInline, TurnInline
from moderation.services.moderation import mod_end_game
from play.models import Game
from play.modes import mode_of, turn_order_of


@admin.register(Game)
class GameAdmin(ModerationMixin, ReadOnlyAdmin):
    """Games by room and player; the change page is the full move log."""

    list_display = [
        "room_code",
        "number",
        "variant",
        "players",
        "status",
        "started_at",
        "finished_at",
        "version",
    ]
    list_filter = ["status", "ruleset", "started_at"]
    search_fields = ["room__code", "scorecards__player__name"]
    date_hierarchy = "started_at"
    ordering = ["-started_at"]
    list_select_related = ["room"]
    fields = (
        "room",
        "number",
        "ruleset",
        "options",
        "status",
        "ended_reason",
        "version",
        "together",
        "seed_shown",
        "current_seat_shown",
        "turn_count",
        "turn_deadline",
        "bot_due_at",
        "started_at",
        "finished_at",
    )
    readonly_fields = fields
    inlines = [ScorecardInline, TurnInline, EventInline]
    actions = ["end_games"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        """Games with their room and seated players."""
        return (
            super()
            .get_queryset(request)
            .select_related("room")
            .prefetch_related("scorecards__player")
        )

    @admin.display(description=gettext_lazy("duplicate dice"))
    def seed_shown(self, obj: Game) -> str:
        """The seed every seat's dice came from, once the game is over (it stays secret
        while the game is played, from staff who might be playing too)."""
        if mode_of(obj.room, obj).dice.seed_of(obj) is None:
            return gettext("no: the system's dice")
        if obj.status == Game.Status.PLAYING:
            return gettext("yes: the seed is shown once the game is over")
        attempt = attempt_of_game(obj)
        if attempt is not None and not attempt.practice and attempt.challenge.day >= today():
            return gettext("yes: a daily challenge's seed is shown once its day is over")
        return gettext("yes, seed %(seed)s") % {"seed": obj.seed}

    @admin.display(description=gettext_lazy("current seat"))
    def current_seat_shown(self, obj: Game) -> str:
        """Whose turn it is, by seat counting from 1 (everyone's turn at once: all)."""
        seat = turn_order_of(obj).seat_in_turn(obj)
        if seat is None:
            return gettext("every seat, each its own turn")
        return seat_label(seat)

    @admin.display(description=gettext_lazy("room"), ordering="room__code")
    def room_code(self, obj: Game) -> str:
        """The room's code."""
        return obj.room.code

    @admin.display(description=gettext_lazy("variant"), ordering="ruleset")
    def variant(self, obj: Game) -> str:
        """The variant's title."""
        return variant_title(obj.ruleset)

    @admin.display(description=gettext_lazy("players"))
    def players(self, obj: Game) -> str:
        """Who plays each seat, in seat order."""
        return ", ".join(card.player.name for card in obj.scorecards.all())

    @admin.action(description=gettext_lazy("End selected games"), permissions=["moderate"])
    def end_games(self, request: HttpRequest, queryset: QuerySet[Game]) -> TemplateResponse | None:
        """End each game in progress where it stands."""
        return self.moderate(
            request,
            queryset,
            service=mod_end_game,
            target="game",
            title=gettext("End games"),
            done=gettext("Ended game %(object)s."),
        )


@admin.register(GameReview)
class GameReviewAdmin(ReadOnlyAdmin):
    """The stored post-game reviews: a player's decisions against the coach's best."""

    list_display = ["created_at", "game", "player", "decisions", "lost", "accuracy"]
    search_fields = ["player__name", "game__room__code"]
    list_select_related = ["player", "game__room"]
    fields = ("created_at", "game", "player", "data_shown")
    readonly_fields = fields

    @admin.display(description=gettext_lazy("decisions"))
    def decisions(self, obj: GameReview) -> object:
        """How many of the player's own decisions the review values."""
        return len(obj.data.get("decisions") or [])

    @admin.display(description=gettext_lazy("points lost"))
    def lost(self, obj: GameReview) -> object:
        """Expected points lost over the whole game."""
        return obj.data.get("total_lost")

    @admin.display(description=gettext_lazy("accuracy %"))
    def accuracy(self, obj: GameReview) -> object:
        """Share of decisions within 0.01 points of the best."""
        return obj.data.get("accuracy")

    @admin.display(description=gettext_lazy("review"))
    def data_shown(self, obj: GameReview) -> SafeString:
        """The stored review as JSON."""
        return as_json(obj.data)
