"""What moderators did, and what players reported to them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import pgettext_lazy

from accounts.models import Player
from play.models import Game
from rooms.models import ChatMessage, Room


class ModerationAction(models.Model):
    """A moderator's action: who, when, what, on what, and why."""

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=32)
    reason = models.CharField(max_length=500)
    room = models.ForeignKey(
        Room, null=True, blank=True, on_delete=models.SET_NULL, related_name="moderation"
    )
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="moderation"
    )
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="moderation"
    )
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_moderationaction"  # kept from the app it left (docs/decisions/0060)
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.action} by {self.moderator} at {self.created_at:%Y-%m-%d %H:%M}"


class Report(models.Model):
    """A player's report of a chat line or of another player, for the moderators' queue."""

    class Reason(models.TextChoices):
        ABUSE = "abuse", pgettext_lazy("report reason", "abuse or harassment")
        SPAM = "spam", pgettext_lazy("report reason", "spam")
        CHEATING = "cheating", pgettext_lazy("report reason", "cheating")
        ACCURACY = (
            "accuracy",
            pgettext_lazy(
                "report reason", "near-perfect accuracy in the daily challenge, day after day"
            ),
        )
        FORESIGHT = (
            "foresight",
            pgettext_lazy("report reason", "luck beyond honest play in the daily challenge"),
        )
        OTHER = "other", pgettext_lazy("report reason", "something else")

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("report status", "open")
        HANDLED = "handled", pgettext_lazy("report status", "handled")
        DISMISSED = "dismissed", pgettext_lazy("report status", "dismissed")

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="reports_made",
        help_text="Empty: the site itself flagged the player (daily accuracy or luck).",
    )
    reported = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="reports_received")
    message = models.ForeignKey(
        ChatMessage,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reports",
        help_text="Empty: a player report.",
    )
    reason = models.CharField(max_length=16, choices=Reason.choices)
    text = models.CharField("the reporter's words", max_length=500, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    handled_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=32, blank=True, help_text="What was done.")
    action = models.ForeignKey(
        ModerationAction, null=True, blank=True, on_delete=models.SET_NULL, related_name="reports"
    )

    class Meta:
        db_table = "games_report"  # kept from the app it left (docs/decisions/0060)
        indexes = [
            models.Index(fields=["status", "created_at"]),
            models.Index(fields=["reporter", "created_at"]),
        ]

    def __str__(self) -> str:
        what = "a message by" if self.message_id else "player"
        return f"report #{self.pk}: {what} {self.reported.name} ({self.get_reason_display()})"
