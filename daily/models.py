"""The daily challenge: one set of dice per variant and UTC day, and everyone's attempts."""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import pgettext_lazy

from accounts.models import Player
from play.models import Game


class DailyChallenge(models.Model):
    """One variant's challenge of one day (UTC): its dice come from a server secret and
    the date (``daily.services.daily``), never stored; par, once worked out, is."""

    day = models.DateField()
    ruleset = models.CharField(max_length=32)
    par = models.JSONField(
        null=True, blank=True, help_text="The expert bot's game on the day's dice, once worked out."
    )
    luck_bound = models.JSONField(
        null=True,
        blank=True,
        help_text="How much luck honest play on the day's dice reaches, from the bots' "
        "simulated games, once worked out (daily.services.foresight).",
    )

    class Meta:
        db_table = "games_dailychallenge"  # kept from the app it left (docs/decisions/0060)
        constraints = [
            models.UniqueConstraint(fields=["day", "ruleset"], name="one_challenge_a_day"),
        ]

    def __str__(self) -> str:
        return f"{self.ruleset} {self.day.isoformat()}"


def new_share_code() -> str:
    """An unguessable code for the page a result is shared on."""
    return secrets.token_urlsafe(12)


class Practice(models.TextChoices):
    """Why an attempt at today's challenge plays dice of its own instead of ranking."""

    GUEST = "guest", pgettext_lazy("daily practice", "played as a guest")
    NEW_ACCOUNT = (
        "new_account",
        pgettext_lazy("daily practice", "an account made after the day began"),
    )
    AGAIN = "again", pgettext_lazy("daily practice", "a second try")
    BROWSER = (
        "browser",
        pgettext_lazy("daily practice", "this browser already made today's ranked attempt"),
    )
    ADDRESS = (
        "address",
        pgettext_lazy("daily practice", "this address already made today's ranked attempt"),
    )
    STAFF = (
        "staff",
        pgettext_lazy("daily practice", "a staff account, which can read everyone's games"),
    )


class DailyAttempt(models.Model):
    """A player's game of a daily challenge: ranked, on the day's dice (see
    ``daily.services.daily`` for who may rank), or not: a practice game on dice of its own
    while the day lasts, or a past day's dice replayed."""

    challenge = models.ForeignKey(
        DailyChallenge, on_delete=models.CASCADE, related_name="attempts", db_index=False
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="daily_attempts")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="daily_attempt")
    ranked = models.BooleanField()
    practice = models.CharField(
        max_length=16,
        choices=Practice.choices,
        blank=True,
        help_text="Set when it was played on dice of its own, not the day's, and why: the "
        "day's dice go to ranked attempts only while the day lasts.",
    )
    par = models.IntegerField(
        null=True,
        blank=True,
        help_text="A practice game's own par: the expert bot's score on its dice.",
    )
    share_code = models.CharField(
        max_length=22,
        unique=True,
        default=new_share_code,
        help_text="The unguessable code of its shared page.",
    )
    browser = models.CharField(
        max_length=64, blank=True, help_text="The id of the browser it was started from."
    )
    address = models.CharField(
        max_length=64,
        blank=True,
        help_text="A keyed hash of the address it was started from (an IPv6 address by "
        "its /64); empty when unknown.",
    )
    score = models.IntegerField(null=True, blank=True, help_text="Set when the game finishes.")
    accuracy = models.FloatField(
        null=True,
        blank=True,
        help_text="The share of the player's decisions the coach found "
        "best, in per cent, once the review is built.",
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "games_dailyattempt"  # kept from the app it left (docs/decisions/0060)
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "player"],
                condition=models.Q(ranked=True),
                name="one_ranked_attempt_a_day",
            ),
            models.UniqueConstraint(
                fields=["challenge", "browser"],
                condition=models.Q(ranked=True) & ~models.Q(browser=""),
                name="one_ranked_attempt_a_browser",
            ),
            models.UniqueConstraint(
                fields=["challenge", "address"],
                condition=models.Q(ranked=True) & ~models.Q(address=""),
                name="one_ranked_attempt_an_address",
            ),
        ]
        indexes = [
            # The leaderboard and every rank: the day's ranked scores, best first.
            models.Index(
                fields=["challenge", "-score", "finished_at"],
                name="daily_board",
                condition=models.Q(ranked=True, score__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.challenge} by {self.player}"
