"""Players (people and bots) and the email addresses accounts wait to confirm."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone


def ban_in_force(
    banned_at: datetime | None, banned_until: datetime | None, moment: datetime
) -> bool:
    """Whether a ban set at ``banned_at`` (``None``: none) and ending at ``banned_until``
    (``None``: never) holds at ``moment``: the rule ``banned_now`` says in SQL."""
    return banned_at is not None and (banned_until is None or banned_until > moment)


def banned_now() -> models.Q:
    """The players whose ban is in force now (set, and not ended)."""
    return models.Q(banned_at__isnull=False) & (
        models.Q(banned_until__isnull=True) | models.Q(banned_until__gt=timezone.now())
    )


class Player(models.Model):
    """Someone at a table: a visitor bound to a browser session, or a bot."""

    name = models.CharField(max_length=96)  # up to 24 characters as people count them
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    bot_level = models.CharField(max_length=16, blank=True, help_text="Empty for people.")
    created_at = models.DateTimeField(auto_now_add=True)
    banned_at = models.DateTimeField(null=True, blank=True)
    ban_reason = models.CharField(max_length=200, blank=True)
    banned_until = models.DateTimeField(
        null=True, blank=True, help_text="When the ban ends; empty means never."
    )
    language = models.CharField(
        max_length=8,
        blank=True,
        help_text="The language an account's pages use (a code of LANGUAGES); empty: "
        "the browser's.",
    )

    class Meta:
        db_table = "games_player"  # kept from the app it left (docs/decisions/0060)
        indexes = [models.Index(fields=["name"])]

    def __str__(self) -> str:
        return f"{self.name} (bot)" if self.is_bot else self.name

    @property
    def is_bot(self) -> bool:
        """Bots are players too; they play through the same services."""
        return bool(self.bot_level)

    @property
    def is_banned(self) -> bool:
        """A banned player cannot create or join rooms, or chat (until ``banned_until``,
        when it is set)."""
        return ban_in_force(self.banned_at, self.banned_until, timezone.now())


class PendingEmail(models.Model):
    """The address an account asked to use, not yet confirmed (one per account)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pending_email"
    )
    address = models.EmailField()
    requested_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "games_pendingemail"  # kept from the app it left (docs/decisions/0060)

    def __str__(self) -> str:
        return self.address
