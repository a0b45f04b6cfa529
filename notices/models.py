"""What reaches players away from the table: their devices' push subscriptions, the
outbox of notices to send them, and the bell: the site's own inbox."""

from __future__ import annotations

from django.db import models
from django.utils.translation import pgettext_lazy

from accounts.models import Player
from play.models import Game
from rooms.models import Invite


class PushSubscription(models.Model):
    """One device's Web Push subscription (RFC 8030): where its push service takes
    messages, and the keys they are encrypted with (RFC 8291)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100, help_text="The device's public key (base64url).")
    auth = models.CharField(max_length=50, help_text="The device's auth secret (base64url).")
    language = models.CharField(
        max_length=8,
        blank=True,
        help_text="The language of the page that subscribed: a guest's notices speak it.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_pushsubscription"  # kept from the app it left (docs/decisions/0060)

    def __str__(self) -> str:
        return f"push to {self.player} ({self.endpoint[:40]}...)"


class Notice(models.Model):
    """A notice to send a player (the outbox): written in the transaction that made it
    due, sent once by the notifier (``notices.services.notices``)."""

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", pgettext_lazy("notice", "your turn")
        REMINDER = "reminder", pgettext_lazy("notice", "reminder before the deadline")
        INVITE = "invite", pgettext_lazy("notice", "an invite to a room")

    class Channel(models.TextChoices):
        PUSH = "push", pgettext_lazy("notice channel", "push")
        EMAIL = "email", pgettext_lazy("notice channel", "email")

    # db_index=False: the unique constraint below starts with the player.
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="notices", db_index=False
    )
    # A turn's notice is about a game's turn; an invite's, about the invite (game empty).
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+", null=True)
    turn = models.PositiveIntegerField(help_text="The game's turn number it is about.")
    invite = models.ForeignKey(
        Invite, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    channel = models.CharField(max_length=8, choices=Channel.choices, default=Channel.PUSH)
    created_at = models.DateTimeField(auto_now_add=True)
    due_at = models.DateTimeField(help_text="Not sent before then (the end of a holiday).")
    claimed_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When a notifier took it (taken again a minute later if it was never sent).",
    )
    sent_at = models.DateTimeField(null=True, blank=True, help_text="Sent, or given up on.")
    attempts = models.PositiveSmallIntegerField(default=0)
    delivered = models.JSONField(
        default=list, blank=True, help_text="The push subscriptions it reached: none twice."
    )

    class Meta:
        db_table = "games_notice"  # kept from the app it left (docs/decisions/0060)
        constraints = [
            models.UniqueConstraint(
                fields=["player", "game", "turn", "kind", "channel"],
                name="one_notice_per_turn_and_channel",
            ),
            models.UniqueConstraint(
                fields=["invite", "channel"],
                condition=models.Q(invite__isnull=False),
                name="one_notice_per_invite_and_channel",
            ),
        ]
        indexes = [
            models.Index(
                fields=["due_at"], condition=models.Q(sent_at__isnull=True), name="notice_unsent"
            )
        ]

    def __str__(self) -> str:
        if self.invite_id is not None:
            return f"{self.kind} by {self.channel} for {self.player}: invite {self.invite_id}"
        return f"{self.kind} by {self.channel} for {self.player} in {self.game} turn {self.turn}"


class Preferences(models.Model):
    """How a player wants to hear of their turns away from the table (defaults when
    they never chose: push on, no email, no reminder, no quiet hours)."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, primary_key=True, related_name="preferences"
    )
    push = models.BooleanField(
        default=True, help_text="Push notifications to the devices that allowed them."
    )
    email = models.BooleanField(
        default=False,
        help_text='"Your turn" emails, to an account\'s confirmed address '
        "(asked for: an address given for password resets "
        "gets none unless its owner turns them on).",
    )
    reminder_hours = models.PositiveSmallIntegerField(
        default=0, help_text="An email this many hours before a turn's deadline (0: none)."
    )
    quiet_from = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Quiet hours start at this hour (0-23), local time."
    )
    quiet_until = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Quiet hours end at this hour (0-23), local time."
    )
    time_zone = models.CharField(
        max_length=64, blank=True, help_text="The player's time zone (IANA name; empty: UTC)."
    )
    emailed_at = models.DateTimeField(
        null=True, blank=True, help_text='The last "your turn" email or digest.'
    )
    digest_at = models.DateTimeField(null=True, blank=True, help_text="The last digest.")
    bell_off = models.JSONField(
        default=list,
        blank=True,
        help_text="The kinds of bell items the player turned off (notices.selectors.bell_kinds).",
    )

    class Meta:
        db_table = "games_preferences"  # kept from the app it left (docs/decisions/0060)
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"preferences of {self.player}"


class BellItem(models.Model):
    """An item of a player's bell, the site's own inbox (``notices.services.bell``): what
    it is about (its ``kind`` and ``data``, worded when shown), where it leads, and when
    it was read (``None``: unread). ``key`` names what later news updates in place while
    it is unread (a room's new chat), else it is empty."""

    # db_index=False: the indexes below start with the player.
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="bell_items", db_index=False
    )
    kind = models.CharField(max_length=32)
    data = models.JSONField(default=dict, blank=True)
    link = models.CharField(max_length=200, help_text="The site's path it leads to.")
    key = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(help_text="When it came, or last changed (new chat).")
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "key"],
                condition=models.Q(read_at__isnull=True) & ~models.Q(key=""),
                name="bell_one_unread_per_key",
            ),
        ]
        indexes = [
            # A player's items, newest first: the panel and the bell's page.
            models.Index(fields=["player", "-created_at"], name="bell_newest"),
            # A player's unread ones: the header's count.
            models.Index(
                fields=["player", "-created_at"],
                condition=models.Q(read_at__isnull=True),
                name="bell_unread",
            ),
        ]

    def __str__(self) -> str:
        state = "unread" if self.read_at is None else "read"
        return f"{self.kind} for {self.player} ({state})"
