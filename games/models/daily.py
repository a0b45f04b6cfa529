"""The daily challenge: one set of dice per variant and UTC day, and everyone's attempts."""

from __future__ import annotations

from django.db import models

from games.models.play import Game
from games.models.rooms import Player


class DailyChallenge(models.Model):
    """One variant's challenge of one day (UTC): its dice come from a server secret and
    the date (``games.services.daily``), never stored; par, once worked out, is."""

    day = models.DateField()
    ruleset = models.CharField(max_length=32)
    par = models.JSONField(
        null=True, blank=True,
        help_text="The expert bot's game on the day's dice, once worked out.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["day", "ruleset"], name="one_challenge_a_day"),
        ]

    def __str__(self) -> str:
        return f"{self.ruleset} {self.day.isoformat()}"


class DailyAttempt(models.Model):
    """A player's game of a daily challenge: ranked (an account's first of the day, on the
    day) or not (a guest, a second try, a past day)."""

    challenge = models.ForeignKey(DailyChallenge, on_delete=models.CASCADE,
                                  related_name="attempts", db_index=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="daily_attempts")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="daily_attempt")
    ranked = models.BooleanField()
    score = models.IntegerField(null=True, blank=True, help_text="Set when the game finishes.")
    accuracy = models.FloatField(
        null=True, blank=True, help_text="The share of the player's decisions the coach found "
                                         "best, in per cent, once the review is built.")
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["challenge", "player"],
                                    condition=models.Q(ranked=True),
                                    name="one_ranked_attempt_a_day"),
        ]
        indexes = [
            # The leaderboard and every rank: the day's ranked scores, best first.
            models.Index(fields=["challenge", "-score", "finished_at"], name="daily_board",
                         condition=models.Q(ranked=True, score__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"{self.challenge} by {self.player}"
