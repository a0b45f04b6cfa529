"""Ratings: each person's rating per variant and its history (decision 0068), kept as
openskill's Plackett-Luce skill estimate, ``mu`` and its uncertainty ``sigma``
(decision 0070)."""

from __future__ import annotations

from django.db import models

from accounts.models import Player
from play.models import Game


class Rating(models.Model):
    """An account's rating in one variant (a rule set's name), after its rated games."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    variant = models.CharField(max_length=32, help_text="The rule set's name (scoring.rulesets).")
    mu = models.FloatField(help_text="The skill estimate (openskill's mu).")
    sigma = models.FloatField(help_text="Its uncertainty (openskill's sigma).")
    games = models.PositiveIntegerField(default=0, help_text="Rated games played.")
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "variant"], name="one_rating_per_variant"),
        ]
        indexes = [models.Index(fields=["variant", "games"])]

    def __str__(self) -> str:
        return f"{self.player} in {self.variant}"


class RatingChange(models.Model):
    """How one rated game moved one person's rating: before and after."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    variant = models.CharField(max_length=32)
    placing = models.PositiveSmallIntegerField(
        help_text="1 for the winner; equal totals share a placing; a leaver is last."
    )
    left = models.BooleanField(default=False, help_text="They left before the end.")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="one_change_per_game"),
        ]
        indexes = [models.Index(fields=["player", "variant", "created_at"])]

    def __str__(self) -> str:
        return f"{self.player} in {self.game}"
