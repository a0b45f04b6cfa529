"""The lobby's models: who waits for an opponent by the day, since when, and the limits
the moderators set on opening public tables (docs/open-tables.md)."""

from __future__ import annotations

from django.db import models

from accounts.models import Player


class Waiting(models.Model):
    """A person waiting for an opponent by the day in a variant: paired strictly in the
    order of ``since`` (``lobby.services.pairing``). One wait per person."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="+")
    ruleset = models.CharField(max_length=32)
    since = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["ruleset", "since"], name="waiting_in_order")]

    def __str__(self) -> str:
        return f"{self.player} waits for {self.ruleset} since {self.since:%Y-%m-%d %H:%M}"


class TableLimits(models.Model):
    """What new and guest players may do at public tables; one row, edited by the
    moderators in the admin (``lobby.selectors.limits.limits``)."""

    guests_may_open = models.BooleanField(
        default=False, help_text="Whether guests (no account) may open public tables."
    )
    new_account_days = models.PositiveSmallIntegerField(
        default=3, help_text="An account younger than this many days is new."
    )
    new_account_tables = models.PositiveSmallIntegerField(
        default=1, help_text="At most this many public tables open at once for a new account."
    )
    tables_at_once = models.PositiveSmallIntegerField(
        default=5, help_text="At most this many public tables open at once for anyone else."
    )

    class Meta:
        verbose_name = "limits at public tables"
        verbose_name_plural = "limits at public tables"

    def __str__(self) -> str:
        return "Limits at public tables"
