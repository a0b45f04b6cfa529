"""Groups (decision 0073): a named circle of accounts with an owner, its members (a row
per person, kept with ``left_at`` when they leave), the rooms opened for it (one group
per room) and the reports players make of a group for the moderators."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import pgettext_lazy

from accounts.models import Player
from rooms.models import Room


class Group(models.Model):
    """A group: its name, owner, join link's token, and when and why it closed."""

    name = models.CharField(max_length=60)
    owner = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="groups_owned")
    created_at = models.DateTimeField(auto_now_add=True)
    token = models.CharField(
        max_length=32, unique=True, help_text="The secret in the join link; a new one ends the old."
    )
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_reason = models.CharField(max_length=500, blank=True)

    def __str__(self) -> str:
        return self.name

    @property
    def is_closed(self) -> bool:
        """Whether the group is closed (by its owner, its last member or a moderator)."""
        return self.closed_at is not None


class GroupMember(models.Model):
    """A person in a group: one row per group and person, ``left_at`` set while they are
    out (joining again clears it)."""

    group = models.ForeignKey(
        Group, on_delete=models.CASCADE, related_name="members", db_index=False
    )  # the unique constraint below starts with the group
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="group_memberships")
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)
    added_by = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The friend who added them (empty: they came by the link, or made the group).",
    )
    removed = models.BooleanField(
        default=False, help_text="The owner removed them: the link no longer lets them in."
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "player"], name="one_membership_per_group"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.group}"


class GroupRoom(models.Model):
    """A room opened for a group (a room belongs to one group at most)."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="rooms")
    room = models.OneToOneField(Room, on_delete=models.CASCADE, related_name="group_link")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.room} of {self.group}"


class GroupReport(models.Model):
    """A player's report of a group (its name, what it is for) for the moderators."""

    class Reason(models.TextChoices):
        ABUSE = "abuse", pgettext_lazy("report reason", "abuse or harassment")
        SPAM = "spam", pgettext_lazy("report reason", "spam")
        OTHER = "other", pgettext_lazy("report reason", "something else")

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("report status", "open")
        HANDLED = "handled", pgettext_lazy("report status", "handled")
        DISMISSED = "dismissed", pgettext_lazy("report status", "dismissed")

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="group_reports")
    reason = models.CharField(max_length=16, choices=Reason.choices)
    text = models.CharField("the reporter's words", max_length=500, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    handled_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=32, blank=True, help_text="What was done.")

    class Meta:
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"report #{self.pk}: group {self.group} ({self.get_reason_display()})"
