"""Ratings and their history, read-only: what each rated game did to each rating
(decision 0070)."""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy

from moderation.admin.base import ReadOnlyAdmin
from ratings.models import Rating, RatingChange
from ratings.skill import margin, shown


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    """Each person's rating per variant: the number shown, mu, sigma, games."""

    list_display = ["player", "variant", "rating_shown", "mu", "sigma", "games", "updated_at"]
    list_filter = ["variant"]
    search_fields = ["player__name"]
    list_select_related = ["player"]
    fields = ("player", "variant", "rating_shown", "mu", "sigma", "games", "updated_at")
    readonly_fields = fields

    @admin.display(description=gettext_lazy("rating shown"))
    def rating_shown(self, obj: Rating) -> str:
        """The number the pages show, with its margin."""
        return f"{shown(obj.mu, obj.sigma)} ± {margin(obj.sigma)}"


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    """One rated game's change to one person's rating: before and after."""

    list_display = ["created_at", "player", "variant", "game", "placing", "left", "change"]
    list_filter = ["variant", "left", "created_at"]
    search_fields = ["player__name", "game__room__code"]
    date_hierarchy = "created_at"
    list_select_related = ["player", "game__room"]
    fields = (
        "created_at",
        "player",
        "variant",
        "game",
        "placing",
        "left",
        "mu_before",
        "sigma_before",
        "mu_after",
        "sigma_after",
    )
    readonly_fields = fields

    @admin.display(description=gettext_lazy("change"))
    def change(self, obj: RatingChange) -> str:
        """The number shown before and after the game."""
        before, after = shown(obj.mu_before, obj.sigma_before), shown(obj.mu_after, obj.sigma_after)
        return f"{before} → {after}"
