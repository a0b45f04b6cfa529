"""Friends and blocks: the relations between people (decisions 0068 and 0069).

A pending friend request is a row until it is accepted, declined or cancelled; a
friendship is one row per pair, the lower player id first; a block is one row per
blocker and blocked; a person's privacy choices are one row, made when first changed."""

from __future__ import annotations

from django.db import models
from django.utils.translation import pgettext_lazy

from accounts.models import Player


class FriendRequest(models.Model):
    """A pending request from one person to another (deleted once answered or cancelled)."""

    # db_index=False: the unique constraint below starts with the sender.
    sender = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="friend_requests_sent", db_index=False
    )
    receiver = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="friend_requests_received"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["sender", "receiver"], name="one_request_per_pair"),
            models.CheckConstraint(
                condition=~models.Q(sender=models.F("receiver")), name="no_request_to_oneself"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sender} asks {self.receiver}"


class Friendship(models.Model):
    """Two people who are friends: one row per pair, ``low`` the lower player id."""

    low = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="friendships_low", db_index=False
    )
    high = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="friendships_high")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["low", "high"], name="one_friendship_per_pair"),
            models.CheckConstraint(
                condition=models.Q(low__lt=models.F("high")), name="friendship_low_first"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.low} and {self.high}"


class Block(models.Model):
    """One person blocked another: no joining their rooms, no seeing them, chat hidden."""

    blocker = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="blocks_made", db_index=False
    )
    blocked = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="blocks_received")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="one_block_per_pair"),
            models.CheckConstraint(
                condition=~models.Q(blocker=models.F("blocked")), name="no_block_of_oneself"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.blocker} blocked {self.blocked}"


class Privacy(models.Model):
    """A person's privacy choices (no row: the defaults)."""

    class Invites(models.TextChoices):
        FRIENDS = "friends", pgettext_lazy("who may invite", "friends")
        GROUPS = "groups", pgettext_lazy("who may invite", "friends and groups")
        NOBODY = "nobody", pgettext_lazy("who may invite", "nobody")

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="privacy")
    appear_offline = models.BooleanField(
        default=False, help_text="Friends see them offline wherever they are."
    )
    invites = models.CharField(
        max_length=8,
        choices=Invites.choices,
        default=Invites.GROUPS,
        help_text="Who may invite them to a room (invites come with the bell).",
    )

    class Meta:
        verbose_name_plural = "privacy choices"

    def __str__(self) -> str:
        return f"privacy of {self.player}"
