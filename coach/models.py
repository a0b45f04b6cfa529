"""The coach's reviews of finished games."""

from __future__ import annotations

from django.db import models

from accounts.models import Player
from play.models import Game


class GameReview(models.Model):
    """The coach's look back at one player's decisions in a finished game (built once)."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="reviews", db_index=False
    )  # see Membership.room
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="reviews")
    data = models.JSONField(help_text="Totals and every decision (coach.services.reviews).")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_gamereview"  # kept from the app it left (docs/decisions/0060)
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="one_review_per_player"),
        ]

    def __str__(self) -> str:
        return f"review of {self.player} in {self.game}"
